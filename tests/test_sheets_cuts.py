"""Cut files: every cut path of every sheet lies on a trim rectangle of the
manifest, corners rounded by the card's radius, registration marks inside the margin."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pnp.build.game import build_game
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game

PT = 72 / 25.4
TOL = 0.02  # pt: both files round to 1/100 pt
SVG = "{http://www.w3.org/2000/svg}"


def _segments(d: str) -> list[tuple[str, list[float]]]:
    """(command, numbers) of an SVG path written as M/L/A/Z with absolute coordinates."""
    return [
        (cmd, [float(v) for v in re.split(r"[ ,]+", args.strip()) if v])
        for cmd, args in re.findall(r"([MLAZ])([^MLAZ]*)", d)
    ]


def _on_edge(p: tuple[float, float], trims: list[list[float]]) -> bool:
    x, y = p
    for x0, y0, x1, y1 in trims:
        on_x = min(abs(x - x0), abs(x - x1)) <= TOL and y0 - TOL <= y <= y1 + TOL
        on_y = min(abs(y - y0), abs(y - y1)) <= TOL and x0 - TOL <= x <= x1 + TOL
        if on_x or on_y:
            return True
    return False


def _check_path(d: str, trims: list[list[float]], radius_pt: float) -> None:
    pen: tuple[float, float] | None = None
    for cmd, nums in _segments(d):
        if cmd == "Z":
            continue
        end = (nums[-2], nums[-1])
        assert _on_edge(end, trims), (d, end)
        if cmd == "L" and pen is not None:  # a straight cut runs along one trim edge
            mid = ((pen[0] + end[0]) / 2, (pen[1] + end[1]) / 2)
            assert _on_edge(mid, trims), (d, pen, end)
            assert abs(pen[0] - end[0]) <= TOL or abs(pen[1] - end[1]) <= TOL
        if cmd == "A" and radius_pt:  # a rounded corner: the card's radius
            assert nums[0] == pytest.approx(radius_pt, abs=TOL), d
        pen = end


@pytest.fixture(
    scope="module",
    params=[
        ("boom", "a4", "grid"),
        ("boom", "letter", "fold"),
        ("bigidea", "letter", "gutter"),
        ("smallprint", "a4", "auto"),
    ],
    ids=lambda v: "-".join(v),
)
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    game, paper, layout = request.param
    out = tmp_path_factory.mktemp("cut")
    options = BuildOptions(paper=paper, layout=layout, cut_file="svg", registration=True)
    build_game(load_game(game), options, out)
    return out


def test_every_cut_path_lies_on_a_trim_of_the_manifest(built: Path) -> None:
    manifest = json.loads((built / "manifest.json").read_text())
    by_path = {f["path"]: f for f in manifest["files"]}
    cuts = [f for f in manifest["files"] if f["kind"] == "cut"]
    kinds = {by_path[c["source"]]["kind"] for c in cuts}
    assert kinds == {"cards", "tokens", "aid"}
    for cut in cuts:
        source = by_path[cut["source"]]
        number = int(re.search(r"-p(\d+)-cut\.svg$", cut["path"]).group(1))  # type: ignore[union-attr]
        page = source["pages"][number - 1]
        assert page["side"] in ("front", "fold")  # backs are never cut
        trims = [it["trim_pt"] for it in page["items"]]
        root = ET.parse(built / cut["path"]).getroot()
        w, h = page["size_pt"]
        assert root.get("viewBox") == f"0 0 {w:g} {h:g}"
        assert root[0].get("transform") == f"matrix(1 0 0 -1 0 {h:g})"  # PDF's y-up
        paths = root.findall(f".//{SVG}path")
        radius = 3 * PT if source["kind"] == "cards" else 0.0  # both games' cards are poker
        for p in paths:
            _check_path(p.get("d", ""), trims, radius)
        if page["side"] == "fold":
            assert len(paths) * 2 == len(trims)  # one outline around each front-back pair
        else:
            assert len(paths) == len(trims)
        marks = root.findall(f".//{SVG}rect")
        assert len(marks) == 5
        m = manifest["options"]["margin_mm"] * PT
        for r in marks:
            x, y = float(r.get("x", 0)), float(r.get("y", 0))
            rw, rh = float(r.get("width", 0)), float(r.get("height", 0))
            assert x >= m - TOL and y >= m - TOL and x + rw <= w - m + TOL and y + rh <= h - m + TOL


def test_poker_corners_are_rounded_by_three_mm(built: Path) -> None:
    svg = next(built.glob("*-cards-p1-cut.svg")).read_text()
    r = f"{round(3 * PT, 2):g}"  # 8.5 pt
    assert svg.count(f"A {r},{r} 0 0 1") == 4 * svg.count("<path")
