"""The Luck & Logic goldfish job: what the core runner (:mod:`lalcheck.simulation.runner`)
plays in chunks on a backend.

Game ``i`` of deck ``d`` is game ``i`` of the run seeded ``seed``
(:func:`~lalcheck.simulation.runner.game_seed`) between deck ``d`` and its
opponent (a :class:`Rival`); the deck goes first when ``going.goes_first(i)``.
A game stops after the deck's own turn ``max_turns``. The tally of played games
is a :class:`BySide`: one
:class:`~lalcheck.games.luck_and_logic.goldfish.aggregate.Aggregate` for the
games the deck went first, one for those it went second. Several decks are
played as pairs on the same games (:class:`~lalcheck.simulation.paired.PairedJob`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from lalcheck.games.luck_and_logic.engine import (
    DeckList,
    GreedyPolicy,
    PassivePolicy,
    Policy,
    RandomPolicy,
    RushPolicy,
    play_game,
)
from lalcheck.games.luck_and_logic.engine.search import SearchPolicy
from lalcheck.games.luck_and_logic.engine.wall import WallPolicy
from lalcheck.games.luck_and_logic.goldfish.aggregate import (
    Aggregate,
    Played,
    Result,
    aggregate,
    result_of,
)
from lalcheck.games.luck_and_logic.goldfish.queries import Observer
from lalcheck.simulation.opponent import OpponentKind
from lalcheck.simulation.paired import NOT_WON
from lalcheck.simulation.query import Query
from lalcheck.simulation.runner import Going, game_seed

#: The goldfishing deck is player 0 (A), its opponent player 1 (B).
GOLDFISHER, OPPONENT = 0, 1
#: Policies that play a deck, by name.
POLICIES: Mapping[str, Callable[[], Policy]] = {
    "greedy": GreedyPolicy,
    "rush": RushPolicy,
    "search": SearchPolicy,
    "random": RandomPolicy,
}


@dataclass(frozen=True, slots=True)
class Rival:
    """The opponent of a deck: its cards and who plays them (``passive``, ``wall``
    fielding ``wall_members`` a turn, or a policy of :data:`POLICIES`)."""

    deck: DeckList
    policy: str = OpponentKind.PASSIVE.value
    wall_members: int = 0

    def make_policy(self) -> Policy:
        if self.policy == OpponentKind.PASSIVE:
            return PassivePolicy()
        if self.policy == OpponentKind.WALL:
            return WallPolicy(self.wall_members)
        return POLICIES[self.policy]()


def turn_limit(max_turns: int, goes_first: bool) -> int:
    """Turns of both players up to the end of the deck's own turn ``max_turns``."""
    return 2 * max_turns - 1 if goes_first else 2 * max_turns


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
    opponent), seed, going, the own turn games stop after, the policy and the
    queries. The policies are built in and trusted, so their actions are not checked
    to be legal unless ``check_actions`` (tests). Picklable."""

    decks: tuple[DeckList, ...]
    rivals: tuple[Rival, ...]
    seed: int
    going: Going
    max_turns: int
    policy: str = "greedy"
    queries: tuple[Query, ...] = ()
    check_actions: bool = False

    @property
    def series_count(self) -> int:
        """One series of games per deck."""
        return len(self.decks)

    def play(self, deck: int, index: int, *, log: bool = False) -> Played:
        """Game ``index`` of deck number ``deck``, against its opponent."""
        goes_first = self.going.goes_first(index)
        rival = self.rivals[deck]
        observer = Observer(GOLDFISHER) if self.queries else None
        record = play_game(
            self.decks[deck],
            rival.deck,
            (POLICIES[self.policy](), rival.make_policy()),
            game_seed(self.seed, index),
            first_player=GOLDFISHER if goes_first else OPPONENT,
            log=log,
            turn_limit=turn_limit(self.max_turns, goes_first),
            observe=observer,
            check=self.check_actions,
        )
        if observer is None:
            return Played(record)
        observed = observer.observed()
        return Played(record, tuple(i for i, q in enumerate(self.queries) if q.holds(observed)))

    def outcome(self, played: Played) -> int:
        """The own turn the deck won in, or :data:`~lalcheck.simulation.paired.NOT_WON`."""
        record = played.record
        if result_of(record, GOLDFISHER, self.max_turns) is Result.WON:
            return record.turns[GOLDFISHER]
        return NOT_WON

    def tally(self, games: Iterable[Played]) -> BySide:
        """The aggregates of the games the deck went first and second."""
        firsts: list[Played] = []
        seconds: list[Played] = []
        for played in games:
            (firsts if played.record.first_player == GOLDFISHER else seconds).append(played)
        return BySide(
            aggregate(firsts, GOLDFISHER, self.max_turns),
            aggregate(seconds, GOLDFISHER, self.max_turns),
        )

    def empty(self) -> BySide:
        """The tally of no game."""
        return BySide()
