"""Hostile and odd YAML that a fixture folder cannot hold (huge, deep, symlinked, empty):
refused quickly with one located line, or accepted with the meaning it appears to have."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp._errors import DataError
from pnp.cli.app import app
from pnp.spec.load import load_game
from pnp.spec.yamlio import MAX_DEPTH, MAX_NUMBER_CHARS, load_yaml

runner = CliRunner()
CARD = "  - {id: alpha, type: basic, name: Alpha, power: 1}\n"


def _cards(mini: Path, body: str, name: str = "cards.yaml") -> Path:
    path = mini / "mini" / name
    path.write_text("deck: main\ncards:\n" + body)
    return path


def _refused(mini: Path, tmp_path: Path, expected: str) -> None:
    """validate and build both exit 1 with ``expected`` on one short line, no traceback,
    no output written, within a couple of seconds."""
    out = tmp_path / "out"
    for args in (["validate", "mini"], ["build", "mini", "--out", str(out)]):
        started = time.perf_counter()
        result = runner.invoke(app, [*args, "--cards", str(mini)])
        assert time.perf_counter() - started < 5
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output
        assert expected in result.output, result.output
        assert all(len(line) < 400 for line in result.output.splitlines()), result.output
    assert not out.exists()


@pytest.mark.parametrize(
    ("opening", "closing"),
    [("[", "]"), ("{a: ", "}")],
    ids=["lists", "mappings"],
)
def test_100000_deep_nesting_is_refused_before_it_is_built(
    mini_cards: Path, tmp_path: Path, opening: str, closing: str
) -> None:
    deep = 100_000
    _cards(mini_cards, CARD + "extra: " + opening * deep + "1" + closing * deep + "\n")
    _refused(mini_cards, tmp_path, f"error: lists and mappings nest deeper than {MAX_DEPTH}")


def test_nesting_at_the_bound_is_read(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    data, _ = load_yaml(path)
    for _ in range(MAX_DEPTH - 1):
        data = data[0]
    assert data == []


def test_billion_laughs_is_refused_in_well_under_a_second(tmp_path: Path) -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, cur in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{cur}: &{cur} [" + ", ".join([f"*{prev}"] * 9) + "]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")
    started = time.perf_counter()
    with pytest.raises(DataError, match="more than 100,000 values once aliases"):
        load_yaml(path)
    assert time.perf_counter() - started < 0.5


def test_ordinary_anchors_and_merge_keys_still_work(tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text("base: &b {type: basic, power: 1}\ncard: {<<: *b, id: alpha}\nmore: [*b, *b]\n")
    data, located = load_yaml(path)
    assert data["card"] == {"type": "basic", "power": 1, "id": "alpha"}
    assert data["more"] == [data["base"], data["base"]]
    assert str(located.at(("card", "id"))).endswith("ok.yaml:2:16")


def test_file_over_20_mb_is_refused_without_reading_it(mini_cards: Path, tmp_path: Path) -> None:
    big = mini_cards / "mini" / "huge.yaml"
    with big.open("wb") as f:  # sparse: costs no disk and no time
        f.truncate(21 * 1024 * 1024)
    _refused(mini_cards, tmp_path, "mini/huge.yaml:1:1: error: file is 21 MB; card files are")


def test_a_100_kb_value_is_never_printed_whole(mini_cards: Path, tmp_path: Path) -> None:
    _cards(mini_cards, f"  - {{id: alpha, type: '{'t' * 100_000}', name: A, power: 1}}\n")
    _refused(mini_cards, tmp_path, "mini/cards.yaml:3:17: error: unknown card type 'tttt")


def test_a_100_kb_name_is_refused_before_layout_in_one_short_line(
    mini_cards: Path, tmp_path: Path
) -> None:
    _cards(mini_cards, f"  - {{id: alpha, type: basic, name: {'word ' * 20_000}, power: 1}}\n")
    _refused(mini_cards, tmp_path, "error: name: too long (99999 characters; at most 200)")


def test_symlink_loop_as_card_file_is_one_line(mini_cards: Path, tmp_path: Path) -> None:
    os.symlink("loop.yaml", mini_cards / "mini" / "loop.yaml")
    _refused(mini_cards, tmp_path, "mini/loop.yaml:1:1: error: the file is a link in a loop")


def test_symlink_loop_in_an_expansion_is_one_line(mini_cards: Path, tmp_path: Path) -> None:
    folder = mini_cards / "mini" / "expansions" / "extra"
    folder.mkdir(parents=True)
    (folder / "expansion.yaml").write_text("name: Extra\n")
    os.symlink("a.yaml", folder / "b.yaml")
    os.symlink("b.yaml", folder / "a.yaml")
    os.symlink(".", folder / "self")
    for args in (["validate", "mini"], ["build", "mini", "--out", str(tmp_path / "out")]):
        result = runner.invoke(app, [*args, "-x", "extra", "--cards", str(mini_cards)])
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output
        assert "expansions/extra/a.yaml:1:1: error: the file is a link in a loop or to nothing" in (
            result.output
        )


def test_symlinked_expansion_folder_loop_is_not_an_expansion(mini_cards: Path) -> None:
    expansions = mini_cards / "mini" / "expansions"
    expansions.mkdir()
    os.symlink("loop", expansions / "loop")
    result = runner.invoke(app, ["validate", "mini", "-x", "loop", "--cards", str(mini_cards)])
    assert result.exit_code == 2  # an unknown expansion is a usage error
    assert "mini: no expansion 'loop' (there are no expansions)" in result.output
    assert runner.invoke(app, ["list", "--cards", str(mini_cards)]).exit_code == 0


def test_card_file_linking_outside_the_game_folder_is_refused(
    mini_cards: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("deck: main\ncards:\n  - {id: delta, type: basic, name: D, power: 1}\n")
    os.symlink(outside, mini_cards / "mini" / "linked.yaml")
    _refused(mini_cards, tmp_path, "mini/linked.yaml:1:1: error: the file is a link to")


def test_card_file_linking_inside_the_game_folder_is_read(mini_cards: Path) -> None:
    (mini_cards / "mini" / "parts").mkdir()
    _cards(mini_cards, "  - {id: delta, type: basic, name: Delta, power: 4}\n", "parts/more.yml")
    os.symlink("parts/more.yml", mini_cards / "mini" / "more.yaml")
    assert load_game("mini", mini_cards).card("delta").fields["power"] == 4


@pytest.mark.parametrize("body", ["", "# nothing here yet\n\n# still nothing\n", "---\n"])
def test_empty_card_file_warns_and_build_goes_on(
    mini_cards: Path, tmp_path: Path, body: str
) -> None:
    (mini_cards / "mini" / "later.yaml").write_text(body)
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 0, result.output
    assert "mini/later.yaml:1:1: warning: the file holds no cards" in result.output
    assert "0 error(s), 1 warning(s)" in result.output
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "mini", "--cards", str(mini_cards), "--out", str(out)])
    assert built.exit_code == 0, built.output
    assert (out / "manifest.json").is_file()


def test_values_mean_what_they_look_like(mini_cards: Path) -> None:
    _cards(
        mini_cards,
        "  - {id: alpha, type: basic, name: 42, power: 1, text: yes}\n"
        "  - {id: beta, type: basic, name: 2024-01-01, power: 2, text: on}\n"
        "  - {id: gamma, type: basic, name: 1:30, power: -3, text: 0x1F}\n"
        "  - {id: delta, type: basic, name: 2.50, power: 0, text: NO}\n",
    )
    game = load_game("mini", mini_cards)
    names = {c.id: (c.name, c.text, c.fields["power"]) for c in game.cards}
    assert names == {
        "alpha": ("42", "yes", 1),  # a number where text is expected is that text
        "beta": ("2024-01-01", "on", 2),  # no dates, no YAML 1.1 booleans
        "gamma": ("1:30", "0x1F", -3),  # no base-60 or hex numbers
        "delta": ("2.5", "NO", 0),  # a float is read as a number, then written as text
    }


@pytest.mark.parametrize("body", ["", "# to be written\n"])
def test_empty_expansion_manifest_says_what_it_needs(mini_cards: Path, body: str) -> None:
    folder = mini_cards / "mini" / "expansions" / "extra"
    folder.mkdir(parents=True)
    (folder / "expansion.yaml").write_text(body)
    result = runner.invoke(app, ["validate", "mini", "-x", "extra", "--cards", str(mini_cards)])
    assert result.exit_code == 1
    assert "expansion.yaml:1:1: error: the file is empty; an expansion needs at least a name" in (
        result.output
    )


def test_a_100000_digit_integer_is_refused_at_its_place_in_well_under_a_second(
    tmp_path: Path,
) -> None:
    """Python refuses to read integers of over 4,300 digits (a ValueError deep in PyYAML)."""
    path = tmp_path / "big.yaml"
    path.write_text("cards:\n  - power: " + "7" * 100_000 + "\n")
    started = time.perf_counter()
    with pytest.raises(DataError, match=r"big.yaml:2:12: number too long: '7777.*100,000 char"):
        load_yaml(path)
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("- ? " + "9" * 5000 + "\n  : key\n", "1:5: number too long"),  # a key is read too
        ("- -" + "1" * 5000 + "\n", "1:3: number too long"),
        ("- 1." + "0" * 5000 + "\n", "1:3: number too long"),
        ("- [1, 2e400]\n", "1:7: number too large: '2e400'"),  # a float: inf, not a number
        ("- -1e999\n", "1:3: number too large: '-1e999'"),
    ],
    ids=["key", "negative", "float-digits", "float-in-list", "negative-float"],
)
def test_numbers_beyond_any_sane_size_are_refused_at_their_place(
    tmp_path: Path, body: str, expected: str
) -> None:
    path = tmp_path / "n.yaml"
    path.write_text(body)
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    assert str(caught.value).startswith(f"{path}:{expected}") and len(caught.value.message) < 150


def test_numbers_up_to_the_bound_and_long_quoted_digits_are_read(tmp_path: Path) -> None:
    path = tmp_path / "n.yaml"
    longest = "9" * MAX_NUMBER_CHARS
    path.write_text(f"a: {longest}\nb: '{'9' * 5000}'\nc: 1.5e300\n")
    data, _ = load_yaml(path)
    assert data == {"a": int(longest), "b": "9" * 5000, "c": 1.5e300}
