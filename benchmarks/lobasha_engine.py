"""洛吧殺 engine benchmark: whole seeded games per second, and the role win rates they give.

    python benchmarks/lobasha_engine.py [--games N] [--players 5 2 12]
                                        [--policy heuristic|random|mixed] [--profile]

Plays ``--games`` games (seeds 0..N-1) at each table size on one core with the
bundled data and prints games per second, mean rounds, unfinished and drawn games
and each role's win rate with its Wilson 95% interval. ``mixed`` seats heuristic
players on even seats and random ones on odd seats and also prints, role by role,
the win rate of the heuristic seats against that of the random ones.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections import Counter
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
from lalcheck.games.lobasha.setups import Role
from lalcheck.simulation.stats import Proportion


def policies_for(name: str, players: int) -> Sequence[Policy]:
    if name == "heuristic":
        return [HeuristicPolicy()] * players
    if name == "random":
        return [RandomPolicy()] * players
    return [HeuristicPolicy() if seat % 2 == 0 else RandomPolicy() for seat in range(players)]


def run(
    players: int, policy: str, games: int, setup: Setup
) -> tuple[RoleTally, float, dict[tuple[str, Role], Proportion]]:
    """Play ``games`` games: the tally, the seconds it took, and wins by (policy, role)."""
    tally = RoleTally(players)
    seats = policies_for(policy, players)
    by_policy: Counter[tuple[str, Role, bool]] = Counter()
    start = time.perf_counter()
    for seed in range(games):
        record = play_game(players, setup, seats, seed)
        tally = tally.add(record)
        for seat in record.seats:
            by_policy[type(seats[seat.seat]).__name__, seat.role, seat.won] += 1
    seconds = time.perf_counter() - start
    pairs = {(name, role) for name, role, _ in by_policy}
    split = {
        (name, role): Proportion(
            by_policy[name, role, True],
            by_policy[name, role, True] + by_policy[name, role, False],
        )
        for name, role in pairs
    }
    return tally, seconds, split


def report(tally: RoleTally, seconds: float, policy: str) -> str:
    games = tally.games
    lines = [
        f"{tally.players:2} players, {policy}: {games} games in {seconds:.1f} s = "
        f"{games / seconds:.1f} games/s ({1000 * seconds / games:.1f} ms/game); "
        f"mean rounds {tally.rounds / games:.1f}; unfinished {tally.unfinished}; "
        f"drawn {tally.drawn}"
    ]
    for role, rate in role_rates(tally).items():
        if rate.total:
            low, high = rate.ci95
            lines.append(
                f"    {role.value:8} {rate.count:5}/{rate.total:<5} {rate.value:6.1%}"
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
        tally, seconds, split = run(players, args.policy, args.games, setup)
        print(report(tally, seconds, args.policy), flush=True)
        if args.policy == "mixed":
            for (name, role), rate in sorted(split.items(), key=lambda item: item[0][1].value):
                print(
                    f"    {role.value:8} {name:16} {rate.count:5}/{rate.total:<5} {rate.value:6.1%}"
                )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run, args.players[0], args.policy, min(args.games, 50), setup)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
