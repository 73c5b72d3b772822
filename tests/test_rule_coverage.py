"""Rules as data: each engine lists the rules it plays, marks where it carries each out
(``playlog.used("id")``), and the simulation report counts the games that used each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.games import ENGINES, get_engine
from pnp.games.playlog import Rule
from pnp.sim.runner import simulate
from pnp.spec.load import load_game

USED = re.compile(r"""\.used\(\s*["']([a-z0-9-]+)["']\s*\)""")

PENDING: set[str] = set()
"""Engines whose rules are not listed yet; empty this as they come."""

LISTED = sorted(set(ENGINES) - PENDING)


def marks(engine: str) -> dict[str, list[str]]:
    """Rule id → the files of the engine's package that mark it."""
    package = Path(get_engine(engine).__file__ or "").parent
    found: dict[str, list[str]] = {}
    for path in sorted(package.glob("*.py")):
        for rule in USED.findall(path.read_text(encoding="utf-8")):
            found.setdefault(rule, []).append(path.name)
    return found


def rules_of(engine: str) -> tuple[Rule, ...]:
    rules: tuple[Rule, ...] = get_engine(engine).RULES  # type: ignore[attr-defined]
    return rules


def test_the_pending_list_is_true() -> None:
    for engine in sorted(ENGINES):
        listed = hasattr(get_engine(engine), "RULES")
        assert listed == (engine not in PENDING), f"{engine}: update PENDING"


@pytest.mark.parametrize("engine", LISTED)
def test_every_listed_rule_is_marked_and_every_mark_listed(engine: str) -> None:
    listed = [rule.id for rule in rules_of(engine)]
    assert len(listed) == len(set(listed)), f"{engine}: a rule id listed twice"
    found = marks(engine)
    assert sorted(set(listed) - set(found)) == [], f"{engine}: listed rules with no mark"
    assert sorted(set(found) - set(listed)) == [], f"{engine}: marks of rules not listed"


@pytest.mark.parametrize("engine", LISTED)
def test_every_rule_is_said_in_words_with_its_place_in_the_source(engine: str) -> None:
    for rule in rules_of(engine):
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.id), rule.id
        assert rule.rule.endswith(".") and len(rule.rule.split()) >= 6, rule.id
        assert rule.source and not rule.source.endswith("."), rule.id


@pytest.mark.parametrize("engine", LISTED)
def test_the_report_counts_games_per_rule(engine: str) -> None:
    game = load_game(engine)
    report = simulate(get_engine(engine), game, games=20, seed=3, bots=["heuristic"])
    assert list(report.rules) == [rule.id for rule in rules_of(engine)]
    assert all(0 <= games <= report.games for games in report.rules.values())
    # every game reveals a row and places paperwork: rules no game can do without
    assert max(report.rules.values()) == report.games


SAFETY_NETS = {"bidness": ["round-cap"]}
"""Endings the engine adds for games that would not end otherwise, which bots that play
to win do not reach (coverage lists them, and flags them as never used)."""


@pytest.mark.slow
@pytest.mark.parametrize("engine", LISTED)
def test_heuristic_bots_use_every_rule_in_a_thousand_games(engine: str) -> None:
    # 1,000 games at the default (most) players use every listed rule
    game = load_game(engine)
    report = simulate(get_engine(engine), game, games=1000, seed=1, bots=["heuristic"], jobs=2)
    unused = [rule for rule, games in report.rules.items() if not games]
    assert unused == SAFETY_NETS.get(engine, [])
