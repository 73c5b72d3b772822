"""The shared search bot: information-set Monte Carlo tree search over any engine.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): every iteration samples
one full game consistent with what the deciding seat can see (the engine's
``determinize(view, rng)``), walks one tree of *actions* down it (a child counts only
where its action is legal in this sample), adds one node, plays the rest out with a
fast bot and scores the result.  Each node keeps the score of the seat that chose its
action, so every seat plays for itself.

The bot needs only the common engine API: ``clone``-free states from ``determinize``,
``legal_actions``, ``apply``, ``current_player``, ``is_terminal``, ``returns`` and
``view``.  Its randomness comes from the ``rng`` the runner hands it, so the same seed
gives the same decisions, unless a time budget (``seconds``) stops the search early.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.games import Action, GameState

Determinize = Callable[[Any, random.Random], Any]
"""``determinize(view, rng)``: a full state the seat of ``view`` cannot tell from the real one."""
Moves = Callable[[Any, Any], Any]
Playout = Callable[[Any, Any, random.Random], Any]
"""``bot(view, legal, rng)``: the fast bot that plays a sampled game out."""

"""``moves(view, legal)``: the legal actions a bot considers (e.g. prices from a menu)."""
Evaluate = Callable[[Any], Sequence[float]]
"""``evaluate(state)``: each seat's score as a sampled state stands, on the scale of its
``returns()``, for a playout cut off at the budget's ``depth``."""


@dataclass
class Counters:
    """Work the search has done in this process (read by ``benchmarks/bench_search.py``).

    Playouts are counted where they run, since a decision's count is not its budget's
    ``iterations``: paired rollouts play every candidate in every sampled world, a time
    budget stops early, and a forced move plays none."""

    playouts: int = 0
    """Games played on from a sampled state (to the end or to the depth cut-off)."""
    steps: int = 0
    """Actions applied in those playouts."""


COUNTERS = Counters()


@dataclass(frozen=True)
class Budget:
    """How long the bot thinks about one decision."""

    iterations: int = 48
    """Determinized playouts per decision."""
    seconds: float | None = None
    """Stop early after this much wall time (then play is no longer reproducible)."""
    depth: int | None = None
    """Decisions a playout makes before the game is scored by the money as it stands
    (None: to the end)."""
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


def playout_value(returns: Sequence[float], margin: float) -> list[float]:
    """Each seat's value of a finished playout: rank blended with ``margin`` of the margin."""
    ranks = rank_scores(returns)
    if not margin:
        return ranks
    margins = margin_scores(returns)
    return [(1 - margin) * r + margin * m for r, m in zip(ranks, margins, strict=True)]


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


class _Node:
    __slots__ = ("mover", "children", "visits", "seen", "score")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        """Seat that chose the action leading here (its score is kept)."""
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.seen = 1
        """Iterations in which this node's action was legal (ISMCTS availability)."""
        self.score = 0.0


def _pick(node: _Node, legal: Sequence[Action], c: float) -> tuple[Action, _Node]:
    best_value, best = -math.inf, None
    for action in legal:
        child = node.children[action]
        child.seen += 1
        value = child.score / child.visits + c * math.sqrt(math.log(child.seen) / child.visits)
        if value > best_value:
            best_value, best = value, (action, child)
    assert best is not None
    return best


def search(
    view: Any,
    legal: Sequence[Action],
    rng: random.Random,
    determinize: Determinize,
    playout: Playout,
    budget: Budget = Budget(),
    moves: Moves | None = None,
    evaluate: Evaluate | None = None,
) -> Action:
    """The action the search prefers for the seat of ``view`` among ``legal``."""
    if moves is not None:
        legal = moves(view, legal) or legal
    if len(legal) == 1:
        return legal[0]
    if len(legal) <= budget.paired:
        return paired_rollouts(view, legal, rng, determinize, playout, budget, moves, evaluate)
    root = _Node(-1)
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    c = budget.exploration
    for _ in range(budget.iterations):
        if deadline is not None and time.perf_counter() > deadline:
            break
        state = determinize(view, rng)
        path = [root]
        node, choices = root, legal
        while not state.is_terminal():
            seat = state.current_player()
            if node is not root:
                choices = state.legal_actions()
                if moves is not None:
                    choices = moves(state.view(seat), choices) or choices
            here = [a for a in choices if a in node.children]
            if not here or len(node.children) < budget.widening * math.sqrt(node.visits + 1):
                untried = [a for a in choices if a not in node.children]
                if untried:
                    action = _first_try(state, seat, untried, playout, rng)
                    child = node.children[action] = _Node(seat)
                    state.apply(action)
                    path.append(child)
                    break
            action, node = _pick(node, here, c)
            state.apply(action)
            path.append(node)
        returns = _play_out(state, playout, rng, moves, budget.depth, evaluate)
        scores = playout_value(returns, budget.margin)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.score += scores[visited.mover]
    if not root.children:  # the time budget ran out before the first playout
        return playout(view, legal, rng)
    tried = [(child.visits, child.score / child.visits, a) for a, child in root.children.items()]
    best = max(tried, key=lambda t: (t[0], t[1]))[2]
    prior = next(iter(root.children), best)  # the playout bot's pick: tried first
    return best if _clearly_better(root.children[best], root.children[prior], budget) else prior


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
    """One step of policy improvement over the playout bot (Tesauro and Galperin 1996).

    Each sampled world is rebuilt from one seed for every candidate, and the playout
    after it draws from one seed too, so two actions are compared on the same luck: the
    difference of their values is far less noisy than either value."""
    prior = playout(view, legal, rng)
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    totals = {action: 0.0 for action in legal}
    leads = {action: [] for action in legal}  # type: dict[Action, list[float]]
    for _ in range(budget.iterations):
        if deadline is not None and time.perf_counter() > deadline:
            break
        world, luck = rng.getrandbits(64), rng.getrandbits(64)
        values = {}
        sample = determinize(view, random.Random(world))
        seat = sample.current_player()
        for action in legal:
            state = sample.clone()  # the same world, its chance included, for each candidate
            state.apply(action)
            returns = _play_out(state, playout, random.Random(luck), moves, budget.depth, evaluate)
            values[action] = playout_value(returns, budget.margin)[seat]
        for action, value in values.items():
            totals[action] += value
            leads[action].append(value - values[prior])
    best = max(legal, key=lambda a: totals[a])
    diffs = leads[best]
    if best == prior or len(diffs) < 2:
        return prior
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return best if mean > budget.evidence * math.sqrt(var / len(diffs)) else prior


def _clearly_better(node: _Node, than: _Node, budget: Budget) -> bool:
    """Whether ``node`` scored above ``than`` by ``budget.evidence`` standard errors.

    Scores lie in [0, 1], so a mean m has a variance of at most m(1 − m).  Leaving the
    playout bot's choice only on evidence keeps noise from making the search play worse
    than the bot it builds on."""
    if node is than:
        return True
    m1, m2 = node.score / node.visits, than.score / than.visits
    se = math.sqrt(m1 * (1 - m1) / node.visits + m2 * (1 - m2) / than.visits) or 1e-9
    return m1 - m2 > budget.evidence * se


def _first_try(
    state: GameState, seat: int, untried: list[Action], playout: Playout, rng: random.Random
) -> Action:
    """The playout bot's choice if it is untried, else a random untried action."""
    if len(untried) > 1:
        guess = playout(state.view(seat), untried, rng)
        if guess in untried:
            return guess
    return untried[int(rng.random() * len(untried))]


def _play_out(
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


def search_bot(
    determinize: Determinize,
    playout: Playout,
    budget: Budget = Budget(),
    moves: Moves | None = None,
    evaluate: Evaluate | None = None,
) -> Any:
    """A ``bot(view, legal, rng)`` that searches with the engine's own ``determinize``
    (and ``evaluate`` for playouts cut off at the budget's ``depth``)."""

    def bot(view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return search(view, legal, rng, determinize, playout, budget, moves, evaluate)

    bot.__doc__ = f"ISMCTS, {budget.iterations} playouts a decision"
    return bot


__all__ = [
    "COUNTERS",
    "Budget",
    "Counters",
    "Determinize",
    "Evaluate",
    "Moves",
    "margin_scores",
    "playout_value",
    "rank_scores",
    "search",
    "search_bot",
]
