"""Decisions and published numbers as data, one declaration shared by every engine.

Each engine's ``decisions.py`` declares two tuples and a function, and nothing else
holds them:

* ``DECISIONS``: a :class:`Decision` for each rule the source leaves open or gets wrong
  (``id``, the source's ``gap``, the ``rule`` pnp plays, ``why``), in our own words.  A
  ``{name}`` in the texts is one of the game's numbers, never typed twice; a figure about
  play (how long games last) is a ``claim`` filled from the game's simulation record
  (``{record[heuristic][games]}``, pnp.spec.playtest), never typed into the prose;
* ``PUBLISHED``: a :class:`Published` for each number the source prints (a table, a
  count, a cost): its ``name``, the printed ``value``, where the source gives it
  (``source``) and where it lives in the game data (``path``, below);
* ``decisions_for(...)``: the decisions with the game's numbers filled in
  (:func:`rendered_with`).  ``examples.py`` hands it to the rulebook as
  ``examples.decisions`` and the rulebook's Decisions section prints that list and nothing
  else; a rulebook that prints the published numbers reads :func:`published_rows`.

``check.py`` ends ``validate`` with :func:`check_published`, which warns for every number
of the data that differs from ``PUBLISHED`` (an error for one marked ``breaks``).  A
number with no ``path`` is only printed, unless the engine counts it itself and passes
it in ``counted`` (Old Biddy's 180 gems are colours × gems of each colour).

Where a published number lives is a short path:

* ``("tables", key)``: a value under ``tables:`` in game.yaml (``"market.spaces"``: a key
  inside a mapping);
* ``("tables", key, by, value)``: a list of rows under ``tables:``, read as
  ``{row[by]: row[value]}``;
* ``("players", "min")`` / ``("players", "max")``;
* ``("count", "deck" | "type", id)``: how many cards (copies counted) a deck or card type holds;
* ``("each", deck, "a.b.c")``: the value every card of a deck has at that key, where present.

The engine marks the code that carries out a decision with a comment naming its id
(``# decision offering-order``); tests/test_decisions_printed.py checks that every id an
engine marks is listed, and that the rulebook prints every decision listed.

A game or an expansion that changes a published number on purpose lists the number's
``name``, as the warning quotes it, under ``overrides:`` (``tables.overrides`` in
game.yaml, ``overrides`` in expansion.yaml), and that warning, and only that one, goes
away (tests/test_overrides.py, for every engine).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from pnp._errors import Finding, Location, Severity, unknown
from pnp.games.fingerprint import inputs_of
from pnp.games.intervals import wilson
from pnp.spec.game import Game
from pnp.spec.playtest import simulate_command


class Decision(NamedTuple):
    id: str
    gap: str
    """What the source leaves open or gets wrong, in our words."""
    rule: str
    """What pnp does.  In every text, ``{name}`` fields are filled from the game's numbers."""
    why: str
    claim: str = ""
    """A figure about play, printed after ``rule`` only from the game's simulation record
    (``{record[heuristic][length][mean]:.1f}``: pnp.spec.playtest); left out when the game
    has no record or no run the claim names, never typed into ``rule``."""


class Published(NamedTuple):
    name: str
    """What the number is, as a warning names it ("IPO limit step")."""
    value: Any
    """The published value; a dict for a table (key → value)."""
    source: str
    """Where the source gives it, in our words."""
    path: tuple[str, ...] = ()
    """Where it lives in the game data (see the module notes); empty: printed only."""
    breaks: bool = False
    """A different value breaks the engine: an error instead of a warning."""
    label: str = ""
    """What a player calls the number, as the rulebook prints it ("Value of an IOU ($)");
    empty: ``name``, which must then read as words (no ``snake_case`` data key)."""


def rendered_with(
    decisions: tuple[Decision, ...],
    numbers: Mapping[str, Any],
    record: Mapping[str, Any] | None = None,
) -> list[dict[str, str]]:
    """The decisions with this game's numbers filled in, for the rulebook; a decision's
    ``claim`` is filled from ``record`` (the runs of pnp.spec.playtest, by key) and left
    out when the record lacks what it names."""
    return [
        {
            "id": d.id,
            "gap": d.gap.format(**numbers),
            "rule": " ".join(filter(None, [d.rule.format(**numbers), _claim(d, numbers, record)])),
            "why": d.why.format(**numbers),
        }
        for d in decisions
    ]


def _claim(decision: Decision, numbers: Mapping[str, Any], record: Mapping[str, Any] | None) -> str:
    if not decision.claim or not record:
        return ""
    try:
        return decision.claim.format(**numbers, record=record)
    except (KeyError, IndexError):  # a run the record does not hold: no claim
        return ""


def record_runs(game: Game, engine: Any) -> dict[str, Any]:
    """The game's recorded simulation runs for its expansions, made with the data it has
    now as ``engine`` (its engine module) reads it (empty without a record).  A stale
    run's figures are left out rather than printed with a mark: a player cannot renew a
    record, and `validate` tells the designer who can."""
    if game.record is None:
        return {}
    runs = game.record.matching([e.id for e in game.expansions], inputs_of(game, engine))
    return {key: with_provenance(game, run) for key, run in runs.items()}


def with_provenance(game: Game, run: dict[str, Any]) -> dict[str, Any]:
    """A recorded run as a rulebook prints it: with the ``command`` that plays it again
    (the same figures, as tests/test_playtest_record.py checks), the pnp ``version`` that
    printed it, and each component group's share of games short with its 95 % interval
    (``short_ci95``, Wilson's)."""
    from pnp._version import __version__

    command = simulate_command(
        game.id, run["games"], run["seed"], run["players"], run["bots"], run["expansions"]
    )
    groups = {
        name: {**group, "short_ci95": list(wilson(group["short_games"], run["games"]))}
        for name, group in run["components"].items()
    }
    return {**run, "command": command, "version": __version__, "components": groups}


def published_rows(published: tuple[Published, ...]) -> list[dict[str, Any]]:
    """The published numbers as plain rows (name, label, value, source, ...) for a
    rulebook table: ``label`` is what it prints, never a data key."""
    return [{**p._asdict(), "label": p.label or p.name} for p in published]


def overridden(game: Game) -> set[str]:
    """Names of published numbers the game or its expansions change on purpose."""
    return {name for name, _ in _override_entries(game)}


def _override_entries(game: Game) -> list[tuple[str, Location]]:
    """Each name listed under ``overrides:``, with where it is written."""
    names = game.spec.tables.get("overrides") or []
    out = [
        (str(n), game.spec_location("tables", "overrides", i))
        for i, n in enumerate(names if isinstance(names, list) else [])
    ]
    for expansion in game.expansions:
        for i, name in enumerate(expansion.spec.overrides):
            where = expansion.located.at(("overrides", i)) if expansion.located else None
            out.append((name, where or game.spec_location("tables")))
    return out


def _unknown_overrides(game: Game, published: tuple[Published, ...]) -> list[Finding]:
    """A warning for each name under ``overrides:`` that no published number has: a
    misspelt name silences nothing."""
    names = [p.name for p in published]
    return [
        Finding(
            Severity.WARNING,
            f"overrides: {unknown('published number', name, names)}",
            where,
        )
        for name, where in _override_entries(game)
        if name not in names
    ]


def _dig(value: Any, dotted: str) -> Any:
    for key in dotted.split("."):
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def read(game: Game, path: tuple[str, ...]) -> tuple[Any, Location]:
    """The data's value at ``path`` (None when absent) and where to point a finding."""
    kind, rest = path[0], path[1:]
    if kind == "tables":
        keys = rest[0].split(".")
        where = game.spec_location("tables", *keys)
        rows = _dig(game.spec.tables, rest[0])
        if len(rest) == 1:
            return rows, where
        if not isinstance(rows, list):
            return None, where
        by, value = rest[1], rest[2]
        return {r.get(by): r.get(value) for r in rows if isinstance(r, dict)}, where
    if kind == "players":
        return getattr(game.spec.players, rest[0]), game.spec_location("players")
    if kind == "count":
        cards = [c for c in game.cards if (c.deck if rest[0] == "deck" else c.type) == rest[1]]
        where = cards[0].where("id") if cards else game.spec_location("decks")
        return sum(c.qty for c in cards), where
    if kind == "each":
        cards = [c for c in game.deck_cards(rest[0]) if _dig(c.fields, rest[1]) is not None]
        values = sorted({_dig(c.fields, rest[1]) for c in cards})
        where = cards[0].where(rest[1].split(".")[0]) if cards else game.spec_location("decks")
        return (values[0] if len(values) == 1 else values or None), where
    raise ValueError(f"unknown path {path!r}")


def differences(name: str, have: Any, published: Any) -> list[str]:
    """Each way ``have`` differs from ``published``, as a phrase (empty: they agree)."""
    if not isinstance(published, dict):
        return [] if have == published else [f"{name} is {have!r}, published {published!r}"]
    if not isinstance(have, dict):
        return [f"{name} is missing, published {published!r}"]
    out = []
    for key, value in published.items():
        if key not in have:
            out.append(f"{name} {key} is missing, published {value!r}")
        elif have[key] != value:
            out.append(f"{name} {key} is {have[key]!r}, published {value!r}")
    out += [f"{name} {key} is not in the published rules" for key in have if key not in published]
    return out


def check_published(
    game: Game, published: tuple[Published, ...], counted: Mapping[str, Any] | None = None
) -> list[Finding]:
    """A warning (an error where the engine breaks) for every data value that differs.

    ``counted`` holds, by name, numbers that no one place in the data holds and the engine
    counts itself (gems printed = colours × gems of each colour); a :class:`Published`
    without a path is checked against it, the finding pointing at ``tables:``."""
    skip, out = overridden(game), _unknown_overrides(game, published)
    counted = counted or {}
    for p in published:
        if p.name in skip:
            continue
        if p.path:
            have, where = read(game, p.path)
        elif p.name in counted:
            have, where = counted[p.name], game.spec_location("tables")
        else:
            continue
        severity = Severity.ERROR if p.breaks else Severity.WARNING
        for what in differences(p.name, have, p.value):
            out.append(
                Finding(
                    severity,
                    f"differs from the published rules ({p.source}): {what}; "
                    f"list {p.name!r} under overrides: if this is on purpose",
                    where,
                )
            )
    return out


__all__ = [
    "Decision",
    "Published",
    "check_published",
    "differences",
    "overridden",
    "published_rows",
    "read",
    "rendered_with",
]
