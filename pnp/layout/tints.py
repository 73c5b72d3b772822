"""Tints and shades of a game's own colours, so designed parts (screens, tracks) stay in
the palette the data declares instead of bringing colours of their own."""

from __future__ import annotations


def mix(a: str, b: str, t: float) -> str:
    """``#rrggbb`` a fraction ``t`` of the way from colour ``a`` to colour ``b``."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


def relative_luminance(hex_code: str) -> float:
    """WCAG relative luminance (0 black, 1 white) of ``#rrggbb``."""
    rgb = [int(hex_code[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21); it holds in greyscale too, since it
    compares luminance alone."""
    la, lb = relative_luminance(a), relative_luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def ink_on(fill: str, dark: str = "#141414", light: str = "#ffffff") -> str:
    """Whichever of ``dark`` and ``light`` reads better on ``fill`` (the larger contrast),
    so text on a tint stays legible in colour and in greyscale."""
    return dark if contrast(dark, fill) >= contrast(light, fill) else light


def legible(colour: str, on: str, least: float = 4.5) -> str:
    """``colour``, or the nearest shade of it (towards black or white) with at least
    ``least`` contrast on ``on``: text keeps its hue where it can and stays readable."""
    target, out = ink_on(on), colour
    for step in range(1, 11):
        if contrast(out, on) >= least:
            break
        out = mix(colour, target, step / 10)
    return out
