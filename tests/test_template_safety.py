"""Templates and the paths in card data are input from strangers: nothing outside the game's
folders is read, no template runs without bound, and each problem is one located line.
(The fixture cases in fixtures/bad/tpl-*/ cover the same classes through the CLI.)"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp._errors import DataError, Location
from pnp.cli.app import app
from pnp.text.template import render_text

runner = CliRunner()


def _cli(cards: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, [*args, "--cards", str(cards)])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _validate_fails(cards: Path) -> str:
    code, output = _cli(cards, "validate", "mini")
    assert code == 1, output
    return output


def _set_layout(cards: Path, name: str) -> None:
    game = cards / "mini" / "game.yaml"
    game.write_text(game.read_text().replace("    fields:", f"    layout: {name}\n    fields:"))


def _set_rulebook(cards: Path, name: str, text: str | None = None) -> Path:
    game = cards / "mini" / "game.yaml"
    game.write_text(game.read_text() + f"rulebook: {name}\n")
    folder = cards / "mini" / "templates"
    folder.mkdir(exist_ok=True)
    if text is not None:
        (folder / name).write_text(text)
    return folder


# 1. Nothing outside the game's folders is read.


def test_a_link_inside_the_game_folder_to_a_file_outside_is_refused(
    mini_cards: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(mini_cards)
    secret = tmp_path / "secret.md"
    secret.write_text("PASSWORD=hunter2\n")
    folder = _set_rulebook(mini_cards, "rules.md")
    (folder / "rules.md").symlink_to(secret)
    out = tmp_path / "out"
    for args in (["validate", "mini"], ["build", "mini", "--out", str(out)]):
        code, output = _cli(mini_cards, *args)
        assert code == 1
        assert (
            "mini/game.yaml:16:1: error: rulebook: 'rules.md' is a link to a file outside "
            "the game folder" in output
        )
        assert "hunter2" not in output
    assert not out.exists()


def test_a_link_that_stays_inside_the_game_folder_is_followed(
    mini_cards: Path, tmp_path: Path
) -> None:
    folder = _set_rulebook(mini_cards, "rules.md")
    (mini_cards / "mini" / "notes.md").write_text("# Rules of {{ game.name }}\n")
    (folder / "rules.md").symlink_to(mini_cards / "mini" / "notes.md")
    code, output = _cli(mini_cards, "build", "mini", "--out", str(tmp_path / "out"))
    assert code == 0, output
    assert (tmp_path / "out" / "mini-rulebook.pdf").is_file()


def test_a_link_loop_is_refused_with_a_message(mini_cards: Path) -> None:
    folder = _set_rulebook(mini_cards, "rules.md")
    os.symlink(folder / "loop.md", folder / "rules.md")
    os.symlink(folder / "rules.md", folder / "loop.md")
    output = _validate_fails(mini_cards)
    assert "error: rulebook: 'rules.md' is a link in a loop or to nothing" in output


@pytest.mark.parametrize(
    "name",
    ["/etc/passwd", "/proc/self/environ", "../../etc/passwd", "sub/../../x.md",
     "C:\\Windows\\win.ini", "..\\..\\x.md", "\\\\server\\share\\x.md"],
)  # fmt: skip
def test_absolute_and_climbing_rulebook_paths_are_refused(mini_cards: Path, name: str) -> None:
    _set_rulebook(mini_cards, f"'{name}'")
    output = _validate_fails(mini_cards)
    assert "mini/game.yaml:16:1: error: rulebook: " in output
    assert "is outside the game folder" in output


def test_a_font_given_as_a_path_is_refused_at_its_key(mini_cards: Path) -> None:
    layouts = mini_cards / "mini" / "templates" / "cards"
    layouts.mkdir(parents=True)
    (layouts / "plain.yaml").write_text(
        "size: poker\nelements:\n"
        "  - {kind: text, text: '{{ card.name }}', rect: [5, 5, 50, 10],\n"
        "     font: ../../../../tmp/evil}\n"
    )
    _set_layout(mini_cards, "plain")
    output = _validate_fails(mini_cards)
    assert "mini/templates/cards/plain.yaml:4:6: error: font: '../../../../tmp/evil' is not" in (
        output
    )


# 2. Jinja bounds.


def test_repetition_bomb_is_refused_fast() -> None:
    start = time.monotonic()
    with pytest.raises(DataError, match="repetition would hold over 200,000"):
        render_text("{{ 'a' * 100000000 }}", {})
    assert time.monotonic() - start < 1.0


def test_nested_loops_are_stopped_by_the_step_budget_fast() -> None:
    start = time.monotonic()
    with pytest.raises(DataError, match=r"runs too long \(more than 1,000,000 loop steps"):
        render_text(
            "{% for i in range(100000) %}{% for j in range(100000) %}{{ '' }}"
            "{% endfor %}{% endfor %}",
            {},
        )
    assert time.monotonic() - start < 5.0


def test_slow_steps_are_stopped_by_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pnp.text.sandbox.MAX_SECONDS", 0.05)
    monkeypatch.setattr("pnp.text.sandbox.MAX_WORK", 10**12)  # the clock alone decides here
    slow = "{% for i in range(2000) %}{{ ('a' * 100000) | replace('a', 'b') | length }}{% endfor %}"
    start = time.monotonic()
    with pytest.raises(DataError, match=r"runs too long \(more than 0.05 s\)"):
        render_text(slow, {}, max_chars=100_000)
    assert time.monotonic() - start < 2.0


def test_range_is_bounded_by_the_sandbox_and_lipsum_is_gone() -> None:
    assert render_text("{{ range(100000) | length }}", {}) == "100000"
    with pytest.raises(DataError, match="Range too big"):
        render_text("{{ range(100001) | length }}", {})
    with pytest.raises(DataError, match="'lipsum' is undefined"):
        render_text("{{ lipsum(1000000) }}", {})


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("{{ ('ab' * 60000) ~ ('ab' * 60000) }}", "joined with '~' would hold over 200,000"),
        ("{{ ['x' * 1000] * 1000 }}", "printed value would hold over 200,000"),
        ("{{ 'x'.ljust(10 ** 9) }}", "number 1000000000 is over 200,000"),
        ("{{ ('a' * 100000).replace('a', 'bb') }}", r"replace\(\) would hold over 200,000"),
        ("{{ (['x' * 1000] * 150) | join('y' * 1000) }}", "filter join would hold over 200,000"),
        ("{{ '{:>999999999}'.format(1) }}", "format width '999999999' is not allowed"),
        ("{{ '%(x)999999999s' % {'x': 1} }}", "format width '999999999' is not allowed"),
        ("{{ ('a\n' * 90000) | indent(width=100000) }}", "filter indent would hold over"),
        ("{{ ('a ' * 50000) | wordwrap(2, wrapstring='x' * 9) }}", "filter wordwrap would hold"),
        ("{{ ('a' * 1000) | replace(new='b' * 1000, old='a') }}", "filter replace would hold"),
        ("{{ [1] | batch(10 ** 9, 'x') | list }}", "filter batch: number 1000000000 is over"),
        ("{{ 2 ** 100000 }}", "number larger than 2\\*\\*10,000"),
        (
            "{% set l = ['x'] %}{% for i in range(40) %}{{ l.extend(l) }}{% endfor %}",
            "call would hold over 200,000",
        ),
        ("{% for x in [1] recursive %}{{ loop([1]) }}{% endfor %}", "nested too deeply"),
        ("{% if 1 %}" * 200 + "x" + "{% endif %}" * 200, "nested too deeply"),
        ("{{ " + "(" * 5000 + "1" + ")" * 5000 + " }}", "nested too deeply"),
        (
            "{{ range(100000) | map('string') | map('center', 100000) | list }}",
            "does too much work .calls and filters handle over 5,000,000 characters",
        ),
    ],
)
def test_values_cannot_grow_without_bound(source: str, message: str) -> None:
    start = time.monotonic()
    with pytest.raises(DataError, match=message):
        render_text(source, {})
    assert time.monotonic() - start < 2.0


def test_bounded_templates_still_do_what_templates_do() -> None:
    ctx = {"items": ["a", "b", "c"], "n": 3}
    assert render_text("{{ items | join(', ') }}", ctx) == "a, b, c"
    assert render_text("{{ 'abc' | join('-') }} {{ '+'.join(items) }}", ctx) == "a-b-c a+b+c"
    assert render_text("{{ items | join(d='/') }} {{ 'a b' | wordwrap(1) }}", ctx) == "a/b/c a\nb"
    assert render_text("{{ 'x' | center(5) }}", ctx) == "  x  "
    assert render_text("{{ '%5.1f' % 3.14159 }}", ctx) == "  3.1"
    assert render_text("{{ 'card {}'.format(n) }}", ctx) == "card 3"
    assert render_text("{{ 2 ** 10 }} {{ 'ab' * n }} {{ n ~ '!' }}", ctx) == "1024 ababab 3!"
    listed = "{% set l = [] %}{% for i in items %}{% set _ = l.append(i) %}{% endfor %}{{ l }}"
    assert render_text(listed, ctx) == "['a', 'b', 'c']"


def test_rendered_text_is_bounded_per_kind() -> None:
    loop = "{% for i in range(40000) %}words {% endfor %}"  # 240,000 characters
    with pytest.raises(DataError, match="longer than 5,000 characters"):
        render_text(loop, {})
    with pytest.raises(DataError, match="longer than 200,000 characters"):
        render_text(loop, {}, max_chars=200_000)
    assert len(render_text(loop, {}, max_chars=250_000)) == 240_000


@pytest.mark.parametrize(
    "source", ["{% include '/etc/passwd' %}", "{% import 'x.j2' as x %}", "{% extends 'y' %}"]
)
def test_other_templates_cannot_be_pulled_in(source: str) -> None:
    with pytest.raises(DataError, match="does not exist .include, import and extends are not"):
        render_text(source, {})


# 3. One cause, one message, at the key.


def test_a_bad_layout_is_reported_once_at_the_layout_key(mini_cards: Path) -> None:
    _set_layout(mini_cards, "nope")
    output = _validate_fails(mini_cards)
    assert output.count("'nope' not found") == 1
    assert "game.yaml:15:5: error: layout: 'nope' not found" in output


def test_a_card_text_error_is_reported_once_with_a_rulebook(mini_cards: Path) -> None:
    _set_rulebook(mini_cards, "rules.md", "# {{ game.name }}\n{% for c in cards %}{{ c.text }}\n")
    cards = mini_cards / "mini" / "cards.yaml"
    cards.write_text(cards.read_text().replace("{{ card.power }}", "{{ card.powr }}"))
    output = _validate_fails(mini_cards)
    assert output.count("has no attribute 'powr'") == 1
    assert "1 error(s)" in output


def test_a_rulebook_error_names_the_template_line(mini_cards: Path) -> None:
    _set_rulebook(mini_cards, "rules.md", "# Rules\n\nPlay {{ nope }} cards.\n")
    output = _validate_fails(mini_cards)
    assert "mini/templates/rules.md:3:1: error: rules.md: template error: 'nope' is undefined" in (
        output
    )


# 4. Messages echo at most about 60 characters of a value, on one line.


def test_long_values_are_shortened_in_messages() -> None:
    name = "x" * 100_000
    with pytest.raises(DataError) as err:
        render_text("{{ card." + name + " }}", {"card": {}}, Location(Path("c.yaml"), 3, 5))
    message = str(err.value)
    assert message.startswith("c.yaml:3:5: text: template error: 'dict object' has no attribute")
    assert "\n" not in message and len(message) < 160 and "x" * 61 not in message


def test_a_long_layout_name_is_shortened(mini_cards: Path) -> None:
    _set_layout(mini_cards, "L" * 5000)
    output = _validate_fails(mini_cards)
    line = next(x for x in output.splitlines() if "error: layout:" in x)
    assert "L" * 61 not in line and "…" in line


@pytest.mark.parametrize(
    ("image", "message"),
    [
        ("/etc/passwd", "image '/etc/passwd' is outside the game folder"),
        ("art/../../x.png", "image 'art/../../x.png' is outside the game folder"),
        ("art/link.png", "image 'art/link.png' is a link to a file outside the game folder"),
        ("art/loop.png", "image 'art/loop.png' is a link in a loop or to nothing"),
        ("art/bomb.png", "image 'art/bomb.png' is not an image pnp can read"),
    ],
)
def test_card_pictures_stay_inside_the_game_folder(
    mini_cards: Path, tmp_path: Path, image: str, message: str
) -> None:
    from PIL import Image

    art = mini_cards / "mini" / "art"
    art.mkdir()
    Image.new("RGB", (4, 4)).save(tmp_path / "secret.png")
    (art / "link.png").symlink_to(tmp_path / "secret.png")
    (art / "loop.png").symlink_to(art / "loop.png")
    (art / "bomb.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)  # a PNG in name only
    cards = mini_cards / "mini" / "cards.yaml"
    cards.write_text(
        "deck: main\ncards:\n"
        f"  - {{id: alpha, type: basic, name: Alpha, power: 1, image: '{image}'}}\n"
    )
    output = _validate_fails(mini_cards)
    assert f"mini/cards.yaml:3:5: error: card 'alpha': {message}" in output


def test_a_long_engine_name_is_shortened(mini_cards: Path) -> None:
    game = mini_cards / "mini" / "game.yaml"
    game.write_text(game.read_text().replace("name: Mini\n", f"name: Mini\nengine: {'e' * 500}\n"))
    line = next(x for x in _validate_fails(mini_cards).splitlines() if "no rules engine" in x)
    assert "e" * 61 not in line and "…" in line


def test_a_rulebook_with_many_missing_characters_names_five(mini_cards: Path) -> None:
    _set_rulebook(mini_cards, "rules.md", "".join(chr(0x4E00 + i) for i in range(40)) + "\n")
    line = next(x for x in _validate_fails(mini_cards).splitlines() if "not in the rulebook" in x)
    assert (
        "rules.md uses '一', '丁', '丂', '七', '丄' and 35 more, not in the rulebook font" in line
    )


def test_no_random_filter_so_the_same_data_prints_the_same() -> None:
    with pytest.raises(DataError, match="No filter named 'random'"):
        render_text("{{ [1, 2, 3] | random }}", {})


def test_a_huge_or_binary_rulebook_file_is_refused_at_its_key(mini_cards: Path) -> None:
    folder = _set_rulebook(mini_cards, "rules.md")
    (folder / "rules.md").write_bytes(b"\xff\xfe\x00binary")
    assert "game.yaml:16:1: error: rulebook: 'rules.md' is not UTF-8 text" in _validate_fails(
        mini_cards
    )
    (folder / "rules.md").write_text("word " * 250_000)
    assert (
        "game.yaml:16:1: error: rulebook: 'rules.md' is 1,250,000 bytes, more than 1,000,000"
        in (_validate_fails(mini_cards))
    )
