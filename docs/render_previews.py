"""Render one page of each kind of component to docs/images/, for the README.

Builds a game into a scratch folder, picks from its manifest the first card front,
card back, counter sheet, track sheet, aid sheet and rulebook page, and rasterises
each with pdfium at about 100 dpi into a small palette PNG. Run it after a change
that alters the look, and commit the images:

    python docs/render_previews.py [--game boom] [--dpi 100]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from pnp.build.game import build_game  # noqa: E402
from pnp.plan.settings import BuildOptions  # noqa: E402
from pnp.spec.load import load_game  # noqa: E402

OUT = HERE / "images"
COLOURS = 96
"""Palette size: plenty for flat print artwork, and keeps each image small."""
PREVIEWS = [
    ("cards-front", "cards", "front"),
    ("cards-back", "cards", "back"),
    ("tokens", "tokens", None),
    ("track", "track", None),
    ("aid", "aid", None),
    ("rulebook", "rulebook", None),
]
"""(image name, manifest kind, page side or None for the first page)."""


def pick(manifest: dict, kind: str, side: str | None) -> tuple[str, int] | None:
    """The file and page index of the fullest page of ``kind`` (and ``side``); for a
    kind without items per page (rulebooks), its first page."""
    found: list[tuple[int, str, int]] = []
    for f in manifest["files"]:
        if f["kind"] != kind:
            continue
        for i, page in enumerate(f["pages"]):
            if side is None or page.get("side") == side:
                found.append((-len(page.get("items", [])), f["path"], i))
    return min(found)[1:] if found else None


def render(pdf: Path, index: int, dpi: float, target: Path) -> None:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        image = doc[index].render(scale=dpi / 72, draw_annots=False).to_pil().convert("RGB")
    finally:
        doc.close()
    small = image.quantize(COLOURS, dither=0)
    small.save(target, format="PNG", optimize=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="boom")
    ap.add_argument("--dpi", type=float, default=100)
    ap.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs")
    args = ap.parse_args(argv)
    args.out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        build_game(load_game(args.game), BuildOptions(), out)
        manifest = json.loads((out / "manifest.json").read_text())
        for name, kind, side in PREVIEWS:
            found = pick(manifest, kind, side)
            if found is None:
                print(f"{args.game} has no {kind} page; skipped {name}")
                continue
            target = args.out / f"{name}.png"
            render(out / found[0], found[1], args.dpi, target)
            print(f"{target}: {target.stat().st_size // 1024} kB")


if __name__ == "__main__":
    main()
