"""Golden files: seeded transcripts and PDF hashes, refreshed only by tests/golden/regen.py."""

from __future__ import annotations

import json
import zlib

import pytest
import reportlab

from tests.golden import regen

GOLDEN = json.loads((regen.HERE / "pdf-hashes.json").read_text())


@pytest.mark.parametrize("game, players, seed", regen.GAMES)
def test_seeded_transcript_matches_golden(game: str, players: int, seed: int) -> None:
    expected = regen.transcript_path(game, players, seed).read_text()
    assert regen.transcript(game, players, seed) == expected, (
        "the game played differently; if the change is intended, run tests/golden/regen.py"
    )


@pytest.mark.skipif(
    (GOLDEN["reportlab"], GOLDEN["zlib"]) != (reportlab.Version, zlib.ZLIB_RUNTIME_VERSION),
    reason="PDF bytes are pinned to the reportlab and zlib that wrote the golden hashes",
)
def test_pdf_bytes_match_golden() -> None:
    assert regen.pdf_hashes()["files"] == GOLDEN["files"], (
        "PDF output changed; if intended, run tests/golden/regen.py and review the diff"
    )
