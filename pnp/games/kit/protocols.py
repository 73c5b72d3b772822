"""What the runner, the CLI and the rulebook need from an engine and its states."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from pnp._errors import Finding
    from pnp.games.playlog import SeatDraws
    from pnp.spec.game import Game

Move = Any
"""An action of any engine: a :class:`pnp.games.kit.Action` once every engine is
converted (docs/engines.md); shared code (search, playouts) only compares and hashes it."""
_B = TypeVar("_B", bound=Callable[..., Any])
Bot = Callable[[Any, Sequence[Any], random.Random], Any]
"""``bot(view, legal_actions, rng) -> action``; ``view`` shows only what that seat may see."""


def blind(bot: _B) -> _B:
    """Mark ``bot`` as one that never reads its view (a random bot): simulations then
    pass it ``None`` instead of building a view it would throw away."""
    bot.blind = True  # type: ignore[attr-defined]
    return bot


def sees(bot: Bot) -> bool:
    """Whether ``bot`` reads the view it is given (see :func:`blind`)."""
    return not getattr(bot, "blind", False)


def with_playouts(bot: Bot, playouts: int) -> Bot | None:
    """``bot`` thinking with ``playouts`` playouts a decision (a search bot offers this as
    its ``with_playouts``), or None for a bot that plays no playouts."""
    make = getattr(bot, "with_playouts", None)
    return None if make is None else make(playouts)  # type: ignore[no-any-return]


class GameState(Protocol):
    """One game in progress (OpenSpiel-like); chance comes from its own seeded RNG."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> Sequence[Move]: ...
    # the same actions in the same order every time; a converted engine returns a tuple
    # of the Action objects its config built once
    def apply(self, action: Move) -> None: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[int]: ...
    def clone(self) -> GameState: ...
    def view(self, seat: int) -> Any: ...
    @property
    def transcript(self) -> list[str]: ...
    def length(self) -> int:
        """Rounds played."""
        ...

    def usage(self) -> dict[str, dict[str, int]]:
        """Peak number of each limited component needed at once, by group and item."""
        ...

    def ran_out(self) -> list[str]:
        """Things that ran out in this game (e.g. a deck with no discard pile to reshuffle)."""
        ...

    def measures(self) -> dict[str, float]:
        """Other per-game numbers worth summarising (min/mean/max)."""
        ...

    def card_record(self) -> list[dict[str, int]]:
        """Per seat: each card design it drew → the times it played it (pnp.games.playlog)."""
        ...

    def rules_used(self) -> frozenset[str]:
        """The ids of the engine's listed rules (``RULES``) that this game put to use."""
        ...

    def draw_record(self) -> list[SeatDraws]:
        """Per seat: its opening hand's size and the place in its order of each design it
        drew (pnp.games.playlog.SeatDraws)."""
        ...

    def option_count(self, legal: Sequence[Move]) -> int:
        """The options ``legal`` offers, as the report counts them (the kit's default:
        ``len(legal)``; an engine whose moves carry amounts may count an amount once)."""
        ...

    def rule_uses(self) -> Sequence[str]:
        """Every use of a listed rule in this game, in order: a rule used three times is
        there three times (a ``Counter`` of it counts them, as cheaply as can be)."""
        ...

    def worth(self) -> tuple[float, ...]:
        """Each seat's worth as the engine's own scoring estimates it now, on one scale
        across seats (money, points): what the simulation report's leaders, lead changes
        and game-quality measures (:mod:`pnp.sim.quality`) read after every round. Where
        ``returns()`` is a running score it is that; where the returns say only who won
        (Bidness), the engine values what each seat holds (docs/engines.md)."""
        ...


class Engine(Protocol):
    """What the runner, the CLI and the rulebook need from a game's engine module."""

    NAME: str
    BOTS: dict[str, Bot]

    def validate(self, game: Game) -> list[Finding]: ...
    def new_state(
        self, game: Game, players: int, seed: int, transcript: bool = True, record: bool = False
    ) -> GameState:
        """A game set up; ``transcript`` keeps its lines, ``record`` its play log (the
        per-card record and the rules used: ``card_record``, ``rules_used``), which only
        a simulation's report reads; without it both are empty and play costs less."""
        ...

    def worked_examples(self, game: Game) -> dict[str, Any]: ...
    def determinize(self, view: Any, rng: random.Random) -> GameState:
        """A full state that the seat of ``view`` cannot tell from the real one, built
        from the view alone: what it cannot see (other hands, face-down cards, deck
        order, future dice) is sampled afresh from ``rng``; what it can see is exactly
        as in the view (``determinize(view, rng).view(view.seat) == view``).  The search bot
        (:mod:`pnp.games.search`) plays many of these to choose a move."""
        ...

    def printed_components(self, game: Game) -> dict[str, dict[str, int]]:
        """Printed count of every limited component, keyed like ``GameState.usage()``."""
        ...
