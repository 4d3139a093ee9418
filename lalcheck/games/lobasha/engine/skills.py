"""The sample characters' skills (data/lobasha/characters.yaml), and the point duel.

Skills that act at a moment of their own live here: play-phase skills
(過載 overload, 干擾 jam, 清洗 purge), turn-start skills (擬態 mimicry, 自修
self-repair), turn-end skills (囤積 cache, 冬眠 hibernate) and 囤積's draw. Skills
that change a rule where it is applied live with that rule: 偵察 scout
(distance), 拾荒 scavenge and 增援 reinforce (draw count), 不滅核心 core-frame
(hand limit) in :mod:`.state`; 絕緣 insulated (damage) and 背水 last-stand
(dying) in :mod:`.core`; 改寫 rewrite in the judgement (:func:`.core.judge`);
護島令 rally in the 閃 demand (:func:`.combat.rally`). Whether a skill works at
all (lord, limited, gene, jammed) is :meth:`.state.Table.skill`.
"""

from __future__ import annotations

from lalcheck.games.lobasha.cards import Colour, Element, JudgeCondition
from lalcheck.games.lobasha.characters import Faction, Gender, Skill, SkillKind, gender_is
from lalcheck.games.lobasha.engine import actions
from lalcheck.games.lobasha.engine.actions import YES, Choose, Pick
from lalcheck.games.lobasha.engine.combat import rock_buster
from lalcheck.games.lobasha.engine.core import (
    HALF,
    Hit,
    Proc,
    damage,
    discard_own,
    discard_processed,
    draw,
    judged,
    recover,
)
from lalcheck.games.lobasha.engine.requests import Ask, Request
from lalcheck.games.lobasha.engine.state import Table

#: 自修 self-repair recovers half a point on a red judgement.
RED = JudgeCondition(colour=Colour.RED)
SELF_REPAIR = 1
#: 囤積 cache keeps at most this many set-aside cards.
CACHE_SIZE = 2
#: Abilities usable once per play phase.
ONCE_PER_TURN = frozenset({"jam", "purge", "rock-buster"})


def judgement_condition(t: Table, reason: str) -> JudgeCondition | None:
    """What a judgement made for ``reason`` looks for: a card's condition, or 自修's red."""
    if reason == "self-repair":
        return RED
    cards = t.setup.data.cards
    return cards[reason].judge if reason in cards else None


def use_skill(t: Table, seat: int, answer: actions.Skill) -> Proc[None]:
    """A skill or equipment ability used in the play phase (checked to be legal)."""
    name = answer.name
    if name == "rock-buster":
        yield from rock_buster(t, seat, answer.targets[0])
    elif name == "overload":
        yield from overload(t, seat)
    elif name == "jam":
        yield from jam(t, seat, answer.targets[0])
    elif name == "purge":
        yield from purge(t, seat, answer.targets[0])


def overload(t: Table, seat: int) -> Proc[None]:
    """過載 (limited, LBS-SKILL-LIMITED): 1 thunder damage to each other character at distance 1."""
    holder = t.seats[seat]
    holder.limited_used |= {"overload"}
    t.note(f"{t.name(seat)} overloads")
    targets = [
        s for s in t.order_from(t.next_alive(seat)) if s != seat and t.distance(seat, s) <= 1
    ]
    for target in targets:
        t.hostile(seat, target)
    for target in targets:
        yield from damage(t, Hit(seat, target, HALF, Element.THUNDER, "過載"))


def point_duel(t: Table, first: int, second: int) -> Proc[bool]:
    """LBS-TERM-POINTDUEL: both put a hand card face down, then show them; ``first``
    wins only with a higher rank; both cards are discarded."""
    chosen = []
    for seat, other in ((first, second), (second, first)):
        answer = yield Request(
            seat,
            Ask.CARD,
            reason="point-duel",
            target=other,
            cards=tuple(t.seats[seat].hand),
            optional=False,
        )
        assert isinstance(answer, Pick)
        t.seats[seat].hand.remove(answer.card)
        t.processing.append(answer.card)
        t.face_down |= {answer.card}
        chosen.append(answer.card)
    t.face_down -= set(chosen)
    mine, theirs = (t.card(entry) for entry in chosen)
    won = mine.rank > theirs.rank
    t.note(
        f"point duel: {t.name(first)} {mine} against {t.name(second)} {theirs}: "
        f"{t.name(first) if won else t.name(second)} wins"
    )
    discard_processed(t, *chosen)
    return won


def jam(t: Table, seat: int, target: int) -> Proc[None]:
    """干擾: point duel; a win stops the target's non-gene skills this turn
    (LBS-SKILL-GENE), a loss ends the play phase."""
    t.once_used |= {"jam"}
    t.hostile(seat, target)
    if (yield from point_duel(t, seat, target)):
        t.seats[target].jammed = True
        t.note(f"{t.name(target)}'s skills are jammed until the end of the turn")
    else:
        t.end_play = True


def purge(t: Table, seat: int, target: int) -> Proc[None]:
    """清洗: a 洛 character discards a hand card of its choice (LBS-CHAR-1: 雜 are immune)."""
    t.once_used |= {"purge"}
    t.hostile(seat, target)
    yield from discard_own(t, target, 1, "purge")


def purge_targets(t: Table, seat: int) -> list[int]:
    """清洗 aims at 洛 characters only (LBS-CHAR-1)."""
    return [
        s
        for s in t.order_from(seat)
        if s != seat and t.seats[s].character.faction is Faction.LO and t.seats[s].hand
    ]


def borrowable(t: Table, seat: int) -> list[tuple[int, Skill]]:
    """擬態: skills of other living male characters (LBS-GENDER-3: never a genderless
    one) that may be copied (no lord, limited or gene skill, LBS-SKILL-GENE)."""
    barred = {SkillKind.LORD, SkillKind.LIMITED, SkillKind.GENE}
    return [
        (other, skill)
        for other in t.order_from(seat)
        if other != seat and gender_is(t.seats[other].character.gender, Gender.MALE)
        for skill in t.seats[other].character.skills
        if not skill.kinds & barred and skill.id != "mimicry"
    ]


def turn_start(t: Table, seat: int) -> Proc[None]:
    """LBS-TURN-1: the turn-start phase (擬態, 自修)."""
    if t.has_skill(seat, "mimicry"):
        offers = borrowable(t, seat)
        if offers:
            options = tuple(f"{other}:{skill.id}" for other, skill in offers)
            answer = yield Request(seat, Ask.OPTION, reason="mimicry", options=options)
            if isinstance(answer, Choose):
                index = options.index(answer.option)
                t.seats[seat].borrowed = offers[index][1]
                t.note(f"{t.name(seat)} mimics {offers[index][1].name}")
    locked_repair = t.has_skill(seat, "self-repair") and t.seats[seat].wounded  # no choice
    if locked_repair and (yield from judged(t, seat, RED, "self-repair")):
        recover(t, seat, SELF_REPAIR, "self-repair")


def draw_phase(t: Table, seat: int) -> Proc[None]:
    """LBS-TURN-3: draw 2 (skills change the count); 囤積 may take its cards instead."""
    holder = t.seats[seat]
    if t.has_skill(seat, "cache") and holder.aside:
        answer = yield Request(seat, Ask.OPTION, reason="cache", options=("take",))
        if answer == Choose("take"):
            holder.hand.extend(holder.aside)
            t.note(f"{t.name(seat)} takes {len(holder.aside)} set-aside cards instead of drawing")
            holder.aside.clear()
            return
    draw(t, seat, t.draw_count(seat))


def turn_end(t: Table, seat: int) -> Proc[None]:
    """LBS-TURN-1: the turn-end phase (囤積 sets a card aside, 冬眠 draws and flips)."""
    holder = t.seats[seat]
    if t.has_skill(seat, "cache") and holder.hand and len(holder.aside) < CACHE_SIZE:
        answer = yield Request(seat, Ask.CARD, reason="cache", cards=tuple(holder.hand))
        if isinstance(answer, Pick):  # LBS-TERM-SETASIDE
            holder.hand.remove(answer.card)
            holder.aside.append(answer.card)
            t.note(f"{t.name(seat)} sets a card aside")
    if t.has_skill(seat, "hibernate"):
        answer = yield Request(seat, Ask.OPTION, reason="hibernate", options=("yes",))
        if answer == YES:  # LBS-TERM-FLIP
            draw(t, seat, 2)
            holder.flipped = not holder.flipped
            t.note(f"{t.name(seat)} hibernates (flipped)")
