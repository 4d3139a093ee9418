"""Setting the table up (roles, characters, opening hands) and playing one turn."""

from __future__ import annotations

from collections.abc import Callable

from lalcheck.games.lobasha.characters import Character
from lalcheck.games.lobasha.engine import decisions as d
from lalcheck.games.lobasha.engine import skills
from lalcheck.games.lobasha.engine.actions import Choose, Pass, Pick, Skill, Use
from lalcheck.games.lobasha.engine.core import HALF, Proc, draw
from lalcheck.games.lobasha.engine.effects import resolve_delayed, use_card
from lalcheck.games.lobasha.engine.requests import Ask, Request
from lalcheck.games.lobasha.engine.state import Phase, Seat, Table
from lalcheck.games.lobasha.setups import Role

#: LBS-SET-1: cards dealt to each player.
OPENING_HAND = 4

#: A position set up by hand before the first turn (tests, puzzles).
Arrange = Callable[[Table], None]


def set_up(t: Table, players: int, arrange: Arrange | None) -> Proc[None]:
    """LBS-ROLE-3, LBS-SET-1..3: deal roles, choose characters (LBS-OPEN-2), set HP
    (the Lord's bonus, LBS-ROLE-5), shuffle and deal 4 cards each."""
    setup = t.setup
    roles = list(setup.roles or setup.roles_for(players))
    if len(roles) != players:
        raise ValueError(f"{len(roles)} roles for {players} players")
    if setup.roles is None:
        t.rng.shuffle(roles)
    t.roles = roles
    lord = roles.index(Role.LORD)
    characters = yield from choose_characters(t, roles, lord)
    t.seats = [
        Seat(i, role, character)
        for i, (role, character) in enumerate(zip(roles, characters, strict=True))
    ]
    t.hostility = [[0] * players for _ in range(players)]
    bonus = HALF * setup.lord_bonus(players)
    lord_seat = t.seats[lord]
    lord_seat.hp = lord_seat.max_hp = lord_seat.printed_max = lord_seat.character.hp + bonus
    t.rng.shuffle(t.draw_pile)
    t.current = lord
    for seat in t.seats:
        role = seat.role.value if seat.revealed else "hidden role"
        t.note(f"seat {seat.index}: {seat.character.name} ({seat.character.english}), {role}")
    for index in t.order_from(lord):
        draw(t, index, OPENING_HAND)
    if arrange is not None:
        arrange(t)


def choose_characters(t: Table, roles: list[Role], lord: int) -> Proc[list[Character]]:
    """LBS-OPEN-2: the Lord chooses openly from every lord candidate and a few others;
    then, in seat order, each player chooses in secret from random offers."""
    data = t.setup.data.characters
    fixed = t.setup.characters
    if fixed is not None:
        if len(fixed) != len(roles):
            raise ValueError(f"{len(fixed)} characters for {len(roles)} players")
        return [data[c] for c in fixed]
    pool = [c for c in data if c.faction in d.OFFERED_FACTIONS]
    if len(pool) < len(roles):
        raise ValueError(f"{len(pool)} characters cannot seat {len(roles)} players")
    t.rng.shuffle(pool)
    candidates = [c for c in pool if c.lord_candidate]
    others = [c for c in pool if not c.lord_candidate]
    offer = candidates + others[: d.LORD_EXTRA_OFFERS]
    chosen: dict[int, Character] = {}
    chosen[lord] = yield from pick_character(t, lord, offer)
    pool.remove(chosen[lord])
    n = len(roles)
    order = [(lord + d.NEXT_SEAT * k) % n for k in range(1, n)]
    for left, seat in zip(range(len(order), 0, -1), order, strict=True):
        size = max(1, min(d.OFFERS_PER_PLAYER, len(pool) // left))
        chosen[seat] = yield from pick_character(t, seat, pool[:size])
        pool.remove(chosen[seat])
    return [chosen[seat] for seat in range(n)]


def pick_character(t: Table, seat: int, offer: list[Character]) -> Proc[Character]:
    answer = yield Request(seat, Ask.CHARACTER, options=tuple(c.id for c in offer), optional=False)
    assert isinstance(answer, Choose)
    return t.setup.data.characters[answer.option]


def turn(t: Table) -> Proc[None]:
    """LBS-TURN-1: turn start, judgement, draw, play, discard, turn end; a flipped
    character skips the turn and turns back (LBS-TURN-6)."""
    seat = t.current
    holder = t.seats[seat]
    t.start_turn_counters()
    t.note(f"-- round {t.round}, {t.name(seat)}'s turn")
    if holder.flipped:
        holder.flipped = False
        t.note(f"{t.name(seat)} is flipped: the turn is skipped and the card turns back")
        return
    t.phase = Phase.TURN_START
    yield from skills.turn_start(t, seat)
    if holder.alive and holder.judgement:
        t.phase = Phase.JUDGEMENT
        for entry in reversed(holder.judgement[:]):  # LBS-TURN-2: last placed first
            if holder.alive and entry in holder.judgement:
                yield from resolve_delayed(t, seat, entry)
    if holder.alive and not t.skip_draw:
        t.phase = Phase.DRAW
        yield from skills.draw_phase(t, seat)
    if holder.alive and not t.skip_play:
        t.phase = Phase.PLAY
        yield from play_phase(t, seat)
    if holder.alive:
        t.phase = Phase.DISCARD
        yield from discard_phase(t, seat)
    if holder.alive:
        t.phase = Phase.TURN_END
        yield from skills.turn_end(t, seat)
    for other in t.seats:
        other.jammed = False
    holder.borrowed = None


def play_phase(t: Table, seat: int) -> Proc[None]:
    """LBS-TURN-4: use cards and abilities until the player passes (or must stop)."""
    holder = t.seats[seat]
    while holder.alive and not t.end_play and t.play_actions < d.MAX_PLAY_ACTIONS:
        answer = yield Request(seat, Ask.PLAY)
        if isinstance(answer, Pass):
            return
        t.play_actions += 1
        if isinstance(answer, Skill):
            yield from skills.use_skill(t, seat, answer)
        else:
            assert isinstance(answer, Use)
            yield from use_card(t, seat, answer)


def discard_phase(t: Table, seat: int) -> Proc[None]:
    """LBS-TURN-5: discard down to the hand limit."""
    holder = t.seats[seat]
    while holder.alive and len(holder.hand) > t.hand_limit(seat):
        excess = len(holder.hand) - t.hand_limit(seat)
        answer = yield Request(
            seat, Ask.DISCARD, cards=tuple(holder.hand), count=excess, optional=False
        )
        assert isinstance(answer, Pick)
        holder.hand.remove(answer.card)
        t.discard.append(answer.card)
        t.note(f"{t.name(seat)} discards {t.card(answer.card)}")
