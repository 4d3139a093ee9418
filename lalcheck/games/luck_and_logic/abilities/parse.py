"""Reading the card-ability language from database data (``effects:`` and ``soul:``).

The JSON schema (``schemas/cards.schema.json``) checks names and types: an
unknown trigger, effect, cost or condition fails there with its path and line.
This module checks what a schema cannot say (which fields go with which kind,
``self`` only where the ability belongs to a member, a skill only on a secret
tool…) and builds the frozen values of :mod:`lalcheck.games.luck_and_logic.abilities.model`. Every
problem is an :class:`AbilityError` with the path of the offending value.

Examples (YAML)::

    effects:
      - kind: auto                      # 【自】 when this member attacks
        trigger: attack
        do:
          - {effect: boost, stat: power, value: 1000, until: battle}
      - kind: activated                 # 【起】【1回合1次】 [rest this member, pay 1]
        once_per_turn: true
        cost: [{cost: rest_self}, {cost: stock, count: 1}]
        do:
          - {effect: boost, stat: power, value: 2000, until: turn,
             target: {choose: own, filter: {type: transunion}}}
    soul: 1000                          # (Soul) power +1000 while attacking

A format-1 shorthand is accepted too: ``{trigger: attack, action: boost,
value: 1000, stat: power, until: battle}`` is one auto ability with one step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lalcheck.db.cache import cache_dir
from lalcheck.errors import InputError
from lalcheck.games.luck_and_logic.abilities.model import (
    ANY,
    COUNTING_CONDITIONS,
    FROM_HAND_TRIGGERS,
    NO_ABILITIES,
    Abilities,
    Ability,
    AddToHand,
    Boost,
    ChangeRule,
    Charge,
    Condition,
    ConditionKind,
    Cost,
    CostKind,
    DefineFromDeck,
    Destination,
    DestroyGate,
    Discard,
    Draw,
    Duration,
    Effect,
    Filter,
    GateAgain,
    Kind,
    LevelUp,
    MobilizeCard,
    Modifier,
    MoveMember,
    Remove,
    Rest,
    Row,
    Rule,
    RuleModifier,
    Search,
    Side,
    SoulFromDeck,
    Stand,
    Stat,
    StatModifier,
    Target,
    TargetKind,
    Transmute,
    Trigger,
    soul_power,
)
from lalcheck.games.luck_and_logic.cards import CardType, Color, parse_world
from lalcheck.schemas import format_path
from lalcheck.yamlsafe import DocPath

#: 錬成(X): secret tools have levels 1-4 (seed 001 "秘具").
MAX_TRANSMUTE_LEVEL = 4


@dataclass(frozen=True, slots=True)
class AbilityError:
    """A problem in an ability, at ``path`` inside the database document."""

    path: DocPath
    message: str


class _Invalid(Exception):
    def __init__(self, path: DocPath, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


@dataclass(frozen=True, slots=True)
class _Context:
    """What the abilities being read belong to."""

    card_type: CardType
    has_bearer: bool  # "this member" exists: a member's abilities, or a soul's


_MEMBER_ONLY_FILTER_KEYS = (
    "rested",
    "other",
    "row",
    "battling",
    "soul_at_least",
    "soul_at_most",
    "soul_character",
)
_CARD_TYPE_NAMES = {t.value for t in CardType} | {"tranceunion"}


def parse_effects(
    data: Sequence[Any], path: DocPath, card_type: CardType, problems: list[AbilityError]
) -> Abilities:
    """A card's ``effects:`` list; each bad ability adds to ``problems`` and is left out."""
    context = _Context(card_type, has_bearer=card_type.is_member)
    return _parse_list(data, path, context, problems)


def parse_soul(data: int | Sequence[Any], path: DocPath, problems: list[AbilityError]) -> Abilities:
    """A soul card's ``soul:``: an integer N is "(Soul) power +N while attacking";
    a list holds the abilities the transunion gains while the card is its soul."""
    if isinstance(data, int):
        return soul_power(data)
    context = _Context(CardType.TRANSUNION, has_bearer=True)
    return _parse_list(data, path, context, problems)


def read_effects(data: Sequence[Any], card_type: CardType, number: str) -> Abilities:
    """The abilities of card ``number``'s ``effects:``, which a checked database holds;
    :class:`InputError` naming the card and the first problem otherwise."""
    if not data:
        return NO_ABILITIES
    return _read(number, lambda problems: parse_effects(data, ("effects",), card_type, problems))


def read_soul(data: int | Sequence[Any], number: str) -> Abilities:
    """:func:`parse_soul` of a checked database's card ``number`` (as :func:`read_effects`)."""
    return _read(number, lambda problems: parse_soul(data, ("soul",), problems))


def _read(number: str, parse: Callable[[list[AbilityError]], Abilities]) -> Abilities:
    """``parse`` of a checked card's abilities, its first problem as an :class:`InputError`.
    Data the reader cannot even walk (it trusts the schema) was not checked: a parse
    cache written by another build of lalcheck, or edited."""
    problems: list[AbilityError] = []
    try:
        found = parse(problems)
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise InputError(
            f"card {number}: its abilities do not have the shape the card database schema "
            f"gives them ({error}); if `lalcheck db validate` passes the database file, "
            f"its parse cache is stale: delete {cache_dir()}"
        ) from None
    if problems:
        first = problems[0]
        raise InputError(f"card {number}: {format_path(first.path)}: {first.message}")
    return found


def _parse_list(
    data: Sequence[Any], path: DocPath, context: _Context, problems: list[AbilityError]
) -> Abilities:
    abilities = []
    for index, entry in enumerate(data):
        try:
            abilities.append(_ability(entry, (*path, index), context))
        except _Invalid as error:
            problems.append(AbilityError(error.path, error.message))
    return Abilities.of(tuple(abilities), list(data))


# -- abilities -----------------------------------------------------------------------

_FIELDS_BY_KIND: Mapping[Kind, frozenset[str]] = {
    Kind.AUTO: frozenset(
        {"trigger", "from_hand", "exsoul", "once_per_turn", "optional", "if", "cost", "do"}
    ),
    Kind.ACTIVATED: frozenset({"exsoul", "once_per_turn", "if", "cost", "do"}),
    Kind.LOGIC_DRIVE: frozenset({"exsoul", "if", "cost", "do"}),
    Kind.CONTINUOUS: frozenset({"exsoul", "if", "modifiers"}),
    Kind.SKILL: frozenset({"if", "do"}),
    Kind.PARADOX_RULE: frozenset({"modifiers"}),
}
_ALWAYS = frozenset({"kind", "text"})


def _ability(entry: Mapping[str, Any], path: DocPath, context: _Context) -> Ability:
    if "action" in entry:
        return _legacy(entry, path, context)
    kind = Kind(entry["kind"])
    allowed = _FIELDS_BY_KIND[kind] | _ALWAYS
    for key in entry:
        if key not in allowed:
            raise _Invalid((*path, key), f"{kind} abilities take no {key!r}")
    _check_kind_fits_card(kind, path, context)
    trigger = _trigger(entry, path, kind, context)
    from_hand = bool(entry.get("from_hand", False))
    if from_hand and trigger not in FROM_HAND_TRIGGERS:
        raise _Invalid(
            (*path, "from_hand"), "from_hand goes with the mobilize and define triggers only"
        )
    bearer = context.has_bearer and trigger is not Trigger.DEFINE
    exsoul = entry.get("exsoul", 0)
    if exsoul and not bearer:
        raise _Invalid((*path, "exsoul"), "EXsoul counts a member's soul: this card has none")
    if kind in (Kind.AUTO, Kind.ACTIVATED, Kind.LOGIC_DRIVE, Kind.SKILL) and not entry.get("do"):
        raise _Invalid(path, f"{kind} abilities need 'do': the steps they run")
    if kind is Kind.CONTINUOUS and not entry.get("modifiers"):
        raise _Invalid(path, "continuous abilities need 'modifiers': what they change")
    if kind is Kind.ACTIVATED and context.card_type is CardType.GATE:
        raise _Invalid(path, "a gate has no activated abilities")
    _check_no_loop(entry, path, context)
    return Ability(
        kind=kind,
        trigger=trigger,
        from_hand=from_hand,
        exsoul=exsoul,
        once_per_turn=bool(entry.get("once_per_turn", False)),
        optional=bool(entry.get("optional", False)),
        conditions=tuple(
            _condition(item, (*path, "if", i), bearer) for i, item in enumerate(entry.get("if", ()))
        ),
        costs=tuple(
            _cost(item, (*path, "cost", i), bearer) for i, item in enumerate(entry.get("cost", ()))
        ),
        steps=tuple(
            _step(item, (*path, "do", i), bearer) for i, item in enumerate(entry.get("do", ()))
        ),
        modifiers=tuple(
            _modifier(item, (*path, "modifiers", i), bearer, kind)
            for i, item in enumerate(entry.get("modifiers", ()))
        ),
    )


#: Steps that could make a card's ability run itself again without end: a skill
#: that 錬成s, a gate that 錬成s or reruns gates.
_LOOPING: Mapping[CardType, frozenset[str]] = {
    CardType.SECRET_TOOL: frozenset({"transmute"}),
    CardType.GATE: frozenset({"transmute", "gate_again"}),
}


def _check_no_loop(entry: Mapping[str, Any], path: DocPath, context: _Context) -> None:
    looping = _LOOPING.get(context.card_type, frozenset())
    for index, step in enumerate(entry.get("do", ())):
        if step.get("effect") in looping:
            raise _Invalid(
                (*path, "do", index, "effect"),
                f"a {context.card_type.value.replace('_', ' ')} cannot {step['effect']}: "
                "its ability could run itself again without end",
            )


def _check_kind_fits_card(kind: Kind, path: DocPath, context: _Context) -> None:
    card_type = context.card_type
    where = (*path, "kind")
    if kind is Kind.SKILL and card_type is not CardType.SECRET_TOOL:
        raise _Invalid(where, "only secret tools have a skill (秘具スキル)")
    if card_type is CardType.SECRET_TOOL and kind is not Kind.SKILL:
        raise _Invalid(where, "a secret tool's abilities are skills (kind: skill)")
    if kind is Kind.PARADOX_RULE and card_type is not CardType.PARADOX:
        raise _Invalid(where, "only paradox cards have a paradox rule")
    if kind is Kind.LOGIC_DRIVE and card_type is not CardType.TRANSUNION:
        raise _Invalid(where, "only transunions have a Logic Drive (R-LD)")
    if kind in (Kind.ACTIVATED, Kind.CONTINUOUS) and card_type is CardType.MY_LOGICALIST:
        raise _Invalid(where, "a My Logicalist card never stands on the field")


def _trigger(
    entry: Mapping[str, Any], path: DocPath, kind: Kind, context: _Context
) -> Trigger | None:
    if kind is not Kind.AUTO:
        return None
    if "trigger" not in entry:
        raise _Invalid(path, "auto abilities need a 'trigger'")
    trigger = Trigger(entry["trigger"])
    card_type = context.card_type
    where = (*path, "trigger")
    if (trigger is Trigger.GATE_DESTROYED) != (card_type is CardType.GATE):
        raise _Invalid(where, "gates, and only gates, run on gate_destroyed")
    if trigger is Trigger.TRANCE and card_type is not CardType.TRANSUNION:
        raise _Invalid(where, "only a transunion is mobilized by trance")
    member_trigger = trigger not in (Trigger.DEFINE, Trigger.GATE_DESTROYED)
    if member_trigger and not context.has_bearer:
        raise _Invalid(where, f"{trigger} abilities belong to members; this card is a {card_type}")
    return trigger


def _legacy(entry: Mapping[str, Any], path: DocPath, context: _Context) -> Ability:
    """The format-1 shorthand, read as the full form: one step on one trigger
    (``logic_drive``: a Logic Drive); a boost acts on this member, or, for a card
    defined as logic or a gate, on the battling member."""
    trigger, action, value = entry["trigger"], entry["action"], entry["value"]
    step: dict[str, Any] = {"effect": action}
    if action == "boost":
        step.update(stat=entry["stat"], value=value, until=entry["until"])
        if not context.has_bearer or trigger == Trigger.DEFINE:
            step["target"] = "battling"
    else:
        step["count"] = value
    if trigger == Trigger.LOGIC_DRIVE:
        return _ability({"kind": "logic_drive", "do": [step]}, path, context)
    return _ability({"kind": "auto", "trigger": trigger, "do": [step]}, path, context)


# -- conditions and costs --------------------------------------------------------------

_NEEDS_BEARER_CONDITIONS = frozenset(
    {ConditionKind.SOUL, ConditionKind.ATTACKING, ConditionKind.BATTLING, ConditionKind.ROW}
)


def _condition(entry: Mapping[str, Any], path: DocPath, bearer: bool) -> Condition:
    kind = ConditionKind(entry["condition"])
    if kind in _NEEDS_BEARER_CONDITIONS and not bearer:
        raise _Invalid((*path, "condition"), f"{kind} reads this member; this card is none")
    counting = kind in COUNTING_CONDITIONS
    if counting and "at_least" not in entry and "at_most" not in entry:
        raise _Invalid(path, f"{kind} conditions need at_least or at_most")
    if not counting and ("at_least" in entry or "at_most" in entry):
        raise _Invalid(path, f"{kind} conditions count nothing: no at_least/at_most")
    if kind is ConditionKind.ROW and "row" not in entry:
        raise _Invalid(path, "row conditions need a row: front or back")
    if "filter" in entry and kind not in (ConditionKind.MEMBERS, ConditionKind.LEVEL_ZONE):
        raise _Invalid((*path, "filter"), f"{kind} conditions take no filter")
    if "not" in entry and counting:
        raise _Invalid((*path, "not"), "use at_most instead of not")
    filter_ = _filter(
        entry.get("filter", {}), (*path, "filter"), members=kind is ConditionKind.MEMBERS
    )
    if filter_.other and not bearer:
        raise _Invalid((*path, "filter", "other"), "'other' means other than this member")
    return Condition(
        kind=kind,
        at_least=entry.get("at_least"),
        at_most=entry.get("at_most"),
        filter=filter_,
        side=Side(entry.get("side", "own")),
        row=Row(entry["row"]) if "row" in entry else None,
        negate=bool(entry.get("not", False)),
    )


def _cost(entry: Mapping[str, Any], path: DocPath, bearer: bool) -> Cost:
    kind = CostKind(entry["cost"])
    if kind in (CostKind.REST_SELF, CostKind.RETREAT_SELF):
        if not bearer:
            raise _Invalid((*path, "cost"), f"{kind} needs a member: this card is none")
        if "count" in entry or "filter" in entry:
            raise _Invalid(path, f"{kind} takes no count or filter")
    if "filter" in entry and kind is not CostKind.DISCARD:
        raise _Invalid((*path, "filter"), "only discard costs take a filter")
    return Cost(
        kind=kind,
        count=entry.get("count", 1),
        filter=_filter(entry.get("filter", {}), (*path, "filter"), members=False),
    )


# -- steps -----------------------------------------------------------------------------

_STEP_FIELDS: Mapping[str, frozenset[str]] = {
    "draw": frozenset({"count"}),
    "discard": frozenset({"count", "filter"}),
    "charge": frozenset({"count"}),
    "search": frozenset({"count", "filter"}),
    "add_to_hand": frozenset({"count", "filter"}),
    "stand": frozenset({"target"}),
    "rest": frozenset({"target"}),
    "retreat": frozenset({"target", "to"}),
    "return_to_hand": frozenset({"target"}),
    "return_to_deck": frozenset({"target", "position"}),
    "move": frozenset({"target"}),
    "boost": frozenset({"stat", "value", "until", "target"}),
    "mobilize": frozenset({"from", "filter", "ignore_cost"}),
    "level_up": frozenset({"count"}),
    "destroy_gate": frozenset(),
    "gate_again": frozenset(),
    "rule": frozenset({"rule", "until"}),
    "transmute": frozenset({"level"}),
    "define_from_deck": frozenset(),
    "soul_from_deck": frozenset({"count"}),
}
_REQUIRED: Mapping[str, tuple[str, ...]] = {
    "boost": ("stat", "value", "until"),
    "rule": ("rule", "until"),
    "transmute": ("level",),
    "mobilize": ("from",),
    "retreat": ("target",),
    "return_to_hand": ("target",),
    "return_to_deck": ("target",),
}


def _step(entry: Mapping[str, Any], path: DocPath, bearer: bool) -> Effect:
    name = entry["effect"]
    for key in entry:
        if key != "effect" and key not in _STEP_FIELDS[name]:
            raise _Invalid((*path, key), f"the {name} effect takes no {key!r}")
    for key in _REQUIRED.get(name, ()):
        if key not in entry:
            raise _Invalid(path, f"the {name} effect needs {key!r}")
    count = entry.get("count", 1)
    build = _STEPS[name]
    return build(entry, path, bearer, count)


def _target_of(entry: Mapping[str, Any], path: DocPath, bearer: bool) -> Target:
    """The step's target; by default this member, or the battling member for cards
    that are none (tactics, paradoxes, gates)."""
    default = "self" if bearer else "battling"
    return _target(entry.get("target", default), (*path, "target"), bearer, choosable=True)


def _remove(to: Destination) -> Callable[[Mapping[str, Any], DocPath, bool, int], Effect]:
    def build(entry: Mapping[str, Any], path: DocPath, bearer: bool, count: int) -> Effect:
        destination = to
        if to is Destination.DROP:
            destination = Destination(entry.get("to", "drop"))
            if destination not in (Destination.DROP, Destination.COST):
                raise _Invalid((*path, "to"), "a retreat goes to the drop or the cost zone")
        elif to is Destination.DECK_BOTTOM and entry.get("position", "bottom") == "top":
            destination = Destination.DECK_TOP
        return Remove(_target_of(entry, path, bearer), destination)

    return build


def _mobilize(entry: Mapping[str, Any], path: DocPath, bearer: bool, count: int) -> Effect:
    filter_ = _filter(entry.get("filter", {}), (*path, "filter"), members=False)
    return MobilizeCard(entry["from"], filter_, bool(entry.get("ignore_cost", True)))


def _transmute(entry: Mapping[str, Any], path: DocPath, bearer: bool, count: int) -> Effect:
    level = entry["level"]
    if not 1 <= level <= MAX_TRANSMUTE_LEVEL:
        raise _Invalid((*path, "level"), f"錬成(X) takes X from 1 to {MAX_TRANSMUTE_LEVEL}")
    return Transmute(level)


def _boost(entry: Mapping[str, Any], path: DocPath, bearer: bool, count: int) -> Effect:
    return Boost(
        Stat(entry["stat"]),
        entry["value"],
        Duration(entry["until"]),
        _target_of(entry, path, bearer),
    )


def _card_filter(entry: Mapping[str, Any], path: DocPath) -> Filter:
    return _filter(entry.get("filter", {}), (*path, "filter"), members=False)


_STEPS: Mapping[str, Callable[[Mapping[str, Any], DocPath, bool, int], Effect]] = {
    "draw": lambda e, p, b, n: Draw(n),
    "discard": lambda e, p, b, n: Discard(n, _card_filter(e, p)),
    "charge": lambda e, p, b, n: Charge(n),
    "search": lambda e, p, b, n: Search(_card_filter(e, p), n),
    "add_to_hand": lambda e, p, b, n: AddToHand(_card_filter(e, p), n),
    "stand": lambda e, p, b, n: Stand(_target_of(e, p, b)),
    "rest": lambda e, p, b, n: Rest(_target_of(e, p, b)),
    "retreat": _remove(Destination.DROP),
    "return_to_hand": _remove(Destination.HAND),
    "return_to_deck": _remove(Destination.DECK_BOTTOM),
    "move": lambda e, p, b, n: MoveMember(_target_of(e, p, b)),
    "boost": _boost,
    "mobilize": _mobilize,
    "level_up": lambda e, p, b, n: LevelUp(n),
    "destroy_gate": lambda e, p, b, n: DestroyGate(),
    "gate_again": lambda e, p, b, n: GateAgain(),
    "rule": lambda e, p, b, n: ChangeRule(Rule(e["rule"]), Duration(e["until"])),
    "transmute": _transmute,
    "define_from_deck": lambda e, p, b, n: DefineFromDeck(),
    "soul_from_deck": lambda e, p, b, n: _soul_from_deck(p, b, n),
}


def _soul_from_deck(path: DocPath, bearer: bool, count: int) -> Effect:
    if not bearer:
        raise _Invalid((*path, "effect"), "soul_from_deck fills this member's soul: none here")
    return SoulFromDeck(count)


# -- modifiers, targets and filters -------------------------------------------------------


def _modifier(entry: Mapping[str, Any], path: DocPath, bearer: bool, kind: Kind) -> Modifier:
    if "rule" in entry:
        extra = set(entry) - {"rule"}
        if extra:
            raise _Invalid((*path, sorted(extra)[0]), "a rule modifier takes only 'rule'")
        return RuleModifier(Rule(entry["rule"]))
    for key in ("stat", "value"):
        if key not in entry:
            raise _Invalid(path, f"a stat modifier needs {key!r} (or give a 'rule')")
    default = "self" if bearer and kind is not Kind.PARADOX_RULE else "battling"
    target = _target(entry.get("to", default), (*path, "to"), bearer, choosable=False)
    return StatModifier(Stat(entry["stat"]), entry["value"], target, bool(entry.get("per_soul")))


def _target(data: str | Mapping[str, Any], path: DocPath, bearer: bool, choosable: bool) -> Target:
    if isinstance(data, str):
        kind = TargetKind(data)
        if kind is TargetKind.SELF and not bearer:
            raise _Invalid(path, "'self' names this member: this card is none (use battling)")
        return Target(kind)
    if "choose" in data:
        if not choosable:
            raise _Invalid(path, "a modifier cannot ask for a choice: use 'all'")
        kind, side = TargetKind.CHOOSE, data["choose"]
    else:
        kind, side = TargetKind.ALL, data["all"]
        if data.get("optional"):
            raise _Invalid((*path, "optional"), "'optional' goes with 'choose'")
    filter_ = _filter(data.get("filter", {}), (*path, "filter"), members=True)
    if filter_.other and not bearer:
        raise _Invalid((*path, "filter", "other"), "'other' means other than this member")
    return Target(kind, Side(side), filter_, bool(data.get("optional", False)))


def _names(value: str | Sequence[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def _filter(data: Mapping[str, Any], path: DocPath, *, members: bool) -> Filter:
    if not members:
        for key in _MEMBER_ONLY_FILTER_KEYS:
            if key in data:
                raise _Invalid((*path, key), f"{key!r} describes members on the field, not cards")
    types = frozenset(
        CardType.TRANSUNION.value if name == "tranceunion" else name
        for name in _names(data.get("type", ()))
    )
    for name in types:
        if name not in _CARD_TYPE_NAMES:
            raise _Invalid((*path, "type"), f"unknown card type {name!r}")
    try:
        worlds = frozenset(parse_world(name).value for name in _names(data.get("world", ())))
    except ValueError as error:
        raise _Invalid((*path, "world"), str(error)) from None
    colors = frozenset(Color(name).value for name in _names(data.get("color", ())))
    row = data.get("row")
    return Filter(
        types=types,
        worlds=worlds,
        colors=colors,
        character=data.get("character"),
        attribute=data.get("attribute"),
        level_at_most=data.get("level_at_most"),
        level_at_least=data.get("level_at_least"),
        rested=data.get("rested"),
        other=bool(data.get("other", False)),
        row=Row(row) if row else None,
        battling=data.get("battling"),
        soul_at_least=data.get("soul_at_least"),
        soul_at_most=data.get("soul_at_most"),
        soul_character=data.get("soul_character"),
    )


__all__ = ["ANY", "AbilityError", "parse_effects", "parse_soul"]
