"""Big decks stay fast (docs/architecture.md §8): time and memory of a build grow no faster than the
number of cards, and a card list of any length flows over as many rulebook pages as it
needs, typeset as cleanly as a short one.

Each build runs in a forked child so its CPU time and peak memory are its own: CPU time
(not wall time) is steady on a loaded machine, and the child's peak resident size less
its size before the build is what the build itself needed.
"""

from __future__ import annotations

import multiprocessing
import resource
import shutil
import time
from pathlib import Path
from typing import Any

from pnp.build.game import build_game
from pnp.layout.paper import PAPERS_MM
from pnp.plan.doc_text import rulebook_markdown
from pnp.plan.settings import BuildOptions
from pnp.render.doc_layout import typeset_rulebook
from pnp.spec.load import load_game
from pnp.spec.paths import cards_root
from tests.test_docs_rulebook import typesetting_faults

SMALL, LARGE = 300, 3000
MAX_RATIO = 12.0
"""Ten times the cards may cost at most twelve times the time and memory."""
LARGE_CPU_S, LARGE_MB = 18.0, 150.0
"""Ceilings for the 3,000-card build: its cards (each with its art) and rulebook take
9.7-11.2 s of CPU and 73 MB alone (the same before and after the plan stage, measured in
turn), and up to 15.2 s beside a second test process on two cores."""
KINDS = frozenset({"cards", "rulebook"})
"""The files whose size follows the card count (counters and aids do not)."""


def _word(i: int, ending: str) -> str:
    """A distinct pronounceable word for every i: the Big Idea checks no word repeats."""
    out = ""
    while True:
        out = "bcdfghjklmnprstvz"[i % 17] + "aeiou"[(i // 17) % 5] + out
        i //= 85
        if not i:
            return (out + ending).capitalize()


def _expansion(root: Path, n: int) -> str:
    """A copy of The Big Idea with an expansion of ``n`` generated cards, half per deck."""
    shutil.copytree(cards_root() / "bigidea", root / "bigidea")
    name = f"generated-{n}"
    folder = root / "bigidea" / "expansions" / name
    folder.mkdir(parents=True)
    (folder / "expansion.yaml").write_text(f"name: Generated {n}\nmark: G\n")
    for deck, ending in (("big", "ish"), ("idea", "er")):
        lines = [f"deck: {deck}", "cards:"]
        lines += [
            f"  - {{id: gen-{deck}-{i}, type: {deck}, name: {_word(i, ending)}, "
            f'text: "Generated card {i}, a test of big decks."}}'
            for i in range(n // 2)
        ]
        (folder / f"{deck}.yaml").write_text("\n".join(lines) + "\n")
    return name


def _measure(root: Path, expansion: str, out: Path, result: Any) -> None:
    try:
        before_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        start = time.process_time()
        build_game(load_game("bigidea", root, [expansion]), BuildOptions(), out, KINDS)
        seconds = time.process_time() - start
        peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before_kb
        result.put((seconds, peak_kb))
    except BaseException as exc:  # report it to the parent rather than leave it waiting
        result.put(repr(exc))


def _build(tmp_path: Path, n: int) -> tuple[float, float]:
    """CPU seconds and peak extra memory (kB) of building an expansion of n cards."""
    root = tmp_path / f"cards-{n}"
    expansion = _expansion(root, n)
    ctx = multiprocessing.get_context("fork")
    result = ctx.Queue()
    child = ctx.Process(target=_measure, args=(root, expansion, tmp_path / f"out-{n}", result))
    child.start()
    measured = result.get(timeout=300)
    child.join()
    assert isinstance(measured, tuple), measured
    seconds, peak_kb = measured
    return seconds, max(peak_kb, 1)


def test_time_and_memory_grow_no_faster_than_the_cards(tmp_path: Path) -> None:
    small_s, small_kb = _build(tmp_path, SMALL)
    large_s, large_kb = _build(tmp_path, LARGE)
    print(f"{SMALL}: {small_s:.2f} s {small_kb} kB; {LARGE}: {large_s:.2f} s {large_kb} kB")
    assert large_s / small_s <= MAX_RATIO
    assert large_kb / small_kb <= MAX_RATIO
    assert large_s <= LARGE_CPU_S and large_kb / 1024 <= LARGE_MB
    manifest = (tmp_path / f"out-{LARGE}" / "manifest.json").read_text()
    assert manifest.count('"id":"gen-') == 2 * LARGE  # front and back of every card


def test_a_long_card_list_flows_over_the_pages(tmp_path: Path) -> None:
    root = tmp_path / "cards"
    game = load_game("bigidea", root, [_expansion(root, LARGE)])
    book = typeset_rulebook(
        game, rulebook_markdown(game), PAPERS_MM["letter"], tmp_path / "rules.pdf"
    )
    assert typesetting_faults(book) == []
    lists = [b for b in book.blocks if b.kind == "body" and (b.continued or b.continues)]
    assert len({b.page for b in lists}) >= 4  # 3,000 words run on over several pages
    assert book.pages >= 8
