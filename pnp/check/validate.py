"""Validation of a loaded game: the rules engine's checks plus print checks of every face."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp._errors import Finding, PnpError, Severity, unique
from pnp.games import Engine, engine_for
from pnp.spec.load import Game

Playtest = Callable[[Engine, Game], list[Finding]]
"""A quick playtest: warnings for printed components that run out in simulated games.
The simulation stage, above this one, offers it (pnp.sim.runner.playtest_findings); the
command line hands it in."""


def validate_game(
    game: Game, faces: bool = False, playtest: Playtest | None = None
) -> list[Finding]:
    """Rule findings from the game's engine; with ``faces``, also check that card types
    that meet differ in greyscale, lay out every card face
    (text fits, every glyph exists; the first problem of each card) and every other
    component (counters, tracks, aid and rulebook templates), and run ``playtest``, if
    given, to warn of printed components that run out."""
    findings: list[Finding] = list(game.notes) + _method_named_keys(game)
    findings += _size_findings(game)
    engine = engine_for(game)
    if engine is not None:
        findings.extend(engine.validate(game))
    rules_ok = not any(f.severity is Severity.ERROR for f in findings)
    if faces and rules_ok:  # faces and the rulebook read the tables the rules just refused
        from pnp.check.greyscale import greyscale_findings

        findings.extend(greyscale_findings(game))
        findings.extend(_face_findings(game))
        findings.extend(_component_findings(game))
        if engine is not None and playtest is not None:  # do the printed parts suffice?
            findings.extend(playtest(engine, game))
    return unique(findings)  # one cause, one message (a layout many cards share)


def _method_named_keys(game: Game) -> list[Finding]:
    """Table keys that a template would read as a dict's method (``row.values``,
    ``t.items``) rather than as the value, printing the method on the card or page."""
    found: list[Finding] = []

    def walk(value: Any, at: tuple[str | int, ...]) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and hasattr(dict, key):
                    found.append(
                        Finding(
                            Severity.WARNING,
                            f"a template reads .{key} as a built-in method of the table, not "
                            f"as this key: write [{key!r}] where a template reads it, or "
                            "choose another name",
                            game.spec_location("tables", *at, key),
                        )
                    )
                walk(item, (*at, key))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, (*at, i))

    walk(game.spec.tables, ())
    return found


def _component_findings(game: Game) -> list[Finding]:
    from pnp.layout.cards import SheetOptions
    from pnp.render.plan import plan_outputs

    kinds = frozenset({"tokens", "board", "screen", "track", "aid", "rulebook"})
    try:
        plan_outputs(game, SheetOptions(), kinds)
        plan_outputs(game, SheetOptions(chits="shaped"), frozenset({"tokens"}))  # other faces
    except PnpError as exc:
        return [Finding(Severity.ERROR, exc.message, exc.location)]
    return []


def _face_findings(game: Game) -> list[Finding]:
    from pnp.layout.cards import lay_out_faces

    problems: list[PnpError] = []
    try:
        lay_out_faces(game, problems)
    except PnpError as exc:  # a deck back: no card to blame
        problems.append(exc)
    return [Finding(Severity.ERROR, p.message, p.location) for p in problems]


def _size_findings(game: Game) -> list[Finding]:
    """Card decks and aids whose pieces fit no sheet of A4 or Letter at the default
    margin (the build would stop there): an error at the size, naming the paper."""
    from pnp.layout.cards import SheetOptions
    from pnp.layout.sheet import PAPERS_MM, plan_grid
    from pnp.spec.fields import parse_size

    sized: list[tuple[tuple[str | int, ...], tuple[float, float], bool]] = [
        (("decks", i, "size"), deck.size_mm, True) for i, deck in enumerate(game.spec.decks)
    ]
    sized += [
        (("components", i, "size"), parse_size(comp.size), False)
        for i, comp in enumerate(game.spec.components)
        if comp.kind == "aid"
    ]
    out = []
    for at, size, cards in sized:
        for paper in PAPERS_MM:
            margin = SheetOptions(paper=paper).inner_margin
            try:
                plan_grid(paper, size, None if cards else 0.0, margin, may_rotate=cards)
            except PnpError:
                key = ".".join(map(str, at))
                out.append(
                    Finding(
                        Severity.ERROR,
                        f"{key}: {size[0]:g}×{size[1]:g} mm does not fit on {paper} with its "
                        f"crop marks inside the {margin:g} mm printer margin",
                        game.spec_location(*at),
                    )
                )
    return out
