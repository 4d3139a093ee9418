"""Policies ranked against each other: ``lalcheck play --games N`` over every pair of decks.

    python benchmarks/policies.py [--games N] [--policy NAME ...] [--pairing A:B ...]
                                  [--deck PATH ...] [--jobs J]

For every ordered pair of policies (A, B) and every ordered pair of the decks
(the bundled sample decks unless given), plays ``--games`` games exactly as
``lalcheck play DECK_A DECK_B --policy-a A --policy-b B --games N`` does (A
first in the even games, B in the odd ones; seed 0), adds the matches up and
prints, with 95% Wilson intervals: A's share of the decided games, the
second player's share of the decided games, and the seconds per game. A
``--pairing A:B`` (repeatable) plays only those ordered pairs of policies. A
policy is not the rules: the first/second split of a pairing describes the
game *as these policies play it*.
"""

from __future__ import annotations

import argparse
import itertools
import time
from dataclasses import dataclass
from pathlib import Path

from lalcheck.db import open_database
from lalcheck.decks import read_deck
from lalcheck.games import get_game
from lalcheck.simulation import DeckInfo
from lalcheck.simulation.match import A, B, MatchGame, MatchSeries, MatchSide, play_match
from lalcheck.simulation.runner import backend_for
from lalcheck.simulation.stats import Proportion
from lalcheck.simulation.text import interval, percent


@dataclass(frozen=True)
class EveryPair:
    """Game ``index`` of the run is game ``index % games`` of pair ``index // games``:
    one job for every pair of decks, each pair's games as ``lalcheck play`` plays them
    (``games`` is even, so A goes first in half of each pair's games)."""

    series: tuple[MatchSeries, ...]
    games: int

    def play(self, index: int, first: int) -> MatchGame:
        return self.series[index // self.games].play(index % self.games, first)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pair of decks")
    parser.add_argument("--policy", action="append", help="policies to rank (repeatable)")
    parser.add_argument("--pairing", action="append", help="only policy A against B (A:B)")
    parser.add_argument("--deck", type=Path, action="append", help="deck file (repeatable)")
    parser.add_argument("--game", default="luck-and-logic", help="the game whose decks to use")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = get_game(args.game)
    assert game.simulation is not None, f"{game.title} has no engine"
    simulation = game.simulation()
    db = open_database(game=game.id)
    paths = args.deck or sorted((game.sample_database.parent / "decks").glob("*.yaml"))
    decks = []
    for path in paths:
        deck = read_deck(path, db)
        decks.append((DeckInfo.of_file(path, deck.name), simulation.playable(deck, db)))
    policies = args.policy or list(simulation.policies)
    backend = backend_for(args.jobs)
    print(
        f"{len(decks)} decks, {len(decks) ** 2} ordered pairs, {args.games} games each, "
        f"seed {args.seed}, {args.jobs} jobs"
    )
    print(
        f"{'A':>8} {'B':>8} {'games':>6}  A wins (decided)   second player wins (decided)  s/game"
    )
    if args.games % 2:
        parser.error("--games must be even (A goes first in half of each pair's games)")
    pairs = list(itertools.product(decks, repeat=2))
    pairings = [tuple(p.split(":", 1)) for p in args.pairing or ()]
    for policy_a, policy_b in pairings or itertools.product(policies, repeat=2):
        chosen = (policy_a, policy_b)
        series = tuple(simulation.match(a, b, args.seed, chosen) for (_, a), (_, b) in pairs)
        start = time.perf_counter()
        report = play_match(
            EveryPair(series, args.games),
            game=game.id,
            games=args.games * len(pairs),
            seed=args.seed,
            sides=(MatchSide(pairs[0][0][0], policy_a), MatchSide(pairs[0][1][0], policy_b)),
            database=db.info,
            backend=backend,
        )
        seconds = time.perf_counter() - start
        total = report.tally
        a_wins, b_wins = total.wins(A).count, total.wins(B).count
        a_share = Proportion(a_wins, a_wins + b_wins)
        second = total.second_player_share
        print(
            f"{policy_a:>8} {policy_b:>8} {total.games:6}  "
            f"{percent(a_share.value):>6} ({interval(a_share.ci95)})  "
            f"{percent(second.value):>6} ({interval(second.ci95)})"
            f"{seconds * args.jobs / total.games:14.4f}"
        )


if __name__ == "__main__":
    main()
