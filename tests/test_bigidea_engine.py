"""The Big Idea's rules engine: the rules of bigidea.txt, its data checks and its bots.

Every expected number says where it comes from: the rule text (bigidea.txt) or the
numbers in cards/bigidea/game.yaml ``tables:`` (read here, never retyped).
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest

import pnp.games.bigidea as engine
from pnp._errors import Severity
from pnp.games.bigidea.actions import INVEST, PASS, THROW
from pnp.games.bigidea.economy import buy_in_payments, good_idea_winner, ipo_payout, share_ev
from pnp.games.bigidea.rules import DISCARD, MEZZANINE, PITCH, SEED, VENTURE, State
from pnp.games.bigidea.state import Product
from pnp.games.kit import Action, IllegalAction
from pnp.spec.game import Game
from pnp.spec.load import load_game


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("bigidea")


@pytest.fixture(scope="module")
def tables(game: Game) -> dict:
    return game.spec.tables


def seed(mask: int) -> Action:
    return Action("seed", (mask,))


def venture(pos: int) -> Action:
    return Action("venture", (pos,))


def buy(pos: int) -> Action:
    return Action("buy", (pos,))


KEEP_ALL = Action("discard", (0,))


class Die(random.Random):
    """A Random whose ``random()`` first returns the queued die faces (shuffles unaffected)."""

    def __init__(self, faces: list[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.faces = list(faces)

    def random(self) -> float:
        if self.faces:
            return (self.faces.pop(0) - 0.5) / 6
        return super().random()


def play_out(state: State, bot: str = "random", seed: int = 0) -> State:
    rng, choose = random.Random(seed), engine.BOTS[bot]
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(choose(state.view(seat), state.legal_actions(), rng))
    return state


def at_mezzanine(
    game: Game,
    players: int,
    products: list[Product],
    seed: int = 1,
    phase: int = MEZZANINE,
    cash: list[int] | None = None,
) -> State:
    """A state in round 1's Mezzanine (or ``phase``), with exactly ``products`` on the table."""
    s = engine.new_state(game, players, seed)
    if cash is not None:
        s.cash = list(cash)
    s.table = products
    for p in products:
        for seat, k in enumerate(p.shares):
            s.free[seat] -= k
    s.pending = [None] * players
    s.phase, s.turn, s._shown = phase, 0, None
    s._advance()
    return s


def product(owner: int, shares: list[int], white: int = 0, born: int = 0) -> Product:
    p = Product(owner + 100, owner, (), len(shares), born)
    p.shares, p.players, p.white = list(shares), sum(shares), white
    return p


# -- the money arithmetic ------------------------------------------------------------


def test_one_share_is_worth_a_sixth() -> None:
    # bigidea.txt: 1-share product pays $1 on a 1 → EV $1/6
    assert share_ev(1) == Fraction(1, 6)


def test_six_share_product_always_pays_three_fifty() -> None:
    # bigidea.txt: a 6-share product is sure to pay, $3.50 per share on average
    assert share_ev(6) == Fraction(7, 2)
    assert share_ev(11) == Fraction(7, 2)  # more chips cannot beat a sure thing


def test_ev_table_matches_the_rule(game: Game) -> None:
    # bigidea.txt: success on roll r ≤ stack, then $r per share → Σ r/6 for r ≤ stack
    table = engine.ev_table()
    assert [row["ev_exact"] for row in table] == ["1/6", "1/2", "1", "5/3", "5/2", "7/2"]
    assert table[-1]["label"] == "6+"


def test_ipo_payout_two_shares_at_a_three() -> None:
    # bigidea.txt: a roll of 3 pays $6 for 2 shares and $3 for 1 share
    assert ipo_payout([0, 2, 1], 3) == {1: 6, 2: 3}


def test_engine_pays_an_ipo_and_returns_the_chips(game: Game, tables: dict) -> None:
    # bigidea.txt: roll 3 ≤ 3 chips → success; 2 shares earn $6, 1 share earns $3
    s = at_mezzanine(game, 3, [product(1, [0, 2, 1])])
    s.rng = Die([3])
    while s.phase == MEZZANINE:
        s.apply(PASS)
    assert s.cash[1] == tables["start_cash"] + 6
    assert s.cash[2] == tables["start_cash"] + 3
    assert s.free == [tables["chips_per_player"]] * 3
    assert s.table == []


def test_failed_ipo_adds_one_white_chip(game: Game, tables: dict) -> None:
    # bigidea.txt: roll 6 > 2 chips → the IPO fails and one foreign chip joins from the bank
    s = at_mezzanine(game, 3, [product(0, [1, 1, 0])])
    s.rng = Die([6])
    while s.phase == MEZZANINE:
        s.apply(PASS)
    (left,) = s.table
    assert (left.white, left.players) == (1, 2)
    assert s.white_bank == tables["foreign_chips"] - 1
    assert s.cash == [tables["start_cash"]] * 3  # tied-up chips pay nothing


def test_no_white_chip_left_is_reported(game: Game) -> None:
    # rules decision (engine docstring): an empty bank adds no chip; the shortage is reported
    s = at_mezzanine(game, 3, [product(0, [1, 0, 0])])
    s.white_bank = 0
    s.rng = Die([6])
    while s.phase == MEZZANINE:
        s.apply(PASS)
    assert s.table[0].white == 0
    printed = engine.printed_components(game)["foreign chips"]["white"]
    assert s.usage()["foreign chips"]["white"] == printed + 1  # one more than the bank had


# -- the four phases -----------------------------------------------------------------


def test_mezzanine_pays_each_owner_and_not_foreign_chips(game: Game, tables: dict) -> None:
    # bigidea.txt: Blue holds 2 shares (plus a foreign chip) → buying in pays Blue $2, $0 else
    price = tables["mezzanine_price_per_share"]
    assert buy_in_payments([0, 2, 0], 0, price) == {1: 2 * price}
    s = at_mezzanine(game, 3, [product(1, [0, 2, 0], white=1)])
    buyer = s.current_player()
    if buyer == 1:  # Blue is first to act: let the next seat be the buyer
        s.apply(PASS)
        buyer = s.current_player()
    before = s.cash[:]
    s.apply(buy(0))
    assert s.cash[1] - before[1] == 2 * price
    assert before[buyer] - s.cash[buyer] == 2 * price
    assert sum(s.cash) == sum(before)  # nothing goes to the bank or the foreign investors
    assert s.table[0].shares[buyer] == 1


def test_own_shares_cost_nothing_and_cash_limits_buying(game: Game, tables: dict) -> None:
    # bigidea.txt: a buyer pays the owner of each share; one's own shares make it cheaper
    assert buy_in_payments([2, 1, 0], 0, 1) == {1: 1}
    price = tables["mezzanine_price_per_share"]
    # Red has $1 short of Blue's four shares, Green exactly enough
    s = at_mezzanine(game, 3, [product(1, [0, 4, 0])], cash=[4 * price - 1, 0, 4 * price])
    s.rng = Die([6])  # the IPO fails, so the buy-in is the only money that moves
    asked = []
    while s.phase == MEZZANINE:
        seat = s.current_player()
        asked.append(seat)
        if seat == 2:
            s.apply(buy(0))
            assert (s.cash[1], s.cash[2]) == (4 * price, 0)  # Green paid Blue's four shares
        else:
            s.apply(PASS)
    assert sorted(asked) == [1, 2]  # Blue could add to its own stack for free; Red cannot pay


def test_good_idea_bonus_needs_a_single_most_popular_product(game: Game, tables: dict) -> None:
    # bigidea.txt: most investors after the Venture gets the bonus; a tie for most → none
    assert good_idea_winner([0, 1, 2], [2, 2, 1]) is None
    assert good_idea_winner([0, 1, 2], [1, 3, 2]) == 1
    bonus = tables["good_idea_bonus"]
    # a and b invent; each backs the other. c and d back a and b (3 vs 3: tie, no bonus),
    # or both back b (2 vs 4: b's product is the most popular).
    for c_backs, d_backs, winner in (("a", "b", None), ("b", "b", "b")):
        s = engine.new_state(game, 4, 5)
        a, b, c, d = s.order
        seat = {"a": a, "b": b}
        while s.phase == SEED:
            s.apply(seed(0b1))
        while s.phase == PITCH:
            s.apply(INVEST if s.current_player() in (a, b) else THROW)
        index = {p.owner: i for i, p in enumerate(s.table)}
        choice = {a: index[b], b: index[a], c: index[seat[c_backs]], d: index[seat[d_backs]]}
        before = s.cash[:]
        while s.phase == VENTURE:
            s.apply(venture(choice[s.current_player()]))
        gained = [x - y for x, y in zip(s.cash, before, strict=True)]
        expect = [0] * 4
        if winner:
            expect[seat[winner]] = bonus
        assert gained == expect


def test_venture_only_on_others_new_products(game: Game) -> None:
    # bigidea.txt: Venture chips go only on products new this round, never one's own
    old, mine, theirs = product(1, [0, 1, 0], born=-1), product(0, [1, 0, 0]), product(1, [0, 1, 0])
    s = at_mezzanine(game, 3, [old, mine, theirs], phase=VENTURE)
    while s.current_player() != 0:
        s.apply(PASS)
    assert s.legal_actions() == (PASS, venture(2))
    while s.phase == VENTURE:
        s.apply(PASS)
    while s.current_player() != 0:
        s.apply(PASS)
    assert s.legal_actions() == (PASS, buy(0), buy(1), buy(2))  # Mezzanine: any product, new or old


def test_seat_without_chips_cannot_invest(game: Game, tables: dict) -> None:
    # bigidea.txt: chips tied up in products cannot be invested again
    s = at_mezzanine(game, 3, [product(0, [tables["chips_per_player"], 0, 0])])
    assert s.free[0] == 0
    asked = set()
    while s.phase == MEZZANINE:
        asked.add(s.current_player())
        s.apply(PASS)
    assert 0 not in asked and asked == {1, 2}


def test_seed_plays_one_or_more_cards(game: Game, tables: dict) -> None:
    # bigidea.txt: a product is any assortment of cards (we require at least one)
    s = engine.new_state(game, 4, 2)
    hand = 2 * tables["hand_per_deck"]
    legal = s.legal_actions()
    assert s.phase == SEED and legal == tuple(seed(m) for m in range(1, 1 << hand))
    assert legal is engine.new_state(game, 4, 3).legal_actions()  # made once, handed out again
    with pytest.raises(IllegalAction, match="'seed 0' is not legal now"):
        s.apply(seed(0))


def test_hands_refill_to_three_of_each(game: Game, tables: dict) -> None:
    # bigidea.txt: after each round draw until the hand holds 3 cards from each deck
    s = engine.new_state(game, 5, 9)
    deck_of, want = s.config.card_deck, tables["hand_per_deck"]
    rng = random.Random(1)
    rounds_seen = 0
    while not s.is_terminal():
        if s.phase == SEED and s.turn == 0:
            rounds_seen += 1
            for hand in s.hands:
                assert sorted(deck_of[c] for c in hand) == [0] * want + [1] * want
        s.apply(engine.BOTS["random"](s.view(s.current_player()), s.legal_actions(), rng))
    assert rounds_seen == engine.rounds_for(5)


def test_empty_deck_reshuffles_its_discards(game: Game, tables: dict) -> None:
    # bigidea.txt: if either deck runs out, reshuffle the discards
    s = engine.new_state(game, 4, 3)
    rng = random.Random(2)
    while s.phase != DISCARD:
        s.apply(engine.BOTS["random"](s.view(s.current_player()), s.legal_actions(), rng))
    big = s.draw[0]
    s.discards[0].extend(big[1:])
    del big[1:]
    while s.phase == DISCARD:
        s.apply(KEEP_ALL)
    assert s.peaks.reshuffles[0] == 1
    for hand in s.hands:
        assert sum(1 for c in hand if s.config.card_deck[c] == 0) == tables["hand_per_deck"]
    cards = sum(len(h) for h in s.hands) + len(s.draw[0]) + len(s.draw[1])
    cards += len(s.discards[0]) + len(s.discards[1]) + sum(len(p.cards) for p in s.table)
    assert cards == len(s.config.card_ids)  # no card lost or doubled


@pytest.mark.parametrize(("players", "rounds"), [(3, 6), (4, 4), (5, 5), (6, 6)])
def test_game_length(game: Game, players: int, rounds: int) -> None:
    # bigidea.txt: one round per player as leader; with exactly three players, two each
    s = play_out(engine.new_state(game, players, players))
    assert s.length() == rounds
    leads = [line for line in s.transcript if line.startswith("Round ")]
    assert len(leads) == rounds


def test_venture_choices_stay_secret_until_the_reveal(game: Game) -> None:
    # bigidea.txt: Venture picks are secret; everyone places their chip at once
    s = engine.new_state(game, 3, 4)
    while s.phase == SEED:
        s.apply(seed(0b11))
    first_seen = s.view(s.order[1]).played
    assert first_seen[s.order[2]] is None  # face-down product not yet revealed
    while s.phase == PITCH:
        s.apply(INVEST)
    first = s.current_player()
    table_before = s.view(first).products
    s.apply(s.legal_actions()[1])
    for seat in range(3):
        view = s.view(seat)
        assert view.products == table_before
        assert view.my_venture == (s.venture[first] if seat == first else None)
        assert len(view.hand) == len(s.hands[seat])
    while s.phase == VENTURE:
        s.apply(s.legal_actions()[1])
    assert sum(p.players for p in s.view(first).products) == 6


# -- whole games ---------------------------------------------------------------------


def test_same_seed_same_game_and_clones_do_not_share(game: Game) -> None:
    a = play_out(engine.new_state(game, 4, 11), "heuristic")
    b = play_out(engine.new_state(game, 4, 11), "heuristic")
    assert a.transcript == b.transcript and a.returns() == b.returns()
    s = engine.new_state(game, 4, 11)
    copy = s.clone()
    play_out(copy)
    assert s.round == 0 and s.phase == SEED and not s.table


def test_money_is_conserved_and_chips_never_exceed_the_printed(game: Game, tables: dict) -> None:
    for seed in range(30):
        s = play_out(engine.new_state(game, 6, seed))
        assert max(s.usage()["chips"].values()) <= tables["chips_per_player"]
        placed = sum(p.players for p in s.table)
        assert placed + sum(s.free) == 6 * tables["chips_per_player"]


def test_heuristic_beats_random(game: Game) -> None:
    wins = 0
    for seed in range(60):
        s = engine.new_state(game, 4, seed)
        bots = [engine.BOTS["heuristic"], engine.BOTS["random"]] * 2
        rng = random.Random(seed)
        while not s.is_terminal():
            p = s.current_player()
            s.apply(bots[p](s.view(p), s.legal_actions(), rng))
        r = s.returns()
        wins += max(r[0], r[2]) > max(r[1], r[3])
    assert wins >= 45


# -- data checks and worked examples -------------------------------------------------


@pytest.mark.parametrize("expansions", [[], ["more-cards"]])
def test_bundled_data_is_valid(expansions: list[str]) -> None:
    g = load_game("bigidea", expansions=expansions)
    assert [f for f in engine.validate(g) if f.severity is Severity.ERROR] == []


def test_validate_catches_a_repeated_word_and_an_empty_line(game: Game) -> None:
    cards = list(game.cards)
    first = cards[0]
    twin = next(i for i, c in enumerate(cards) if c.deck == first.deck and i > 0)
    cards[twin] = dataclasses.replace(cards[twin], name=first.name.upper())
    blank = next(i for i, c in enumerate(cards) if c.deck != first.deck)
    cards[blank] = dataclasses.replace(cards[blank], text="  ")
    broken = dataclasses.replace(game, cards=cards)
    errors = [f for f in engine.validate(broken) if f.severity is Severity.ERROR]
    assert {f.location for f in errors} == {cards[twin].where("name"), cards[blank].where("text")}
    assert any("twice" in f.message for f in errors)
    assert any("no line" in f.message for f in errors)


def test_validate_catches_a_deck_too_small(game: Game) -> None:
    # players.max × hand_per_deck cards must be dealable from each deck
    keep = game.spec.players.max * game.spec.tables["hand_per_deck"] - 1
    big = [c for c in game.cards if c.deck == game.spec.decks[0].id][:keep]
    small = dataclasses.replace(game, cards=big + game.deck_cards(game.spec.decks[1].id))
    assert any(
        f.severity is Severity.ERROR and "dealing" in f.message for f in engine.validate(small)
    )


def test_validate_checks_the_tables(game: Game) -> None:
    def errors(**changes: object) -> str:
        t = {**game.spec.tables, **changes}
        broken = dataclasses.replace(game, spec=game.spec.model_copy(update={"tables": t}))
        return " | ".join(
            f.message for f in engine.validate(broken) if f.severity is Severity.ERROR
        )

    few_colors = game.spec.tables["colors"][:2]
    no_ones = [row for row in game.spec.tables["money"] if row["value"] != 1]
    # the shape first (pnp/games/bigidea/tables.py): the rules wait for it
    assert errors(chips_per_player=0, colors=few_colors) == (
        "tables.chips_per_player: must be at least 1, not 0"
    )
    messages = errors(colors=few_colors, money=no_ones)
    assert "colours" in messages
    assert "$1" in messages


def test_worked_examples(game: Game, tables: dict) -> None:
    ex = engine.worked_examples(game)
    assert ex["ev_table"][0]["ev"] == 0.17 and ex["ev_table"][-1]["ev"] == 3.5
    # bigidea.txt: Blue has two shares → $2 to Blue; foreign chips cost nothing
    assert ex["mezzanine"]["payments"] == {tables["colors"][1]["name"]: 2}
    assert ex["mezzanine"]["cost"] == 2
    assert [row["dollars"] for row in ex["ipo"]["payout"]] == [6, 3]
    assert ex["good_idea"]["tie_example"]["winner"] is None
    assert ex["rounds"][3] == 6 and ex["rounds"][6] == 6


def test_a_dry_deck_deals_what_it_has_and_is_reported(game: Game, tables: dict) -> None:
    # rules decision (RULE_NOTES): no draw pile and no discards → play on with a short hand
    s = engine.new_state(game, 4, 6)
    rng = random.Random(3)
    while s.phase != DISCARD:
        s.apply(engine.BOTS["random"](s.view(s.current_player()), s.legal_actions(), rng))
    s.draw[0].clear()
    s.discards[0].clear()

    def big_in_hands() -> int:
        return sum(1 for h in s.hands for c in h if s.config.card_deck[c] == 0)

    before = big_in_hands()
    assert before < 4 * tables["hand_per_deck"]  # someone played a BIG card this round
    while s.phase == DISCARD:
        s.apply(KEEP_ALL)
    assert big_in_hands() == before
    assert s.ran_out() == [
        f"{game.spec.decks[0].id} deck: draw pile and discards both empty when a card was due"
    ]
    play_out(s)
    assert s.is_terminal()


def test_numbers_pinned_to_bigidea_txt(game: Game) -> None:
    # bigidea.txt, setup: five chips and $10 each; the bank's 30 white chips
    spec = game.spec.model_copy(update={"tables": {**game.spec.tables, "chips_per_player": 4}})
    fewer = dataclasses.replace(game, spec=spec)
    (finding,) = engine.validate(fewer)
    assert finding.severity is Severity.WARNING
    assert "chips each is 4, published 5" in finding.message


def test_the_more_cards_expansion_overrides_the_deck_sizes_on_purpose() -> None:
    # bigidea.txt: two 96-card decks; the expansion lists both under overrides:
    bigger = load_game("bigidea", expansions=["more-cards"])
    assert engine.validate(bigger) == []
    bare = dataclasses.replace(bigger, expansions=[])
    messages = [f.message for f in engine.validate(bare)]
    assert any("BIG deck cards is 128, published 96" in m for m in messages)


def test_the_engine_marks_every_decision_it_lists() -> None:
    """Each decision the rulebook prints names the code that carries it out (docs/engines.md)."""
    import re
    from pathlib import Path

    from pnp.games.bigidea.decisions import DECISIONS

    folder = Path(engine.__file__).parent
    marks = re.compile(r"#\s*decision ([a-z0-9-]+)")
    marked = {m for f in folder.glob("*.py") for m in marks.findall(f.read_text(encoding="utf-8"))}
    assert marked == {d.id for d in DECISIONS}
