"""The README's walk-throughs are run as they stand, line by line, in an empty folder."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.spec.paths import cards_root

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
WALKTHROUGH = re.compile(r"<!-- walkthrough: ([\w-]+).*?-->\s*```sh\n(.*?)```", re.S)
WALKS = dict(WALKTHROUGH.findall(README))


def test_readme_has_both_walkthroughs() -> None:
    assert sorted(WALKS) == ["new-expansion", "new-game"]
    assert all(line.startswith("pnp ") for w in WALKS.values() for line in w.splitlines())


@pytest.mark.parametrize("name", sorted(WALKS))
def test_walkthrough_runs_verbatim(name: str, tmp_path: Path) -> None:
    if name == "new-expansion":  # a checkout: its cards/ folder is where pnp writes
        shutil.copytree(cards_root(), tmp_path / "cards")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PNP_CACHE_DIR": str(tmp_path / "cache")}
    # `pnp` is this checkout's code, whatever the PATH holds.
    script = f'set -e\npnp() {{ "{sys.executable}" -m pnp.cli.app "$@"; }}\n{WALKS[name]}'
    result = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    game = "space-race" if name == "new-game" else "bigidea"
    assert (tmp_path / "output" / game / "manifest.json").is_file()
