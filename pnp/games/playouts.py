"""Playouts for the search bot: playing a sampled game on, scoring it, and comparing
candidate actions on the same luck (paired rollouts, raced).

The tree search lives in :mod:`pnp.games.search`; this module holds what it and the
paired rollouts share, so that neither file carries both.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.games.kit import GameState
from pnp.games.kit import Move as Action

Determinize = Callable[[Any, random.Random], Any]
"""``determinize(view, rng)``: a full state the seat of ``view`` cannot tell from the real one."""
Playout = Callable[[Any, Any, random.Random], Any]
"""``bot(view, legal, rng)``: the fast bot that plays a sampled game out."""
Moves = Callable[[Any, Any], Any]
"""``moves(view, legal)``: the legal actions a bot considers (e.g. prices from a menu)."""
Evaluate = Callable[[Any], Sequence[float]]
"""``evaluate(state)``: each seat's score as a sampled state stands, on the scale of its
``returns()``, for a playout cut off at the budget's ``depth``."""


@dataclass(frozen=True)
class Budget:
    """How long the bot thinks about one decision."""

    iterations: int = 48
    """Determinized playouts per decision (at two seats, see ``seat_iterations``)."""
    seat_iterations: int = 0
    """Tree iterations added for every seat beyond two: with more seats a playout's
    result says less about one seat's move, so a decision needs more of them."""
    paired_seats: int = 0
    """From this many seats on (0: never), every choice uses paired rollouts, however many
    candidates it has (up to ``widest``): with many seats a single playout says little
    about one seat's move, and common random numbers cancel the other seats' luck."""
    widest: int = 0
    """From ``paired_seats`` on, a choice with more candidates than this (0: no limit) is
    left to the playout bot's pick.  Every candidate plays :data:`RACE_FROM` worlds before
    the race may drop it, so a wide choice costs that many playouts per candidate
    however plain the answer; where those playouts never overturn the pick, they buy
    nothing."""
    seconds: float | None = None
    """Stop early after this much wall time (then play is no longer reproducible)."""
    depth: int | None = None
    """Decisions a playout makes before the game is scored by the money as it stands
    (None: to the end)."""
    seat_depth: int = 0
    """When set, ``depth`` is this many decisions for each seat at the table: a round of
    play takes a decision from every seat, so a fixed count would look fewer rounds
    ahead the more seats there are."""
    exploration: float = 0.7
    """UCB constant: higher tries more actions, lower digs into the best one."""
    evidence: float = 0.0
    """Standard errors by which another action must beat the playout bot's own choice
    before the search plays it instead."""
    widening: float = 1.5
    """A node tries at most ``widening × √(visits + 1)`` actions (progressive widening),
    the playout bot's pick first, so a small budget is spent on likely moves."""
    paired: int = 0
    """Decisions with at most this many candidates (0: none) use rollouts on common
    random numbers instead of a tree: every sampled world (the same secrets, the same
    dice) is played out once after *each* candidate, and a candidate replaces the
    playout bot's pick only when its paired lead clears ``evidence`` standard errors.
    ``iterations`` then counts sampled worlds.  Larger choices keep the tree."""
    margin: float = 0.0
    """Weight of the score margin in a playout's value (the rest is the rank): a
    narrow loss counts for more than a rout, so noisy games teach the search faster."""
    race: float = 2.0
    """Standard errors that settle a decision early (0: the whole budget is spent).
    Paired rollouts drop a candidate once its paired mean trails the best's (or, at
    best, ties the playout bot's pick) by this many, and stop when only the pick is
    left; the tree stops, from a third of its iterations on, when the pick is the most
    tried action and every other action's mean lies this many below the pick's."""
    reuse: bool = True
    """Keep the subtree of the action played when the seat moves again before anything
    it cannot foresee happens (see :class:`Memory`)."""


@dataclass
class Counters:
    """Work the search has done in this process (read by ``benchmarks/bench_search.py``).

    Playouts are counted where they run, since a decision's count is not its budget's
    ``iterations``: paired rollouts play surviving candidates in every sampled world, a
    kept subtree saves some, a forced move plays none."""

    playouts: int = 0
    """Games played on from a sampled state (to the end or to the depth cut-off)."""
    steps: int = 0
    """Actions applied in those playouts."""
    reused: int = 0
    """Playouts' worth of statistics a decision took over from the one before."""


COUNTERS = Counters()


def margin_scores(returns: Sequence[float]) -> list[float]:
    """Each seat's lead over the best other seat, relative to both scores, in [0, 1].

    ``0.5 + (mine − best other) / (2 (|mine| + |best other|))``: 0.5 on a tie, 1 when
    every other seat scored nothing, near 0.5 on a narrow lead or loss."""
    if len(returns) < 2:
        return [1.0] * len(returns)
    out = []
    for seat, mine in enumerate(returns):
        other = max(r for s, r in enumerate(returns) if s != seat)
        scale = abs(mine) + abs(other)
        out.append(0.5 + (mine - other) / (2 * scale) if scale else 0.5)
    return out


def rank_scores(returns: Sequence[float]) -> list[float]:
    """Each seat's share of the others it beats (a tie counts half): 1 first, 0 last."""
    n = len(returns)
    if n < 2:
        return [1.0] * n
    return [
        (sum(1.0 if mine > other else 0.5 if mine == other else 0.0 for other in returns) - 0.5)
        / (n - 1)  # the seat ties with itself once: take that half back
        for mine in returns
    ]


def playout_value(returns: Sequence[float], margin: float) -> list[float]:
    """Each seat's value of a finished playout: rank blended with ``margin`` of the margin."""
    ranks = rank_scores(returns)
    if not margin:
        return ranks
    margins = margin_scores(returns)
    return [(1 - margin) * r + margin * m for r, m in zip(ranks, margins, strict=True)]


def play_out(
    state: GameState,
    bot: Playout,
    rng: random.Random,
    moves: Moves | None,
    depth: int | None,
    evaluate: Evaluate | None,
) -> Sequence[float]:
    """Play ``state`` on with ``bot`` to its end or for ``depth`` steps; each seat's score:
    the returns at the end, else ``evaluate``'s estimate of the state as it stands."""
    steps = 0
    COUNTERS.playouts += 1
    while not state.is_terminal() and (depth is None or steps < depth):
        legal = state.legal_actions()
        if len(legal) == 1:  # a forced move: no view to build, nothing to ask the bot
            state.apply(legal[0])
        else:
            view = state.view(state.current_player())
            if moves is not None:
                legal = moves(view, legal) or legal
            state.apply(legal[0] if len(legal) == 1 else bot(view, legal, rng))
        steps += 1
    COUNTERS.steps += steps
    if evaluate is None or state.is_terminal():
        return state.returns()
    return evaluate(state)


RACE_FROM = 4
"""Sampled worlds every candidate plays before racing may drop it: fewer leave the
standard error too rough to trust."""


def paired_rollouts(
    view: Any,
    legal: Sequence[Action],
    rng: random.Random,
    determinize: Determinize,
    playout: Playout,
    budget: Budget,
    moves: Moves | None = None,
    evaluate: Evaluate | None = None,
) -> Action:
    """One step of policy improvement over the playout bot (Tesauro and Galperin 1996),
    raced (Maron and Moore 1994).

    Each sampled world is rebuilt from one seed for every candidate, and the playout
    after it draws from one seed too, so two actions are compared on the same luck: the
    difference of their values is far less noisy than either value.  From
    :data:`RACE_FROM` worlds on, a candidate leaves the race once it trails the best by
    ``budget.race`` standard errors of their paired difference, or cannot beat the
    playout bot's pick; when the pick alone is left, the search stops."""
    prior = playout(view, legal, rng)
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    values: dict[Action, list[float]] = {action: [] for action in legal}
    alive = [prior, *(a for a in legal if a != prior)]
    for world_index in range(budget.iterations):
        if deadline is not None and time.perf_counter() > deadline:
            break
        world, luck = rng.getrandbits(64), rng.getrandbits(64)
        sample = determinize(view, random.Random(world))
        seat = sample.current_player()
        for action in alive:
            state = sample.clone()  # the same world, its chance included, for each candidate
            state.apply(action)
            returns = play_out(state, playout, random.Random(luck), moves, budget.depth, evaluate)
            values[action].append(playout_value(returns, budget.margin)[seat])
        if budget.race and world_index + 1 >= RACE_FROM:
            alive = _race(alive, values, budget.race)
            if alive == [prior]:
                return prior
    best = max(alive, key=lambda a: sum(values[a]))
    if best == prior:
        return prior
    mean, se = _paired(values[best], values[prior])
    return best if mean > budget.evidence * se else prior


def _race(alive: list[Action], values: dict[Action, list[float]], z: float) -> list[Action]:
    """The candidates still worth playing: the pick (first) always, the best by mean, and
    every other that neither trails the best nor fails to beat the pick by ``z`` errors."""
    prior = alive[0]
    best = max(alive, key=lambda a: sum(values[a]))
    keep = [prior]
    for action in alive[1:]:
        if action == best:
            keep.append(action)
            continue
        behind, se_behind = _paired(values[action], values[best])
        ahead, se_ahead = _paired(values[action], values[prior])
        if behind + z * se_behind >= 0 and ahead + z * se_ahead > 0:
            keep.append(action)
    return keep


def _paired(these: list[float], those: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``these − those``, world by world."""
    diffs = [a - b for a, b in zip(these, those, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


__all__ = [
    "COUNTERS",
    "Budget",
    "Counters",
    "Determinize",
    "Evaluate",
    "Moves",
    "Playout",
    "margin_scores",
    "paired_rollouts",
    "play_out",
    "playout_value",
    "rank_scores",
]
