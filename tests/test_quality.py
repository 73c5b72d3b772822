"""Game-quality measures from each engine's worth, and rule coverage with uses per game."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pypdf
import pytest

from pnp.games import get_engine
from pnp.sim.chart_report import write_report
from pnp.sim.quality import (
    branching,
    decisiveness,
    drama,
    game_quality,
    rare_rules,
    share_behind,
    summary,
    uncertainty,
)
from pnp.sim.quality_pages import rules_section
from pnp.sim.runner import simulate
from pnp.sim.tally import lead_story
from pnp.sim.verdicts import report_verdicts
from pnp.spec.load import load_game
from tests.test_sim_pdf import blank


@pytest.mark.parametrize(
    ("ahead", "behind", "share"),
    [
        (10.0, 4.0, 0.6),  # 6 behind a leader worth 10
        (4.0, 10.0, 0.0),  # not behind at all
        (5.0, 5.0, 0.0),
        (-50.0, -250.0, 0.8),  # both in debt: 200 behind, as a share of the larger 250
        (0.0, -10.0, 1.0),  # a leader with nothing: the whole
        (10.0, -190.0, 1.0),  # opposite signs: at most the whole
    ],
)
def test_share_behind_is_the_gap_over_the_larger_worth(
    ahead: float, behind: float, share: float
) -> None:
    assert share_behind(ahead, behind) == pytest.approx(share)


def test_measures_of_a_small_game_worked_by_hand() -> None:
    # three rounds of two seats; seat 1 trails by 6 of 10 after round 1, leads from round 2
    worths = [(10.0, 4.0), (8.0, 9.0), (6.0, 12.0)]
    leaders = [0, 1, 1]
    changes, led_from = lead_story(leaders)
    assert (changes, led_from) == (1, 2)
    assert drama(worths, 1) == pytest.approx(0.6)
    assert decisiveness(worths[-1]) == pytest.approx(0.5)  # 12 − 6 over 12
    assert uncertainty(led_from, len(leaders)) == pytest.approx(1 / 3)
    assert branching([6, 7], [3, 3]) == pytest.approx(13 / 6)
    q = game_quality(leaders, worths, led_from, [6, 7], [3, 3])
    assert (q.drama, q.decisiveness, q.uncertainty, q.branching) == pytest.approx(
        (0.6, 0.5, 1 / 3, 13 / 6)
    )


def test_drama_looks_before_the_end_and_a_shared_win_has_none() -> None:
    # the winner led every round before the end: no drama, even if the end says otherwise
    assert drama([(3.0, 9.0), (2.0, 9.0), (9.0, 9.0)], 1) == 0.0
    # its worst round counts, not its last
    assert drama([(10.0, 2.0), (10.0, 5.0), (1.0, 20.0)], 1) == pytest.approx(0.8)
    assert drama([(1.0, 2.0)], 1) == 0.0  # a one-round game: nothing before the end
    assert drama([(1.0, 2.0), (3.0, 3.0)], None) is None
    assert uncertainty(None, 4) is None
    # led from the first round: 0; only the last of four rounds put it ahead: 3/4
    assert uncertainty(1, 4) == 0.0 and uncertainty(4, 4) == pytest.approx(0.75)
    assert decisiveness([10.0, 7.0, 2.0]) == pytest.approx(0.3)
    assert decisiveness([4.0, 4.0]) == 0.0


def test_a_summary_is_the_mean_and_its_normal_interval() -> None:
    s = summary([1.0, 2.0, 3.0])  # standard deviation 1
    half = 1.959963984540054 / math.sqrt(3)
    assert s == pytest.approx({"games": 3, "mean": 2.0, "low": 2 - half, "high": 2 + half})
    assert summary([5.0]) == {"games": 1, "mean": 5.0, "low": 5.0, "high": 5.0}
    assert summary([])["games"] == 0


def test_bidness_lead_changes_hands_by_its_worth() -> None:
    # Bidness's returns() are 0/1 until the end; its worth ranks the seats every round
    game = load_game("bidness")
    report = simulate("bidness", game, games=50, seed=2, bots=["random"])
    changed = sum(games for changes, games in report.lead_changes.items() if changes > 0)
    assert changed > 0 and report.quality["lead_changes"]["mean"] > 0
    assert report.quality["drama"]["games"] > 0
    state = get_engine("bidness").new_state(game, 4, 1, transcript=False)
    assert state.worth() != tuple(map(float, state.returns()))  # in debt from the start


def test_the_report_gives_quality_and_uses_per_game(tmp_path: Path) -> None:
    game = load_game("boom")
    report = simulate("boom", game, games=40, seed=1, bots=["heuristic"])
    # •Boom's second ending is listed and counted: the game ends when no plan is left
    assert 0 < report.rules["plans-gone"] < report.games
    assert report.rule_uses["plans-gone"] == pytest.approx(report.rules["plans-gone"] / 40)
    assert report.rules["most-money-wins"] == report.games  # once a game, at its end
    assert report.rule_uses["most-money-wins"] == 1.0
    assert report.rules["crash"] + report.rules["plans-gone"] == report.completed
    assert report.rule_uses["draw"] > 1  # many draws a game, each counted
    data = json.loads(json.dumps(report.to_dict()))
    assert set(data["quality"]) == {
        "lead_changes",
        "led_from",
        "drama",
        "decisiveness",
        "uncertainty",
        "branching",
    }
    for s in data["quality"].values():
        assert s["low"] <= s["mean"] <= s["high"] and s["games"] <= report.completed
    assert any(line.startswith("quality, mean (95 % interval): drama") for line in report.lines())
    # the charted report gives the quality page, the rules and the engine's own figures
    path = tmp_path / "boom.pdf"
    write_report(path, report, game)
    text = "\n".join(
        page.extract_text() for page in pypdf.PdfReader(io.BytesIO(path.read_bytes())).pages
    )
    assert "Game quality" in text and "Drama, decisiveness and uncertainty" in text
    assert "plans-gone" in text
    for name in report.measures:
        assert name in text


def test_a_rule_in_under_one_game_in_a_hundred_is_flagged() -> None:
    rules = {"draw": 1000, "trade": 9, "bluff": 10, "swap": 0}
    assert rare_rules(rules, 1000) == ["trade"]  # 10 of 1,000 is 1 %: not under it
    words = {v.topic: v for v in report_verdicts(blank(rules=rules))}
    verdict = words["Rules used"]
    assert not verdict.fine
    assert verdict.text == (
        "1 of 4 listed rules never came up in 1,000 games: swap. "
        "1 came up in under 1 % of the games: trade (9)."
    )
    section = rules_section(blank(rules=rules, rule_uses={"draw": 3.5, "trade": 0.009}))
    assert section is not None
    rows = {row.label: row for row in section.charts[0].rows}  # type: ignore[union-attr]
    assert [label for label, row in rows.items() if row.flagged] == ["trade", "swap"]
    assert rows["draw"].note == "100.0 % of games, 3.50 a game"


def test_a_game_not_recorded_counts_no_rule() -> None:
    game = load_game("boom")
    state = get_engine("boom").new_state(game, 3, 1, transcript=False)
    assert state.playlog is None and not state.rule_uses()  # type: ignore[attr-defined]
