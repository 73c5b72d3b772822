"""Card and seat statistics per bot kind, never pooled across kinds.

A random bot draws more cards than a heuristic one and almost never wins, so over a table
of both every card a random seat tends to hold looks like a losing card. The runner
therefore splits the seat-games by the bot that sat there and works out the card
statistics (:mod:`pnp.sim.cards`) of each kind apart; the report leads with the
*strongest* kind present. That is the bot which the run's own strength test
(:mod:`pnp.sim.strength`) finds above every other with 95 % confidence; when no bot is,
the engine's declared order (``EngineInfo.bot_order``, strongest first) decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pnp.games.kit.engine import BOT_ORDER, EngineInfo
from pnp.sim.cards import CardStats, Rate, SeatGame, rate, seat_games, stats_of
from pnp.sim.strength import Strength
from pnp.sim.tally import Tally


class CardKinds(NamedTuple):
    cards: dict[str, CardStats]
    """The strongest kind's card statistics."""
    bot: str
    """That kind ("" when no game completed)."""
    by_bot: dict[str, dict[str, CardStats]]
    """Every kind's card statistics, the strongest first."""
    seats: dict[str, list[Rate]]
    """With more than one kind: per kind, its win rate in each seat it took."""


def card_kinds(
    tally: Tally,
    shares: Sequence[Sequence[float]],
    order: Sequence[str] = BOT_ORDER,
    strength: Strength | None = None,
) -> CardKinds:
    """Card statistics per bot kind from a run's tally, each completed game's win
    ``shares`` per seat, the engine's ``order`` of bots and the run's ``strength``."""
    games = seat_games(tally.cards, shares, tally.draws)
    kinds: dict[str, list[int]] = {}
    places = [
        (table[seat] if seat < len(table) else "", seat)
        for table, game in zip(tally.tables, tally.cards, strict=True)
        for seat in range(len(game))
    ]  # the bot and seat of each of ``games``, taken in the same order
    for i, (bot, _) in enumerate(places):
        kinds.setdefault(bot, []).append(i)
    if not kinds:
        return CardKinds({}, "", {}, {})
    if len(kinds) == 1:  # the whole run: the same sums in the same order as one pool
        (bot,) = kinds
        cards = stats_of(games)
        return CardKinds(cards, bot, {bot: cards}, {})
    ranked = sorted(kinds, key=lambda bot: _rank(bot, kinds, order, strength))
    by_bot = {bot: stats_of([games[i] for i in kinds[bot]]) for bot in ranked}
    seats = _seat_rates(kinds, games, [seat for _, seat in places], tally.players)
    return CardKinds(by_bot[ranked[0]], ranked[0], by_bot, seats)


def bot_order(engine: object) -> tuple[str, ...]:
    """The engine's bots, strongest first, as its declaration gives them."""
    info = getattr(engine, "INFO", None)
    return info.bot_order if isinstance(info, EngineInfo) else BOT_ORDER


def _rank(
    bot: str, kinds: dict[str, list[int]], order: Sequence[str], strength: Strength | None
) -> tuple[int, int, int]:
    """Sort key: a bot the run found stronger than every other first, then the order."""
    proven = strength is not None and all(
        strength.beats(bot, other) for other in kinds if other != bot
    )
    declared = order.index(bot) if bot in order else len(order)
    return (0 if proven else 1, declared, list(kinds).index(bot))


def _seat_rates(
    kinds: dict[str, list[int]], games: Sequence[SeatGame], seat_of: list[int], seats: int
) -> dict[str, list[Rate]]:
    """Per kind, its win rate in each seat (seat-game ``i`` was seat ``seat_of[i]``)."""
    out = {}
    for bot in sorted(kinds):
        n, wins = [0] * seats, [0.0] * seats
        for i in kinds[bot]:
            n[seat_of[i]] += 1
            wins[seat_of[i]] += games[i][1]
        out[bot] = [rate(w, k) for w, k in zip(wins, n, strict=True)]
    return out


__all__ = ["CardKinds", "bot_order", "card_kinds"]
