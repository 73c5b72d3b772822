"""Tints and shades of a game's own colours, so designed parts (screens, tracks) stay in
the palette the data declares instead of bringing colours of their own."""

from __future__ import annotations

from pnp.spec.colour import Colour


def mix(a: Colour | str, b: Colour | str, t: float) -> str:
    """``#rrggbb`` a fraction ``t`` of the way from colour ``a`` to colour ``b``."""
    return Colour.of(a).mix(Colour.of(b), t).hex


def contrast(a: Colour | str, b: Colour | str) -> float:
    """WCAG contrast ratio of two colours (1 to 21); it holds in greyscale too, since it
    compares luminance alone."""
    return Colour.of(a).contrast(Colour.of(b))


def ink_on(fill: Colour | str, dark: str = "#141414", light: str = "#ffffff") -> str:
    """Whichever of ``dark`` and ``light`` reads better on ``fill`` (the larger contrast),
    so text on a tint stays legible in colour and in greyscale."""
    return dark if contrast(dark, fill) >= contrast(light, fill) else light


def legible(colour: Colour | str, on: Colour | str, least: float = 4.5) -> str:
    """``colour``, or the nearest shade of it (towards black or white) with at least
    ``least`` contrast on ``on``: text keeps its hue where it can and stays readable."""
    base, ground = Colour.of(colour), Colour.of(on)
    target, out = Colour.of(ink_on(ground)), base
    for step in range(1, 11):
        if out.contrast(ground) >= least:
            break
        out = base.mix(target, step / 10)
    return out.hex
