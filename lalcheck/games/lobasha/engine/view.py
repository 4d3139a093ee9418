"""What one seat may see: the public table and its own hand (hidden information).

Roles are hidden except one's own, the Lord's and the dead's (LBS-ROLE-3/4);
hands and set-aside cards show only their size; the draw pile only its size;
point-duel cards stay hidden until both are chosen. Policies read the game
through a :class:`View` only.
"""

from __future__ import annotations

from collections import Counter

from lalcheck.games.lobasha.cards import JudgeCondition, PileEntry, Slot
from lalcheck.games.lobasha.characters import Character
from lalcheck.games.lobasha.engine.requests import Request
from lalcheck.games.lobasha.engine.skills import judgement_condition
from lalcheck.games.lobasha.engine.state import Phase, Table
from lalcheck.games.lobasha.setups import Role


class View:
    """The table as ``seat`` sees it, with the request it must answer (if any)."""

    __slots__ = ("_t", "memo", "request", "seat")

    def __init__(self, table: Table, seat: int, request: Request | None) -> None:
        self._t = table
        self.seat = seat
        self.request = request
        #: Scratch space for a policy's own conclusions while it answers this request.
        self.memo: dict[object, float] = {}

    # -- the table --------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._t.players

    @property
    def round(self) -> int:
        return self._t.round

    @property
    def current(self) -> int:
        return self._t.current

    @property
    def phase(self) -> Phase:
        return self._t.phase

    @property
    def draw_size(self) -> int:
        return len(self._t.draw_pile)

    def living(self) -> list[int]:
        """Living seats in seat order from this one."""
        return (
            self._t.order_from(self.seat)
            if self._t.seats[self.seat].alive
            else [s.index for s in self._t.seats if s.alive]
        )

    def lord(self) -> int:
        return self._t.lord.index

    def hidden_roles(self) -> Counter[Role]:
        """The roles of the living characters this seat cannot see, as counts: the role
        mix is public (LBS-OPEN-1) and the dead are shown (LBS-ROLE-4)."""
        hidden: Counter[Role] = Counter()
        for seat in self._t.seats:
            if seat.alive and self.known_role(seat.index) is None:
                hidden[seat.role] += 1
        return hidden

    def pirates_alive(self) -> int:
        """Living Sky Pirates (the mix is public and the dead are shown)."""
        return sum(1 for seat in self._t.seats if seat.alive and seat.role is Role.PIRATE)

    def character_data(self, character_id: str) -> Character:
        """A character of the character set (for choosing one)."""
        return self._t.setup.data.characters[character_id]

    def judge_condition(self, reason: str) -> JudgeCondition | None:
        """What a judgement made for ``reason`` (a card or skill id) looks for."""
        return judgement_condition(self._t, reason)

    # -- one's own ----------------------------------------------------------------------

    @property
    def role(self) -> Role:
        return self._t.roles[self.seat]

    def hand(self) -> list[PileEntry]:
        return [self._t.card(e) for e in self._t.seats[self.seat].hand]

    def kills_used(self) -> int:
        return self._t.kills_used

    def charge_pending(self) -> bool:
        return self._t.charge_pending

    def hand_limit(self, seat: int) -> int:
        return self._t.hand_limit(seat)

    # -- any seat (public) ------------------------------------------------------------

    def known_role(self, seat: int) -> Role | None:
        """The role if this seat may know it: its own, the Lord's, or a dead one's."""
        holder = self._t.seats[seat]
        return holder.role if seat == self.seat or holder.revealed else None

    def character(self, seat: int) -> Character:
        return self._t.seats[seat].character

    def alive(self, seat: int) -> bool:
        return self._t.seats[seat].alive

    def hp(self, seat: int) -> int:
        """HP in half points."""
        return self._t.seats[seat].hp

    def max_hp(self, seat: int) -> int:
        return self._t.seats[seat].max_hp

    def printed_max(self, seat: int) -> int:
        return self._t.seats[seat].printed_max

    def hand_size(self, seat: int) -> int:
        return len(self._t.seats[seat].hand)

    def aside_size(self, seat: int) -> int:
        return len(self._t.seats[seat].aside)

    def equipment(self, seat: int) -> dict[Slot, PileEntry]:
        return {slot: self._t.card(e) for slot, e in self._t.seats[seat].equipment.items()}

    def judgement(self, seat: int) -> list[PileEntry]:
        return [self._t.card(e) for e in self._t.seats[seat].judgement]

    def has_minion(self, seat: int) -> bool:
        return self._t.seats[seat].minion is not None

    def chained(self, seat: int) -> bool:
        return self._t.seats[seat].chained

    def flipped(self, seat: int) -> bool:
        return self._t.seats[seat].flipped

    def has_skill(self, seat: int, skill_id: str) -> bool:
        return self._t.has_skill(seat, skill_id)

    def distance(self, one: int, other: int) -> int:
        return self._t.distance(one, other)

    def attack_range(self, seat: int) -> int:
        return self._t.attack_range(seat)

    def in_range(self, one: int, other: int) -> bool:
        return self._t.in_range(one, other)

    def hostility(self, actor: int, other: int) -> int:
        """Harmful minus helpful public acts of ``actor`` towards ``other`` so far."""
        return self._t.hostility[actor][other]

    def discard(self) -> list[PileEntry]:
        return [self._t.card(e) for e in self._t.discard]

    def card(self, entry: int) -> PileEntry | None:
        """A card this seat can see (own hand, any equipment, judgement area, the
        discard pile, face-up cards in play, a card the request names), else None."""
        t = self._t
        request = self.request
        if request is not None and (entry == request.card or entry in request.cards):
            return t.card(entry)
        me = t.seats[self.seat]
        if entry in me.hand or entry in me.aside or entry in t.discard:
            return t.card(entry)
        if entry in t.processing and entry not in t.face_down:
            return t.card(entry)
        for holder in t.seats:
            if entry in holder.judgement or entry in holder.equipment.values():
                return t.card(entry)
            if holder.minion == entry:
                return t.card(entry)
        return None
