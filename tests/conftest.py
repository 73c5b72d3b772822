from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def mini_cards(tmp_path: Path) -> Path:
    """A writable copy of the tiny engine-less game; returns the cards folder."""
    root = tmp_path / "cards"
    shutil.copytree(FIXTURES / "mini", root)
    return root


def overlay(base: Path, patch: Path) -> None:
    """Copy every file of ``patch`` over ``base`` (same relative paths)."""
    for src in patch.rglob("*"):
        if src.is_file():
            dst = base / src.relative_to(patch)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(src, dst)
