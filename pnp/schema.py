"""JSON Schema of the files a designer edits, for editor autocompletion."""

from __future__ import annotations

from typing import Any

from pnp.load import Game
from pnp.model import CardFile, GameSpec, card_model


def game_schema() -> dict[str, Any]:
    return GameSpec.model_json_schema()


def card_file_schema(game: Game) -> dict[str, Any]:
    """Schema of GAME's card files: `deck` plus cards of exactly the declared types."""
    variants = [
        card_model(name, ct).model_json_schema() for name, ct in game.spec.card_types.items()
    ]
    body = CardFile.model_json_schema()
    body["title"] = f"{game.spec.name} card file"
    body["properties"]["deck"]["enum"] = [d.id for d in game.spec.decks]
    body["properties"]["cards"]["items"] = {"oneOf": variants}
    return body
