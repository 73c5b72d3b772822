"""Where smallprint.txt is silent or loose, what pnp does and why; and the numbers the
source does publish, with where it says them. The rulebook prints both from here."""

from __future__ import annotations

from pnp.games.decisions import Decision, Published, rendered_with
from pnp.games.playlog import Rule

DECISIONS: tuple[Decision, ...] = (
    Decision(
        "shares-per-set",
        "The source never says how many Share cards a Paperwork set holds.",
        "Each set holds {shares} Shares besides its Small, Big and Total contracts.",
        "Four rounds of up to three cards place twelve cards; a few more keep the "
        "'most cards left in hand' tie-break meaningful.",
    ),
    Decision(
        "business-deck",
        "The source gives the value range, £1m to £15m, but not the deck or the splits.",
        "One Business card of each value from £1m to £15m. Small takes two fifths of "
        "the first £{cap}m (rounded to the nearest £1m, halves up) and Big the rest, so a "
        "£1m business gives Big £1m and Small nothing.",
        "Big and Small together claim exactly what is divided, two Smalls never claim "
        "more, and fifteen cards cover the twelve a four-round game reveals.",
    ),
    Decision(
        "big-alone",
        "Read literally, a Big contract with no other contract is not on the source's "
        "list of legal combinations.",
        "A Big contract alone is void: the Shares under that business divide it.",
        "The source lists the legal cases as a closed list; pnp follows it word for word "
        "and makes a lone Big a real risk.",
    ),
    Decision(
        "pool-tie",
        "The source does not say how the Small Print pool is shared when several players "
        "tie for fewest penalty chits.",
        "They share it equally; what does not divide stays with the bank.",
        "Equal shares are what a table would do; splitting a £1m counter is not possible.",
    ),
    Decision(
        "remainders",
        "The source sends remainders to the pool but does not say how Shares round.",
        "Shares divide per card, in whole £m, rounding down; the remainder goes to the "
        "Small Print pool.",
        "Money comes in £1m counters.",
    ),
    Decision(
        "turns",
        "The source does not say whether a pass is final, or whether one player may "
        "put several cards under one business.",
        "Players take turns one card at a time, clockwise from the starting player; a "
        "pass ends that player's placing for the round; several cards of one player may "
        "go under the same business.",
        "A final pass keeps the round short and makes waiting a real choice; allowing "
        "several cards under one business lets a player pair Big with Small.",
    ),
    Decision(
        "empty-or-void",
        "The source does not say where the money of a business nobody played under, or "
        "of a void one with no Shares, goes.",
        "To the Small Print pool.",
        "The pool is where the source sends every unclaimed remainder.",
    ),
    Decision(
        "start",
        "The source gives no starting cash and says only that each round has a new "
        "starting player.",
        "Everyone starts with £{start_cash}m. A random player starts round one; the start "
        "then passes one seat to the left each round.",
        "All money comes from businesses; passing left is the usual convention.",
    ),
    Decision(
        "chits-public",
        "Penalty chits go 'into the hand', which could make their number secret.",
        "The number of chits each player holds is public.",
        "Chits are handed out openly at the reveal; everyone saw them taken.",
    ),
)

PUBLISHED: tuple[Published, ...] = (
    Published("players", "2–4", "each player of two to four gets a Paperwork set"),
    Published(
        "rounds",
        {2: 4, 3: 3, 4: 4},
        "four rounds with two or four players, three with three",
        ("tables", "rounds"),
    ),
    Published(
        "businesses_per_round",
        3,
        "three Business cards are turned up each round",
        ("tables", "businesses_per_round"),
    ),
    Published(
        "max_cards_per_round",
        3,
        "each player plays at most three Paperwork cards a round",
        ("tables", "max_cards_per_round"),
    ),
    Published("cap", 10, "only the first £10m of a business is divided", ("tables", "cap")),
    Published("business values", "£1m–£15m", "Business cards are worth £1m to £15m"),
)


RULES: tuple[Rule, ...] = (
    Rule(
        "reveal-row",
        "Each round starts by turning a row of Business cards face up.",
        "the four-step outline of play, step 1",
    ),
    Rule(
        "place-paperwork",
        "In turn, a player puts one Paperwork card face down under a business of the row, "
        "up to the round's limit.",
        "the outline of play, step 2, and the paragraph on rounds",
    ),
    Rule(
        "pass",
        "A player may pass instead; one who passes places nothing more this round.",
        "the paragraph on rounds",
    ),
    Rule(
        "contract-marker",
        "A card may go down with one of its player's contract markers on it, true or not.",
        "the paragraphs on contract markers",
    ),
    Rule(
        "bluff-chit",
        "Every marker that did not match the card beneath it costs its owner a penalty chit.",
        "the end-of-round paragraph",
    ),
    Rule(
        "total-alone",
        "A Total with no other contract takes the whole business.",
        "the first of the legal combinations",
    ),
    Rule(
        "big-with-small",
        "One Big and one Small take the parts printed on the business; Shares get nothing.",
        "the second of the legal combinations",
    ),
    Rule(
        "smalls",
        "One or two Smalls take their printed parts and the Shares split what is left.",
        "the third of the legal combinations",
    ),
    Rule(
        "void",
        "Any other mix of contracts claims too much: all of them are void and the Shares "
        "divide the business.",
        "the paragraph after the legal combinations",
    ),
    Rule(
        "shares-only",
        "With no contract under it, the Shares divide the business.",
        "the paragraph on what each card claims",
    ),
    Rule(
        "remainder-to-pool",
        "Whatever the claims leave undivided goes to the Small Print pool.",
        "the paragraph after the legal combinations",
    ),
    Rule(
        "value-cap",
        "Of a business worth more than the cap, only the cap is divided; the rest goes to "
        "the pool.",
        "the note on businesses over £10m",
    ),
    Rule(
        "next-starter",
        "Each new round begins with a different starting player.",
        "the end-of-round paragraph",
    ),
    Rule(
        "last-round",
        "The game ends after the number of rounds set for its player count.",
        "the overview of a round",
    ),
    Rule(
        "most-cash-wins",
        "When the game is over the player with the most cash wins.",
        "the end-of-game paragraph",
    ),
    Rule(
        "pool-to-fewest-chits",
        "At the end, whoever holds the fewest penalty chits takes the pool.",
        "the end-of-game paragraph",
    ),
    Rule(
        "tie-break",
        "Equal cash is decided by fewer penalty chits, then by more cards left in hand.",
        "the paragraph on ties",
    ),
)
"""The rules the engine plays, each marked where it is carried out (``playlog.used``)."""


def decisions_for(numbers: dict[str, object]) -> list[dict[str, str]]:
    """The decisions with this game's numbers filled in, for the rulebook."""
    return rendered_with(DECISIONS, numbers)
