"""How many complete games of The Big Idea one core plays per second.

    python benchmarks/bench_bigidea_sim.py [--games 2000] [--players 4] [--bots random]
                                           [--transcript]

Plays whole games the way the simulation runner does (view, legal actions, bot, apply,
for every decision) and prints games/s and decisions/s per core, from CPU time so a busy
machine does not skew it (wall-clock games/s beside it).  The target is ≥ 1,000 four-player
games per second with random bots and no transcript.
"""

from __future__ import annotations

import argparse
import random
import time

import pnp.games.bigidea as engine
from pnp.load import load_game


def play(
    games: int, players: int, bots: list[str], transcript: bool, seed: int = 1
) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and decisions of ``games`` complete games."""
    game = load_game("bigidea")
    seats = [engine.BOTS[bots[i % len(bots)]] for i in range(players)]
    rng = random.Random(seed)
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for g in range(games):
        state = engine.new_state(game, players, seed + g, transcript)
        while not state.is_terminal():
            seat = state.current_player()
            state.apply(seats[seat](state.view(seat), state.legal_actions(), rng))
            decisions += 1
    return time.perf_counter() - start, time.process_time() - cpu, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="random", help="comma-separated, given to seats in turn")
    ap.add_argument("--transcript", action="store_true", help="record the transcript too")
    args = ap.parse_args()
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    wall, cpu, decisions = play(args.games, args.players, bots, args.transcript)
    print(
        f"bigidea: {args.games} games, {args.players} players, bots {','.join(bots)}, "
        f"transcript {'on' if args.transcript else 'off'}"
    )
    print(
        f"{args.games / cpu:,.0f} games/s per core (CPU time; wall clock "
        f"{args.games / wall:,.0f}/s)  {decisions / cpu:,.0f} decisions/s  "
        f"({decisions / args.games:.1f} decisions a game)"
    )


if __name__ == "__main__":
    main()
