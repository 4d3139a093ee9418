"""The one place where abilities change the rules: member values, battle rules,
conditions and filters.

Every rule that reads a member's power, spirit or limit, or asks whether spirit
decides a battle, whether a tie goes to the defender, or whether the defender may
intercept, asks this module. It layers, on top of a card's printed values:

1. the member's "until end of turn" boosts and the battle's own additions (logic,
   intercepts, "until end of battle" boosts) for a battling member;
2. the modifiers of every continuous ability (【永】) whose conditions hold: those
   of members on the field, those their soul cards give them (R-TRANCE), and those
   of the face-up paradox (seed 000 §5: "逆理卡在逆理区或战斗区放置，就持续发挥效果");
3. the face-up paradox's paradox rule: spirit decides (seed 000 [4-B]) plus the
   rules and stat changes its ``paradox_rule`` ability lists;
4. rules switched on by effects until the end of the battle or turn.
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.games.luck_and_logic.abilities.model import (
    Ability,
    Condition,
    ConditionKind,
    Filter,
    Kind,
    Modifier,
    Row,
    Rule,
    RuleModifier,
    Side,
    Stat,
    StatModifier,
    Target,
    TargetKind,
)
from lalcheck.games.luck_and_logic.cards import Card
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine.state import (
    FRONT_ROW,
    LIMIT,
    POWER,
    SPIRIT,
    GameState,
    Member,
)

_STAT_INDEX = {Stat.POWER: POWER, Stat.SPIRIT: SPIRIT, Stat.LIMIT: LIMIT}
# Enum members read on the hot paths (a class attribute lookup costs a descriptor call).
_POWER_STAT, _SPIRIT_STAT, _LIMIT_STAT = Stat.POWER, Stat.SPIRIT, Stat.LIMIT
_ATTACKING, _SELF = ConditionKind.ATTACKING, TargetKind.SELF
_JUDGE_SPIRIT, _NO_INTERCEPT = Rule.JUDGE_SPIRIT, Rule.NO_INTERCEPT
#: Seed 000 [4-B]: a face-up paradox makes spirit decide, whatever its card says.
_PARADOX_BASE = Ability(Kind.PARADOX_RULE, modifiers=(RuleModifier(Rule.JUDGE_SPIRIT),))


# -- conditions and filters -----------------------------------------------------------------


def owner_of(game: GameState, member: Member) -> int:
    """The player whose field holds ``member`` (-1: none)."""
    for player in (0, 1):
        if member in game.players[player].field:
            return player
    return -1


def battle_side(game: GameState, member: Member) -> int:
    """0 when ``member`` attacks in the battle in progress, 1 when it is attacked, else -1."""
    battle = game.battle
    if battle is None or not member.uid:
        return -1
    if member.uid == battle.attacker_uid:
        return 0
    if member.uid == battle.defender_uid:
        return 1
    return -1


def card_matches(card: Card, wanted: Filter) -> bool:
    """The card-level tests of a filter: type, world, color, character, attribute, level."""
    if wanted.types and card.type.value not in wanted.types:
        return False
    if wanted.worlds and (card.world is None or card.world.value not in wanted.worlds):
        return False
    if wanted.colors and (card.color is None or card.color.value not in wanted.colors):
        return False
    if wanted.character is not None and card.character != wanted.character:
        return False
    if wanted.attribute is not None and wanted.attribute not in card.attributes:
        return False
    level = card.level or 0
    if wanted.level_at_most is not None and level > wanted.level_at_most:
        return False
    return wanted.level_at_least is None or level >= wanted.level_at_least


def member_matches(game: GameState, member: Member, wanted: Filter, bearer: int) -> bool:
    """A member on the field against a filter (``other``: not the member ``bearer``)."""
    if not card_matches(member.card, wanted):
        return False
    if wanted.rested is not None and member.rested != wanted.rested:
        return False
    if wanted.other and member.uid == bearer:
        return False
    if wanted.row is not None and (member.circles[0] in FRONT_ROW) != (wanted.row is Row.FRONT):
        return False
    if wanted.battling is not None and (battle_side(game, member) >= 0) != wanted.battling:
        return False
    souls = len(member.souls)
    if wanted.soul_at_least is not None and souls < wanted.soul_at_least:
        return False
    if wanted.soul_at_most is not None and souls > wanted.soul_at_most:
        return False
    return wanted.soul_character is None or has_soul_of(member, wanted.soul_character)


def has_soul_of(member: Member, character: str) -> bool:
    """Whether a card of ``character`` is in the member's soul, or its fused logicalist
    counts as that character (a My Logicalist, seed 000 补充3 line 212)."""
    return member.soul_character == character or any(
        card.character == character for card in member.souls
    )


def sides(owner: int, side: Side) -> tuple[int, ...]:
    """The players a side names from ``owner``'s point of view."""
    if side is Side.OWN:
        return (owner,)
    if side is Side.OPPONENT:
        return (1 - owner,)
    return (owner, 1 - owner)


def _count(game: GameState, owner: int, bearer: Member | None, condition: Condition) -> int:
    kind = condition.kind
    state = game.players[owner]
    if kind is ConditionKind.LEVEL:
        return len(state.level)
    if kind is ConditionKind.LEVEL_ZONE:
        return sum(
            1
            for card, up in zip(state.level, state.level_face_up, strict=True)
            if up and card_matches(card, condition.filter)
        )
    if kind is ConditionKind.SOUL:
        return len(bearer.souls) if bearer is not None else 0
    if kind is ConditionKind.MEMBERS:
        uid = bearer.uid if bearer is not None else 0
        return sum(
            1
            for player in sides(owner, condition.side)
            for member in game.players[player].members()
            if member_matches(game, member, condition.filter, uid)
        )
    if kind is ConditionKind.HAND:
        return len(state.hand)
    if kind is ConditionKind.COST_ZONE:
        return len(state.cost)
    return sum(game.players[p].gates_destroyed for p in sides(owner, condition.side))


def holds(game: GameState, owner: int, bearer: Member | None, condition: Condition) -> bool:
    """Whether one condition is true now for the ability of ``owner`` (and ``bearer``)."""
    kind = condition.kind
    if kind is _ATTACKING:
        battle = game.battle
        truth = (
            battle is not None
            and bearer is not None
            and bearer.uid != 0
            and bearer.uid == battle.attacker_uid
        )
    elif kind is ConditionKind.BATTLING:
        truth = bearer is not None and battle_side(game, bearer) >= 0
    elif kind is ConditionKind.PARADOX:
        # A face-up paradox is in play (not "any rule": a condition never reads the
        # layer it is part of).
        truth = game.up_paradox is not None
    elif kind is ConditionKind.OWN_TURN:
        truth = game.active == owner
    elif kind is ConditionKind.ROW:
        truth = bearer is not None and (
            (bearer.circles[0] in FRONT_ROW) == (condition.row is Row.FRONT)
        )
    else:
        count = _count(game, owner, bearer, condition)
        if condition.at_least is not None and count < condition.at_least:
            return False
        return condition.at_most is None or count <= condition.at_most
    return truth != condition.negate


def applies(game: GameState, owner: int, bearer: Member | None, ability: Ability) -> bool:
    """EXsoul X and every condition of the ability hold (seed 001 "EXsoul")."""
    if ability.exsoul and (bearer is None or len(bearer.souls) < ability.exsoul):
        return False
    conditions = ability.conditions
    if not conditions:
        return True
    if len(conditions) == 1:  # the usual case, without a generator
        return holds(game, owner, bearer, conditions[0])
    return all(holds(game, owner, bearer, condition) for condition in conditions)


# -- the active modifiers ------------------------------------------------------------------


def _paradox_modifiers(game: GameState) -> Iterator[tuple[int, Modifier]]:
    """``(owner, modifier)`` of the face-up paradox: the seed's rule, its paradox
    rule and its continuous abilities (seed 000 §5)."""
    up = game.up_paradox
    if up is None:
        return
    for modifier in _PARADOX_BASE.modifiers:
        yield up.owner, modifier
    effects = up.card.abilities
    for ability in (*effects.paradox_rules, *effects.continuous):
        if applies(game, up.owner, None, ability):
            for modifier in ability.modifiers:
                yield up.owner, modifier


def _reaches(
    game: GameState, owner: int, bearer: Member | None, to: Target, member: Member
) -> bool:
    """Whether a modifier's ``to`` names ``member``."""
    kind = to.kind
    if kind is _SELF:
        return bearer is member
    side = battle_side(game, member)
    if kind is TargetKind.BATTLING or kind is TargetKind.OPPOSING:
        if side < 0:
            return False
        battle = game.battle
        assert battle is not None
        member_player = battle.attacker if side == 0 else 1 - battle.attacker
        return (member_player == owner) == (kind is TargetKind.BATTLING)
    member_owner = owner_of(game, member)
    if member_owner not in sides(owner, to.side):
        return False
    return member_matches(game, member, to.filter, bearer.uid if bearer else 0)


def _stat_change(
    game: GameState, owner: int, bearer: Member | None, ability: Ability, stat: Stat, member: Member
) -> int:
    if not applies(game, owner, bearer, ability):
        return 0
    total = 0
    for modifier in ability.modifiers:
        if (
            isinstance(modifier, StatModifier)
            and modifier.stat is stat
            and _reaches(game, owner, bearer, modifier.to, member)
        ):
            total += modifier.value * (len(member.souls) if modifier.per_soul else 1)
    return total


def value(game: GameState, member: Member, stat: Stat) -> int:
    """A member's power, spirit or limit now, with every layer applied."""
    card = member.card
    if stat is _POWER_STAT:
        index, total = POWER, (card.power or 0) + member.power_bonus
    elif stat is _SPIRIT_STAT:
        index, total = SPIRIT, (card.spirit or 0) + member.spirit_bonus
    else:
        index, total = LIMIT, (card.limit or 0) + member.limit_bonus
    battle = game.battle
    uid = member.uid
    if battle is not None and uid:
        if uid == battle.attacker_uid:
            total += battle.bonus[0][index]
        elif uid == battle.defender_uid:
            total += battle.bonus[1][index]
    owner = -2  # found only when an ability needs it
    for ability in card.abilities.continuous:
        owner = owner_of(game, member) if owner == -2 else owner
        total += _stat_change(game, owner, member, ability, stat, member)
    for soul in member.souls:
        given = soul.soul_abilities
        if given is not None:
            for ability in given.continuous:
                owner = owner_of(game, member) if owner == -2 else owner
                total += _stat_change(game, owner, member, ability, stat, member)
    for owner in (0, 1):
        state = game.players[owner]
        if not state.reaching:
            continue
        for circle, other in enumerate(state.field, 1):
            if other is None or other is member or other.circles[0] != circle:
                continue  # each other member once, at its lowest circle
            for ability in other.card.abilities.reaching:
                total += _stat_change(game, owner, other, ability, stat, member)
            for soul in other.souls:
                given = soul.soul_abilities
                if given is not None:
                    for ability in given.reaching:
                        total += _stat_change(game, owner, other, ability, stat, member)
    if game.up_paradox is not None:
        for owner, modifier in _paradox_modifiers(game):
            if (
                isinstance(modifier, StatModifier)
                and modifier.stat is stat
                and _reaches(game, owner, None, modifier.to, member)
            ):
                total += modifier.value * (len(member.souls) if modifier.per_soul else 1)
    floor = d.STATS_FLOOR
    return total if total > floor else floor


def power(game: GameState, member: Member) -> int:
    return value(game, member, _POWER_STAT)


def spirit(game: GameState, member: Member) -> int:
    return value(game, member, _SPIRIT_STAT)


def limit(game: GameState, member: Member) -> int:
    return value(game, member, _LIMIT_STAT)


def rule_owners(game: GameState, rule: Rule) -> set[int]:
    """The players whose abilities or effects switch ``rule`` on now."""
    owners = {owner for owner, r, _ in game.rules_until if r is rule}
    for owner, state in enumerate(game.players):
        if not state.reaching:
            continue
        for circle, member in enumerate(state.field, 1):
            if member is None or member.circles[0] != circle:
                continue
            for ability in member.card.abilities.ruling:
                if _switches(game, owner, member, ability, rule):
                    owners.add(owner)
            for soul in member.souls:
                given = soul.soul_abilities
                for ability in given.ruling if given is not None else ():
                    if _switches(game, owner, member, ability, rule):
                        owners.add(owner)
    if game.up_paradox is not None:
        for owner, modifier in _paradox_modifiers(game):
            if isinstance(modifier, RuleModifier) and modifier.rule is rule:
                owners.add(owner)
    return owners


def _switches(game: GameState, owner: int, bearer: Member, ability: Ability, rule: Rule) -> bool:
    return any(
        isinstance(m, RuleModifier) and m.rule is rule for m in ability.modifiers
    ) and applies(game, owner, bearer, ability)


def judged_by_spirit(game: GameState) -> bool:
    """R-BAT-5: spirit decides (a face-up paradox, or a rule effect)."""
    return game.up_paradox is not None or bool(rule_owners(game, _JUDGE_SPIRIT))


def may_intercept(game: GameState, defender: int) -> bool:
    """R-BAT-2: unless a rule of the attacking side forbids it."""
    return (1 - defender) not in rule_owners(game, _NO_INTERCEPT)
