"""oldbiddy.txt: the rules it leaves open and the numbers it prints, as data (see
:mod:`pnp.games.decisions`).

A published number is named by its ``tables:`` key, or in words for a component count
(``gem cards``); that name is what an expansion lists under ``overrides:``.
"""

from __future__ import annotations

from typing import Any

from pnp.games.decisions import Decision, Published, rendered_with
from pnp.games.oldbiddy.config import Config
from pnp.games.playlog import Rule

DECISIONS: tuple[Decision, ...] = (
    Decision(
        "sixth-card",
        "The component list counts six character action cards, but only five characters "
        "(A to E) are described.",
        "The sixth card is a round-order reference card: it lists the three phases of a "
        "round and is never chosen.",
        "Five characters are all the rules use; a reference card on the table helps "
        "new players and keeps the printed count at six.",
    ),
    Decision(
        "board-ends",
        "The market board's length is not given, and nothing says what happens when a "
        "gem would move past its end.",
        "The market track has {spaces} spaces with the three start spaces in its middle. "
        "The Boss may only choose a move that keeps the moved gem on the track.",
        "Gems can drift a long way over six rounds; a track that fits one sheet with a "
        "simple 'you cannot leave the board' rule is easy to check at the table.",
    ),
    Decision(
        "round-track",
        "The source times the game by the gem-card deck running out; it has no round counter.",
        "The board carries a round track 1 to {rounds}; move the round marker at the "
        "start of each round.",
        "Forgetting the round is easy when most of the deck is in the box at 3 or 4 players.",
    ),
    Decision(
        "zero-marker-colours",
        "Six zero score markers are listed for three gem colours, without saying which "
        "colours they show.",
        "There are {zero_per_colour} zero score markers of each colour.",
        "An even split makes every colour equally likely to be worthless to a player.",
    ),
    Decision(
        "bid-tie",
        "Tied bids go to 'the higher turn order marker', which could mean the larger "
        "number or the earlier position.",
        "The player whose old turn order marker shows the larger number wins the tie (the "
        "one who went later last round).",
        "The marker already adds its number to the bid, so the source favours late "
        "players; reading 'higher' as the larger number keeps that catch-up.",
    ),
    Decision(
        "supply-runs-out",
        "Nothing says what happens when a gem colour runs out in the supply.",
        "You take only what is left: missing gems from a gem card are lost, and the last "
        "player or the Princess may only pick a colour still in the supply.",
        "It needs no extra rule; `pnp simulate oldbiddy` counts the most gems of each "
        "colour ever out of the supply.",
        claim="In {record[heuristic][games]:,} simulated games at "
        "{record[heuristic][players]} players between computer players that play to win, "
        "the supply ran out of a colour in "
        "{record[heuristic][components][gems out of the supply][short_games]} of them.",
    ),
    Decision(
        "gem-cards",
        "The source counts the gem cards, each showing gems, but gives no card's gems.",
        "The {gem_cards} gem cards are this edition's invention: patterns of {gem_min} to "
        "{gem_max} gems, each printed in every colour rotation, so that every colour appears "
        "equally often over the deck.",
        "Equal colour totals keep any colour from being worth more to draw than another, and "
        "the rotations keep every pattern from favouring one colour.",
    ),
    Decision(
        "moneybags-bonus",
        "The source has the gem Moneybags places make its colour worth one more, but does "
        "not say for whom.",
        "Each gem in front of your own screen adds {moneybags_bonus} to the value of your "
        "own gems of that colour, for the final score only. Several add up.",
        "The scoring section speaks of gems 'you have in front of your screen'.",
    ),
    Decision(
        "bids-are-spent",
        "The source does not say whether the gems and fake gem put into a bid are given up.",
        "Everything you bid is spent: gems go back to the supply and a fake gem goes back "
        "to the pile. Your old turn order marker is handed in as usual.",
        "The scoring mentions a fake gem 'remaining', which only makes sense if bidding "
        "uses them up; free bids would make everyone bid everything.",
    ),
    Decision(
        "spent-fake-gems",
        "Where a spent fake gem goes is not said.",
        "Spent fake gems return to the pile, where Old Biddy can take them again.",
        "There are only {fake_gems} fake gems; out of the game, Old Biddy would soon "
        "have nothing to give.",
    ),
    Decision(
        "two-fake-gems",
        "A player holding two fake gems at the end: it is unclear whether they score "
        "one bonus point or two.",
        "Keeping any fake gems scores {fake_kept} point in all, however many you hold.",
        "The source gives the point to whoever still has a large fake gem at the end, "
        "not one per gem.",
    ),
    Decision(
        "skip-action",
        "The source does not say whether a character's action may be left out, e.g. "
        "when the Boss cannot pay.",
        "The Boss, Moneybags and the Kid may choose not to act, and must skip when they "
        "cannot (no gems to pay or to show, no marker to swap). Old Biddy takes a fake gem "
        "if one is left; the Princess always takes and gives.",
        "A player who cannot pay must not be stuck; declining a move that would hurt "
        "you is part of the decision.",
    ),
    Decision(
        "kid-looks",
        "Whether the Kid may look at the markers on the board before swapping is not said.",
        "The Kid picks one of the face-down markers on the board without looking, puts "
        "their own in its place face down, and then looks at the new one.",
        "The markers are placed face down, so the swap is a gamble unless you remember "
        "what you left there yourself.",
    ),
    Decision(
        "winner-tie",
        "The source names no tie-break for the winner.",
        "Players tied on points share the win.",
        "Every later count (gems, fake gems) is already part of the score.",
    ),
    Decision(
        "boss-payment",
        "How many gems the Boss hands over when one colour does not divide the cost.",
        "The Boss pays the fewest gems of the moved colour that together reach the cost; "
        "no change is given (that part is the source's rule).",
        "Paying more than needed only loses gems.",
    ),
    Decision(
        "public-holdings",
        "Gems behind a screen are hidden, yet everything that goes behind a screen is taken "
        "openly.",
        "Everyone may keep count of what each player takes and spends; only bids (until "
        "revealed) and zero score markers are secret. pnp's bots count the same way.",
        "An attentive player could keep that count anyway; saying so keeps it fair.",
    ),
)


def _table(key: str, value: Any, source: str) -> Published:
    return Published(key, value, source, ("tables", key))


PUBLISHED: tuple[Published, ...] = (
    # Components: the source's list, against what the data prints
    Published("gem cards", 30, "Components: 30 gem cards", ("count", "type", "gem")),
    Published(
        "character action cards",
        6,
        "Components: 6 character action cards",
        ("count", "deck", "character"),
    ),
    Published("gems", 180, "Components: 180 gems"),
    Published("screens", 5, "Components: 5 screens"),
    Published("turn order markers", 10, "Components: 10 turn order markers"),
    Published("large fake gems", 5, "Components: 5 large fake gems"),
    Published("zero score markers", 6, "Components: 6 zero score markers"),
    Published("market boards", 1, "Components: 1 market board"),
    # Tables
    _table("rounds", 6, "How to play: six rounds"),
    _table("gems_per_colour", 60, "Components: 180 gems, 60 of each colour"),
    _table("start_gems_per_colour", 1, "Set up: a gem of each colour"),
    _table("market_values", [1, 2, 3], "About the Market Board: lowest 1, middle 2, highest 3"),
    _table("fake_gems", 5, "Components: 5 large fake gems"),
    _table("fake_gem_bid", 5, "Phase 1: five points for a large fake gem"),
    _table("fake_gems_per_bid", 1, "Phase 1: no more than one large fake gem"),
    _table("fake_gem_kept_score", 1, "Scoring: a large fake gem remaining scores 1"),
    _table("moneybags_bonus", 1, "C. Moneybags: increases the value of that colour by 1"),
    _table("last_player_gems", 1, "Phase 2: the last player takes one single gem"),
    Published(
        "boss_moves",
        {1: 1, 2: 6, 3: 12},
        "B. The Boss: pay 1/6/12 for 1/2/3 spaces",
        ("tables", "boss_moves", "spaces", "cost"),
    ),
    Published(
        "gem_cards_removed",
        {3: 12, 4: 6, 5: 0},
        "Set up: remove 12 gem cards at 3 players, 6 at 4, none at 5",
        ("tables", "gem_cards_removed", "players", "removed"),
    ),
    Published(
        "start_gems",
        {1: [], 2: [1], 3: [2], 4: [3], 5: [3, 1]},
        "Set up: player 1 no extra gems, 2 one of value 1, 3 one of value 2, 4 one of "
        "value 3, 5 one of value 3 and one of value 1",
        ("tables", "start_gems", "position", "worth"),
    ),
    _table("market.zero_marker_spaces", 3, "Set up: the spare markers' marked spaces"),
)
"""The numbers oldbiddy.txt prints.  The components without a path are counted by
:func:`pnp.games.oldbiddy.check.validate` from what the data prints."""


def numbers(config: Config) -> dict[str, Any]:
    """The game's numbers the decisions quote, from the engine's config."""
    return {
        "spaces": config.spaces,
        "rounds": config.rounds,
        "zero_per_colour": min(config.zero_markers),
        "gems_per_colour": config.gems_per_color,
        "moneybags_bonus": config.moneybags_bonus,
        "fake_gems": config.fake_gems,
        "fake_kept": config.fake_gem_kept_score,
        "gem_cards": len(config.gem_cards),
        "gem_min": min(map(sum, config.gem_cards)),
        "gem_max": max(map(sum, config.gem_cards)),
    }


RULES: tuple[Rule, ...] = (
    Rule(
        "start-market",
        "One gem of each colour starts at random on the market's marked start spaces.",
        "set-up, the market board",
    ),
    Rule(
        "start-extra-gems",
        "Later turn-order markers start with extra gems, valued by the starting market.",
        "set-up, the table of extra gems",
    ),
    Rule(
        "no-first-bid",
        "The first round has no bidding: the set-up markers give the turn order.",
        "set-up, last line, and phase 1",
    ),
    Rule(
        "deal-gem-cards",
        "Each round one gem card is dealt face up beside every character in play.",
        "set-up and phase 1",
    ),
    Rule(
        "sealed-bid",
        "Everyone bids at once from a closed fist: gems at market value plus their "
        "turn-order marker.",
        "phase 1, making and totalling a bid",
    ),
    Rule(
        "fake-gem-bid",
        "One large fake gem, no more, may join a bid and counts five points.",
        "phase 1, making and totalling a bid",
    ),
    Rule(
        "bid-tie",
        "Between equal bids the player with the higher old turn-order marker goes first.",
        "phase 1, the outcome of the bid",
    ),
    Rule(
        "take-character",
        "In turn order, every player but the last takes a character and the gems on its gem card.",
        "phase 2",
    ),
    Rule(
        "last-player-gem",
        "The last player takes no character but one gem of any colour from the supply.",
        "phase 2",
    ),
    Rule(
        "discard-leftover-card",
        "The gem card beside the character nobody took is discarded.",
        "phase 2, last paragraph",
    ),
    Rule(
        "fake-gem",
        "Old Biddy takes a large fake gem, if one is left.",
        "phase 3, character A",
    ),
    Rule(
        "boss-move-1",
        "The Boss pays the one-space cost in gems of one colour and moves that colour one space.",
        "phase 3, character B",
    ),
    Rule(
        "boss-move-2",
        "The Boss pays the two-space cost in gems of one colour and moves that colour two spaces.",
        "phase 3, character B",
    ),
    Rule(
        "boss-move-3",
        "The Boss pays the three-space cost in gems of one colour and moves that colour "
        "three spaces.",
        "phase 3, character B",
    ),
    Rule(
        "boss-bump",
        "A gem stepping onto another gem's space sends that gem to the space it just left.",
        "phase 3, character B",
    ),
    Rule(
        "moneybags",
        "Moneybags puts one gem in front of the screen, raising that colour by one for "
        "its owner at the end.",
        "phase 3, character C, and scoring",
    ),
    Rule(
        "kid-swap",
        "The Kid swaps their zero score marker with one lying on the market board.",
        "phase 3, character D",
    ),
    Rule(
        "princess",
        "The Princess takes a gem from the supply and then gives another player one.",
        "phase 3, character E",
    ),
    Rule(
        "last-round",
        "The game ends once the last round on the round track is over.",
        "end game",
    ),
    Rule(
        "gem-scoring",
        "Gems behind the screen score their colour's market value, plus one per gem of that "
        "colour in front of the screen; the most points wins.",
        "scoring",
    ),
    Rule(
        "zero-colour",
        "At the end a player's gems of the colour on their zero score marker score nothing.",
        "scoring",
    ),
    Rule(
        "fake-gem-point",
        "A large fake gem still held at the end scores one point.",
        "scoring",
    ),
)
"""The rules the engine plays, each marked where it is carried out (``playlog.used``)."""


def decisions_for(config: Config, record: dict[str, Any] | None = None) -> list[dict[str, str]]:
    """The decisions for the rulebook, with the data's numbers (and its simulation
    record's) filled in."""
    return rendered_with(DECISIONS, numbers(config), record)
