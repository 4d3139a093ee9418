"""Who plays whom in a Restore the Luminous goldfish run: the opponents, and the job
the core runner (:mod:`lalcheck.simulation.runner`) hands out in chunks.

The deck is player A and its opponent player B; which of them starts comes
from ``going`` and the game's index, every shuffle from the index's game
seed, so a game is the same wherever it is played. The player going first
has 9 HP, the other 10 (RTL-SET-1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from lalcheck.games.restore_the_luminous.cards import Card, card_from_mapping
from lalcheck.games.restore_the_luminous.engine import (
    DeckList,
    GameRecord,
    GreedyPolicy,
    PassivePolicy,
    Policy,
    RandomPolicy,
    WallPolicy,
    play_game,
)
from lalcheck.games.restore_the_luminous.goldfish.tally import Result, Tally, result_of, tally_games
from lalcheck.simulation.paired import NOT_WON
from lalcheck.simulation.query import Query
from lalcheck.simulation.runner import Going, game_seed

#: The goldfishing deck is player 0 (A), its opponent player 1 (B).
GOLDFISHER, OPPONENT = 0, 1
#: Policies the goldfishing player may use, by name (greedy is the strongest).
POLICIES: Mapping[str, Callable[[], Policy]] = {"greedy": GreedyPolicy, "random": RandomPolicy}


class OpponentKind(StrEnum):
    """Who a deck goldfishes against (contract §8)."""

    PASSIVE = "passive"  # a copy of the deck that never acts (never blocks, counters, Protects)
    WALL = "wall"  # built-in Protect units that never attack and Protect every attack
    DECK = "deck"  # a deck file, played by the greedy policy


def _wall_card(number: str, name: str, level: int, **fields: Any) -> Card:
    entry = {"number": number, "name": name, "colour": "black", "level": level, **fields}
    card = card_from_mapping({"colour_cost": 0, "return_value": 1, **entry})
    assert isinstance(card, Card), card
    return card


#: The wall's leader: the most unit slots and the largest opening hand a leader has.
WALL_LEADER = _wall_card(
    "WALL/L", "Wall Keeper", 0, type="leader", return_value=0,
    opening_hand=5, unit_slots=5, counter_slots=1,
)  # fmt: skip
#: The wall's units by level: levels 1 to 3, 1 damage, Protect and nothing else (RTL-KW-PROTECT),
#: and its 40 cards.
WALL_UNITS = tuple(
    _wall_card(
        f"WALL/{level}",
        f"Wall Guard L{level}",
        level,
        type="unit",
        power=power,
        damage=1,
        keywords=["protect"],
        text="Protect.",
    )
    for level, power in zip((1, 2, 3), (1000, 2000, 3000), strict=True)
)
WALL_DECK = DeckList(
    WALL_LEADER,
    (*[WALL_UNITS[0]] * 14, *[WALL_UNITS[1]] * 14, *[WALL_UNITS[2]] * 12),
    name="wall",
)


@dataclass(frozen=True, slots=True)
class Opponent:
    """The opponent of every deck of a run: its kind, and for ``deck`` the deck file
    (its path, for the report) and the deck."""

    kind: OpponentKind = OpponentKind.PASSIVE
    source: str | None = None
    deck: DeckList | None = None

    def __post_init__(self) -> None:
        if (self.kind is OpponentKind.DECK) != (self.deck is not None):
            raise ValueError("an opponent deck goes with the kind deck, and only with it")

    def against(self, goldfisher: DeckList) -> DeckList:
        """The opponent's deck in the games of ``goldfisher``."""
        if self.kind is OpponentKind.PASSIVE:
            return goldfisher
        return WALL_DECK if self.deck is None else self.deck

    def policy(self) -> Policy:
        if self.kind is OpponentKind.PASSIVE:
            return PassivePolicy()
        return WallPolicy() if self.kind is OpponentKind.WALL else GreedyPolicy()

    @property
    def policy_name(self) -> str:
        names = {OpponentKind.PASSIVE: "passive", OpponentKind.WALL: "wall"}
        return names.get(self.kind, "greedy")

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": "wall", ...}`` of the JSON report (contract §8)."""
        document: dict[str, Any] = {"kind": self.kind.value, "policy": self.policy_name}
        if self.kind is OpponentKind.WALL:
            document["units"] = [
                {"number": u.number, "level": u.level, "power": u.power} for u in WALL_UNITS
            ]
            document["unit_slots"] = WALL_LEADER.unit_slots
        if self.source is not None:
            document["deck"] = self.source
        return document


@dataclass(frozen=True, slots=True)
class Job:
    """Everything needed to play any game of a run: the decks, their opponent, seed,
    going, the own turn statistics stop at, the goldfishing policy and the queries.
    Picklable. Several decks are played as pairs on the same games
    (:class:`~lalcheck.simulation.paired.PairedJob`)."""

    decks: tuple[DeckList, ...]
    opponent: Opponent
    seed: int
    going: Going
    max_turns: int
    policy: str = "greedy"
    queries: tuple[Query, ...] = ()

    @property
    def series_count(self) -> int:
        """One series of games per deck."""
        return len(self.decks)

    def play(self, series: int, index: int, *, log: bool = False) -> GameRecord:
        """Game ``index`` of deck number ``series`` against the opponent."""
        deck = self.decks[series]
        return play_game(
            deck,
            self.opponent.against(deck),
            (POLICIES[self.policy](), self.opponent.policy()),
            game_seed(self.seed, index),
            first_player=GOLDFISHER if self.going.goes_first(index) else OPPONENT,
            log=log,
        )

    def outcome(self, record: GameRecord) -> int:
        """The own turn the deck won in, or :data:`~lalcheck.simulation.paired.NOT_WON`."""
        if result_of(record, GOLDFISHER, self.max_turns) is Result.WON:
            return record.turns[GOLDFISHER]
        return NOT_WON

    def tally(self, records: Iterable[GameRecord]) -> Tally:
        return tally_games(records, GOLDFISHER, self.max_turns, self.queries)

    def empty(self) -> Tally:
        """The tally of no game."""
        return Tally()
