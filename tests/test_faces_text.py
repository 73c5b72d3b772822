"""Rich card text, icons, flavour text, pictures and hyphenation."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from pnp._errors import DataError, LayoutError
from pnp.build.game import build_game
from pnp.layout.cards import lay_out_faces
from pnp.layout.ops import Face, Icon, Picture, Shape, TextBlock
from pnp.layout.textfit import PT_TO_MM, set_text
from pnp.plan.settings import BuildOptions
from pnp.render.raster import rasterise
from pnp.spec.load import load_game
from pnp.spec.paths import templates_root
from pnp.text.fonts import load_font
from pnp.text.icons import find_icon, icon_dirs
from pnp.text.richtext import parse

ICONS = icon_dirs([templates_root()])
BOX = (0.0, 0.0, 50.0, 30.0)


def _card_file(cards: Path, body: str) -> None:
    (cards / "mini" / "cards.yaml").write_text("deck: main\ncards:\n" + body, encoding="utf-8")


def test_markup_becomes_bold_italic_and_icon_pieces() -> None:
    [words] = parse("Gain **2** :money: *now*, \\*really\\*", "Lato-Regular", True, ICONS)
    pieces = [(p.font, p.text, p.icon.stem if p.icon else None) for w in words for p in w]
    assert pieces == [
        ("Lato-Regular", "Gain", None),
        ("Lato-Bold", "2", None),
        ("Lato-Regular", "", "money"),
        ("Lato-Italic", "now", None),
        ("Lato-Regular", ",", None),
        ("Lato-Regular", "*really*", None),
    ]


def test_italic_inside_italic_text_stands_upright() -> None:
    [words] = parse("a *b*", "Lato-Italic", True, ICONS)
    assert [w[0].font for w in words] == ["Lato-Italic", "Lato-Regular"]


def test_rich_runs_are_measured_in_their_own_font() -> None:
    words = "Bold words take more room than regular ones"
    width = load_font("Lato-Regular").width(words, 10) * PT_TO_MM + 0.5
    box = (0.0, 0.0, width, 30.0)
    plain = set_text(words, "Lato-Regular", 10, 10, 1.2, box, rich=True)
    bold = set_text(f"**{words}**", "Lato-Regular", 10, 10, 1.2, box, rich=True)
    assert not plain.runs and len(plain.lines) == 1, "plain text is drawn line by line"
    assert {r.font for r in bold.runs} == {"Lato-Bold"}
    assert len(bold.lines) == 2  # measured in bold, the same words need a second line
    bold_font = load_font("Lato-Bold")
    for run in bold.runs:  # every run ends inside the box
        assert run.x >= 0 and run.x + bold_font.width(run.text, 10) * PT_TO_MM <= width + 1e-6


def test_inline_icons_take_room_and_sit_on_the_baseline() -> None:
    block = set_text("Pay :money: 5", "Lato-Regular", 10, 10, 1.2, BOX, "left", rich=True,
                     icon_dirs=ICONS)  # fmt: skip
    pay, icon, five = block.runs
    assert icon.icon.endswith("money.svg") and icon.w > 0 and icon.h > 0
    assert pay.x < icon.x < five.x and icon.y == pay.y == five.y
    assert five.x >= icon.x + icon.w  # the next word starts after the icon
    assert block.lines[0][2] == "Pay :money: 5"


def test_unknown_icon_is_a_located_error_with_the_closest_name(mini_cards: Path) -> None:
    _card_file(
        mini_cards, "  - {id: alpha, type: basic, name: Alpha, power: 1, text: 'Take :mony:'}\n"
    )
    with pytest.raises(DataError) as err:
        lay_out_faces(load_game("mini", mini_cards))
    message = str(err.value)
    assert "unknown icon 'mony'; did you mean 'money'?" in message
    assert message.startswith(f"{mini_cards / 'mini' / 'cards.yaml'}:3:")


def test_unclosed_bold_is_an_error() -> None:
    with pytest.raises(DataError, match=r"\*\* opened but never closed"):
        set_text("**Oops", "Lato-Regular", 10, 10, 1.2, BOX, rich=True)


def test_find_icon_lists_what_exists_when_nothing_is_close() -> None:
    with pytest.raises(DataError, match="icons: .*money"):
        find_icon("zzzzzz", ICONS)
    assert find_icon("money", ICONS).name == "money.svg"


def test_justified_lines_fill_the_box_except_the_last() -> None:
    text = "One two three four five six seven eight nine ten eleven twelve thirteen"
    block = set_text(text, "Lato-Regular", 10, 10, 1.2, (0, 0, 40, 30), "justify", rich=True)
    font = load_font("Lato-Regular")
    ends: dict[float, float] = {}
    for run in block.runs:
        ends[run.y] = max(ends.get(run.y, 0.0), run.x + font.width(run.text, 10) * PT_TO_MM)
    *full, last = [ends[y] for y in sorted(ends)]
    assert full and all(abs(end - 40) < 1e-6 for end in full)
    assert last < 40 - 1


def test_hyphenation_breaks_long_words_in_narrow_boxes() -> None:
    text = "Incomprehensible internationalisation"
    box = (0.0, 0.0, 22.0, 30.0)
    with pytest.raises(LayoutError):
        set_text(text, "Lato-Regular", 9, 9, 1.2, box)  # too wide whole
    block = set_text(text, "Lato-Regular", 9, 9, 1.2, box, hyphenate=True)
    lines = [ln[2] for ln in block.lines]
    assert any(line.endswith("-") for line in lines)
    assert "".join(line.removesuffix("-") for line in lines).replace(" ", "") == text.replace(
        " ", ""
    )
    for x, _, line in block.lines:
        assert x + load_font("Lato-Regular").width(line, 9) * PT_TO_MM <= 22 + 1e-6
    wide = set_text(text, "Lato-Regular", 9, 9, 1.2, (0, 0, 80, 30), hyphenate=True)
    assert [ln[2] for ln in wide.lines] == [text]  # room enough: no break


def _texts(face: Face) -> dict[str, TextBlock]:
    return {" ".join(ln[2] for ln in op.lines): op for op in face.ops if isinstance(op, TextBlock)}


def test_flavour_text_is_italic_below_a_thin_rule(mini_cards: Path) -> None:
    _card_file(
        mini_cards,
        "  - {id: alpha, type: basic, name: Alpha, power: 1, text: 'Draw two cards.',\n"
        "     flavor: 'Nobody reads the small print.'}\n",
    )
    face = lay_out_faces(load_game("mini", mini_cards))["alpha"]
    texts = _texts(face)
    rules, flavour = texts["Draw two cards."], texts["Nobody reads the small print."]
    assert rules.font == "Lato-Regular" and flavour.font == "Lato-Italic"
    assert flavour.size < rules.size
    rule = next(
        op
        for op in face.ops
        if isinstance(op, Shape) and op.kind == "line" and op.stroke_width < 0.3
    )
    assert rules.lines[-1][1] < rule.y < flavour.lines[0][1]


def test_a_card_own_label_and_kind_replace_its_types(mini_cards: Path) -> None:
    game_yaml = mini_cards / "mini" / "game.yaml"
    typed = game_yaml.read_text().replace("label: Basic", "label: Basic\n    kind: Plain")
    game_yaml.write_text(typed)
    _card_file(
        mini_cards,
        "  - {id: alpha, type: basic, name: Alpha, power: 1,\n"
        "     label: Dealt, kind: Given at the start}\n"
        "  - {id: beta, type: basic, name: Beta, power: 2}\n",
    )
    faces = lay_out_faces(load_game("mini", mini_cards))
    assert {"DEALT", "Given at the start"} <= set(_texts(faces["alpha"]))
    assert not {"BASIC", "Plain"} & set(_texts(faces["alpha"]))
    assert {"BASIC", "Plain"} <= set(_texts(faces["beta"]))


def test_a_card_picture_is_fitted_into_its_frame(mini_cards: Path, tmp_path: Path) -> None:
    art = mini_cards / "mini" / "art"
    art.mkdir()
    Image.new("RGB", (40, 10), "#cc3300").save(art / "wide.png")
    _card_file(
        mini_cards,
        "  - {id: alpha, type: basic, name: Alpha, power: 1, text: 'Hi.', image: art/wide.png}\n",
    )
    game = load_game("mini", mini_cards)
    [pic] = [op for op in lay_out_faces(game)["alpha"].ops if isinstance(op, Picture)]
    fx, fy, fw, fh = pic.frame
    # cover: the frame is filled, the picture keeps its 4:1 shape, centred on the frame
    assert pic.w / pic.h == pytest.approx(4.0)
    assert pic.x <= fx and pic.x + pic.w >= fx + fw and pic.y <= fy and pic.y + pic.h >= fy + fh
    assert pic.x + pic.w / 2 == pytest.approx(fx + fw / 2)
    out = tmp_path / "out"
    build_game(game, BuildOptions(), out, frozenset({"cards"}))
    assert b"/Subtype /Image" in (out / "mini-cards.pdf").read_bytes()


@pytest.mark.parametrize(
    ("path", "message"),
    [("../outside.png", "outside the game folder"), ("art/none.png", "cannot be read")],
)
def test_a_bad_picture_path_is_a_located_error(mini_cards: Path, path: str, message: str) -> None:
    (mini_cards / "outside.png").write_bytes(b"")
    _card_file(
        mini_cards, f"  - {{id: alpha, type: basic, name: Alpha, power: 1, image: {path}}}\n"
    )
    with pytest.raises(DataError, match=message) as err:
        lay_out_faces(load_game("mini", mini_cards))
    assert str(err.value).startswith(str(mini_cards / "mini" / "cards.yaml"))


def test_an_unknown_type_icon_points_at_the_game_file(mini_cards: Path) -> None:
    game_file = mini_cards / "mini" / "game.yaml"
    game_file.write_text(
        game_file.read_text().replace("    label: Basic\n", "    label: Basic\n    icon: nwes\n")
    )
    with pytest.raises(DataError, match="unknown icon 'nwes'; did you mean 'news'") as err:
        lay_out_faces(load_game("mini", mini_cards))
    assert str(err.value).startswith(f"{game_file}:14:")  # the icon line


def test_icons_print_in_their_colour_where_laid_out() -> None:
    money = str(find_icon("money", ICONS))
    face = Face(20.0, 20.0, (Icon(money, 5.0, 5.0, 10.0, 10.0, "#ff0000"),))
    [(_, image)] = list(rasterise({"f": face}, 0.0, {"f": (200, 200)}))
    inside = [image.getpixel((x, y)) for x in range(50, 150, 5) for y in range(50, 150, 5)]
    outside = [image.getpixel((x, y)) for x in range(0, 200, 10) for y in (0, 10, 40, 160, 190)]
    assert sum(p == (255, 0, 0) for p in inside) > len(inside) / 3  # the sack, filled red
    assert all(p == (255, 255, 255) for p in outside)  # nothing outside its box


def test_bold_italic_text_is_set_in_the_bold_italic_face() -> None:
    [words] = parse("***both*** **bold** *italic*", "Lato-Regular", True, ICONS)
    assert [w[0].font for w in words] == ["Lato-BoldItalic", "Lato-Bold", "Lato-Italic"]
    [words] = parse("**bold *and italic***", "Lato-Regular", True, ICONS)
    assert [w[0].font for w in words] == ["Lato-Bold", "Lato-BoldItalic", "Lato-BoldItalic"]
