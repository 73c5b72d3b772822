"""The shared simulation runner: bots play N seeded games of any engine; one report.

Game ``i`` is played with a seed drawn from ``random.Random(seed)`` (the i-th draw), so
the same ``seed`` always gives the same games and the same report.  Bots take seats
round-robin from the ``bots`` list; with more than one bot, game ``i`` moves every bot
``i`` seats on, so each bot sits in each seat equally often and the report can tell a
bot's strength (:mod:`pnp.sim.strength`) from a seat's advantage.  A game that reaches
``max_steps`` decisions without ending counts as a timeout and stays out of the win,
length and score figures.  A run stopped with Ctrl-C reports the games finished until then.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Any

from pnp._errors import Finding, Severity, UsageError
from pnp._progress import Advance
from pnp.games import Bot, Engine, GameState, engine_for, get_engine, sees
from pnp.games.kit import Reporting
from pnp.sim.card_kinds import bot_order, card_kinds
from pnp.sim.cluster import ClusterStopped
from pnp.sim.component_use import COVERAGE, component_use, short_games
from pnp.sim.lineup import bots_by_name, check_budget, check_lineup
from pnp.sim.quality import summarise
from pnp.sim.results import DEFAULT_MAX_STEPS, Report, five_numbers
from pnp.sim.strength import Strength
from pnp.sim.tally import Tally, leader
from pnp.spec.game import Game

_BOT_SEED_SALT = 0x9E3779B97F4A7C15


def game_seeds(seed: int, games: int) -> list[int]:
    """Seed of each game: the first ``games`` draws of ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(games)]


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
    budget: int | None = None,
    timed: bool = False,
) -> Tally:
    """Play one game per seed, in order, the first being game number ``first`` of the run
    (it sets the seating); Ctrl-C ends the run with the games finished.  ``budget``: the
    search bot's playouts a decision; ``timed``: time each bot's calls, by kind."""
    tally = Tally.empty(players)
    by_name = bots_by_name(engine, bots, budget)
    new_state = engine.new_state
    try:
        for number, game_seed in enumerate(seeds, first):
            table = seating(bots, players, number)
            state = new_state(game, players, game_seed, transcript=False, record=True)
            asked, real, options = [0] * players, [0] * players, [0] * players
            leaders: list[int | None] = []
            worths: list[tuple[float, ...]] = []
            play = [by_name[name] for name in table]
            clock = ([0.0] * players, [0] * players) if timed else None
            play_out(
                state, play, game_seed, max_steps, asked, real, options, leaders, worths, clock
            )
            tally.add(state, asked, real, tuple(table), options, leaders, worths)
            if clock is not None:
                tally.add_clock(table, *clock)
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
    scheduler: str | None = None,
    budget: int | None = None,
    timing: bool = False,
) -> Report:
    """Play ``games`` games with bots and summarise them; ``progress(n)`` as games end.

    ``bots`` is a line-up of one bot per seat (repeats allowed), or fewer bots, each once,
    given to the seats in turn (:mod:`pnp.sim.lineup`); ``budget`` sets the search bot's
    playouts a decision; ``timing`` times the bots for the report's decisions per second.

    ``jobs`` spreads the games over processes (0: one per core), ``scheduler`` (a Dask
    scheduler's address, instead of ``jobs``) over a cluster; the report is the same
    for every ``jobs`` and on a cluster. Ctrl-C (KeyboardInterrupt) ends the run early: the
    report covers the games finished and says so (``interrupted``). A cluster that fails
    mid-run raises :class:`~pnp.sim.cluster.ClusterStopped` with that report.
    """
    from pnp.pool import chunks, run_in_order

    if isinstance(engine, str):
        engine = get_engine(engine)
    players = check_players(game, players)
    if games < 1:
        raise UsageError("simulate at least one game")
    check_lineup(engine, bots, players)
    check_budget(engine, bots, budget)
    seat_bots = [bots[seat % len(bots)] for seat in range(players)]
    seeds = game_seeds(seed, games)
    pieces = [(r.start, seeds[r.start : r.stop]) for r in chunks(games, jobs)]
    tally = Tally.empty(players)
    setup = (engine.NAME, game, players, list(bots), max_steps, budget, timing)
    if scheduler is None:
        # no time limit per piece: a piece of long search games may take many minutes, every
        # game ends by the step cap, and a worker that dies is still found at once
        parts = run_in_order(_play_piece, pieces, jobs, _set_up_worker, setup, math.inf)
    else:  # the cluster moves the bar as pieces end, in any order
        from pnp.sim.cluster import run_on_cluster

        if jobs != 1:
            raise UsageError(
                "give --jobs or --scheduler, not both: the cluster's workers run the games"
            )
        parts, progress = run_on_cluster(scheduler, play_piece, setup, seeds, progress), None
    stopped: ClusterStopped | None = None
    try:
        for part in parts:
            tally.join(part)
            if progress is not None:
                progress(part.played)
            if part.interrupted:
                break
    except KeyboardInterrupt:
        tally.interrupted = True
    except ClusterStopped as exc:
        tally.interrupted, stopped = True, exc
    report = _report(engine, game, tally, seed, seat_bots, list(bots), games, max_steps)
    if stopped is not None:
        stopped.report = report if report.games else None
        raise stopped
    return report


_WORKER: dict[str, Any] = {}


Setup = tuple[str, Game, int, list[str], int, int | None, bool]
"""What every worker of a run is given once: engine name, game, players, bots, max steps,
the search bot's budget and whether the bots are timed."""


def _set_up_worker(*setup: Any) -> None:
    _WORKER.update(setup=setup, engine=get_engine(setup[0]))


def _play_piece(piece: tuple[int, list[int]]) -> Tally:
    return _play(_WORKER["engine"], _WORKER["setup"], piece)


def play_piece(setup: Setup, piece: tuple[int, list[int]]) -> Tally:
    """Games ``piece`` of a run set up as ``setup`` (:data:`Setup`): a task on a Dask
    worker, which finds the engine by name."""
    return _play(get_engine(setup[0]), setup, piece)


def _play(engine: Engine, setup: Setup, piece: tuple[int, list[int]]) -> Tally:
    _, game, players, bots, max_steps, budget, timed = setup
    first, seeds = piece
    return play_games(engine, game, players, bots, seeds, max_steps, first, budget, timed)


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
        wins = [w + s for w, s in zip(wins, _shares(winners, tally.players), strict=True)]
    win_rates = [w / completed if completed else 0.0 for w in wins]
    printed = engine.printed_components(game)
    components, short = component_use(printed, tally.peaks)
    short += [f"{what} (in {n} of {played} games)" for what, n in sorted(tally.dry.items())]
    lengths, spreads, seats = tally.lengths, tally.spreads, range(tally.players)
    options, asked = tally.options, tally.asked
    strength = Strength() if len(set(bots)) > 1 else None
    if strength is not None:
        for table, scores in zip(tally.tables, tally.scores, strict=True):
            strength.add_game(table, scores)
        strength.finish()
    shares = [_shares(w, tally.players) for w in tally.winners]
    kinds = card_kinds(tally, shares, bot_order(engine), strength)
    ratings = None
    if strength is not None:
        from pnp.sim.ratings import rate_kinds  # openskill: only runs of several kinds

        ratings = rate_kinds(tally.tables, tally.scores)
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
        short_games=short_games(printed, tally.peaks),
        measures={
            name: {"min": min(v), "mean": statistics.fmean(v), "max": max(v)}
            for name, v in tally.measures.items()
        },
        ran_out=short,
        requested=requested,
        interrupted=tally.interrupted,
        max_steps=max_steps,
        strength=strength,
        lineup=list(bots),
        rules={rule.id: tally.rules[rule.id] for rule in getattr(engine, "RULES", ())},
        cards=kinds.cards,
        game_lengths=tally.game_lengths,
        winners=tally.winners,
        options_per_decision=[o / a if a else 0.0 for o, a in zip(options, asked, strict=True)],
        lengths=dict(sorted(Counter(lengths).items())),
        score_quantiles=[five_numbers([float(s[seat]) for s in tally.scores]) for seat in seats],
        spread_quantiles=five_numbers(spreads),
        lead_changes=dict(sorted(Counter(changes for changes, _ in tally.leads).items())),
        led_from=dict(sorted(Counter(r for _, r in tally.leads if r is not None).items())),
        cards_bot=kinds.bot,
        cards_by_bot=kinds.by_bot,
        seats_by_bot=kinds.seats,
        decisions_per_second={
            kind: tally.bot_decisions[kind] / tally.bot_seconds[kind]
            for kind in dict.fromkeys(bots)
            if tally.bot_seconds.get(kind)
        },
        ratings=ratings,
        quality=summarise(tally.leads, tally.quality),
        rule_uses={
            rule.id: tally.rule_uses[rule.id] / played if played else 0.0
            for rule in getattr(engine, "RULES", ())
        },
    )


def _shares(winners: tuple[int, ...], players: int) -> list[float]:
    """Each seat's share of one game's win: a tie splits it."""
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]


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


TIME_EVERY = 8
"""A timed run times each seat's 1st, 9th, 17th ... decision (see :func:`play_out`)."""


def play_out(
    state: GameState,
    play: list[Bot],
    seed: int,
    max_steps: int = DEFAULT_MAX_STEPS,
    asked: list[int] | None = None,
    real: list[int] | None = None,
    options: list[int] | None = None,
    leaders: list[int | None] | None = None,
    worths: list[tuple[float, ...]] | None = None,
    clock: tuple[list[float], list[int]] | None = None,
) -> int:
    """Let the bots finish ``state`` (or hit the step cap); returns the steps taken.

    Bots draw from their own RNG, seeded from the game's seed, so a game replays
    exactly. ``asked``/``real`` count each seat's decisions (all / with a real choice),
    ``options`` sums the options each seat was offered (as ``state.option_count`` counts
    them); ``leaders`` gets the leader (:func:`pnp.sim.tally.leader`) by ``state.worth()``
    each time ``length()`` moves on, and by ``returns()`` at the end (the winner by the
    rules); ``worths`` gets the worths at the same moments; ``clock`` (seconds, decisions)
    adds up, per seat, the seconds its bot spent on one decision in :data:`TIME_EVERY` and
    those decisions: enough for a bot's rate, and a timer per decision would cost a random
    bot more than its choice does. ``clock`` needs ``asked``.
    """
    rng = random.Random(seed ^ _BOT_SEED_SALT)
    current, legal_actions, apply, view = (
        state.current_player,
        state.legal_actions,
        state.apply,
        state.view,
    )
    is_terminal, length = state.is_terminal, state.length
    looks = [sees(bot) for bot in play]
    count = _option_count(state)
    steps = max_steps
    rounds = length()
    for step in range(max_steps):
        if is_terminal():
            steps = step
            break
        seat = current()
        legal = legal_actions()
        if asked is not None and real is not None:
            offered = len(legal)
            asked[seat] += 1
            if offered > 1:
                real[seat] += 1
                if count is not None:
                    offered = count(legal)
            if options is not None:
                options[seat] += offered
        if clock is None or asked[seat] % TIME_EVERY:  # type: ignore[index]
            apply(play[seat](view(seat) if looks[seat] else None, legal, rng))
        else:
            seen = view(seat) if looks[seat] else None
            start = perf_counter()
            action = play[seat](seen, legal, rng)
            clock[0][seat] += perf_counter() - start
            clock[1][seat] += 1
            apply(action)
        if leaders is not None and length() != rounds:
            rounds = length()
            if not is_terminal():  # the last round's leader is taken at the end
                worth = state.worth()
                leaders.append(leader(worth))
                if worths is not None:
                    worths.append(worth)
    if leaders is not None and state.is_terminal():
        leaders.append(leader(state.returns()))
        if worths is not None:
            worths.append(state.worth())
    return steps


def _option_count(state: GameState) -> Callable[[Sequence[Any]], int] | None:
    """The state's own way of counting a decision's options, or None where it is
    ``len(legal)`` (the kit's default, which play_out then skips calling at every step)."""
    count: Callable[[Sequence[Any]], int] | None = getattr(state, "option_count", None)
    if count is None or getattr(count, "__func__", None) is Reporting.option_count:
        return None
    return count


def play_game(
    engine: Engine | str, game: Game, players: int, seed: int, bots: list[str]
) -> GameState:
    """One seeded game with a transcript, bots given to seats in turn (golden files)."""
    if isinstance(engine, str):
        engine = get_engine(engine)
    state = engine.new_state(game, players, seed, transcript=True)
    play_out(state, [engine.BOTS[bots[i % len(bots)]] for i in range(players)], seed)
    return state
