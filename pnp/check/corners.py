"""Cards held in a hand, fanned or stacked show their value in the corner index
(DESIGN §4): a fanned card shows only its corner, so the value must be there."""

from __future__ import annotations

from collections.abc import Mapping

from pnp._errors import Finding, Severity
from pnp.layout.face import card_context
from pnp.layout.ops import Face, TextBlock
from pnp.spec.load import Game


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
                    f"card type {name!r} is {how} but has no `index:`: give it the value "
                    "a player reads from the corner, e.g. '{{ card.value }}'",
                    game.spec_location("card_types", name),
                )
            )
            continue
        card = next((c for c in game.cards if c.type == name), None)
        if card is None or card.id not in faces:
            continue  # no card, or one the layout refused (reported there)
        index = card_context(game, card)["type"]["index"]
        texts = [
            " ".join(line for _, _, line in op.lines)
            for op in faces[card.id].ops
            if isinstance(op, TextBlock)
        ]
        if index.strip() not in texts:
            out.append(
                Finding(
                    Severity.WARNING,
                    f"card type {name!r} is {how} but its layout {ct.layout!r} prints no corner "
                    f"index (card {card.id!r}: {index!r}); draw '{{{{ type.index }}}}' in the "
                    "corners when 'type.hand or type.stacked'",
                    game.spec_location("card_types", name, "layout"),
                )
            )
    return out
