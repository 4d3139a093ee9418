"""洛吧殺 engine benchmark: whole seeded games per second, and the role win rates they give.

    python benchmarks/lobasha_engine.py [--games N] [--players 5 2 12]
                                        [--policy heuristic|random|mixed] [--profile]

Plays ``--games`` games (seeds 0..N-1) at each table size on one core with the
bundled data and prints games per second, mean rounds, unfinished and drawn games
and each role's win rate with its Wilson 95% interval. ``mixed`` seats heuristic
players on even seats and random ones on odd seats, to compare the policies.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Sequence

from lalcheck.games.lobasha.engine import (
    HeuristicPolicy,
    Policy,
    RandomPolicy,
    RoleTally,
    Setup,
    play_game,
    role_rates,
)


def policies_for(name: str, players: int) -> Sequence[Policy]:
    if name == "heuristic":
        return [HeuristicPolicy()] * players
    if name == "random":
        return [RandomPolicy()] * players
    return [HeuristicPolicy() if seat % 2 == 0 else RandomPolicy() for seat in range(players)]


def run(players: int, policy: str, games: int, setup: Setup) -> tuple[RoleTally, float]:
    """Play ``games`` games; the tally and the seconds it took."""
    tally = RoleTally(players)
    seats = policies_for(policy, players)
    start = time.perf_counter()
    for seed in range(games):
        tally = tally.add(play_game(players, setup, seats, seed))
    return tally, time.perf_counter() - start


def report(tally: RoleTally, seconds: float, policy: str) -> str:
    games = tally.games
    lines = [
        f"{tally.players:2} players, {policy}: {games} games in {seconds:.1f} s = "
        f"{games / seconds:.1f} games/s ({1000 * seconds / games:.1f} ms/game); "
        f"mean rounds {tally.rounds / games:.1f}; unfinished {tally.unfinished}; "
        f"drawn {tally.drawn}"
    ]
    for role, rate in role_rates(tally).items():
        if rate.games:
            low, high = rate.ci95
            lines.append(
                f"    {role.value:8} {rate.wins:5}/{rate.games:<5} {rate.rate:6.1%}"
                f"  95% CI [{low:.1%}, {high:.1%}]"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per table size")
    parser.add_argument("--players", type=int, nargs="+", default=[5, 2, 12])
    parser.add_argument("--policy", choices=("heuristic", "random", "mixed"), default="heuristic")
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    args = parser.parse_args()
    setup = Setup.bundled()
    for players in args.players:
        tally, seconds = run(players, args.policy, args.games, setup)
        print(report(tally, seconds, args.policy), flush=True)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run, args.players[0], args.policy, min(args.games, 50), setup)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
