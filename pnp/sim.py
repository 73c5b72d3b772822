"""The shared simulation runner: bots play N seeded games of any engine; one report.

Game ``i`` is played with a seed drawn from ``random.Random(seed)`` (the i-th draw), so
the same ``seed`` always gives the same games and the same report.  Bots take seats
round-robin from the ``bots`` list; with more than one bot, game ``i`` moves every bot
``i`` seats on, so each bot sits in each seat equally often and the report can tell a
bot's strength (:mod:`pnp.strength`) from a seat's advantage.  A game that reaches
``max_steps`` decisions without ending counts as a timeout and stays out of the win,
length and score figures.  A run stopped with Ctrl-C reports the games finished until then.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import asdict, dataclass, field
from typing import Any

from pnp._errors import Finding, Severity, UsageError
from pnp._options import unknown
from pnp._progress import Advance
from pnp.games import Bot, Engine, GameState, get_engine, sees
from pnp.load import Game
from pnp.strength import Strength
from pnp.tally import Tally
from pnp.validate import engine_for

DEFAULT_MAX_STEPS = 20_000
COVERAGE = 0.999
"""Share of games a printed component count should cover without running short."""
_BOT_SEED_SALT = 0x9E3779B97F4A7C15


@dataclass(frozen=True)
class ComponentUse:
    """How many of one printed component the games needed at once."""

    printed: int
    peak: int
    """Most needed at once in any game."""
    covering: int
    """Count that would have been enough in ``COVERAGE`` of the games."""
    short_games: int
    """Games that needed more than were printed."""


@dataclass
class Report:
    engine: str
    games: int
    players: int
    seed: int
    bots: list[str]
    """Bot name per seat."""
    completed: int
    """Games ended by the rules."""
    timeouts: int
    """Games stopped at the step cap."""
    length_mean: float
    length_stdev: float
    """Game length in rounds, over completed games."""
    win_rates: list[float]
    """Share of completed games each seat won (a tie splits the win)."""
    balance: float
    """1 − the largest gap between two seats' win rates."""
    score_spread: float
    """Mean of (winner's − last player's final score) over completed games."""
    decision_share: list[float]
    """Per seat: share of its decisions that had more than one legal option."""
    decisions_per_game: list[float]
    """Per seat: mean number of decisions with more than one legal option."""
    components: dict[str, dict[str, ComponentUse]] = field(default_factory=dict)
    measures: dict[str, dict[str, float]] = field(default_factory=dict)
    """Other per-game numbers from the engine: min, mean and max."""
    ran_out: list[str] = field(default_factory=list)
    """Components needed beyond their printed number, and decks that ran dry."""
    requested: int = 0
    """Games asked for; more than ``games`` when the run was interrupted."""
    interrupted: bool = False
    max_steps: int = DEFAULT_MAX_STEPS
    strength: Strength | None = None
    """Each bot against the others, when more than one bot played (seats rotated)."""
    lineup: list[str] = field(default_factory=list)
    """The bots named, in order; with more than one they rotate through the seats."""

    @property
    def first_seat_edge(self) -> float:
        """Seat 1's win rate minus an even share: the first player's advantage."""
        return self.win_rates[0] - 1 / self.players if self.win_rates else 0.0

    @property
    def completion(self) -> float:
        return self.completed / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["completion"] = self.completion
        return data

    def status(self) -> str:
        """``interrupted after 1,234 of 1,000,000 games`` for a stopped run, else ``""``."""
        if not self.interrupted:
            return ""
        return f"interrupted after {self.games:,} of {self.requested:,} games"

    def lines(self) -> list[str]:
        """The report as short lines of text for a terminal."""
        pct = "{:.1%}".format
        out = [
            f"{self.engine}: {self.games} games, {self.players} players, seed {self.seed}, "
            f"bots {self.mix() if self.strength else ', '.join(self.bots)}",
            f"completion {pct(self.completion)}, timeouts {self.timeouts}",
            f"length {self.length_mean:.2f} ± {self.length_stdev:.2f} rounds",
            f"win rates {' '.join(pct(w) for w in self.win_rates)}; balance {self.balance:.3f}; "
            f"first seat {self.first_seat_edge:+.1%} ({self.mix()})",
            f"score spread {self.score_spread:.1f}",
            f"decision share {' '.join(pct(d) for d in self.decision_share)}",
        ]
        for group, items in self.components.items():
            uses = ", ".join(f"{item} {u.peak}/{u.printed}" for item, u in items.items())
            out.append(f"{group} (peak/printed): {uses}")
        for name, stats in self.measures.items():
            out.append(
                f"{name}: min {stats['min']:g}, mean {stats['mean']:.2f}, max {stats['max']:g}"
            )
        out.extend(f"ran out: {line}" for line in self.ran_out)
        if self.strength is not None:
            out.extend(self.strength.lines(self.players))
        return [*out, self.status()] if self.interrupted else out

    def mix(self) -> str:
        """The bots at the table, e.g. ``search+heuristic, seats rotated``."""
        names = list(dict.fromkeys(self.lineup or self.bots))
        return "+".join(names) + (", seats rotated" if len(names) > 1 else "")

    def legend(self) -> list[str]:
        """What each figure of :meth:`lines` means, one line each."""
        out = [
            "completion: share of games that ended by the rules; a timeout is a game "
            f"stopped after {self.max_steps:,} decisions",
            "length: mean ± standard deviation of the rounds a completed game lasted",
            "win rates: share of completed games each seat won, seat 1 first (a tie "
            "splits the win)",
            "balance: 1 − the largest gap between two seats' win rates (1.000 = even); first "
            "seat: seat 1's win rate minus an even share, for this mix of bots",
            "score spread: mean of the winner's minus the last player's final score",
            "decision share: per seat, share of its decisions with more than one legal choice",
        ]
        if self.components:
            out.append(
                "peak/printed: most of a component needed at once in any game / how many "
                "are printed"
            )
        if self.measures:
            out.append("min, mean, max: the game's own figures, over all games played")
        if self.ran_out:
            out.append("ran out: components or decks that were not enough in some games")
        if self.strength is not None:
            out.append(
                "bot strength: games each bot won per seat it took, seats rotated; a sign "
                "test per pair of bots (p below 0.05: the first is stronger with 95 % "
                "confidence)"
            )
        return out


def game_seeds(seed: int, games: int) -> list[int]:
    """Seed of each game: the first ``games`` draws of ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(games)]


def covering_count(values: list[int], share: float = COVERAGE) -> int:
    """Smallest count that is at least the value of ``share`` of the games."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)] if ordered else 0


def seating(bots: list[str], players: int, number: int) -> list[str]:
    """The bot in each seat of game ``number``: round-robin from ``bots``, moved on
    ``number`` seats when more than one bot plays (so each sits everywhere in turn)."""
    shift = number if len(set(bots)) > 1 else 0
    return [bots[(seat + shift) % len(bots)] for seat in range(players)]


def play_games(
    engine: Engine,
    game: Game,
    players: int,
    bots: list[str],
    seeds: list[int],
    max_steps: int,
    first: int = 0,
) -> Tally:
    """Play one game per seed, in order, the first being game number ``first`` of the run
    (it sets the seating); Ctrl-C ends the run with the games finished."""
    tally = Tally.empty(players)
    by_name = {name: engine.BOTS[name] for name in bots}  # BOTS may be a lazy attribute
    new_state = engine.new_state
    try:
        for number, game_seed in enumerate(seeds, first):
            table = seating(bots, players, number)
            state = new_state(game, players, game_seed, transcript=False)
            asked, real = [0] * players, [0] * players
            play_out(state, [by_name[name] for name in table], game_seed, max_steps, asked, real)
            tally.add(state, asked, real, tuple(table))
    except KeyboardInterrupt:  # the game in progress is dropped; the finished ones count
        tally.interrupted = True
    return tally


def simulate(
    engine: Engine | str,
    game: Game,
    games: int = 100,
    players: int | None = None,
    seed: int = 0,
    bots: list[str] | tuple[str, ...] = ("random",),
    max_steps: int = DEFAULT_MAX_STEPS,
    progress: Advance | None = None,
    jobs: int = 1,
) -> Report:
    """Play ``games`` games with bots and summarise them; ``progress(n)`` as games end.

    ``jobs`` spreads the games over processes (0: one per core); the report is the same
    for every ``jobs``. Ctrl-C (KeyboardInterrupt) ends the run early: the report covers
    the games finished and says so (``interrupted``).
    """
    from pnp.pool import chunks, run_in_order

    if isinstance(engine, str):
        engine = get_engine(engine)
    players = check_players(game, players)
    if games < 1:
        raise UsageError("simulate at least one game")
    if not bots:
        raise UsageError(f"name at least one bot; {engine.NAME} has {', '.join(engine.BOTS)}")
    for name in bots:
        if name not in engine.BOTS:
            raise UsageError(unknown("bot", name, list(engine.BOTS)))
    seat_bots = [bots[seat % len(bots)] for seat in range(players)]
    seeds = game_seeds(seed, games)
    pieces = [(r.start, seeds[r.start : r.stop]) for r in chunks(games, jobs)]
    tally = Tally.empty(players)
    setup = (engine.NAME, game, players, list(bots), max_steps)
    try:
        for part in run_in_order(_play_piece, pieces, jobs, _set_up_worker, setup):
            tally.join(part)
            if progress is not None:
                progress(part.played)
            if part.interrupted:
                break
    except KeyboardInterrupt:
        tally.interrupted = True
    return _report(engine, game, tally, seed, seat_bots, list(bots), games, max_steps)


_WORKER: dict[str, Any] = {}


def _set_up_worker(engine: str, game: Game, players: int, bots: list[str], max_steps: int) -> None:
    _WORKER.update(engine=get_engine(engine), game=game, players=players)
    _WORKER.update(bots=bots, max_steps=max_steps)


def _play_piece(piece: tuple[int, list[int]]) -> Tally:
    w = _WORKER
    first, seeds = piece
    return play_games(w["engine"], w["game"], w["players"], w["bots"], seeds, w["max_steps"], first)


def _report(
    engine: Engine,
    game: Game,
    tally: Tally,
    seed: int,
    seat_bots: list[str],
    bots: list[str],
    requested: int,
    max_steps: int,
) -> Report:
    played, completed = tally.played, len(tally.lengths)
    wins = [0.0] * tally.players
    for winners in tally.winners:
        for seat in winners:
            wins[seat] += 1 / len(winners)
    win_rates = [w / completed if completed else 0.0 for w in wins]
    components, short = _components(engine.printed_components(game), tally.peaks)
    short += [f"{what} (in {n} of {played} games)" for what, n in sorted(tally.dry.items())]
    lengths, spreads = tally.lengths, tally.spreads
    strength = Strength() if len(set(bots)) > 1 else None
    if strength is not None:
        for table, scores in zip(tally.tables, tally.scores, strict=True):
            strength.add_game(table, scores)
    return Report(
        engine=engine.NAME,
        games=played,
        players=tally.players,
        seed=seed,
        bots=seat_bots,
        completed=completed,
        timeouts=played - completed,
        length_mean=statistics.fmean(lengths) if lengths else 0.0,
        length_stdev=statistics.pstdev(lengths) if lengths else 0.0,
        win_rates=win_rates,
        balance=1 - (max(win_rates) - min(win_rates)),
        score_spread=statistics.fmean(spreads) if spreads else 0.0,
        decision_share=[r / a if a else 0.0 for r, a in zip(tally.real, tally.asked, strict=True)],
        decisions_per_game=[r / played if played else 0.0 for r in tally.real],
        components=components,
        measures={
            name: {"min": min(v), "mean": statistics.fmean(v), "max": max(v)}
            for name, v in tally.measures.items()
        },
        ran_out=short,
        requested=requested,
        interrupted=tally.interrupted,
        max_steps=max_steps,
        strength=None if strength is None else strength.finish(),
        lineup=list(bots),
    )


PLAYTEST_GAMES = 200
"""Games the quick playtest in ``validate`` plays at the most seats, with the engine's
``PLAYTEST_BOTS`` (random by default: random play needs the most components)."""
PLAYTEST_SHARE = 0.001
"""A printed component that runs short in more than this share of games earns a warning."""


def playtest_findings(engine: Engine, game: Game, games: int = PLAYTEST_GAMES) -> list[Finding]:
    """A warning per component group that ran short in more than 0.1 % of a quick seeded
    simulation at the most seats (the engine's ``PLAYTEST_BOTS``, else random bots)."""
    bots = list(getattr(engine, "PLAYTEST_BOTS", ("random",)))
    games = getattr(engine, "PLAYTEST_GAMES", games)
    report = simulate(engine, game, games=games, seed=0, bots=bots)
    keys: dict[str, str] = getattr(engine, "COMPONENT_TABLES", {})
    out = []
    for group, items in report.components.items():
        short = {item: use for item, use in items.items() if use.short_games}
        worst = max(short.values(), key=lambda u: u.short_games, default=None)
        if worst is None or worst.short_games / report.games <= PLAYTEST_SHARE:
            continue
        key = keys.get(group)
        names = ", ".join(short)
        out.append(
            Finding(
                Severity.WARNING,
                f"{group} ({names}) ran short in up to {worst.short_games} of {report.games} "
                f"simulated games: {worst.printed} printed, up to {worst.peak} needed at once; "
                f"{worst.covering} would cover {COVERAGE:.1%} of games",
                game.spec_location("tables", key) if key else game.spec_location("tables"),
            )
        )
    return out


def require_engine(game: Game) -> Engine:
    """The game's rules engine, or a usage error for a game that has none."""
    engine = engine_for(game)
    if engine is None:
        raise UsageError(
            f"{game.spec.name} has no rules engine, so it cannot be simulated "
            "(validate and build work without one)"
        )
    return engine


def check_players(game: Game, players: int | None) -> int:
    """``players`` (default: the game's most) if the game takes that many seats."""
    low, high = game.spec.players.min, game.spec.players.max
    seats = high if players is None else players
    if not low <= seats <= high:
        raise UsageError(f"{game.spec.name} takes {low}–{high} players, not {seats}")
    return seats


def play_out(
    state: GameState,
    play: list[Bot],
    seed: int,
    max_steps: int = DEFAULT_MAX_STEPS,
    asked: list[int] | None = None,
    real: list[int] | None = None,
) -> int:
    """Let the bots finish ``state`` (or hit the step cap); returns the steps taken.

    Bots draw from their own RNG, seeded from the game's seed, so a game replays
    exactly. ``asked``/``real`` count each seat's decisions (all / with a real choice).
    """
    rng = random.Random(seed ^ _BOT_SEED_SALT)
    current, legal_actions, apply, view = (
        state.current_player,
        state.legal_actions,
        state.apply,
        state.view,
    )
    looks = [sees(bot) for bot in play]
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        seat = current()
        legal = legal_actions()
        if asked is not None and real is not None:
            asked[seat] += 1
            if len(legal) > 1:
                real[seat] += 1
        apply(play[seat](view(seat) if looks[seat] else None, legal, rng))
        steps += 1
    return steps


def play_game(
    engine: Engine | str, game: Game, players: int, seed: int, bots: list[str]
) -> GameState:
    """One seeded game with a transcript, bots given to seats in turn (golden files)."""
    if isinstance(engine, str):
        engine = get_engine(engine)
    state = engine.new_state(game, players, seed, transcript=True)
    play_out(state, [engine.BOTS[bots[i % len(bots)]] for i in range(players)], seed)
    return state


def _components(
    printed: dict[str, dict[str, int]], peaks: dict[tuple[str, str], list[int]]
) -> tuple[dict[str, dict[str, ComponentUse]], list[str]]:
    out: dict[str, dict[str, ComponentUse]] = {}
    short: list[str] = []
    for group, items in printed.items():
        out[group] = {}
        for item, count in items.items():
            seen = peaks.get((group, item), [0])
            use = ComponentUse(
                count, max(seen), covering_count(seen), sum(1 for n in seen if n > count)
            )
            out[group][item] = use
            if use.short_games:
                short.append(
                    f"{group} {item}: up to {use.peak} needed at once, {count} printed; "
                    f"short in {use.short_games} of {len(seen)} games "
                    f"({use.covering} would cover {COVERAGE:.1%} of games)"
                )
    return out, short
