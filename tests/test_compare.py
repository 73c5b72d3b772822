"""`pnp simulate GAME --compare EXPANSION`: the arithmetic of the differences on hand-made
reports, real runs on the same seeds, the JSON and terminal shapes, and the usage errors."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pnp.sim.runner
from pnp.cli.app import app
from pnp.sim.ab_runs import (
    Comparison,
    compare,
    compare_expansion,
    paired_difference,
    paired_share_change,
)
from pnp.sim.cards import Z95, CardStats, newcombe
from pnp.sim.results import ComponentUse, Report
from pnp.sim.runner import simulate
from pnp.spec.game import Game
from pnp.spec.load import load_game
from pnp.spec.paths import cards_root

runner = CliRunner()
BIGIDEA = ["simulate", "bigidea", "--games", "6", "--players", "3", "--seed", "4"]


def _report(
    lengths: list[int | None],
    winners: list[tuple[int, ...]],
    peaks: dict[str, dict[str, int]],
    cards: dict[str, CardStats] | None = None,
) -> Report:
    """A two-seat report whose per-game record is ``lengths`` (None: a timeout) and
    ``winners`` (one per completed game); the summary figures follow from them."""
    done = [n for n in lengths if n is not None]
    wins = [sum(1 / len(w) for w in winners if seat in w) / len(winners) for seat in (0, 1)]
    return Report(
        engine="hand",
        games=len(lengths),
        players=2,
        seed=0,
        bots=["random", "random"],
        completed=len(done),
        timeouts=len(lengths) - len(done),
        length_mean=sum(done) / len(done),
        length_stdev=0.0,
        win_rates=wins,
        balance=1 - abs(wins[0] - wins[1]),
        score_spread=0.0,
        decision_share=[1.0, 1.0],
        decisions_per_game=[1.0, 1.0],
        components={
            group: {item: ComponentUse(10, peak, peak, 0) for item, peak in items.items()}
            for group, items in peaks.items()
        },
        cards=cards or {},
        game_lengths=lengths,
        winners=winners,
    )


def _stats(iwd: float, outlier: bool = False) -> CardStats:
    return CardStats(4, 2, 0.5 + iwd, 0.5, iwd, (iwd - 0.2, iwd + 0.2), 0.5, outlier)


def test_differences_pair_the_games_by_seed() -> None:
    # seed 2 timed out without the expansion and seed 4 was played only with it (a run cut
    # short): the pairs are seeds 0, 1, 3 with lengths (5, 6), (6, 8), (7, 7)
    base = _report([5, 6, None, 7], [(0,), (0,), (1,)], {"chips": {"red": 3, "blue": 2}})
    variant = _report(
        [6, 8, 9, 7, 4],
        [(1,), (0, 1), (0,), (1,), (0,)],
        {"chips": {"red": 5}, "gems": {"green": 1}},
        {"new-a": _stats(0.3, True), "new-b": _stats(-0.1), "old": _stats(0.0)},
    )
    diff = compare(base, variant, "extra", {"new-a", "new-b", "never-drawn"})
    # differences 1, 2, 0: mean 1, sample sd 1, half-width 1.96 · 1/√3 = 1.1316
    assert diff.length == pytest.approx((1.0, 1 - 1.1316, 1 + 1.1316), abs=1e-4)
    assert diff.paired_games == 3
    # of the 3 paired games seat 1 won 2 without the expansion and ½ (a tie) with it:
    # 1/6 − 2/3 = −1/2; seat 2 won 1, then 2½: 5/6 − 1/3 = +1/2
    assert [d for d, _, _ in diff.win_rates] == pytest.approx([-0.5, 0.5])
    for d, low, high in diff.win_rates:
        assert -1 <= low < d < high <= 1
    # a component the other game does not print peaks at 0 there
    assert diff.peaks == {"chips": {"red": (3, 5), "blue": (2, 0)}, "gems": {"green": (0, 1)}}
    assert list(diff.new_cards) == ["new-a", "new-b"]  # drawn ones only, sorted
    lines = diff.lines()
    # the expansion's cards lead, the largest improvement first, the one never drawn last
    assert lines[1] == "cards of extra: 3 new, 0 changed, 0 removed; 0 of 2 compared flagged"
    assert lines[2].startswith(
        "  new-a (new): improvement when drawn +30.0% [+10.0%, +50.0%], win when drawn 80.0%, "
        "played 0.50 a draw, drawn 4 seat-games; this run detects ±"
    )
    assert lines[3].startswith("  new-b (new): improvement when drawn -10.0%")
    assert lines[4] == "  never-drawn (new): no seat drew it"
    # 4 of the variant's 10 seat-games drew new-a: nothing stands out in so few
    assert lines[0].startswith("No card of extra stands out in 5 games, but this run detects")
    assert not diff.interrupted


def test_a_variant_run_cut_short_compares_the_seeds_it_reached() -> None:
    base = _report([5, 6, 7], [(0,), (1,), (0,)], {})
    variant = _report([6], [(0,)], {})
    variant.interrupted, variant.requested = True, 3
    diff = compare(base, variant, "extra", set())
    assert diff.paired_games == 1 and diff.length == (1.0, 1.0, 1.0)
    assert diff.interrupted
    lines = diff.lines()
    assert lines[:2] == [
        "No seat drew a card of extra in 1 game: nothing to judge them by",
        "cards of extra: none new, changed or removed",
    ]
    assert "3 and 1 games" in lines[2] and "over 1 game(s), too few for an interval" in lines[4]
    assert lines[-1] == "with extra: interrupted after 1 of 3 games"


def test_paired_win_interval_matches_the_published_example() -> None:
    # contingencytables (Fagerland, Lydersen & Laake), Newcombe's square-and-add interval
    # for paired data on the table 59, 6 / 16, 80: −0.0621, 95 % CI −0.1186 to −0.0046.
    # Their first measure is our base, so our variant − base has the opposite sign.
    pairs = [(1.0, 1.0)] * 59 + [(1.0, 0.0)] * 6 + [(0.0, 1.0)] * 16 + [(0.0, 0.0)] * 80
    d, low, high = paired_share_change(pairs)
    assert (round(d, 4), round(low, 4), round(high, 4)) == (0.0621, 0.0046, 0.1186)


def test_uncorrelated_pairs_give_the_unpaired_interval() -> None:
    # 10 of each cell: the cross product is 0, so φ = 0 and the interval is Newcombe's
    # for two independent samples of 40
    pairs = [(1.0, 1.0), (1.0, 0.0), (0.0, 1.0), (0.0, 0.0)] * 10
    _, low, high = paired_share_change(pairs)
    assert (low, high) == pytest.approx(newcombe(20, 40, 20, 40))


def test_identical_runs_give_a_paired_interval_narrower_than_an_unpaired_one() -> None:
    pairs = [(1.0, 1.0)] * 10 + [(0.0, 0.0)] * 20
    d, low, high = paired_share_change(pairs)
    unpaired = newcombe(10, 30, 10, 30)
    assert d == 0 and unpaired[0] < low < 0 < high < unpaired[1]


def test_too_few_pairs_have_no_spread() -> None:
    assert paired_difference([]) == (0.0, 0.0, 0.0)
    assert paired_difference([(4, 6)]) == (2.0, 2.0, 2.0)
    assert paired_share_change([]) == (0.0, -1.0, 1.0)
    d, low, high = paired_difference([(4, 6), (4, 8)])  # differences 2, 4: sd √2, n 2
    assert (d, high - d, d - low) == pytest.approx((3.0, Z95, Z95))


def _play(games: int, seed: int = 4) -> Callable[[Game, int], Report]:
    """One run as the command plays it: ``games`` games, heuristic and random bots."""

    def play(game: Game, seats: int) -> Report:
        engine = game.spec.engine or ""
        return simulate(engine, game, games, seats, seed, bots=("heuristic", "random"))

    return play


def test_the_big_idea_with_more_cards_on_the_same_seeds() -> None:
    base_game = load_game("bigidea")
    diff = compare_expansion(_play(6), base_game, "more-cards", 3, None)
    assert (diff.base.players, diff.variant.players, diff.base.games) == (3, 3, 6)
    assert diff.base.seed == diff.variant.seed == 4
    # the new designs are exactly the 64 of the expansion's files that some seat drew
    added = {c.id for c in load_game("bigidea", None, ["more-cards"]).cards} - {
        c.id for c in base_game.cards
    }
    assert len(added) == 64 and diff.new_cards and set(diff.new_cards) <= added
    assert not set(diff.base.cards) & added
    # More Cards only adds words, which no rule reads: each seed plays out alike
    assert diff.length == (0.0, 0.0, 0.0)
    assert diff.base.winners == diff.variant.winners
    assert all(d == 0 and low < 0 < high for d, low, high in diff.win_rates)
    # and the decks now last longer (fewest cards left, over the games)
    left = "fewest cards left in big deck"
    assert diff.variant.measures[left]["mean"] > diff.base.measures[left]["mean"]
    again = compare_expansion(_play(6), load_game("bigidea"), "more-cards", 3, None)
    assert again.to_dict() == diff.to_dict()  # same seed, same comparison


@pytest.fixture
def hype_cards(tmp_path: Path) -> Path:
    """•Boom with an expansion that changes the game: a stronger Killer App Summer
    (replaced) and a new event card."""
    root = tmp_path / "cards"
    shutil.copytree(cards_root() / "boom", root / "boom")
    folder = root / "boom" / "expansions" / "hype"
    folder.mkdir(parents=True)
    (folder / "expansion.yaml").write_text("name: Hype\nreplace: [killer-app-summer]\n")
    event = (
        "  - id: {id}\n    type: event\n    name: {name}\n    text: Hype.\n"
        "    effect: {{ipo_bonus: {{industry: {industry}, amount: {amount}}}}}\n"
    )
    (folder / "events.yaml").write_text(
        "deck: event\ncards:\n"
        + event.format(id="killer-app-summer", name="Summer", industry="software", amount=6)
        + event.format(id="gadget-fever", name="Fever", industry="hardware", amount=4)
    )
    return root


def test_an_expansion_that_changes_the_game_shows_in_the_paired_length(hype_cards: Path) -> None:
    base_game = load_game("boom", hype_cards)
    diff = compare_expansion(_play(12, seed=1), base_game, "hype", 3, hype_cards)
    pairs = list(
        zip(diff.base.game_lengths, diff.variant.game_lengths, strict=True)
    )  # no timeouts in •Boom at 3 seats
    diffs = [v - b for b, v in pairs if b is not None and v is not None]
    assert len(diffs) == diff.paired_games == 12 and any(diffs)
    assert diff.length[0] == pytest.approx(sum(diffs) / 12)
    assert diff.length[1] < diff.length[0] < diff.length[2]
    # event cards are drawn by no seat, so neither the new nor the replaced one has stats
    assert diff.new_cards == {} and "no seat drew" in "\n".join(diff.lines())


def test_json_holds_the_differences_and_both_reports() -> None:
    result = runner.invoke(app, [*BIGIDEA, "--compare", "more-cards", "--json"])
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert set(body) == {
        "headline",
        "cards",
        "effect",
        "pairing",
        "expansion",
        "win_rates",
        "length",
        "peaks",
        "new_cards",
        "base",
        "variant",
    }
    assert body["expansion"] == "more-cards"
    assert [w["seat"] for w in body["win_rates"]] == [1, 2, 3]
    assert all(len(w["ci95"]) == 2 for w in body["win_rates"])
    assert body["length"]["paired_games"] == 6 and len(body["length"]["ci95"]) == 2
    assert body["peaks"]["chips"]["Red"] == [
        body["base"]["components"]["chips"]["Red"]["peak"],
        body["variant"]["components"]["chips"]["Red"]["peak"],
    ]
    card = next(iter(body["new_cards"].values()))
    assert set(card) >= {"drawn", "played", "iwd", "iwd_ci95", "outlier"}
    assert body["base"]["games"] == body["variant"]["games"] == 6
    assert "game_lengths" not in body["base"] and "winners" not in body["variant"]


def test_terminal_lines_and_legend() -> None:
    result = runner.invoke(app, [*BIGIDEA, "--compare", "more-cards"])
    assert result.exit_code == 0, result.output
    report, legend = result.stdout.split("\n\n")
    lines = report.splitlines()
    assert lines[0].startswith("No card of more-cards stands out in 6 games")
    assert lines[1].startswith("cards of more-cards: 64 new, 0 changed, 0 removed; 0 of ")
    start = next(i for i, line in enumerate(lines) if line.startswith("bigidea: "))
    assert lines[start].startswith("bigidea: without and with more-cards, 6 games each, 3 players")
    # More Cards changes nothing the rules read: every seed keeps its winner
    assert "pairing: the same winner on 6 of 6 seeds; pairing narrowed the seat " in report
    assert "paired difference +0.00 [+0.00, +0.00] over 6 games" in report
    assert "win rates by seat, change [95 %]: 1 +0.0% [" in report
    assert "chips (peak without→with): Red " in report
    assert legend.startswith("a → b: without → with more-cards")


def test_progress_bar_covers_both_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNP_PROGRESS", "1")
    monkeypatch.setattr("pnp._progress.SHOW_AFTER_S", 0.0)
    result = runner.invoke(app, [*BIGIDEA, "--compare", "more-cards", "--json"])
    assert result.exit_code == 0 and "12/12" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--compare", "more-card"], "no expansion 'more-card' (did you mean 'more-cards'?"),
        (["--compare", "more-cards", "-x", "more-cards"], "compares the game with itself"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, [*BIGIDEA, *args])
    assert result.exit_code == 2 and message in result.stderr
    assert "Traceback" not in result.output


def test_a_game_without_expansions_says_so() -> None:
    result = runner.invoke(app, ["simulate", "boom", "--games", "2", "--compare", "x"])
    assert result.exit_code == 2
    assert "boom: no expansion 'x' (there are no expansions)" in result.stderr


def test_comparison_keeps_the_shape_the_pdf_report_reads() -> None:
    fields = Comparison.__dataclass_fields__
    assert list(fields) == [
        "base",
        "variant",
        "expansion",
        "win_rates",
        "length",
        "peaks",
        "new_cards",
        "cards",
        "pairing",
        "effect",
    ]


@pytest.mark.parametrize("stop_at", [3, 9])
def test_ctrl_c_exits_130(monkeypatch: pytest.MonkeyPatch, stop_at: int) -> None:
    # 6 games a run: game 3 is in the base run (nothing to compare: no report), game 9 the
    # second game with the expansion (the comparison of the seeds reached, then 130)
    real = pnp.sim.runner.play_out
    calls = 0

    def step(*args: object, **kwargs: object) -> int:
        nonlocal calls
        calls += 1
        if calls == stop_at:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("pnp.sim.runner.play_out", step)
    result = runner.invoke(app, [*BIGIDEA, "--compare", "more-cards"])
    assert result.exit_code == 130, result.output
    assert "Traceback" not in result.output
    if stop_at == 3:
        assert result.stdout == "" and "interrupted" in result.stderr
    else:
        assert "6 and 2 games" in result.stdout
        assert "with more-cards: interrupted after 2 of 6 games" in result.stdout
