"""What The Big Idea's data must satisfy; every finding points at the YAML key at fault."""

from __future__ import annotations

from typing import Any, TypeGuard

from pnp._errors import Finding, Location, Severity, shown
from pnp.games.bank import bank_for
from pnp.games.bigidea.config import config_from_game
from pnp.games.bigidea.decisions import PUBLISHED
from pnp.games.decisions import check_published
from pnp.spec.load import Game

SPARE_FACTOR = 2
"""A deck should hold this many times the cards the largest table keeps in hand."""
MAX_HAND = 12
"""Largest hand the engine plays: a Seed choice is any subset of the hand (2^hand)."""


_WHOLE_NUMBERS = {  # key → least allowed value
    "hand_per_deck": 1,
    "start_cash": 0,
    "chips_per_player": 1,
    "foreign_chips": 0,
    "good_idea_bonus": 0,
    "mezzanine_price_per_share": 0,
}


def validate(game: Game) -> list[Finding]:
    """Every rule The Big Idea's data must satisfy; findings point at the YAML."""
    out = _check_tables(game)
    if not any(f.severity is Severity.ERROR for f in out):
        out += _check_decks(game)
    out += _check_words(game)
    if any(f.severity is Severity.ERROR for f in out):
        return out
    return out + check_published(game, PUBLISHED)


def _check_tables(game: Game) -> list[Finding]:
    t, out = game.spec.tables, []

    def err(message: str, *keys: str | int) -> None:
        out.append(Finding(Severity.ERROR, message, game.spec_location("tables", *keys)))

    for key, least in _WHOLE_NUMBERS.items():
        value = t.get(key)
        if not _whole(value) or value < least:
            err(f"tables.{key} must be a whole number ≥ {least}, not {shown(value)}", key)
    decks = max(1, len(game.spec.decks))
    if not out and t["hand_per_deck"] * decks > MAX_HAND:
        err(
            f"a hand of {t['hand_per_deck']} cards from each of {decks} decks is more than "
            f"the {MAX_HAND} cards the rules engine can play",
            "hand_per_deck",
        )
    most = game.spec.players.max
    colors = t.get("colors")
    if not isinstance(colors, list) or len(colors) < most:
        have = len(colors) if isinstance(colors, list) else 0
        err(f"tables.colors lists {have} chip colours; {most} players need {most}", "colors")
    money = t.get("money")
    rows = money if isinstance(money, list) else []
    if not rows:
        err("tables.money must list the money counters (value and count per row)", "money")
    values = []
    for i, row in enumerate(rows):
        value = row.get("value") if isinstance(row, dict) else None
        count = row.get("count") if isinstance(row, dict) else None
        if not (_whole(value) and value > 0 and _whole(count) and count > 0):
            bad = "value" if not (_whole(value) and value > 0) else "count"
            err("each money row needs a whole value > 0 and a printed count > 0", "money", i, bad)
            continue
        if value in values:
            err(f"money value ${value} is listed twice", "money", i, "value")
        values.append(value)
    if rows and len(values) == len(rows) and 1 not in values:
        err("tables.money needs $1 counters (every payment is in whole dollars)", "money")
    if out:
        return out
    cfg = config_from_game(game)
    held = [k * most for k in bank_for(cfg.denominations).split(cfg.start_cash)]
    for value, need, printed in zip(cfg.denominations, held, cfg.printed_money, strict=True):
        if need > printed:
            out.append(
                Finding(
                    Severity.WARNING,
                    f"starting cash for {most} players takes "
                    f"{need} ${value} counters but only {printed} are printed",
                    game.spec_location("tables", "money"),
                )
            )
    return out


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_decks(game: Game) -> list[Finding]:
    out: list[Finding] = []
    decks = game.spec.decks
    if len(decks) != 2:
        out.append(
            Finding(
                Severity.ERROR,
                f"The Big Idea needs two decks (BIG and IDEA), game.yaml declares {len(decks)}",
                game.spec_location("decks"),
            )
        )
    hand = game.spec.tables["hand_per_deck"]
    dealt = game.spec.players.max * hand
    for i, deck in enumerate(decks):
        cards = game.deck_cards(deck.id)
        size = sum(c.qty for c in cards)
        where = game.spec_location("decks", i)
        if size < dealt:
            out.append(
                Finding(
                    Severity.ERROR,
                    f"deck {deck.id!r} has {size} cards; dealing "
                    f"{hand} to each of {game.spec.players.max} players takes "
                    f"{dealt}",
                    where,
                )
            )
        elif size < SPARE_FACTOR * dealt:
            out.append(
                Finding(
                    Severity.WARNING,
                    f"deck {deck.id!r} has {size} cards, fewer "
                    f"than {SPARE_FACTOR}× the {dealt} in hands at "
                    f"{game.spec.players.max} players: little left for refills",
                    where,
                )
            )
    return out


def _check_words(game: Game) -> list[Finding]:
    """Each card is a word (its name) and a line (its text); a word appears once per deck."""
    out: list[Finding] = []
    seen: dict[tuple[str, str], Location] = {}
    for card in game.cards:
        if not card.name.strip():
            out.append(
                Finding(Severity.ERROR, f"card {card.id!r} has no word (name)", card.where("name"))
            )
        if not card.text.strip():
            out.append(
                Finding(
                    Severity.ERROR,
                    f"card {card.id!r} ({shown(card.name)}) has no line (text)",
                    card.where("text") if card.text else card.loc,
                )
            )
        if card.qty > 1:
            out.append(
                Finding(
                    Severity.ERROR,
                    f"card {card.id!r} is printed {card.qty} times; "
                    "each word appears once in its deck",
                    card.where("qty"),
                )
            )
        key = (card.deck, " ".join(card.name.split()).casefold())
        if key[1] and key in seen:
            out.append(
                Finding(
                    Severity.ERROR,
                    f"word {shown(card.name)} appears twice in deck "
                    f"{card.deck!r} (first at {seen[key]})",
                    card.where("name"),
                )
            )
        else:
            seen.setdefault(key, card.where("name"))
    return out
