"""`--compare` judged by the expansion's own cards: which are new, changed or removed, the
headline naming a flagged card, the power of the run, and how much the pairing helped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.sim.ab_cards import (
    Changed,
    card_changes,
    detectable_effect,
    games_needed,
    headline,
    judge_cards,
)
from pnp.sim.ab_pairing import measure_pairing
from pnp.sim.ab_runs import paired_difference, paired_share_change
from pnp.sim.cards import CardStats
from pnp.spec.load import load_game
from pnp.spec.paths import cards_root
from tests.test_compare import _report

runner = CliRunner()
FIXTURES = Path(__file__).parent / "fixtures" / "expansions"


@pytest.fixture
def gold_rush(tmp_path: Path) -> Path:
    """Bidness with the Gold Rush expansion: three new Bonus cards, Gold Rush too strong."""
    root = tmp_path / "cards"
    shutil.copytree(cards_root() / "bidness", root / "bidness")
    shutil.copytree(FIXTURES / "bidness" / "gold-rush", root / "bidness/expansions/gold-rush")
    return root


def test_the_headline_names_the_planted_card(gold_rush: Path) -> None:
    args = ["simulate", "bidness", "--cards", str(gold_rush), "--compare", "gold-rush"]
    result = runner.invoke(app, [*args, "--games", "60", "--bots", "heuristic", "--json"])
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert body["headline"].startswith("Gold Rush is too strong: +")
    first = body["cards"][0]
    assert (first["id"], first["name"], first["change"], first["outlier"]) == (
        "gold-rush",
        "Gold Rush",
        "new",
        True,
    )
    assert {c["id"] for c in body["cards"]} == {"gold-rush", "pop-up-store", "bad-press"}
    assert body["effect"] == 0.05 and first["games_needed"] > 60
    assert body["pairing"]["paired_games"] == 60


def test_new_changed_and_removed_cards_are_told_apart(tmp_path: Path) -> None:
    root = tmp_path / "cards"
    shutil.copytree(cards_root() / "boom", root / "boom")
    folder = root / "boom" / "expansions" / "hype"
    folder.mkdir(parents=True)
    base = load_game("boom", root)
    kept, changed, gone = base.cards[1:4]  # three event cards
    (folder / "expansion.yaml").write_text(
        f"name: Hype\nreplace: [{kept.id}, {changed.id}]\nremove: [{gone.id}]\n"
    )
    # the replacements: one with the base card's own data, one with a larger IPO bonus
    stronger = {**changed.fields, "effect": {"ipo_bonus": {"industry": "ecommerce", "amount": 3}}}
    cards = [
        {"id": c.id, "type": c.type, "name": c.name, "text": c.text, "qty": c.qty, **fields}
        for c, fields in ((kept, kept.fields), (changed, stronger))
    ]
    new = {**cards[0], "id": "brand-new", "name": "Brand New"}
    (folder / "more.yaml").write_text(json.dumps({"deck": kept.deck, "cards": [*cards, new]}))
    variant = load_game("boom", root, ["hype"])
    changes = card_changes(base, variant)
    by_id = {c.id: c.change for c in changes}
    assert by_id == {changed.id: "changed", "brand-new": "new", gone.id: "removed"}
    assert changes[-1].change == "removed"  # removed cards come last


def test_the_power_formula_against_a_hand_computed_value() -> None:
    # 400 seat-games drew the card, 1,600 did not, 20 % win without it:
    # (1.95996 + 0.84162) · √(0.2 · 0.8 · (1/400 + 1/1600)) = 2.80158 · √0.0005 = 0.06265
    assert detectable_effect(400, 1600, 0.2) == pytest.approx(0.06265, abs=1e-5)
    # to detect 5 points with the card in a fifth of the seat-games, 4 seats:
    # 2.80158² · 0.16 · (5 + 1.25) / 0.05² = 3,139.6 seat-games: 785 games
    assert games_needed(0.05, 0.2, 4, 0.2) == 785
    # the same run then detects the effect that many games give
    assert detectable_effect(628, 2512, 0.2) == pytest.approx(0.05, abs=2e-4)


def _stats(drawn: int, when: float, otherwise: float) -> CardStats:
    return CardStats(drawn, drawn, when, otherwise, when - otherwise, (0.0, 0.0), 1.0, False)


def test_cards_are_flagged_among_the_expansions_own_and_ordered() -> None:
    # 200 two-seat games: 400 seat-games. A card drawn in 100 of them winning 70 % against
    # 43.3 % is flagged; one at 55 % against 48.3 % is not; the removed one comes last
    report = _report([5] * 200, [(0,)] * 100 + [(1,)] * 100, {})
    report.cards = {"hot": _stats(100, 0.7, 0.4333), "mild": _stats(100, 0.55, 0.4833)}
    changes = [
        Changed("gone", "Gone", "removed"),
        Changed("mild", "Mild", "new"),
        Changed("hot", "Hot", "changed"),
        Changed("unseen", "Unseen", "new"),
    ]
    judged = judge_cards(changes, report, 0.05)
    assert [v.id for v in judged] == ["hot", "mild", "unseen", "gone"]
    assert [v.outlier for v in judged] == [True, False, False, False]
    assert judged[2].stats is None and judged[3].detectable is None
    line = headline(judged, "extra", 200, 0.05)
    assert line.startswith("Hot is too strong: +26.7 % when drawn (+")
    assert line.endswith("), 100 seat-games")
    # a larger effect to detect needs fewer games
    assert judge_cards(changes, report, 0.10)[0].games_needed < judged[0].games_needed  # type: ignore[operator]


def test_the_headline_says_what_an_unflagged_run_could_see() -> None:
    report = _report([5] * 200, [(0,)] * 100 + [(1,)] * 100, {})
    report.cards = {"mild": _stats(100, 0.55, 0.4833)}
    judged = judge_cards([Changed("mild", "Mild", "new")], report, 0.05)
    detects = f"{judged[0].detectable * 100:.1f}"  # type: ignore[operator]
    assert headline(judged, "extra", 200, 0.05) == (
        f"No card of extra stands out in 200 games, but this run detects only effects "
        f"beyond ±{detects} points (Mild); to detect ±5 points on Mild: about "
        f"{judged[0].games_needed:,} games"
    )


def test_pairing_is_measured_against_unpaired_intervals() -> None:
    # the same winners on every seed: a far narrower paired interval
    same = [(1.0, 1.0)] * 10 + [(0.0, 0.0)] * 20
    lengths = [(5, 5), (6, 7)] * 15
    alike = measure_pairing(
        30, [same], [paired_share_change(same)], lengths, paired_difference(lengths)
    )
    assert alike.same_winners == alike.paired_games == 30
    assert 0.3 < alike.seat_narrowing < 1 and alike.length_narrowing is not None
    assert "the same winner on 30 of 30 seeds; pairing narrowed the seat intervals by" in (
        alike.line()
    )
    # uncorrelated pairs: the paired interval is the unpaired one
    mixed = [(1.0, 1.0), (1.0, 0.0), (0.0, 1.0), (0.0, 0.0)] * 10
    apart = measure_pairing(
        20, [mixed], [paired_share_change(mixed)], lengths[:1], paired_difference(lengths[:1])
    )
    assert apart.seat_narrowing == pytest.approx(0.0, abs=1e-9)
    assert apart.length_narrowing is None and "left the seat intervals as wide" in apart.line()


def test_effect_without_compare_is_a_usage_error() -> None:
    result = runner.invoke(app, ["simulate", "boom", "--games", "2", "--effect", "0.1"])
    assert result.exit_code == 2 and "add --compare EXPANSION" in result.stderr
    result = runner.invoke(app, ["simulate", "boom", "--games", "2", "--effect", "2"])
    assert result.exit_code == 2 and "from 0.001 to 1" in result.output
