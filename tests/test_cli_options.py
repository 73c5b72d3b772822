"""Command-line values as a person types them: help words, lists, numbers, folders, exit codes."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from pnp import __version__
from pnp.cli.app import app
from pnp.cli.options import complete_game
from pnp.plan.files import KINDS

runner = CliRunner()


def _command_paths(group: Any, path: list[str]) -> list[list[str]]:
    """Every command and group of the app, as the words that reach it."""
    found = [path]
    for name, sub in getattr(group, "commands", {}).items():
        found += _command_paths(sub, [*path, name])
    return found


COMMANDS = _command_paths(typer.main.get_command(app), [])


def test_the_help_check_reaches_every_command() -> None:
    assert ["new", "expansion"] in COMMANDS and ["build"] in COMMANDS and len(COMMANDS) >= 9


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "pnp")
def test_help_shows_words_not_python_types(path: list[str]) -> None:
    result = runner.invoke(app, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert not re.search(r"<[a-z][a-z \[\]|,.]*>", result.output), result.output
    assert "{" not in result.output  # typer's {GAME} usage form
    assert "\\[" not in result.output  # Typer 0.21.0 and older escaped [default: ...] for rich


@pytest.mark.parametrize(
    "path, words",
    [
        (["build"], ["[GAME]", "--paper PAPER", "a4|letter", "--bleed MM", "--back-offset X,Y"]),
        (["build"], ["--only KIND", ", ".join(KINDS), "--images TARGET", "tgc|tts"]),
        (["build"], ["--out DIR", "--cards DIR", "--expansion NAME", "--pdf / --no-pdf"]),
        (["simulate"], ["simulate [OPTIONS] GAME", "--games N", "--players N", "--seed SEED"]),
        (["simulate"], ["--bots BOTS", "random|heuristic", "default: heuristic,random"]),
        (["calibrate"], ["--paper PAPER", "a4|letter", "--out DIR"]),
        (["new", "expansion"], ["expansion [OPTIONS] GAME NAME"]),
        ([], ["--version", "--install-completion"]),
    ],
)
def test_help_names_metavars_and_choices(path: list[str], words: list[str]) -> None:
    text = " ".join(runner.invoke(app, [*path, "--help"]).output.split())
    for word in words:
        assert word in text


def test_game_ids_complete_from_the_games_found(mini_cards: Path) -> None:
    ctx = typer.Context(typer.main.get_command(app))
    assert complete_game(ctx, "b") == ["bidness", "bigidea", "boom"]
    assert complete_game(ctx, "bo") == ["boom"]
    ctx.params["cards"] = mini_cards
    assert complete_game(ctx, "") == ["mini"]


def test_version_comes_from_the_package() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"pnp {__version__}\n"


def test_version_falls_back_to_the_module_when_not_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from importlib import metadata

    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    monkeypatch.setattr("pnp.__version__", "9.9.9")
    assert runner.invoke(app, ["--version"]).output == "pnp 9.9.9\n"


@pytest.mark.parametrize(
    "args, message",
    [
        (["build", "boom", "--back-offset", "1"], "wants X,Y in mm"),
        (["build", "boom", "--back-offset", "a,b"], "wants X,Y in mm"),
        (["build", "boom", "--back-offset", "1,2,3"], "wants X,Y in mm"),
        (["build", "boom", "--back-offset", "nan,0"], "from -10 to 10 mm"),
        (["build", "boom", "--back-offset", "0,inf"], "from -10 to 10 mm"),
        (["build", "boom", "--back-offset", "1e308,0"], "from -10 to 10 mm"),
        (["build", "boom", "--back-offset", "10.01,0"], "from -10 to 10 mm"),
        (["build", "boom", "--back-offset", "0,-50"], "from -10 to 10 mm"),
        (["build", "boom", "--bleed", "nan"], "nan is not a number from 0 to 10 mm"),
        (["build", "boom", "--bleed", "inf"], "inf is not a number from 0 to 10 mm"),
        (["build", "boom", "--bleed", "-1"], "-1 is not a number from 0 to 10 mm"),
        (["build", "boom", "--bleed", "10.5"], "10.5 is not a number from 0 to 10 mm"),
        (["simulate", "boom", "--games", "0"], "'--games': must be at least 1, not 0"),
        (["simulate", "boom", "--games", "1000001"], "'--games': must be at most 1000000"),
        (["simulate", "boom", "--games", "nan"], "'--games': 'nan' is not a whole number"),
        (["build", "boom", "--jobs", "-1"], "'-j': must be at least 0, not -1"),
        (["build", "boom", "--jobs", "two"], "'-j': 'two' is not a whole number"),
        (["build", "boom", "--margin", "wide"], "'--margin': 'wide' is not a number"),
        (["build", "boom", "--cards", "README.md"], "'README.md' is a file, not a folder"),
        (["simulate", "boom", "--players", "99"], "•Boom takes 2–5 players, not 99"),
        (["simulate", "boom", "--players", "1"], "•Boom takes 2–5 players, not 1"),
        # random.Random(-1) plays the same games as seed 1: a negative seed only misleads
        (["simulate", "boom", "--seed", "-1"], "'--seed'"),
        (["build", "boom", "--only", "cards,tokns"], "no kind 'tokns' (did you mean 'tokens'?"),
        (["build", "boom", "--images", "tgc,tss"], "(did you mean 'tts'? image targets: tgc, tts)"),
        (["build", "boom", "--only", "cards,"], "an empty name in the list"),
        (["build", "boom", "--paper", "lettr"], "no paper 'lettr' (did you mean 'letter'?"),
        (["build", "boom", "--no-pdf"], "--no-pdf without --images leaves nothing to write"),
        # a fold sheet has no back page to move: the offset would be ignored without a word
        (["build", "boom", "--layout", "fold", "--back-offset", "1,0"], "--layout fold prints"),
        # Click words this "No such option: --x" or "No such option '--x'" by release
        (["build", "boom", "--frobnicate"], "No such option"),
        (["build", "boom", "--frobnicate"], "--frobnicate"),
        (["validate"], "Missing argument 'GAME'"),
        (["build", "--all", "-x", "more-cards"], "--expansion belongs to one game"),
        (["buidl", "boom"], "No such command"),
    ],
)
def test_bad_values_are_usage_errors(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


HUGE = "9" * 5000
CLIPPED = "99999999999999999999… (5,000 characters)"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["simulate", "boom", "--seed", HUGE],
            f"'--seed': must be at most {2**63 - 1}, not {CLIPPED}",
        ),
        (["simulate", "boom", "--seed", "-" + HUGE], "'--seed': must be at least 0, not -9999"),
        (["simulate", "boom", "--seed", str(2**63)], f"must be at most {2**63 - 1}, not {2**63}"),
        (["simulate", "boom", "--seed", "x" * 5000], "'--seed': 'xxxxxxxxxx"),
        (
            ["simulate", "boom", "--games", HUGE],
            f"'--games': must be at most 1000000, not {CLIPPED}",
        ),
        (["simulate", "boom", "--games", "-" + HUGE], "'--games': must be at least 1, not -9999"),
        (["simulate", "boom", "--players", HUGE], f"'--players': {CLIPPED} is too large"),
        (["simulate", "boom", "--players", "-" + HUGE], "'--players': -9999999999999999999… (5"),
        (["simulate", "boom", "--jobs", HUGE], f"'-j': {CLIPPED} is too large"),
        (["build", "boom", "--jobs", "-" + HUGE], "'-j': must be at least 0, not -9999"),
        (["build", "boom", "--margin", HUGE], f"'--margin': {CLIPPED} is not a number from 0 to"),
        (["build", "boom", "--bleed", "-" + HUGE], "'--bleed': -9999999999999999999… (5,001"),
        (["build", "boom", "--bleed", "1e999"], "'--bleed': 1e999 is not a number from 0 to 10 mm"),
        (["build", "boom", "--margin", "x" * 5000], "'--margin': 'xxxxxxxxxx"),
    ],
    ids=lambda v: " ".join(v)[:40] if isinstance(v, list) else "",
)
def test_numbers_beyond_any_range_are_refused_at_their_option_in_one_short_line(
    args: list[str], message: str
) -> None:
    """A 5,000-digit value once came back whole in a 5 kB message (or as a traceback)."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output) < 600 and "Traceback" not in result.output


def test_the_largest_seed_plays() -> None:
    result = runner.invoke(app, ["simulate", "boom", "--games", "2", "--seed", str(2**63 - 1)])
    assert result.exit_code == 0, result.output
    assert f"seed {2**63 - 1}," in result.output


@pytest.mark.parametrize(
    "out, message",
    [
        ("", "is empty"),
        ("   ", "is empty"),
        ("/", "is the filesystem root"),
        ("/..", "is the filesystem root"),
        ("~", "is your home folder"),
        (str(Path.home()), "is your home folder"),
    ],
)
@pytest.mark.parametrize("command", [["build", "boom"], ["calibrate"]])
def test_out_refuses_places_that_are_not_an_output_folder(
    command: list[str], out: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*args: object) -> None:  # should the check fail, nothing lands in / or ~
        raise AssertionError("wrote output")

    monkeypatch.setattr("pnp.build.deliver.deliver", never)
    monkeypatch.setattr("pnp.build.game.write_calibration", never)
    result = runner.invoke(app, [*command, "--out", out])
    assert result.exit_code == 2, result.output
    assert "Invalid value for '--out'" in result.output and message in result.output


def test_out_refuses_an_existing_file_and_leaves_it_alone(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    result = runner.invoke(app, ["calibrate", "--out", str(target)])
    assert result.exit_code == 2
    assert "exists and is not a folder" in result.output
    assert target.read_text() == "mine"


def test_list_options_take_commas_and_repeats_alike(tmp_path: Path) -> None:
    comma, repeat = tmp_path / "comma", tmp_path / "repeat"
    base = ["build", "boom", "--no-duplex"]
    one = runner.invoke(app, [*base, "--only", "track,tokens", "--out", str(comma)])
    two = runner.invoke(app, [*base, "--only", "track", "--only", "tokens", "--out", str(repeat)])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    names = {p.name for p in comma.glob("*.pdf")}
    assert names == {"boom-counters.pdf", "boom-ipo-track.pdf", "boom-start-here.pdf"}
    assert names == {p.name for p in repeat.glob("*.pdf")}


def test_cards_folder_without_games_is_named(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "boom", "--cards", str(tmp_path)])
    assert result.exit_code == 2
    assert f"no game 'boom': --cards {tmp_path} holds no game folder" in result.output


def test_new_expansion_without_cards_ends_with_the_plain_build_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(
        "pnp.spec.scaffold.new_expansion", lambda game, name, cards: tmp_path / name
    )
    result = runner.invoke(app, ["new", "expansion", "boom", "dot-bomb"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "  pnp build boom --expansion dot-bomb"


def test_expansions_take_commas(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "bigidea", "--expansion", "more-cards,nope"])
    assert result.exit_code == 2, result.output
    assert "no expansion 'nope'" in result.output  # split at the comma, each name checked


def test_the_shell_asks_for_game_ids_and_gets_them() -> None:
    env = {"_PNP_COMPLETE": "complete_bash", "COMP_WORDS": "pnp build bi", "COMP_CWORD": "2"}
    result = runner.invoke(app, [], env=env, prog_name="pnp")
    assert result.stdout.split() == ["bidness", "bigidea"]


def _private_names(tree: ast.AST) -> list[str]:
    """Imports and attributes of Typer or Click in ``tree`` that are not public names, and
    methods named like private ones (an override of Typer's ``_usage_display_name``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            names = [f"{node.value.id}.{node.attr}"]
        elif isinstance(node, ast.ClassDef):  # overrides of a base class's private methods
            found += [
                f"line {f.lineno}: {node.name}.{f.name}"
                for f in node.body
                if isinstance(f, ast.FunctionDef) and f.name.startswith("_")
                if not f.name.endswith("__")
            ]
            continue
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] in ("typer", "click") and any(p.startswith("_") for p in parts):
                found.append(f"line {node.lineno}: {name}")
    return found


def test_the_command_line_uses_only_public_names_of_typer_and_click() -> None:
    """`from typer import _click` broke `import pnp.cli.app` on Typer 0.25,
    which `typer>=0.12` allows; a private name may go in any release."""
    cli = Path(__file__).resolve().parent.parent / "pnp" / "cli"
    found = {
        path.name: hits
        for path in sorted(cli.glob("*.py"))
        if (hits := _private_names(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}
    planted = (
        "from typer import _click\nimport typer._adapters\nx = typer._click.Context\n"
        "class A(TyperArgument):\n    def _usage_display_name(self): ...\n"
    )
    assert len(_private_names(ast.parse(planted))) == 4  # the check can fail


def test_help_loads_no_drawing_schema_or_template_library() -> None:
    """`pnp --help` starts in at most 0.15 s, so the command line imports only
    Typer and the few names its help shows; everything else waits for a command.

    Counted are the modules that pnp itself brings in: a module the interpreter's start
    or Typer already loaded (tempfile, by Typer's test runner or a site .pth file) is not
    pnp's to avoid."""
    import subprocess
    import sys

    heavy = (
        "reportlab",
        "PIL",
        "pydantic",
        "yaml",
        "jinja2",
        "markdown_it",
        "tempfile",
        "pnp.layout.ops",
        "pnp.layout.pages",
        "pnp.layout.chits",
        "pnp.spec.load",
    )
    code = (
        "import sys; from typer.testing import CliRunner; before = set(sys.modules); "
        "from pnp.cli.app import app; "
        "r = CliRunner().invoke(app, ['--help']); assert r.exit_code == 0, r.output; "
        f"print(' '.join(m for m in {heavy!r} if m in set(sys.modules) - before))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"imported at start-up: {done.stdout.strip()}"


def test_a_build_seldom_stops_to_collect_garbage(tmp_path: Path) -> None:
    """At Python's default threshold the collector ran about 200 times in a
    build (45–65 ms of it), scanning modules and layouts the build keeps to its end."""
    import subprocess
    import sys

    code = (
        "import atexit, gc, sys\n"
        "runs = []\n"
        "gc.callbacks.append(lambda phase, info: runs.append(phase) if phase == 'start' else 0)\n"
        "atexit.register(lambda: print('collections', len(runs)))\n"
        "from pnp.cli.app import main\n"
        f"sys.argv = ['pnp', 'build', 'boom', '--only', 'cards', '--out', {str(tmp_path)!r}]\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "boom-cards.pdf").is_file()
    runs = int(done.stdout.split("collections")[-1])
    assert runs < 50, f"{runs} collections"  # most of them while Typer itself is imported
