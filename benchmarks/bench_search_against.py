"""The search bot's decisions per second here against an earlier commit, in one run.

    python benchmarks/bench_search_against.py [--base f961044] [--game boom]...
                                              [--games 4] [--players fewest|most|N]

Machines are noisy, so the two trees are timed in the same run, one game after the other,
each in a fresh process pinned to one core and timed in CPU seconds
(``time.process_time``) around the search bot's decisions only, as
``benchmarks/bench_search.py`` does.  The base tree is checked out with ``git worktree``
into a temporary folder and removed afterwards.  The default base, f961044, is main
before the search bot was made faster.  The timing loop below runs inside each
tree and reads the few names that moved between the two (``load_game``, ``game_seeds``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ["bidness", "bigidea", "boom", "oldbiddy", "smallprint"]

TIMER = r"""
import json, os, random, sys, time
if hasattr(os, "sched_setaffinity"):
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
from pnp.games import get_engine
try:
    from pnp.spec.load import load_game
except ImportError:
    from pnp.load import load_game
try:
    from pnp.sim.runner import game_seeds
except ImportError:
    from pnp.sim import game_seeds
name, games, players, seed = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
game = load_game(name)
engine = get_engine(name)
spec = game.spec.players
players = {"fewest": spec.min, "most": spec.max}.get(players) or int(players)
engine.new_state(game, players, 0)
search, heuristic = engine.BOTS["search"], engine.BOTS["heuristic"]
decisions, seconds = 0, 0.0
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
print(json.dumps({"players": players, "decisions": decisions, "seconds": seconds}))
"""


def timed(tree: Path, name: str, games: int, players: str, seed: int) -> dict[str, float]:
    """Decisions and CPU seconds of the search bot in ``tree``, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", TIMER, name, str(games), players, str(seed)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(out.stdout.splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="f961044", help="the commit to compare against")
    parser.add_argument("--game", choices=ENGINES, action="append")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", default="fewest", help="fewest, most or a number")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "worktree", "add", "-q", "--detach", str(base), args.base],
            cwd=ROOT,
            check=True,
        )
        try:
            print(f"| engine | players | {args.base} decisions/s | here | gain |")
            print("|---|---|---|---|---|")
            for name in args.game or ENGINES:
                then = timed(base, name, args.games, args.players, args.seed)
                now = timed(ROOT, name, args.games, args.players, args.seed)
                before = then["decisions"] / then["seconds"]
                after = now["decisions"] / now["seconds"]
                print(
                    f"| {name} | {now['players']} | {before:.1f} | {after:.1f} | "
                    f"{after / before:.1f}× |",
                    flush=True,
                )
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT)


if __name__ == "__main__":
    main()
