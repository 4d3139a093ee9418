"""Using cards in the play phase (LBS-TURN-4), and judging delayed cards (LBS-TURN-2).

:func:`use_card` runs one ``Use`` of the play phase: equipment goes on, a 殺 goes
to :mod:`.combat`, basic cards act on their user, delayed cards go into a
judgement area, and every other effect card takes effect on each target in
turn after its 撤銷操作 window (LBS-CARD-UNDO). :func:`resolve_delayed` judges a
delayed card in its holder's judgement phase.
"""

from __future__ import annotations

from collections.abc import Callable

from lalcheck.games.lobasha.cards import CardKind, Element, Kind, Slot
from lalcheck.games.lobasha.engine import decisions as d
from lalcheck.games.lobasha.engine.actions import Pick, Target, Use
from lalcheck.games.lobasha.engine.combat import (
    alternate,
    demand_dodge,
    demand_kill,
    strike_back,
    use_kill,
)
from lalcheck.games.lobasha.engine.core import (
    HALF,
    HARMFUL,
    Hit,
    Proc,
    damage,
    discard_processed,
    draw,
    draw_one,
    effect_stands,
    equip,
    judged,
    lose_card,
    lose_hp,
    play_card,
    play_from_hand,
    recover,
    take_card,
)
from lalcheck.games.lobasha.engine.requests import Ask, Request
from lalcheck.games.lobasha.engine.state import Table

Effect = Callable[[Table, int, Use, CardKind], Proc[None]]


def use_card(t: Table, user: int, use: Use) -> Proc[None]:
    """Play one card in the play phase (the use has been checked to be legal)."""
    kind = t.kind(use.card)
    if kind.kind is Kind.EQUIPMENT:
        yield from equip(t, user, use.card)
        return
    if use.mode == "cannon" or kind.subkind in ("kill", "blast"):
        yield from use_kill(t, user, use)
        return
    if kind.subkind == "delayed":
        place_delayed(t, user, use)
        return
    if use.mode == "receive":  # LBS-CARD-TERMINAL: receive data
        play_card(t, user, use.card, "receive data")
        draw(t, user, kind.step_value("receive"))
        return
    play_from_hand(t, user, use.card)
    for extra in use.extra:  # LV+, LV-, 再生計畫: one more hand card
        play_card(t, user, extra, f"the cost of {kind}")
    targets = ", ".join(t.name(s) for s in use.targets)
    t.note(f"{t.name(user)} uses {t.card(use.card)}" + (f" on {targets}" if targets else ""))
    if kind.id in HARMFUL:
        for target in use.targets:
            t.hostile(user, target)
    yield from EFFECTS[kind.id](t, user, use, kind)
    discard_processed(t, use.card)


def each_target(
    t: Table, user: int, targets: list[int], kind: CardKind, effect: Callable[[int], Proc[None]]
) -> Proc[None]:
    """For each living target in order: its 撤銷操作 window, then the effect on it."""
    for target in targets:
        if not t.seats[target].alive:
            continue
        if (yield from effect_stands(t, user, target, kind.id)):
            yield from effect(target)


def on_target(
    t: Table, user: int, use: Use, kind: CardKind, effect: Callable[[int], Proc[None]]
) -> Proc[None]:
    """A single-target card: its window, then its effect."""
    yield from each_target(t, user, list(use.targets), kind, effect)


# -- basic cards used on oneself -------------------------------------------------------


def crystal(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-CRYSTAL / LBS-CARD-ETANK: recover 1 (晶) or 2 (E罐)."""
    recover(t, user, HALF * kind.step_value("recover"), kind.id)
    yield from ()


def charge(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-CHARGE: the next 殺 this turn that deals damage deals 1 more (LBS-OPEN-9)."""
    t.charges_used += 1
    t.charge_pending = True
    yield from ()


def minion(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-MINION: the 雜兵 lies on its user's HP card."""
    t.processing.remove(use.card)
    t.seats[user].minion = use.card
    yield from ()


# -- single-target effect cards (LBS-CARD, §7-§8) -----------------------------------------


def duel(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-DUEL: the target plays a 殺 first."""

    def effect(target: int) -> Proc[None]:
        yield from alternate(t, target, user, "duel", HALF * kind.step_value("damage"))

    yield from on_target(t, user, use, kind, effect)


def dismantle(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-DISMANTLE: discard one card of the target's areas."""

    def effect(target: int) -> Proc[None]:
        entry = yield from take_card(t, user, target, "dismantle")
        if entry is not None:
            t.note(f"{t.name(user)} discards {t.card(entry)} of {t.name(target)}")
            yield from lose_card(t, target, entry)

    yield from on_target(t, user, use, kind, effect)


def grab_glove(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-GRAB: take one card of the target's areas into the user's hand."""

    def effect(target: int) -> Proc[None]:
        entry = yield from take_card(t, user, target, "grab-glove")
        if entry is not None:
            t.note(f"{t.name(user)} takes a card from {t.name(target)}")
            yield from lose_card(t, target, entry, to_hand=user)

    yield from on_target(t, user, use, kind, effect)


def wily_will(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-WILY: the wielder uses a 殺 on the named character, or loses its weapon."""
    wielder, victim = use.targets

    def effect(target: int) -> Proc[None]:
        holder = t.seats[wielder]
        if t.seats[victim].alive and holder.hand and t.in_range(wielder, victim):
            answer = yield Request(
                wielder, Ask.WILY, reason="wily-will", source=user, target=victim
            )
            if isinstance(answer, Use):
                yield from use_kill(t, wielder, answer, counts=d.ANSWER_KILLS_COUNT)
                return
        weapon = holder.equipment.get(Slot.WEAPON)
        if weapon is not None and t.seats[user].alive:
            t.note(f"{t.name(user)} takes the weapon of {t.name(wielder)}")
            yield from lose_card(t, wielder, weapon, to_hand=user)

    yield from each_target(t, user, [wielder], kind, effect)


def chest(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-CHEST / LBS-CARD-BIGCHEST: draw 2 or 3."""

    def effect(target: int) -> Proc[None]:
        draw(t, target, kind.step_value("draw"))
        yield from ()

    yield from on_target(t, user, use, kind, effect)


def fire_attack(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-FIREATTACK: the target shows a hand card; discarding one of its suit
    deals it 1 fire damage."""

    def effect(target: int) -> Proc[None]:
        hand = t.seats[target].hand
        if not hand:
            return
        shown = yield Request(
            target, Ask.CARD, reason="fire-attack", source=user, cards=tuple(hand), optional=False
        )
        assert isinstance(shown, Pick)
        suit = t.card(shown.card).suit
        t.note(f"{t.name(target)} shows {t.card(shown.card)}")
        if not t.seats[user].alive:
            return
        matching = tuple(e for e in t.seats[user].hand if t.card(e).suit is suit)
        answer = yield Request(
            user,
            Ask.CARD,
            reason="fire-attack-discard",
            target=target,
            card=shown.card,
            cards=matching,
        )
        if isinstance(answer, Pick):
            play_card(t, user, answer.card, "火攻")
            amount = HALF * kind.step_value("damage")
            yield from damage(t, Hit(user, target, amount, Element.FIRE, "火攻"))

    yield from on_target(t, user, use, kind, effect)


def terminal_link(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-TERMINAL / LBS-STATE-2: each target turns chained or upright."""

    def effect(target: int) -> Proc[None]:
        holder = t.seats[target]
        holder.chained = not holder.chained
        t.note(f"{t.name(target)} is now {'chained' if holder.chained else 'upright'}")
        yield from ()

    yield from on_target(t, user, use, kind, effect)


def needle_array(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-NEEDLES: 閃/額/還 in turn, the target first."""

    def effect(target: int) -> Proc[None]:
        amount = HALF * kind.step_value("damage")
        yield from alternate(t, target, user, "needle-array", amount, needle=True)

    yield from on_target(t, user, use, kind, effect)


def instant_noodles(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-NOODLES / LBS-OPEN-16: both targets' windows first; one cancel stops it all;
    then 殺 in turn, the second target first."""
    first, second = use.targets
    for target in (first, second):
        if not (yield from effect_stands(t, user, target, kind.id)):
            t.note("the 速食麵 is cancelled")
            return
    if t.seats[first].alive and t.seats[second].alive:
        yield from alternate(t, second, first, "instant-noodles", HALF * kind.step_value("damage"))


def delete(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-DELETE / LBS-OPEN-17: the option was chosen with the use (``mode``)."""

    def effect(target: int) -> Proc[None]:
        if use.mode == "discard":
            for _ in range(kind.step_value("discard-from")):
                entry = yield from take_card(t, user, target, "delete")
                if entry is not None:
                    yield from lose_card(t, target, entry)
        elif use.mode == "damage":
            amount = HALF * kind.step_value("damage")
            yield from damage(t, Hit(user, target, amount, Element.NONE, "刪除"))
        else:
            yield from lose_hp(t, target, HALF * kind.step_value("lose-hp"), user, "刪除")

    yield from on_target(t, user, use, kind, effect)


def roll(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-ROLL: 1 damage to the target, 1 HP back to the user."""

    def effect(target: int) -> Proc[None]:
        amount = HALF * kind.step_value("damage")
        yield from damage(t, Hit(user, target, amount, Element.NONE, "蘿露"))
        if t.seats[user].alive:
            recover(t, user, HALF * kind.step_value("recover-self"), "roll")

    yield from on_target(t, user, use, kind, effect)


def level(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-LVDOWN / LBS-CARD-LVUP / LBS-OPEN-17: max HP -1 or +1."""
    change = HALF * kind.step_value("max-hp")

    def effect(target: int) -> Proc[None]:
        holder = t.seats[target]
        if change > 0:
            cap = holder.printed_max if d.LV_UP_CAPPED_AT_PRINTED else holder.max_hp + change
            holder.max_hp = min(cap, holder.max_hp + change)
        else:
            holder.max_hp += change
            holder.hp = min(holder.hp, holder.max_hp)
        t.note(f"{t.name(target)}'s max HP is now {holder.max_hp / HALF:g}")
        yield from ()

    yield from on_target(t, user, use, kind, effect)


# -- group effect cards --------------------------------------------------------------------


def chip_scatter(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-CHIPSCATTER / LBS-OPEN-30: one card per living character is turned up;
    from the user round the table each takes one; what is left is discarded."""
    order = t.order_from(user if d.CHIP_SCATTER_USER_FIRST else t.next_alive(user))
    revealed = []
    for _ in order:
        entry = draw_one(t)
        t.processing.append(entry)
        revealed.append(entry)
    t.note("turned up: " + ", ".join(str(t.card(e)) for e in revealed))

    def effect(target: int) -> Proc[None]:
        if not revealed:
            return
        answer = yield Request(
            target, Ask.CARD, reason="chip-scatter", cards=tuple(revealed), optional=False
        )
        assert isinstance(answer, Pick)
        revealed.remove(answer.card)
        t.processing.remove(answer.card)
        t.seats[target].hand.append(answer.card)
        t.note(f"{t.name(target)} takes {t.card(answer.card)}")

    yield from each_target(t, user, order, kind, effect)
    discard_processed(t, *revealed)


def crystal_vein(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-CRYSTALVEIN: everyone recovers 1."""

    def effect(target: int) -> Proc[None]:
        recover(t, target, HALF * kind.step_value("recover"), "crystal-vein")
        yield from ()

    yield from each_target(t, user, t.order_from(user), kind, effect)


def suit_armour_immune(t: Table, seat: int, card_id: str) -> bool:
    """LBS-EQ-SUITARMOR: 散射飛彈 and 空賊侵襲 have no effect on its wearer."""
    entry = t.seats[seat].equipment.get(Slot.ARMOUR)
    if entry is None:
        return False
    armour = t.kind(entry)
    return any(step.do == "immune" and step.get("to") == card_id for step in armour.effects)


def others(t: Table, user: int) -> list[int]:
    """Everyone but the user, from the next player on."""
    return [s for s in t.order_from(t.next_alive(user)) if s != user]


def missile_spread(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-MISSILES: each other character plays a 閃 or takes 1 damage."""
    targets = [s for s in others(t, user) if not suit_armour_immune(t, s, kind.id)]
    for target in targets:
        t.hostile(user, target)

    def effect(target: int) -> Proc[None]:
        result = yield from demand_dodge(t, target, user, kind.id)
        if not result.dodged:
            amount = HALF * kind.step_value("damage")
            yield from damage(t, Hit(user, target, amount, Element.NONE, "散射飛彈"))
        else:
            yield from strike_back(t, target, user, result.ripostes)

    yield from each_target(t, user, targets, kind, effect)


def pirate_raid(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-RAID: each other character plays a 殺 or takes 1 damage."""
    targets = [s for s in others(t, user) if not suit_armour_immune(t, s, kind.id)]
    for target in targets:
        t.hostile(user, target)

    def effect(target: int) -> Proc[None]:
        if not (yield from demand_kill(t, target, user, kind.id)):
            amount = HALF * kind.step_value("damage")
            yield from damage(t, Hit(user, target, amount, Element.NONE, "空賊侵襲"))

    yield from each_target(t, user, targets, kind, effect)


def regeneration_plan(t: Table, user: int, use: Use, kind: CardKind) -> Proc[None]:
    """LBS-CARD-REGEN / LBS-OPEN-18: everyone not wearing 天堂 discards hand and judgement
    area (equipment stays)."""
    targets = [
        s
        for s in t.order_from(user)
        if not t.wears(s, "heaven") and (d.REGEN_HITS_USER or s != user)
    ]

    def effect(target: int) -> Proc[None]:
        holder = t.seats[target]
        t.discard.extend(holder.hand)
        t.discard.extend(holder.judgement)
        holder.hand.clear()
        holder.judgement.clear()
        t.note(f"{t.name(target)} discards hand and judgement area")
        yield from ()

    yield from each_target(t, user, targets, kind, effect)


EFFECTS: dict[str, Effect] = {
    "crystal": crystal,
    "e-tank": crystal,
    "charge": charge,
    "minion": minion,
    "duel": duel,
    "dismantle": dismantle,
    "grab-glove": grab_glove,
    "wily-will": wily_will,
    "treasure-chest": chest,
    "big-chest": chest,
    "fire-attack": fire_attack,
    "terminal-link": terminal_link,
    "chip-scatter": chip_scatter,
    "crystal-vein": crystal_vein,
    "missile-spread": missile_spread,
    "pirate-raid": pirate_raid,
    "needle-array": needle_array,
    "instant-noodles": instant_noodles,
    "delete": delete,
    "roll": roll,
    "lv-down": level,
    "lv-up": level,
    "regeneration-plan": regeneration_plan,
}


# -- delayed cards (LBS-CARD-PARALYSIS, -SHORTAGE, -EDEN, -IONCANNON, -NINEGRID) ----------

#: Delayed cards that move on to the next player instead of being discarded.
MOVING = frozenset({"eden", "ion-cannon", "nine-grid"})


def place_delayed(t: Table, user: int, use: Use) -> None:
    """Lay a delayed card across a judgement area (its own user's for the moving ones)."""
    target = use.targets[0]
    t.seats[user].hand.remove(use.card)
    t.seats[target].judgement.append(use.card)
    if target != user:
        t.hostile(user, target)
    t.note(f"{t.name(user)} lays {t.card(use.card)} in {t.name(target)}'s judgement area")


def holds(t: Table, seat: int, kind_id: str) -> bool:
    return any(t.kind(e).id == kind_id for e in t.seats[seat].judgement)


def move_on(t: Table, seat: int, entry: int) -> None:
    """LBS-OPEN-14: to the next living player who holds no card of that name."""
    kind_id = t.kind(entry).id
    t.seats[seat].judgement.remove(entry)
    for other in t.order_from(t.next_alive(seat)):
        if other == seat or not (d.NO_TWIN_DELAYED_CARDS and holds(t, other, kind_id)):
            t.seats[other].judgement.append(entry)
            if other != seat:
                t.note(f"{t.card(entry)} moves on to {t.name(other)}")
            return


def resolve_delayed(t: Table, seat: int, entry: int) -> Proc[None]:
    """Judge one delayed card of ``seat``'s judgement area (after its 撤銷操作 window)."""
    kind = t.kind(entry)
    holder = t.seats[seat]
    if not (yield from effect_stands(t, None, seat, kind.id)):
        if kind.id in MOVING and d.CANCELLED_MOVING_CARD_MOVES_ON:
            move_on(t, seat, entry)
        else:
            holder.judgement.remove(entry)
            t.discard.append(entry)
        return
    hit = yield from judged(t, seat, kind.judge, kind.id)
    if kind.id in ("paralysis-shock", "power-shortage"):
        holder.judgement.remove(entry)
        t.discard.append(entry)
        if not hit:
            if kind.id == "paralysis-shock":
                t.skip_play = True
            else:
                t.skip_draw = True
            t.note(f"{t.name(seat)} skips the {kind.effects[0].get('phase')} phase")
        return
    if kind.id == "nine-grid":
        move_on(t, seat, entry)
        if hit:
            yield from nine_grid_duel(t, seat)
        return
    blocked = kind.id == "ion-cannon" and t.wears(seat, "selfabottom")  # LBS-EQ-SELFABOTTOM
    if hit and not blocked:
        holder.judgement.remove(entry)
        t.discard.append(entry)
        step = kind.effect("damage")
        element = Element(str(step.get("element", "none"))) if step is not None else Element.NONE
        amount = HALF * kind.step_value("damage")
        yield from damage(t, Hit(None, seat, amount, element, kind.name))
    else:
        move_on(t, seat, entry)


def nine_grid_duel(t: Table, seat: int) -> Proc[None]:
    """LBS-CARD-NINEGRID: the holder picks a character and duels it as with 決鬥."""
    candidates = tuple(s for s in t.order_from(t.next_alive(seat)) if s != seat)
    if not candidates:
        return
    answer = yield Request(seat, Ask.TARGET, reason="nine-grid", seats=candidates, optional=False)
    assert isinstance(answer, Target)
    target = answer.seat
    t.hostile(seat, target)
    t.note(f"{t.name(seat)} duels {t.name(target)} (九宮格)")
    if d.NINE_GRID_DUEL_CAN_BE_UNDONE and not (yield from effect_stands(t, seat, target, "duel")):
        return
    amount = HALF * t.setup.data.cards["duel"].step_value("damage")
    yield from alternate(t, target, seat, "duel", amount)
