"""The toy goldfish loop: the floor the real engine is measured against (issue 15).

    python benchmarks/toy_goldfish.py [--games N] [--deck PATH] [--repeat R]

The same game as ``lalcheck goldfish`` against the passive opponent, with no
rules beyond levels and attacks, written as tightly as plain Python allows:
shuffle, draw 5; each turn draw 2 and put one card into the cost zone, put one
hand card into the level zone (face down on the first player's first turn),
field every affordable member whose level fits (R-MOB, cost zone paid, one
member a circle, six circles), then attack with as many standing members as
there are face-up level cards, each attack destroying the next gate (front row
first); the sixth gate wins. An empty deck ends the game as a loss. No
abilities, logic, trance, paradox, territory shapes or choices: what is left is
the cost of dealing, drawing and counting, which the real engine cannot beat.

It prints the toy loop's games per second, the real engine's against the
passive opponent on the same deck and games (one process each), and the ratio
(issue 15's goal: at least 0.4).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from pathlib import Path

from lalcheck.db import open_database
from lalcheck.decks import read_deck
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.cards import CardType
from lalcheck.games.luck_and_logic.engine import DeckList
from lalcheck.games.luck_and_logic.goldfish import DeckInfo, Going, goldfish
from lalcheck.simulation.opponent import Opponent

SAMPLE_DECK = GAME.sample_database.parent / "decks" / "septpia-control.yaml"
MEMBERS = frozenset(
    {CardType.LOGICALIST, CardType.FOREIGNER, CardType.TRANSUNION, CardType.SUPER_LOGICALIST}
)
CIRCLES = 6
GATES = 6
MAX_TURNS = 10

#: A card of the toy game: (is a member, level, cost).
ToyCard = tuple[bool, int, int]


def toy_cards(deck: DeckList) -> list[ToyCard]:
    """The main deck as the toy game sees it."""
    return [(card.type in MEMBERS, card.level or 0, card.cost or 0) for card in deck.main]


def toy_game(cards: list[ToyCard], rng: random.Random, goes_first: bool) -> int:
    """Own turns to destroy the sixth gate (0: not within :data:`MAX_TURNS`)."""
    deck = cards[:]
    rng.shuffle(deck)
    hand = deck[-5:]
    del deck[-5:]
    cost_zone = level_up = face_up = gates = 0
    field = 0
    for turn in range(1, MAX_TURNS + 1):
        if len(deck) < 3:
            return 0
        hand.append(deck.pop())
        hand.append(deck.pop())
        deck.pop()
        cost_zone += 1
        if hand and level_up < 4:
            hand.pop(0)
            level_up += 1
            if not (goes_first and turn == 1):
                face_up += 1
        standing = field
        for card in sorted(hand, key=lambda c: -c[1]):
            member, level, cost = card
            if member and field < CIRCLES and level <= level_up and cost <= cost_zone:
                cost_zone -= cost
                field += 1
                standing += 1
                hand.remove(card)
        gates += min(face_up, standing)
        if gates >= GATES:
            return turn
    return 0


def toy_rate(cards: list[ToyCard], games: int) -> float:
    """Toy games per second over ``games`` games going both ways."""
    start = time.perf_counter()
    for index in range(games):
        toy_game(cards, random.Random(index), goes_first=index % 2 == 0)
    return games / (time.perf_counter() - start)


def engine_rate(decks: list[tuple[DeckInfo, DeckList]], games: int) -> float:
    """The real engine's goldfish games per second, one process, passive opponent."""
    database = open_database().info
    report = goldfish(
        decks,
        games=games,
        database=database,
        going=Going.BOTH,
        opponent=Opponent.passive(),
        jobs=1,
    )
    return games * len(decks) / report.elapsed_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per run")
    parser.add_argument("--deck", type=Path, default=SAMPLE_DECK, help="deck file")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (best kept)")
    args = parser.parse_args()
    deck = read_deck(args.deck, open_database())
    deck_list = DeckList.from_deck(deck)
    cards = toy_cards(deck_list)
    print(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.machine()}, {os.cpu_count()} CPUs; {deck.name}, {args.games} games, "
        "going both, one process"
    )
    toy = max(toy_rate(cards, args.games) for _ in range(args.repeat))
    decks = [(DeckInfo.of_file(args.deck, deck.name), deck_list)]
    real = max(engine_rate(decks, args.games) for _ in range(args.repeat))
    print(f"toy loop      {toy:9.0f} games/s")
    print(f"lalcheck      {real:9.0f} games/s (greedy against the passive opponent)")
    print(f"ratio         {real / toy:9.2f} (goal: at least 0.4)")


if __name__ == "__main__":
    main()
