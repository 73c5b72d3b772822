"""Counters that meet face up differ in a greyscale print by more than their letters: a
pattern (`pattern:`), a symbol (`icon:`) or a shape of their own. The Big Idea's chips,
•Boom's firms' counters, Bidness's money and tech points once became one grey in which
only the printed letters remained; validate warns of such a set."""

from __future__ import annotations

import shutil
from itertools import combinations
from pathlib import Path

import pytest

from pnp.check.greyscale import counter_findings, counter_sets, greyscale_findings
from pnp.layout.ops import Face, Icon, Shape
from pnp.layout.tokens import lay_out_tokens
from pnp.plan.settings import BuildOptions
from pnp.spec.components import TokensComponent
from pnp.spec.load import load_game
from pnp.spec.paths import data_root

GAMES = ["boom", "bidness", "bigidea", "oldbiddy", "smallprint"]


@pytest.mark.parametrize("game", GAMES)
def test_no_set_of_counters_differs_by_colour_and_letters_alone(game: str) -> None:
    assert counter_findings(load_game(game)) == []


def test_the_sets_that_meet_are_each_groups_rows_and_the_meets_groups() -> None:
    sets = dict(counter_sets(load_game("boom")))
    firms = sets["the group 'Stock counters (one set per venture firm)'"]
    assert len(firms) == 5 and len({c[1] for c in firms}) == 5  # five colours
    assert len({c[4] for c in firms}) == 5  # five symbols


def test_counters_told_apart_by_their_letters_only_are_reported(tmp_path: Path) -> None:
    """•Boom before: a firm's counters differed from another's by colour and initials."""
    cards = tmp_path / "cards"
    shutil.copytree(data_root() / "cards" / "boom", cards / "boom")
    yaml = cards / "boom" / "game.yaml"
    yaml.write_text(yaml.read_text().replace('icon: "{{ row.emblem }}", ', ""))
    found = greyscale_findings(load_game("boom", cards))
    said = [f.message for f in found if "only by their letters" in f.message]
    assert len(said) == 10  # every two of the five firms
    assert any("counter 'KV'" in m and "counter 'HC'" in m for m in said), said
    assert all(f.location is not None and f.location.line for f in found)


@pytest.mark.parametrize("chits", ["square", "shaped"])
@pytest.mark.parametrize("game", GAMES)
def test_each_counter_of_a_set_prints_its_own_mark(game: str, chits: str) -> None:
    """What the data declares is drawn: in a set, counters of different colours differ in
    what they print besides their colour and words (a texture's strokes, a symbol)."""
    g = load_game(game)
    for i, comp in enumerate(g.spec.components):
        if not isinstance(comp, TokensComponent):
            continue
        _, faces = lay_out_tokens(g, comp, i, BuildOptions(chits=chits))
        for gi, group in enumerate(comp.groups):
            mine = [f for k, f in faces.items() if k.startswith(f"token:{comp.id}:{gi}:")]
            for a, b in combinations(mine, 2):
                if _fill(a) != _fill(b):
                    assert _marks(a) != _marks(b), (comp.id, group.title)


def _fill(face: Face) -> str | None:
    return next(op.fill for op in face.ops if isinstance(op, Shape))


def _marks(face: Face) -> tuple[object, ...]:
    """What a face prints but its colours and words: the kinds and places of its shapes
    and the paths of its symbols."""
    out: list[object] = []
    for op in face.ops:
        if isinstance(op, Shape):
            out.append((op.kind, round(op.x, 2), round(op.y, 2), round(op.w, 2), op.dash))
        elif isinstance(op, Icon):
            out.append(op.path)
    return tuple(out)
