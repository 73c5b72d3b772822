"""•Boom rules engine: rules from boom.txt, numbers from cards/boom/*.yaml."""

from __future__ import annotations

import random

import pytest

from pnp._errors import UsageError
from pnp.games import boom
from pnp.games.bank import Piles, bank_for
from pnp.games.boom.actions import (
    ACT,
    AGREE,
    ATTACH,
    BUY,
    CLOSE,
    CONSENT,
    DECLINE,
    DISCARD,
    FUND,
    INVITE,
    IPO,
    KEEP,
    OFFER,
    PASS,
    PLAY,
    PLAY_PLAN,
    REFUSE,
    TARGET,
    TARGET_PHASE,
    TERMS,
    TERMS_PHASE,
    act,
)
from pnp.games.boom.company import Company, burn_rate, found, with_cards, with_shares
from pnp.games.boom.rules import CRASH, State
from pnp.games.kit import IllegalAction
from pnp.sim.runner import simulate
from pnp.spec.game import Game
from pnp.spec.load import load_game


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("boom")


def fresh(game: Game, players: int = 4, seed: int = 0) -> State:
    return boom.new_state(game, players, seed)


def moved(state: State) -> None:
    """The test moved the state by hand: forget the legal actions it had worked out."""
    state._legal = None


def take(state: State, card_id: str) -> int:
    """Pull one copy of a card out of the deck, a hand or the discard pile."""
    for pile in (state.deck, state.discard, *state.hands):
        for card in pile:
            if state.config.card_id[card] == card_id:
                pile.remove(card)
                return card
    raise LookupError(card_id)


def place(
    state: State,
    plan_id: str,
    owner: int,
    attached: tuple[str, ...] = (),
    shares: dict[int, int] | None = None,
    cash: int = 0,
) -> Company:
    """Put a company on the table as if it had been played and funded earlier."""
    plan = take(state, plan_id)
    co = found(state.config, plan, owner, state.players)
    co = with_cards(state.config, co, tuple(take(state, c) for c in attached))
    for seat, n in (shares or {}).items():
        co = with_shares(co, seat, n, 0)
        state.stock_out[seat] += n
    co = state.companies[plan] = co._replace(cash=cash)
    moved(state)
    return co


def finish_turns(state: State, turns: int) -> None:
    """Every seat keeps its cards and passes, for ``turns`` turns."""
    for _ in range(turns):
        state.apply(act(KEEP))
        state.apply(act(PASS))


def finish_round(state: State) -> None:
    finish_turns(state, state.players - state.turn_pos)


def event_index(state: State, event_id: str) -> int:
    return next(i for i, e in enumerate(state.config.events) if e.id == event_id)


def others(state: State) -> list[int]:
    return [s for s in range(state.players) if s != state.actor]


def test_any_whole_price_from_the_minimum_up_and_bots_keep_to_a_menu(game: Game) -> None:
    from pnp.games.boom.bots import menu_moves

    s = fresh(game)
    me = s.actor
    plan = take(s, "airwavz-plan")
    s.hands[me].append(plan)
    s.apply(act(PLAY_PLAN, plan))
    s.apply(act(FUND, plan))
    prices = {a.args[0] for a in s.legal_actions()}
    # boom.txt: "at least $5m (there is no upper limit)"; its own example uses $7m
    assert prices == set(range(5, s.money[me] + 1))
    assert act(TERMS, 7, 2) in s.legal_actions()
    assert {a.args[0] for a in menu_moves(s.view(me), s.legal_actions())} == {5, 10, 15, 20, 30, 40}
    with pytest.raises(IllegalAction, match="not legal now"):
        s.clone().apply(act(TERMS, 4, 1))
    with pytest.raises(IllegalAction, match="not legal now"):
        s.clone().apply(act(TERMS, 60, 2))  # $120m is more than the lead's $100m
    s.apply(act(TERMS, 7, 2))
    assert s.companies[plan].cash == 14  # boom.txt: "$7m ... two shares ... $14m"


# -- IPO ---------------------------------------------------------------------------------


def test_ipo_example_fits_the_limit_it_states(game: Game) -> None:
    ipo = boom.worked_examples(game)["ipo"]
    # boom.txt: the limit starts at 6; a 4-card company goes public only once it has moved
    assert ipo["start_limit"] == 6 and ipo["limit"] == 4 == ipo["cards"]


def test_worked_ipo_example_matches_the_rules(game: Game) -> None:
    ipo = boom.worked_examples(game)["ipo"]
    # boom.txt: "3 + 4 + 1 + 2 = 10" → "$200m"
    assert (ipo["die"], ipo["cards"], ipo["matching"], ipo["event_bonus"]) == (3, 4, 1, 2)
    assert ipo["roll"] == 10
    assert ipo["raised"] == 200  # game.yaml ipo_table: roll 10 → 200
    # boom.txt: $200m / 6 shares → $33m each; 2, 1 and 3 shares earn 66, 33 and 99
    assert ipo["per_share"] == 33
    assert [h["paid"] for h in ipo["holdings"]] == [66, 33, 99]


def test_ipo_pays_each_share_rounded_down_and_clears_the_company(game: Game) -> None:
    s = fresh(game)
    s.event = event_index(s, "killer-app-summer")  # events.yaml: software IPOs +2
    co = place(
        s,
        "synergizr-plan",
        owner=s.actor,  # play.yaml: a software plan
        attached=("chad-overclock", "magazine-cover", "big-game-ad"),  # 1 software expert
        shares={0: 2, 1: 1, 2: 3},
        cash=17,
    )
    attached = list(co.cards)
    before = s.returns()
    assert s.go_public(co.plan, die=3) == 33  # boom.txt: 3+4+1+2 = 10 → $200m, /6 → $33m
    assert [a - b for a, b in zip(s.returns(), before, strict=True)] == [66, 33, 99, 0]
    assert co.plan not in s.companies  # the plan is out of the game for good
    assert s.discard[-3:] == attached  # attached cards go to the discard pile
    assert s.stock_out == [0, 0, 0, 0]  # stock counters return to their owners
    assert s.plans_out == 1


def test_ipo_roll_is_clamped_to_the_table(game: Game) -> None:
    config = boom.config_for(game)
    assert config.raised(16) == config.raised(25) == 1000  # game.yaml ipo_table: 16+ → 1000
    assert config.raised(2) == 0  # game.yaml ipo_table: roll 2 → 0


def test_only_the_lead_may_ipo_and_only_at_the_card_limit(game: Game) -> None:
    s = fresh(game)
    me, other = s.actor, others(s)[0]
    four = place(
        s,
        "egravel-plan",
        owner=me,
        attached=("b2b", "eyeballs", "push-technology"),
        shares={me: 2, other: 1},
        cash=30,
    )
    theirs = place(
        s,
        "izine-plan",
        owner=other,
        attached=("paradigm-shift", "convergence", "synergy"),
        shares={me: 1, other: 2},
        cash=30,
    )
    s.apply(act(KEEP))
    s.ipo_limit = 5  # four cards < limit 5: no IPO
    assert act(IPO, four.plan) not in s.legal_actions()
    s.ipo_limit = 4  # boom.txt: cards ≥ the IPO Card Limit
    moved(s)
    legal = s.legal_actions()
    assert act(IPO, four.plan) in legal
    assert act(IPO, theirs.plan) not in legal  # boom.txt: only the lead investor


def test_lead_of_a_round_cannot_ipo_it_in_the_same_turn(game: Game) -> None:
    s = fresh(game)
    me = s.actor
    co = place(
        s,
        "netfridge-plan",
        owner=me,
        attached=("synergy", "b2b", "eyeballs", "convergence", "merch-store"),
    )
    s.apply(act(KEEP))
    assert s.phase == ACT
    assert act(IPO, co.plan) not in s.legal_actions()  # unfunded companies cannot go public
    s.apply(act(FUND, co.plan))
    s.apply(act(TERMS, 10, 2))
    for seat in others(s)[:1]:
        s.apply(act(INVITE, seat))
        s.apply(act(BUY))
    funded_in = s.turn
    s.apply(act(CLOSE))
    assert s.companies[co.plan].led_turn == funded_in
    assert s.turn_pos == 1  # boom.txt: one action a turn, so the lead's turn is over
    finish_round(s)
    while s.actor != me:
        finish_turns(s, 1)
    s.apply(act(KEEP))
    assert act(IPO, co.plan) in s.legal_actions()  # next round at the earliest


# -- funding -------------------------------------------------------------------------------


def test_funding_round_cannot_close_below_three_shares(game: Game) -> None:
    s = fresh(game)
    me = s.actor
    plan = take(s, "airwavz-plan")
    s.hands[me].append(plan)
    s.apply(act(PLAY_PLAN, plan))
    s.apply(act(FUND, plan))
    assert s.phase == TERMS_PHASE
    assert min(a.args[0] for a in s.legal_actions()) == 5  # game.yaml: min_price 5
    assert max(a.args[1] for a in s.legal_actions()) == 2  # game.yaml: lead_max_shares 2
    s.apply(act(TERMS, 10, 1))
    first, second, _ = others(s)
    assert act(CLOSE) not in s.legal_actions()  # 1 sold
    s.apply(act(INVITE, first))
    assert s.phase == OFFER and s.current_player() == first
    s.apply(act(BUY))
    assert act(CLOSE) not in s.legal_actions()  # 2 sold; boom.txt: close at ≥ 3 shares
    s.apply(act(INVITE, second))
    s.apply(act(BUY))
    assert act(CLOSE) in s.legal_actions()  # game.yaml: close_min_shares 3
    s.apply(act(CLOSE))
    co = s.companies[plan]
    assert (co.total, co.cash, co.owner) == (3, 30, me)
    assert s.money[me] == 90 and s.money[first] == 90  # game.yaml: start_money 100


def test_failed_round_returns_the_money_and_spends_the_action(game: Game) -> None:
    s = fresh(game)
    me = s.actor
    co = place(s, "pagerpal-plan", owner=others(s)[0])
    s.apply(act(KEEP))
    s.apply(act(FUND, co.plan))
    s.apply(act(TERMS, 20, 2))
    for seat in others(s):
        s.apply(act(INVITE, seat))
        s.apply(act(DECLINE))
    # pnp decision: everyone asked, 2 < 3 sold → the round fails and is undone
    assert s.money == [100] * 4
    co = s.companies[co.plan]
    assert (co.total, co.cash, co.shares) == (0, 0, (0, 0, 0, 0))
    assert co.owner != me  # the cards go back to where they were
    assert s.stock_out == [0] * 4
    assert s.turn_pos == 1  # the turn's action is spent


def test_new_lead_needs_a_current_investor_to_agree(game: Game) -> None:
    s = fresh(game)
    me = s.actor
    a, b, c = others(s)
    co = place(s, "yodelnet-plan", owner=a, shares={a: 2, b: 1}, cash=15)
    s.apply(act(KEEP))
    s.apply(act(FUND, co.plan))
    assert s.phase == CONSENT and s.current_player() in (a, b)
    s.apply(act(REFUSE))
    assert s.phase == CONSENT  # boom.txt: ask the next current investor
    s.apply(act(AGREE))
    assert s.phase == TERMS_PHASE and s.current_player() == me
    s.apply(act(TERMS, 5, 2))
    s.apply(act(INVITE, c))
    s.apply(act(BUY))
    # 3 sold, but boom.txt: current investors must be offered a share before closing
    assert act(CLOSE) not in s.legal_actions()
    s.apply(act(INVITE, a))
    s.apply(act(DECLINE))
    assert act(CLOSE) not in s.legal_actions()
    s.apply(act(INVITE, b))
    s.apply(act(DECLINE))
    assert s.turn_pos == 1  # everyone asked with 3 sold: the round closes by itself
    co = s.companies[co.plan]
    assert co.owner == me and co.shares[me] == 2 and co.cash == 30


def test_all_investors_refusing_spends_the_action(game: Game) -> None:
    s = fresh(game)
    a, b, _ = others(s)
    co = place(s, "yodelnet-plan", owner=a, shares={a: 2, b: 1}, cash=15)
    s.apply(act(KEEP))
    s.apply(act(FUND, co.plan))
    s.apply(act(REFUSE))
    s.apply(act(REFUSE))  # boom.txt: all current investors refuse → no round this turn
    assert s.turn_pos == 1 and s.money == [100] * 4 and s.companies[co.plan].owner == a


def test_company_cards_attach_to_any_plan(game: Game) -> None:
    s = fresh(game)
    me, other = s.actor, others(s)[0]
    unfunded = place(s, "egravel-plan", owner=other)
    funded = place(s, "izine-plan", owner=other, shares={other: 3}, cash=15)
    card = take(s, "synergy")
    s.hands[me].append(card)
    legal = s.legal_actions()
    # boom.txt: any Business Plan, anyone's, funded or not
    assert {act(ATTACH, card, unfunded.plan), act(ATTACH, card, funded.plan)} <= set(legal)


# -- burn, events, end ---------------------------------------------------------------------


def test_burn_example_numbers(game: Game) -> None:
    burn = boom.worked_examples(game)["burn"]
    # play.yaml: Synergizr 5 + Chad Overclock 2 + Strategic Partnership -1; game.yaml: limit 4 → +5
    assert burn["plain"]["total"] == 5 + 2 - 1 + 5
    assert burn["floor"]["cards_total"] < 0 and burn["floor"]["total"] == 0  # pnp: never below 0


def test_exactly_zero_survives_and_short_goes_bust(game: Game) -> None:
    s = fresh(game)
    seat = s.actor
    config = s.config
    # game.yaml ipo_track: limit 6 → +0; play.yaml: eGravel burn 3, Synergy 1
    survivor = place(s, "egravel-plan", owner=seat, attached=("synergy",), shares={seat: 3})
    broke = place(s, "sockdrawer-plan", owner=seat, attached=("b2b",), shares={seat: 3})
    limit = s.ipo_limit
    cash = burn_rate(config, survivor.plan, survivor.cards, limit)
    s.companies[survivor.plan] = survivor._replace(cash=cash)
    s.companies[broke.plan] = broke._replace(
        cash=burn_rate(config, broke.plan, broke.cards, limit) - 1
    )
    b2b = broke.cards[0]
    finish_round(s)
    assert s.companies[survivor.plan].cash == 0  # boom.txt: zero is not bust
    assert broke.plan not in s.companies  # boom.txt: cannot pay → bust, plan out of play
    assert b2b in s.discard and s.stock_out[seat] == 3


def test_crash_ends_the_game_and_company_cash_is_lost(game: Game) -> None:
    s = fresh(game)
    seat = s.actor
    place(s, "egravel-plan", owner=seat, shares={seat: 3}, cash=500)
    s.events = [CRASH]
    finish_round(s)
    assert s.is_terminal() and s.end_reason == "crash"
    assert s.returns() == [100] * 4  # boom.txt: pre-IPO companies become worthless
    assert s.legal_actions() == () and s.current_player() == -1


def test_event_deck_reshuffles_with_the_crash(game: Game) -> None:
    outcomes = set()
    for seed in range(40):
        s = fresh(game, seed=seed)
        events = len(s.config.events)  # events.yaml: five events besides the crash
        while s.round < events:
            finish_round(s)
        assert s.events == [] and not s.is_terminal()  # every event flipped once, no crash yet
        finish_round(s)
        assert any("reshuffled" in line for line in s.transcript)
        if s.is_terminal():
            outcomes.add("crash first")
            assert s.end_reason == "crash"
        else:
            outcomes.add("later")
            assert CRASH in s.events and len(s.events) == events  # 6 shuffled, one flipped
        while not s.is_terminal():
            finish_round(s)
        assert events <= s.length() <= 2 * events  # boom.txt: the crash ends the game
    assert outcomes == {"crash first", "later"}


# -- discards --------------------------------------------------------------------------------


def play_discard(s: State, card_id: str) -> int:
    card = take(s, card_id)
    s.hands[s.actor].append(card)
    s.apply(act(DISCARD, card))
    return card


def test_discard_effects(game: Game) -> None:
    s = fresh(game)
    me, other = s.actor, others(s)[0]
    mine = place(s, "egravel-plan", owner=me, attached=("synergy",), shares={me: 3}, cash=4)
    theirs = place(s, "izine-plan", owner=other, attached=("b2b",), shares={other: 3}, cash=40)
    lawsuit = s.config.card_id.index("class-action-lawsuit")
    fine = s.config.card_effects[lawsuit][0][1]  # play.yaml: fine 10
    card = play_discard(s, "class-action-lawsuit")
    assert s.phase == TARGET_PHASE and set(s.legal_actions()) == {
        act(TARGET, mine.plan),
        act(TARGET, theirs.plan),
    }
    s.apply(act(TARGET, mine.plan))
    assert s.companies[mine.plan].cash == 0 and fine > 4  # play.yaml: cannot drop below zero
    assert s.phase == ACT and s.discard[-1] == card  # the card goes to the discard pile after

    s2 = fresh(game)
    me = s2.actor
    co = place(s2, "egravel-plan", owner=me, attached=("synergy",), shares={me: 3})
    other_co = place(s2, "izine-plan", owner=me)
    moved = co.cards[0]
    play_discard(s2, "headhunter")
    s2.apply(act(TARGET, co.plan, moved, other_co.plan))
    assert s2.companies[co.plan].cards == () and s2.companies[other_co.plan].cards == (moved,)

    s3 = fresh(game)
    hand = len(s3.hands[s3.actor])
    play_discard(s3, "networking-mixer")  # play.yaml: draw 2
    assert len(s3.hands[s3.actor]) == hand + 2 and s3.phase == ACT

    s4 = fresh(game)
    s4.ipo_limit = 1
    play_discard(s4, "friendly-regulators")
    assert s4.ipo_limit == 1  # game.yaml ipo_track ends at 1: never below


def test_discard_without_a_target_cannot_be_played(game: Game) -> None:
    s = fresh(game)
    grant = take(s, "innovation-grant")
    s.hands[s.actor].append(grant)
    assert act(DISCARD, grant) not in s.legal_actions()  # pnp: no funded company to grant to
    place(s, "egravel-plan", owner=s.actor, shares={s.actor: 3})
    assert act(DISCARD, grant) in s.legal_actions()


# -- views, setup, counters ------------------------------------------------------------------


def test_view_shows_own_hand_and_public_table_only(game: Game) -> None:
    s = fresh(game)
    view = s.view(1)
    assert view.hand == tuple(s.hands[1])
    assert view.hand_sizes == tuple(len(h) for h in s.hands)
    assert not hasattr(view, "hands") and not hasattr(view, "deck")
    assert view.deck_size == len(s.deck)


def test_setup_follows_game_yaml(game: Game) -> None:
    s = fresh(game, players=5)
    assert s.money == [100] * 5  # game.yaml: start_money 100
    assert [len(h) for h in s.hands] == [3 + (seat == s.actor) for seat in range(5)]  # hand_size 3
    assert s.phase == PLAY and s.round == 1 and sorted(s.order) == list(range(5))
    with pytest.raises(UsageError):
        boom.new_state(game, 6, 0)  # game.yaml: players max 5


def test_money_counters_match_greedy_change() -> None:
    values = (100, 50, 10, 5, 1)  # game.yaml money denominations, largest first

    def greedy(amount: int) -> list[int]:
        out = []
        for value in sorted(values, reverse=True):
            n, amount = divmod(amount, value)
            out.append(n)
        return out

    rng = random.Random(5)
    counters, piles, peak = Piles(bank_for(values), 6), [0] * 6, [0] * 5
    for _ in range(3000):
        pile, amount = rng.randrange(6), rng.randrange(2500)
        counters.set(pile, amount)
        piles[pile] = amount
        needed = [sum(greedy(a)[i] for a in piles) for i in range(5)]
        peak = [max(p, n) for p, n in zip(peak, needed, strict=True)]
        assert counters.needed == needed and counters.peak == peak


def test_a_payment_counts_like_two_settings() -> None:
    # Piles.set_two(a, x, b, y) is set(a, x) then set(b, y), peaks checked after each
    values = (100, 50, 10, 5, 1)  # game.yaml money denominations, largest first
    rng = random.Random(11)
    paired, single = Piles(bank_for(values), 6), Piles(bank_for(values), 6)
    for _ in range(3000):
        a, b = rng.sample(range(6), 2)
        x, y = rng.randrange(400), rng.randrange(400)
        paired.set_two(a, x, b, y)
        single.set(a, x)
        single.set(b, y)
        assert (paired.needed, paired.peak) == (single.needed, single.peak)


def test_transcript_golden_game(game: Game) -> None:
    # Golden: refresh on purpose (and only then) when the rules or the data change.
    s = fresh(game, seed=7)
    rng = random.Random(7)
    while not s.is_terminal():
        s.apply(boom.BOTS["random"](s.view(s.current_player()), s.legal_actions(), rng))
    assert s.transcript[:14] == [
        "round 1: order BP SS KV HC; event Spectrum Auction Mania; IPO limit 6",
        "BP draws Strategic Partnership",
        "BP plays no card",
        "BP passes",
        "SS draws Chad Overclock",
        "SS plays no card",
        "SS passes",
        "KV draws ClickSure",
        "KV plays plan ClickSure",
        "KV passes",
        "HC draws SockDrawer.com",
        "HC plays no card",
        "HC leads a round for ClickSure",
        "HC buys 2 at $7m",  # boom.txt: any whole price of at least $5m, like its own $7m
    ]
    assert (s.returns(), len(s.transcript), s.length()) == ([58, 84, 72, 76], 151, 6)


def test_simulation_reports_printed_counts(game: Game) -> None:
    report = simulate("boom", game, games=50, players=4, seed=3, bots=["heuristic", "random"])
    assert report.completion == 1.0
    assert report.bots == ["heuristic", "random", "heuristic", "random"]
    stock = report.components["stock counters"]
    assert all(use.printed == 19 for use in stock.values())  # game.yaml: stock_per_firm 19
    assert report.components["money counters"]["$1m"].printed == 40  # game.yaml money
    assert report.measures["lowest IPO limit"]["min"] >= 1
