"""Old Biddy's actions, each a :class:`pnp.games.kit.Action` built once per shape of game
(:func:`action_table`, reached as ``config.actions``); :mod:`.options` hands them out.

* bid: ``add c`` puts one more gem of colour ``c`` in the closed fist, ``fake`` adds a
  fake gem, ``seal`` closes the bid;
* choose: ``take i`` takes the i-th character in play; the last seat ``gem c``;
* act: ``move c spaces`` (the Boss; negative is down), ``show c`` (Moneybags),
  ``swap slot`` (the Kid), ``take c`` then ``give seat c`` (the Princess), or ``pass``.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pnp.games.kit import Action

PASS = Action("pass")
SEAL = Action("seal")
FAKE = Action("fake")


class ActionTable(NamedTuple):
    """Every action of one shape of game, by what it names."""

    add: tuple[Action, ...]
    """By colour."""
    take: tuple[Action, ...]
    """By character in play (choosing) or by colour (the Princess): the same verb."""
    gem: tuple[Action, ...]
    """By colour: what the last seat takes."""
    move: tuple[tuple[tuple[Action, Action], ...], ...]
    """By colour, then by Boss move (in ``config.boss_moves`` order): up, then down."""
    show: tuple[Action, ...]
    swap: tuple[Action, ...]
    """By board slot."""
    give: tuple[tuple[Action, ...], ...]
    """By seat, then colour."""


@cache
def action_table(
    colors: int, characters: int, seats: int, slots: int, steps: tuple[int, ...]
) -> ActionTable:
    """The actions of a game with these many colours, characters, seats (at most) and
    board slots (at most), and Boss moves of ``steps`` spaces: made once, and the only
    action objects the rules hand out."""
    return ActionTable(
        add=tuple(Action("add", (c,)) for c in range(colors)),
        take=tuple(Action("take", (i,)) for i in range(max(characters, colors))),
        gem=tuple(Action("gem", (c,)) for c in range(colors)),
        move=tuple(
            tuple((Action("move", (c, s)), Action("move", (c, -s))) for s in steps)
            for c in range(colors)
        ),
        show=tuple(Action("show", (c,)) for c in range(colors)),
        swap=tuple(Action("swap", (slot,)) for slot in range(slots)),
        give=tuple(
            tuple(Action("give", (seat, c)) for c in range(colors)) for seat in range(seats)
        ),
    )


__all__ = ["FAKE", "PASS", "SEAL", "Action", "ActionTable", "action_table"]
