"""boom.txt: the rules it leaves open and the numbers it prints, as data (see
:mod:`pnp.games.decisions`)."""

from __future__ import annotations

from typing import Any

from pnp.games.boom.config import Config
from pnp.games.decisions import Decision, Published, rendered_with
from pnp.games.playlog import Rule

DECISIONS: tuple[Decision, ...] = (
    Decision(
        "failed-round",
        "The source says the lead must keep inviting while fewer than three shares are "
        "sold, but not what happens when nobody is left to invite.",
        "Each player may be invited once per round. If everyone has been asked and fewer "
        "than {close_min_shares} shares were sold, the round fails: every share bought in "
        "it is taken back, the money returns to its buyers, the company's cards go back to "
        "whoever held them, and the turn's action is spent.",
        "Undoing the round is the only outcome that leaves no half-funded company and no "
        "money in limbo.",
    ),
    Decision(
        "consent-order",
        "The source lets a new lead go ahead if any current investor agrees, but not in "
        "which order they are asked.",
        "The would-be lead asks the current investors one at a time, clockwise from their "
        "own seat; the first who agrees settles it.",
        "Asking in seat order is quick and gives every investor a turn to say no.",
    ),
    Decision(
        "money-you-lack",
        "The source does not say what a player who cannot pay may do in a funding round.",
        "You cannot lead a round unless you can pay at least ${min_price}m, and an invited "
        "player who cannot pay the price must decline.",
        "Money is open and there are no loans in the game.",
    ),
    Decision(
        "whole-prices",
        "The source sets a lowest share price and no highest one, but no unit.",
        "A share price is any whole number of $m from ${min_price}m up.",
        "The smallest money counter is ${smallest}m.",
    ),
    Decision(
        "rounding",
        "The source's own example rounds $33⅓m down to $33m without saying so as a rule.",
        "What each share pays at an IPO is rounded down to whole $m; the remainder stays in "
        "the bank.",
        "It follows the source's example and keeps to whole counters.",
    ),
    Decision(
        "burn-floor",
        "Some Company cards lower the burn rate; the source does not say what a total below "
        "zero means.",
        "A company's burn rate is never below zero: income can cancel its costs but never "
        "adds money to its treasury.",
        "The source only ever takes burn away from a company; it never pays a company.",
    ),
    Decision(
        "plans-gone",
        "The source ends the game when every company has gone public, but companies that "
        "go bust can never go public.",
        "The game ends at once when all {plans} Business Plans have left the game, whether "
        "they went public or bust; the richest player wins.",
        "Otherwise a game with a bust company could never end before the crash.",
    ),
    Decision(
        "crash-round",
        "The source does not say whether turns are played in the round the crash is flipped.",
        "No turns are played in that round: the game is over as soon as the crash is flipped.",
        "The crash card says the game is over; it is flipped before anyone's turn.",
    ),
    Decision(
        "empty-deck",
        "The source does not say what happens when the Play deck runs out.",
        "Shuffle the discard pile into a new Play deck; if that is empty too, you draw nothing.",
        "Every other deck in the game is reshuffled when it runs out.",
    ),
    Decision(
        "discard-targets",
        "The Discards name targets (a company, an attached card) that may not be on the table.",
        "A Discard whose effect has no target on the table cannot be played. Effects that "
        "name a number of cards act on one card per choice and stop early when no target is "
        "left. Grants and fines go to a funded company; a fine cannot take a treasury below "
        "$0m.",
        "A card that does nothing is not a move; a company cannot owe money.",
    ),
    Decision(
        "limit-ends",
        "Events and Discards move the IPO Card Limit; the source does not say what happens "
        "at the ends of the track.",
        "The IPO Card Limit stops at the ends of the track.",
        "The track has no space beyond its ends.",
    ),
    Decision(
        "open-information",
        "The source sets no hand limit and does not say whether money is secret.",
        "There is no hand limit, and every player's money is open.",
        "Money counters lie on the table in front of their owners.",
    ),
    Decision(
        "ties",
        "The source names no tie-break for the most money.",
        "Players tied for the most money share the win.",
        "There is nothing else to compare: shares in companies still private are worth nothing.",
    ),
    Decision(
        "stock-counters",
        "The source never says how many stock counters a firm has.",
        "Each firm has {stock_per_firm} counters: one goes into the cup for the turn order, "
        "the rest onto companies.",
        "A firm needs a counter for every share it holds and the source sets no count; this "
        "one was chosen from simulated play, which counts the most any firm needed at once.",
        claim="In {record[heuristic][games]:,} simulated games at {record[heuristic][players]} "
        "players between computer players that play to win, a firm ran short of stock "
        "counters in {record[heuristic][components][stock counters][short_games]} of them.",
    ),
    Decision(
        "card-list",
        "The source counts six Event cards and 'a bunch' of Play cards; it names •Crash and, "
        "in its examples, a card or two, but lists neither deck.",
        "Apart from •Crash, every Play and Event card (name, effect and count) is this "
        "edition's invention, listed in the card reference at the end of this book and built "
        "from the card kinds the rules describe: business plans, entrepreneurs, news, "
        "revenues, buzzwords, discards, and events that add to IPO rolls or lower the IPO "
        "limit.",
        "The game cannot be played without the decks; building them from the rules' own card "
        "kinds keeps every effect one the rules already explain.",
    ),
)

_TRACK = {6: 0, 5: 2, 4: 5, 3: 7, 2: 10, 1: 15}
_IPO_TABLE = {
    2: 0,
    3: 5,
    4: 20,
    5: 40,
    6: 60,
    7: 80,
    8: 100,
    9: 150,
    10: 200,
    11: 300,
    12: 400,
    13: 500,
    14: 600,
    15: 800,
    16: 1000,
}

PUBLISHED: tuple[Published, ...] = (
    Published("players", 5, "five venture firms, one per player", ("players", "max")),
    Published("starting money", 100, "setup: $100m each", ("tables", "start_money")),
    Published("hand size", 3, "setup: three Play cards each", ("tables", "hand_size")),
    Published("lowest share price", 5, "funding: at least $5m", ("tables", "min_price")),
    Published("shares the lead buys", 2, "funding: one or two", ("tables", "lead_max_shares")),
    Published(
        "shares to close a round",
        3,
        "funding: keep inviting while fewer than three are sold",
        ("tables", "close_min_shares"),
    ),
    Published(
        "starting IPO limit", 6, "setup: the counter starts on 6", ("tables", "ipo_limit_start")
    ),
    Published(
        "burn surcharge at IPO limit",
        _TRACK,
        "the IPO Card Limit Track on the back of the rules",
        ("tables", "ipo_track", "limit", "surcharge"),
    ),
    Published(
        "IPO table roll",
        _IPO_TABLE,
        "the IPO Table on the back of the rules",
        ("tables", "ipo_table", "roll", "raised"),
    ),
    Published(
        "Business Plans", 13, "the game ends when all 13 have gone", ("count", "type", "plan")
    ),
    Published("Event cards", 6, "setup: five Events and the •Crash", ("count", "deck", "event")),
    Published(
        "Event IPO bonus",
        2,
        "an Event may add 2 to the die roll",
        ("each", "event", "effect.ipo_bonus.amount"),
    ),
)


RULES: tuple[Rule, ...] = (
    Rule(
        "random-order",
        "At the start of every round the turn order is drawn at random.",
        "determining play order",
    ),
    Rule(
        "flip-event",
        "Every round turns up a new Event card, whose effect holds for the round.",
        "flip event card, and the play summary",
    ),
    Rule(
        "event-reshuffle",
        "When the Event deck is used up, the used Events and the Crash make a new deck.",
        "reshuffling decks and the end of the game",
    ),
    Rule(
        "crash",
        "Turning up the Crash ends the game; companies not yet public are worth nothing.",
        "reshuffling decks and the end of the game",
    ),
    Rule(
        "plans-gone",
        "Once every Business Plan of the game has gone public or bust, the game ends at once.",
        "reshuffling decks and the end of the game, the other way it can end",
    ),
    Rule(
        "most-money-wins",
        "At the end only cash counts; the richest player wins and tied players share the win.",
        "the introduction, and the end of the game",
    ),
    Rule(
        "ipo-limit-moves",
        "Some Events and Discards move the IPO Card Limit down (or up) its track.",
        "taking a company public, the IPO Card Limit",
    ),
    Rule(
        "draw",
        "Each turn starts with drawing one Play card.",
        "player turns",
    ),
    Rule(
        "play-reshuffle",
        "An empty Play deck is made again from the shuffled discard pile.",
        "reshuffling decks and the end of the game",
    ),
    Rule(
        "play-plan",
        "A Business Plan is played face up in front of its player, unfunded.",
        "playing cards, business plan cards",
    ),
    Rule(
        "attach",
        "A Company card may join any Business Plan on the table, anyone's, funded or not.",
        "playing cards, company cards",
    ),
    Rule(
        "discard-card",
        "A Discard card does what it says and then goes to the discard pile.",
        "playing cards, discards",
    ),
    Rule(
        "lead-round",
        "A player leading a funding round takes the company, names a share price at or above "
        "the minimum and buys one or two shares.",
        "funding companies",
    ),
    Rule(
        "invite",
        "The lead invites players one at a time; each may buy a single share.",
        "funding companies",
    ),
    Rule(
        "close-round",
        "The lead may close the round only once enough shares are sold.",
        "funding companies",
    ),
    Rule(
        "consent",
        "Someone who holds no shares may lead another round only if a current investor agrees.",
        "leading another round",
    ),
    Rule(
        "consent-refused",
        "When every current investor refuses, the would-be lead loses that action.",
        "leading another round",
    ),
    Rule(
        "investors-first",
        "In a later round every current investor must be offered a share before it closes.",
        "leading another round",
    ),
    Rule(
        "go-public",
        "The lead investor of a funded company with enough cards rolls for its IPO; the "
        "table's sum is split equally between its shares.",
        "taking a company public",
    ),
    Rule(
        "entrepreneur-bonus",
        "Each attached entrepreneur whose domain matches the plan's industry adds one.",
        "taking a company public, the roll's modifiers",
    ),
    Rule(
        "event-bonus",
        "The Event in play may add two to the IPO roll of its industry.",
        "taking a company public, the roll's modifiers",
    ),
    Rule(
        "burn",
        "After every round each funded company pays its cards' burn plus the track's surcharge.",
        "paying burn rates",
    ),
    Rule(
        "bust",
        "A company that cannot pay its burn goes bust and its shares become worthless.",
        "paying burn rates",
    ),
)
"""The rules the engine plays, each marked where it is carried out (``playlog.used``)."""


def numbers(config: Config) -> dict[str, Any]:
    """The game's numbers the decisions quote, from the engine's config."""
    return {
        "close_min_shares": config.close_min_shares,
        "min_price": config.min_price,
        "smallest": min(config.denominations),
        "plans": config.plans_in_game,
        "stock_per_firm": config.stock_per_firm,
    }


def decisions_for(config: Config, record: dict[str, Any] | None = None) -> list[dict[str, str]]:
    """The decisions with the game's numbers, and its simulation record's, filled in."""
    return rendered_with(DECISIONS, numbers(config), record)
