"""Cards of 洛吧殺: card kinds (what a card does) apart from pile entries (one physical card).

A :class:`CardKind` is a name with its rules (kind, targets, answers, effects,
equipment slot and numbers): a card of the card database, whose number is its
id (``kill``); a :class:`PileEntry` is one card of the shared pile: a kind with
a suit and a rank. The seed describes kinds only (LBS-KIND-1); suits and ranks
come from the pile file (LBS-OPEN-7).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from lalcheck.games.base import CardNames


class Kind(StrEnum):
    """LBS-KIND-1: the three kinds of card."""

    BASIC = "basic"
    EFFECT = "effect"
    EQUIPMENT = "equipment"


class CardSet(StrEnum):
    """Where a card comes from: the base game, the Decade expansion, or unlabelled (LBS-OPEN-25)."""

    BASE = "base"
    DECADE = "decade"
    UNKNOWN = "unknown"


class Element(StrEnum):
    """Damage elements (屬性): none, thunder (雷) and fire (火)."""

    NONE = "none"
    THUNDER = "thunder"
    FIRE = "fire"


class Suit(StrEnum):
    """The four suits judgements read."""

    SPADE = "spade"
    HEART = "heart"
    CLUB = "club"
    DIAMOND = "diamond"

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.HEART, Suit.DIAMOND) else Colour.BLACK

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]


_SYMBOLS = {Suit.SPADE: "♠", Suit.HEART: "♥", Suit.CLUB: "♣", Suit.DIAMOND: "♦"}


def parse_suit(value: object) -> Suit | None:
    """A suit as a pile file writes it (``spade`` or ``♠``), or None."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    for suit in Suit:
        if text in (suit.value, suit.symbol):
            return suit
    return None


class Colour(StrEnum):
    """A card's colour; a 殺 made of two cards of different colours has none (LBS-OPEN-20)."""

    RED = "red"
    BLACK = "black"
    NONE = "none"


class Slot(StrEnum):
    """LBS-KIND-3 / LBS-OPEN-23: equipment slots, one card each."""

    WEAPON = "weapon"
    ARMOUR = "armour"
    DEFENSIVE = "defensive"
    ATTACK = "attack"
    THRUSTER = "thruster"
    SPECIAL = "special"


#: A weapon range of ∞ (長加農炮): farther than any table.
INFINITE_RANGE = 99

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANKS_BY_NAME = {name: rank for rank, name in RANK_NAMES.items()}


def parse_rank(value: object) -> int | None:
    """A rank as a pile file writes it (1 to 13, or A, J, Q, K), or None."""
    if isinstance(value, str):
        return _RANKS_BY_NAME.get(value.strip().upper())
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 13:
        return value
    return None


@dataclass(frozen=True, slots=True)
class Effect:
    """One structured step of a card's effect: ``{do: damage, amount: 1}``.

    ``do`` names the step; ``values`` holds its parameters (numbers, names).
    """

    do: str
    values: tuple[tuple[str, int | str], ...] = ()

    def get(self, key: str, default: int | str | None = None) -> int | str | None:
        for name, value in self.values:
            if name == key:
                return value
        return default


@dataclass(frozen=True, slots=True)
class Targets:
    """Who a card may be used on in the play phase.

    ``who``: ``self``, ``other``, ``any``, ``all`` (everyone) or ``others``
    (everyone but the user); ``count`` targets (``min_count`` when fewer may be
    chosen); ``reach``: ``attack`` (attack range), a distance, or None;
    ``needs``: conditions on each target (``has-weapon``, ``has-hand``,
    ``has-cards``, ``lost-hp``, ``not-above-printed-max``).
    """

    who: str
    count: int = 1
    min_count: int | None = None
    reach: str | int | None = None
    needs: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Answers:
    """What a target must play to answer: cards by kind id, and how many."""

    cards: tuple[str, ...]
    count: int = 1


@dataclass(frozen=True, slots=True)
class JudgeCondition:
    """A judgement result: matching suits, colour and rank range (all given ones must hold)."""

    suits: frozenset[Suit] = frozenset()
    colour: Colour | None = None
    ranks: tuple[int, int] | None = None

    def matches(self, suit: Suit, rank: int) -> bool:
        if self.suits and suit not in self.suits:
            return False
        if self.colour is not None and suit.colour is not self.colour:
            return False
        return self.ranks is None or self.ranks[0] <= rank <= self.ranks[1]


@dataclass(frozen=True, slots=True)
class CardKind(CardNames):
    """A card name and its rules, as the card database gives them."""

    id: str
    name: str
    english: str
    kind: Kind
    subkind: str
    set: CardSet
    rule: str
    text: str
    element: Element = Element.NONE
    slot: Slot | None = None
    range: int | None = None
    distance: int = 0
    locked: bool = False
    targets: Targets | None = None
    answers: Answers | None = None
    rescue: int = 0
    rescue_self_only: bool = False
    extra_cost: int = 0
    once_per_turn: bool = False
    judge: JudgeCondition | None = None
    effects: tuple[Effect, ...] = ()

    @property
    def number(self) -> str:  # type: ignore[override]
        """The card's number in the card database is its id."""
        return self.id

    @property
    def names(self) -> Mapping[str, str]:  # type: ignore[override]
        return {"zh_Hant": self.name, "en": self.english}

    @property
    def type(self) -> str:
        return self.kind.value

    @property
    def release(self) -> dt.date | None:
        """No release dates are known (the card database has none)."""
        return None

    def effect(self, do: str) -> Effect | None:
        """The first step named ``do``."""
        for step in self.effects:
            if step.do == do:
                return step
        return None

    def step_value(self, do: str, key: str = "amount", default: int = 0) -> int:
        """A numeric parameter of a step: ``kind.step_value("damage")`` is the damage it deals."""
        step = self.effect(do)
        value = None if step is None else step.get(key)
        return value if isinstance(value, int) else default

    def __str__(self) -> str:
        return f"【{self.name}】"


@dataclass(frozen=True, slots=True)
class PileEntry:
    """One physical card of the pile: ``id`` is its index in the pile."""

    id: int
    kind: CardKind
    suit: Suit
    rank: int

    @property
    def colour(self) -> Colour:
        return self.suit.colour

    def __str__(self) -> str:
        return f"{self.kind}{self.suit.symbol}{RANK_NAMES.get(self.rank, str(self.rank))}"


@dataclass(frozen=True, slots=True)
class Pile:
    """A pile file: its entries (ids are their positions) and whether it is a sample."""

    name: str
    sample: bool
    notes: str
    entries: tuple[PileEntry, ...]

    def enabled(self, sets: frozenset[CardSet]) -> Pile:
        """The pile with only the entries of the enabled sets, renumbered."""
        kept = [e for e in self.entries if e.kind.set in sets]
        entries = tuple(PileEntry(index, e.kind, e.suit, e.rank) for index, e in enumerate(kept))
        return Pile(self.name, self.sample, self.notes, entries)
