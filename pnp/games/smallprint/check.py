"""What Small Print's data must satisfy; every finding points at the YAML key at fault."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp._errors import Finding, Severity
from pnp.games.decisions import check_published
from pnp.games.smallprint.config import KINDS
from pnp.games.smallprint.decisions import PUBLISHED
from pnp.games.smallprint.tables import Tables
from pnp.games.table_schema import table_findings, tables_of
from pnp.spec.game import Card, Game

MIN_SHARES = 9
"""Three cards a round for three rounds must be playable from Shares alone."""
VALUE_RANGE = (1, 15)
"""smallprint.txt: Business cards are worth £1m to £15m."""


def _error(message: str, where: Any) -> Finding:
    return Finding(Severity.ERROR, message, where)


def validate(game: Game) -> list[Finding]:
    out = table_findings(game, Tables)
    if out:
        return out
    t = tables_of(game, Tables)  # the same object config.py reads
    out = _check_tables(game, t)
    if out:
        return out
    out = _check_business(game, t) + _check_paperwork(game, t)
    return out or check_published(game, PUBLISHED)


def _check_tables(game: Game, t: Tables) -> list[Finding]:
    """The rules between tables, once :class:`.tables.Tables` has vetted their shape."""
    out = []
    span = range(game.spec.players.min, game.spec.players.max + 1)
    if any(n not in t.rounds for n in span):
        out.append(
            _error(
                f"tables.rounds must give the rounds for {span.start} to {span.stop - 1} players",
                game.spec_location("tables", "rounds"),
            )
        )
    if len(t.sets) < game.spec.players.max:
        out.append(
            _error(
                f"tables.sets must name a set for each of {game.spec.players.max} players",
                game.spec_location("tables", "sets"),
            )
        )
    if 1 not in {r.value for r in t.money}:
        out.append(
            _error(
                "tables.money needs a £1m counter to pay every amount",
                game.spec_location("tables", "money"),
            )
        )
    return out


def _check_business(game: Game, t: Tables) -> list[Finding]:
    cap, out = t.cap, []
    cards = [c for c in game.cards if c.type == "business"]
    for c in cards:
        value, big, small = c.fields["value"], c.fields["big"], c.fields["small"]
        if not VALUE_RANGE[0] <= value <= VALUE_RANGE[1]:
            out.append(
                _error(f"card {c.id!r}: value £{value}m is outside £1m–£15m", c.where("value"))
            )
            continue
        split = min(value, cap)  # decision business-deck: Big and Small divide the split
        if big < 0 or small < 0 or big + small != split:
            out.append(
                _error(
                    f"card {c.id!r}: Big £{big}m + Small £{small}m must make £{split}m, "
                    f"the part of £{value}m that contracts divide",
                    c.where("big"),
                )
            )
        elif 2 * small > split:
            out.append(
                _error(
                    f"card {c.id!r}: two Smalls (2 × £{small}m) would claim more than £{split}m",
                    c.where("small"),
                )
            )
    need = max(t.rounds[n] for n in range(game.spec.players.min, game.spec.players.max + 1))
    need *= t.businesses_per_round
    if sum(c.qty for c in cards) < need:
        where = cards[0].where("id") if cards else game.spec_location("decks")
        out.append(_error(f"the Business deck needs {need} cards for the longest game", where))
    return out


def _check_paperwork(game: Game, t: Tables) -> list[Finding]:
    sets = [s.id for s in t.sets]
    by_set: dict[str, list[Card]] = {s: [] for s in sets}
    out: list[Finding] = []
    for c in game.cards:
        if c.type == "business":
            continue
        kind, owner = c.fields.get("contract"), c.fields.get("set")
        if kind not in KINDS:
            out.append(
                _error(
                    f"card {c.id!r}: contract must be one of {', '.join(KINDS)}",
                    c.where("contract"),
                )
            )
        elif owner not in by_set:
            out.append(
                _error(f"card {c.id!r}: set {owner!r} is not under tables.sets", c.where("set"))
            )
        elif c.deck != owner:
            out.append(
                _error(
                    f"card {c.id!r}: a {owner} card belongs in the {owner!r} deck", c.where("set")
                )
            )
        else:
            by_set[owner].append(c)
    shares = set()
    for owner, cards in by_set.items():
        count: Counter[str] = Counter()
        for c in cards:
            count[c.fields["contract"]] += c.qty
        where = cards[0].where("id") if cards else game.spec_location("tables", "sets")
        for kind in KINDS[1:]:
            if count[kind] != 1:
                out.append(
                    _error(f"set {owner!r} needs exactly one {kind.title()} contract", where)
                )
        if count["share"] < MIN_SHARES:
            out.append(
                _error(f"set {owner!r} holds {count['share']} Shares; at least {MIN_SHARES}", where)
            )
        shares.add(count["share"])
    if len(shares) > 1:
        out.append(
            _error(
                f"every set must hold the same number of Shares, not {sorted(shares)}",
                game.spec_location("tables", "sets"),
            )
        )
    return out
