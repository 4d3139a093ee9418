"""The Luck & Logic goldfish job: what the core runner (:mod:`lalcheck.simulation.runner`)
plays in chunks on a backend.

Game ``i`` of deck ``d`` is game ``i`` of the run seeded ``seed``
(:func:`~lalcheck.simulation.runner.game_seed`) between deck ``d`` and its
passive opponent; the deck goes first when ``going.goes_first(i)``. The tally
of played games is a :class:`BySide`: one
:class:`~lalcheck.games.luck_and_logic.goldfish.aggregate.Aggregate` for the
games the deck went first, one for those it went second.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from lalcheck.games.luck_and_logic.engine import (
    DeckList,
    GameRecord,
    GreedyPolicy,
    PassivePolicy,
    Policy,
    RandomPolicy,
    play_game,
)
from lalcheck.games.luck_and_logic.goldfish.aggregate import Aggregate, aggregate
from lalcheck.simulation.runner import Going, game_seed

#: The goldfishing deck is player 0 (A), the passive opponent player 1 (B).
GOLDFISHER, OPPONENT = 0, 1
#: Policies the goldfishing player may use, by name.
POLICIES: Mapping[str, Callable[[], Policy]] = {"greedy": GreedyPolicy, "random": RandomPolicy}
OPPONENT_POLICY = "passive"


@dataclass(frozen=True, slots=True)
class BySide:
    """The aggregates of the games a deck went first and second."""

    first: Aggregate = field(default_factory=Aggregate)
    second: Aggregate = field(default_factory=Aggregate)

    @property
    def both(self) -> Aggregate:
        return self.first + self.second

    def __add__(self, other: BySide) -> BySide:
        return BySide(self.first + other.first, self.second + other.second)


@dataclass(frozen=True, slots=True)
class Job:
    """Everything needed to play any game of a run: the decks (each with its
    passive opponent), seed, going and turn cut-off. Picklable."""

    decks: tuple[DeckList, ...]
    opponents: tuple[DeckList, ...]
    seed: int
    going: Going
    max_turns: int
    policy: str = "greedy"

    @property
    def series_count(self) -> int:
        """One series of games per deck."""
        return len(self.decks)

    def play(self, deck: int, index: int, *, log: bool = False) -> GameRecord:
        """Game ``index`` of deck number ``deck``, against its passive opponent."""
        first = GOLDFISHER if self.going.goes_first(index) else OPPONENT
        return play_game(
            self.decks[deck],
            self.opponents[deck],
            (POLICIES[self.policy](), PassivePolicy()),
            game_seed(self.seed, index),
            first_player=first,
            log=log,
        )

    def tally(self, records: Iterable[GameRecord]) -> BySide:
        """The aggregates of the games the deck went first and second."""
        firsts: list[GameRecord] = []
        seconds: list[GameRecord] = []
        for record in records:
            (firsts if record.first_player == GOLDFISHER else seconds).append(record)
        return BySide(
            aggregate(firsts, GOLDFISHER, self.max_turns),
            aggregate(seconds, GOLDFISHER, self.max_turns),
        )

    def empty(self) -> BySide:
        """The tally of no game."""
        return BySide()
