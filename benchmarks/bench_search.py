"""Search bot decisions and playouts per second, per engine, on one core.

    python benchmarks/bench_search.py [--game boom]... [--games 2] [--players fewest|most|N]
                                      [--seed 1] [--out results.json]

Seat 0 is the search bot (its default budget), the other seats the heuristic bot.  Only
decisions with more than one legal action count: a forced move costs the bot nothing.
Times are the CPU time of this process (``time.process_time``), so that other work on a
shared machine does not slow the figures down; the process is pinned to one core.
Playouts are counted where the search runs them (``pnp.games.playouts.COUNTERS``), not
inferred from the budget: paired rollouts play each candidate still in the race in every
sampled world, and a decision may start from the subtree the one before kept (counted
apart: ``reused``).
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
from pnp.games.playouts import COUNTERS  # noqa: E402
from pnp.sim.runner import game_seeds  # noqa: E402
from pnp.spec.game import Game  # noqa: E402
from pnp.spec.load import load_game  # noqa: E402


def search_speed(engine: Engine, game: Game, games: int, players: int, seed: int) -> dict[str, Any]:
    """Decisions the search bot took, the playouts it ran and the CPU seconds it spent."""
    search, heuristic = engine.BOTS["search"], engine.BOTS["heuristic"]
    decisions, seconds = 0, 0.0
    playouts, steps, reused = COUNTERS.playouts, COUNTERS.steps, COUNTERS.reused
    for game_seed in game_seeds(seed, games):
        state = engine.new_state(game, players, game_seed, transcript=False)
        rng = random.Random(game_seed)
        while not state.is_terminal():
            seat, legal = state.current_player(), state.legal_actions()
            if seat == 0 and len(legal) > 1:
                start = time.process_time()
                action = search(state.view(seat), legal, rng)
                seconds += time.process_time() - start
                decisions += 1
            else:
                action = heuristic(state.view(seat), legal, rng)
            state.apply(action)
    playouts, steps = COUNTERS.playouts - playouts, COUNTERS.steps - steps
    reused = COUNTERS.reused - reused
    return {
        "engine": engine.NAME,
        "games": games,
        "players": players,
        "decisions": decisions,
        "cpu_seconds": round(seconds, 3),
        "decisions_per_second": round(decisions / seconds, 2) if seconds else 0.0,
        "playouts": playouts,
        "playouts_per_second": round(playouts / seconds, 1) if seconds else 0.0,
        "playouts_per_decision": round(playouts / decisions, 1) if decisions else 0.0,
        "steps_per_playout": round(steps / playouts, 1) if playouts else 0.0,
        "reused_per_decision": round(reused / decisions, 1) if decisions else 0.0,
    }


def seats(game: Game, players: str) -> int:
    """``fewest``, ``most`` or a number of players."""
    named = {"fewest": game.spec.players.min, "most": game.spec.players.max}
    return named[players] if players in named else int(players)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(ENGINES), action="append")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", default="fewest", help="fewest, most or a number")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    results = []
    for name in args.game or sorted(ENGINES):
        game = load_game(name)
        engine = get_engine(game.spec.engine or name)
        players = seats(game, args.players)
        engine.new_state(game, players, 0)  # check and cache the data outside the timing
        r = search_speed(engine, game, args.games, players, args.seed)
        results.append(r)
        print(
            f"{name}: {r['decisions']} search decisions in {r['cpu_seconds']:.1f} CPU s = "
            f"{r['decisions_per_second']:.1f} decisions/s; {r['playouts']} playouts = "
            f"{r['playouts_per_second']:.0f}/s ({r['playouts_per_decision']:.0f} a decision, "
            f"{r['steps_per_playout']:.0f} steps each, {r['reused_per_decision']:.0f} kept from "
            f"the decision before), {players} players, one core",
            flush=True,
        )
    if args.out:
        args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
