"""The shape of the ``tables:`` an engine reads, checked before any rule reads them.

``tables:`` in game.yaml is free-form YAML shared by the card and rulebook templates and
the rules engine.  Each engine declares, in its own ``tables.py``, a typed model of just
the keys it reads (``Tables``); :func:`table_findings` checks the game's tables against
it and turns every schema error into a finding at its place in the file, in the words
the schema uses everywhere else.  Only tables of the right shape reach the engine's rule
checks and its config, so no shape of data can make them raise.

Keys the engine does not read stay allowed (``extra="allow"``): the templates read them.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from pnp._errors import Finding, ValidationFailed
from pnp.spec.fields import Strict
from pnp.spec.game import Game
from pnp.spec.schema import schema_findings

M = TypeVar("M", bound=BaseModel)

MAX_AMOUNT = 1_000_000
"""Largest sum of money or score a table may name: well above any print-and-play
economy (the bundled games' largest is $1,000m), and small enough that every sum the
engine makes stays exact and its change-making short."""
MAX_PIECES = 1_000
"""Most pieces one table row may print (counters of one value, stock of one firm): 1,000
counters fill about 13 A4 sheets of 16 mm squares; more is no longer a game to print."""
MAX_STEPS = 100
"""Longest track, round count or ladder an engine walks step by step (rounds, track
spaces, IPO limits), and most rows one table lists: a simulation plays every step and
the engine scans every row, so the bound keeps both short."""
MAX_HAND = 20
"""Most cards one hand may hold, be dealt or be asked to play at once: bots enumerate
their plays from the hand."""

Amount = Annotated[int, Field(strict=True, ge=0, le=MAX_AMOUNT)]
"""A sum of money or points, 0 or more."""
Price = Annotated[int, Field(strict=True, ge=1, le=MAX_AMOUNT)]
"""A sum the engine divides by or steps through (a denomination, a bid step): 0 would
divide by zero or never end, so at least 1."""
Pieces = Annotated[int, Field(strict=True, ge=0, le=MAX_PIECES)]
"""A printed count of pieces, 0 or more."""
Steps = Annotated[int, Field(strict=True, ge=1, le=MAX_STEPS)]
"""A count of rounds, spaces or steps, at least 1."""
Seats = Annotated[int, Field(strict=True, ge=1, le=12)]
"""A player count or turn-order position: 1 to 12, as ``players:`` allows
(pnp.spec.model.Players)."""
Text = Annotated[str, Field(strict=True, min_length=1, max_length=200)]
"""A name or id the engine keeps and prints: text (``5`` is refused, not read as
``"5"``: the engine reads the value as written), not empty."""


class Open(Strict):
    """A table row or mapping: the keys the engine reads are checked, any other key stays
    (the templates read them)."""

    model_config = ConfigDict(extra="allow")


class MoneyRow(Open):
    """One denomination of printed money counters."""

    value: Price
    """Worth of one counter: at least 1 because change-making divides by it."""
    count: Pieces
    """Counters of this value printed."""


@cache
def _wrapped(model: type[BaseModel]) -> type[BaseModel]:
    """``model`` under a ``tables`` key, so each error names its key from ``tables.``
    on, in the message and in the location alike."""
    return create_model(f"{model.__name__}File", __base__=Strict, tables=(model, ...))


def _parsed(game: Game, model: type[M]) -> tuple[M | None, list[Finding]]:
    """``game``'s ``tables:`` read as ``model`` (None if they do not fit) and the findings,
    parsed once per loaded game: validate and the engine's config read the same object."""
    key = ("tables", f"{model.__module__}.{model.__qualname__}")
    if key not in game.memo:
        wrapper = _wrapped(model)
        try:
            parsed = wrapper.model_validate({"tables": game.spec.tables}).tables  # type: ignore[attr-defined]
            game.memo[key] = (parsed, [])
        except ValidationError as err:
            game.memo[key] = (None, schema_findings(err, wrapper, game.located))
    return game.memo[key]  # type: ignore[no-any-return]


def table_findings(game: Game, model: type[BaseModel]) -> list[Finding]:
    """Every way the game's ``tables:`` differ from ``model``, each at its YAML key."""
    return list(_parsed(game, model)[1])


def tables_of(game: Game, model: type[M]) -> M:
    """The game's ``tables:`` as the engine's typed ``model``, parsed once per game; read
    by attribute.  Raises ValidationFailed where they do not fit (validate says so first)."""
    parsed, found = _parsed(game, model)
    if parsed is None:
        raise ValidationFailed(found)
    return parsed
