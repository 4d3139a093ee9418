"""The procedures every card and skill builds on: moving cards, 撤銷操作 windows,
judgements, damage and its chain, HP loss and recovery, dying, death and winning.

Procedures are generators: ``answer = yield request`` asks a player and goes on
with the answer; ``yield from`` runs a sub-procedure. A procedure that ends the
game raises :class:`~.state.GameOver`.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import TypeVar

from lalcheck.games.lobasha.cards import CardKind, Element, JudgeCondition, Kind, Slot
from lalcheck.games.lobasha.engine import decisions as d
from lalcheck.games.lobasha.engine.actions import YES, Answer, Pick, PickHand, Skill, Target, Use
from lalcheck.games.lobasha.engine.requests import Ask, Request
from lalcheck.games.lobasha.engine.state import (
    Death,
    EndReason,
    GameOver,
    Outcome,
    Side,
    Table,
)
from lalcheck.games.lobasha.setups import Role

T = TypeVar("T")
#: A rules procedure: yields requests, receives answers, returns a result.
Proc = Generator[Request, Answer, T]

HALF = d.HALF

#: Effect cards that hurt the characters they take effect on, and those that help them
#: (what the public record of friendly and hostile acts reads).
HARMFUL = frozenset(
    {
        "duel",
        "dismantle",
        "grab-glove",
        "wily-will",
        "fire-attack",
        "needle-array",
        "delete",
        "roll",
        "lv-down",
        "paralysis-shock",
        "power-shortage",
        "missile-spread",
        "pirate-raid",
        "regeneration-plan",
        "eden",
        "ion-cannon",
    }
)
HELPFUL = frozenset(
    {"treasure-chest", "big-chest", "crystal-vein", "chip-scatter", "lv-up", "instant-noodles"}
)


def points(half_points: int) -> str:
    """``3`` -> ``1.5``: half points for the log."""
    return str(half_points // HALF) if half_points % HALF == 0 else f"{half_points / HALF:g}"


# -- drawing and moving cards ------------------------------------------------------


def draw_one(t: Table) -> int:
    """The top card of the draw pile; LBS-OPEN-28: reshuffle the discards when it is
    empty, and end the game drawn when both are empty."""
    if not t.draw_pile and d.RESHUFFLE_DISCARDS and t.discard:
        t.draw_pile = t.discard
        t.discard = []
        t.rng.shuffle(t.draw_pile)
        t.note("the discard pile is shuffled into a new draw pile")
    if not t.draw_pile:
        t.note("the draw and discard piles are both empty: the game is drawn")
        raise GameOver(Outcome(None, EndReason.PILE_EXHAUSTED, ()))
    return t.draw_pile.pop()


def draw(t: Table, seat: int, count: int) -> None:
    """``seat`` draws ``count`` cards from the top of the draw pile."""
    hand = t.seats[seat].hand
    for _ in range(count):
        hand.append(draw_one(t))
    t.note(f"{t.name(seat)} draws {count}")


def play_from_hand(t: Table, seat: int, *entries: int) -> None:
    """Cards leave a hand for the processing area (being used or played)."""
    hand = t.seats[seat].hand
    for entry in entries:
        hand.remove(entry)
        t.processing.append(entry)


def discard_processed(t: Table, *entries: int) -> None:
    """Cards done with go from the processing area to the discard pile."""
    for entry in entries:
        if entry in t.processing:
            t.processing.remove(entry)
            t.discard.append(entry)


def play_card(t: Table, seat: int, entry: int, why: str) -> None:
    """A card played in answer: from the hand, seen by all, to the discard pile."""
    t.seats[seat].hand.remove(entry)
    t.discard.append(entry)
    t.note(f"{t.name(seat)} plays {t.card(entry)} ({why})")


def remove_from_seat(t: Table, seat: int, entry: int) -> Slot | None:
    """Take ``entry`` out of whichever area of ``seat`` holds it; its slot if it was equipment."""
    holder = t.seats[seat]
    if entry in holder.hand:
        holder.hand.remove(entry)
        return None
    for slot, worn in holder.equipment.items():
        if worn == entry:
            del holder.equipment[slot]
            return slot
    if entry in holder.judgement:
        holder.judgement.remove(entry)
    elif holder.minion == entry:
        holder.minion = None
    else:
        holder.aside.remove(entry)
    return None


def lose_card(t: Table, owner: int, entry: int, *, to_hand: int | None = None) -> Proc[None]:
    """``owner`` loses a card to the discard pile (or to ``to_hand``'s hand); equipment
    that leaves runs its leave effects (長加農炮, 防護晶片, 堡壘; LBS-OPEN-21)."""
    slot = remove_from_seat(t, owner, entry)
    if to_hand is None:
        t.discard.append(entry)
    else:
        t.seats[to_hand].hand.append(entry)
    if slot is not None:
        yield from equipment_left(t, owner, t.kind(entry))


def equip(t: Table, seat: int, entry: int) -> Proc[None]:
    """LBS-KIND-3: put on equipment; the card of that slot already worn is discarded."""
    kind = t.kind(entry)
    assert kind.slot is not None
    holder = t.seats[seat]
    holder.hand.remove(entry)
    old = holder.equipment.get(kind.slot)
    holder.equipment[kind.slot] = entry
    t.note(f"{t.name(seat)} puts on {t.card(entry)}")
    if old is not None:
        t.discard.append(old)
    if kind.id == "fortress":  # LBS-EQ-FORTRESS, LBS-OPEN-22: can start dying
        yield from lose_hp(t, seat, HALF * kind.step_value("on-enter-lose-hp"), None, "fortress")
    if old is not None:
        yield from equipment_left(t, seat, t.kind(old))


def equipment_left(t: Table, seat: int, kind: CardKind) -> Proc[None]:
    """What happens when equipment leaves ``seat``'s area (the dead do nothing)."""
    if not t.seats[seat].alive:
        return
    recovery = kind.step_value("on-leave-recover")
    if recovery:  # LBS-EQ-GUARDCHIP, LBS-EQ-FORTRESS
        recover(t, seat, HALF * recovery, kind.id)
    if kind.id == "long-cannon":  # LBS-EQ-LONGCANNON, LBS-OPEN-21
        living = tuple(t.order_from(t.current))
        answer = yield Request(seat, Ask.TARGET, reason="long-cannon", seats=living)
        if isinstance(answer, Target):
            source = seat if d.LONG_CANNON_SOURCE_IS_HOLDER else None
            amount = HALF * kind.step_value("on-leave-damage")
            yield from damage(t, Hit(source, answer.seat, amount, Element.NONE, "long-cannon"))


def take_card(t: Table, chooser: int, owner: int, reason: str) -> Proc[int | None]:
    """``chooser`` picks a card of ``owner``'s hand (unseen, at random), equipment or
    judgement area (never the 雜兵, LBS-OPEN-13); None when there is none."""
    holder = t.seats[owner]
    if not holder.cards():
        return None
    answer = yield Request(chooser, Ask.TAKE, reason=reason, target=owner, optional=False)
    if isinstance(answer, PickHand):
        return t.rng.choice(holder.hand)
    assert isinstance(answer, Pick)
    return answer.card


def discard_own(t: Table, seat: int, count: int, reason: str) -> Proc[None]:
    """``seat`` discards ``count`` hand cards of its choice (as many as it has)."""
    for left in range(count, 0, -1):
        hand = t.seats[seat].hand
        if not hand:
            return
        answer = yield Request(
            seat, Ask.CARD, reason=reason, cards=tuple(hand), count=left, optional=False
        )
        assert isinstance(answer, Pick)
        play_card(t, seat, answer.card, reason)


# -- 撤銷操作 windows (LBS-CARD-UNDO, LBS-OPEN-15) ------------------------------------


def effect_stands(t: Table, user: int | None, target: int, reason: str) -> Proc[bool]:
    """Before an effect card takes effect on ``target``: every living player, in seat
    order from the current player, may play an 撤銷操作; each one flips the outcome, and
    after each one everybody is asked again. True when the effect still happens."""
    stands = True
    while True:
        for seat in t.order_from(t.current):
            if not d.UNDO_ASKS_EVERY_LIVING_PLAYER and not any(
                t.kind(e).id == "undo" for e in t.seats[seat].hand
            ):
                continue
            answer = yield Request(
                seat, Ask.UNDO, reason=reason, source=user, target=target, stands=stands
            )
            if isinstance(answer, Use):
                play_card(t, seat, answer.card, f"撤銷操作 on {reason} for {t.name(target)}")
                stands = not stands
                if reason in HARMFUL or reason in HELPFUL:  # shielding or exposing it
                    if (reason in HARMFUL) != stands:
                        t.friendly(seat, target)
                    else:
                        t.hostile(seat, target)
                break
        else:
            return stands


# -- judgement (LBS-TERM-JUDGE, LBS-OPEN-27) ------------------------------------------


def judge(t: Table, seat: int, reason: str) -> Proc[int]:
    """Turn up the top card for ``seat``'s judgement; judgement-changing skills (改寫)
    may replace it. Returns the judgement card, left in the processing area."""
    entry = draw_one(t)
    t.processing.append(entry)
    t.note(f"{t.name(seat)} judges for {reason}: {t.card(entry)}")
    if d.JUDGEMENT_CAN_BE_CHANGED:
        for other in t.order_from(t.current):
            if not t.has_skill(other, "rewrite") or not t.seats[other].hand:
                continue
            answer = yield Request(other, Ask.JUDGEMENT, reason=reason, target=seat, card=entry)
            if isinstance(answer, Skill):
                new = answer.cards[0]
                t.seats[other].hand.remove(new)
                discard_processed(t, entry)
                t.processing.append(new)
                entry = new
                t.note(f"{t.name(other)} rewrites the judgement: {t.card(entry)}")
    return entry


def judged(t: Table, seat: int, condition: JudgeCondition | None, reason: str) -> Proc[bool]:
    """Judge and read ``condition``; the judgement card is then discarded."""
    entry = yield from judge(t, seat, reason)
    card = t.card(entry)
    discard_processed(t, entry)
    assert condition is not None
    return condition.matches(card.suit, card.rank)


# -- damage, HP loss, recovery (LBS-HP, LBS-STATE-2, LBS-OPEN-8) ------------------------


@dataclass(frozen=True, slots=True)
class Hit:
    """A damage: its source (None: a natural disaster), target, amount in half points,
    element and cause; ``bonus`` is what the source adds (電, 毒焰彈), ``charged`` spends
    a pending 電, ``ignore_armour`` is 能量刀's, ``spread`` marks chain damage (which
    spreads no further)."""

    source: int | None
    target: int
    amount: int
    element: Element
    cause: str
    bonus: int = 0
    charged: bool = False
    ignore_armour: bool = False
    spread: bool = False


def damage(t: Table, hit: Hit) -> Proc[int]:
    """Deal damage; returns the half points dealt (0 when prevented).

    LBS-OPEN-8: additions first (套裝甲 fire +1; the source's own additions come in
    ``hit.amount``), then reductions (絕緣, 堡壘 -1, 頭盔 halves, 防護晶片 caps at 1);
    0 or less is prevented. A 雜兵 may then prevent it (LBS-CARD-MINION). A chained
    target hit by thunder or fire spreads it to every chained character (LBS-STATE-2).
    """
    victim = t.seats[hit.target]
    if not victim.alive:
        return 0
    armour_entry = None if hit.ignore_armour else victim.equipment.get(Slot.ARMOUR)
    armour = None if armour_entry is None else t.kind(armour_entry)
    addition = hit.bonus
    if armour is not None and armour.id == "suit-armour" and hit.element is Element.FIRE:
        addition += HALF * armour.step_value("fire-bonus")
    if d.ADDITIONS_BEFORE_REDUCTIONS:
        amount = reduced(t, hit, armour, hit.amount + addition)
    else:
        amount = reduced(t, hit, armour, hit.amount) + addition
    if amount <= 0:
        t.note(f"the damage to {t.name(hit.target)} ({hit.cause}) is prevented")
        return 0
    if victim.minion is not None:
        answer = yield Request(
            hit.target, Ask.OPTION, reason="minion", source=hit.source, options=("yes",)
        )
        if answer == YES:
            t.discard.append(victim.minion)
            victim.minion = None
            t.note(f"{t.name(hit.target)} discards the 雜兵 and takes no damage")
            return 0
    victim.hp -= amount
    t.hostile(hit.source, hit.target)
    if hit.charged:
        t.charge_pending = False
    source = "nobody" if hit.source is None else t.name(hit.source)
    element = "" if hit.element is Element.NONE else f" {hit.element.value}"
    t.note(
        f"{t.name(hit.target)} takes {points(amount)}{element} damage from {source} ({hit.cause})"
        f", HP {points(victim.hp)}/{points(victim.max_hp)}"
    )
    spreads = victim.chained and hit.element is not Element.NONE and not hit.spread
    if spreads:
        victim.chained = False
    if victim.hp <= 0:
        yield from dying(t, hit.target, hit.source)
    if spreads:
        for other in t.order_from(t.current):
            if other != hit.target and t.seats[other].chained:
                t.seats[other].chained = False
                t.note(f"the chain carries the damage to {t.name(other)}")
                before = hit.amount + hit.bonus
                carried = before if d.CHAIN_SPREADS_AMOUNT_BEFORE_TARGET_REDUCTIONS else amount
                spread = replace(
                    hit,
                    target=other,
                    amount=carried,
                    bonus=0,
                    spread=True,
                    charged=False,
                    ignore_armour=False,
                )
                yield from damage(t, spread)
    return amount


def reduced(t: Table, hit: Hit, armour: CardKind | None, amount: int) -> int:
    """The reductions of LBS-OPEN-8: 絕緣 -1 on thunder, then the armour's: 堡壘 -1,
    頭盔 halves (never below ½), 防護晶片 caps at 1."""
    if hit.element is Element.THUNDER and t.has_skill(hit.target, "insulated"):
        amount -= HALF
    if armour is not None:
        if armour.id == "fortress":
            amount -= HALF * armour.step_value("reduce-damage")
        elif armour.id == "helmet" and amount > 0:
            amount = max(d.HELMET_FLOOR, amount // 2)
        elif armour.id == "guard-chip":
            amount = min(amount, HALF * armour.step_value("cap-damage"))
    return amount


def lose_hp(t: Table, seat: int, amount: int, source: int | None, cause: str) -> Proc[None]:
    """LBS-TERM-LOSEHP / LBS-HP-4: HP goes down with no damage effects; dying below 1."""
    holder = t.seats[seat]
    if not holder.alive:
        return
    if d.MINION_STOPS_HP_LOSS and holder.minion is not None:
        answer = yield Request(seat, Ask.OPTION, reason="minion", source=source, options=("yes",))
        if answer == YES:
            t.discard.append(holder.minion)
            holder.minion = None
            return
    holder.hp -= amount
    t.hostile(source, seat)
    t.note(f"{t.name(seat)} loses {points(amount)} HP ({cause}), HP {points(holder.hp)}")
    if holder.hp <= 0:
        yield from dying(t, seat, source)


def recover(t: Table, seat: int, amount: int, cause: str) -> int:
    """LBS-HP-3: recover HP, never above max HP; returns the half points gained."""
    holder = t.seats[seat]
    gained = max(0, min(amount, holder.max_hp - holder.hp))
    holder.hp += gained
    if gained:
        t.note(f"{t.name(seat)} recovers {points(gained)} ({cause}), HP {points(holder.hp)}")
    return gained


# -- dying, death, winning (LBS-HP-2, LBS-ROLE-4, LBS-KILL, LBS-WIN) -------------------


def dying(t: Table, seat: int, killer: int | None) -> Proc[None]:
    """LBS-HP-2: from the current player, each living player in turn may rescue
    (LBS-HP-5); once HP is above 0 the procedure stops; after a whole round without
    that, the character dies."""
    victim = t.seats[seat]
    t.note(f"{t.name(seat)} is dying")
    for rescuer in t.order_from(t.current):
        while victim.hp <= 0 and t.seats[rescuer].alive:
            answer = yield Request(
                rescuer, Ask.RESCUE, target=seat, source=killer, count=1 - victim.hp
            )
            if isinstance(answer, Use):
                yield from rescue_with_card(t, rescuer, seat, answer.card)
            elif isinstance(answer, Skill):
                last_stand(t, seat)
            else:
                break
            if not d.RESCUER_ASKED_UNTIL_PASS:
                break
        if victim.hp > 0:
            return
    yield from die(t, seat, killer)


def rescue_with_card(t: Table, rescuer: int, seat: int, entry: int) -> Proc[None]:
    """LBS-HP-5: 晶 +1, E罐 +2, 速食麵 +1 (an effect card: 撤銷操作 may cancel it), own 電 +1."""
    kind = t.kind(entry)
    play_from_hand(t, rescuer, entry)
    t.note(f"{t.name(rescuer)} uses {t.card(entry)} to rescue {t.name(seat)}")
    t.friendly(rescuer, seat)
    stands = True
    if kind.kind is Kind.EFFECT:
        stands = yield from effect_stands(t, rescuer, seat, kind.id)
    if stands:
        recover(t, seat, HALF * kind.rescue, kind.id)
    discard_processed(t, entry)


def last_stand(t: Table, seat: int) -> None:
    """Sample skill 背水 (limited): while dying, HP becomes 2 (at most max) and draw 2."""
    holder = t.seats[seat]
    holder.limited_used |= {"last-stand"}
    holder.hp = min(holder.max_hp, 2 * HALF)
    t.note(f"{t.name(seat)} makes a last stand, HP {points(holder.hp)}")
    draw(t, seat, 2)


def die(t: Table, seat: int, killer: int | None) -> Proc[None]:
    """A death: the role is shown (LBS-ROLE-4), the game may end (LBS-WIN), then the
    killer's reward or penalty (LBS-KILL) and the clean-up (LBS-OPEN-6)."""
    victim = t.seats[seat]
    victim.alive = False
    victim.revealed = True
    if not d.KILLER_IS_SOURCE:
        killer = None
    t.deaths.append(Death(seat, victim.role, killer, t.round))
    t.burying.append(seat)
    by = "" if killer is None else f", killed by {t.name(killer)}"
    t.note(f"{t.name(seat)} dies: {victim.role.value}{by}")
    check_win(t)
    if not d.DEAD_CARDS_DISCARDED_AFTER_REWARDS:
        clear_dead(t, seat)
    if killer is not None and killer != seat and t.seats[killer].alive:
        if victim.role is Role.PIRATE:  # LBS-KILL-2
            draw(t, killer, 3)
        elif victim.role is Role.GUARD and t.seats[killer].role is Role.LORD:  # LBS-KILL-1
            t.note(f"{t.name(killer)} killed a Guard and discards hand and equipment")
            lord = t.seats[killer]
            t.discard.extend(lord.hand)
            lord.hand.clear()
            if d.LORD_PENALTY_TAKES_JUDGEMENT_AREA:
                t.discard.extend(lord.judgement)
                lord.judgement.clear()
            for entry in list(lord.equipment.values()):
                yield from lose_card(t, killer, entry)
    if d.DEAD_CARDS_DISCARDED_AFTER_REWARDS:
        clear_dead(t, seat)
    victim.chained = False
    if seat == t.current:
        t.end_play = True


def clear_dead(t: Table, seat: int) -> None:
    """LBS-OPEN-6: every card of the dead goes to the discard pile; its equipment's leave
    effects do nothing (the dead never act)."""
    victim = t.seats[seat]
    t.burying.remove(seat)
    t.discard.extend(victim.cards())
    victim.hand.clear()
    victim.equipment.clear()
    victim.judgement.clear()
    if victim.minion is not None:
        t.discard.append(victim.minion)
        victim.minion = None
    t.discard.extend(victim.aside)
    victim.aside.clear()


def winner(t: Table) -> Outcome | None:
    """LBS-WIN-1/2 with LBS-OPEN-3 for which dead players share the win."""
    seats = t.seats
    if not t.lord.alive:
        living = [s for s in seats if s.alive]
        if living and all(s.role is Role.ANCIENT for s in living):
            ancients = [s.index for s in seats if s.role is Role.ANCIENT]
            keep = [i for i in ancients if seats[i].alive or d.DEAD_ANCIENTS_WIN]
            return Outcome(Side.ANCIENTS, EndReason.LORD_DIED, tuple(keep))
        pirates = [s.index for s in seats if s.role is Role.PIRATE]
        keep = [i for i in pirates if seats[i].alive or d.DEAD_PIRATES_WIN]
        return Outcome(Side.PIRATES, EndReason.LORD_DIED, tuple(keep))
    if any(s.alive and s.role in (Role.PIRATE, Role.ANCIENT) for s in seats):
        return None
    side = [
        s.index
        for s in seats
        if s.role is Role.LORD or (s.role is Role.GUARD and (s.alive or d.DEAD_GUARDS_WIN))
    ]
    return Outcome(Side.LORD, EndReason.REBELS_GONE, tuple(side))


WINNERS = {
    Side.LORD: "the Lord and the Guards",
    Side.PIRATES: "the Sky Pirates",
    Side.ANCIENTS: "the Ancients",
    None: "nobody",
}


def check_win(t: Table) -> None:
    """End the game if a side has won."""
    outcome = winner(t)
    if outcome is not None:
        t.note(f"the game ends: {WINNERS[outcome.winner]} win ({outcome.reason.value})")
        raise GameOver(outcome)
