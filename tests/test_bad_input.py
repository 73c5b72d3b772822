"""Every folder in fixtures/bad/ is a defect patched onto the mini game: validate and build
must exit 1 with `path:line:col: message`, print no traceback, and keep the last good output.

Each line of a case's expected.txt must appear in the output; no line is printed twice (one
cause, one message) and no line runs long (a value is echoed clipped, on one line)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from tests.conftest import FIXTURES, overlay, time_limit

CASES = sorted(p for p in (FIXTURES / "bad").iterdir() if p.is_dir())
TIME_S = 120
runner = CliRunner()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_located_and_keeps_last_output(
    case: Path, mini_cards: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(mini_cards)
    out = tmp_path / "out"
    good = runner.invoke(app, ["build", "mini", "--cards", str(mini_cards), "--out", str(out)])
    assert good.exit_code == 0, good.output
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    overlay(mini_cards, case)
    expected = (case / "expected.txt").read_text().strip()
    for args in (["validate", "mini"], ["build", "mini", "--out", str(out)]):
        with time_limit(TIME_S):  # a FIFO opened to read would wait for ever
            result = runner.invoke(app, [*args, "--cards", str(mini_cards)])
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output
        for line in expected.splitlines():
            assert line in result.output, result.output
        lines = result.output.splitlines()
        assert len(lines) == len(set(lines)), result.output
        assert max(len(line) for line in lines) < 400, result.output
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert not [n for n in os.listdir(out) if n.endswith(".tmp")]


def test_validate_reports_every_bad_card_not_just_the_first(mini_cards: Path) -> None:
    (mini_cards / "mini" / "cards.yaml").write_text(
        "deck: main\ncards:\n"
        '  - {id: alpha, type: basic, name: Alpha, power: 1, text: "a ★ star"}\n'
        "  - {id: beta, type: basic, name: Beta, power: 2, text: " + '"' + "word " * 300 + '"}\n'
    )
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1
    assert "mini/cards.yaml:3:5: error: card 'alpha'" in result.output
    assert "mini/cards.yaml:4:5: error: card 'beta': field 'text' does not fit" in result.output
    assert "2 error(s)" in result.output


def test_unknown_engine_is_located(mini_cards: Path) -> None:
    game = mini_cards / "mini" / "game.yaml"
    game.write_text(game.read_text().replace("name: Mini\n", "name: Mini\nengine: chess\n"))
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1
    assert "mini/game.yaml:4:1: error: no rules engine 'chess'" in result.output


def test_validate_checks_components_too(mini_cards: Path) -> None:
    game = mini_cards / "mini" / "game.yaml"
    game.write_text(
        game.read_text()
        + "components:\n  - kind: tokens\n    id: bits\n    title: Bits\n    groups:\n"
        + '      - {title: Odd, token: {label: "★", count: "3", color: "#000000"}}\n'
    )
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1
    assert "mini/game.yaml:21:9: error: bits: Odd: label uses '★' (U+2605)" in result.output
