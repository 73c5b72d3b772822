"""The baseline: a plain reportlab script drawing the same card sheets as `pnp build`.

No pnp, no schema, no templates: the YAML is read directly and every card is drawn
with fixed geometry (the standard poker layout, nine to an A4 page, crop marks, a
mirrored back page after each front).  benchmarks/bench_build.py times it against pnp.
Usage: python benchmarks/plain_reportlab.py GAME OUT.pdf [CARDS_DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

ROOT = Path(__file__).resolve().parent.parent
W, H = 63.5, 88.9
PAGE = (210.0, 297.0)
GAP_X, GAP_Y = 1.75, 6.0
X0 = (PAGE[0] - 3 * W - 2 * GAP_X) / 2
Y_TOP = (PAGE[1] + 3 * H + 2 * GAP_Y) / 2


def fonts() -> None:
    for name in ("Lato-Regular", "Lato-Bold", "Lato-Black", "Lato-Italic"):
        pdfmetrics.registerFont(TTFont(name, str(ROOT / "fonts" / f"{name}.ttf")))


def centred(c: Canvas, text: str, font: str, size: float, x: float, y: float, w: float) -> None:
    c.setFont(font, size)
    for i, line in enumerate(simpleSplit(text, font, size, w * mm)):
        c.drawCentredString((x + w / 2) * mm, (y - i * size * 0.45) * mm, line)


def front(c: Canvas, card: dict, colour: str, label: str, game: str) -> None:
    c.setFillColor(HexColor(colour))
    c.rect(-3 * mm, -3 * mm, (W + 6) * mm, (H + 6) * mm, stroke=0, fill=1)
    c.setFillColor(HexColor("#fbf8f1"))
    c.roundRect(3.5 * mm, 3.5 * mm, 56.5 * mm, 81.9 * mm, 2.5 * mm, stroke=0, fill=1)
    c.setFillColor(HexColor(colour))
    c.roundRect(3.5 * mm, 77.4 * mm, 56.5 * mm, 8 * mm, 2.5 * mm, stroke=0, fill=1)
    c.rect(3.5 * mm, 77.4 * mm, 56.5 * mm, 3.5 * mm, stroke=0, fill=1)
    c.setFillColor(HexColor("#ffffff"))
    centred(c, label.upper(), "Lato-Bold", 8, 6, 80.5, 51.5)
    c.setFillColor(HexColor("#141414"))
    centred(c, card["name"], "Lato-Black", 16, 6, 68, 51.5)
    c.setStrokeColor(HexColor(colour))
    c.setLineWidth(0.5 * mm)
    c.line(14 * mm, 60.4 * mm, 49.5 * mm, 60.4 * mm)
    if "industry" in card or "domain" in card:
        c.setFillColor(HexColor(colour))
        centred(
            c, str(card.get("industry", card.get("domain"))).upper(), "Lato-Bold", 9.5, 6, 55, 51.5
        )
    c.setFillColor(HexColor("#222222"))
    centred(c, card.get("text", ""), "Lato-Regular", 10.5, 7, 45, 49.5)
    if "burn" in card:
        c.setFillColor(HexColor(colour))
        c.circle(50.75 * mm, 14.65 * mm, 6.75 * mm, stroke=0, fill=1)
        c.setFillColor(HexColor("#ffffff"))
        centred(c, f"{card['burn']:+d}", "Lato-Black", 15, 44, 14.5, 13.5)
        centred(c, "BURN", "Lato-Bold", 5.5, 44, 10.5, 13.5)
    c.setFillColor(HexColor("#8a8a8a"))
    c.setFont("Lato-Italic", 6.5)
    c.drawString(7 * mm, 7 * mm, game)


def double_ended(c: Canvas, card: dict, colour: str, label: str) -> None:
    c.setFillColor(HexColor(colour))
    c.rect(-3 * mm, -3 * mm, (W + 6) * mm, (H + 6) * mm, stroke=0, fill=1)
    c.setFillColor(HexColor("#fbf8f1"))
    c.roundRect(3.5 * mm, 3.5 * mm, 56.5 * mm, 81.9 * mm, 2.5 * mm, stroke=0, fill=1)
    c.setFillColor(HexColor(colour))
    centred(c, label, "Lato-Black", 8, 6, 80, 51.5)
    c.setFillColor(HexColor("#141414"))
    centred(c, card["name"], "Lato-Black", 24, 6, 66, 51.5)
    c.setStrokeColor(HexColor(colour))
    c.setLineWidth(0.4 * mm)
    c.line(10 * mm, 55.9 * mm, 53.5 * mm, 55.9 * mm)
    c.line(10 * mm, 33 * mm, 53.5 * mm, 33 * mm)
    c.setFillColor(HexColor(colour))
    c.circle(W / 2 * mm, 44.45 * mm, 5 * mm, stroke=0, fill=1)
    c.saveState()
    c.translate(W / 2 * mm, 22.9 * mm)
    c.rotate(180)
    c.setFillColor(HexColor("#333333"))
    centred(c, card.get("text", ""), "Lato-Italic", 9.5, -24.75, 2, 49.5)
    c.setFillColor(HexColor(colour))
    centred(c, card["name"].upper(), "Lato-Bold", 7, -25.75, -13, 51.5)
    c.restoreState()


def back(c: Canvas, deck: dict) -> None:
    b = deck["back"]
    c.setFillColor(HexColor(b["color"]))
    c.rect(-3 * mm, -3 * mm, (W + 6) * mm, (H + 6) * mm, stroke=0, fill=1)
    c.setStrokeColor(HexColor(b.get("accent", "#ffffff")))
    c.setLineWidth(0.8 * mm)
    c.roundRect(4.5 * mm, 4.5 * mm, 54.5 * mm, 79.9 * mm, 3 * mm, stroke=1, fill=0)
    c.setLineWidth(0.3 * mm)
    c.roundRect(6.5 * mm, 6.5 * mm, 50.5 * mm, 75.9 * mm, 2 * mm, stroke=1, fill=0)
    c.circle(W / 2 * mm, H / 2 * mm, 19 * mm, stroke=1, fill=0)
    c.setFillColor(HexColor(b.get("accent", "#ffffff")))
    centred(c, b["title"], "Lato-Black", 26, 8, 44, 47.5)
    centred(c, b.get("subtitle", ""), "Lato-Bold", 9, 8, 36, 47.5)


def place(c: Canvas, i: int, mirrored: bool) -> None:
    r, col = divmod(i, 3)
    x = X0 + col * (W + GAP_X)
    if mirrored:
        x = PAGE[0] - x - W
    c.translate(x * mm, (Y_TOP - (r + 1) * H - r * GAP_Y) * mm)


def marks(c: Canvas) -> None:
    c.setStrokeColor(HexColor("#000000"))
    c.setLineWidth(0.5)
    for col in range(3):
        for x in (X0 + col * (W + GAP_X), X0 + col * (W + GAP_X) + W):
            c.line(x * mm, (Y_TOP + 4) * mm, x * mm, (Y_TOP + 8) * mm)
            c.line(
                x * mm,
                (Y_TOP - 3 * H - 2 * GAP_Y - 4) * mm,
                x * mm,
                (Y_TOP - 3 * H - 2 * GAP_Y - 8) * mm,
            )


def main(game_id: str, out: str, cards: Path = ROOT / "cards") -> None:
    fonts()
    folder = cards / game_id
    spec = yaml.load((folder / "game.yaml").read_text(), Loader=yaml.CSafeLoader)
    files = sorted(p for p in folder.glob("*.yaml") if p.name != "game.yaml")
    decks: dict[str, list[dict]] = {d["id"]: [] for d in spec["decks"]}
    for f in files:
        data = yaml.load(f.read_text(), Loader=yaml.CSafeLoader)
        for card in data["cards"]:
            decks[data["deck"]].extend([card] * card.get("qty", 1))
    c = Canvas(out, pagesize=(PAGE[0] * mm, PAGE[1] * mm), invariant=1, pageCompression=1)
    for deck in spec["decks"]:
        cards = decks[deck["id"]]
        for start in range(0, len(cards), 9):
            chunk = cards[start : start + 9]
            for side in ("front", "back"):
                for i, card in enumerate(chunk):
                    c.saveState()
                    place(c, i, side == "back")
                    if side == "front":
                        ctype = spec["card_types"][card["type"]]
                        if ctype.get("layout") == "double-ended":
                            double_ended(c, card, ctype["color"], ctype["label"])
                        else:
                            front(c, card, ctype["color"], ctype["label"], spec["name"])
                    else:
                        back(c, deck)
                    c.restoreState()
                if side == "front":
                    marks(c)
                c.showPage()
    c.save()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(Path(a) for a in sys.argv[3:4]))
