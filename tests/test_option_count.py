"""Options per decision as a player sees them: Bidness counts an amount of money once
(bid or drop, not one option per $5 step); every other engine counts its legal actions."""

from __future__ import annotations

import pytest

import pnp.games.bidness as bidness
from pnp.games import get_engine
from pnp.games.bidness.actions import move
from pnp.games.bidness.state import AUCTION
from pnp.sim.runner import play_out, simulate
from pnp.spec.load import load_game


def test_an_auction_is_bid_or_drop_at_any_amount() -> None:
    state = bidness.new_state(load_game("bidness"), 4, seed=3, transcript=False)
    while state.phase != AUCTION:
        state.apply(state.legal_actions()[-1])
    legal = state.legal_actions()
    assert len(legal) > 10 and {a.verb for a in legal} == {"drop", "bid"}
    assert state.option_count(legal) == 2


def test_a_negligence_claim_counts_once_per_rival() -> None:
    state = bidness.new_state(load_game("bidness"), 3, seed=1, transcript=False)
    legal = (
        move("pass"),
        *(move("sue", 7, seat, claim) for seat in (1, 2) for claim in (10, 20, 30)),
        move("sue", 9, 1, 0),  # a Libel suit: its claim is no amount
        move("sell", 7),
    )
    assert state.option_count(legal) == 5


def test_bidness_reports_a_handful_of_options_not_the_money_steps() -> None:
    game = load_game("bidness")
    report = simulate("bidness", game, 4, 4, 1, bots=("heuristic", "random"))
    assert all(1 < options < 10 for options in report.options_per_decision)


@pytest.mark.parametrize("engine", ["bigidea", "boom", "oldbiddy", "smallprint"])
def test_other_engines_count_every_legal_action(engine: str) -> None:
    game, module = load_game(engine), get_engine(engine)
    players = game.spec.players.min
    offered = [0] * players

    class Counting:
        """The state, with legal_actions() summed per seat as the runner once did."""

        def __init__(self) -> None:
            self.state = module.new_state(game, players, 5, transcript=False)

        def __getattr__(self, name: str) -> object:
            return getattr(self.state, name)

        def legal_actions(self) -> object:
            legal = self.state.legal_actions()
            offered[self.state.current_player()] += len(legal)
            return legal

    bots = [module.BOTS["random"]] * players
    asked, real, options = [0] * players, [0] * players, [0] * players
    play_out(Counting(), bots, 5, 20_000, asked, real, options)  # type: ignore[arg-type]
    assert options == offered and sum(options) > sum(asked)
