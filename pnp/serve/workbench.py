"""The workbench's state: a game's pieces as last read, their revisions, findings and
statistics, the banner, and the pictures drawn so far.

``reload()`` reads the game again and plans its files (as `pnp build` would, with its
default options): each piece whose digest changed gets the next revision, the others keep
theirs. A file that cannot be read or laid out sets the banner (``file:line:col:
message``) and keeps the pieces last read well; the pieces are published first, then
validate's findings (it lays everything out again, and takes longer): a thread of their
own checks the latest reading while the next save is already being read, and findings of
a reading that has since been overtaken are dropped, never shown. Listeners hear of
each change with the ids it touched. Pictures are drawn when first asked for and kept by
digest, in memory."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pnp._errors import Finding, PnpError, Severity
from pnp.render.piece_images import SCREEN_DPI
from pnp.serve.expansion_view import BaseSide, ExpansionView
from pnp.serve.findings import banner_of, error_line, findings_of
from pnp.serve.pieces import Draw, Piece, file_pieces
from pnp.spec.game import Game

Loader = Callable[[], Game]
Listener = Callable[[dict[str, Any]], None]
IMAGE_CACHE_BYTES = 256 * 2**20
"""Most bytes of PNG kept in memory; the least recently used go first."""


@dataclass
class Snapshot:
    """What the page sees at one moment (immutable once handed out)."""

    version: int
    pieces: list[Piece]
    revisions: dict[str, int]
    findings: dict[str, list[Finding]]
    banner: str | None
    stats: dict[str, dict[str, Any]]
    game: Game | None = field(default=None, repr=False)
    side: BaseSide | None = field(default=None, repr=False)
    """With an expansion shown side by side: what it changes, and the base's pieces."""

    def all_pieces(self) -> list[Piece]:
        """The pieces, and those of the designs the expansion shown takes out."""
        return self.pieces + (self.side.removed() if self.side is not None else [])


class Workbench:
    """A game's pieces, kept up to date by :meth:`reload` (called by the watcher)."""

    def __init__(
        self,
        load: Loader,
        stats: dict[str, dict[str, Any]] | None = None,
        dpi: float = SCREEN_DPI,
        expansion: ExpansionView | None = None,
    ) -> None:
        self._expansion = expansion
        self._side: BaseSide | None = None
        self._load, self.dpi = load, dpi
        self._lock = threading.Lock()
        self._reloading = threading.Lock()
        self._draw_lock = threading.Lock()  # reportlab's font registry is shared
        self._by_file: dict[str, list[Piece]] = {}
        self._digests: dict[str, str] = {}
        self._revisions: dict[str, int] = {}
        self._findings: dict[str, list[Finding]] = {}
        self._banner: str | None = None
        self._game: Game | None = None
        self._stats = stats or {}
        self._version = 0
        self._drawings: dict[str, Draw] = {}
        self._images: OrderedDict[tuple[str, bool], bytes] = OrderedDict()
        self._image_bytes = 0
        self._listeners: list[Listener] = []
        self.ready = threading.Event()
        """Set once the game has been read (well or not) for the first time."""
        self._reading = 0
        """Counts the readings begun; findings are kept only for the latest."""
        self._to_check: tuple[int, Game, list[str]] | None = None
        self._check_wanted = threading.Condition()
        self._checker: threading.Thread | None = None

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(event)`` after each change; returns what stops it."""
        with self._lock:
            self._listeners.append(listener)

        def stop() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return stop

    def has_pieces(self) -> bool:
        """Whether any file's pieces have been read yet."""
        with self._lock:
            return bool(self._by_file)

    def snapshot(self) -> Snapshot:
        with self._lock:
            pieces = [p for ps in self._by_file.values() for p in ps]
            return Snapshot(
                self._version,
                pieces,
                dict(self._revisions),
                dict(self._findings),
                self._banner,
                self._stats,
                self._game,
                self._side,
            )

    def set_stats(self, stats: dict[str, dict[str, Any]]) -> None:
        """New per-card statistics (a simulation's), told to the listeners."""
        with self._lock:
            self._stats = stats
            changed = [p.id for ps in self._by_file.values() for p in ps if p.kind == "card"]
        self._tell(changed)

    def announce(self, event: dict[str, Any]) -> None:
        """Tell the listeners of something besides the pieces (a playtest's progress)."""
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(event)

    def reload(self) -> None:
        """Read the game again; see the module's docstring. Never raises: whatever stops
        the reading is said in the banner, and the last good pieces stay."""
        with self._reloading:
            try:
                self._reload()
            except Exception as exc:  # a fault of pnp's own: one line, not a traceback
                with self._lock:
                    self._banner = f"pnp could not read the game ({type(exc).__name__}: {exc})"
                    self._version += 1
                self.ready.set()
                self._tell([])

    def _reload(self) -> None:
        from pnp.plan.outputs import file_kinds, plan_build
        from pnp.plan.settings import BuildOptions

        with self._lock:
            self._reading += 1
            reading = self._reading
        try:
            game = self._load()
            kinds = frozenset(file_kinds()) - {"rulebook"}
            plan = plan_build(game, BuildOptions(), kinds, defer=True)
            side = self._expansion.read(game, self.dpi) if self._expansion else None
        except PnpError as exc:  # every piece last read well stays
            with self._lock:
                self._banner = error_line(exc.message, exc.location)
                self._version += 1
            self.ready.set()
            self._tell([])
            return
        if side is not None:
            with self._lock:
                self._side = side
                for p in side.pieces.values():
                    self._drawings.setdefault(p.digest, p.draw)
        errors: list[str] = []
        for planned in plan.files:  # each file's pieces shown as soon as they are read
            try:
                pieces = file_pieces(plan, planned, self.dpi)
            except PnpError as exc:  # this file's last good pieces stay
                errors.append(error_line(exc.message, exc.location))
                continue
            self._tell(self._take(game, {planned.path: pieces}))
        self._tell(self._take(game, {}, {f.path for f in plan.files}, errors))
        self.ready.set()
        with self._check_wanted:
            self._to_check = (reading, game, errors)
            self._check_wanted.notify()
            if self._checker is None:
                self._checker = threading.Thread(
                    target=self._check_each, name="pnp-serve-check", daemon=True
                )
                self._checker.start()

    def _take(
        self,
        game: Game,
        by_file: dict[str, list[Piece]],
        files: set[str] | None = None,
        errors: list[str] | None = None,
    ) -> list[str]:
        """Adopt the pieces just read of some files: a new revision where a digest changed.
        Once every file is read (``files`` named), drop the files the game no longer
        makes and set the banner to the first of ``errors``."""
        changed: list[str] = []
        with self._lock:
            before = {p.id for ps in self._by_file.values() for p in ps}
            self._by_file.update(by_file)
            if files is not None:
                self._by_file = {k: v for k, v in self._by_file.items() if k in files}
                self._banner = errors[0] if errors else None
            self._game = game
            now = [p for ps in self._by_file.values() for p in ps]
            for p in (p for ps in by_file.values() for p in ps):
                self._drawings.setdefault(p.digest, p.draw)
                if self._digests.get(p.id) != p.digest:
                    self._digests[p.id] = p.digest
                    self._revisions[p.id] = self._revisions.get(p.id, 0) + 1
                    changed.append(p.id)
            changed += sorted(before - {p.id for p in now})
            self._version += 1
        return changed

    def _check_each(self) -> None:
        """Check the latest reading, one at a time, for as long as the process lives."""
        while True:
            with self._check_wanted:
                while self._to_check is None:
                    self._check_wanted.wait()
                reading, game, errors = self._to_check
                self._to_check = None
            try:
                changed = self._check(reading, game, errors)
            except Exception as exc:  # a fault of pnp's own: one line, not a traceback
                with self._lock:
                    self._banner = f"pnp could not check the game ({type(exc).__name__}: {exc})"
                    self._version += 1
                changed = []
            if changed is not None:
                self._tell(changed)

    def _check(self, reading: int, game: Game, errors: list[str]) -> list[str] | None:
        """validate's findings, given to their pieces; the first error in the banner.
        None when a later reading has begun since ``reading``: its findings would be stale."""
        from pnp.check.validate import validate_game

        try:
            found = validate_game(game, faces=True)
        except PnpError as exc:
            found = [Finding(Severity.ERROR, exc.message, exc.location)]
        with self._lock:
            if reading != self._reading:
                return None
            now = [p for ps in self._by_file.values() for p in ps]
            mine = {p.id: findings_of(p, found) for p in now}
            changed = [i for i, f in mine.items() if f != self._findings.get(i, [])]
            self._findings = mine
            self._banner = errors[0] if errors else banner_of(found)
            self._version += 1
        return changed

    def _tell(self, changed: list[str]) -> None:
        with self._lock:
            event = {"changed": changed, "banner": self._banner, "version": self._version}
            listeners = list(self._listeners)
        for listener in listeners:
            listener(event)

    def image(self, digest: str, grey: bool) -> bytes | None:
        """The PNG of the piece whose picture has ``digest`` (drawn now if not yet), or
        None for a digest never seen or a picture that cannot be drawn."""
        key = (digest, grey)
        with self._lock:
            if key in self._images:
                self._images.move_to_end(key)
                return self._images[key]
            draw = self._drawings.get(digest)
        if draw is None:
            return None
        try:
            with self._draw_lock:
                png = draw(grey=grey)
        except Exception:  # a picture that cannot be drawn is not served
            return None
        with self._lock:
            self._images[key] = png
            self._image_bytes += len(png)
            while self._image_bytes > IMAGE_CACHE_BYTES and len(self._images) > 1:
                _, old = self._images.popitem(last=False)
                self._image_bytes -= len(old)
        return png


__all__ = ["Snapshot", "Workbench"]
