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

Three things keep a decision cheap: a playout stops at the budget's ``depth`` and is
scored by the engine's ``evaluate``; a decision whose most-tried action can no longer be
overtaken stops early; and the subtree of the action played is kept for the seat's next
decision when nothing it cannot foresee happens in between (:class:`Memory`).  Small
choices skip the tree for raced paired rollouts (:mod:`pnp.games.playouts`).
"""

from __future__ import annotations

import math
import random
import time
import weakref
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pnp.games.kit import GameState
from pnp.games.kit import Move as Action
from pnp.games.playouts import (
    COUNTERS,
    Budget,
    Determinize,
    Evaluate,
    Moves,
    Playout,
    paired_rollouts,
    play_out,
    playout_value,
)

DEFAULT_BUDGET = Budget()
"""48 iterations to the end of the game, the playout bot's pick on no evidence."""


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


@dataclass
class Memory:
    """What a seat's search keeps from one decision to its next in the same game.

    After choosing, the search plays its choice in two sampled worlds; when the seat is
    to move again in both and sees the same thing in both (no hidden card drawn, no die
    rolled, nobody else to move), that view and the chosen action's subtree are kept.
    The next decision starts from the subtree if its view is that view, and its visits
    count towards the budget's iterations."""

    kept: dict[int, tuple[Any, _Node]] = field(default_factory=dict)
    """Seat → (the view it will have, the subtree to start from)."""

    def take(self, view: Any) -> _Node | None:
        for seat, (expected, node) in list(self.kept.items()):
            if expected == view:
                del self.kept[seat]
                return node
        return None

    def keep(
        self, view: Any, chosen: Action, node: _Node, determinize: Determinize, rng: random.Random
    ) -> None:
        seen = []
        for _ in range(2):
            state = determinize(view, rng)
            seat = state.current_player()
            state.apply(chosen)
            if state.is_terminal() or state.current_player() != seat:
                self.kept.pop(seat, None)
                return
            seen.append(state.view(seat))
        if seen[0] == seen[1] and node.children:
            self.kept[seat] = (seen[0], node)
        else:
            self.kept.pop(seat, None)


def search(
    view: Any,
    legal: Sequence[Action],
    rng: random.Random,
    determinize: Determinize,
    playout: Playout,
    budget: Budget = DEFAULT_BUDGET,
    moves: Moves | None = None,
    evaluate: Evaluate | None = None,
    memory: Memory | None = None,
) -> Action:
    """The action the search prefers for the seat of ``view`` among ``legal``."""
    if moves is not None:
        legal = moves(view, legal) or legal
    if len(legal) == 1:
        return legal[0]
    seated = budget.seat_iterations or budget.paired_seats or budget.seat_depth
    seats = _seats(view, determinize) if seated else 2
    if budget.seat_depth:
        budget = replace(budget, depth=budget.seat_depth * seats)
    if seats >= (budget.paired_seats or math.inf):
        if budget.widest and len(legal) > budget.widest:
            return playout(view, legal, rng)
        return paired_rollouts(view, legal, rng, determinize, playout, budget, moves, evaluate)
    if len(legal) <= budget.paired:
        return paired_rollouts(view, legal, rng, determinize, playout, budget, moves, evaluate)
    root = memory.take(view) if memory is not None else None
    if root is None:
        root, prior = _Node(-1), None
    else:
        COUNTERS.reused += root.visits
        prior = playout(view, legal, rng)
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    iterations = budget.iterations + budget.seat_iterations * max(0, seats - 2)
    fresh = max(iterations - root.visits, iterations // 4)
    for done in range(fresh):
        if deadline is not None and time.perf_counter() > deadline:
            break
        race = budget.race if root.visits >= iterations // 3 else 0.0
        if _settled(root, prior, fresh - done, race):
            break
        _iterate(root, legal, view, rng, determinize, playout, budget, moves, evaluate)
    if not root.children:  # the time budget ran out before the first playout
        return playout(view, legal, rng)
    if prior is None or prior not in root.children:
        prior = next(iter(root.children))  # the playout bot's pick: tried first
    tried = [(c.visits, c.score / c.visits, a) for a, c in root.children.items() if a in legal]
    best = max(tried, key=lambda t: (t[0], t[1]))[2]
    chosen = best if _clearly_better(root.children[best], root.children[prior], budget) else prior
    if memory is not None:
        memory.keep(view, chosen, root.children[chosen], determinize, rng)
    return chosen


def _iterate(
    root: _Node,
    legal: Sequence[Action],
    view: Any,
    rng: random.Random,
    determinize: Determinize,
    playout: Playout,
    budget: Budget,
    moves: Moves | None,
    evaluate: Evaluate | None,
) -> None:
    """One ISMCTS iteration: sample a world, walk and grow the tree, play out, back up."""
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
        action, node = _pick(node, here, budget.exploration)
        state.apply(action)
        path.append(node)
    returns = play_out(state, playout, rng, moves, budget.depth, evaluate)
    scores = playout_value(returns, budget.margin)
    for visited in path:
        visited.visits += 1
        if visited.mover >= 0:
            visited.score += scores[visited.mover]


def _seats(view: Any, determinize: Determinize) -> int:
    """The number of seats at the table of ``view``, read off a sample dealt with a
    generator of its own, so the search's own draws are the same with or without it."""
    return len(determinize(view, random.Random(0)).returns())


def _settled(root: _Node, prior: Action | None, remaining: int, race: float) -> bool:
    """Whether more iterations would not change the choice: the most-tried action at the
    root stays so whatever ``remaining`` brings, or (raced) the playout bot's pick is the
    most tried and every other action's mean lies ``race`` standard errors below its own."""
    if len(root.children) < 2:
        return False
    children = sorted(root.children.items(), key=lambda item: -item[1].visits)
    (top_action, top), (_, second) = children[0], children[1]
    if top.visits - second.visits > remaining:
        return True
    if not race or top_action != (prior if prior is not None else next(iter(root.children))):
        return False
    bar = top.score / top.visits
    for _, child in children[1:]:
        mean = child.score / child.visits
        if mean + race * math.sqrt(max(mean * (1 - mean), _LEAST_VARIANCE) / child.visits) >= bar:
            return False
    return True


_LEAST_VARIANCE = 0.05
"""A floor under a child's variance estimate, so that one or two equal playouts do not
make it look certain (a score of 0 or 1 has no variance of its own)."""


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


def search_bot(
    determinize: Determinize,
    playout: Playout,
    budget: Budget = DEFAULT_BUDGET,
    moves: Moves | None = None,
    evaluate: Evaluate | None = None,
) -> Any:
    """A ``bot(view, legal, rng)`` that searches with the engine's own ``determinize``
    (and ``evaluate`` for playouts cut off at the budget's ``depth``).

    The bot keeps a :class:`Memory` per ``rng`` it is handed: the runner hands one to
    each game, so what is kept never crosses from one game to another, and the same
    seed gives the same decisions however games are shared among processes."""
    memories: weakref.WeakKeyDictionary[random.Random, Memory] = weakref.WeakKeyDictionary()

    def bot(view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        memory = memories.setdefault(rng, Memory()) if budget.reuse else None
        return search(view, legal, rng, determinize, playout, budget, moves, evaluate, memory)

    def with_playouts(playouts: int) -> Any:
        """This bot with ``playouts`` iterations a decision at any table, none added per
        seat (``pnp simulate --budget``)."""
        fixed = replace(budget, iterations=playouts, seat_iterations=0)
        return search_bot(determinize, playout, fixed, moves, evaluate)

    bot.__doc__ = f"ISMCTS, {budget.iterations} playouts a decision"
    bot.with_playouts = with_playouts  # type: ignore[attr-defined]
    return bot


__all__ = ["DEFAULT_BUDGET", "Memory", "search", "search_bot"]
