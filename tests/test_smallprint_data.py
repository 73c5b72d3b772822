"""`pnp validate smallprint` holds the card data to the source's rules and points at the key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.spec.paths import cards_root

runner = CliRunner()


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    shutil.copytree(cards_root() / "smallprint", tmp_path / "smallprint")
    return tmp_path


def _validate(cards: Path) -> str:
    result = runner.invoke(app, ["validate", "smallprint", "--cards", str(cards)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return result.output


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_big_and_small_must_make_the_divided_value(cards: Path) -> None:
    # business.yaml line 11: the Print Shop (£6m) splits Big 4 + Small 2; the error names `big:`
    _edit(cards / "smallprint/business.yaml", "value: 6, big: 4", "value: 6, big: 5")
    out = _validate(cards)
    assert "smallprint/business.yaml:11:91: error" in out
    assert "card 'print-shop': Big £5m + Small £2m must make £6m" in out


def test_values_stay_in_the_published_range(cards: Path) -> None:
    # smallprint.txt: "a monetary value between £1m and £15m"
    _edit(cards / "smallprint/business.yaml", "value: 15,", "value: 16,")
    assert "value £16m is outside £1m–£15m" in _validate(cards)


def test_a_set_needs_each_contract_once(cards: Path) -> None:
    path = cards / "smallprint/paperwork-blue.yaml"
    lines = [ln for ln in path.read_text().splitlines() if "blue-total" not in ln]
    path.write_text("\n".join(lines) + "\n")
    assert "set 'blue' needs exactly one Total contract" in _validate(cards)


def test_sets_hold_enough_shares(cards: Path) -> None:
    _edit(cards / "smallprint/paperwork-red.yaml", "qty: 10", "qty: 8")
    out = _validate(cards)
    assert "set 'red' holds 8 Shares; at least 9" in out
    assert "every set must hold the same number of Shares" in out
