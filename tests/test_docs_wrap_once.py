"""Typesetting breaks each paragraph into lines once per width: platypus, the heading
guards and the aid's placement ask the same paragraph its height more than once."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from reportlab.platypus import Paragraph

from pnp.layout.paper import PAPERS_MM
from pnp.plan.doc_text import rulebook_markdown
from pnp.render.blocks import Block
from pnp.render.doc_layout import typeset_rulebook
from pnp.render.markdown import styles
from pnp.spec.load import load_game


def _count_line_breaking(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[int, float]]:
    broken: Counter[tuple[int, float]] = Counter()
    real = Paragraph.breakLines

    def counting(self: Paragraph, width: Any) -> Any:
        broken[(id(self), round(self.width, 6))] += 1
        return real(self, width)

    monkeypatch.setattr(Paragraph, "breakLines", counting)
    return broken


@pytest.mark.parametrize("game", ["bidness", "boom"])
def test_rulebook_breaks_each_paragraph_once_per_width(
    game: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    g = load_game(game)
    text = rulebook_markdown(g)
    broken = _count_line_breaking(monkeypatch)
    book = typeset_rulebook(g, text, PAPERS_MM["a4"], tmp_path / "rb.pdf")
    assert book.pages >= 4 and len(broken) > 100
    twice = {k: n for k, n in broken.items() if n > 1}
    # a paragraph that failed to split has its lines dropped by platypus: only those repeat
    # (more since figures wait for a column with room and examples split between
    # paragraphs: 9 of •Boom's 446)
    assert len(twice) <= len(broken) // 40, twice


def test_a_block_breaks_again_for_a_new_width_or_style(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = _count_line_breaking(monkeypatch)
    b = Block("a few words that wrap over lines " * 6, styles()["body"], "body")
    h1 = b.wrap(200, 1e9)[1]
    assert b.wrap(200, 500)[1] == h1 and sum(broken.values()) == 1
    h2 = b.wrap(100, 1e9)[1]
    assert h2 > h1 and sum(broken.values()) == 2
    b.style = styles(1.2)["body"]
    assert b.wrap(100, 1e9)[1] > h2 and sum(broken.values()) == 3
    assert b.split(100, 1) == []  # no room for a line: platypus drops the lines it broke
    b.wrap(100, 1e9)
    assert sum(broken.values()) == 4 and b.line_count > 1
