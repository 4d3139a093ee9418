"""殺 and everything that answers it: 閃 demands with 還/額 chains, weapons and armour
on a 殺, demands for a 殺, the alternating duels (決鬥, 速食麵, 針刺陣), 洛克炮."""

from __future__ import annotations

from dataclasses import dataclass

from lalcheck.games.lobasha.cards import Colour, Element, Slot
from lalcheck.games.lobasha.characters import opposite_gender
from lalcheck.games.lobasha.engine import decisions as d
from lalcheck.games.lobasha.engine.actions import YES, Choose, Pass, Pick, Skill, Target, Use
from lalcheck.games.lobasha.engine.core import (
    HALF,
    Hit,
    Proc,
    damage,
    discard_own,
    discard_processed,
    draw,
    judged,
    lose_card,
    play_card,
    play_from_hand,
    take_card,
)
from lalcheck.games.lobasha.engine.requests import Ask, Request
from lalcheck.games.lobasha.engine.state import Table

#: Cards that count as a 殺 in answers (LBS-OPEN-11: 轟 too).
KILL_SUBKINDS = frozenset({"kill", "blast"} if d.BLAST_IS_A_KILL else {"kill"})


@dataclass(frozen=True, slots=True)
class Attack:
    """A 殺 in use: 殺 or 轟, its element, colour (光量盾), damage in half points, and
    whether it already spent a 電 (LBS-OPEN-9)."""

    kind: str
    element: Element
    colour: Colour
    damage: int
    charged: bool = False


@dataclass(frozen=True, slots=True)
class Dodges:
    """How a demand for 閃 ended: stopped or not, and the 還 that stood (each strikes back)."""

    dodged: bool
    ripostes: int = 0


def cards_of(use: Use) -> tuple[int, ...]:
    """The hand cards a 殺 use takes: one card, or two for a 火炮 殺."""
    return (use.card, *use.extra) if use.mode == "cannon" else (use.card,)


def attack_of(t: Table, use: Use) -> Attack:
    """The 殺 a use makes: element conversions (雷電劍, 火焰噴射器), 火炮's colour (LBS-OPEN-20)."""
    if use.mode == "cannon":
        colours = {t.card(e).colour for e in cards_of(use)}
        if len(colours) == 1 or not d.MIXED_COLOURS_ARE_COLOURLESS:
            colour = t.card(use.card).colour
        else:
            colour = Colour.NONE
        kill = t.setup.data.cards["kill"]
        return Attack("kill", Element.NONE, colour, HALF * kill.step_value("damage"))
    entry = t.card(use.card)
    kind = entry.kind
    element = kind.element
    if use.mode == "thunder":
        element = Element.THUNDER
    elif use.mode == "fire":
        element = Element.FIRE
    name = "blast" if kind.subkind == "blast" else "kill"
    return Attack(name, element, entry.colour, HALF * kind.step_value("damage"))


def use_kill(t: Table, user: int, use: Use, *, counts: bool = True) -> Proc[None]:
    """LBS-CARD-KILL / LBS-CARD-BLAST: use a 殺 (or 轟) on its targets in turn."""
    cards = cards_of(use)
    play_from_hand(t, user, *cards)
    attack = attack_of(t, use)
    if attack.kind == "kill" and t.charge_pending and not d.CHARGE_WAITS_FOR_DAMAGE:
        t.charge_pending = False  # LBS-OPEN-9 the other way: this 殺 spends it, hit or not
        attack = Attack(attack.kind, attack.element, attack.colour, attack.damage, True)
    if counts:
        t.kills_used += 1
    if use.mode == "triple":  # LBS-EQ-SABER, LBS-OPEN-19
        t.triple = (use.targets[0], 1)
    elif t.triple is not None:
        t.triple = (t.triple[0], t.triple[1] + 1)
        if t.triple[1] >= d.TRIPLE_SLASH_KILLS:
            t.end_play = True
    shown = "+".join(str(t.card(e)) for e in cards)
    element = "" if attack.element is Element.NONE else f" ({attack.element.value})"
    targets = ", ".join(t.name(s) for s in use.targets)
    t.note(f"{t.name(user)} uses {shown}{element} on {targets}")
    for target in use.targets:
        t.hostile(user, target)
    for target in use.targets:
        if t.seats[target].alive and t.seats[user].alive:
            yield from kill_effect(t, user, target, attack, set())
    discard_processed(t, *cards)


def immune(t: Table, user: int, target: int, attack: Attack, armour_void: bool) -> bool:
    """Armour a 殺 has no effect on: 光量盾 (black), 套裝甲 (no element), 安全帽 (far)."""
    entry = None if armour_void else t.seats[target].equipment.get(Slot.ARMOUR)
    if entry is None:
        return False
    armour = t.kind(entry)
    if armour.id == "photon-shield":
        return attack.colour is Colour.BLACK
    if armour.id == "suit-armour":
        return attack.element is Element.NONE
    if armour.id == "hard-hat":
        step = armour.effect("immune")
        reach = step.get("distance", 1) if step is not None else 1
        return isinstance(reach, int) and t.distance(user, target) > reach
    return False


def kill_effect(
    t: Table, user: int, target: int, attack: Attack, dodged_by: set[int]
) -> Proc[None]:
    """One target of a 殺: immunity, 傑洛拳套, the 閃 demand (雙連針刺: two), then on a
    block 衝擊鑽 / 閃光雷射 and 還 strikes, on a hit 淬火器 / 噴水槍 or the damage (電,
    毒焰彈) and 火箭筒."""
    armour_void = t.weapon(user) == "energy-blade"  # LBS-EQ-ENERGYBLADE
    if immune(t, user, target, attack, armour_void):
        t.note(f"the 殺 has no effect on {t.name(target)}")
        return
    if t.weapon(user) == "zero-knuckle" and opposite_gender(
        t.seats[user].character.gender, t.seats[target].character.gender
    ):
        yield from zero_knuckle(t, user, target)
    needed = 1
    weapon = t.equipped(user, Slot.WEAPON)
    if weapon is not None and weapon.id == "twin-needle":  # LBS-EQ-TWINNEEDLE
        needed = weapon.step_value("dodges-needed", default=2)
    result = yield from demand_dodge(t, target, user, attack.kind, needed, armour_void)
    hit = not result.dodged
    if result.dodged and t.seats[user].alive:
        if t.weapon(user) == "impact-drill":
            hit = yield from impact_drill(t, user)
        elif t.weapon(user) == "flash-laser":
            yield from strike_back(t, target, user, result.ripostes)
            yield from flash_laser(t, user, target, attack, dodged_by)
            return
    if not hit:
        yield from strike_back(t, target, user, result.ripostes)
        return
    if not (t.seats[user].alive and t.seats[target].alive):
        return
    if t.weapon(user) == "quencher" and t.seats[target].cards():  # LBS-EQ-QUENCHER
        answer = yield Request(user, Ask.OPTION, reason="quencher", target=target, options=("yes",))
        if answer == YES:
            for _ in range(2):
                entry = yield from take_card(t, user, target, "quencher")
                if entry is not None:
                    yield from lose_card(t, target, entry)
            return
    if t.weapon(user) == "water-gun":  # LBS-EQ-WATERGUN
        answer = yield Request(
            user, Ask.OPTION, reason="water-gun", target=target, options=("yes",)
        )
        if answer == YES:
            t.seats[target].flipped = not t.seats[target].flipped
            t.note(f"{t.name(user)} flips {t.name(target)} with the 噴水槍")
            return
    bonus = 0
    charged = attack.charged or (attack.kind == "kill" and t.charge_pending)  # LBS-OPEN-9
    if charged:
        bonus += HALF * t.setup.data.cards["charge"].step_value("boost-kill")
    weapon = t.equipped(user, Slot.WEAPON)
    if weapon is not None and weapon.id == "venom-flame" and not t.seats[target].hand:
        bonus += HALF * weapon.step_value("bonus-if-no-hand")
    cause = "轟" if attack.kind == "blast" else "殺"
    blow = Hit(user, target, attack.damage, attack.element, cause, bonus, charged, armour_void)
    dealt = yield from damage(t, blow)
    if dealt and t.weapon(user) == "bazooka":
        yield from bazooka(t, user, target)


def zero_knuckle(t: Table, user: int, target: int) -> Proc[None]:
    """LBS-EQ-ZEROKNUCKLE: the target chooses - the user draws 1, or it discards 1."""
    answer = yield Request(user, Ask.OPTION, reason="zero-knuckle", target=target, options=("yes",))
    if answer != YES:
        return
    options = ("draw", "discard") if t.seats[target].hand else ("draw",)
    choice = yield Request(
        target, Ask.OPTION, reason="zero-knuckle", source=user, options=options, optional=False
    )
    if isinstance(choice, Choose) and choice.option == "discard":
        yield from discard_own(t, target, 1, "zero-knuckle")
    else:
        draw(t, user, 1)


def impact_drill(t: Table, user: int) -> Proc[bool]:
    """LBS-EQ-DRILL: discard two hand or equipment cards (not the drill) to hit anyway."""
    holder = t.seats[user]
    drill = holder.equipment[Slot.WEAPON]
    if len(holder.hand) + len(holder.equipment) - 1 < 2:
        return False
    answer = yield Request(user, Ask.OPTION, reason="impact-drill", options=("yes",))
    if answer != YES:
        return False
    for left in (2, 1):
        candidates = (*holder.hand, *(e for e in holder.equipment.values() if e != drill))
        pick = yield Request(
            user, Ask.CARD, reason="impact-drill", cards=candidates, count=left, optional=False
        )
        assert isinstance(pick, Pick)
        yield from lose_card(t, user, pick.card)
    t.note(f"{t.name(user)} drives the 殺 home with the 衝擊鑽")
    return True


def flash_laser(
    t: Table, user: int, target: int, attack: Attack, dodged_by: set[int]
) -> Proc[None]:
    """LBS-EQ-FLASHLASER: aim the dodged 殺 at another character in range that has not
    dodged it yet."""
    dodged_by.add(target)
    candidates = tuple(
        s
        for s in t.order_from(t.next_alive(user))
        if s != user and s not in dodged_by and t.in_range(user, s)
    )
    if not candidates or t.weapon(user) != "flash-laser":
        return
    answer = yield Request(user, Ask.TARGET, reason="flash-laser", seats=candidates)
    if isinstance(answer, Target):
        t.note(f"{t.name(user)} turns the 閃光雷射 on {t.name(answer.seat)}")
        t.hostile(user, answer.seat)
        yield from kill_effect(t, user, answer.seat, attack, dodged_by)


def bazooka(t: Table, user: int, target: int) -> Proc[None]:
    """LBS-EQ-BAZOOKA: discard one defensive- or attack-distance card of the target."""
    holder = t.seats[target]
    if not holder.alive:
        return
    slots = (Slot.DEFENSIVE, Slot.ATTACK, Slot.THRUSTER)
    candidates = tuple(holder.equipment[s] for s in slots if s in holder.equipment)
    if not candidates:
        return
    answer = yield Request(user, Ask.CARD, reason="bazooka", target=target, cards=candidates)
    if isinstance(answer, Pick):
        yield from lose_card(t, target, answer.card)


# -- demands for 閃 (LBS-CARD-DODGE, -RIPOSTE, -EXTRA, LBS-OPEN-12) -------------------


def can_dodge(t: Table, seat: int, armour_void: bool = False) -> bool:
    """LBS-EQ-FORTRESS / LBS-OPEN-22: a 堡壘 wearer plays no 閃 of any kind."""
    return armour_void or not (d.FORTRESS_BLOCKS_EVERY_DODGE and t.armour(seat) == "fortress")


def demand_dodge(
    t: Table,
    who: int,
    attacker: int | None,
    reason: str,
    needed: int = 1,
    armour_void: bool = False,
) -> Proc[Dodges]:
    """``who`` must play ``needed`` 閃: a 閃 or 還 card, a 防禦網 judgement, or a 閃 given
    by the Lord's 護島令. After each, the attacker may void it with an 額."""
    if not can_dodge(t, who, armour_void):
        return Dodges(False)
    got = ripostes = 0
    tried: set[str] = set()
    while got < needed and t.seats[who].alive:
        answer = yield Request(
            who,
            Ask.DODGE,
            reason=reason,
            source=attacker,
            count=needed - got,
            options=tuple(sorted(tried)),
            armour_void=armour_void,
        )
        if isinstance(answer, Pass):
            break
        played = ""
        if isinstance(answer, Skill):
            tried.add(answer.name)
            if answer.name == "defence-net":  # LBS-EQ-NET
                net = t.equipped(who, Slot.ARMOUR)
                assert net is not None
                if not (yield from judged(t, who, net.judge, "defence-net")):
                    continue
                played = "defence-net"
                t.note(f"{t.name(who)}'s 防禦網 counts as a 閃")
            elif (yield from rally(t, who, attacker, reason)):
                played = "rally"
            else:
                continue
        else:
            assert isinstance(answer, Use)
            played = t.kind(answer.card).id
            play_card(t, who, answer.card, f"against {reason}")
        tried.clear()
        if (
            attacker is not None
            and attacker != who
            and t.seats[attacker].alive
            and (d.EXTRA_VOIDS_ANY_DODGE or played == "dodge")
        ):
            extra = yield Request(attacker, Ask.EXTRA, reason=reason, target=who)
            if isinstance(extra, Use):  # LBS-CARD-EXTRA: the 閃 is void
                play_card(t, attacker, extra.card, "voiding the 閃")
                continue
        got += 1
        if played == "riposte":
            ripostes += 1
    return Dodges(got >= needed, ripostes)


def rally(t: Table, lord: int, attacker: int | None, reason: str) -> Proc[bool]:
    """Sample lord skill 護島令: in seat order, each character who answers the emblem may
    play a 閃 for the Lord (LBS-SKILL-LORD, LBS-CHAR-2)."""
    skill = t.skill(lord, "rally")
    assert skill is not None and skill.emblem is not None
    t.note(f"{t.name(lord)} calls the {skill.emblem} emblem (護島令)")
    for helper in t.emblem_answerers(lord, skill.emblem):
        answer = yield Request(helper, Ask.DODGE, reason="rally", source=attacker, target=lord)
        if isinstance(answer, Use):
            play_card(t, helper, answer.card, f"for {t.name(lord)} against {reason}")
            t.friendly(helper, lord)
            return True
    return False


def strike_back(t: Table, riposter: int, victim: int, times: int) -> Proc[None]:
    """LBS-CARD-RIPOSTE: after the attack is stopped, each 還 that stood makes the
    attacker play a 閃 (answerable with 還 again, LBS-OPEN-12) or take 1 damage."""
    riposte = t.setup.data.cards["riposte"]
    for _ in range(times if d.RIPOSTE_STRIKES_AFTER_BLOCK else 0):
        if not (t.seats[riposter].alive and t.seats[victim].alive):
            return
        t.hostile(riposter, victim)
        result = yield from demand_dodge(t, victim, riposter, "riposte")
        if result.dodged:
            yield from strike_back(t, victim, riposter, result.ripostes)
        else:
            amount = HALF * riposte.step_value("damage")
            yield from damage(t, Hit(riposter, victim, amount, Element.NONE, "還"))


# -- demands for 殺 and the alternating duels -------------------------------------------


def demand_kill(t: Table, who: int, opponent: int | None, reason: str) -> Proc[bool]:
    """``who`` must play a 殺 (a 轟, or a 火炮 pair); True when it does."""
    answer = yield Request(who, Ask.KILL, reason=reason, source=opponent)
    if not isinstance(answer, Use):
        return False
    for entry in cards_of(answer):
        play_card(t, who, entry, reason)
    return True


def demand_needle(t: Table, who: int, opponent: int) -> Proc[bool]:
    """針刺陣: ``who`` plays a 閃, 額 or 還 (or a 防禦網 success); True when it does."""
    tried_net = False
    while t.seats[who].alive:
        answer = yield Request(
            who,
            Ask.NEEDLE,
            reason="needle-array",
            source=opponent,
            options=("defence-net",) if tried_net else (),
        )
        if isinstance(answer, Use):
            play_card(t, who, answer.card, "針刺陣")
            return True
        if not isinstance(answer, Skill):
            return False
        tried_net = True
        net = t.equipped(who, Slot.ARMOUR)
        assert net is not None
        if (yield from judged(t, who, net.judge, "defence-net")):
            return True
    return False


def alternate(
    t: Table, first: int, second: int, reason: str, amount: int, *, needle: bool = False
) -> Proc[None]:
    """決鬥 / 速食麵 / 針刺陣: ``first`` and ``second`` take turns playing; the first who
    does not takes ``amount`` half points of damage from the other."""
    one, other = first, second
    while t.seats[one].alive and t.seats[other].alive:
        if needle:
            played = yield from demand_needle(t, one, other)
        else:
            played = yield from demand_kill(t, one, other, reason)
        if not played:
            yield from damage(t, Hit(other, one, amount, Element.NONE, reason))
            return
        one, other = other, one


def rock_buster(t: Table, user: int, target: int) -> Proc[None]:
    """LBS-EQ-ROCKBUSTER: once per turn, unless the target plays a 閃 it takes ½ damage."""
    weapon = t.equipped(user, Slot.WEAPON)
    assert weapon is not None
    t.once_used |= {"rock-buster"}
    t.hostile(user, target)
    t.note(f"{t.name(user)} fires the 洛克炮 at {t.name(target)}")
    result = yield from demand_dodge(t, target, user, "rock-buster")
    if not result.dodged:
        yield from damage(
            t,
            Hit(
                user, target, weapon.step_value("damage", "half_points", 1), Element.NONE, "洛克炮"
            ),
        )
    else:
        yield from strike_back(t, target, user, result.ripostes)
