"""A playtest run in the background for the workbench: bots play a game in a child
process while the page shows the progress, and each card's statistics come back at the end.

One at a time: starting another cancels the one under way, and so does closing (the
server's end). The simulation (:func:`pnp.sim.runner.simulate`, one process, its progress
callback) runs in a :class:`pnp.pool.Worker` forked by the job's own thread, which
watches it: the games played so far come through a small shared memory page, the report
through the worker's pipe. The worker is tied to that thread's life (pnp.pool), and a
cancel kills it and reaps it at once, so no child outlives the server."""

from __future__ import annotations

import mmap
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from pnp._errors import PnpError, UsageError
from pnp.pool import Worker, can_fork
from pnp.sim.lineup import check_lineup
from pnp.sim.results import Report
from pnp.sim.runner import check_players, require_engine, simulate
from pnp.spec.game import Game

MOST_GAMES = 5000
"""Most games one background playtest plays (a few minutes with the slowest bots)."""
POLL_S = 0.1
"""How often the job's thread looks at the worker's progress."""
_COUNTER = 8
"""Bytes of the shared page that count the games played."""


@dataclass(frozen=True)
class PlaytestRequest:
    """What the page's form asks: games, bots (a line-up, as `pnp simulate --bots`
    takes it: pnp.sim.lineup), seed, seats."""

    games: int = 200
    bots: tuple[str, ...] = ("random",)
    seed: int = 0
    players: int | None = None

    @classmethod
    def from_json(cls, data: Any) -> PlaytestRequest:
        """The request a POST's JSON body makes; a UsageError saying what is wrong."""
        if not isinstance(data, dict):
            raise UsageError("a playtest is asked with a JSON object: games, bots, seed")
        extra = sorted(set(data) - {"games", "bots", "seed", "players"})
        if extra:
            raise UsageError(f"unknown field {extra[0]!r}: a playtest takes games, bots, seed")
        bots = data.get("bots", ["random"])
        if isinstance(bots, str):
            bots = [b.strip() for b in bots.split(",") if b.strip()]
        if not isinstance(bots, list) or not bots or not all(isinstance(b, str) for b in bots):
            raise UsageError("bots: give one bot's name or more")
        games = _whole(data.get("games", 200), "games", 1, MOST_GAMES)
        seed = _whole(data.get("seed", 0), "seed", 0, 2**63 - 1)
        players = data.get("players")
        if players is not None:
            players = _whole(players, "players", 1, 100)
        return cls(games, tuple(bots), seed, players)

    def checked(self, game: Game) -> PlaytestRequest:
        """This request with its seats settled; a UsageError for bots the game's engine
        does not have, a line-up that does not fit, or seats it does not take."""
        seats = check_players(game, self.players)
        check_lineup(require_engine(game), self.bots, seats)
        return PlaytestRequest(self.games, self.bots, self.seed, seats)


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UsageError(f"{name}: a whole number from {low} to {high:,}, not {value!r}")
    return value


Listener = Callable[[dict[str, Any]], None]


class PlaytestJobs:
    """The workbench's background playtest: :meth:`start`, :meth:`cancel`, :meth:`state`
    and :meth:`result`; ``listener(state)`` hears each change (from the job's thread)."""

    def __init__(self, listener: Listener | None = None) -> None:
        self._listener = listener
        self._lock = threading.Lock()
        self._number = 0
        self._state: dict[str, Any] = {"state": "idle", "number": 0}
        self._cards: dict[str, dict[str, Any]] | None = None
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()

    def start(self, game: Game, request: PlaytestRequest) -> dict[str, Any]:
        """Cancel the playtest under way, if any, and start this one; its first state.
        A UsageError, before anything stops, for a request the game cannot play."""
        if not can_fork():
            raise PnpError("background playtests need a system that forks (Linux, macOS)")
        request = request.checked(game)
        self.cancel()
        with self._lock:
            self._number += 1
            self._cancel = cancel = threading.Event()
            self._state = {
                "state": "running",
                "number": self._number,
                "games": request.games,
                "done": 0,
                "bots": list(request.bots),
                "seed": request.seed,
                "players": request.players,
            }
            self._thread = threading.Thread(
                target=self._run, args=(game, request, cancel), name="pnp-playtest", daemon=True
            )
            state = dict(self._state)
        self._thread.start()
        self._tell()
        return state

    def cancel(self) -> None:
        """Stop the playtest under way (its worker killed and reaped) and wait for it."""
        with self._lock:
            thread, cancel = self._thread, self._cancel
        cancel.set()
        if thread is not None:
            thread.join(timeout=3.0)

    close = cancel

    def state(self) -> dict[str, Any]:
        """``state`` (idle, running, done, cancelled, failed), ``games``, ``done`` and,
        once done, a ``summary`` of the report; ``error`` when it failed."""
        with self._lock:
            return dict(self._state)

    def result(self) -> dict[str, dict[str, Any]] | None:
        """Each card's statistics from the last playtest that ended, by card id."""
        with self._lock:
            return self._cards

    def _run(self, game: Game, request: PlaytestRequest, cancel: threading.Event) -> None:
        counter = mmap.mmap(-1, _COUNTER)  # anonymous and shared with the forked worker
        worker = Worker("playtest", _set_up, (game, request, counter))
        try:
            worker.submit(_play)
            seen = 0
            while not cancel.is_set() and not worker.answered():
                done = int.from_bytes(counter[:_COUNTER], "little")
                if done != seen:
                    seen = done
                    self._update(cancel, done=done)
                cancel.wait(POLL_S)
            if cancel.is_set():
                self._update(cancel, force=True, state="cancelled")
                return
            report = worker.result(timeout=5.0)
        except PnpError as exc:
            self._update(cancel, state="failed", error=str(exc).splitlines()[0])
            return
        finally:
            worker.stop()  # killed if it still plays; reaped within its couple of seconds
            counter.close()
        cards = report.pop("cards")
        with self._lock:
            if self._cancel is cancel:
                self._cards = cards
        self._update(cancel, state="done", done=report["games"], summary=report)

    def _update(self, cancel: threading.Event, force: bool = False, **changes: Any) -> None:
        """Change this job's state, unless a newer job has started (or it was cancelled)."""
        with self._lock:
            if self._cancel is not cancel or (cancel.is_set() and not force):
                return
            self._state = {**self._state, **changes}
        self._tell()

    def _tell(self) -> None:
        if self._listener is not None:
            self._listener(self.state())


_JOB: dict[str, Any] = {}
"""The worker's playtest, set before its job runs (it is forked: nothing is pickled)."""


def _set_up(game: Game, request: PlaytestRequest, counter: mmap.mmap) -> None:
    _JOB.update(game=game, request=request, counter=counter)


def _play() -> dict[str, Any]:
    """In the worker: play the playtest, counting games in the shared page as they end."""
    game, request, counter = _JOB["game"], _JOB["request"], _JOB["counter"]
    played = [0]

    def advance(n: int) -> None:
        played[0] += n
        counter[:_COUNTER] = played[0].to_bytes(_COUNTER, "little")

    report = simulate(
        require_engine(game),
        game,
        games=request.games,
        players=request.players,
        seed=request.seed,
        bots=list(request.bots),
        progress=advance,
    )
    return summary(report)


def summary(report: Report) -> dict[str, Any]:
    """What the page shows of a playtest: its figures, and each card's statistics in the
    form `pnp serve --stats` reads them."""
    return {
        "games": report.games,
        "completed": report.completed,
        "completion": report.completion,
        "win_rates": report.win_rates,
        "length_mean": report.length_mean,
        "interrupted": report.interrupted,
        "cards": {card: card_json(asdict(s)) for card, s in report.cards.items()},
    }


def card_json(stats: dict[str, Any]) -> dict[str, Any]:
    """A card's statistics (pnp.sim.cards.CardStats as data) as the workbench shows them."""
    keys = ("drawn", "played", "win_when_drawn", "win_when_not_drawn", "iwd", "play_rate")
    interval = stats.get("iwd_ci95")
    return {
        **{k: stats.get(k) for k in keys},
        "iwd_ci95": list(interval) if interval is not None else None,
        "flagged": stats.get("outlier") is True,
    }


__all__ = ["MOST_GAMES", "PlaytestJobs", "PlaytestRequest", "card_json", "summary"]
