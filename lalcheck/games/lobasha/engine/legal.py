"""Legal answers to a request: generated lazily, and checked one by one.

:func:`is_legal` is the single source of truth; :func:`legal_answers` builds
the candidates each request kind can take and keeps those :func:`is_legal`
accepts, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from lalcheck.games.lobasha.cards import Kind, Slot
from lalcheck.games.lobasha.engine import decisions as d
from lalcheck.games.lobasha.engine.actions import (
    PASS,
    PICK_HAND,
    Answer,
    Choose,
    Pass,
    Pick,
    PickHand,
    Skill,
    Target,
    Use,
)
from lalcheck.games.lobasha.engine.combat import KILL_SUBKINDS, can_dodge, cards_of
from lalcheck.games.lobasha.engine.effects import holds
from lalcheck.games.lobasha.engine.requests import Ask, Request
from lalcheck.games.lobasha.engine.skills import purge_targets
from lalcheck.games.lobasha.engine.state import Table

#: 刪除's options (LBS-OPEN-17), chosen with the use.
DELETE_MODES = ("discard", "damage", "lose-hp")


def legal_answers(t: Table, request: Request) -> Iterator[Answer]:
    """Every legal answer to ``request`` (never none: a request always takes one)."""
    for answer in candidates(t, request):
        if is_legal(t, request, answer):
            yield answer


def candidates(t: Table, request: Request) -> Iterator[Answer]:
    """Answers worth checking for a request of this kind."""
    seat = request.seat
    hand = t.seats[seat].hand if t.seats else []
    ask = request.ask
    if ask is Ask.PLAY:
        yield from play_candidates(t, seat)
    elif ask is Ask.CHARACTER or ask is Ask.OPTION:
        yield from (Choose(option) for option in request.options)
    elif ask is Ask.CARD or ask is Ask.DISCARD:
        yield from (Pick(card) for card in request.cards)
    elif ask is Ask.TARGET:
        yield from (Target(s) for s in request.seats)
    elif ask is Ask.TAKE:
        assert request.target is not None
        owner = t.seats[request.target]
        if owner.hand:
            yield PICK_HAND
        yield from (Pick(owner.equipment[s]) for s in d.SLOTS if s in owner.equipment)
        yield from (Pick(e) for e in owner.judgement)
    elif ask is Ask.JUDGEMENT:
        yield from (Skill("rewrite", cards=(card,)) for card in hand)
    elif ask is Ask.RESCUE:
        assert request.target is not None
        yield from (Use(card, (request.target,)) for card in hand if t.kind(card).rescue)
        yield Skill("last-stand")
    elif ask is Ask.KILL or ask is Ask.WILY:
        targets = () if ask is Ask.KILL or request.target is None else (request.target,)
        modes = ("",) if ask is Ask.KILL else ("", "thunder", "fire")
        for card in hand:
            if t.kind(card).subkind in KILL_SUBKINDS:
                yield from (Use(card, targets, mode=mode) for mode in modes)
        if t.weapon(seat) == "cannon":
            for first, second in combinations(hand, 2):
                yield Use(first, targets, (second,), "cannon")
    else:  # DODGE, EXTRA, NEEDLE, UNDO
        wanted = ANSWER_CARDS[ask]
        yield from (Use(card) for card in hand if t.kind(card).id in wanted)
        if ask is Ask.DODGE or ask is Ask.NEEDLE:
            yield Skill("defence-net")
            yield Skill("rally")
    yield PASS


#: The cards that may answer each kind of request.
ANSWER_CARDS = {
    Ask.DODGE: frozenset({"dodge", "riposte"}),
    Ask.EXTRA: frozenset({"extra"}),
    Ask.NEEDLE: frozenset({"dodge", "riposte", "extra"}),
    Ask.UNDO: frozenset({"undo"}),
}


def is_legal(t: Table, request: Request, answer: object) -> bool:
    """Whether ``answer`` is a legal answer to ``request`` in the current position."""
    ask = request.ask
    if isinstance(answer, Pass):
        return request.optional or ask in _ALWAYS_PASSABLE
    seat = request.seat
    if ask is Ask.PLAY:
        return is_legal_play(t, seat, answer)
    if ask is Ask.CHARACTER or ask is Ask.OPTION:
        return isinstance(answer, Choose) and answer.option in request.options
    if ask is Ask.CARD or ask is Ask.DISCARD:
        return isinstance(answer, Pick) and answer.card in request.cards
    if ask is Ask.TARGET:
        return isinstance(answer, Target) and answer.seat in request.seats
    hand = t.seats[seat].hand
    if ask is Ask.TAKE:
        assert request.target is not None
        owner = t.seats[request.target]
        if isinstance(answer, PickHand):
            return bool(owner.hand)
        return isinstance(answer, Pick) and (
            answer.card in owner.equipment.values() or answer.card in owner.judgement
        )
    if ask is Ask.JUDGEMENT:
        return (
            isinstance(answer, Skill)
            and answer.name == "rewrite"
            and len(answer.cards) == 1
            and answer.cards[0] in hand
            and not answer.targets
        )
    if ask is Ask.RESCUE:
        return is_legal_rescue(t, request, answer)
    if isinstance(answer, Skill):
        return is_legal_dodge_ability(t, request, answer)
    if not isinstance(answer, Use) or answer.card not in hand:
        return False
    if ask is Ask.KILL or ask is Ask.WILY:
        return is_legal_answer_kill(t, request, answer)
    if answer.targets or answer.extra or answer.mode:
        return False
    kind_id = t.kind(answer.card).id
    if ask is Ask.DODGE:
        if request.reason == "rally":
            return kind_id == "dodge" and can_dodge(t, seat)
        if kind_id == "riposte":
            return request.reason != "riposte" or d.RIPOSTE_ANSWERS_RIPOSTE
        return kind_id == "dodge"
    if ask is Ask.EXTRA:
        return kind_id == "extra"
    if ask is Ask.NEEDLE:
        if kind_id == "extra":
            return True
        return kind_id in ("dodge", "riposte") and can_dodge(t, seat)
    if ask is Ask.UNDO:
        return kind_id == "undo"
    return False


#: Requests a player may always decline, whatever ``optional`` says.
_ALWAYS_PASSABLE = frozenset(
    {
        Ask.PLAY,
        Ask.DODGE,
        Ask.EXTRA,
        Ask.KILL,
        Ask.NEEDLE,
        Ask.WILY,
        Ask.UNDO,
        Ask.RESCUE,
        Ask.JUDGEMENT,
    }
)


def is_legal_dodge_ability(t: Table, request: Request, answer: Skill) -> bool:
    """防禦網 and 護島令, once each per 閃 needed (``request.options`` lists the tried ones)."""
    if answer.targets or answer.cards or answer.name in request.options:
        return False
    seat = request.seat
    if answer.name == "defence-net":
        return (
            request.ask in (Ask.DODGE, Ask.NEEDLE)
            and request.reason != "rally"
            and not request.armour_void
            and t.armour(seat) == "defence-net"
        )
    if answer.name == "rally":
        skill = t.skill(seat, "rally")
        return (
            request.ask is Ask.DODGE
            and request.reason != "rally"
            and skill is not None
            and skill.emblem is not None
            and bool(t.emblem_answerers(seat, skill.emblem))
        )
    return False


def is_legal_rescue(t: Table, request: Request, answer: object) -> bool:
    """LBS-HP-5: 晶, E罐, 速食麵 on the dying character; 電 only on oneself; 背水 on oneself."""
    seat, dying = request.seat, request.target
    if isinstance(answer, Skill):
        return (
            answer.name == "last-stand"
            and seat == dying
            and not answer.targets
            and not answer.cards
            and t.has_skill(seat, "last-stand")
        )
    if not isinstance(answer, Use) or answer.extra or answer.mode:
        return False
    if answer.card not in t.seats[seat].hand or answer.targets != (dying,):
        return False
    kind = t.kind(answer.card)
    return kind.rescue > 0 and (not kind.rescue_self_only or seat == dying)


def is_legal_answer_kill(t: Table, request: Request, answer: Use) -> bool:
    """A 殺 played in answer (KILL), or used on the named character (WILY)."""
    seat = request.seat
    hand = t.seats[seat].hand
    if request.ask is Ask.KILL:
        if answer.targets:
            return False
    elif answer.targets != (request.target,) or not t.in_range(seat, answer.targets[0]):
        return False
    if answer.mode == "cannon":
        return (
            d.CANNON_KILL_IN_ANSWERS
            and t.weapon(seat) == "cannon"
            and len(answer.extra) == 1
            and answer.extra[0] in hand
            and answer.extra[0] != answer.card
            and hand.index(answer.card) < hand.index(answer.extra[0])
        )
    if answer.extra:
        return False
    kind = t.kind(answer.card)
    if kind.subkind not in KILL_SUBKINDS:
        return False
    return (request.ask is Ask.WILY and conversion_ok(t, seat, answer)) or answer.mode == ""


def conversion_ok(t: Table, seat: int, use: Use) -> bool:
    """雷電劍 makes any 殺 thunder; 火焰噴射器 makes a 殺 without element fire."""
    element = t.kind(use.card).element.value
    if use.mode == "thunder":
        return t.weapon(seat) == "thunder-sword" and element != "thunder"
    if use.mode == "fire":
        return t.weapon(seat) == "flamethrower" and element == "none"
    return use.mode == ""


# -- the play phase ---------------------------------------------------------------------


def play_candidates(t: Table, seat: int) -> Iterator[Answer]:
    """Uses and abilities worth checking in the play phase (a superset of the legal ones)."""
    holder = t.seats[seat]
    hand = holder.hand
    living = t.order_from(seat)
    others = living[1:]
    weapon = t.weapon(seat)
    reach = [s for s in others if t.in_range(seat, s)]
    kill_modes = ("", *WEAPON_KILL_MODES.get(weapon or "", ()))
    for card in hand:
        kind = t.kind(card)
        if kind.kind is Kind.EQUIPMENT:
            yield Use(card)
        elif kind.subkind in KILL_SUBKINDS:
            for mode in kill_modes:
                for target in reach:
                    yield Use(card, (target,), mode=mode)
            if weapon == "spread-gun" and len(hand) == 1:
                for size in (2, 3):
                    yield from (Use(card, group) for group in combinations(reach, size))
            elif weapon == "light-saber":
                yield from (Use(card, pair) for pair in combinations(reach, 2))
        elif kind.targets is not None:
            extras: list[tuple[int, ...]] = (
                [(e,) for e in hand if e != card] if kind.extra_cost else [()]
            )
            modes = DELETE_MODES if kind.id == "delete" else ("",)
            for targets in target_shapes(t, seat, kind.targets.who, kind.targets.count, living):
                for extra in extras:
                    for mode in modes:
                        yield Use(card, targets, extra, mode)
            if kind.id == "terminal-link":
                yield Use(card, mode="receive")
    if weapon == "cannon":
        for first, second in combinations(hand, 2):
            yield from (Use(first, (target,), (second,), "cannon") for target in reach)
    if weapon == "rock-buster":
        yield from (Skill("rock-buster", (target,)) for target in reach)
    for name in ("jam", "purge"):
        if t.has_skill(seat, name):
            yield from (Skill(name, (target,)) for target in others)
    yield Skill("overload")


#: The 殺 modes a weapon adds (LBS-EQ-THUNDERSWORD, -FLAMETHROWER, -SABER).
WEAPON_KILL_MODES = {
    "thunder-sword": ("thunder",),
    "flamethrower": ("fire",),
    "light-saber": ("triple",),
}


def target_shapes(
    t: Table, seat: int, who: str, count: int, living: list[int]
) -> Iterator[tuple[int, ...]]:
    if who == "self":
        yield (seat,)
    elif who in ("all", "others"):
        yield ()
    else:
        pool = living if who == "any" else [s for s in living if s != seat]
        yield from ((s,) for s in pool)
        if count == 2:
            yield from combinations(pool, 2)
            yield from ((b, a) for a, b in combinations(pool, 2))


def is_legal_play(t: Table, seat: int, answer: object) -> bool:
    """Whether a play-phase answer is legal (LBS-TURN-4, LBS-KIND-2/3)."""
    if isinstance(answer, Pass):
        return True
    if isinstance(answer, Skill):
        return t.triple is None and is_legal_play_skill(t, seat, answer)
    if not isinstance(answer, Use):
        return False
    holder = t.seats[seat]
    if answer.card not in holder.hand:
        return False
    kind = t.kind(answer.card)
    if answer.mode == "cannon" or kind.subkind in KILL_SUBKINDS:
        return is_legal_kill(t, seat, answer)
    if t.triple is not None:  # LBS-EQ-SABER: nothing between the 殺 of a Triple Slash
        return False
    if kind.kind is Kind.EQUIPMENT:
        return answer == Use(answer.card)
    if kind.targets is None:  # 閃, 還, 額, 撤銷操作: answers only (LBS-CARD-DODGE)
        return False
    if kind.id == "terminal-link" and answer.mode == "receive":
        return not answer.targets and not answer.extra
    if answer.mode != "" and not (kind.id == "delete" and answer.mode in DELETE_MODES):
        return False
    if kind.id == "delete" and answer.mode == "":
        return False
    if len(answer.extra) != kind.extra_cost or not extras_ok(holder.hand, answer):
        return False
    return targets_ok(t, seat, answer, kind.id)


def extras_ok(hand: list[int], use: Use) -> bool:
    cards = (use.card, *use.extra)
    return len(set(cards)) == len(cards) and all(c in hand for c in use.extra)


def targets_ok(t: Table, seat: int, use: Use, kind_id: str) -> bool:
    """The targets of a non-殺 card: who, how many, reach and needs (LBS-DIST-3)."""
    kind = t.kind(use.card)
    spec = kind.targets
    assert spec is not None
    holder = t.seats[seat]
    targets = use.targets
    if kind_id in ("crystal", "e-tank"):
        return targets == (seat,) and holder.wounded
    if kind_id == "charge":
        return targets == (seat,) and t.charges_used < d.CHARGES_PER_TURN
    if kind_id == "minion":
        return targets == (seat,) and (holder.minion is None or d.MINIONS_PER_CHARACTER > 1)
    if spec.who in ("all", "others"):
        return targets == ()
    if spec.who == "self":
        return targets == (seat,) and not (kind.subkind == "delayed" and holds(t, seat, kind_id))
    if kind_id == "wily-will":
        return wily_targets_ok(t, seat, targets)
    low = spec.min_count or spec.count
    if not low <= len(targets) <= spec.count or len(set(targets)) != len(targets):
        return False
    if kind_id == "terminal-link" and not in_seat_order(t, seat, targets):
        return False
    if kind_id == "instant-noodles" and seat in targets and not d.NOODLES_USER_MAY_TAKE_PART:
        return False
    for target in targets:
        if not 0 <= target < t.players or not t.seats[target].alive:
            return False
        if spec.who == "other" and target == seat:
            return False
        if not target_needs_ok(t, seat, target, use, spec.needs):
            return False
        if isinstance(spec.reach, int) and t.distance(seat, target) > spec.reach:
            return False
        if kind.subkind == "delayed" and holds(t, target, kind_id):
            return False
    return True


def target_needs_ok(t: Table, seat: int, target: int, use: Use, needs: tuple[str, ...]) -> bool:
    holder = t.seats[target]
    for need in needs:
        if need == "has-cards" and not holder.cards():
            return False
        if need == "has-hand":
            left = [c for c in holder.hand if c != use.card] if target == seat else holder.hand
            if not left:
                return False
        if need == "has-weapon" and Slot.WEAPON not in holder.equipment:
            return False
        if need == "lost-hp" and holder.max_hp - holder.hp < d.HALF:
            return False
        if need == "not-above-printed-max" and holder.max_hp > holder.printed_max:
            return False
        if need == "wounded" and not holder.wounded:
            return False
    return True


def wily_targets_ok(t: Table, seat: int, targets: tuple[int, ...]) -> bool:
    """LBS-CARD-WILY: another character with a weapon, and one in its attack range."""
    if len(targets) != 2:
        return False
    wielder, victim = targets
    if not all(0 <= s < t.players and t.seats[s].alive for s in targets):
        return False
    return (
        wielder != seat
        and Slot.WEAPON in t.seats[wielder].equipment
        and t.in_range(wielder, victim)
    )


def in_seat_order(t: Table, seat: int, targets: tuple[int, ...]) -> bool:
    """Several targets are named in play order from ``seat`` (one spelling per choice)."""
    players = t.players
    keys = [(target - seat) % players for target in targets]
    return keys == sorted(keys)


def is_legal_kill(t: Table, seat: int, use: Use) -> bool:
    """LBS-CARD-KILL with LBS-OPEN-10/19: the limit, range, weapons' extra targets and modes."""
    holder = t.seats[seat]
    cards = cards_of(use)
    if len(set(cards)) != len(cards) or any(c not in holder.hand for c in cards):
        return False
    if use.mode == "cannon":
        if t.weapon(seat) != "cannon" or len(use.extra) != 1:
            return False
        if holder.hand.index(use.card) > holder.hand.index(use.extra[0]):
            return False
    elif use.extra or not conversion_ok_in_play(t, seat, use):
        return False
    if t.triple is not None:
        if use.mode == "triple" or use.targets != (t.triple[0],):
            return False
    elif use.mode != "triple" and not (
        t.kills_used < d.KILLS_PER_TURN or t.weapon(seat) == "gatling"
    ):
        return False
    targets = use.targets
    if not targets or len(set(targets)) != len(targets):
        return False
    for target in targets:
        if not 0 <= target < t.players or not t.seats[target].alive or not t.in_range(seat, target):
            return False
    if len(targets) == 1:
        return True
    if use.mode or not in_seat_order(t, seat, targets):
        return False
    weapon = t.equipped(seat, Slot.WEAPON)
    if weapon is None:
        return False
    if weapon.id == "spread-gun":  # LBS-EQ-SPREADGUN: the last hand card
        return holder.hand == [use.card] and len(targets) <= weapon.step_value("extra-targets")
    if weapon.id == "light-saber":  # LBS-EQ-SABER / LBS-OPEN-19: neighbours
        return len(targets) == 2 and t.seat_distance(*targets) == 1
    return False


def conversion_ok_in_play(t: Table, seat: int, use: Use) -> bool:
    if use.mode == "triple":
        return t.weapon(seat) == "light-saber" and len(use.targets) == 1
    return conversion_ok(t, seat, use)


def is_legal_play_skill(t: Table, seat: int, answer: Skill) -> bool:
    """Play-phase abilities: 洛克炮 (once), 過載 (limited), 干擾 and 清洗 (once)."""
    if answer.cards:
        return False
    name = answer.name
    if name == "overload":
        return not answer.targets and t.has_skill(seat, "overload")
    if len(answer.targets) != 1 or name in t.once_used:
        return False
    target = answer.targets[0]
    if not 0 <= target < t.players or target == seat or not t.seats[target].alive:
        return False
    if name == "rock-buster":
        return t.weapon(seat) == "rock-buster" and t.in_range(seat, target)
    if name == "jam":
        return t.has_skill(seat, "jam") and bool(t.seats[seat].hand) and bool(t.seats[target].hand)
    if name == "purge":
        return t.has_skill(seat, "purge") and target in purge_targets(t, seat)
    return False
