"""bigidea.txt: the rules it leaves open and the numbers it prints, as data (see
:mod:`pnp.games.decisions`)."""

from __future__ import annotations

from pnp.games.bigidea.config import Config
from pnp.games.decisions import Decision, Published, rendered_with
from pnp.games.playlog import Rule

DECISIONS: tuple[Decision, ...] = (
    Decision(
        "product-cards",
        "The source allows any number and mix of cards in a product without saying whether "
        "that may be none.",
        "A product is one card or more from your hand, in any mix of the two decks.",
        "A product of no cards would be a free pass; the source's own advice is one of each.",
    ),
    Decision(
        "mezzanine-payment",
        "The source has a Mezzanine investor pay the players already on a product, but not "
        "what the buyer's own chips cost or whether the buyer may owe money.",
        "The buyer pays ${share_price} per player chip on the product, skipping their own "
        "chips, and must hold the full amount to buy in.",
        "Paying yourself is no payment; there are no loans in the game.",
    ),
    Decision(
        "offering-order",
        "The leader may roll for the products in any order (the source suggests small "
        "stacks first).",
        "The leader rolls for the smallest stacks first; equal stacks go in the order they "
        "were invented.",
        "Order changes nothing unless the bank runs out of white chips, and then the "
        "source's own suggestion is as fair as any: the computer plays it so that the "
        "simulation does not add a choice that matters only when the bank runs short.",
    ),
    Decision(
        "white-chips-out",
        "The bank has a fixed number of white chips; the source does not say what happens "
        "when a product fails and none is left.",
        "The product gets no white chip that round and keeps its stack. White chips return "
        "to the bank when a product carrying them goes public.",
        "Nothing else can stand in for a chip that is not there.",
    ),
    Decision(
        "all-chips-tied",
        "The source warns that all of a player's chips can be tied up, but not how that "
        "player takes part.",
        "With every chip tied up you still play cards in the Seed step (the product is "
        "thrown away) and sit out the investing.",
        "Cards still cycle through your hand, and you cannot back a product without a chip.",
    ),
    Decision(
        "last-round",
        "The source ends the game after the last round without saying whether hands are "
        "refilled or what chips on the table are worth.",
        "After the last Offering nobody discards or draws; only money counts, chips still "
        "on the table are worth nothing, and equal money is a shared win.",
        "The winner is the player with the most money; a product that did not go public "
        "paid nothing.",
    ),
    Decision(
        "empty-decks",
        "The source reshuffles the discards when a deck runs out, but they can be empty too.",
        "Draw what there is and play on with a smaller hand.",
        "No card can be drawn from nowhere.",
    ),
    Decision(
        "good-idea-count",
        "The Good Idea bonus goes to the most popular new product; the source does not say "
        "whether the inventor's own chip counts.",
        "Every player chip on the round's new products counts, the inventor's own included, "
        "and the ${good_idea_bonus} is paid only when one product is strictly ahead.",
        "The source counts investors, and the inventor is one; a tie pays no bonus, as the "
        "source says.",
    ),
)

PUBLISHED: tuple[Published, ...] = (
    Published("players (fewest)", 3, "three to six players", ("players", "min")),
    Published("players (most)", 6, "three to six players", ("players", "max")),
    Published("chips each", 5, "setup: five chips each", ("tables", "chips_per_player")),
    Published("starting cash", 10, "setup: $10 each", ("tables", "start_cash")),
    Published("white chips", 30, "setup: the bank's 30 white chips", ("tables", "foreign_chips")),
    Published("cards of each deck in hand", 3, "setup: three of each", ("tables", "hand_per_deck")),
    Published("Good Idea bonus", 1, "a $1 bonus from the bank", ("tables", "good_idea_bonus")),
    Published(
        "Mezzanine price per chip",
        1,
        "the Mezzanine investor pays $1 for each chip already there",
        ("tables", "mezzanine_price_per_share"),
    ),
    Published("BIG deck cards", 96, "two 96-card decks", ("count", "deck", "big")),
    Published("IDEA deck cards", 96, "two 96-card decks", ("count", "deck", "idea")),
)


RULES: tuple[Rule, ...] = (
    Rule(
        "deal-hands",
        "Each player starts with a hand of three cards from each deck.",
        "set-up, shuffling the two decks",
    ),
    Rule(
        "seed",
        "Every player lays any cards from their hand face down as a new product.",
        "step 1, Seed",
    ),
    Rule(
        "invest-own",
        "After showing it, the maker may put one of their chips on their own product.",
        "step 1, after the pitch",
    ),
    Rule(
        "throw-away",
        "A maker who does not invest discards the product's cards at once.",
        "step 1, after the pitch",
    ),
    Rule(
        "venture",
        "In secret, each player may back one other player's new product with a chip.",
        "step 2, Venture",
    ),
    Rule(
        "good-idea-bonus",
        "The maker of the one new product with the most investors is paid the bonus.",
        "the Good Idea Bonus paragraph",
    ),
    Rule(
        "mezzanine",
        "From the leader round, each may buy into any product, paying a dollar to the owner "
        "of every player chip already on it.",
        "step 3, Mezzanine",
    ),
    Rule(
        "ipo-success",
        "The leader rolls for each product: a roll up to its chip count pays every share the "
        "roll in dollars, and the chips go home.",
        "step 4, Offering, and Success",
    ),
    Rule(
        "ipo-failure",
        "A roll above the chip count leaves the product on the table with a white chip added.",
        "step 4, Failure",
    ),
    Rule(
        "foreign-investor",
        "White chips count towards the roll but pay nothing and are paid nothing.",
        "step 4, foreign investors",
    ),
    Rule(
        "refill-hands",
        "Between rounds players may discard cards, then draw up to three from each deck.",
        "ending the turn",
    ),
    Rule(
        "leader-passes",
        "The die and the lead pass to the left after every round.",
        "ending the turn",
    ),
    Rule(
        "last-round",
        "The game ends after every player has led once, or twice with three players.",
        "ending the turn and the game",
    ),
    Rule(
        "most-money-wins",
        "At the end only money counts, not chips left on products; the richest player wins.",
        "ending the turn and the game",
    ),
)
"""The rules the engine plays, each marked where it is carried out (``playlog.used``).
Rebuilding an empty deck from its discards is left out: the bundled decks are never emptied
(none of 1,000 heuristic games at six players did); decision ``empty-decks`` covers it."""


def decisions_for(config: Config) -> list[dict[str, str]]:
    numbers = {"share_price": config.share_price, "good_idea_bonus": config.good_idea_bonus}
    return rendered_with(DECISIONS, numbers)
