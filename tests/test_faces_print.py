"""Card faces and backs made for home printing: duplex-proof backs, cut-proof edges,
corner indices for a fanned hand, and card types that read in greyscale
(docs/architecture.md §5)."""

from __future__ import annotations

from itertools import combinations

import pytest

from pnp.check.greyscale import MIN_GREY_GAP, types_that_meet
from pnp.layout.cards import back_key, lay_out_faces
from pnp.layout.ops import Art, Face, Icon, Picture, Shape, TextBlock
from pnp.layout.textfit import PT_TO_MM
from pnp.spec.colour import Colour
from pnp.spec.game import Game
from pnp.spec.load import list_games, load_game
from pnp.text.fonts import load_font
from pnp.text.icons import find_icon, icon_dirs

GAMES = list_games()
BAND_MM = 3.0
"""A cut 1 mm off shows only the card's own edge colour."""
BACK_CLEAR_MM = 5.0
"""No frame or line of a back within 5 mm of the trim."""


@pytest.fixture(scope="module", params=GAMES)
def game_faces(request: pytest.FixtureRequest) -> tuple[Game, dict[str, Face]]:
    game = load_game(request.param)
    return game, lay_out_faces(game)


def extent(op: Shape | TextBlock | Icon | Picture) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 in mm of what an op can paint (text: its line boxes, turned)."""
    if isinstance(op, Picture):
        fx, fy, fw, fh = op.frame
        return fx, fy, fx + fw, fy + fh
    if not isinstance(op, TextBlock):
        pad = op.stroke_width / 2 if isinstance(op, Shape) and op.stroke else 0.0
        x0, x1 = sorted((op.x, op.x + op.w))
        y0, y1 = sorted((op.y, op.y + op.h))
        return x0 - pad, y0 - pad, x1 + pad, y1 + pad
    xs: list[float] = []
    ys: list[float] = []
    pieces = [
        (r.x, r.y, r.w if r.icon else load_font(r.font).width(r.text, op.size) * PT_TO_MM)
        for r in op.runs
    ] or [(x, y, load_font(op.font).width(line, op.size) * PT_TO_MM) for x, y, line in op.lines]
    for x, y, w in pieces:
        xs += [x, x + w]
        ys += [y - op.size * PT_TO_MM, y + 0.3 * op.size * PT_TO_MM]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    if op.rotate:
        cx, cy = op.centre
        x0, x1 = 2 * cx - x1, 2 * cx - x0
        y0, y1 = 2 * cy - y1, 2 * cy - y0
    return x0, y0, x1, y1


def is_background(op: object, face: Face) -> bool:
    return (
        isinstance(op, Shape)
        and op.kind == "rect"
        and op.fill is not None
        and op.x <= 0
        and op.y <= 0
        and op.x + op.w >= face.width
        and op.y + op.h >= face.height
    )


def distance_to_trim(op: Shape | TextBlock | Icon | Picture, face: Face) -> float:
    x0, y0, x1, y1 = extent(op)
    return min(x0, y0, face.width - x1, face.height - y1)


def test_backs_have_no_frame_or_line_near_the_trim(
    game_faces: tuple[Game, dict[str, Face]],
) -> None:
    game, faces = game_faces
    for deck in game.spec.decks:
        back = faces[back_key(deck)]
        assert is_background(back.ops[0], back), "a back starts with its full-bleed colour"
        for op in back.ops[1:]:
            assert not is_background(op, back)
            if isinstance(op, Shape) and (op.stroke or op.kind == "line"):
                assert distance_to_trim(op, back) >= BACK_CLEAR_MM, (deck.id, op)
            assert distance_to_trim(op, back) >= BACK_CLEAR_MM, (deck.id, op)


def test_backs_keep_the_deck_identity(game_faces: tuple[Game, dict[str, Face]]) -> None:
    game, faces = game_faces
    for deck in game.spec.decks:
        back = faces[back_key(deck)]
        texts = [ln[2] for op in back.ops if isinstance(op, TextBlock) for ln in op.lines]
        assert deck.back.title in texts and deck.back.subtitle in texts
        assert back.ops[0].fill == deck.back.color  # type: ignore[union-attr]
        emblem = [op for op in back.ops if isinstance(op, Icon) and not isinstance(op, Art)]
        assert len(emblem) == 1
        x0, _, x1, _ = extent(emblem[0])
        assert abs((x0 + x1) / 2 - back.width / 2) < 0.01, "the emblem is centred"


def test_every_face_edge_band_is_one_colour(game_faces: tuple[Game, dict[str, Face]]) -> None:
    _, faces = game_faces
    for key, face in faces.items():
        assert is_background(face.ops[0], face), key
        for op in face.ops[1:]:
            assert distance_to_trim(op, face) >= BAND_MM - 1e-6, (key, op)


def test_the_band_test_catches_a_frame_at_the_edge() -> None:
    face = Face(63.5, 88.9, (Shape("rect", 1, 1, 61.5, 86.9, None, "#000000", 0.3, 0),))
    assert distance_to_trim(face.ops[0], face) < BAND_MM


def _corner_index(face: Face) -> tuple[list[TextBlock], list[TextBlock]]:
    texts = [op for op in face.ops if isinstance(op, TextBlock)]
    top_left = [t for t in texts if t.rotate == 0 and extent(t)[0] < 15 and extent(t)[1] < 10]
    bottom_right = [
        t
        for t in texts
        if t.rotate == 180 and extent(t)[2] > face.width - 15 and extent(t)[3] > face.height - 10
    ]
    return top_left, bottom_right


def test_cards_held_in_a_hand_carry_corner_indices(
    game_faces: tuple[Game, dict[str, Face]],
) -> None:
    game, faces = game_faces
    for card in game.cards:
        ctype = game.spec.card_types[card.type]
        top_left, bottom_right = _corner_index(faces[card.id])
        icons = [op for op in faces[card.id].ops if isinstance(op, Icon)]
        if ctype.hand or ctype.stacked:  # held, fanned or stacked: the value in the corners
            assert len(top_left) == 1 and len(bottom_right) == 1, card.id
            assert top_left[0].lines[0][2] == bottom_right[0].lines[0][2]
            assert {i.rotate for i in icons} == {0, 180}, card.id
        else:
            assert not top_left and not bottom_right, card.id


def test_which_decks_are_held_in_hand_is_game_data() -> None:
    boom, bigidea = load_game("boom"), load_game("bigidea")
    # boom.txt: players hold Play cards; Events are flipped from their own deck.
    assert {t.deck for t in boom.spec.card_types.values() if t.hand} == {"play"}
    assert not any(t.hand for t in boom.spec.card_types.values() if t.deck == "event")
    # bigidea.txt, set-up: a hand of 3 cards from each deck.
    assert all(t.hand for t in bigidea.spec.card_types.values())
    faces = lay_out_faces(boom)
    top_left, _ = _corner_index(faces["synergizr-plan"])
    assert top_left[0].lines[0][2] == "+5"  # its burn rate, from the card type's index


def test_luminance_is_cie_l_star() -> None:
    assert Colour.of("#000000").lightness == 0 and round(Colour.of("#ffffff").lightness) == 100
    assert round(Colour.of("#777777").lightness, 1) == 50.0


def test_hand_groups_keep_players_hands_apart() -> None:
    # smallprint.txt: each player plays from one Paperwork set of their own, so the sets'
    # Shares never meet in a hand; bidness.txt: Event and Payback cards share one hand.
    small, bidness = load_game("smallprint").spec, load_game("bidness").spec
    hands = types_that_meet(small)[len(small.decks) :]
    held = {frozenset(t.label for t in types.values()) for _, types in hands}
    assert held == {frozenset({"Share", "Contract"})} and len(types_that_meet(small)) == 9
    (hand,) = types_that_meet(bidness)[len(bidness.decks) :]
    assert {t.deck for t in hand[1].values()} == {"event", "payback"}


@pytest.mark.parametrize("game_id", GAMES)
def test_card_types_that_meet_differ_in_greyscale(game_id: str) -> None:
    for _, group in types_that_meet(load_game(game_id).spec):
        for a, b in combinations(group.values(), 2):
            gap = abs(Colour.of(a.color).lightness - Colour.of(b.color).lightness)
            assert gap >= MIN_GREY_GAP, f"{a.label} and {b.label} differ by {gap:.1f} L*"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_says_what_it_is_and_has_an_icon(game_id: str) -> None:
    game = load_game(game_id)
    faces = lay_out_faces(game)
    for name, ctype in game.spec.card_types.items():
        assert ctype.kind and ctype.icon, name
        find_icon(ctype.icon, icon_dirs(game.template_dirs()))
    for card in game.cards:
        ctype = game.spec.card_types[card.type]
        face = faces[card.id]
        texts = [ln[2] for op in face.ops if isinstance(op, TextBlock) for ln in op.lines]
        label = card.fields.get("label") or ctype.label  # a card's own replaces its type's
        kind = card.fields.get("kind") or ctype.kind
        assert kind in texts and label.upper() in texts, card.id
        assert any(
            isinstance(op, Icon) and op.path.endswith(f"/{ctype.icon}.svg") for op in face.ops
        )
