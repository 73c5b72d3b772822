"""What the workbench's JSON says of a piece: the list's entry (GET /api/pieces) and its
page (GET /api/pieces/{id}: its YAML, its fields and its template besides)."""

from __future__ import annotations

from typing import Any

from pnp._errors import display_path
from pnp.serve.findings import as_json
from pnp.serve.pieces import Piece
from pnp.serve.workbench import Snapshot
from pnp.spec.game import Game

MOST_YAML_LINES = 200
"""Most lines of a piece's YAML its page shows."""


def piece_json(p: Piece, snap: Snapshot) -> dict[str, Any]:
    """A piece as GET /api/pieces lists it."""
    revision = snap.revisions.get(p.id, 1)
    return {
        "id": p.id,
        "kind": p.kind,
        "name": p.name,
        "deck": p.deck,
        "type": p.type,
        "side": p.side,
        "image": f"/img/{p.digest}.png?r={revision}",
        "digest": p.digest,
        "revision": revision,
        "source": f"{display_path(p.source.path)}:{p.source.line}",
        "file": p.where[0].file if p.where else None,
        "copies": p.copies,
        "where": [w.as_json() for w in p.where],
        "size_mm": [round(v, 2) for v in p.size_mm],
        "bleed_mm": p.bleed_mm,
        "findings": [as_json(f) for f in snap.findings.get(p.id, [])],
        "statistics": snap.stats.get(p.design) if p.kind == "card" else None,
    }


def piece_page(p: Piece, snap: Snapshot) -> dict[str, Any]:
    """A piece's page: its entry, the YAML it is written in, its fields and template."""
    assert snap.game is not None
    return {
        **piece_json(p, snap),
        "yaml": _yaml(p),
        "fields": _fields(p, snap.game),
        "template": _template(p, snap.game),
    }


def _yaml(p: Piece) -> dict[str, Any] | None:
    """The lines of the piece's own YAML (its first span), as the file holds them now."""
    if not p.spans:
        return None
    span = p.spans[0]
    try:
        with span.path.open(encoding="utf-8", errors="replace") as f:
            lines = [line for n, line in enumerate(f, start=1) if span.first <= n <= span.last]
    except OSError:
        return None
    lines = lines[:MOST_YAML_LINES]
    while lines and not lines[-1].strip():
        lines.pop()
    return {
        "path": display_path(span.path),
        "first": span.first,
        "last": span.first + len(lines) - 1,
        "text": "".join(lines),
    }


def _fields(p: Piece, game: Game) -> dict[str, Any]:
    """What the piece is drawn from: a card's values, a deck's, a component's."""
    if p.kind == "card":
        try:
            return game.card(p.design).context()
        except KeyError:
            return {}
    if p.kind == "back":
        deck = next((d for d in game.spec.decks if d.id == p.design), None)
        return deck.model_dump(mode="json") if deck is not None else {}
    if p.design.startswith("component:"):
        i = int(p.design.split(":", 1)[1])
        if i < len(game.spec.components):
            comp = game.spec.components[i].model_dump(mode="json")
            if p.kind == "counter":  # the group it belongs to
                g = int(p.id.split("/")[1].split(":")[1])
                return {"component": comp["id"], **comp["groups"][g]}
            return dict(comp)
    return {}


def _template(p: Piece, game: Game) -> dict[str, Any] | None:
    """The layout a card or back is drawn by (templates/cards/<layout>.yaml)."""
    layout: str | None = None
    if p.kind == "card" and p.type in game.spec.card_types:
        layout = game.spec.card_types[p.type].layout
    elif p.kind == "back":
        deck = next((d for d in game.spec.decks if d.id == p.design), None)
        layout = deck.back.layout if deck is not None else None
    if layout is None:
        return None
    files = (d / "cards" / f"{layout}.yaml" for d in game.template_dirs())
    found = next((f for f in files if f.is_file()), None)
    return {"layout": layout, "path": display_path(found) if found is not None else None}


__all__ = ["piece_json", "piece_page"]
