"""Search bot decisions per second, per engine, on one core.

    python benchmarks/bench_search.py [--game boom] [--games 4] [--players 2] [--seed 1]
                                      [--out results.json]

Seat 1 is the search bot (its default budget), the other seats the heuristic bot.  Only
decisions with more than one legal action count: a forced move costs the bot nothing.
Also reports playouts per second (the budget's iterations times the decisions).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.games import ENGINES, Engine, get_engine  # noqa: E402
from pnp.games.search import Budget  # noqa: E402
from pnp.sim.runner import game_seeds  # noqa: E402
from pnp.spec.load import Game, load_game  # noqa: E402


def search_speed(engine: Engine, game: Game, games: int, players: int, seed: int) -> dict[str, Any]:
    """Decisions the search bot took and the seconds it spent on them."""
    search, heuristic = engine.BOTS["search"], engine.BOTS["heuristic"]
    decisions, seconds = 0, 0.0
    for game_seed in game_seeds(seed, games):
        state = engine.new_state(game, players, game_seed, transcript=False)
        rng = random.Random(game_seed)
        while not state.is_terminal():
            seat, legal = state.current_player(), state.legal_actions()
            if seat == 0 and len(legal) > 1:
                start = time.perf_counter()
                action = search(state.view(seat), legal, rng)
                seconds += time.perf_counter() - start
                decisions += 1
            else:
                action = heuristic(state.view(seat), legal, rng)
            state.apply(action)
    iterations = Budget().iterations
    return {
        "engine": engine.NAME,
        "games": games,
        "players": players,
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "decisions_per_second": round(decisions / seconds, 2) if seconds else 0.0,
        "playouts_per_second": round(decisions * iterations / seconds, 1) if seconds else 0.0,
        "iterations": iterations,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(ENGINES), action="append")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=None, help="default: the game's fewest")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    results = []
    for name in args.game or sorted(ENGINES):
        game = load_game(name)
        engine = get_engine(game.spec.engine or name)
        players = args.players or game.spec.players.min
        engine.new_state(game, players, 0)  # check and cache the data outside the timing
        r = search_speed(engine, game, args.games, players, args.seed)
        results.append(r)
        print(
            f"{name}: {r['decisions']} search decisions in {r['seconds']:.1f} s = "
            f"{r['decisions_per_second']:.1f} decisions/s ({r['playouts_per_second']:.0f} "
            f"playouts/s at {r['iterations']} a decision), {players} players, one core"
        )
    if args.out:
        args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
