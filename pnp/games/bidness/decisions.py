"""bidness.txt: the rules it leaves open and the numbers it prints, as data (see
:mod:`pnp.games.decisions`).

A ``{key}`` in a decision's text is the number of that name in ``game.yaml`` ``tables:``
(filled in by :func:`decisions_for`), so no number is typed twice.  A published number is
named by its ``tables:`` key (``contracts``: the Government Contract cards), which is
also the name an expansion lists under ``overrides:``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.games.bidness.config import CONTRACT
from pnp.games.decisions import Decision, Published, rendered_with
from pnp.games.playlog import Rule

DECISIONS: tuple[Decision, ...] = (
    Decision(
        "card-list",
        "The source names kinds of event card but never lists the deck or its counts.",
        "The card list at the end of this book, its counts chosen by simulating games at the "
        "most players.",
        "Enough employees and contracts to bid on, few enough nasty cards that the game still "
        "moves toward a payoff.",
        claim="In {record[heuristic][games]:,} simulated games at {record[heuristic][players]} "
        "players between computer players that play to win, a game lasted "
        "{record[heuristic][length][mean]:.1f} rounds on average (from "
        "{record[heuristic][length][min]} to {record[heuristic][length][max]}); the source "
        "expects five or six.",
    ),
    Decision(
        "starting-employees",
        "Starting employees are dealt but not said to be special cards.",
        "Each founder gets a starting Engineer and Marketer card with the event back. With "
        "fewer than six players the spare ones stay in the box. A laid-off starting employee "
        "joins the event deck like any other.",
        "The source says laid-off employees return to the deck, so they need the event back.",
    ),
    Decision(
        "payback-life",
        "How many Payback cards there are, where played ones go, and whether one may be sold or "
        "discarded.",
        "Played, sold and discarded Payback cards go to a Payback discard pile, shuffled into a "
        "new Payback deck when it runs out. A Payback card may be sold for the usual price or "
        "discarded in setup like any card.",
        "No one can win without them; recycling means the deck never runs dry.",
    ),
    Decision(
        "headhunting",
        "Headhunting cards are named but their effect is not described.",
        "Pay the cost shown and move one Engineer, Marketer or Lawyer of your choice from a "
        "rival's workplace to yours. Not in the first round.",
        "It matches the card's name and its first-round restriction, which marks cards that "
        "hurt a rival.",
    ),
    Decision(
        "bonus-cards",
        "Bonus cards are mentioned without a list.",
        "Marketing bonuses add units sold to your own workplace; marketing penalties subtract "
        "units and are placed in a rival's workplace of your choice. Both stay until the end of "
        "the round. Units sold never drop below zero.",
        "The source says bonuses and penalties adjust units sold and sit in a workplace for the "
        "round.",
    ),
    Decision(
        "legal-intern",
        "How the Legal Intern is acquired and how long it stays.",
        "The Legal Intern is a bonus card: pay its cost, place it in your workplace, and roll "
        "its extra die at any trial this round. It goes back with the other bonus cards and "
        "draws no salary.",
        "The source lists the Intern with the bonus cards in the salary rules.",
    ),
    Decision(
        "awards-as-soon-as",
        'What "as soon as" means for the leadership awards.',
        "Awards are checked after every change of marketing or tech points: an auction won, a "
        "layoff, a bonus played, a lawsuit paid, tech points added. A tie returns the award to "
        "the bank at once.",
        "It is the literal reading and easy to apply at the table.",
    ),
    Decision(
        "award-bonus-lead",
        "Whether an award's own bonus counts toward holding the lead.",
        "No. The lead counts Marketers with bonus and penalty cards, and tech points, without "
        "the award bonuses.",
        "Otherwise an award would keep itself once won.",
    ),
    Decision(
        "salary-short",
        "A founder who cannot pay salaries even by borrowing to the debt limit.",
        "While short you lay off employees or borrow ${iou_value} at a time; once at the debt "
        "limit only layoffs remain, and you lay off until the salaries can be paid. Salaries "
        "are never partly paid.",
        "Layoffs always make the bill payable, since no staff means no salary.",
    ),
    Decision(
        "borrowing-when",
        "Borrowing is allowed at any time.",
        "The engine borrows only when a payment needs it (an auction win, a cost, damages, a "
        "settlement, salaries), always in whole IOUs.",
        "Money borrowed earlier buys nothing that borrowing at the moment of payment would not, "
        "and it costs dice in the first-player roll.",
    ),
    Decision(
        "payback-cash",
        "Whether a Payback may be paid with borrowed money.",
        "No: you need the cash on hand to play a Payback card.",
        "Borrowing ${iou_value} to return one IOU would only swap one IOU for another.",
    ),
    Decision(
        "minimum-bid",
        "The smallest opening bid.",
        "Opening bids start at ${min_opening_bid}; every raise is at least ${bid_step} above "
        "the high bid.",
        "Bids must be multiples of ${bid_step}, and a free win would make auctions pointless.",
    ),
    Decision(
        "negotiation",
        "How long settlement talks may go on, and for what sums.",
        "Offers are in ${settlement_step} steps, at most what the defendant could pay by "
        "borrowing to the debt limit. Each new offer must meet the other side part way (lower "
        "than the plaintiff's last, higher than the defendant's). After {settlement_offers} "
        "offers the one on the table is accepted or rejected.",
        "Bounded talks keep the game moving and give the bots a clear rule.",
    ),
    Decision(
        "suit-limits",
        "A suit for more than the defendant has, and whether borrowing counts toward what the "
        "plaintiff could pay.",
        "A Negligence claim is at most the defendant's cash and at most the plaintiff's cash "
        "plus what the plaintiff could still borrow. Libel and Patent suits take what the loser "
        "has, up to the card's number.",
        "Borrowing is how a player pays what they must pay at once.",
    ),
    Decision(
        "negligence-steps",
        "A Negligence claim may be any amount within those limits.",
        "A claim is a whole multiple of ${negligence_step}, up to the limits above; a rival "
        "with less than ${negligence_step} in cash cannot be sued for Negligence.",
        "Claims of every whole dollar would offer one choice per dollar up to the limit, most "
        "differing by pocket change, at the table and for the computer players alike; steps "
        "of ${negligence_step}, like the settlement offers, keep the sums round.",
    ),
    Decision(
        "libel-patent-damages",
        "What happens to Libel Marketers and Patent tech points when either side wins.",
        "If the plaintiff wins, the Marketers or tech points move from the defendant to the "
        "plaintiff. If the defendant wins, the plaintiff returns that many Marketers to the "
        "deck or tech points to the bank.",
        "The loser pays the damages; the bank takes what a losing plaintiff pays.",
    ),
    Decision(
        "dice",
        "The source never says what dice to use.",
        "Ordinary six-sided dice.",
        "They are in every home.",
    ),
    Decision(
        "round-cap",
        "Only a payoff ends the game.",
        "The engine stops a game after round {round_cap}; the founder with the fewest IOUs "
        "wins, then the one with the most cash.",
        "Simulations need an end; at the table, play on.",
    ),
)


RULES: tuple[Rule, ...] = (
    Rule(
        "first-player-roll",
        "Each round everyone rolls a die per IOU they owe; the highest total plays first and "
        "a tie rolls again.",
        "setup phase, step 1",
    ),
    Rule(
        "payback-each-round",
        "From the second round on, every player is dealt one Payback card a round.",
        "setup phase, step 2",
    ),
    Rule(
        "deal-to-six",
        "Last round's events go back into the deck, which is shuffled and dealt until every "
        "hand holds six.",
        "setup phase, step 3",
    ),
    Rule(
        "setup-discard",
        "Then each player discards one card from their hand without showing it.",
        "setup phase, step 4",
    ),
    Rule(
        "sell",
        "On a turn a player may sell a card from their hand to the bank for the sale price.",
        "card play phase",
    ),
    Rule(
        "card-play-ends",
        "Card play ends when every player has passed in a row; a hand of two or fewer must pass.",
        "card play phase",
    ),
    Rule(
        "auction",
        "An auction card is put up for bids in $5 steps, clockwise; the last bidder left "
        "takes it and pays the seller, or the bank when the seller wins.",
        "auctions",
    ),
    Rule(
        "no-bids",
        "An auction card nobody bids on is discarded.",
        "playing a card, and auctions",
    ),
    Rule(
        "borrow",
        "A player may borrow from the bank in $100 steps, taking an IOU for each, up to "
        "the debt limit.",
        "borrowing money",
    ),
    Rule(
        "payback-one",
        "A Payback card returns one IOU for $100.",
        "paying off debt, and payback cards",
    ),
    Rule(
        "payback-two",
        "A Payback card may instead return two IOUs for $300.",
        "paying off debt, and payback cards",
    ),
    Rule(
        "first-debt-free-wins",
        "Returning one's last IOU wins the game at once.",
        "object of the game",
    ),
    Rule(
        "round-cap",
        "A game nobody has won by the round cap ends there: fewest IOUs wins, then most cash.",
        "not in the source, which plays until someone is free of debt; the round-cap decision",
    ),
    Rule(
        "bonus-card",
        "A bonus or penalty card is paid for and lies in a workplace until the round ends.",
        "playing a card",
    ),
    Rule(
        "headhunt",
        "A Headhunting card hires an employee away from a rival for its price.",
        "the cards",
    ),
    Rule(
        "no-first-round-attacks",
        "No Lawsuit or Headhunting card may be played in the first round.",
        "playing a card, the first-round restriction",
    ),
    Rule(
        "sue",
        "A Lawsuit card, free to play, opens a case against one rival.",
        "lawsuits",
    ),
    Rule(
        "settle",
        "The two sides trade cash offers; an accepted offer is paid and ends the case.",
        "settling out of court",
    ),
    Rule(
        "trial",
        "A rejected offer goes to trial: each rolls two dice and one more per Lawyer or "
        "Legal Intern, and a tie goes to the defendant.",
        "going to trial",
    ),
    Rule(
        "negligence",
        "Negligence is for cash: a losing defendant pays it to the plaintiff, a losing "
        "plaintiff to the bank.",
        "lawsuit cards, and going to trial",
    ),
    Rule(
        "libel",
        "Libel is for one to three Marketers, lost by whichever side loses.",
        "lawsuit cards, and going to trial",
    ),
    Rule(
        "patent",
        "Patent infringement is for eight to twelve tech points, lost by whichever side loses.",
        "lawsuit cards, and going to trial",
    ),
    Rule(
        "leadership-awards",
        "The sole leader in marketing or in tech points holds that award at once; a tie "
        "returns it to the bank.",
        "leadership awards",
    ),
    Rule(
        "salaries",
        "At the start of business, everyone pays their employees' salaries to the bank.",
        "business phase, and salaries",
    ),
    Rule(
        "layoff",
        "A player short of salary money may lay off employees, returning them to the deck.",
        "layoffs",
    ),
    Rule(
        "restructure",
        "Once short of salary money, a player may lay off more employees than the shortfall "
        "needs, even after the salaries are covered.",
        "layoffs",
    ),
    Rule(
        "earnings",
        "Earnings are the unit price (tech points, rounded down to tens) times the units "
        "sold, plus each contract's payment.",
        "earnings",
    ),
    Rule(
        "tech-growth",
        "After earnings every Engineer adds two tech points.",
        "business phase, step 3",
    ),
    Rule(
        "bonuses-return",
        "At the end of the round bonus cards leave the workplaces for the deck.",
        "business phase, step 4",
    ),
)
"""The rules the engine plays, each marked where it is carried out (``playlog.used``)."""


def decisions_for(
    tables: Mapping[str, Any], record: dict[str, Any] | None = None
) -> list[dict[str, str]]:
    """The decisions with the game's own numbers, and its simulation record's, filled in."""
    return rendered_with(DECISIONS, tables, record)


def _table(key: str, value: Any, source: str, label: str) -> Published:
    return Published(key, value, source, ("tables", key), label=label)


PUBLISHED: tuple[Published, ...] = (
    _table("start_engineers", 1, "Starting Assets", "Starting Engineers per founder"),
    _table("start_marketers", 1, "Starting Assets", "Starting Marketers per founder"),
    _table("start_ious", 3, "Starting Assets", "IOUs each founder starts with"),
    _table("start_cash", 100, "Starting Assets", "Money each founder starts with ($)"),
    _table("start_tech", 20, "Starting Assets", "Tech points each founder starts with"),
    _table("iou_value", 100, "Borrowing Money", "Value of one IOU ($)"),
    _table("debt_limit", 600, "Borrowing Money", "Most a founder may owe ($)"),
    _table("payback_one_cost", 100, "Paying Off Debt", "Paying back one IOU ($)"),
    _table("payback_two_cost", 300, "Paying Off Debt", "Paying back two IOUs ($)"),
    _table("payback_from_round", 2, "Setup Phase, step 2", "First round with Payback cards"),
    _table("hand_size", 6, "Setup Phase, step 3", "Cards in hand after the deal"),
    _table("setup_discards", 1, "Setup Phase, step 4", "Cards discarded after the deal"),
    _table("must_pass_at", 2, "Card Play Phase", "You must pass with this many cards or fewer"),
    _table("sell_price", 10, "Card Play Phase", "Price of a card sold to the bank ($)"),
    _table("bid_step", 5, "Auctions", "Bids go up in steps of ($)"),
    _table("trial_dice", 2, "Going to Trial", "Dice each side rolls at a trial"),
    _table("salary_engineer", 10, "Salaries and Layoffs", "Salary of an Engineer ($)"),
    _table("salary_marketer", 10, "Salaries and Layoffs", "Salary of a Marketer ($)"),
    _table(
        "lawyer_salaries",
        [10, 40, 90, 160, 250, 360, 490, 640],
        "Salaries and Layoffs (lawyers' table)",
        "Salaries of 1 to 8 Lawyers, in all ($)",
    ),
    _table(
        "contract_payment", 25, "Contract Cards; Earnings", "Payment per Government Contract ($)"
    ),
    _table("tech_rounding", 10, "Earnings, step 1", "Unit price rounds down to a multiple of ($)"),
    _table(
        "tech_leader_bonus",
        10,
        "Tech Leader Award",
        "Tech Leader award: extra tech points for the price",
    ),
    _table(
        "market_leader_bonus", 2, "Market Leader Award", "Market Leader award: extra units sold"
    ),
    _table("tech_per_engineer", 2, "Business Phase, step 3", "Tech points per Engineer each round"),
    Published(
        "contracts",
        12,
        "Contract Cards (twelve in the deck)",
        ("count", "type", CONTRACT),
        breaks=True,
        label="Government Contracts in the deck",
    ),
)
"""Numbers bidness.txt states; the rulebook's "Numbers from the source" table prints them."""
