"""Old Biddy's bookkeeping as the rules move gems: gems taken from and paid back to the
supply (with the peaks the report reads, and the table the views keep forgotten), the transcript's
lines, and the marks of rules that only a whole move shows.

A mixin of :class:`~.state.StateData` for :class:`.rules.State`, kept apart so that the
rules read as the phases of a round.
"""

from __future__ import annotations

from pnp.games.oldbiddy.state import StateData


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


class Ledger(StateData):
    """Moving gems and writing down what happened, for the rules in :mod:`.rules`."""

    __slots__ = ()

    def _note(self, line: str) -> None:
        """Add a transcript line; callers build the line only when ``log`` is kept."""
        if self.log is not None:
            self.log.append(f"r{self.round} {line}")

    def _market(self) -> str:
        return ", ".join(f"{self.config.colors[c]}@{p}" for c, p in enumerate(self.positions))

    def _gems(self, counts: list[int]) -> str:
        return "".join(f"{self.config.colors[c][0]}{n}" for c, n in enumerate(counts) if n) or "-"

    def _gain(self, seat: int, color: int, wanted: int) -> int:
        """Take up to ``wanted`` gems from the supply (decision supply-runs-out)."""
        supply = self.supply
        left = supply[color]
        got = wanted if wanted < left else left  # decision supply-runs-out
        supply[color] = left = left - got
        self.behind[seat][color] += got
        self.table = None
        out = self.config.gems_per_color - left
        if out > self.peak_out[color]:
            self.peak_out[color] = out
        return got

    def _pay(self, seat: int, color: int, count: int) -> None:
        self.behind[seat][color] -= count
        self.table = None
        self.supply[color] += count

    def _count_boss_move(self, spaces: int, before: tuple[int, ...]) -> None:
        """Mark the Boss's move by its length, and a bump when another gem gave way."""
        log = self.playlog
        assert log is not None
        if spaces == 1:
            log.used("boss-move-1")
        elif spaces == 2:
            log.used("boss-move-2")
        else:
            log.used("boss-move-3")
        moved = sum(a != b for a, b in zip(before, self.positions, strict=True))
        if moved > 1:
            log.used("boss-bump")

    def _count_scoring(self) -> None:
        """Mark the game's end and the end-of-game scoring rules that changed a score."""
        log = self.playlog
        assert log is not None
        log.used("last-round")
        log.used("gem-scoring")
        if any(self.behind[seat][self.zero[seat]] for seat in range(self.n)):
            log.used("zero-colour")
        if any(self.fakes):
            log.used("fake-gem-point")

    def _who(self, seat: int) -> str:
        """``P2 (B)``: the seat and the letter of the character acting now."""
        return f"{seat_name(seat)} ({self.config.characters[self.characters[self.turn]].letter})"
