"""Validation of a loaded game: the rules engine's checks plus print checks of every face."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pnp._errors import Finding, PnpError, Severity, unique
from pnp.check.legibility import Piece, face_piece
from pnp.check.playtest import record_findings
from pnp.games import Engine, engine_for
from pnp.layout.ops import Face
from pnp.spec.game import Game

Playtest = Callable[[Engine, Game], list[Finding]]
"""A quick playtest: warnings for printed components that run out in simulated games.
The simulation stage, above this one, offers it (pnp.sim.runner.playtest_findings); the
command line hands it in."""


def validate_game(
    game: Game, faces: bool = False, playtest: Playtest | None = None
) -> list[Finding]:
    """Rule findings from the game's engine; with ``faces``, also check that card types
    that meet differ in greyscale and pieces that meet face up (`meets:`) by more than
    colour, lay out every card face (text fits, every glyph exists; the first problem of
    each card) and every other component (counters, boards, screens, tracks, aid and
    rulebook templates), refuse text over art with less than 4.5:1 contrast, warn of text
    printed under 6 pt (the copyright line 5 pt) and of held or stacked cards with no
    value in the corner, and run ``playtest``, if given, to warn of printed components
    that run out."""
    findings: list[Finding] = list(game.notes) + _method_named_keys(game)
    findings += _size_findings(game)
    findings += _fit_findings(game)
    engine = engine_for(game)
    if engine is not None:
        findings.extend(engine.validate(game))
    rules_ok = not any(f.severity is Severity.ERROR for f in findings)
    findings += record_findings(game)
    if faces and rules_ok:  # faces and the rulebook read the tables the rules just refused
        from pnp.check.art_contrast import art_contrast_findings, piece_art_findings
        from pnp.check.corners import corner_findings
        from pnp.check.greyscale import greyscale_findings
        from pnp.check.legibility import legibility_findings
        from pnp.check.meets import meeting_findings

        findings.extend(greyscale_findings(game))
        findings.extend(meeting_findings(game))
        face_problems, laid = _face_findings(game)
        component_problems, pieces, aids = _component_findings(game)
        findings += face_problems + component_problems + corner_findings(game, laid)
        findings += legibility_findings(_card_pieces(game, laid) + pieces)
        findings += art_contrast_findings(
            laid, {card.id: card.loc for card in game.cards}, game.root / "fonts"
        )
        findings += piece_art_findings(pieces, game.root / "fonts")
        findings += _aid_findings(game, aids)
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


def _component_findings(game: Game) -> tuple[list[Finding], list[Piece], dict[int, Any]]:
    """Every component laid out as the build would (A4), planned as the build plans it:
    the first problem of each, the pieces it prints (counters, boards, screens, tracks and
    the sheets' own text), and each aid's text as set in its panel, by component."""
    from pnp.plan.doc_text import rulebook_markdown, title_art
    from pnp.plan.files import AidPanels, Book
    from pnp.plan.outputs import file_kinds, plan_build, plan_outputs, sheet_plans
    from pnp.plan.settings import BuildOptions
    from pnp.render.doc_layout import aid_layout
    from pnp.spec.components import AidComponent
    from pnp.spec.kinds import component_kind, component_kinds

    options = BuildOptions()
    found: list[Finding] = []
    pieces: list[Piece] = []
    aids: dict[int, Any] = {}

    def error(exc: PnpError) -> None:
        found.append(Finding(Severity.ERROR, exc.message, exc.location))

    want = frozenset(file_kinds()) - {"cards"}
    try:
        plan = plan_build(game, options, want, defer=True)
    except PnpError as exc:
        error(exc)
        return found, pieces, aids
    for sheet in sheet_plans(game, options, want):  # and the counters printed on cards
        if sheet.component is not None and component_kind(sheet.kind).typeset:
            continue  # an aid: its text is set below
        try:
            pages, faces = plan.laid(sheet)
        except PnpError as exc:
            error(exc)
            continue
        if sheet.component is not None:  # not the card box
            i = sheet.component
            comp = game.spec.components[i]
            where = game.spec_location("components", i)
            pieces += [face_piece(_piece_name(comp, k), where, f) for k, f in faces.items()]
            pieces += [Piece(f"{comp.kind} {comp.id!r}", where, tuple(p.decor)) for p in pages]
    for planned in plan.files:
        content = planned.content
        try:
            if isinstance(content, AidPanels):  # its text set in its panel (render measures)
                aid = game.spec.components[content.component]
                assert isinstance(aid, AidComponent)
                aids[content.component] = aid_layout(game, aid, plan.context())
                if aid.back:
                    aid_layout(game, aid, plan.context(), back=True)
            elif isinstance(content, Book) and not content.booklet:
                rulebook_markdown(game, plan.context())
                title_art(game)
        except PnpError as exc:
            error(exc)
    shaped = frozenset(k.name for k in component_kinds() if k.chits)
    try:  # the counters' other faces
        plan_outputs(game, replace(options, chits="shaped"), shaped)
    except PnpError as exc:
        error(exc)
    return found, pieces, aids


def _piece_name(comp: Any, key: str) -> str:
    """A counter by its group's title, any other face by its component."""
    parts = key.split(":")
    if parts[0] == "token" and len(parts) == 4:
        return f"counter {comp.groups[int(parts[2])].title!r} ({comp.id})"
    return f"{comp.kind} {comp.id!r}"


def _aid_findings(game: Game, aids: dict[int, Any]) -> list[Finding]:
    """Aid text under 6 pt (its credit line under 5 pt): a panel sets its text at the
    largest size that fits, so this says the aid holds too much text. ``aids``: each aid's
    text as set in its panel, by component."""
    from pnp.layout.textfit import MIN_FINE_PRINT_PT, MIN_TEXT_PT

    out: list[Finding] = []
    for i, laid in aids.items():
        comp = game.spec.components[i]
        credit = laid.credit.style.fontSize if laid.credit is not None else MIN_FINE_PRINT_PT
        for size, floor, what in (
            (laid.smallest_pt, MIN_TEXT_PT, "its text"),
            (credit, MIN_FINE_PRINT_PT, "its copyright line"),
        ):
            if size < floor - 1e-9:
                out.append(
                    Finding(
                        Severity.WARNING,
                        f"aid {comp.id!r}: {what} prints at {size:.2f} pt, under {floor:g} pt; "
                        "shorten the aid's text or make the aid larger",
                        game.spec_location("components", i),
                    )
                )
    return out


def _face_findings(game: Game) -> tuple[list[Finding], dict[str, Face]]:
    """Every card face and back laid out: each card's first problem, and the faces."""
    from pnp.layout.cards import lay_out_faces

    problems: list[PnpError] = []
    faces: dict[str, Face] = {}
    try:
        faces = lay_out_faces(game, problems)
    except PnpError as exc:  # a deck back: no card to blame
        problems.append(exc)
    return [Finding(Severity.ERROR, p.message, p.location) for p in problems], faces


def _card_pieces(game: Game, faces: dict[str, Face]) -> list[Piece]:
    at = {card.id: card.loc for card in game.cards}
    return [
        face_piece(f"card {k!r}" if k in at else k.replace("back:", "back of "), at.get(k), f)
        for k, f in faces.items()
    ]


def _size_findings(game: Game) -> list[Finding]:
    """Card decks and aids whose pieces fit no sheet of A4 or Letter at the default
    margin (the build would stop there): an error at the size, naming the paper."""
    from pnp.layout.paper import PAPERS_MM
    from pnp.layout.sheet import plan_grid
    from pnp.plan.settings import BuildOptions
    from pnp.spec.fields import parse_size
    from pnp.spec.kinds import component_kind

    sized: list[tuple[tuple[str | int, ...], tuple[float, float], bool]] = [
        (("decks", i, "size"), deck.size_mm, True) for i, deck in enumerate(game.spec.decks)
    ]
    sized += [
        (("components", i, "size"), parse_size(size), False)
        for i, comp in enumerate(game.spec.components)
        if component_kind(comp.kind).typeset and (size := getattr(comp, "size", None))
    ]  # a typeset kind's panel (an aid's) has a size of its own
    out = []
    for at, size, cards in sized:
        for paper in PAPERS_MM:
            margin = BuildOptions(paper=paper).inner_margin
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


def _fit_findings(game: Game) -> list[Finding]:
    """Counters declared to sit on a board region (`fits:`) that name no region, or have
    less than 1 mm of play in its spaces: an error at the `fits:` key."""
    from pnp.layout.boardfit import fit_findings

    return fit_findings(game)
