"""The user cache is data, checked: a planted, damaged, edited or unwritable cache entry of
any kind is ignored (and written anew), never run, never trusted, never an error."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pnp.render.svg import icon_shapes
from pnp.spec import cache_entry
from pnp.spec.cache_entry import _sum, read_entry
from pnp.spec.listing import game_lines
from pnp.text import fonts, hyphens, template
from pnp.text.hyphens import breaks

ICON = Path(__file__).parent.parent / "templates" / "icons"


class Mkdir:
    """A pickle that, when loaded, makes a folder: the sign that the cache ran code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (os.mkdir, (str(self.marker),))


def _font() -> object:
    fonts._metrics.cache_clear()
    return fonts._metrics("Lato-Regular", fonts.fonts_root() / "Lato-Regular.ttf")


def _icon() -> object:
    icon_shapes.cache_clear()
    return icon_shapes(str(sorted(ICON.glob("*.svg"))[0]))


def _hyphens() -> object:
    hyphens._known.cache_clear()
    return breaks("hyphenation")


def _listing() -> object:
    return game_lines(Path("cards"))  # the mini game (see the fixture)


DERIVE: dict[str, Callable[[], object]] = {
    "fonts": _font,
    "icons": _icon,
    "hyphens": _hyphens,
    "list": _listing,
}


def _plausible_edit(kind: str, body: Any) -> Any:
    """Right shape, plausible values, wrong: what a hand edit of the file would be."""
    if kind == "fonts":
        return {**body, "advances": {k: v * 2 for k, v in body["advances"].items()}}
    if kind == "icons":
        return {**body, "width": body["width"] * 2}
    if kind == "hyphens":
        return {w: [[tail, head] for head, tail in pairs] for w, pairs in body.items()}
    return [line.replace("cards)", "cards, 1 extra)") for line in body]


def _deepened(value: Any, depth: int = 300) -> Any:
    """The first leaf replaced by lists nested ``depth`` deep."""
    if isinstance(value, dict) and value:
        first = next(iter(value))
        return {**value, first: _deepened(value[first], depth)}
    if isinstance(value, list) and value:
        return [_deepened(value[0], depth), *value[1:]]
    return json.loads("[" * depth + "]" * depth)


def _swapped(value: Any) -> Any:
    """Strings where numbers go and numbers where strings go."""
    if isinstance(value, dict):
        return {k: _swapped(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_swapped(v) for v in value]
    if isinstance(value, str):
        return len(value)
    return value if value is None else str(value)


BODIES: dict[str, Callable[[str, Any], Any]] = {
    "null": lambda kind, body: None,
    "list-for-dict": lambda kind, body: [body],
    "swapped-types": lambda kind, body: _swapped(body),
    "too-deep": lambda kind, body: _deepened(body),
}
"""Wrong shapes, each sealed with a sum that matches, so the shape check must catch it."""


@pytest.fixture
def cache(mini_cards: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder, beside the mini game's ``cards/`` in the working directory."""
    folder = mini_cards.parent / "cache"
    monkeypatch.setenv("PNP_CACHE_DIR", str(folder))
    monkeypatch.chdir(mini_cards.parent)
    return folder


def _clean(kind: str, cache: Path) -> tuple[object, Path, bytes]:
    """What ``kind`` derives with an empty cache, and the entry that it stored."""
    derived = DERIVE[kind]()
    (entry,) = (cache / kind).glob("*.json")
    return derived, entry, entry.read_bytes()


def _sealed(key: str, body: Any) -> bytes:
    """An entry with ``body`` and a sum that matches it, as a forger would write it."""
    return json.dumps({"key": key, "sum": _sum(key, body), "body": body}).encode()


def _derived_again(kind: str, entry: Path, clean: tuple[object, Path, bytes]) -> None:
    """Deriving again gives the clean result, and the entry is written anew, as clean."""
    assert DERIVE[kind]() == clean[0]
    assert entry.read_bytes() == clean[2], "the bad entry was not written anew"


@pytest.mark.parametrize("kind", sorted(DERIVE))
@pytest.mark.parametrize("shape", sorted(BODIES))
def test_a_wrong_shape_with_a_matching_sum_is_ignored_and_rewritten(
    kind: str, shape: str, cache: Path
) -> None:
    clean = _clean(kind, cache)
    entry = json.loads(clean[2])
    body = BODIES[shape](kind, entry["body"])
    assert body != entry["body"]
    clean[1].write_bytes(_sealed(entry["key"], body))
    _derived_again(kind, clean[1], clean)


@pytest.mark.parametrize("kind", sorted(DERIVE))
def test_a_hand_edited_entry_is_not_trusted(kind: str, cache: Path) -> None:
    clean = _clean(kind, cache)
    entry = json.loads(clean[2])
    entry["body"] = _plausible_edit(kind, entry["body"])
    clean[1].write_text(json.dumps(entry))
    _derived_again(kind, clean[1], clean)


@pytest.mark.parametrize("kind", sorted(DERIVE))
def test_an_entry_sealed_over_other_inputs_is_not_trusted(kind: str, cache: Path) -> None:
    """A forged entry with a right sum, but not over these inputs (another font's, say)."""
    clean = _clean(kind, cache)
    entry = json.loads(clean[2])
    body, key = _plausible_edit(kind, entry["body"]), cache_entry.digest("other inputs")
    clean[1].write_bytes(_sealed(key, body))
    _derived_again(kind, clean[1], clean)


def _nested_groups(body: Any, depth: int) -> Any:
    tree = body["tree"]
    for _ in range(depth):
        tree = {"kind": "group", "transform": None, "children": [tree]}
    return {**body, "tree": tree}


def _first_path(body: Any) -> Any:
    nodes = [body["tree"]]
    while nodes[-1]["kind"] != "path":
        nodes += nodes.pop()["children"]
    return nodes[-1]


def _short_path(body: Any) -> Any:
    _first_path(body)["operators"].append(2)  # a curve with no points left to take
    return body


OUT_OF_BOUNDS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "negative-advance": ("fonts", lambda b: {**b, "advances": {**b["advances"], "65": -0.5}}),
    "huge-advance": ("fonts", lambda b: {**b, "advances": {**b["advances"], "65": 1e6}}),
    "huge-integer": ("fonts", lambda b: {**b, "advances": {**b["advances"], "65": 10**4000}}),
    "no-code-point": ("fonts", lambda b: {**b, "advances": {"1114112": 0.5}}),
    "arabic-digit-key": ("fonts", lambda b: {**b, "advances": {"\u0663": 0.5}}),
    "boolean-ascent": ("fonts", lambda b: {**b, "ascent": True}),
    "no-advances": ("fonts", lambda b: {**b, "advances": {}}),
    "icon-150-deep": ("icons", lambda b: _nested_groups(b, 150)),
    "path-short-of-points": ("icons", _short_path),
    "five-number-transform": (
        "icons",
        lambda b: {**b, "tree": {**b["tree"], "transform": [1] * 5}},
    ),
    "unknown-shape": ("icons", lambda b: {**b, "tree": {**b["tree"], "kind": "text"}}),
    "negative-width": ("icons", lambda b: {**b, "width": -1.0}),
    "more-breaks-than-letters": ("hyphens", lambda b: {"ab": [["a", "b"]] * 3}),
    "break-of-three": ("hyphens", lambda b: {"abc": [["a", "b", "c"]]}),
    "a-broken-game": ("list", lambda b: [*b, "x            cannot be read: no"]),
}


@pytest.mark.parametrize("case", sorted(OUT_OF_BOUNDS))
def test_a_value_out_of_bounds_is_ignored_and_rewritten(case: str, cache: Path) -> None:
    kind, change = OUT_OF_BOUNDS[case]
    clean = _clean(kind, cache)
    entry = json.loads(clean[2])
    body = change(json.loads(json.dumps(entry["body"])))
    assert body != entry["body"]
    clean[1].write_bytes(_sealed(entry["key"], body))
    _derived_again(kind, clean[1], clean)


RAW: dict[str, bytes] = {
    "null": b"null",
    "list": b"[1, 2]",
    "not-json": b'{"key": ',
    "nested-200000-deep": b"[" * 200_000 + b"]" * 200_000,
    "not-utf8": b'{"key": "\xff"}',
    "nan": b'{"key": NaN, "sum": Infinity, "body": -Infinity}',
}


@pytest.mark.parametrize("kind", sorted(DERIVE))
@pytest.mark.parametrize("raw", sorted(RAW))
def test_a_damaged_file_is_ignored_and_rewritten(kind: str, raw: str, cache: Path) -> None:
    clean = _clean(kind, cache)
    clean[1].write_bytes(RAW[raw])
    _derived_again(kind, clean[1], clean)


@pytest.mark.parametrize("kind", sorted(DERIVE))
def test_a_planted_pickle_is_never_loaded(kind: str, cache: Path, tmp_path: Path) -> None:
    clean = _clean(kind, cache)
    marker = tmp_path / "ran"
    clean[1].write_bytes(pickle.dumps(Mkdir(marker)))
    _derived_again(kind, clean[1], clean)
    assert not marker.exists()


def test_a_planted_jinja_bytecode_file_is_never_loaded(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where Jinja2's bytecode cache looked (``jinja-N/``, a pickle then marshal), a planted
    file ran code; compiled templates now stay in memory."""
    from jinja2.bccache import bc_magic

    source = "{{ 6 * 7 }} planted"
    name = hashlib.sha256(source.encode()).hexdigest()[:32]
    marker = tmp_path / "ran"
    for version in range(4):
        folder = cache / f"jinja-{version}"
        folder.mkdir(parents=True)
        bucket = hashlib.sha1(name.encode()).hexdigest()
        (folder / f"__jinja2_{bucket}.cache").write_bytes(bc_magic + pickle.dumps(Mkdir(marker)))
    template.environment.cache_clear()
    template._compiled.cache_clear()
    try:
        assert template.render_text(source, {}) == "42 planted"
    finally:
        template.environment.cache_clear()
        template._compiled.cache_clear()
    assert not marker.exists()
    assert template.environment().bytecode_cache is None


@pytest.mark.parametrize("kind", sorted(DERIVE))
@pytest.mark.parametrize("thing", ["fifo", "link-to-dev-zero", "link-loop", "folder"])
def test_a_cache_file_that_is_not_a_file_is_ignored(kind: str, thing: str, cache: Path) -> None:
    """A FIFO would hang the read, /dev/zero fill the memory, a loop raise."""
    clean = _clean(kind, cache)
    entry = clean[1]
    entry.unlink()
    if thing == "fifo":
        os.mkfifo(entry)
    elif thing == "link-to-dev-zero":
        entry.symlink_to("/dev/zero")
    elif thing == "link-loop":
        entry.symlink_to(entry)
    else:
        entry.mkdir()
    assert DERIVE[kind]() == clean[0]
    if thing != "folder":  # a folder cannot be replaced by a file: only the work is lost
        assert entry.read_bytes() == clean[2]


def test_an_entry_past_the_size_cap_is_not_read(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, entry, stored = _clean("fonts", cache)
    key = json.loads(stored)["key"]
    name = entry.stem
    assert read_entry("fonts", name, key, lambda body: body) is not None
    monkeypatch.setattr(cache_entry, "ENTRY_BYTES", len(stored) - 1)
    assert read_entry("fonts", name, key, lambda body: body) is None


def _rendered() -> str:
    template.environment.cache_clear()
    template._compiled.cache_clear()
    return template.render_text("{{ 6 * 7 }}", {})


@pytest.mark.parametrize("where", ["under-a-file", "dev-null", "permission-denied"])
def test_an_unwritable_cache_costs_only_the_work(
    where: str, cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clean = {kind: derive() for kind, derive in DERIVE.items()}
    if where == "under-a-file":
        (tmp_path / "file").write_text("")
        monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "file" / "cache"))
    elif where == "dev-null":
        monkeypatch.setenv("PNP_CACHE_DIR", "/dev/null/x")
    else:  # a read-only folder, as a user who is not root meets it: every write refused
        (tmp_path / "read-only").mkdir()
        monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "read-only"))

        def refused(*args: object, **kwargs: object) -> None:
            raise PermissionError(13, "Permission denied")

        for module, name in ((Path, "mkdir"), (Path, "write_bytes"), (os, "replace")):
            monkeypatch.setattr(module, name, refused)
        monkeypatch.setattr("tempfile.NamedTemporaryFile", refused)
    assert {kind: derive() for kind, derive in DERIVE.items()} == clean
    assert _rendered() == "42"


ROOT = Path(__file__).resolve().parent.parent


def _build(cache: Path, out: Path) -> dict[str, bytes]:
    """The PDFs of a build of •Boom's cards (fonts, icons and a hyphenated word), in a new
    process with ``cache`` as its cache folder."""
    env = {**os.environ, "PNP_CACHE_DIR": str(cache)}
    env.pop("PNP_NO_CACHE", None)
    args = ["build", "boom", "--only", "cards", "--pdf", "--out", str(out)]
    done = subprocess.run(
        [sys.executable, "-m", "pnp", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return {p.name: p.read_bytes() for p in sorted(out.glob("*.pdf"))}


def test_a_build_from_a_bad_cache_is_byte_identical_to_one_from_a_clean_cache(
    tmp_path: Path,
) -> None:
    cache, marker = tmp_path / "cache", tmp_path / "ran"
    clean = _build(cache, tmp_path / "clean")
    stored = {p: p.read_bytes() for p in sorted(cache.rglob("*")) if p.is_file()}
    assert {p.parent.name for p in stored} == {"fonts", "hyphens", "icons"}
    damages: list[Callable[[dict[str, Any]], bytes]] = [
        lambda e: json.dumps({**e, "body": _plausible_edit("fonts", e["body"])}).encode(),
        lambda e: _sealed(e["key"], None),
        lambda e: pickle.dumps(Mkdir(marker)),
        lambda e: RAW["nested-200000-deep"],
        lambda e: _sealed(e["key"], _swapped(e["body"])),
    ]
    for i, (path, text) in enumerate(stored.items()):  # every font's advances doubled
        path.write_bytes(damages[0 if path.parent.name == "fonts" else 1 + i % 4](json.loads(text)))
    assert _build(cache, tmp_path / "damaged") == clean
    assert not marker.exists()
    assert {p: p.read_bytes() for p in sorted(cache.rglob("*")) if p.is_file()} == stored
    (tmp_path / "file").write_text("")
    assert _build(tmp_path / "file" / "cache", tmp_path / "unwritable") == clean
