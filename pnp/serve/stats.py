"""Per-card playtest statistics for the workbench, read from a `pnp simulate --json` file
(its ``cards``: pnp.sim.cards.CardStats as data), checked at the edge."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from pnp._errors import DataError, Location

MAX_STATS_BYTES = 50 * 1024 * 1024
NUMBERS = ("drawn", "played", "win_when_drawn", "win_when_not_drawn", "iwd", "play_rate")
"""The statistics a card carries, each a number or null."""


def read_stats(path: Path) -> dict[str, dict[str, Any]]:
    """Each card's statistics by card id, from a `pnp simulate --json` output; a file that
    is not one is a DataError naming it."""
    where = Location(path)
    try:
        if path.stat().st_size > MAX_STATS_BYTES:
            raise DataError(f"larger than {MAX_STATS_BYTES // 2**20} MB: not a simulation", where)
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"cannot read it: {exc.strerror or exc}", where) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise DataError(f"not JSON: {str(exc)[:100]}", where) from None
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, dict):
        raise DataError(
            "no per-card statistics (`cards`): give the output of `pnp simulate GAME --json`",
            where,
        )
    return {str(card): _card(str(card), value, where) for card, value in cards.items()}


def _card(card: str, value: Any, where: Location) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DataError(f"cards.{card}: not a card's statistics", where)
    out: dict[str, Any] = {}
    for key in NUMBERS:
        number = value.get(key)
        if number is not None and not _finite(number):
            raise DataError(f"cards.{card}.{key}: {number!r} is not a number", where)
        out[key] = number
    interval = value.get("iwd_ci95")
    if interval is not None and not (
        isinstance(interval, list) and len(interval) == 2 and all(map(_finite, interval))
    ):
        raise DataError(f"cards.{card}.iwd_ci95: not an interval of two numbers", where)
    out["iwd_ci95"] = interval
    out["flagged"] = value.get("outlier") is True
    return out


def _finite(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


__all__ = ["read_stats"]
