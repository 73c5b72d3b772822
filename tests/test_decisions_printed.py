"""Every decision an engine enforces is printed in its rulebook, from the engine's data.

An engine marks the code that carries out a decision with ``# decision <id>``; the ids
must be in the engine's ``decisions.DECISIONS``, and the rendered rulebook must carry
each decision's rule text (numbers filled in), so the book and the engine cannot drift.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from pnp.games import ENGINES
from pnp.plan.doc_text import rulebook_markdown, template_context
from pnp.spec.load import load_game

ROOT = Path(__file__).resolve().parent.parent
MARK = re.compile(r"#\s*decision ([a-z0-9-]+)")
NOT_YET: set[str] = set()
"""Engines whose code does not yet name the decisions it carries out (strict xfail:
marking them makes the test pass, and then they must leave this set)."""


def _words(text: str) -> str:
    return " ".join(re.sub(r"[*_]", "", text).split())


def _marked(engine: str) -> set[str]:
    folder = ROOT / "pnp" / "games" / engine
    return {m for f in folder.glob("*.py") for m in MARK.findall(f.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_rulebook_prints_every_decision_from_the_engine(engine: str) -> None:
    game = load_game(engine)
    ctx = template_context(game)
    book = _words(rulebook_markdown(game, ctx))
    decisions = ctx["examples"]["decisions"]
    assert decisions, "the engine lists no decisions"
    for d in decisions:
        assert _words(d["rule"]) in book, f"decision {d['id']!r} is not printed"
        assert "{" not in d["rule"] + d["gap"] + d["why"], f"unfilled number in {d['id']!r}"


@pytest.mark.parametrize(
    "engine",
    [
        pytest.param(
            e, marks=[pytest.mark.xfail(strict=True, reason="no marks yet")] * (e in NOT_YET)
        )
        for e in sorted(ENGINES)
    ],
)
def test_every_decision_the_code_enforces_is_listed(engine: str) -> None:
    listed = {d.id for d in importlib.import_module(f"pnp.games.{engine}.decisions").DECISIONS}
    marked = _marked(engine)
    assert marked, "no decision is marked in the code"
    assert marked <= listed, f"enforced but not listed (so not printed): {marked - listed}"


def test_small_print_marks_every_decision_it_lists() -> None:
    """A converted engine marks where it carries out each of its decisions (docs/engines.md)."""
    from pnp.games.smallprint.decisions import DECISIONS

    assert {d.id for d in DECISIONS} == _marked("smallprint")


def test_a_decision_left_out_of_the_data_is_left_out_of_the_book(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The book prints the engine's list and nothing else: drop one, and it is gone."""
    from pnp.games.boom import decisions

    game = load_game("boom")
    dropped = decisions.DECISIONS[0]
    monkeypatch.setattr(decisions, "DECISIONS", decisions.DECISIONS[1:])
    book = _words(rulebook_markdown(game))
    assert _words(dropped.gap) not in book
    assert _words(decisions.DECISIONS[0].gap) in book


def test_small_print_warns_on_a_number_that_differs_from_its_source() -> None:
    import dataclasses

    from pnp.games import smallprint

    game = load_game("smallprint")
    # smallprint.txt: each player plays at most three Paperwork cards a round
    tables = {**game.spec.tables, "max_cards_per_round": 4}
    changed = dataclasses.replace(game, spec=game.spec.model_copy(update={"tables": tables}))
    (finding,) = smallprint.validate(changed)
    assert "max_cards_per_round is 4, published 3" in finding.message
    assert finding.severity.value == "warning"
