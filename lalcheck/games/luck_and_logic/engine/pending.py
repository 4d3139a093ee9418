"""What the engine is in the middle of: abilities waiting to resolve, the choice a
player must make for one, and where the turn goes on once they are done.

All frozen, so :meth:`GameState.copy` shares them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import NamedTuple

from lalcheck.games.luck_and_logic.abilities.model import Ability
from lalcheck.games.luck_and_logic.cards import Card


class Resolution(NamedTuple):
    """One ability on its way: whose it is, where it came from and how far it got.

    ``bearer`` is the uid of the member the ability belongs to (0: none, e.g. a
    tactics card or a gate); ``key`` names it for 【1回合1次】. ``pc`` counts the
    instructions done: the ability's costs first, then its steps; ``left`` is how
    many more times the current step runs (``-1``: not started). ``tools`` are the
    secret tools this ability's 錬成(X) already used (seed 001 "秘具" note 2).
    A named tuple rather than a frozen dataclass: the engine makes one per step of
    every ability, and a tuple is made without a call per field.
    """

    owner: int
    card: Card
    ability: Ability
    bearer: int
    key: tuple[int, int, int]
    pc: int = 0
    left: int = -1
    tools: tuple[int, ...] = ()
    started: bool = False  # conditions checked (and, when it asks, accepted)
    from_hand: bool = False

    def moved(
        self,
        pc: int | None = None,
        left: int | None = None,
        *,
        started: bool | None = None,
        tools: tuple[int, ...] | None = None,
    ) -> Resolution:
        """This resolution further on (a faster :meth:`_replace`)."""
        return Resolution(
            self.owner,
            self.card,
            self.ability,
            self.bearer,
            self.key,
            self.pc if pc is None else pc,
            self.left if left is None else left,
            self.tools if tools is None else tools,
            self.started if started is None else started,
            self.from_hand,
        )


@dataclass(frozen=True, slots=True)
class FaceUpParadox:
    """R-BAT-4: the one face-up paradox: its owner, card, and whether it is still
    in the battle zone (else in the paradox zone)."""

    owner: int
    card: Card
    in_battle: bool


@dataclass(frozen=True, slots=True)
class ParadoxPick:
    """R-BAT-4: ``owner`` has two face-up paradoxes, ``new`` and ``older``, and turns
    one of them face down (seed 000 "关于逆理逻辑": "选择一张变为背面表示")."""

    owner: int
    new: Card
    older: FaceUpParadox


Pending = Resolution | ParadoxPick


class ChoiceKind(StrEnum):
    """What the options of a :class:`Choice` name."""

    USE = "use"  # (1,): use the optional ability; pass declines
    MEMBER = "member"  # (player, circle)
    MOVE = "move"  # (player, circle, *new circles)
    HAND = "hand"  # (hand index,)
    DECK = "deck"  # (deck index,)
    DROP = "drop"  # (drop index,)
    MOBILIZE = "mobilize"  # (source index, *circles)
    LEVEL = "level"  # (level zone index,): return it to hand
    GATE = "gate"  # (circle,)
    TOOL = "tool"  # (secret tool index,)
    PARADOX = "paradox"  # (0,): the new one face down, (1,): the older one


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice a resolving ability asks of ``player``: one of ``options``, or, when
    ``optional``, a pass."""

    player: int
    kind: ChoiceKind
    options: tuple[tuple[int, ...], ...]
    optional: bool
    prompt: str


class Resume(IntEnum):
    """Where the turn goes on once every waiting ability has resolved."""

    DRAW_PHASE = 0  # after turn_start abilities
    MAIN = 1  # after a level up or a main-phase action
    ATTACK = 2  # after attack / attacked abilities: the gate falls or the intercept step
    BATTLE = 3  # after a gate's effect: the next attack
    INTERCEPT = 4  # after intercept abilities
    DEFINITION = 5  # after define / paradox link abilities
    BATTLE_END = 6  # after battle_won / battle_lost abilities: clear the battle zones
    END_PHASE = 7  # after turn_end abilities
