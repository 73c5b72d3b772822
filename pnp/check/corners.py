"""Cards held in a hand, fanned or stacked show their value in the corner index
(docs/architecture.md §5): a fanned card shows only its corner, so the value must be there."""

from __future__ import annotations

from collections.abc import Mapping

from pnp._errors import Finding, Severity
from pnp.layout.face import card_context
from pnp.layout.ops import Face, TextBlock
from pnp.spec.game import Game


def corner_findings(game: Game, faces: Mapping[str, Face]) -> list[Finding]:
    """A warning for each held or stacked card type with no `index:`, or whose layout
    does not print it (checked on the type's first card)."""
    out = []
    for name, ct in game.spec.card_types.items():
        if not (ct.hand or ct.stacked):
            continue
        how = "held in a hand" if ct.hand else "fanned or stacked"
        if not ct.index.strip():
            out.append(
                Finding(
                    Severity.WARNING,
                    f"card type {name!r} is {how} but has no `index:`, so its corners show "
                    'no value: give it one, e.g. `index: "{{ card.value }}"`',
                    game.spec_location("card_types", name),
                )
            )
            continue
        card = next((c for c in game.cards if c.type == name), None)
        if card is None or card.id not in faces:
            continue  # no card, or one the layout refused (reported there)
        index = card_context(game, card)["type"]["index"]
        if not _in_a_corner(index.strip(), faces[card.id]):
            out.append(
                Finding(
                    Severity.WARNING,
                    f"card type {name!r} is {how} but its layout {ct.layout!r} prints no corner "
                    f"index (card {card.id!r}: {index!r}); draw `{{{{ type.index }}}}` in the "
                    "corners when `type.hand or type.stacked`",
                    game.spec_location("card_types", name, "layout"),
                )
            )
    return out


def _in_a_corner(text: str, face: Face) -> bool:
    """Whether ``text`` is printed whole in a corner of ``face``: centred in the outer
    fifth of its height and third of its width, top left or bottom right."""
    for op in face.ops:
        if isinstance(op, TextBlock) and " ".join(ln for _, _, ln in op.lines) == text:
            x, y = op.centre[0] / face.width, op.centre[1] / face.height
            if (x < 1 / 3 and y < 1 / 5) or (x > 2 / 3 and y > 4 / 5):
                return True
    return False
