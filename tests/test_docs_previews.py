"""docs/render_previews.py draws one small page image per component kind."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from PIL import Image

SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "render_previews.py"
KINDS = ["cards-front", "cards-back", "tokens", "track", "aid", "rulebook"]


def test_previews_one_small_page_per_kind(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("render_previews", SCRIPT)
    assert spec and spec.loader
    previews = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(previews)
    previews.main(["--game", "boom", "--out", str(tmp_path)])
    assert sorted(p.stem for p in tmp_path.glob("*.png")) == sorted(KINDS)
    for name in KINDS:
        path = tmp_path / f"{name}.png"
        with Image.open(path) as im:
            w, h = im.size
            assert abs(w - 827) <= 1 and abs(h - 1169) <= 1, name  # A4 at 100 dpi
            assert len(im.getcolors(256) or []) > 2, name  # drawn, not blank
        assert path.stat().st_size < 150_000, name
    front = Image.open(tmp_path / "cards-front.png").convert("RGB")
    back = Image.open(tmp_path / "cards-back.png").convert("RGB")
    assert front.tobytes() != back.tobytes()
