"""What is true on the field right now: a unit's power and keywords, conditions.

Power is layered: the card's power, this turn's changes, gear, the continuous
effects of units, persistent arts and leaders; a stage's 発動中 effects come
last and read the power reached so far (RTL-KW-ACTIVE, seed:216). A bound
unit's own abilities and keywords are negated, its power bonuses are not
(RTL-KW-BIND, RTL-ENGINE-13).
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import (
    Card,
    Condition,
    Effect,
    Filter,
    Keyword,
    Selector,
    Step,
    Trigger,
    Verb,
)
from lalcheck.games.restore_the_luminous.engine.state import GameState, Unit


def condition_holds(
    game: GameState, controller: int, condition: Condition | None, count: int = 0
) -> bool:
    """Whether every bound of ``condition`` holds for ``controller`` (``count``: the
    source card's count, RTL-KW-COUNT)."""
    if condition is None:
        return True
    me = game.players[controller]
    them = game.players[1 - controller]
    return (
        _at_least(count, condition.count_at_least)
        and _at_most(me.hp, condition.hp_at_most)
        and _at_most(them.hp, condition.opponent_hp_at_most)
        and _at_least(len(me.units), condition.units_at_least)
        and _at_least(len(them.units), condition.opponent_units_at_least)
        and _at_least(me.rank, condition.rank_at_least)
        and (condition.your_turn is None or (game.active == controller) == condition.your_turn)
    )


def _at_least(value: int, bound: int | None) -> bool:
    return bound is None or value >= bound


def _at_most(value: int, bound: int | None) -> bool:
    return bound is None or value <= bound


Static = tuple[int, int | None, Effect]


def static_effects(game: GameState) -> list[Static]:
    """Continuous effects on the table whose condition holds: (controller, source
    unit id or None, effect). Gear is handled with its unit; stages come last."""
    found: list[Static] = []
    for player, state in enumerate(game.players):
        leader = state.leader
        if leader.has_static:
            for effect in leader.abilities_at(state.rank):
                if effect.trigger is Trigger.CONTINUOUS and condition_holds(
                    game, player, effect.condition
                ):
                    found.append((player, None, effect))
        for unit in state.units:
            face = unit.face
            if unit.bind or not face.has_static:
                continue
            for effect in face.effects_for(Trigger.CONTINUOUS):
                if condition_holds(game, player, effect.condition, unit.count):
                    found.append((player, unit.uid, effect))
        for arts in state.persistent:
            if arts.card.has_static:
                for effect in arts.card.effects_for(Trigger.CONTINUOUS):
                    if condition_holds(game, player, effect.condition, arts.count):
                        found.append((player, None, effect))
    return found


def stage_effects(game: GameState) -> list[Effect]:
    """The 発動中 effects of the stages on the field whose condition holds."""
    found = []
    for stage in game.stages:
        if stage is not None and stage.card.has_static:
            for effect in stage.card.effects_for(Trigger.WHILE_ACTIVE):
                if condition_holds(game, game.active, effect.condition, stage.count):
                    found.append(effect)
    return found


def reaches(step: Step, controller: int, source: int | None, unit: Unit) -> bool:
    """Whether a static step's selector covers ``unit`` (state filters included)."""
    target = step.target
    if target is Selector.SELF:
        if unit.uid != source:
            return False
    elif target is Selector.ALL_OWN_UNITS:
        if unit.owner != controller:
            return False
    elif target is Selector.OTHER_OWN_UNITS:
        if unit.owner != controller or unit.uid == source:
            return False
    elif target is Selector.ALL_ENEMY_UNITS:
        if unit.owner == controller:
            return False
    elif target is not Selector.ALL_UNITS:
        return False
    state = step.filter.state
    return state is None or (state == "active") == unit.active


def _gear_steps(game: GameState, unit: Unit) -> Iterator[tuple[Card, Step]]:
    for gear in unit.gear:
        for effect in gear.effects_for(Trigger.CONTINUOUS):
            if condition_holds(game, unit.owner, effect.condition):
                for step in effect.steps:
                    yield gear, step


def power(game: GameState, unit: Unit) -> int:
    """RTL-CARD-5: the unit's power now, every layer applied."""
    return layered_power(unit, static_effects(game), stage_effects(game), game)


def layered_power(unit: Unit, statics: list[Static], stages: list[Effect], game: GameState) -> int:
    """A unit's power given the table's continuous and stage effects."""
    value = (unit.face.power or 0) + unit.power_mod
    if unit.gear and (d.BIND_KEEPS_POWER_BONUSES or not unit.bind):
        for _, step in _gear_steps(game, unit):
            if step.verb is Verb.POWER:
                value += step.value
    for controller, source, effect in statics:
        for step in effect.steps:
            if step.verb is Verb.POWER and reaches(step, controller, source, unit):
                value += step.value
    for effect in stages:
        for step in effect.steps:
            if step.verb is Verb.POWER and passes(step.filter, unit, value):
                value += step.value
    return value


def passes(unit_filter: Filter, unit: Unit, unit_power: int, keyword: bool = True) -> bool:
    """Whether ``unit`` with ``unit_power`` passes the power and state bounds
    (``keyword``: the filter's keyword was checked by the caller and holds)."""
    if unit_filter.power_at_most is not None and unit_power > unit_filter.power_at_most:
        return False
    if unit_filter.power_at_least is not None and unit_power < unit_filter.power_at_least:
        return False
    state = unit_filter.state
    if state is not None and (state == "active") != unit.active:
        return False
    return keyword


def has_keyword(game: GameState, unit: Unit, keyword: Keyword) -> bool:
    """Whether the unit has ``keyword`` now: printed, granted by gear, by this turn's
    effects or by continuous effects, and not negated by Bind (RTL-KW-BIND)."""
    if unit.bind:
        return False
    if unit.face.has(keyword) or keyword in unit.grants:
        return True
    for _, step in _gear_steps(game, unit):
        if step.verb is Verb.GRANT and step.keyword is keyword:
            return True
    for controller, source, effect in static_effects(game):
        for step in effect.steps:
            if (
                step.verb is Verb.GRANT
                and step.keyword is keyword
                and reaches(step, controller, source, unit)
            ):
                return True
    for effect in stage_effects(game):
        for step in effect.steps:
            if (
                step.verb is Verb.GRANT
                and step.keyword is keyword
                and passes(step.filter, unit, power(game, unit))
            ):
                return True
    return False
