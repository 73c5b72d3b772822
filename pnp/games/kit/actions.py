"""The one action type every engine returns from ``legal_actions`` and takes in ``apply``."""

from __future__ import annotations

from typing import Any, NamedTuple


class Action(NamedTuple):
    """A verb and its whole-number arguments: immutable, hashable, cheap to compare.

    Engines build every action they can ever offer once (in their config, a tuple
    indexed by id) and return those same objects from ``legal_actions``.  An engine
    whose transcripts want its own words subclasses this with ``__slots__ = ()`` and
    overrides :attr:`name`."""

    verb: str
    args: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        """A readable name for transcripts and reports ("place 0 2 3", "pass")."""
        return " ".join((self.verb, *map(str, self.args)))

    def __str__(self) -> str:
        return self.name


class IllegalAction(ValueError):
    """``apply`` was handed an action that is not among the state's legal actions: a bug
    in the bot or caller, not in the game's data (so not a :class:`pnp._errors.PnpError`)."""

    def __init__(self, action: Any, to_move: int, when: str = "") -> None:
        shown = action.name if isinstance(action, Action) else repr(action)
        now = f" ({when})" if when else ""
        super().__init__(f"action {shown!r} is not legal now{now}: seat {to_move} is to move")
        self.action = action
        self.to_move = to_move
