"""The game state: both players' zones, the LP rows, the field and the stack of frames.

Zones are lists of shared :class:`~lalcheck.games.restore_the_luminous.cards.Card`
references (a card's data is never copied); :meth:`GameState.copy` copies the
lists, the units and the frames, never the cards. Decks keep their top card at
the end of the list. An LP row is two parallel lists: each LP's kind (0
colourless, 1-5 the colours, :data:`~lalcheck.games.restore_the_luminous.cards.COLOURS`)
and whether it is active; index 0 is the top of the row (RTL-COL-3).

Everything the engine still has to do is a :class:`Frame` on
:attr:`GameState.frames`: the turn at the bottom, then phases, attacks, counter
windows, damage events and effects. The top frame either waits for a decision
(its :attr:`Frame.phase` and :meth:`Frame.actor` say whose) or runs on.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING, ClassVar, Self

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import COLOURS, Card, Keyword

if TYPE_CHECKING:
    from lalcheck.games.restore_the_luminous.engine.actions import Action

#: LP kinds: 0 is colourless, 1-5 the colours.
COLOURLESS = 0
KINDS = len(COLOURS) + 1
PLAYER_NAMES = ("A", "B")


def is_first_copy(cards: Sequence[object], index: object) -> bool:
    """``index`` names a card and no earlier index holds the same card."""
    if type(index) is not int or not 0 <= index < len(cards):
        return False
    card = cards[index]
    return all(cards[earlier] is not card for earlier in range(index))


def distinct_indices(cards: Sequence[object]) -> list[int]:
    """Index of the first copy of each distinct card: copies are interchangeable."""
    seen: set[int] = set()
    indices = []
    for index, card in enumerate(cards):
        if id(card) not in seen:
            seen.add(id(card))
            indices.append(index)
    return indices


class Phase(IntEnum):
    """What the game waits for."""

    MAIN = 0  # the turn player's main phase 1 or 2 (RTL-TURN-3, RTL-TURN-5)
    BATTLE = 1  # the turn player declares an attack or ends the battle phase (RTL-BAT-1)
    COUNTER = 2  # the defender declares counters in a counter window (RTL-BAT-3, RTL-BAT-8)
    COUNTER_ORDER = 3  # the defender picks the next declared counter to resolve
    PROTECT = 4  # the defender may Protect (RTL-BAT-4)
    TARGET = 5  # an effect's controller picks a target
    TURNOVER = 6  # a damage card's owner may use its Turnover effect (RTL-KW-TURNOVER)
    ERASE = 7  # a player over the hand limit picks a card to erase (RTL-ZONE-5)
    OVER = 8


class EndReason(StrEnum):
    """Why a game ended (RTL-WIN)."""

    HP = "hp"  # RTL-WIN-1
    DECK_OUT = "deck out"  # RTL-WIN-2
    BOTH_LOST = "both lost"  # RTL-OPEN-8: a draw
    TURN_LIMIT = "turn limit"  # decisions.MAX_TURNS: a draw


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game: ``winner`` is 0, 1 or None for a draw."""

    winner: int | None
    reason: EndReason

    def __str__(self) -> str:
        if self.winner is None:
            return f"draw ({self.reason})"
        return f"{PLAYER_NAMES[self.winner]} wins ({self.reason})"


@dataclass(frozen=True, slots=True)
class TurnSummary:
    """A snapshot of one of a player's own turns, for goldfish statistics.

    ``lp`` and ``colours`` (LP of each colour, in :data:`COLOURS` order) are
    what the player had entering main phase 1; the rest is at the end of the turn.
    """

    player: int
    turn: int  # the player's own turn number, from 1
    rank: int
    hp: int
    opponent_hp: int
    lp: int
    colours: tuple[int, ...]
    units: int
    hand: int
    played: tuple[Card, ...]
    #: Cards that had entered the hand by the end of the turn (opening hand included).
    received: int = 0
    #: Leader abilities activated by the end of the turn, in the whole game so far.
    leader_abilities: int = 0


class Unit:
    """A unit on the field: its card (and transformation form), state and gear."""

    __slots__ = (
        "active",
        "bind",
        "card",
        "count",
        "entered",
        "form",
        "gear",
        "grants",
        "hold",
        "owner",
        "power_mod",
        "uid",
        "used",
    )

    def __init__(self, uid: int, card: Card, owner: int, entered: int, active: bool) -> None:
        self.uid = uid
        self.card = card
        self.owner = owner
        self.entered = entered  # the game turn it entered on
        self.active = active
        self.form: Card | None = None  # RTL-KW-TRANSFORM
        self.gear: list[Card] = []
        self.bind = 0  # RTL-KW-BIND
        self.hold = False  # RTL-KW-HOLD
        self.count = 0  # RTL-KW-COUNT
        self.power_mod = 0  # until the end of the turn
        self.grants: list[Keyword] = []  # until the end of the turn
        self.used = 0  # activated abilities used this turn (bit per ability)

    @property
    def face(self) -> Card:
        """The card the unit is now: its transformation form, else its own card."""
        return self.form if self.form is not None else self.card

    def copy(self) -> Unit:
        other = Unit.__new__(Unit)
        other.uid = self.uid
        other.card = self.card
        other.owner = self.owner
        other.entered = self.entered
        other.active = self.active
        other.form = self.form
        other.gear = self.gear[:]
        other.bind = self.bind
        other.hold = self.hold
        other.count = self.count
        other.power_mod = self.power_mod
        other.grants = self.grants[:]
        other.used = self.used
        return other

    def __repr__(self) -> str:
        state = "active" if self.active else "passive"
        return f"Unit({self.face.number}, {state}, gear={len(self.gear)}, bind={self.bind})"


class Permanent:
    """A persistent arts or a stage on the field: its card, owner and count."""

    __slots__ = ("card", "count", "owner", "uid", "used")

    def __init__(self, uid: int, card: Card, owner: int) -> None:
        self.uid = uid
        self.card = card
        self.owner = owner
        self.count = 0
        self.used = 0

    def copy(self) -> Permanent:
        other = Permanent(self.uid, self.card, self.owner)
        other.count = self.count
        other.used = self.used
        return other


class PlayerState:
    """One player's zones (RTL-ZONE), LP row, leader and per-turn counters."""

    __slots__ = (
        "colourings",
        "counter_slots",
        "counters",
        "damage",
        "deck",
        "erased",
        "excluded",
        "graveyard",
        "hand",
        "leader",
        "leader_abilities",
        "leader_used",
        "lp_active",
        "lp_kind",
        "max_hp",
        "persistent",
        "played",
        "rank",
        "received",
        "revealed",
        "reverse_used",
        "start_colours",
        "start_lp",
        "turns",
        "unit_slots",
        "units",
    )

    def __init__(self, leader: Card, deck: list[Card], max_hp: int) -> None:
        assert leader.unit_slots is not None and leader.counter_slots is not None
        self.leader = leader
        self.deck = deck
        self.max_hp = max_hp
        self.unit_slots = leader.unit_slots
        self.counter_slots = leader.counter_slots
        self.hand: list[Card] = []
        self.rank = 1
        self.turns = 0
        self.lp_kind = [COLOURLESS] * d.LP_START
        self.lp_active = [True] * d.LP_START
        self.units: list[Unit] = []
        self.counters: list[Card] = []  # face down (RTL-ZONE-4)
        self.revealed: list[Card] = []  # declared counters waiting to resolve (RTL-BAT-3)
        self.persistent: list[Permanent] = []  # RTL-OPEN-21
        self.graveyard: list[Card] = []
        self.damage: list[Card] = []
        self.erased: list[Card] = []
        self.excluded: list[Card] = []
        self.colourings = 0
        self.reverse_used = 0
        self.leader_used = 0
        #: Leader abilities activated so far in the game.
        self.leader_abilities = 0
        self.played: list[Card] = []
        #: Every card that entered the hand, in order (drawn, or returned from the field).
        self.received: list[Card] = []
        self.start_lp = 0
        self.start_colours: tuple[int, ...] = ()

    def copy(self) -> PlayerState:
        other = PlayerState.__new__(PlayerState)
        other.leader = self.leader
        other.deck = self.deck[:]
        other.max_hp = self.max_hp
        other.unit_slots = self.unit_slots
        other.counter_slots = self.counter_slots
        other.hand = self.hand[:]
        other.rank = self.rank
        other.turns = self.turns
        other.lp_kind = self.lp_kind[:]
        other.lp_active = self.lp_active[:]
        other.units = [unit.copy() for unit in self.units]
        other.counters = self.counters[:]
        other.revealed = self.revealed[:]
        other.persistent = [arts.copy() for arts in self.persistent]
        other.graveyard = self.graveyard[:]
        other.damage = self.damage[:]
        other.erased = self.erased[:]
        other.excluded = self.excluded[:]
        other.colourings = self.colourings
        other.reverse_used = self.reverse_used
        other.leader_used = self.leader_used
        other.leader_abilities = self.leader_abilities
        other.played = self.played[:]
        other.received = self.received[:]
        other.start_lp = self.start_lp
        other.start_colours = self.start_colours
        return other

    # -- queries ---------------------------------------------------------------

    @property
    def hp(self) -> int:
        """RTL-DMG-2: maximum HP minus the cards in the damage zone (never below 0)."""
        return max(0, self.max_hp - len(self.damage))

    def has_persistent_room(self) -> bool:
        """RTL-OPEN-21: room for one more persistent arts."""
        limit = d.PERSISTENT_ARTS_LIMIT
        return limit is None or len(self.persistent) < limit

    def active_counts(self) -> list[int]:
        """Active LP of each kind (index 0 colourless, 1-5 the colours)."""
        counts = [0] * KINDS
        for kind, active in zip(self.lp_kind, self.lp_active, strict=True):
            if active:
                counts[kind] += 1
        return counts

    def colour_counts(self) -> tuple[int, ...]:
        """LP of each colour, active or passive, in :data:`COLOURS` order."""
        counts = [0] * KINDS
        for kind in self.lp_kind:
            counts[kind] += 1
        return tuple(counts[1:])

    def all_cards(self) -> list[Card]:
        """Every card of the player's deck list, in whatever zone (invariant checks)."""
        cards = [
            *self.deck,
            *self.hand,
            *self.counters,
            *self.revealed,
            *self.graveyard,
            *self.damage,
            *self.erased,
            *self.excluded,
        ]
        for unit in self.units:
            cards.append(unit.card)
            cards.extend(unit.gear)
        cards.extend(arts.card for arts in self.persistent)
        return cards

    # -- LP (RTL-LP, RTL-COL, RTL-PAY) -----------------------------------------

    def gain_lp(self, count: int, active: bool = True) -> int:
        """Add colourless LP at the bottom of the row, up to the cap; how many were added."""
        added = max(0, min(count, d.LP_CAP - len(self.lp_kind)))
        self.lp_kind.extend([COLOURLESS] * added)
        self.lp_active.extend([active] * added)
        return added

    def colour_lp(self, kind: int, count: int, *, active_first: bool) -> int:
        """Colour up to ``count`` colourless LP; how many were coloured.

        ``active_first``: active colourless LP before passive ones (RTL-ENGINE-1);
        else strictly from the top of the row, active or passive (RTL-OPEN-11).
        """
        lp_kind = self.lp_kind
        order = list(range(len(lp_kind)))
        if active_first:
            lp_active = self.lp_active
            order = [i for i in order if lp_active[i]] + [i for i in order if not lp_active[i]]
        coloured = 0
        for index in order:
            if coloured == count:
                break
            if lp_kind[index] == COLOURLESS:
                lp_kind[index] = kind
                coloured += 1
        return coloured

    def spend(
        self, pay: tuple[int, ...], colour_kind: int = COLOURLESS, colour_cost: int = 0
    ) -> None:
        """Turn the paid LP passive (``pay[k]`` active LP of kind ``k``, from the bottom
        of the row, RTL-ENGINE-2); ``colour_cost`` of the spent ``colour_kind`` LP
        become colourless (RTL-PAY-3), the rest keep their colour (RTL-OPEN-14)."""
        lp_kind = self.lp_kind
        lp_active = self.lp_active
        indices = (
            range(len(lp_kind) - 1, -1, -1) if d.SPEND_FROM_ROW_BOTTOM else range(len(lp_kind))
        )
        left = list(pay)
        keeps = d.LEVEL_PART_KEEPS_COLOUR or colour_cost == 0  # RTL-PAY-4 keeps it anyway
        to_clear = colour_cost if keeps else pay[colour_kind]
        for index in indices:
            kind = lp_kind[index]
            if lp_active[index] and left[kind]:
                left[kind] -= 1
                lp_active[index] = False
                if kind == colour_kind and to_clear:
                    lp_kind[index] = COLOURLESS
                    to_clear -= 1
        assert not any(left), f"payment {pay} exceeds the active LP"

    def use_colour(self, kind: int, count: int) -> None:
        """C-Accel: ``count`` LP of colour ``kind`` turn colourless (RTL-OPEN-19),
        passive ones first (RTL-ENGINE-5); active/passive stays as it was."""
        lp_kind = self.lp_kind
        lp_active = self.lp_active
        order = sorted(
            range(len(lp_kind)),
            key=lambda i: (lp_active[i] if d.C_ACCEL_FROM_PASSIVE_FIRST else False, -i),
        )
        for index in order:
            if count and lp_kind[index] == kind:
                if d.KEYWORD_DETAILS.c_accel_colour_reverts:
                    lp_kind[index] = COLOURLESS
                count -= 1
        assert count == 0, "C-Accel needs colours the LP row does not have"

    def recover(self) -> None:
        """RTL-STATE-4: every LP and unit becomes active; a held unit stays passive
        once (RTL-KW-HOLD)."""
        self.lp_active = [True] * len(self.lp_kind)
        for unit in self.units:
            if unit.hold:
                unit.hold = False
            else:
                unit.active = True


class Frame:
    """Work the engine still has to do; the top frame of the stack runs next.

    :meth:`step` runs the frame on: it returns :data:`WAIT` when a player must
    decide (see :attr:`phase` and :meth:`actor`), :data:`DONE` when the frame is
    finished (frames it pushed still run), :data:`MORE` to be stepped again
    (after any frames it pushed). :meth:`legal` and :meth:`apply` are the
    decision's actions. An ``atomic`` frame (an effect, a damage event) holds
    back the loss and hand-limit checks until it is finished (RTL-OPEN-8,
    RTL-OPEN-18, RTL-ZONE-5).
    """

    __slots__ = ()
    atomic: ClassVar[bool] = False
    phase: Phase

    def actor(self, game: GameState) -> int:
        raise NotImplementedError

    def step(self, game: GameState) -> int:
        raise NotImplementedError

    def legal(self, game: GameState) -> Iterator[Action]:
        raise NotImplementedError

    def apply(self, game: GameState, action: Action) -> None:
        raise NotImplementedError

    def is_legal(self, game: GameState, action: object) -> bool:
        """Whether ``action`` is one of :meth:`legal` (frames check common ones directly)."""
        return any(action == legal for legal in self.legal(game))

    def copy(self) -> Self:
        raise NotImplementedError


WAIT, DONE, MORE = 0, 1, 2


class GameState:
    """Both players, the shared stage, the turn, and the stack of frames."""

    __slots__ = (
        "actions",
        "active",
        "attacks",
        "first_player",
        "forms",
        "frames",
        "log",
        "losers",
        "next_uid",
        "openings",
        "outcome",
        "players",
        "rng",
        "seed",
        "stages",
        "summaries",
        "turn",
        "unmodelled",
    )

    def __init__(
        self,
        seed: int,
        players: tuple[PlayerState, PlayerState],
        first_player: int,
        forms: Mapping[str, Card],
        *,
        log: bool = False,
    ) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.players = players
        self.first_player = first_player
        self.forms = forms
        self.turn = 0
        self.active = first_player
        self.attacks = 0  # attacks declared this turn (RTL-BAT-3: window 1 at the first)
        self.stages: list[Permanent | None] = [None] * (1 if d.SHARED_STAGE else 2)
        self.frames: list[Frame] = []
        self.outcome: Outcome | None = None
        self.losers = [False, False]
        self.actions: list[Action] = []
        self.summaries: list[TurnSummary] = []
        #: Each player's opening hand, as drawn (RTL-SET-2; no mulligan, RTL-OPEN-2).
        self.openings: tuple[tuple[Card, ...], ...] = ((), ())
        self.unmodelled: dict[str, int] = {}
        self.log: list[str] | None = [] if log else None
        self.next_uid = 1

    def copy(self) -> Self:
        """An independent copy: zones, units, frames and the random state; cards shared."""
        other = type(self).__new__(type(self))
        other.seed = self.seed
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.players = (self.players[0].copy(), self.players[1].copy())
        other.first_player = self.first_player
        other.forms = self.forms
        other.turn = self.turn
        other.active = self.active
        other.attacks = self.attacks
        other.stages = [stage.copy() if stage is not None else None for stage in self.stages]
        other.frames = [frame.copy() for frame in self.frames]
        other.outcome = self.outcome
        other.losers = self.losers[:]
        other.actions = self.actions[:]
        other.summaries = self.summaries[:]
        other.openings = self.openings
        other.unmodelled = dict(self.unmodelled)
        other.log = self.log[:] if self.log is not None else None
        other.next_uid = self.next_uid
        return other

    # -- queries ---------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """What the top frame waits for (``OVER`` once the game has ended)."""
        if self.outcome is not None or not self.frames:
            return Phase.OVER
        return self.frames[-1].phase

    @property
    def actor(self) -> int:
        """The player who decides next."""
        if self.outcome is not None or not self.frames:
            return self.active
        return self.frames[-1].actor(self)

    def new_uid(self) -> int:
        uid = self.next_uid
        self.next_uid += 1
        return uid

    def find_unit(self, uid: int) -> Unit | None:
        """The unit with this id, if it is still on the field."""
        for state in self.players:
            for unit in state.units:
                if unit.uid == uid:
                    return unit
        return None

    def find_permanent(self, uid: int) -> Permanent | None:
        """The persistent arts or stage with this id, if it is still on the field."""
        for stage in self.stages:
            if stage is not None and stage.uid == uid:
                return stage
        for state in self.players:
            for arts in state.persistent:
                if arts.uid == uid:
                    return arts
        return None

    def stage_index(self, player: int) -> int:
        """RTL-OPEN-9: the slot a player's stage goes to."""
        return 0 if d.SHARED_STAGE else player

    def note(self, player: int, text: str) -> None:
        """Add a line to the readable log (only when the game keeps one)."""
        if self.log is not None:
            self.log.append(f"T{self.turn} {PLAYER_NAMES[player]}: {text}")

    def count_unmodelled(self, card: Card) -> None:
        """A card whose rules text has no structured form had its moment."""
        self.unmodelled[card.number] = self.unmodelled.get(card.number, 0) + 1

    def finish(self, outcome: Outcome) -> None:
        """End the game; the turn in progress gets its snapshot."""
        self.outcome = outcome
        last = self.summaries[-1] if self.summaries else None
        state = self.players[self.active]
        if last is None or (last.player, last.turn) != (self.active, state.turns):
            self.summaries.append(self.summarize(self.active))
        self.note(self.active, f"game over: {outcome}")

    def summarize(self, player: int) -> TurnSummary:
        """The snapshot of ``player``'s turn now."""
        state = self.players[player]
        return TurnSummary(
            player=player,
            turn=state.turns,
            rank=state.rank,
            hp=state.hp,
            opponent_hp=self.players[1 - player].hp,
            lp=state.start_lp,
            colours=state.start_colours,
            units=len(state.units),
            hand=len(state.hand),
            played=tuple(state.played),
            received=len(state.received),
            leader_abilities=state.leader_abilities,
        )

    def __repr__(self) -> str:
        return (
            f"GameState(turn={self.turn}, active={PLAYER_NAMES[self.active]}, "
            f"phase={self.phase.name}, actor={PLAYER_NAMES[self.actor]}, outcome={self.outcome})"
        )
