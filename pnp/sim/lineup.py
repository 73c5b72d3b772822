"""Who plays a simulation: the bots named with ``--bots``, checked against the seats, and
the bot functions they stand for, with the search bot's budget when one is given.

``--bots`` names either one bot per seat, a name as often as it plays (the line-up:
``search,heuristic,heuristic,heuristic,heuristic`` at five seats), or fewer bots, each
once, given to the seats in turn (``heuristic,random`` at four seats sits heuristic,
random, heuristic, random).  Either way game ``i`` moves the line-up ``i`` seats on
(:func:`pnp.sim.runner.seating`), so over a multiple of the seats every bot of a line-up
sits in every seat equally often.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp._errors import UsageError, unknown
from pnp.games import Bot, Engine, with_playouts


def check_lineup(engine: Engine, bots: Sequence[str], players: int) -> list[str]:
    """``bots`` if they are the engine's and fit ``players`` seats, else a usage error."""
    if not bots:
        raise UsageError(f"name at least one bot; {engine.NAME} has {', '.join(engine.BOTS)}")
    for name in bots:
        if name not in engine.BOTS:
            raise UsageError(unknown("bot", name, list(engine.BOTS)))
    if len(bots) > players:
        raise UsageError(
            f"{len(bots)} bots named for {players} seats: name one bot per seat, or fewer "
            "bots, each once, to be given to the seats in turn"
        )
    repeated = sorted({name for name in bots if bots.count(name) > 1})
    if repeated and len(bots) != players:
        raise UsageError(
            f"{', '.join(map(repr, repeated))} named more than once makes a line-up of one "
            f"bot per seat: name {players} bots for {players} seats, not {len(bots)}"
        )
    return list(bots)


def check_budget(engine: Engine, bots: Sequence[str], budget: int | None) -> None:
    """Refuse a budget when none of ``bots`` plays playouts (it would change nothing)."""
    if budget is not None and not any(with_playouts(engine.BOTS[name], 1) for name in set(bots)):
        takers = [name for name, bot in engine.BOTS.items() if with_playouts(bot, 1)]
        raise UsageError(
            f"--budget sets the playouts of {' and '.join(takers) or 'a searching bot'}, "
            f"and none plays here: add it to --bots, or leave out --budget"
        )


def bots_by_name(engine: Engine, bots: Sequence[str], budget: int | None) -> dict[str, Bot]:
    """Each bot named, the ones that search given ``budget`` playouts a decision."""
    out: dict[str, Bot] = {}
    for name in bots:
        bot = engine.BOTS[name]  # BOTS may be a lazy attribute
        out[name] = (with_playouts(bot, budget) or bot) if budget is not None else bot
    return out


__all__ = ["bots_by_name", "check_budget", "check_lineup"]
