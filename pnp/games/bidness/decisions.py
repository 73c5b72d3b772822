"""Where bidness.txt is silent, pnp decides; the rulebook's Decisions section is printed
from :data:`DECISIONS` alone.  :data:`PUBLISHED` lists the numbers the source does give,
with where they come from; ``validate`` warns when the card data differs from them.

Each decision: ``id``, ``gap`` (what the source leaves open, in our words), ``rule``
(what pnp does; the engine implements exactly this) and ``why``, the same fields as
Small Print's decisions.  A ``{key}`` in the
text is the number of that name in ``game.yaml`` ``tables:`` (filled in by
:func:`decisions_for`), so no number is typed twice.
"""

from __future__ import annotations

from typing import Any

DECISIONS: tuple[dict[str, str], ...] = (
    {
        "id": "card-list",
        "gap": "The source names kinds of event card but never lists the deck or its counts.",
        "rule": "The card list at the end of this book. Counts were chosen by simulating "
        "thousands of six-player games: the deck tops every hand up to six every round and "
        "games last about five or six rounds, as the source says.",
        "why": "Enough employees and contracts to bid on, few enough nasty cards that the "
        "game still moves toward a payoff.",
    },
    {
        "id": "starting-employees",
        "gap": "Starting employees are dealt but not said to be special cards.",
        "rule": "Each founder gets a starting Engineer and Marketer card with the event "
        "back. With fewer than six players the spare ones stay in the box. A laid-off "
        "starting employee joins the event deck like any other.",
        "why": "The source says laid-off employees return to the deck, so they need the "
        "event back.",
    },
    {
        "id": "payback-life",
        "gap": "How many Payback cards there are, where played ones go, and whether one "
        "may be sold or discarded.",
        "rule": "Played, sold and discarded Payback cards go to a Payback discard pile, "
        "shuffled into a new Payback deck when it runs out. A Payback card may be sold "
        "for the usual price or discarded in setup like any card.",
        "why": "No one can win without them; recycling means the deck never runs dry.",
    },
    {
        "id": "headhunting",
        "gap": "Headhunting cards are named but their effect is not described.",
        "rule": "Pay the cost shown and move one Engineer, Marketer or Lawyer of your "
        "choice from a rival's workplace to yours. Not in the first round.",
        "why": "It matches the card's name and its first-round restriction, which marks "
        "cards that hurt a rival.",
    },
    {
        "id": "bonus-cards",
        "gap": "Bonus cards are mentioned without a list.",
        "rule": "Marketing bonuses add units sold to your own workplace; marketing "
        "penalties subtract units and are placed in a rival's workplace of your choice. "
        "Both stay until the end of the round. Units sold never drop below zero.",
        "why": "The source says bonuses and penalties adjust units sold and sit in a "
        "workplace for the round.",
    },
    {
        "id": "legal-intern",
        "gap": "How the Legal Intern is acquired and how long it stays.",
        "rule": "The Legal Intern is a bonus card: pay its cost, place it in your "
        "workplace, and roll its extra die at any trial this round. It goes back with "
        "the other bonus cards and draws no salary.",
        "why": "The source lists the Intern with the bonus cards in the salary rules.",
    },
    {
        "id": "awards-as-soon-as",
        "gap": 'What "as soon as" means for the leadership awards.',
        "rule": "Awards are checked after every change of marketing or tech points: an "
        "auction won, a layoff, a bonus played, a lawsuit paid, tech points added. A "
        "tie returns the award to the bank at once.",
        "why": "It is the literal reading and easy to apply at the table.",
    },
    {
        "id": "award-bonus-lead",
        "gap": "Whether an award's own bonus counts toward holding the lead.",
        "rule": "No. The lead counts Marketers with bonus and penalty cards, and tech "
        "points, without the award bonuses.",
        "why": "Otherwise an award would keep itself once won.",
    },
    {
        "id": "salary-short",
        "gap": "A founder who cannot pay salaries even by borrowing to the debt limit.",
        "rule": "While short you lay off employees or borrow ${iou_value} at a time; once at the "
        "debt limit only layoffs remain, and you lay off until the salaries can be paid. "
        "Salaries are never partly paid.",
        "why": "Layoffs always make the bill payable, since no staff means no salary.",
    },
    {
        "id": "borrowing-when",
        "gap": "Borrowing is allowed at any time.",
        "rule": "The engine borrows only when a payment needs it (an auction win, a cost, "
        "damages, a settlement, salaries), always in whole IOUs.",
        "why": "Money borrowed earlier buys nothing that borrowing at the moment of "
        "payment would not, and it costs dice in the first-player roll.",
    },
    {
        "id": "payback-cash",
        "gap": "Whether a Payback may be paid with borrowed money.",
        "rule": "No: you need the cash on hand to play a Payback card.",
        "why": "Borrowing ${iou_value} to return one IOU would only swap one IOU for another.",
    },
    {
        "id": "minimum-bid",
        "gap": "The smallest opening bid.",
        "rule": "Opening bids start at ${min_opening_bid}; every raise is at least ${bid_step} "
        "above the high bid.",
        "why": "Bids must be multiples of ${bid_step}, and a free win would make auctions "
        "pointless.",
    },
    {
        "id": "negotiation",
        "gap": "How long settlement talks may go on, and for what sums.",
        "rule": "Offers are in ${settlement_step} steps, at most what the defendant could pay by "
        "borrowing to the debt limit. Each new offer must meet the other side part way "
        "(lower than the plaintiff's last, higher than the defendant's). After "
        "{settlement_offers} offers the one on the table is accepted or rejected.",
        "why": "Bounded talks keep the game moving and give the bots a clear rule.",
    },
    {
        "id": "suit-limits",
        "gap": "A suit for more than the defendant has, and whether borrowing counts "
        "toward what the plaintiff could pay.",
        "rule": "A Negligence claim is at most the defendant's cash and at most the "
        "plaintiff's cash plus what the plaintiff could still borrow. Libel and Patent "
        "suits take what the loser has, up to the card's number.",
        "why": "Borrowing is how a player pays what they must pay at once.",
    },
    {
        "id": "libel-patent-damages",
        "gap": "What happens to Libel Marketers and Patent tech points when either side wins.",
        "rule": "If the plaintiff wins, the Marketers or tech points move from the "
        "defendant to the plaintiff. If the defendant wins, the plaintiff returns that "
        "many Marketers to the deck or tech points to the bank.",
        "why": "The loser pays the damages; the bank takes what a losing plaintiff pays.",
    },
    {
        "id": "dice",
        "gap": "The source never says what dice to use.",
        "rule": "Ordinary six-sided dice.",
        "why": "They are in every home.",
    },
    {
        "id": "round-cap",
        "gap": "Only a payoff ends the game.",
        "rule": "The engine stops a game after round {round_cap}; the founder with the "
        "fewest IOUs wins, then the one with the most cash.",
        "why": "Simulations need an end; at the table, play on.",
    },
)


def decisions_for(tables: dict[str, int]) -> list[dict[str, str]]:
    """The decisions with the game's own numbers filled in."""
    return [{k: v.format(**tables) for k, v in d.items()} for d in DECISIONS]


PUBLISHED: tuple[dict[str, Any], ...] = (
    {"key": "start_engineers", "value": 1, "source": "Starting Assets"},
    {"key": "start_marketers", "value": 1, "source": "Starting Assets"},
    {"key": "start_ious", "value": 3, "source": "Starting Assets"},
    {"key": "start_cash", "value": 100, "source": "Starting Assets"},
    {"key": "start_tech", "value": 20, "source": "Starting Assets"},
    {"key": "iou_value", "value": 100, "source": "Borrowing Money"},
    {"key": "debt_limit", "value": 600, "source": "Borrowing Money"},
    {"key": "payback_one_cost", "value": 100, "source": "Paying Off Debt"},
    {"key": "payback_two_cost", "value": 300, "source": "Paying Off Debt"},
    {"key": "payback_from_round", "value": 2, "source": "Setup Phase, step 2"},
    {"key": "hand_size", "value": 6, "source": "Setup Phase, step 3"},
    {"key": "setup_discards", "value": 1, "source": "Setup Phase, step 4"},
    {"key": "must_pass_at", "value": 2, "source": "Card Play Phase"},
    {"key": "sell_price", "value": 10, "source": "Card Play Phase"},
    {"key": "bid_step", "value": 5, "source": "Auctions"},
    {"key": "trial_dice", "value": 2, "source": "Going to Trial"},
    {"key": "salary_engineer", "value": 10, "source": "Salaries and Layoffs"},
    {"key": "salary_marketer", "value": 10, "source": "Salaries and Layoffs"},
    {
        "key": "lawyer_salaries",
        "value": [10, 40, 90, 160, 250, 360, 490, 640],
        "source": "Salaries and Layoffs (lawyers' table)",
    },
    {"key": "contract_payment", "value": 25, "source": "Contract Cards; Earnings"},
    {"key": "tech_rounding", "value": 10, "source": "Earnings, step 1"},
    {"key": "tech_leader_bonus", "value": 10, "source": "Tech Leader Award"},
    {"key": "market_leader_bonus", "value": 2, "source": "Market Leader Award"},
    {"key": "tech_per_engineer", "value": 2, "source": "Business Phase, step 3"},
    {"key": "contracts", "value": 12, "source": "Contract Cards (twelve in the deck)"},
)
"""Numbers bidness.txt states, by table key (``contracts``: Government Contract cards)."""
