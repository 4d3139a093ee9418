"""Luck & Logic's words for ``--query`` (:mod:`lalcheck.simulation.query`) and what a
game shows a query.

What a phrase counts, by the end of the player's own turn N:

- cards **in hand** (the default for cards): copies that entered the hand (the
  hand kept after the mulligan, then every card drawn, searched or returned to
  it): a card number (``BT01/002``) or name in quotes (``"Flare Knuckle Ignis"``),
  or a group: ``paradox``, ``tactics``, ``transunion``, ``logicalist``
  (super logicalists included), ``foreigner``, ``member``, ``level 1`` (members of
  level 1 other than transunions, as in the report's opening groups), ``level-4
  transunion`` or ``transunion of level 4``;
- the same cards **mobilized**: members put onto the field (mobilized, tranced
  or trance-changed into), e.g. ``a level-4 transunion mobilized``;
- events: ``trance`` (a trance change counts as one), ``logic drive``,
  ``gates destroyed`` (the opponent's), ``refresh`` (R-ZONE-1).

Copies in hand are a pure draw question: by own turn N the player has drawn
:data:`~lalcheck.games.luck_and_logic.engine.decisions.OPENING_HAND` +
N × :data:`~lalcheck.games.luck_and_logic.engine.decisions.DRAW_PHASE_DRAWS`
cards (R-TURN-0, R-TURN-2), so their exact chance is hypergeometric over that
many cards, without the mulligan and the extra draws (Luck Drive, level support,
effects) the simulated games also see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lalcheck.games.luck_and_logic.cards import Card, CardType
from lalcheck.games.luck_and_logic.engine import Game
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine.state import Member
from lalcheck.simulation.query import (
    HAND,
    CardVocabulary,
    Subject,
    Token,
    TokenKind,
    level_words,
)
from lalcheck.simulation.query import NamedCard as NamedCard  # one card, as every game reads it

MOBILIZED = "mobilized"
TRANCE = "trance"
LOGIC_DRIVE = "logic drive"
GATES = "gates destroyed"
REFRESH = "refresh"

#: Event phrases (lower case, singular and plural) -> the event counted.
EVENTS = {
    "trance": TRANCE,
    "trances": TRANCE,
    "logic drive": LOGIC_DRIVE,
    "logic drives": LOGIC_DRIVE,
    "ld": LOGIC_DRIVE,
    "lds": LOGIC_DRIVE,
    "gate destroyed": GATES,
    "gates destroyed": GATES,
    "destroyed gate": GATES,
    "destroyed gates": GATES,
    "refresh": REFRESH,
    "refreshes": REFRESH,
}
#: Words after cards that count the members mobilized.
ELSEWHERE = {"mobilized": MOBILIZED, "mobilised": MOBILIZED}
#: Group words -> card types (None: any member).
GROUPS: dict[str, frozenset[CardType] | None] = {
    "paradox": frozenset({CardType.PARADOX}),
    "tactics": frozenset({CardType.TACTICS}),
    "transunion": frozenset({CardType.TRANSUNION}),
    "tranceunion": frozenset({CardType.TRANSUNION}),
    "logicalist": d.LOGICALIST_TYPES,
    "foreigner": frozenset({CardType.FOREIGNER}),
    "member": None,
}
_PLURALS = {"paradoxes": "paradox", "tactic": "tactics"}
#: ``level N`` alone: the members the report's opening groups call ``level N``.
LEVEL_TYPES = d.LOGICALIST_TYPES | {CardType.FOREIGNER}

KNOWN = (
    'a card number or "name", a group (paradox, tactics, transunion, logicalist, '
    "foreigner, member, level 1, level-4 transunion), optionally 'in hand' or "
    "'mobilized', or an event (trance, logic drive, gates destroyed, refresh)"
)


def drawn_by(turn: int) -> int:
    """Cards drawn into the hand by the end of own turn ``turn``, without the mulligan
    and extra draws (R-TURN-0, R-TURN-2)."""
    return d.OPENING_HAND + d.DRAW_PHASE_DRAWS * turn


@dataclass(frozen=True, slots=True)
class CardGroup:
    """Cards of some types (None: any member) and level; ``level N`` alone leaves
    transunions out, as the report's opening groups do."""

    types: frozenset[CardType] | None
    level: int | None = None

    def matches(self, card: Card) -> bool:
        if self.types is None:
            if not card.type.is_member:
                return False
        elif card.type not in self.types:
            return False
        return self.level is None or card.level == self.level


class Vocabulary(CardVocabulary):
    """Reads phrases against a card database (``"did you mean"`` for unknown cards)."""

    known = KNOWN
    events = EVENTS
    elsewhere = ELSEWHERE

    def group(self, phrase: Sequence[Token]) -> tuple[CardGroup, str] | None:
        if any(token.kind is TokenKind.QUOTED for token in phrase):
            return None
        level, words = level_words(phrase)
        group, rest = _group_words(words)
        if (group is None and level is None) or rest:
            return None
        if group is None:
            return CardGroup(LEVEL_TYPES, level), f"level {level}"
        label = group if level is None else f"level-{level} {group}"
        return CardGroup(GROUPS[group], level), label


def _group_words(words: list[str]) -> tuple[str | None, list[str]]:
    """``transunion``, ``transunion of``, ``paradoxes`` (the words of a phrase but its
    level): (group, words left over)."""
    group: str | None = None
    rest: list[str] = []
    for word in words:
        singular = _PLURALS.get(word, word.removesuffix("s") if word.endswith("s") else word)
        if word in GROUPS or singular in GROUPS:
            group = word if word in GROUPS else singular
        elif word != "of" or group is None:
            rest.append(word)
    return group, rest


@dataclass(frozen=True, slots=True)
class Marks:
    """Counts at the end of one own turn: cards that entered the hand and members
    mobilized so far (positions in :class:`Observed`'s lists), trances, Logic
    Drives, the opponent's gates destroyed, refreshes."""

    entered: int
    mobilized: int
    trances: int
    logic_drives: int
    gates: int
    refreshes: int


@dataclass(frozen=True, slots=True)
class Observed:
    """One game as a query sees it, from the side of one player."""

    entered: tuple[Card, ...]
    mobilized: tuple[Card, ...]
    turns: tuple[Marks, ...]
    kept: int

    def count(self, subject: Subject, turn: int) -> int:
        if self.turns:
            marks = self.turns[min(turn, len(self.turns)) - 1]
        else:
            marks = Marks(self.kept, 0, 0, 0, 0, 0)
        key = subject.key
        if key in (HAND, MOBILIZED):
            cards = (
                self.entered[: marks.entered] if key == HAND else self.mobilized[: marks.mobilized]
            )
            selector = subject.cards
            assert selector is not None
            return sum(1 for card in cards if selector.matches(card))
        return {
            TRANCE: marks.trances,
            LOGIC_DRIVE: marks.logic_drives,
            GATES: marks.gates,
            REFRESH: marks.refreshes,
        }[key]


class Observer:
    """Watches a game after every action, from the side of ``player``: the cards that
    enter its hand after the mulligan (``received`` by the engine), the members it
    mobilizes, its trances and Logic Drives, and the counts at the end of each of its
    own turns."""

    __slots__ = (
        "drives",
        "field",
        "kept",
        "logic_drive_used",
        "mobilized",
        "player",
        "received",
        "start",
        "summaries",
        "trance_change_used",
        "trance_used",
        "trances",
        "turns",
    )

    def __init__(self, player: int) -> None:
        self.player = player
        #: The hand kept after the mulligan, and where later entries start in ``received``.
        self.kept: tuple[Card, ...] | None = None
        self.start = 0
        #: The members on the field after the last action (kept alive, so ids stay theirs).
        self.field: list[Member] = []
        self.mobilized: list[Card] = []
        self.trances = self.drives = 0
        self.trance_used = self.trance_change_used = self.logic_drive_used = False
        self.turns: list[Marks] = []
        self.summaries = 0
        self.received: list[Card] = []

    def __call__(self, game: Game) -> None:
        state = game.players[self.player]
        if self.kept is None:
            opening = game.openings[self.player]
            if opening is None:
                return
            self.kept = opening.kept
            # received so far: the opening hand, then the mulligan's draws (kept)
            self.start = len(opening.hand) + len(opening.bottomed)
            self.received = state.received
        field = [m for m in state.field if m is not None]
        if field != self.field:
            for member in dict.fromkeys(field):
                if all(member is not known for known in self.field):
                    self.mobilized.append(member.card)
            self.field = field
        if state.trance_used and not self.trance_used:
            self.trances += 1
        if state.trance_change_used and not self.trance_change_used:
            self.trances += 1
        if state.logic_drive_used and not self.logic_drive_used:
            self.drives += 1
        self.trance_used = state.trance_used
        self.trance_change_used = state.trance_change_used
        self.logic_drive_used = state.logic_drive_used
        summaries = game.summaries
        while self.summaries < len(summaries):
            summary = summaries[self.summaries]
            self.summaries += 1
            if summary.player == self.player:
                self.turns.append(
                    Marks(
                        len(self.kept) + len(state.received) - self.start,
                        len(self.mobilized),
                        self.trances,
                        self.drives,
                        summary.gates_destroyed,
                        summary.refreshes,
                    )
                )

    def observed(self) -> Observed:
        kept = self.kept or ()
        entered = (*kept, *self.received[self.start :])
        return Observed(entered, tuple(self.mobilized), tuple(self.turns), len(kept))
