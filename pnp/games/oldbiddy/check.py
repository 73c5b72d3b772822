"""What Old Biddy's data must satisfy: the tables, the gem cards, the characters, and
the source's component counts.  Each finding points at the offending YAML key."""

from __future__ import annotations

from collections.abc import Callable

from pnp._errors import Finding, Location, Severity
from pnp.games.decisions import check_published
from pnp.games.oldbiddy.config import ACTIONS, config_from_game
from pnp.games.oldbiddy.decisions import PUBLISHED
from pnp.games.oldbiddy.tables import Tables
from pnp.games.table_schema import table_findings, tables_of
from pnp.spec.game import Card, Game


def error(message: str, where: Location) -> Finding:
    return Finding(Severity.ERROR, message, where)


def warning(message: str, where: Location) -> Finding:
    return Finding(Severity.WARNING, message, where)


def validate(game: Game) -> list[Finding]:
    """Every rule Old Biddy's data must satisfy; errors stop the engine, warnings don't."""
    out = table_findings(game, Tables)
    if out:
        return out
    for check in (
        _check_market,
        _check_setup,
        _check_gem_cards,
        _check_zero_markers,
        _check_characters,
    ):
        out += check(game)
    if not any(f.severity is Severity.ERROR for f in out):
        out += check_published(game, PUBLISHED, _counted(game))
    return out


def _reporter(game: Game, out: list[Finding]) -> Callable[..., None]:
    def err(message: str, *keys: str | int) -> None:
        out.append(error(message, game.spec_location("tables", *keys)))

    return err


def _check_market(game: Game) -> list[Finding]:
    t = tables_of(game, Tables)
    out: list[Finding] = []
    err = _reporter(game, out)
    colors, values = len(t.gems), t.market_values
    if len(values) != colors or values != sorted(values):
        err(f"tables.market_values needs {colors} values, lowest first", "market_values")
    spaces, starts = t.market.spaces, t.market.start_spaces
    if not all(s <= spaces for s in starts):
        err(f"the market's start spaces must lie on its {spaces!r} spaces", "market")
        return out
    if len(starts) != colors or sorted(starts) != list(range(min(starts), min(starts) + colors)):
        err(f"the market needs {colors} start spaces side by side, one per gem", "market")
    elif min(starts) - 1 != spaces - max(starts):
        err("the start spaces must sit in the middle of the market track", "market")
    longest = max(row.spaces for row in t.boss_moves)
    room = min(starts) - 1
    if room < longest:
        err(
            f"the market track leaves {room} spaces beyond the start spaces; "
            f"the Boss's longest move needs {longest}",
            "market",
            "spaces",
        )
    steps = [row.spaces for row in t.boss_moves]
    costs = [row.cost for row in t.boss_moves]
    if steps != list(range(1, len(steps) + 1)) or costs != sorted(costs):
        err("tables.boss_moves must run 1, 2, 3… spaces with rising costs", "boss_moves")
    return out


def _check_setup(game: Game) -> list[Finding]:
    t = tables_of(game, Tables)
    out: list[Finding] = []
    err = _reporter(game, out)
    span = range(game.spec.players.min, game.spec.players.max + 1)
    positions = [row.position for row in t.start_gems]
    if positions != list(range(1, span.stop)):
        err(f"tables.start_gems needs one row per position 1–{span.stop - 1}", "start_gems")
    for i, row in enumerate(t.start_gems):
        if any(v not in t.market_values for v in row.worth):
            err("start gems are given by market value (one of market_values)", "start_gems", i)
    counts = [row.players for row in t.gem_cards_removed]
    if counts != list(span):
        err(
            f"tables.gem_cards_removed needs one row per player count {span.start}–{span.stop - 1}",
            "gem_cards_removed",
        )
    markers = sum(c.qty for c in game.cards if c.type == "zero")
    spare = markers - span.start
    if markers < span.stop - 1:
        out.append(
            error(
                f"{markers} zero score markers cannot give one to each of {span.stop - 1} players",
                game.spec_location("decks"),
            )
        )
    elif spare > t.market.zero_marker_spaces:
        err(
            f"at {span.start} players {spare} zero score markers are left for the board, "
            f"which marks {t.market.zero_marker_spaces} spaces",
            "market",
            "zero_marker_spaces",
        )
    if len(t.player_colors) < span.stop - 1:
        err(
            f"tables.player_colors has {len(t.player_colors)} colours; "
            f"{span.stop - 1} players need one screen each",
            "player_colors",
        )
    if len(t.turn_order_sets) != 2:
        err("tables.turn_order_sets needs two marker sets (they alternate)", "turn_order_sets")
    return out


def _gem_count(game: Game, card: Card) -> int:
    return sum(card.fields[g.id] for g in tables_of(game, Tables).gems)


def _check_gem_cards(game: Game) -> list[Finding]:
    t = tables_of(game, Tables)
    out: list[Finding] = []
    ids = [g.id for g in t.gems]
    low, high = t.gem_card_gems.min, t.gem_card_gems.max
    cards = [c for c in game.cards if c.type == "gem"]
    totals = dict.fromkeys(ids, 0)
    for card in cards:
        missing = [i for i in ids if i not in card.fields]
        if missing:
            out.append(
                error(
                    f"gem card {card.id!r} has no count for {', '.join(missing)}",
                    card.where(),
                )
            )
            continue
        for i in ids:
            if card.fields[i] < 0:
                out.append(error(f"gem card {card.id!r}: {i} below 0", card.where(i)))
            totals[i] += card.fields[i] * card.qty
        total = _gem_count(game, card)
        if not low <= total <= high:
            out.append(
                error(
                    f"gem card {card.id!r} shows {total} gems; a gem card shows {low}–{high}",
                    card.where(),
                )
            )
        if not card.name.startswith(f"{total} "):
            out.append(
                error(
                    f"gem card {card.id!r} is named {card.name!r} but shows {total} gems",
                    card.where("name"),
                )
            )
    if len(set(totals.values())) > 1 and cards:  # decision gem-cards
        spread = ", ".join(f"{k} {v}" for k, v in totals.items())
        out.append(
            error(
                f"the gem cards' colours are unbalanced ({spread}); "
                "every colour must total the same",
                cards[0].where(),
            )
        )
    return out


def _check_zero_markers(game: Game) -> list[Finding]:
    """Each zero score marker names a gem colour; every colour has as many markers."""
    out: list[Finding] = []
    ids = [g.id for g in tables_of(game, Tables).gems]
    per_colour = dict.fromkeys(ids, 0)
    cards = [c for c in game.cards if c.type == "zero"]
    for card in cards:
        if card.fields["gem"] not in per_colour:
            out.append(
                error(
                    f"zero score marker {card.id!r}: gem must be one of {', '.join(ids)}",
                    card.where("gem"),
                )
            )
            continue
        per_colour[card.fields["gem"]] += card.qty
    if cards and len(set(per_colour.values())) > 1:  # decision zero-marker-colours
        spread = ", ".join(f"{k} {v}" for k, v in per_colour.items())
        out.append(
            error(
                f"zero score markers must cover every colour equally ({spread})",
                cards[0].where(),
            )
        )
    return out


def _check_characters(game: Game) -> list[Finding]:
    out: list[Finding] = []
    chars = [c for c in game.cards if c.type == "character"]
    span = range(game.spec.players.min, game.spec.players.max + 1)
    letters = [c.fields["letter"] for c in chars]
    want = [chr(ord("A") + i) for i in range(len(chars))]
    where = chars[0].where() if chars else game.spec_location("card_types")
    if sorted(letters) != want:
        out.append(
            error(
                f"character letters are {', '.join(letters)}; they "
                f"must be {', '.join(want)}, each once",
                where,
            )
        )
    elif letters != want:
        out.append(warning("character cards are not listed in letter order", where))
    for card in chars:
        if card.fields["action"] not in ACTIONS:
            out.append(
                error(
                    f"character {card.id!r}: action must be one of {', '.join(ACTIONS)}",
                    card.where("action"),
                )
            )
        if card.fields["min_players"] not in span:
            out.append(
                error(
                    f"character {card.id!r}: min_players must be {span.start}–{span.stop - 1}",
                    card.where("min_players"),
                )
            )
    t = tables_of(game, Tables)
    removed = {r.players: r.removed for r in t.gem_cards_removed}
    deck = sum(c.qty for c in game.cards if c.type == "gem")
    rounds = t.rounds
    for n in span:
        used = sum(1 for c in chars if c.fields["min_players"] <= n)
        if used != n:
            out.append(
                error(
                    f"at {n} players {used} characters are in play; "
                    f"the rules need {n} (all but the last player take one, one is "
                    "left)",
                    where,
                )
            )
        elif n in removed and deck - removed[n] != rounds * used:
            out.append(
                error(
                    f"at {n} players {deck} − {removed[n]} = {deck - removed[n]} gem cards "
                    "are used; "
                    f"{rounds} rounds × {used} characters need {rounds * used}",
                    game.spec_location("tables", "gem_cards_removed"),
                )
            )
    return out


def _counted(game: Game) -> dict[str, int]:
    """The printed components that no one place in the data holds, counted."""
    t = tables_of(game, Tables)
    config = config_from_game(game)
    return {
        "gems": config.gems_per_color * len(config.colors),
        "screens": len(t.player_colors),
        "turn order markers": len(t.turn_order_sets) * len(t.start_gems),
        "large fake gems": config.fake_gems,
        "zero score markers": sum(config.zero_markers),
        "market boards": sum(1 for c in game.spec.components if c.kind == "board"),
    }
