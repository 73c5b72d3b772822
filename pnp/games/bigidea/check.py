"""What The Big Idea's data must satisfy; every finding points at the YAML key at fault."""

from __future__ import annotations

from pnp._errors import Finding, Location, Severity, shown
from pnp.games.bank import bank_for
from pnp.games.bigidea.config import config_from_game
from pnp.games.bigidea.decisions import PUBLISHED
from pnp.games.bigidea.tables import Tables
from pnp.games.decisions import check_published
from pnp.games.table_schema import table_findings, tables_of
from pnp.spec.game import Game

SPARE_FACTOR = 2
"""A deck should hold this many times the cards the largest table keeps in hand."""
MAX_HAND = 12
"""Largest hand the engine plays: a Seed choice is any subset of the hand (2^hand)."""


def validate(game: Game) -> list[Finding]:
    """Every rule The Big Idea's data must satisfy; findings point at the YAML. The
    rules are checked only once the tables have the shape the engine reads."""
    shape = table_findings(game, Tables)
    if shape:
        return shape + _check_words(game)  # the words read no table
    out = _check_tables(game)
    if not any(f.severity is Severity.ERROR for f in out):
        out += _check_decks(game)
    out += _check_words(game)
    if any(f.severity is Severity.ERROR for f in out):
        return out
    return out + check_published(game, PUBLISHED)


def _check_tables(game: Game) -> list[Finding]:
    """The rules between tables, once :class:`.tables.Tables` has vetted their shape."""
    t, out = tables_of(game, Tables), []

    def err(message: str, *keys: str | int) -> None:
        out.append(Finding(Severity.ERROR, message, game.spec_location("tables", *keys)))

    decks = max(1, len(game.spec.decks))
    if t.hand_per_deck * decks > MAX_HAND:
        err(
            f"a hand of {t.hand_per_deck} cards from each of {decks} decks is more than "
            f"the {MAX_HAND} cards the rules engine can play",
            "hand_per_deck",
        )
    most = game.spec.players.max
    if len(t.colors) < most:
        err(
            f"tables.colors lists {len(t.colors)} chip colours; {most} players need {most}",
            "colors",
        )
    values: list[int] = []
    for i, row in enumerate(t.money):
        if row.value in values:
            err(f"money value ${row.value} is listed twice", "money", i, "value")
        values.append(row.value)
    if 1 not in values:
        err("tables.money needs $1 counters (every payment is in whole dollars)", "money")
    if out:
        return out
    config = config_from_game(game)
    held = [k * most for k in bank_for(config.denominations).split(config.start_cash)]
    for value, need, printed in zip(config.denominations, held, config.printed_money, strict=True):
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
    hand = tables_of(game, Tables).hand_per_deck
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
