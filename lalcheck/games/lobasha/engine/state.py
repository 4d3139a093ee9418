"""The table: seats, the piles, the turn, and the pure rule queries (distance, range, limits).

Cards are pile entry ids (ints) in lists: the draw pile (top at the end), the
discard pile, the processing area (cards being used or judged), and per seat a
hand, an equipment area by slot, a judgement area (last placed at the end), a
雜兵 and set-aside cards. :meth:`Table.copy` copies the lists, never the entries.
HP is in half points (LBS-OPEN-8).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Self

from lalcheck.games.lobasha.cards import CardKind, PileEntry, Slot
from lalcheck.games.lobasha.characters import Character, Skill, SkillKind
from lalcheck.games.lobasha.engine import decisions as d
from lalcheck.games.lobasha.engine.actions import Answer
from lalcheck.games.lobasha.engine.setup import Setup
from lalcheck.games.lobasha.setups import Role


class Phase(StrEnum):
    """Where the turn is (LBS-TURN-1)."""

    SETUP = "setup"
    TURN_START = "turn start"
    JUDGEMENT = "judgement"
    DRAW = "draw"
    PLAY = "play"
    DISCARD = "discard"
    TURN_END = "turn end"
    OVER = "over"


class Side(StrEnum):
    """Who wins together (LBS-WIN): the Lord with the Guards, the Sky Pirates, the Ancients."""

    LORD = "lord"
    PIRATES = "pirates"
    ANCIENTS = "ancients"


class EndReason(StrEnum):
    """Why a game ended."""

    LORD_DIED = "lord died"  # LBS-WIN-1
    REBELS_GONE = "pirates and ancients dead"  # LBS-WIN-2
    PILE_EXHAUSTED = "draw and discard piles empty"  # LBS-OPEN-28: a draw
    ROUND_LIMIT = "round limit"  # not a rule: the game is unfinished


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: the winning side (None for a draw or an unfinished game),
    why, and the seats that win (LBS-OPEN-3)."""

    winner: Side | None
    reason: EndReason
    winners: tuple[int, ...]

    @property
    def unfinished(self) -> bool:
        return self.reason is EndReason.ROUND_LIMIT


@dataclass(frozen=True, slots=True)
class Death:
    """A death: who, their role, who killed them (LBS-OPEN-5) and in which round."""

    seat: int
    role: Role
    killer: int | None
    round: int


class GameOver(Exception):
    """Raised inside the rules when the game ends; unwinds whatever is being resolved."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.reason.value)
        self.outcome = outcome


class Seat:
    """One player: role, character, HP and areas (LBS-ROLE, LBS-HP, LBS-STATE)."""

    __slots__ = (
        "alive",
        "aside",
        "borrowed",
        "chained",
        "character",
        "equipment",
        "flipped",
        "hand",
        "hp",
        "index",
        "jammed",
        "judgement",
        "limited_used",
        "max_hp",
        "minion",
        "printed_max",
        "revealed",
        "role",
    )

    def __init__(self, index: int, role: Role, character: Character) -> None:
        self.index = index
        self.role = role
        self.character = character
        self.revealed = role is Role.LORD  # LBS-ROLE-3
        self.alive = True
        self.hp = self.max_hp = self.printed_max = character.hp
        self.hand: list[int] = []
        self.equipment: dict[Slot, int] = {}
        self.judgement: list[int] = []
        self.minion: int | None = None
        self.aside: list[int] = []
        self.chained = False
        self.flipped = False
        self.limited_used: frozenset[str] = frozenset()
        self.borrowed: Skill | None = None
        self.jammed = False

    def copy(self) -> Seat:
        other = Seat.__new__(Seat)
        for name in Seat.__slots__:
            setattr(other, name, getattr(self, name))
        other.hand = self.hand[:]
        other.equipment = dict(self.equipment)
        other.judgement = self.judgement[:]
        other.aside = self.aside[:]
        return other

    @property
    def wounded(self) -> bool:
        return self.hp < self.max_hp

    def cards(self) -> list[int]:
        """Every card in the hand, equipment and judgement area (what 拆卸 may take)."""
        return [*self.hand, *self.equipment.values(), *self.judgement]

    def __repr__(self) -> str:
        state = f"{self.role.value}, {self.character.id}, hp={self.hp}/{self.max_hp}"
        return f"Seat({self.index}, {state})"


class Table:
    """The whole game state; the rules (``engine.rules``) drive it."""

    __slots__ = (
        "answers",
        "burying",
        "charge_pending",
        "charges_used",
        "current",
        "deaths",
        "discard",
        "draw_pile",
        "end_play",
        "entries",
        "face_down",
        "hostility",
        "kills_used",
        "log",
        "once_used",
        "outcome",
        "phase",
        "play_actions",
        "processing",
        "rng",
        "roles",
        "round",
        "seats",
        "seed",
        "setup",
        "skip_draw",
        "skip_play",
        "triple",
        "turns",
    )

    def __init__(self, setup: Setup, seed: int, *, log: bool = False) -> None:
        self.setup = setup
        self.seed = seed
        self.rng = random.Random(seed)
        self.entries: tuple[PileEntry, ...] = setup.pile.entries
        #: The roles dealt, by seat (known before the characters are chosen).
        self.roles: list[Role] = []
        self.seats: list[Seat] = []
        self.draw_pile: list[int] = list(range(len(self.entries)))
        self.discard: list[int] = []
        self.processing: list[int] = []
        self.face_down: frozenset[int] = frozenset()
        self.current = 0
        self.phase = Phase.SETUP
        self.round = 0
        self.turns = 0
        self.outcome: Outcome | None = None
        self.deaths: list[Death] = []
        #: The dead whose cards are not yet discarded (rewards and penalties first).
        self.burying: list[int] = []
        self.log: list[str] | None = [] if log else None
        self.answers: list[Answer] = []
        #: hostility[a][b]: harmful minus helpful public acts of seat a towards seat b.
        self.hostility: list[list[int]] = []
        self.start_turn_counters()

    def start_turn_counters(self) -> None:
        """Reset what counts per turn (殺 used, 電, once-per-turn abilities, skips)."""
        self.kills_used = 0
        self.charges_used = 0
        self.charge_pending = False
        self.once_used: frozenset[str] = frozenset()
        self.triple: tuple[int, int] | None = None
        self.skip_draw = False
        self.skip_play = False
        self.end_play = False
        self.play_actions = 0

    def copy(self) -> Self:
        """An independent copy: lists, seats and the random state copied, entries shared."""
        other = type(self).__new__(type(self))
        for name in Table.__slots__:
            setattr(other, name, getattr(self, name))
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.seats = [seat.copy() for seat in self.seats]
        other.draw_pile = self.draw_pile[:]
        other.discard = self.discard[:]
        other.processing = self.processing[:]
        other.deaths = self.deaths[:]
        other.burying = self.burying[:]
        other.log = self.log[:] if self.log is not None else None
        other.answers = self.answers[:]
        other.hostility = [row[:] for row in self.hostility]
        return other

    # -- reading ------------------------------------------------------------------

    def kind(self, entry: int) -> CardKind:
        return self.entries[entry].kind

    def card(self, entry: int) -> PileEntry:
        return self.entries[entry]

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def lord(self) -> Seat:
        return next(seat for seat in self.seats if seat.role is Role.LORD)

    def alive(self) -> list[Seat]:
        return [seat for seat in self.seats if seat.alive]

    def order_from(self, start: int) -> list[int]:
        """Living seats in seat order (LBS-OPEN-29), starting at ``start`` (inclusive)."""
        n = len(self.seats)
        step = d.NEXT_SEAT
        return [
            (start + step * k) % n for k in range(n) if self.seats[(start + step * k) % n].alive
        ]

    def next_alive(self, seat: int) -> int:
        """The next living seat after ``seat`` (下家)."""
        n = len(self.seats)
        for k in range(1, n + 1):
            other = (seat + d.NEXT_SEAT * k) % n
            if self.seats[other].alive:
                return other
        return seat

    def equipped(self, seat: int, slot: Slot) -> CardKind | None:
        entry = self.seats[seat].equipment.get(slot)
        return None if entry is None else self.entries[entry].kind

    def wears(self, seat: int, kind_id: str) -> bool:
        """Whether ``seat`` has the equipment ``kind_id`` in any slot."""
        entries = self.entries
        return any(entries[e].kind.id == kind_id for e in self.seats[seat].equipment.values())

    def weapon(self, seat: int) -> str | None:
        kind = self.equipped(seat, Slot.WEAPON)
        return None if kind is None else kind.id

    def armour(self, seat: int) -> str | None:
        kind = self.equipped(seat, Slot.ARMOUR)
        return None if kind is None else kind.id

    # -- skills (LBS-SKILL) -------------------------------------------------------

    def skill(self, seat: int, skill_id: str) -> Skill | None:
        """The skill if ``seat`` can use it now: lord skills only for the Lord, no jammed
        skill unless it is a gene skill, a limited skill only once (LBS-SKILL-*)."""
        holder = self.seats[seat]
        if not holder.alive:
            return None
        skill = holder.character.skill(skill_id)
        if skill is None and holder.borrowed is not None and holder.borrowed.id == skill_id:
            skill = holder.borrowed
        if skill is None:
            return None
        kinds = skill.kinds
        if SkillKind.LORD in kinds and holder.role is not Role.LORD:
            return None
        if holder.jammed and SkillKind.GENE not in kinds:
            return None
        if SkillKind.LIMITED in kinds and skill_id in holder.limited_used:
            return None
        return skill

    def has_skill(self, seat: int, skill_id: str) -> bool:
        return self.skill(seat, skill_id) is not None

    def emblem_answerers(self, seat: int, emblem: str) -> list[int]:
        """LBS-CHAR-1/2: other living characters who answer ``emblem``, in seat order."""
        return [
            other
            for other in self.order_from(self.next_alive(seat))
            if other != seat
            and self.seats[other].character.answers_emblem(
                emblem, god_answers_all=d.GOD_ANSWERS_EVERY_EMBLEM
            )
        ]

    # -- distance and range (LBS-DIST) ------------------------------------------------

    def seat_distance(self, one: int, other: int) -> int:
        """LBS-DIST-1: living seats between, the shorter way round."""
        if one == other:
            return 0
        seats = self.seats
        n = len(seats)
        steps = 0
        seat = one
        while seat != other:
            seat = (seat + 1) % n
            if seats[seat].alive:
                steps += 1
        living = sum(1 for s in seats if s.alive)
        return min(steps, living - steps)

    def distance(self, one: int, other: int) -> int:
        """LBS-DIST-2/5/6: seat distance, plus ``other``'s defensive equipment, minus
        ``one``'s attack-distance equipment and skills; never below 1."""
        if one == other:
            return 0
        distance = self.seat_distance(one, other)
        defence = self.equipped(other, Slot.DEFENSIVE)
        if defence is not None:
            distance += defence.distance
        sign = 1 if d.ATTACK_DISTANCE_SHORTENS else -1
        for slot in (Slot.ATTACK, Slot.THRUSTER):
            attack = self.equipped(one, slot)
            if attack is not None:
                distance += sign * attack.distance
        if self.has_skill(one, "scout"):
            distance -= 1
        return max(d.MIN_DISTANCE, distance)

    def attack_range(self, seat: int) -> int:
        """LBS-DIST-4: the weapon's range, else the base range (LBS-OPEN-4)."""
        weapon = self.equipped(seat, Slot.WEAPON)
        if weapon is None or weapon.range is None:
            return d.BASE_ATTACK_RANGE
        return weapon.range

    def in_range(self, seat: int, other: int) -> bool:
        return seat != other and self.distance(seat, other) <= self.attack_range(seat)

    # -- limits ---------------------------------------------------------------------

    def hand_limit(self, seat: int) -> int:
        """LBS-TURN-5: whole HP (LBS-OPEN-8), 附加包 +2; 不滅核心 reads max HP instead."""
        holder = self.seats[seat]
        base = holder.max_hp if self.has_skill(seat, "core-frame") else holder.hp
        limit = max(0, base // d.HALF)
        special = self.equipped(seat, Slot.SPECIAL)
        if special is not None:
            limit += special.step_value("hand-limit")
        return limit

    def draw_count(self, seat: int) -> int:
        """LBS-TURN-3: 2, or what skills make it (拾荒 3; 增援 +1 per answerer, at most 2)."""
        count = 3 if self.has_skill(seat, "scavenge") else 2
        reinforce = self.skill(seat, "reinforce")
        if reinforce is not None and reinforce.emblem is not None:
            count += min(2, len(self.emblem_answerers(seat, reinforce.emblem)))
        return count

    # -- the log ------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        holder = self.seats[seat]
        return f"{seat}:{holder.character.name}"

    def note(self, text: str) -> None:
        """Add a line to the readable log (only when the game keeps one)."""
        if self.log is not None:
            self.log.append(text)

    def hostile(self, actor: int | None, victim: int) -> None:
        """Record a public harmful act (what policies may read to guess roles)."""
        if actor is not None and actor != victim:
            self.hostility[actor][victim] += 1

    def friendly(self, actor: int, other: int) -> None:
        """Record a public helpful act (a rescue, a heal): it lowers the hostility count."""
        if actor != other:
            self.hostility[actor][other] -= 1
