"""Chance shared by the engines: shuffles that draw exactly as ``random.Random`` does."""

from __future__ import annotations

import random
from functools import cache
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same draws, in the same order, to the same result.

    ``random.Random.shuffle`` calls a Python method per item to draw an index below
    ``i + 1`` (``_randbelow``: rejection sampling on ``getrandbits``); this draws the same
    bits in one loop, which counts when a simulation reshuffles thousands of decks (checked
    against it in tests/test_boom_speed.py). A subclass of ``Random`` may draw differently,
    so it shuffles its own way.
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, bits in _swaps(len(items)):
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


@cache
def _swaps(size: int) -> tuple[tuple[int, int], ...]:
    """Each position a shuffle of ``size`` items fills, last first, and the bits it draws
    for an index up to it."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


__all__ = ["shuffle"]
