"""What a PDF says about itself: title, author (the game's designer) and subject."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CREATOR = "pnp"


@dataclass(frozen=True)
class DocInfo:
    """The document information dictionary of one PDF."""

    title: str
    author: str = ""
    subject: str = ""

    @classmethod
    def of(cls, info: DocInfo | str) -> DocInfo:
        """A bare title is a DocInfo with no author or subject."""
        return info if isinstance(info, DocInfo) else cls(title=info)

    def apply(self, canvas: Any) -> None:
        """Set the fields on a reportlab canvas."""
        canvas.setTitle(self.title)
        canvas.setAuthor(self.author)
        canvas.setSubject(self.subject)
        canvas.setCreator(CREATOR)

    def doc_kwargs(self) -> dict[str, str]:
        """The same fields for a platypus DocTemplate."""
        return {
            "title": self.title,
            "author": self.author,
            "subject": self.subject,
            "creator": CREATOR,
        }
