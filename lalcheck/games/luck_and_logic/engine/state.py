"""The game state: both players' zones, the turn, the phase and the battle in progress.

Zones are lists of shared :class:`~lalcheck.games.luck_and_logic.cards.Card` references (a card's
data is never copied); :meth:`GameState.copy` copies the lists, never the cards.
Decks are kept with the top card at the end of the list.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Self

from lalcheck.games.luck_and_logic.abilities.model import Duration, Rule
from lalcheck.games.luck_and_logic.cards import Card
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine.actions import Action
from lalcheck.games.luck_and_logic.engine.pending import Choice, FaceUpParadox, Pending, Resume

#: R-ZONE: circles 1-6; front row 1, 3, 5 with 2, 4, 6 behind them.
CIRCLES = (1, 2, 3, 4, 5, 6)
FRONT_ROW = (1, 3, 5)
#: The front circle in front of each back-row circle (R-BAT-1).
IN_FRONT_OF = {2: 1, 4: 3, 6: 5}
#: R-TER: the circle sets a member of each territory may take. Territory 2 is
#: two circles adjacent horizontally or vertically, territory 4 the left or
#: right four.
SHAPES: dict[int, tuple[tuple[int, ...], ...]] = {
    1: tuple((circle,) for circle in CIRCLES),
    2: ((1, 2), (1, 3), (2, 4), (3, 4), (3, 5), (4, 6), (5, 6)),
    4: ((1, 2, 3, 4), (3, 4, 5, 6)),
}
NO_SHAPES: tuple[tuple[int, ...], ...] = ()


def distinct_indices(cards: list[Card], wanted: Callable[[Card], bool] | None = None) -> list[int]:
    """Index of the first copy of each distinct card (copies are interchangeable)
    that ``wanted`` accepts."""
    seen: set[int] = set()
    indices = []
    for index, card in enumerate(cards):
        key = id(card)
        if key not in seen:
            seen.add(key)
            if wanted is None or wanted(card):
                indices.append(index)
    return indices


def shapes(territory: int | None) -> tuple[tuple[int, ...], ...]:
    """The circle sets that fit a territory (R-TER); none for unknown territories."""
    return SHAPES.get(territory or 0, NO_SHAPES)


class Phase(IntEnum):
    """Where the game waits for a decision."""

    MULLIGAN = 0
    LEVEL = 1
    LEVEL_RETURN = 2
    MAIN = 3
    BATTLE = 4
    INTERCEPT = 5
    DEFINE = 6
    DEFINE_FORCED = 7
    DISCARD = 8
    OVER = 9
    CHOOSE = 10  # a resolving ability waits for a player's choice


# The phases as module globals for the hot paths (import them by these names): on
# CPython 3.11 reading a member off an enum class goes through the enum metaclass's
# attribute hook, reading a global does not.
MULLIGAN_PHASE, LEVEL_PHASE, LEVEL_RETURN_PHASE = Phase.MULLIGAN, Phase.LEVEL, Phase.LEVEL_RETURN
MAIN_PHASE, BATTLE_PHASE, INTERCEPT_PHASE = Phase.MAIN, Phase.BATTLE, Phase.INTERCEPT
DEFINE_PHASE, DEFINE_FORCED_PHASE, DISCARD_PHASE = Phase.DEFINE, Phase.DEFINE_FORCED, Phase.DISCARD
OVER_PHASE, CHOOSE_PHASE = Phase.OVER, Phase.CHOOSE


class EndReason(StrEnum):
    """Why a game ended (R-WIN)."""

    GATES = "gates"  # R-WIN-1: all six gates destroyed
    REFRESH = "refresh"  # R-WIN-2: second refresh penalty
    BOTH_LOST = "both lost"  # R-WIN-3: both would lose at once: a draw
    TURN_LIMIT = "turn limit"  # the game's turn limit (decisions.MAX_TURNS) reached


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game: ``winner`` is 0, 1 or None for a draw."""

    winner: int | None
    reason: EndReason

    def __str__(self) -> str:
        if self.winner is None:
            return f"draw ({self.reason})"
        return f"{PLAYER_NAMES[self.winner]} wins ({self.reason})"


PLAYER_NAMES = ("A", "B")


@dataclass(frozen=True, slots=True)
class Opening:
    """R-TURN-0: a player's opening hand, the cards the mulligan put on the bottom,
    and the hand kept after drawing their replacements."""

    hand: tuple[Card, ...]
    bottomed: tuple[Card, ...]
    kept: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnSummary:
    """A snapshot at the end of one of a player's own turns (for goldfish statistics)."""

    player: int
    turn: int  # the player's own turn number, from 1
    level: int
    face_up_level: int
    members: int
    gates_destroyed: int  # of the opponent's gates, so far
    refreshes: int  # of this player, so far
    hand: int


class Member:
    """A member on the field: its card, circles, soul, rested state and turn boosts.

    ``uid`` names the member for as long as it stays on the field (moves included);
    0 is a member not yet placed by the game. ``soul_character`` is the character
    name its fused logicalist counts as when a My Logicalist stood in for it (seed
    000 补充3 line 212: the My Logicalist's character), kept through a Trance Change.
    """

    __slots__ = (
        "card",
        "circles",
        "limit_bonus",
        "power_bonus",
        "rested",
        "soul_character",
        "souls",
        "spirit_bonus",
        "uid",
    )

    def __init__(
        self, card: Card, circles: tuple[int, ...], souls: tuple[Card, ...] = (), uid: int = 0
    ):
        self.card = card
        self.circles = circles
        self.souls = souls
        self.uid = uid
        self.rested = False
        self.power_bonus = 0
        self.spirit_bonus = 0
        self.limit_bonus = 0
        self.soul_character: str | None = None

    def copy(self) -> Member:
        other = Member(self.card, self.circles, self.souls, self.uid)
        other.rested = self.rested
        other.power_bonus = self.power_bonus
        other.spirit_bonus = self.spirit_bonus
        other.limit_bonus = self.limit_bonus
        other.soul_character = self.soul_character
        return other

    @property
    def circle(self) -> int:
        """The lowest circle the member stands on: how actions name it."""
        return self.circles[0]

    def __repr__(self) -> str:
        state = "rested" if self.rested else "standing"
        return f"Member({self.card.number} on {self.circles}, {state}, souls={len(self.souls)})"


class PlayerState:
    """One player's zones (R-ZONE) and once-per-turn counters."""

    __slots__ = (
        "battle",
        "cost",
        "deck",
        "drop",
        "field",
        "gate_destroyed",
        "gates",
        "hand",
        "intercept",
        "level",
        "level_face_up",
        "level_rested",
        "logic_drive_used",
        "my_logicalist",
        "my_logicalist_used",
        "paradox",
        "penalties",
        "reaching",
        "received",
        "refreshes",
        "removed",
        "secret_tools",
        "trance_change_used",
        "trance_used",
        "turns",
        "used",
    )

    def __init__(self) -> None:
        self.deck: list[Card] = []
        self.hand: list[Card] = []
        #: Every card that entered the hand, in order (drawn, returned, searched).
        self.received: list[Card] = []
        #: The member on each circle (index circle - 1); a multi-circle member is on each.
        self.field: list[Member | None] = [None] * 6
        self.gates: list[Card] = []
        self.gate_destroyed: list[bool] = [False] * 6
        self.level: list[Card] = []
        self.level_face_up: list[bool] = []
        self.level_rested: list[bool] = []
        self.cost: list[Card] = []
        self.battle: list[Card] = []
        self.intercept: list[Card] = []
        self.paradox: list[Card] = []
        self.drop: list[Card] = []
        self.removed: list[Card] = []
        self.secret_tools: list[Card] = []
        self.my_logicalist: Card | None = None
        self.my_logicalist_used = False
        self.penalties = 0
        self.refreshes = 0
        self.turns = 0
        self.trance_used = False
        self.trance_change_used = False
        self.logic_drive_used = False
        #: 【1回合1次】: the abilities (by :attr:`Resolution.key`) used this turn.
        self.used: frozenset[tuple[int, int, int]] = frozenset()
        #: A member whose continuous abilities reach others or rules has been on this
        #: field (never reset): until then the layer need not look at the field.
        self.reaching = False

    def copy(self) -> PlayerState:
        other = PlayerState.__new__(PlayerState)
        other.deck = self.deck[:]
        other.hand = self.hand[:]
        other.received = self.received[:]
        copies: dict[int, Member] = {}
        field: list[Member | None] = []
        for member in self.field:
            if member is None:
                field.append(None)
            else:
                copied = copies.get(id(member))
                if copied is None:
                    copied = copies[id(member)] = member.copy()
                field.append(copied)
        other.field = field
        other.gates = self.gates[:]
        other.gate_destroyed = self.gate_destroyed[:]
        other.level = self.level[:]
        other.level_face_up = self.level_face_up[:]
        other.level_rested = self.level_rested[:]
        other.cost = self.cost[:]
        other.battle = self.battle[:]
        other.intercept = self.intercept[:]
        other.paradox = self.paradox[:]
        other.drop = self.drop[:]
        other.removed = self.removed[:]
        other.secret_tools = self.secret_tools[:]
        other.my_logicalist = self.my_logicalist
        other.my_logicalist_used = self.my_logicalist_used
        other.penalties = self.penalties
        other.refreshes = self.refreshes
        other.turns = self.turns
        other.trance_used = self.trance_used
        other.trance_change_used = self.trance_change_used
        other.logic_drive_used = self.logic_drive_used
        other.used = self.used
        other.reaching = self.reaching
        return other

    # -- queries -------------------------------------------------------------

    def members(self) -> list[Member]:
        """Each member on the field once, by lowest circle (where :attr:`Member.circle`
        says it stands: every member's circles are in ascending order)."""
        return [
            member
            for circle, member in enumerate(self.field, 1)
            if member is not None and member.circles[0] == circle
        ]

    def member_by_uid(self, uid: int) -> Member | None:
        """The member with this uid if it is on the field."""
        if uid:
            for member in self.field:
                if member is not None and member.uid == uid:
                    return member
        return None

    def member_at(self, circle: int) -> Member | None:
        """The member named by ``circle`` (its lowest circle), else None."""
        if not 1 <= circle <= 6:
            return None
        member = self.field[circle - 1]
        return member if member is not None and member.circles[0] == circle else None

    def distinct_level_cards(self) -> list[int]:
        """Index of each level card a player may tell apart (face-up state included)."""
        seen: set[tuple[int, bool]] = set()
        indices = []
        for index, card in enumerate(self.level):
            key = (id(card), self.level_face_up[index])
            if key not in seen:
                seen.add(key)
                indices.append(index)
        return indices

    @property
    def level_count(self) -> int:
        """R-TURN-3: the level is the number of cards in the level zone."""
        return len(self.level)

    @property
    def face_up_level_count(self) -> int:
        """R-TURN-5: attacks allowed per turn."""
        return sum(self.level_face_up)

    @property
    def gates_destroyed(self) -> int:
        return sum(self.gate_destroyed)

    def all_cards(self) -> list[Card]:
        """Every card the player owns, in whatever zone (for invariant checks)."""
        cards = [
            *self.deck,
            *self.hand,
            *self.gates,
            *self.level,
            *self.cost,
            *self.battle,
            *self.intercept,
            *self.paradox,
            *self.drop,
            *self.removed,
            *self.secret_tools,
        ]
        for member in self.members():
            cards.append(member.card)
            cards.extend(member.souls)
        if self.my_logicalist is not None:
            cards.append(self.my_logicalist)
        return cards

    # -- zone changes --------------------------------------------------------

    def take(self, card: Card) -> None:
        """Put a card into the hand (every card enters it this way)."""
        self.hand.append(card)
        self.received.append(card)

    def remove_member(self, member: Member) -> None:
        """Take a member off its circles (the caller decides where the cards go)."""
        field = self.field
        for circle in member.circles:
            field[circle - 1] = None

    def drop_member(self, member: Member) -> None:
        """A member and its soul go to the drop zone."""
        self.remove_member(member)
        self.drop.append(member.card)
        self.drop.extend(member.souls)

    def place(self, member: Member) -> None:
        """Put a member on its circles; members already there go to the drop zone (R-MOB)."""
        field = self.field
        for circle in member.circles:
            there = field[circle - 1]
            if there is not None:
                self.drop_member(there)
        for circle in member.circles:
            field[circle - 1] = member
        self.note_reach(member)

    def note_reach(self, member: Member) -> None:
        """Remember that a member with reaching continuous abilities came (see :attr:`reaching`)."""
        if not self.reaching and (
            member.card.abilities.reaching
            or any(
                soul.soul_abilities is not None and soul.soul_abilities.reaching
                for soul in member.souls
            )
        ):
            self.reaching = True

    def pay(self, amount: int) -> None:
        """Pay a cost: cost zone cards to the drop zone (R-MOB, R-LUCK)."""
        if amount <= 0:
            return
        cost = self.cost
        if d.COST_PAID_FROM_TOP:
            self.drop.extend(cost[-amount:])
            del cost[-amount:]
        else:
            self.drop.extend(cost[:amount])
            del cost[:amount]


@dataclass(slots=True)
class BattleState:
    """R-BAT: the battle in progress between two members.

    The battling members are named by uid (they may move during the battle).
    ``bonus[side]`` holds the battle's power, spirit and limit additions for the
    attacker (side 0) and the defender (side 1): logic, intercepts and
    battle-long boosts.
    """

    attacker: int
    attacker_uid: int
    defender_uid: int
    target: int
    bonus: tuple[list[int], list[int]]
    to_define: int
    passes: int = 0

    def copy(self) -> BattleState:
        return BattleState(
            self.attacker,
            self.attacker_uid,
            self.defender_uid,
            self.target,
            (self.bonus[0][:], self.bonus[1][:]),
            self.to_define,
            self.passes,
        )

    def uid(self, side: int) -> int:
        """The uid of the attacking (side 0) or attacked (side 1) member."""
        return self.defender_uid if side else self.attacker_uid


#: Indices into :attr:`BattleState.bonus`.
POWER, SPIRIT, LIMIT = 0, 1, 2


class GameState:
    """Both players, the turn, the phase and who decides next."""

    __slots__ = (
        "actions",
        "active",
        "actor",
        "attack_target",
        "attacks_made",
        "battle",
        "choice",
        "first_player",
        "log",
        "losers",
        "next_uid",
        "openings",
        "outcome",
        "phase",
        "players",
        "queue",
        "resume",
        "rng",
        "rules_until",
        "seed",
        "summaries",
        "turn",
        "turn_limit",
        "unmodelled",
        "up_paradox",
    )

    def __init__(self, seed: int, first_player: int, *, log: bool = False) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.players = (PlayerState(), PlayerState())
        self.first_player = first_player
        self.turn = 0
        self.turn_limit = d.MAX_TURNS
        self.active = first_player
        self.actor = first_player
        self.phase = Phase.MULLIGAN
        self.attacks_made = 0
        self.battle: BattleState | None = None
        self.up_paradox: FaceUpParadox | None = None
        self.outcome: Outcome | None = None
        self.losers = [False, False]
        self.actions: list[Action] = []
        self.openings: list[Opening | None] = [None, None]
        self.summaries: list[TurnSummary] = []
        self.unmodelled: dict[str, int] = {}
        self.log: list[str] | None = [] if log else None
        #: The circle an attack without a battle is aimed at (R-BAT-1).
        self.attack_target = 0
        #: Abilities waiting to resolve, the first one resolving (R-ABL).
        self.queue: tuple[Pending, ...] = ()
        self.choice: Choice | None = None
        self.resume: Resume | None = None
        #: Rules switched on by effects: (owner, rule, until).
        self.rules_until: tuple[tuple[int, Rule, Duration], ...] = ()
        self.next_uid = 1

    def copy(self) -> Self:
        """An independent copy: zone lists and the random state are copied, cards shared."""
        other = type(self).__new__(type(self))
        other.seed = self.seed
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.players = (self.players[0].copy(), self.players[1].copy())
        other.first_player = self.first_player
        other.turn = self.turn
        other.turn_limit = self.turn_limit
        other.active = self.active
        other.actor = self.actor
        other.phase = self.phase
        other.attacks_made = self.attacks_made
        other.battle = self.battle.copy() if self.battle is not None else None
        other.up_paradox = self.up_paradox
        other.outcome = self.outcome
        other.losers = self.losers[:]
        other.actions = self.actions[:]
        other.openings = self.openings[:]
        other.summaries = self.summaries[:]
        other.unmodelled = dict(self.unmodelled)
        other.log = self.log[:] if self.log is not None else None
        other.attack_target = self.attack_target
        other.queue = self.queue
        other.choice = self.choice
        other.resume = self.resume
        other.rules_until = self.rules_until
        other.next_uid = self.next_uid
        return other

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def new_member(
        self, card: Card, circles: tuple[int, ...], souls: tuple[Card, ...] = ()
    ) -> Member:
        """A member with a fresh uid."""
        member = Member(card, circles, souls, self.next_uid)
        self.next_uid += 1
        return member

    def note(self, player: int, text: str) -> None:
        """Add a line to the readable log (only when the game keeps one)."""
        if self.log is not None:
            self.log.append(f"T{self.turn} {PLAYER_NAMES[player]}: {text}")

    def count_unmodelled(self, card: Card) -> None:
        """A card whose ability text has no structured form had its moment (R-ABL)."""
        self.unmodelled[card.number] = self.unmodelled.get(card.number, 0) + 1

    # -- deck operations (R-ZONE-1) -----------------------------------------

    def take_top(self, player: int) -> Card | None:
        """Take the top card of the deck, refreshing whenever the deck runs out
        (before, and after it took the last card); None when there is none."""
        state = self.players[player]
        if not state.deck:
            self.refresh(player)
            if not state.deck:
                return None
        card = state.deck.pop()
        if not state.deck:
            self.refresh(player)
        return card

    def draw(self, player: int, count: int) -> None:
        """Draw cards one at a time."""
        state = self.players[player]
        before = len(state.hand)
        for _ in range(count):
            card = self.take_top(player)
            if card is None:
                break
            state.take(card)
        if self.log is not None and len(state.hand) > before:
            self.note(player, f"draws {', '.join(c.label() for c in state.hand[before:])}")

    def charge(self, player: int, count: int) -> None:
        """Put the top cards of the deck face down into the cost zone."""
        state = self.players[player]
        for _ in range(count):
            card = self.take_top(player)
            if card is None:
                return
            state.cost.append(card)

    def refresh(self, player: int) -> None:
        """R-ZONE-1: the drop zone becomes the deck, then one penalty card is removed.

        The second penalty loses the game (R-WIN-2).
        """
        state = self.players[player]
        if d.REFRESH_NEEDS_DROP_CARDS and not state.drop:
            return
        deck = state.deck = state.drop
        state.drop = []
        self.rng.shuffle(deck)
        self.refresh_penalty(player)

    def refresh_penalty(self, player: int) -> None:
        """R-ZONE-1 / R-WIN-2: the refreshed deck's top card goes face down into the
        remove zone; the second penalty loses the game."""
        state = self.players[player]
        state.refreshes += 1
        if state.deck:
            state.removed.append(state.deck.pop())
        state.penalties += 1
        self.note(player, f"refreshes (penalty {state.penalties})")
        if state.penalties >= d.LOSING_PENALTIES:
            self.losers[player] = True

    def summarize(self, player: int) -> TurnSummary:
        """The snapshot of ``player`` now."""
        state = self.players[player]
        return TurnSummary(
            player=player,
            turn=state.turns,
            level=state.level_count,
            face_up_level=state.face_up_level_count,
            members=len(state.members()),
            gates_destroyed=self.players[1 - player].gates_destroyed,
            refreshes=state.refreshes,
            hand=len(state.hand),
        )

    def __repr__(self) -> str:
        return (
            f"GameState(turn={self.turn}, active={PLAYER_NAMES[self.active]}, "
            f"phase={self.phase.name}, actor={PLAYER_NAMES[self.actor]}, outcome={self.outcome})"
        )
