"""Complete games per second on one core, per bot.

    python benchmarks/bench_sim.py [--game boom] [--games 2000] [--players 4] [--seed 1]

Two figures per bot: the bare engine loop (new_state, then legal_actions / bot / apply
until the game ends, no transcript) and the full runner (``pnp.sim.simulate``, which also
counts decisions and gathers component usage).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.games import Engine, get_engine  # noqa: E402
from pnp.load import Game, load_game  # noqa: E402
from pnp.sim import game_seeds, simulate  # noqa: E402


def engine_loop(
    engine: Engine, game: Game, bot: str, games: int, players: int, seed: int
) -> tuple[float, float]:
    """Seconds for ``games`` bare games, and mean decisions per game."""
    play = engine.BOTS[bot]
    decisions = 0
    start = time.perf_counter()
    for game_seed in game_seeds(seed, games):
        state = engine.new_state(game, players, game_seed, transcript=False)
        rng = random.Random(game_seed)
        while not state.is_terminal():
            seat = state.current_player()
            state.apply(play(state.view(seat), state.legal_actions(), rng))
            decisions += 1
    return time.perf_counter() - start, decisions / games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="boom")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    game = load_game(args.game)
    engine = get_engine(game.spec.engine or args.game)
    engine.new_state(game, args.players, 0)  # check and cache the data outside the timing
    print(f"{engine.NAME}: {args.games} games, {args.players} players, one core")
    for bot in ("random", "heuristic"):
        seconds, decisions = engine_loop(engine, game, bot, args.games, args.players, args.seed)
        start = time.perf_counter()
        simulate(engine, game, games=args.games, players=args.players, seed=args.seed, bots=[bot])
        runner = time.perf_counter() - start
        print(
            f"  {bot:9} engine loop {args.games / seconds:7.0f} games/s "
            f"({seconds / args.games * 1e3:.2f} ms/game, {decisions:.0f} decisions/game, "
            f"{seconds / args.games / decisions * 1e6:.1f} µs/decision); "
            f"runner {args.games / runner:7.0f} games/s"
        )


if __name__ == "__main__":
    main()
