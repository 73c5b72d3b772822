"""Old Biddy's round marker is designed through the data: the game's
accent with a symbol (the `icon:` of a token) above its word, not an empty square."""

from __future__ import annotations

from pnp.layout.ops import Icon, Shape, TextBlock
from pnp.layout.tokens import lay_out_tokens
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game


def _round_marker() -> tuple[dict, object]:
    game = load_game("oldbiddy")
    index, comp = next(
        (i, c) for i, c in enumerate(game.spec.components) if c.kind == "tokens"
        and any(g.title == "Round marker" for g in c.groups)
    )  # fmt: skip
    gi = next(i for i, g in enumerate(comp.groups) if g.title == "Round marker")
    pages, faces = lay_out_tokens(game, comp, index, BuildOptions(paper="a4"))
    return faces[f"token:{comp.id}:{gi}:0"], comp.groups[gi].token


def test_the_round_marker_carries_its_symbol_above_its_word() -> None:
    face, token = _round_marker()
    # a round printed square: a ring in the ink round symbol and word (no small disc that
    # reads as a punched hole), the symbol in the ink above the word
    (icon,) = [op for op in face.ops if isinstance(op, Icon)]
    (ring,) = [op for op in face.ops if isinstance(op, Shape) and op.stroke == token.ink]
    assert ring.kind == "ellipse" and ring.fill is None and ring.w >= face.width * 0.8
    assert icon.path.endswith("round.svg") and icon.color == token.ink
    (word,) = [op for op in face.ops if isinstance(op, TextBlock)]
    assert word.lines[0][2] == "Round"
    assert word.size >= 6.0  # nothing under 6 pt on a printed piece
    assert icon.y + icon.h < word.lines[0][1]  # the symbol above the word's baseline
    assert icon.w >= face.width * 0.25  # 5.7 mm of the 19 mm marker
    filled = [op for op in face.ops if isinstance(op, Shape) and op.fill == token.color]
    assert filled and token.color != "#ffffff"  # coloured, not a blank square
