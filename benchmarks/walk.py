"""How far one value walks through pnp's stages, and how often it climbs back up.

    python benchmarks/walk.py [--game smallprint] [--cards DIR] [--start sheet_plans]
                              [--param game] [--root CHECKOUT] [--json]

From the project root. It runs a real build (``pnp build GAME --pdf --out TMP --jobs 1``,
in this process, through the command line's Typer app) under ``sys.setprofile``. The
first time a pnp function named ``--start`` is called, the value of its parameter
``--param`` is the value followed; from then on every pnp frame that holds it (an
argument, a local or a closure cell identical to it: ``frame.f_locals`` holds them all)
is a node of the walk, and its parent is the nearest frame below it on the stack that holds
it too (the frames already on the stack when the value is found included). The walk's
call tree is what the value went through.

A room is a stage (``pnp.<stage>....``, from the frame's module name, so a function counts
where it lives today); consecutive frames in one stage are one room. A climb is a step from
a lower stage to a higher one (stage order: _errors, _progress/pool, spec, text, games,
layout, plan, render, check, build, sim, cli): a callback or closure handed downward and
called there. Printed: the root-to-leaf chain that enters the most rooms and the one with
the most climbs, each with its rooms, climbs and stage sequence (with the functions of each
room). ``--root`` measures another checkout (its pnp is imported instead of this one's).
With ``--through`` the walk also has the pnp frames between two that hold the value: those
that had it some other way (an attribute of ``self``, of an argument) and handed it on.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

STAGES = (
    "_errors",
    "_progress",
    "spec",
    "text",
    "games",
    "layout",
    "plan",
    "render",
    "check",
    "build",
    "sim",
    "cli",
)
RANK = {stage: i for i, stage in enumerate(STAGES)}
RANK["pool"] = RANK["_progress"]  # one layer with _progress
RANK["pnp"] = RANK["cli"]  # pnp/__init__.py, pnp/__main__.py: the package's front door


@dataclass
class Node:
    """One call of a function that held the value (a generator's every resumption is one)."""

    stage: str
    name: str
    children: list[Node] = field(default_factory=list)


@dataclass(frozen=True)
class Chain:
    """A root-to-leaf path of the walk, its frames merged into rooms."""

    rooms: list[tuple[str, list[str]]]  # (stage, the functions called in it, in order)

    @property
    def climbs(self) -> int:
        return sum(RANK[b] > RANK[a] for (a, _), (b, _) in pairwise(self.rooms))

    def as_dict(self) -> dict[str, Any]:
        return {
            "rooms": len(self.rooms),
            "climbs": self.climbs,
            "stages": [stage for stage, _ in self.rooms],
            "chain": [{"stage": stage, "functions": names} for stage, names in self.rooms],
        }

    def lines(self) -> list[str]:
        head = " → ".join(stage for stage, _ in self.rooms)
        out = [f"{len(self.rooms)} rooms, {self.climbs} climbs: {head}"]
        for stage, names in self.rooms:
            out.append(f"  {stage:<9} {' > '.join(names)}")
        return out


class Walk:
    """A profile function: finds the value, then records every pnp frame that holds it."""

    def __init__(self, start: str, param: str, through: bool = False) -> None:
        self.start = start
        self.param = param
        self.through = through
        self.value: Any = None
        self.found = False
        self.roots: list[Node] = []
        self.frames = 0
        self._active: dict[int, tuple[FrameType, Node]] = {}
        self._stages: dict[CodeType, str | None] = {}

    def __call__(self, frame: FrameType, event: str, arg: object) -> None:
        if event == "return":
            if id(frame) in self._active and self._active[id(frame)][0] is frame:
                del self._active[id(frame)]
            return
        if event != "call":
            return
        stage = self._stage(frame)
        if stage is None:
            return
        if not self.found:
            if frame.f_code.co_name != self.start or self.param not in frame.f_locals:
                return
            self.value = frame.f_locals[self.param]
            self.found = True
            below = []
            back = frame.f_back
            while back is not None:
                if self._stage(back) is not None and self._holds(back):
                    below.append(back)
                back = back.f_back
            for held in reversed(below):  # the callers that handed the value down
                self._add(held)
            self._add(frame)
            return
        if self._holds(frame):
            self._add(frame)

    def _holds(self, frame: FrameType) -> bool:
        value = self.value
        return any(v is value for v in frame.f_locals.values())

    def _stage(self, frame: FrameType) -> str | None:
        code = frame.f_code
        if code not in self._stages:
            module = str(frame.f_globals.get("__name__", ""))
            parts = module.split(".")
            self._stages[code] = None
            if parts[0] == "pnp":
                self._stages[code] = parts[1] if len(parts) > 1 else "pnp"
        return self._stages[code]

    def _add(self, frame: FrameType) -> None:
        if self.through:  # the pnp frames between it and the last one that held the value
            between = []
            back = frame.f_back
            while back is not None and id(back) not in self._active:
                if self._stage(back) is not None:
                    between.append(back)
                back = back.f_back
            if back is not None:
                for passed in reversed(between):
                    self._attach(passed)
        self._attach(frame)

    def _attach(self, frame: FrameType) -> None:
        stage = self._stage(frame)
        assert stage is not None
        node = Node(stage, frame.f_code.co_qualname)
        self.frames += 1
        back = frame.f_back
        while back is not None and id(back) not in self._active:
            back = back.f_back
        if back is None:
            self.roots.append(node)
        else:
            self._active[id(back)][1].children.append(node)
        self._active[id(frame)] = (frame, node)


def chains(roots: list[Node]) -> tuple[Chain, Chain]:
    """The chain that enters the most rooms, and the one with the most climbs (each breaks
    a tie by the other figure, then by the first found)."""
    best_rooms: Chain | None = None
    best_climbs: Chain | None = None
    stack: list[tuple[Node, list[tuple[str, list[str]]]]] = [(r, []) for r in reversed(roots)]
    while stack:
        node, rooms = stack.pop()
        if rooms and rooms[-1][0] == node.stage:
            rooms = [*rooms[:-1], (node.stage, [*rooms[-1][1], node.name])]
        else:
            rooms = [*rooms, (node.stage, [node.name])]
        if node.children:
            stack.extend((child, rooms) for child in reversed(node.children))
            continue
        chain = Chain(rooms)
        key_rooms = (len(chain.rooms), chain.climbs)
        if best_rooms is None or key_rooms > (len(best_rooms.rooms), best_rooms.climbs):
            best_rooms = chain
        if best_climbs is None or (chain.climbs, len(chain.rooms)) > (
            best_climbs.climbs,
            len(best_climbs.rooms),
        ):
            best_climbs = chain
    if best_rooms is None or best_climbs is None:
        raise SystemExit("the value was never found: no frame to walk")
    return best_rooms, best_climbs


def build_under(walk: Walk, game: str, cards: Path | None, out: Path) -> None:
    """``pnp build GAME --pdf --out OUT --jobs 1`` in this process, profiled by ``walk``."""
    from pnp.cli.app import app, tune_process

    tune_process()
    args = ["build", game, "--pdf", "--out", str(out), "--jobs", "1"]
    if cards is not None:
        args += ["--cards", str(cards)]
    threading.setprofile(walk)
    sys.setprofile(walk)
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # the build's summary
            status = app(args, prog_name="pnp", standalone_mode=False)
    except SystemExit as done:
        status = done.code
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]
    if status not in (0, None):
        raise SystemExit(f"pnp {' '.join(args)} ended with status {status}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="smallprint", help="the game to build")
    parser.add_argument("--cards", type=Path, help="the games folder (pnp's --cards)")
    parser.add_argument("--start", default="sheet_plans", help="the function that takes it")
    parser.add_argument("--param", default="game", help="its parameter holding the value")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument(
        "--through",
        action="store_true",
        help="also the pnp frames between two that hold it (that had it some other way)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.root.resolve()))
    walk = Walk(args.start, args.param, args.through)
    with tempfile.TemporaryDirectory(prefix="pnp-walk-") as tmp:
        build_under(walk, args.game, args.cards, Path(tmp) / "out")
    longest, climbing = chains(walk.roots)
    import pnp

    report = {
        "game": args.game,
        "start": args.start,
        "param": args.param,
        "pnp": str(Path(pnp.__file__).parent),
        "through": args.through,
        "frames": walk.frames,
        "longest": longest.as_dict(),
        "most_climbs": climbing.as_dict(),
    }
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return
    print(f"{args.start}'s {args.param} in `pnp build {args.game}` ({report['pnp']}):")
    print(f"{walk.frames} calls {'held it or passed it on' if args.through else 'held it'}")
    print("longest walk:", *longest.lines(), sep="\n")
    print("most climbs:", *climbing.lines(), sep="\n")


if __name__ == "__main__":
    main()
