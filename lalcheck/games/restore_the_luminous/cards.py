"""Restore the Luminous cards: small frozen value types and a pure loader.

A :class:`Card` is one printing (one card number); its ``name`` is the identity
the copy limit counts (RTL-CARD-4). Abilities are structured: a card's
``keywords`` are the keyword abilities printed on it (RTL-KW), its ``effects``
are :class:`Effect` values in a small language: a trigger, an optional
condition and cost, and steps (verb, target, filter). A leader also has an
opening hand size, unit and counter slots and abilities per rank (RTL-DECK-3).

:func:`card_from_mapping` turns one parsed ``cards:`` entry into a card, or
into the :class:`CardProblem` values (a path inside the entry and a message)
that stop it: it never raises. The game's :class:`~lalcheck.games.base.CardModel`
reads databases through the core loader (:mod:`lalcheck.db.load`) with
:func:`document_problems`, which gives every problem of a schema-valid
document with its path (the loader adds the file and line), and
:func:`card_from_dict`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from lalcheck.games.base import CardNames, DocumentProblem
from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.schemas import format_path

#: Paths inside a document: mapping keys and sequence indexes.
Path = tuple[str | int, ...]


class CardType(StrEnum):
    """RTL-TYPE: the four card types of the seed and the leader."""

    UNIT = "unit"
    ARTS = "arts"
    GEAR = "gear"
    STAGE = "stage"
    LEADER = "leader"


class Colour(StrEnum):
    """RTL-CARD-7: the five colours (colourless is an LP state, not a colour)."""

    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    BLACK = "black"


#: LP kinds by index: 0 is colourless, 1-5 the colours in :class:`Colour` order.
COLOURS: tuple[Colour, ...] = tuple(Colour)
COLOUR_INDEX: Mapping[Colour, int] = {colour: i + 1 for i, colour in enumerate(COLOURS)}


class Keyword(StrEnum):
    """RTL-KW: the 20 keyword abilities of seed §10."""

    GALE = "gale"
    CRITICAL = "critical"
    ASSAULT = "assault"
    PROTECT = "protect"
    REVENGER = "revenger"
    TURNOVER = "turnover"
    COUNTER = "counter"
    REVIVE = "revive"
    COUNT = "count"
    REVERSE = "reverse"
    HOLD = "hold"
    DECOY = "decoy"
    BIND = "bind"
    L_ACCEL = "l_accel"
    C_ACCEL = "c_accel"
    L_BOOST = "l_boost"
    C_BOOST = "c_boost"
    TRANSFORM = "transform"
    ACTIVE = "active"
    PERSISTENT = "persistent"

    @property
    def rule_id(self) -> str:
        """``RTL-KW-GALE``: the rule id of the keyword (Persistent is ``RTL-KW-PERSIST``)."""
        short = "persist" if self is Keyword.PERSISTENT else self.value.replace("_", "")
        return "RTL-KW-" + short.upper()


#: Keywords a unit has as a standing ability (gear and effects may grant them).
UNIT_KEYWORDS = frozenset(
    {
        Keyword.GALE,
        Keyword.CRITICAL,
        Keyword.ASSAULT,
        Keyword.PROTECT,
        Keyword.REVENGER,
        Keyword.DECOY,
    }
)
#: Keywords with a number: Bind[x], L-Accel[x], L-Boost[x].
VALUED_KEYWORDS = frozenset({Keyword.BIND, Keyword.L_ACCEL, Keyword.L_BOOST})
#: Keywords with a cost: Counter[x], Revive[x] (level and colour cost).
COSTED_KEYWORDS = frozenset({Keyword.COUNTER, Keyword.REVIVE})
#: The card types each printed keyword may stand on.
KEYWORD_TYPES: Mapping[Keyword, frozenset[CardType]] = {
    **{keyword: frozenset({CardType.UNIT}) for keyword in UNIT_KEYWORDS},
    Keyword.REVIVE: frozenset({CardType.UNIT}),
    Keyword.TRANSFORM: frozenset({CardType.UNIT}),
    Keyword.COUNTER: frozenset(CardType(t) for t in d.COUNTERS.activatable_types),
    Keyword.PERSISTENT: frozenset({CardType.ARTS}),
    Keyword.ACTIVE: frozenset({CardType.STAGE}),
}


class Trigger(StrEnum):
    """When an effect runs (RTL-OPEN-25: named after the battle steps of seed §7)."""

    ON_PLAY = "on_play"  # played; a unit entered the field (also by Revive or a counter)
    ON_ATTACK = "on_attack"  # this unit (or the unit this gear is on) attacks (step 2)
    ON_ATTACKED = "on_attacked"  # this unit or this leader is attacked (step 2)
    ON_WIN = "on_win"  # this unit (or the gear's unit) won a battle (step 5-a)
    ON_DESTROY = "on_destroy"  # this unit was destroyed (step 6-a)
    TURNOVER = "turnover"  # damage placed this card in the damage zone (RTL-KW-TURNOVER)
    COUNTER = "counter"  # this arts was activated from a counter slot (RTL-KW-COUNTER)
    START_OF_TURN = "start_of_turn"  # the start phase of its controller (stage: everyone)
    END_OF_TURN = "end_of_turn"  # the end phase of its controller (stage: everyone)
    ACTIVATED = "activated"  # used in the main phase, paying its cost (L-/C-Accel)
    CONTINUOUS = "continuous"  # always on while the card is on the field
    WHILE_ACTIVE = "while_active"  # a stage's 発動中 effect, applied last (RTL-KW-ACTIVE)


#: Triggers whose effects hold continuously and only change power or keywords.
STATIC_TRIGGERS = frozenset({Trigger.CONTINUOUS, Trigger.WHILE_ACTIVE})
#: Triggers that happen inside a battle, where ``attacker``/``battle_opponent`` exist.
BATTLE_TRIGGERS = frozenset({Trigger.ON_ATTACK, Trigger.ON_ATTACKED, Trigger.ON_WIN})
#: The triggers each card type may use.
TRIGGER_TYPES: Mapping[Trigger, frozenset[CardType]] = {
    Trigger.ON_PLAY: frozenset({CardType.UNIT, CardType.ARTS, CardType.GEAR, CardType.STAGE}),
    Trigger.ON_ATTACK: frozenset({CardType.UNIT, CardType.GEAR}),
    Trigger.ON_ATTACKED: frozenset({CardType.UNIT, CardType.LEADER}),
    Trigger.ON_WIN: frozenset({CardType.UNIT, CardType.GEAR}),
    Trigger.ON_DESTROY: frozenset({CardType.UNIT}),
    Trigger.TURNOVER: frozenset({CardType.UNIT, CardType.ARTS, CardType.GEAR, CardType.STAGE}),
    Trigger.COUNTER: frozenset({CardType.ARTS}),
    Trigger.START_OF_TURN: frozenset(
        {CardType.UNIT, CardType.ARTS, CardType.STAGE, CardType.LEADER}
    ),
    Trigger.END_OF_TURN: frozenset({CardType.UNIT, CardType.ARTS, CardType.STAGE, CardType.LEADER}),
    Trigger.ACTIVATED: frozenset({CardType.UNIT, CardType.ARTS, CardType.LEADER}),
    Trigger.CONTINUOUS: frozenset({CardType.UNIT, CardType.ARTS, CardType.GEAR, CardType.LEADER}),
    Trigger.WHILE_ACTIVE: frozenset({CardType.STAGE}),
}
#: A stage's effects that work while it is on the field: its 発動中 (Active) effects.
STAGE_ACTIVE_TRIGGERS = frozenset(
    {Trigger.START_OF_TURN, Trigger.END_OF_TURN, Trigger.WHILE_ACTIVE}
)
#: Arts triggers other than ``on_play``/``counter``/``turnover`` need a persistent arts.
PERSISTENT_ONLY_TRIGGERS = frozenset(
    {Trigger.START_OF_TURN, Trigger.END_OF_TURN, Trigger.ACTIVATED, Trigger.CONTINUOUS}
)


class Verb(StrEnum):
    """What one step of an effect does."""

    DRAW = "draw"  # you draw N
    DAMAGE = "damage"  # N damage to a leader (``to``: opponent, you, both)
    POWER = "power"  # target units +N power (until end of turn; continuous: while on)
    DESTROY = "destroy"  # destroy the target (a unit, or this persistent arts / stage)
    DESTROY_GEAR = "destroy_gear"  # destroy a gear card on an opposing unit
    HOLD = "hold"  # RTL-KW-HOLD: the target turns passive and skips its next recovery
    BIND = "bind"  # RTL-KW-BIND: bind value N on the target
    READY = "ready"  # the target unit becomes active
    BOUNCE = "bounce"  # the target unit returns to its owner's hand
    L_BOOST = "l_boost"  # RTL-KW-LBOOST: gain N colourless LP
    C_BOOST = "c_boost"  # RTL-KW-CBOOST: colour N colourless LP (the card's colour)
    COUNT = "count"  # RTL-KW-COUNT: this card's count changes by N
    TRANSFORM = "transform"  # RTL-KW-TRANSFORM: this unit becomes the named card
    GRANT = "grant"  # the target units gain a unit keyword


#: Verbs whose value is the target selector (``destroy: chosen_enemy_unit``).
TARGET_VERBS = frozenset({Verb.DESTROY, Verb.DESTROY_GEAR, Verb.HOLD, Verb.READY, Verb.BOUNCE})
#: Verbs with a number and a ``target:`` key.
AMOUNT_TARGET_VERBS = frozenset({Verb.POWER, Verb.BIND})
#: Verbs with a positive number and no target.
AMOUNT_VERBS = frozenset({Verb.DRAW, Verb.DAMAGE, Verb.L_BOOST, Verb.C_BOOST})
#: The only verbs a continuous effect may use.
STATIC_VERBS = frozenset({Verb.POWER, Verb.GRANT})
#: The keyword an effect verb is (the card must print it).
VERB_KEYWORDS: Mapping[Verb, Keyword] = {
    Verb.HOLD: Keyword.HOLD,
    Verb.BIND: Keyword.BIND,
    Verb.L_BOOST: Keyword.L_BOOST,
    Verb.C_BOOST: Keyword.C_BOOST,
    Verb.COUNT: Keyword.COUNT,
    Verb.TRANSFORM: Keyword.TRANSFORM,
}


class Selector(StrEnum):
    """Whom a step acts on, seen from the effect's controller."""

    SELF = "self"  # this unit, persistent arts or stage
    EQUIPPED = "equipped"  # the unit this gear is attached to
    ATTACKER = "attacker"  # the attacking unit of the battle in progress
    BATTLE_OPPONENT = "battle_opponent"  # the unit this one battles
    CHOSEN_OWN_UNIT = "chosen_own_unit"
    CHOSEN_ENEMY_UNIT = "chosen_enemy_unit"  # Decoy applies (RTL-KW-DECOY)
    CHOSEN_UNIT = "chosen_unit"  # Decoy applies to the opponent's units
    CHOSEN_ENEMY_GEAR = "chosen_enemy_gear"
    ALL_OWN_UNITS = "all_own_units"
    OTHER_OWN_UNITS = "other_own_units"
    ALL_ENEMY_UNITS = "all_enemy_units"
    ALL_UNITS = "all_units"


#: Selectors the controller picks from (a real decision).
CHOSEN = frozenset(
    {
        Selector.CHOSEN_OWN_UNIT,
        Selector.CHOSEN_ENEMY_UNIT,
        Selector.CHOSEN_UNIT,
        Selector.CHOSEN_ENEMY_GEAR,
    }
)
UNIT_SELECTORS = frozenset(Selector) - {Selector.CHOSEN_ENEMY_GEAR}
#: Selectors a continuous effect may use (a unit's own view of the field).
STATIC_SELECTORS = frozenset(
    {
        Selector.SELF,
        Selector.EQUIPPED,
        Selector.ALL_OWN_UNITS,
        Selector.OTHER_OWN_UNITS,
        Selector.ALL_ENEMY_UNITS,
        Selector.ALL_UNITS,
    }
)


class Recipient(StrEnum):
    """Whose leader a ``damage`` step hits."""

    OPPONENT = "opponent"
    YOU = "you"
    BOTH = "both"


@dataclass(frozen=True, slots=True)
class Filter:
    """Which units a selector may pick: power bounds, state, a keyword."""

    power_at_most: int | None = None
    power_at_least: int | None = None
    state: str | None = None  # "active" or "passive"
    keyword: Keyword | None = None


NO_FILTER = Filter()


@dataclass(frozen=True, slots=True)
class Condition:
    """When an effect applies; every stated bound must hold (seen from the controller)."""

    count_at_least: int | None = None
    hp_at_most: int | None = None
    opponent_hp_at_most: int | None = None
    units_at_least: int | None = None
    opponent_units_at_least: int | None = None
    your_turn: bool | None = None
    rank_at_least: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One thing an effect does."""

    verb: Verb
    value: int = 0
    target: Selector | None = None
    filter: Filter = NO_FILTER
    colour: Colour | None = None  # c_boost: the colour (default: the card's)
    recipient: Recipient = Recipient.OPPONENT  # damage
    form: str | None = None  # transform: the card number of the form
    keyword: Keyword | None = None  # grant


@dataclass(frozen=True, slots=True)
class Cost:
    """An activated ability's cost: L-Accel[x] LP turned passive, C-Accel colours used."""

    l_accel: int = 0
    c_accel: tuple[tuple[Colour, int], ...] = ()


NO_COST = Cost()


@dataclass(frozen=True, slots=True)
class Effect:
    """One structured ability: when it runs, if what holds, at what cost, what it does."""

    trigger: Trigger
    steps: tuple[Step, ...]
    condition: Condition | None = None
    cost: Cost = NO_COST


@dataclass(frozen=True, slots=True)
class PlayCost:
    """The cost of Counter[x] or Revive[x]: level and colour cost (RTL-OPEN-12)."""

    level: int
    colour_cost: int


@dataclass(frozen=True, slots=True)
class KeywordAbility:
    """A keyword printed on a card, with its number or cost where it has one."""

    keyword: Keyword
    value: int | None = None
    cost: PlayCost | None = None
    form: str | None = None  # transform: the card number of the form


@dataclass(frozen=True, slots=True)
class RankAbilities:
    """A leader's abilities from ``rank`` on (RTL-EVO-3)."""

    rank: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Card(CardNames):
    """One printing of a card, as the card database describes it (contract §9)."""

    number: str
    name: str
    type: CardType
    colour: Colour
    level: int
    colour_cost: int
    return_value: int
    names: Mapping[str, str] = field(default_factory=dict)
    power: int | None = None
    damage: int | None = None
    keywords: tuple[KeywordAbility, ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str | None = None
    set: str | None = None
    rarity: str | None = None
    release: dt.date | None = None
    opening_hand: int | None = None
    unit_slots: int | None = None
    counter_slots: int | None = None
    abilities: tuple[RankAbilities, ...] = ()
    #: The ``cards:`` entry the card was read from (:meth:`to_dict`).
    entry: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    keyword_set: frozenset[Keyword] = field(init=False, compare=False, repr=False)
    colour_kind: int = field(init=False, compare=False, repr=False)
    _by_trigger: Mapping[Trigger, tuple[Effect, ...]] = field(init=False, compare=False, repr=False)
    _by_rank: tuple[tuple[Effect, ...], ...] = field(init=False, compare=False, repr=False)
    #: Whether a continuous effect of the card can lower a unit's power (RTL-BAT-9).
    lowers_power: bool = field(init=False, compare=False, repr=False)
    #: Whether the card has continuous (or 発動中) effects at all, at any rank.
    has_static: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        by_trigger: dict[Trigger, list[Effect]] = {}
        for effect in self.effects:
            by_trigger.setdefault(effect.trigger, []).append(effect)
        object.__setattr__(self, "keyword_set", frozenset(k.keyword for k in self.keywords))
        object.__setattr__(self, "colour_kind", COLOUR_INDEX[self.colour])
        object.__setattr__(self, "_by_trigger", {k: tuple(v) for k, v in by_trigger.items()})
        object.__setattr__(self, "_by_rank", tuple(self._rank_effects(r) for r in range(4)))
        every = [*self.effects, *(e for entry in self.abilities for e in entry.effects)]
        static = [effect for effect in every if effect.trigger in STATIC_TRIGGERS]
        lowers = any(s.verb is Verb.POWER and s.value < 0 for e in static for s in e.steps)
        object.__setattr__(self, "lowers_power", lowers)
        object.__setattr__(self, "has_static", bool(static))

    def has(self, keyword: Keyword) -> bool:
        """Whether the card prints ``keyword``."""
        return keyword in self.keyword_set

    def keyword(self, keyword: Keyword) -> KeywordAbility | None:
        """The printed ``keyword`` with its number or cost, if the card has it."""
        for ability in self.keywords:
            if ability.keyword is keyword:
                return ability
        return None

    def effects_for(self, trigger: Trigger) -> tuple[Effect, ...]:
        """The card's effects with this trigger, in printed order."""
        return self._by_trigger.get(trigger, ())

    def abilities_at(self, rank: int) -> tuple[Effect, ...]:
        """A leader's abilities at ``rank`` (1-3)."""
        return self._by_rank[rank]

    def to_dict(self) -> dict[str, Any]:
        """The card's ``cards:`` entry, as the database wrote it (schema shape)."""
        return dict(self.entry)

    def _rank_effects(self, rank: int) -> tuple[Effect, ...]:
        """The highest listed rank not above ``rank`` (RTL-ENGINE-8), or every
        listed rank up to it."""
        reached = [entry for entry in self.abilities if entry.rank <= rank]
        if not reached:
            return ()
        if d.LEADER_RANK_REPLACES_LOWER:
            return max(reached, key=lambda entry: entry.rank).effects
        return tuple(effect for entry in reached for effect in entry.effects)

    @property
    def is_modelled(self) -> bool:
        """False when the card has rules text but no keyword or structured effect."""
        return not self.text or bool(self.keywords or self.effects or self.abilities)


def colour_need(level: int, colour_cost: int) -> int:
    """LP of the card's colour a payment must include (RTL-PAY-2, RTL-PAY-4)."""
    if colour_cost:
        return colour_cost
    if level == 0 and d.LEVEL_ZERO_NEEDS_NO_COLOUR:
        return 0
    return 1


@dataclass(frozen=True, slots=True)
class CardProblem:
    """Why (part of) a card or database cannot be used: where, and what is wrong."""

    path: Path
    message: str


# -- loading -------------------------------------------------------------------


class _Reader:
    """Collects problems while reading one mapping; paths are relative to it."""

    def __init__(self) -> None:
        self.problems: list[CardProblem] = []

    def fail(self, path: Path, message: str) -> None:
        self.problems.append(CardProblem(path, message))

    def mapping(self, value: object, path: Path) -> Mapping[str, Any] | None:
        if isinstance(value, Mapping):
            return value
        self.fail(path, f"must be a mapping, not {_kind(value)}")
        return None

    def integer(
        self,
        entry: Mapping[str, Any],
        key: str,
        path: Path,
        *,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> int | None:
        """An optional integer field within bounds."""
        if key not in entry:
            return None
        return self.int_value(entry[key], (*path, key), minimum=minimum, maximum=maximum)

    def int_value(
        self, value: object, path: Path, *, minimum: int | None = None, maximum: int | None = None
    ) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"must be an integer, not {_kind(value)}")
            return None
        if minimum is not None and value < minimum:
            self.fail(path, f"{value} is below the minimum of {minimum}")
            return None
        if maximum is not None and value > maximum:
            self.fail(path, f"{value} is above the maximum of {maximum}")
            return None
        return value

    def text(self, entry: Mapping[str, Any], key: str, path: Path) -> str | None:
        if key not in entry:
            return None
        value = entry[key]
        if not isinstance(value, str):
            self.fail((*path, key), f"must be text, not {_kind(value)}")
            return None
        return value

    def choice(self, value: object, kind: type[StrEnum], path: Path, what: str) -> Any:
        """A value of the enum ``kind``, or a problem listing the allowed ones."""
        if isinstance(value, str) and value in kind._value2member_map_:
            return kind(value)
        allowed = ", ".join(member.value for member in kind)
        self.fail(path, f"{value!r} is not a known {what} (one of: {allowed})")
        return None


def _kind(value: object) -> str:
    return "nothing" if value is None else type(value).__name__


_CARD_KEYS = frozenset(
    {
        "number",
        "name",
        "names",
        "type",
        "colour",
        "level",
        "colour_cost",
        d.RETURN_VALUE_FIELD,
        "power",
        "damage",
        "keywords",
        "effects",
        "text",
        "set",
        "rarity",
        "release",
        "opening_hand",
        "unit_slots",
        "counter_slots",
        "abilities",
    }
)
_LEADER_FIELDS = {"opening_hand": (3, 5), "unit_slots": (3, 5), "counter_slots": (1, 3)}
_UNIT_FIELDS = ("power", "damage")


def card_from_mapping(entry: object) -> Card | tuple[CardProblem, ...]:
    """Build a :class:`Card` from one ``cards:`` entry, or return every problem in it.

    Paths in the problems are relative to the entry (``("effects", 0, "do", 1)``).
    """
    reader = _Reader()
    mapping = reader.mapping(entry, ())
    if mapping is None:
        return tuple(reader.problems)
    for key in mapping:
        if key not in _CARD_KEYS:
            reader.fail((key,), f"unknown field {key!r}")
    number = reader.text(mapping, "number", ())
    name = reader.text(mapping, "name", ())
    for key, value in (("number", number), ("name", name)):
        if key not in mapping:
            reader.fail((key,), f"the card has no {key}")
        elif value is not None and not value.strip():
            reader.fail((key,), f"the {key} is empty")
    card_type = _required_choice(reader, mapping, "type", CardType, "card type")
    colour = _required_choice(reader, mapping, "colour", Colour, "colour")
    level = reader.integer(mapping, "level", (), minimum=0, maximum=10)
    colour_cost = reader.integer(mapping, "colour_cost", (), minimum=0, maximum=10)
    return_value = reader.integer(mapping, d.RETURN_VALUE_FIELD, (), minimum=0, maximum=10)
    for key in ("level", "colour_cost", d.RETURN_VALUE_FIELD):
        if key not in mapping:
            reader.fail((key,), f"the card has no {key}")
    if level is not None and colour_cost is not None and colour_cost > level:
        reader.fail(("colour_cost",), f"a colour cost of {colour_cost} exceeds level {level}")
    names = _names(reader, mapping)
    power = reader.integer(mapping, "power", ())
    damage = reader.integer(mapping, "damage", (), minimum=0)
    if card_type is CardType.UNIT:
        for key in _UNIT_FIELDS:
            if key not in mapping:
                reader.fail((key,), f"a unit needs {key}")
    elif card_type is not None:
        for key in _UNIT_FIELDS:
            if key in mapping:
                reader.fail((key,), f"only units have {key}")
    leader_values: dict[str, int | None] = {}
    for key, (low, high) in _LEADER_FIELDS.items():
        leader_values[key] = reader.integer(mapping, key, (), minimum=low, maximum=high)
        if card_type is CardType.LEADER and key not in mapping:
            reader.fail((key,), f"a leader needs {key} ({low}-{high})")
        elif card_type is not None and card_type is not CardType.LEADER and key in mapping:
            reader.fail((key,), f"only leaders have {key}")
    keywords = _keywords(reader, mapping.get("keywords", ()), card_type)
    effects: tuple[Effect, ...] = ()
    if "effects" in mapping:
        effects = _effects(reader, mapping["effects"], ("effects",), card_type, keywords)
    if card_type is CardType.LEADER and "effects" in mapping:
        reader.fail(("effects",), "a leader's abilities go under abilities: (per rank)")
    abilities = _abilities(reader, mapping, card_type)
    release = _release(reader, mapping)
    if card_type is not None and colour is not None:
        _check_keyword_use(reader, card_type, keywords, effects, abilities)
    texts = {key: reader.text(mapping, key, ()) for key in ("text", "set", "rarity")}
    if reader.problems:
        return tuple(reader.problems)
    assert number is not None and name is not None and card_type is not None
    assert colour is not None and level is not None and colour_cost is not None
    assert return_value is not None
    return Card(
        number=number,
        name=name,
        type=card_type,
        colour=colour,
        level=level,
        colour_cost=colour_cost,
        return_value=return_value,
        names=names,
        power=power,
        damage=damage,
        keywords=keywords,
        effects=effects,
        text=texts["text"],
        set=texts["set"],
        rarity=texts["rarity"],
        release=release,
        opening_hand=leader_values["opening_hand"],
        unit_slots=leader_values["unit_slots"],
        counter_slots=leader_values["counter_slots"],
        abilities=abilities,
        entry=dict(mapping),
    )


def _required_choice(
    reader: _Reader, mapping: Mapping[str, Any], key: str, kind: type[StrEnum], what: str
) -> Any:
    if key not in mapping:
        reader.fail((key,), f"the card has no {key}")
        return None
    return reader.choice(mapping[key], kind, (key,), what)


def _names(reader: _Reader, mapping: Mapping[str, Any]) -> dict[str, str]:
    raw = mapping.get("names", {})
    names = reader.mapping(raw, ("names",))
    if names is None:
        return {}
    result = {}
    for language, text in names.items():
        if not isinstance(text, str) or not text:
            reader.fail(("names", language), "a translated name must be non-empty text")
        else:
            result[str(language)] = text
    return result


def _release(reader: _Reader, mapping: Mapping[str, Any]) -> dt.date | None:
    value = mapping.get("release")
    if value is None:
        return None
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    reader.fail(("release",), f"{value!r} is not a date (YYYY-MM-DD)")
    return None


def _sequence(reader: _Reader, value: object, path: Path) -> Sequence[Any]:
    if isinstance(value, Sequence) and not isinstance(value, str):
        return value
    reader.fail(path, f"must be a list, not {_kind(value)}")
    return ()


def _keywords(
    reader: _Reader, raw: object, card_type: CardType | None
) -> tuple[KeywordAbility, ...]:
    found: list[KeywordAbility] = []
    for index, item in enumerate(_sequence(reader, raw, ("keywords",))):
        path: Path = ("keywords", index)
        spec = {"id": item} if isinstance(item, str) else reader.mapping(item, path)
        if spec is None:
            continue
        for key in spec:
            if key not in ("id", "value", "cost", "into"):
                reader.fail((*path, key), f"unknown keyword field {key!r}")
        keyword = reader.choice(spec.get("id"), Keyword, (*path, "id"), "keyword")
        if keyword is None:
            continue
        ability = _keyword_ability(reader, keyword, spec, path)
        if any(other.keyword is keyword for other in found):
            reader.fail(path, f"keyword {keyword.value} is listed twice")
        allowed = KEYWORD_TYPES.get(keyword)
        if card_type is not None and allowed is not None and card_type not in allowed:
            kinds = "/".join(sorted(allowed))
            reader.fail(path, f"{keyword.value} is for {kinds} cards, not {card_type.value}")
        if card_type is CardType.LEADER:
            reader.fail(path, "leader abilities go under abilities:, not keywords:")
        if ability is not None:
            found.append(ability)
    return tuple(found)


def _keyword_ability(
    reader: _Reader, keyword: Keyword, spec: Mapping[str, Any], path: Path
) -> KeywordAbility | None:
    value = None
    cost = None
    form = None
    if keyword in VALUED_KEYWORDS:
        if "value" not in spec:
            reader.fail(path, f"{keyword.value}[x] needs a value")
            return None
        value = reader.int_value(spec["value"], (*path, "value"), minimum=1, maximum=10)
    elif "value" in spec:
        reader.fail((*path, "value"), f"{keyword.value} takes no value")
    if keyword in COSTED_KEYWORDS:
        cost_spec = reader.mapping(spec.get("cost"), (*path, "cost"))
        if cost_spec is None:
            return None
        cost_path = (*path, "cost")
        level = reader.integer(cost_spec, "level", cost_path, minimum=0, maximum=10)
        colour_cost = reader.integer(cost_spec, "colour_cost", cost_path, minimum=0, maximum=10)
        if level is None or colour_cost is None:
            if "level" not in cost_spec or "colour_cost" not in cost_spec:
                reader.fail(cost_path, "a cost needs level and colour_cost")
            return None
        if colour_cost > level:
            reader.fail(cost_path, f"a colour cost of {colour_cost} exceeds level {level}")
        cost = PlayCost(level, colour_cost)
    elif "cost" in spec:
        reader.fail((*path, "cost"), f"{keyword.value} takes no cost")
    if keyword is Keyword.TRANSFORM:
        into = spec.get("into")
        if not isinstance(into, str) or not into:
            reader.fail((*path, "into"), "transform needs into: <card number of the form>")
            return None
        form = into
    elif "into" in spec:
        reader.fail((*path, "into"), f"{keyword.value} takes no into")
    return KeywordAbility(keyword, value, cost, form)


def _effects(
    reader: _Reader,
    raw: object,
    path: Path,
    card_type: CardType | None,
    keywords: tuple[KeywordAbility, ...],
) -> tuple[Effect, ...]:
    effects = []
    persistent = any(k.keyword is Keyword.PERSISTENT for k in keywords)
    for index, item in enumerate(_sequence(reader, raw, path)):
        effect = _effect(reader, item, (*path, index), card_type, persistent)
        if effect is not None:
            effects.append(effect)
    return tuple(effects)


_EFFECT_KEYS = frozenset({"when", "if", "cost", "do"})


def _effect(
    reader: _Reader, raw: object, path: Path, card_type: CardType | None, persistent: bool
) -> Effect | None:
    spec = reader.mapping(raw, path)
    if spec is None:
        return None
    for key in spec:
        if key not in _EFFECT_KEYS:
            reader.fail((*path, key), f"unknown effect field {key!r} (use when, if, cost, do)")
    if "when" not in spec:
        reader.fail(path, f"an effect needs when: (one of: {', '.join(d.TRIGGERS)})")
        return None
    trigger = reader.choice(spec["when"], Trigger, (*path, "when"), "trigger")
    if trigger is None:
        return None
    if card_type is not None and card_type not in TRIGGER_TYPES[trigger]:
        reader.fail((*path, "when"), f"a {card_type.value} has no {trigger.value} effects")
    if card_type is CardType.ARTS and trigger in PERSISTENT_ONLY_TRIGGERS and not persistent:
        reader.fail((*path, "when"), f"only a persistent arts has {trigger.value} effects")
    keeps_state = card_type in (CardType.UNIT, CardType.STAGE) or (
        card_type is CardType.ARTS and persistent
    )
    condition = _condition(reader, spec.get("if"), (*path, "if")) if "if" in spec else None
    cost = NO_COST
    if "cost" in spec:
        if trigger is not Trigger.ACTIVATED:
            reader.fail((*path, "cost"), "only activated effects have a cost")
        cost = _cost(reader, spec["cost"], (*path, "cost"))
    if "do" not in spec:
        reader.fail(path, "an effect needs do: (a list of steps)")
        return None
    steps = []
    for index, item in enumerate(_sequence(reader, spec["do"], (*path, "do"))):
        step = _step(reader, item, (*path, "do", index), trigger, card_type, keeps_state)
        if step is not None:
            steps.append(step)
    if not steps and not reader.problems:
        reader.fail((*path, "do"), "an effect needs at least one step")
    return Effect(trigger, tuple(steps), condition, cost)


_CONDITION_KEYS: Mapping[str, tuple[int, int]] = {
    "count_at_least": (1, 99),
    "hp_at_most": (0, 10),
    "opponent_hp_at_most": (0, 10),
    "units_at_least": (0, 5),
    "opponent_units_at_least": (0, 5),
    "rank_at_least": (1, 3),
}


def _condition(reader: _Reader, raw: object, path: Path) -> Condition | None:
    spec = reader.mapping(raw, path)
    if spec is None:
        return None
    values: dict[str, Any] = {}
    for key, value in spec.items():
        if key == "your_turn":
            if not isinstance(value, bool):
                reader.fail((*path, key), "your_turn must be true or false")
            values[key] = value
        elif key in _CONDITION_KEYS:
            low, high = _CONDITION_KEYS[key]
            values[key] = reader.int_value(value, (*path, key), minimum=low, maximum=high)
        else:
            known = ", ".join(["your_turn", *_CONDITION_KEYS])
            reader.fail((*path, key), f"unknown condition {key!r} (one of: {known})")
    return Condition(**values)


def _cost(reader: _Reader, raw: object, path: Path) -> Cost:
    spec = reader.mapping(raw, path)
    if spec is None:
        return NO_COST
    l_accel = 0
    c_accel: list[tuple[Colour, int]] = []
    for key, value in spec.items():
        if key == "l_accel":
            l_accel = reader.int_value(value, (*path, key), minimum=1, maximum=10) or 0
        elif key == "c_accel":
            colours = reader.mapping(value, (*path, key))
            for colour_name, count in (colours or {}).items():
                colour = reader.choice(colour_name, Colour, (*path, key, colour_name), "colour")
                amount = reader.int_value(count, (*path, key, colour_name), minimum=1, maximum=10)
                if colour is not None and amount is not None:
                    c_accel.append((colour, amount))
        else:
            reader.fail((*path, key), f"unknown cost {key!r} (l_accel or c_accel)")
    if not l_accel and not c_accel and not reader.problems:
        reader.fail(path, "a cost needs l_accel or c_accel")
    return Cost(l_accel, tuple(c_accel))


_STEP_EXTRA_KEYS = frozenset({"target", "filter", "colour", "to"})


def _step(
    reader: _Reader,
    raw: object,
    path: Path,
    trigger: Trigger,
    card_type: CardType | None,
    keeps_state: bool,
) -> Step | None:
    problems_before = len(reader.problems)
    spec = reader.mapping(raw, path)
    if spec is None:
        return None
    verbs = [key for key in spec if key not in _STEP_EXTRA_KEYS]
    if len(verbs) != 1:
        known = ", ".join(verb.value for verb in Verb)
        reader.fail(path, f"a step names exactly one verb (one of: {known})")
        return None
    verb = reader.choice(verbs[0], Verb, (*path, verbs[0]), "verb")
    if verb is None:
        return None
    value_path = (*path, verb.value)
    raw_value = spec[verb.value]
    step_filter = _filter(reader, spec["filter"], (*path, "filter")) if "filter" in spec else None
    fields: dict[str, Any] = {}
    target: Selector | None = None
    if verb in TARGET_VERBS:
        target = reader.choice(raw_value, Selector, value_path, "target")
    elif verb in AMOUNT_TARGET_VERBS:
        minimum = 1 if verb is Verb.BIND else None
        fields["value"] = reader.int_value(raw_value, value_path, minimum=minimum)
        if "target" not in spec:
            reader.fail(path, f"{verb.value} needs target:")
        else:
            target = reader.choice(spec["target"], Selector, (*path, "target"), "target")
        if verb is Verb.POWER and fields["value"] == 0:
            reader.fail(value_path, "a power change of 0 does nothing")
    elif verb in AMOUNT_VERBS:
        fields["value"] = reader.int_value(raw_value, value_path, minimum=1, maximum=10)
    elif verb is Verb.COUNT:
        fields["value"] = reader.int_value(raw_value, value_path, minimum=-10, maximum=10)
        if fields["value"] == 0:
            reader.fail(value_path, "a count change of 0 does nothing")
    elif verb is Verb.TRANSFORM:
        if not isinstance(raw_value, str) or not raw_value:
            reader.fail(value_path, "transform names the card number of the form")
        fields["form"] = raw_value
    else:  # grant
        keyword = reader.choice(raw_value, Keyword, value_path, "keyword")
        if keyword is not None and keyword not in UNIT_KEYWORDS:
            units = ", ".join(sorted(UNIT_KEYWORDS))
            reader.fail(value_path, f"only unit keywords can be granted ({units})")
        fields["keyword"] = keyword
        if "target" not in spec:
            reader.fail(path, "grant needs target:")
        else:
            target = reader.choice(spec["target"], Selector, (*path, "target"), "target")
    _extras(reader, spec, path, verb, fields)
    if verb in TARGET_VERBS or verb in AMOUNT_TARGET_VERBS or verb is Verb.GRANT:
        if "target" in spec and verb in TARGET_VERBS:
            reader.fail((*path, "target"), f"{verb.value} names its target as its value")
        _check_target(reader, path, verb, target, trigger, card_type)
    elif "target" in spec:
        reader.fail((*path, "target"), f"{verb.value} takes no target")
    if step_filter is not None and (target is None or target in (Selector.SELF, Selector.EQUIPPED)):
        reader.fail((*path, "filter"), "a filter needs a selector that picks among units")
    if trigger in STATIC_TRIGGERS and step_filter is not None:
        if step_filter.keyword is not None:
            reader.fail((*path, "filter"), f"a {trigger.value} effect cannot filter by keyword")
        bounds = (step_filter.power_at_most, step_filter.power_at_least)
        if trigger is Trigger.CONTINUOUS and bounds != (None, None):
            reader.fail(
                (*path, "filter"),
                "only a stage's while_active effect can filter by power (it is applied last)",
            )
    if trigger in STATIC_TRIGGERS and verb not in STATIC_VERBS:
        reader.fail(path, f"a {trigger.value} effect can only change power or grant keywords")
    if verb is Verb.COUNT and not keeps_state:
        reader.fail(value_path, "count needs a card that stays: a unit, persistent arts or stage")
    if len(reader.problems) > problems_before:
        return None
    return Step(verb, target=target, filter=step_filter or NO_FILTER, **fields)


def _extras(
    reader: _Reader, spec: Mapping[str, Any], path: Path, verb: Verb, fields: dict[str, Any]
) -> None:
    if "colour" in spec:
        if verb is Verb.C_BOOST:
            fields["colour"] = reader.choice(spec["colour"], Colour, (*path, "colour"), "colour")
        else:
            reader.fail((*path, "colour"), "only c_boost takes a colour")
    if "to" in spec:
        if verb is Verb.DAMAGE:
            fields["recipient"] = reader.choice(spec["to"], Recipient, (*path, "to"), "recipient")
        else:
            reader.fail((*path, "to"), "only damage takes to:")


def _check_target(
    reader: _Reader,
    path: Path,
    verb: Verb,
    target: Selector | None,
    trigger: Trigger,
    card_type: CardType | None,
) -> None:
    if target is None:
        return
    where = (*path, verb.value if verb in TARGET_VERBS else "target")
    if verb is Verb.DESTROY_GEAR:
        if target is not Selector.CHOSEN_ENEMY_GEAR:
            reader.fail(where, "destroy_gear takes chosen_enemy_gear")
        return
    if target is Selector.CHOSEN_ENEMY_GEAR:
        reader.fail(where, f"{verb.value} acts on units, not gear")
    if trigger in STATIC_TRIGGERS:
        if target not in STATIC_SELECTORS:
            reader.fail(where, f"a {trigger.value} effect cannot use {target.value}")
        if trigger is Trigger.WHILE_ACTIVE and target is not Selector.ALL_UNITS:
            reader.fail(where, "a stage applies to both players: use all_units")
        if card_type is CardType.GEAR and target is not Selector.EQUIPPED:
            reader.fail(where, "gear gives its continuous effects to its unit: use equipped")
    if target in (Selector.ATTACKER, Selector.BATTLE_OPPONENT) and trigger not in (
        *BATTLE_TRIGGERS,
        Trigger.COUNTER,
    ):
        reader.fail(where, f"{target.value} exists only in battle and counter effects")
    if target is Selector.BATTLE_OPPONENT and trigger is Trigger.COUNTER:
        reader.fail(where, "a counter has no battle opponent; use attacker")
    if target is Selector.EQUIPPED and card_type is not CardType.GEAR:
        reader.fail(where, "only gear has an equipped unit")
    if target is Selector.SELF:
        if card_type is CardType.GEAR or card_type is CardType.LEADER:
            reader.fail(where, f"a {card_type.value} cannot target itself")
        elif card_type in (CardType.ARTS, CardType.STAGE) and verb is not Verb.DESTROY:
            reader.fail(where, f"{verb.value} on self needs a unit")


def _filter(reader: _Reader, raw: object, path: Path) -> Filter | None:
    spec = reader.mapping(raw, path)
    if spec is None:
        return None
    values: dict[str, Any] = {}
    for key, value in spec.items():
        if key in ("power_at_most", "power_at_least"):
            values[key] = reader.int_value(value, (*path, key))
        elif key == "state":
            if value not in ("active", "passive"):
                reader.fail((*path, key), "state is active or passive")
            values[key] = value
        elif key == "keyword":
            values[key] = reader.choice(value, Keyword, (*path, key), "keyword")
        else:
            reader.fail((*path, key), f"unknown filter {key!r}")
    return Filter(**values)


def _abilities(
    reader: _Reader, mapping: Mapping[str, Any], card_type: CardType | None
) -> tuple[RankAbilities, ...]:
    if "abilities" not in mapping:
        return ()
    if card_type is not None and card_type is not CardType.LEADER:
        reader.fail(("abilities",), "only leaders have abilities per rank; use effects:")
        return ()
    found: list[RankAbilities] = []
    for index, item in enumerate(_sequence(reader, mapping["abilities"], ("abilities",))):
        path: Path = ("abilities", index)
        spec = reader.mapping(item, path)
        if spec is None:
            continue
        rank = reader.integer(spec, "rank", path, minimum=1, maximum=3)
        if "rank" not in spec:
            reader.fail(path, "each entry needs rank: 1, 2 or 3")
        if rank is not None and any(entry.rank == rank for entry in found):
            reader.fail((*path, "rank"), f"rank {rank} is listed twice")
        effects = _effects(reader, spec.get("effects", ()), (*path, "effects"), card_type, ())
        if rank is not None:
            found.append(RankAbilities(rank, effects))
    return tuple(sorted(found, key=lambda entry: entry.rank))


def _check_keyword_use(
    reader: _Reader,
    card_type: CardType,
    keywords: tuple[KeywordAbility, ...],
    effects: tuple[Effect, ...],
    abilities: tuple[RankAbilities, ...],
) -> None:
    """A keyword that names a mechanic is printed exactly when an effect uses it,
    with the same number (Bind[2] binds 2): the printed card and its effects agree."""
    every = [*effects, *(effect for entry in abilities for effect in entry.effects)]
    used: dict[Keyword, set[int | str | None]] = {}

    def use(keyword: Keyword, value: int | str | None = None) -> None:
        used.setdefault(keyword, set()).add(value)

    for effect in every:
        if effect.trigger is Trigger.TURNOVER:
            use(Keyword.TURNOVER)
        if card_type is CardType.STAGE and effect.trigger in STAGE_ACTIVE_TRIGGERS:
            use(Keyword.ACTIVE)
        if effect.trigger is Trigger.COUNTER:
            use(Keyword.COUNTER)
        if effect.cost.l_accel:
            use(Keyword.L_ACCEL, effect.cost.l_accel)
        if effect.cost.c_accel:
            use(Keyword.C_ACCEL)
        for step in effect.steps:
            keyword = VERB_KEYWORDS.get(step.verb)
            if keyword is None:
                continue
            if keyword in (Keyword.BIND, Keyword.L_BOOST):
                use(keyword, step.value)
            elif keyword is Keyword.TRANSFORM:
                use(keyword, step.form)
            else:
                use(keyword)
    if card_type is CardType.LEADER:
        return
    printed = {k.keyword: k for k in keywords}
    for keyword, values in used.items():
        ability = printed.get(keyword)
        if ability is None:
            if keyword is not Keyword.COUNTER:
                reader.fail(("keywords",), f"an effect uses {keyword.value}: print the keyword")
            else:
                reader.fail(("keywords",), "a counter effect needs the counter keyword")
            continue
        expected = ability.form if keyword is Keyword.TRANSFORM else ability.value
        if keyword in (Keyword.BIND, Keyword.L_BOOST, Keyword.L_ACCEL, Keyword.TRANSFORM) and (
            values != {expected}
        ):
            shown = ", ".join(sorted(map(str, values)))
            reader.fail(
                ("keywords",),
                f"{keyword.value} is printed as {expected} but the effects use {shown}",
            )
    mechanics = set(VERB_KEYWORDS.values()) | {
        Keyword.TURNOVER,
        Keyword.L_ACCEL,
        Keyword.C_ACCEL,
    }
    mechanics.add(Keyword.ACTIVE)
    for keyword in printed:
        if keyword in mechanics and keyword not in used:
            reader.fail(("keywords",), f"{keyword.value} is printed but no effect uses it")


def card_from_dict(entry: Mapping[str, Any]) -> Card:
    """The card of a ``cards:`` entry of a checked database (:func:`document_problems`
    found nothing); ValueError with the first problem otherwise."""
    built = card_from_mapping(entry)
    if isinstance(built, Card):
        return built
    where = format_path(built[0].path) or "the card"
    raise ValueError(f"card {entry.get('number')!r}: {where}: {built[0].message}")


def document_problems(document: Mapping[str, Any]) -> Iterator[DocumentProblem]:
    """What the schema cannot say about a schema-valid database: the problems of each
    card (:func:`card_from_mapping`) and transformation forms that name no unit of it.
    Unique card numbers and set codes are the core loader's."""
    built: list[tuple[int, Card]] = []
    for index, entry in enumerate(document["cards"]):
        card = card_from_mapping(entry)
        if isinstance(card, Card):
            built.append((index, card))
        else:
            yield from ((("cards", index, *p.path), p.message) for p in card)
    units = {card.number for _, card in built if card.type is CardType.UNIT}
    for index, card in built:
        for form in forms_named(card):
            if form not in units:
                yield (
                    ("cards", index, "keywords"),
                    f"the transformation form {form} is not a unit in this database",
                )


def forms_named(card: Card) -> tuple[str, ...]:
    """The card numbers this card can transform into (RTL-KW-TRANSFORM)."""
    return tuple(
        step.form
        for effect in card.effects
        for step in effect.steps
        if step.verb is Verb.TRANSFORM and step.form is not None
    )
