"""The card-ability language: small frozen value types, parsed once when a database loads.

A card's ``effects:`` (and a soul card's ``soul:``) become :class:`Abilities`: a
tuple of :class:`Ability` values grouped by kind for the engine, plus the plain
data they came from (written back unchanged by ``db import`` and ``db diff``).

An ability has a kind (seed 000 §5): ``auto`` 【自】 on a :class:`Trigger`,
``activated`` 【起】, ``logic_drive`` 【LD】, ``continuous`` 【永】, a secret
tool's ``skill`` (秘具スキル, seed 001 "秘具") or a paradox's ``paradox_rule``
(逆理法则). It may need an ``exsoul`` count (seed 001 "EXsoul"), be
``once_per_turn`` 【1回合1次】, hold :class:`Condition` values that must all be
true, :class:`Cost` values paid first, effect steps run in order
(:data:`Effect`), or, for continuous abilities and paradox rules, the
:data:`Modifier` values that the rules query while it is active.

Card types, colors and worlds are matched by their string values: the card
model's enums are ``StrEnum`` s, so no import of the card model is needed here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    """What kind of ability (seed 000 §5, seed 001 "秘具")."""

    AUTO = "auto"  # 【自】 runs when its trigger happens
    ACTIVATED = "activated"  # 【起】 the owner uses it in the main phase, paying its cost
    LOGIC_DRIVE = "logic_drive"  # 【LD】 an activated ability of a transunion with soul
    CONTINUOUS = "continuous"  # 【永】 true while its card is on the field (or face up)
    SKILL = "skill"  # 秘具スキル: what a secret tool does when a 錬成(X) chooses it
    PARADOX_RULE = "paradox_rule"  # 逆理法则: the rule a face-up paradox imposes


class Trigger(StrEnum):
    """When an auto ability runs. "This" is the card that has the ability."""

    MOBILIZE = "mobilize"  # this member was put on the field (from hand, by trance, by effect)
    TRANCE = "trance"  # this member was mobilized by trance or Trance Change
    ATTACK = "attack"  # this member was declared as an attacker
    ATTACKED = "attacked"  # this member was attacked
    INTERCEPT = "intercept"  # this member was put into the intercept zone
    DEFINE = "define"  # this card was put into the battle zone as logic
    PARADOX_LINK = "paradox_link"  # a paradox of yours was put face up into your battle zone
    BATTLE_WON = "battle_won"  # this member won a battle
    BATTLE_LOST = "battle_lost"  # this member lost a battle
    GATE_DESTROYED = "gate_destroyed"  # this gate was destroyed (never the sixth)
    LOGIC_DRIVE = "logic_drive"  # you used a Logic Drive
    TURN_START = "turn_start"  # your turn began (after the stand phase)
    TURN_END = "turn_end"  # your end phase began
    LEVEL_UP = "level_up"  # you put a card into your level zone


#: Triggers heard by every member of the player whose event it is; the others
#: are heard by the one card the event happened to.
BROADCAST_TRIGGERS = frozenset(
    {
        Trigger.PARADOX_LINK,
        Trigger.LOGIC_DRIVE,
        Trigger.TURN_START,
        Trigger.TURN_END,
        Trigger.LEVEL_UP,
    }
)
#: Triggers that may be limited to cards put there from the hand (seed 000 line 189).
FROM_HAND_TRIGGERS = frozenset({Trigger.MOBILIZE, Trigger.DEFINE})


class Stat(StrEnum):
    """Member values effects change."""

    POWER = "power"
    SPIRIT = "spirit"
    LIMIT = "limit"


class Duration(StrEnum):
    """How long a change lasts."""

    BATTLE = "battle"  # until the end of the battle in progress
    TURN = "turn"  # until the end of the turn (seed 000 【6】 "这个回合中")


class Side(StrEnum):
    """Whose members or cards, from the ability owner's point of view."""

    OWN = "own"
    OPPONENT = "opponent"
    ANY = "any"


class Row(StrEnum):
    """R-ZONE: front row circles 1, 3, 5; back row 2, 4, 6."""

    FRONT = "front"
    BACK = "back"


class Rule(StrEnum):
    """Changes to how battles are played, switched on by paradox rules, continuous
    abilities or ``rule`` effects (all read through one query in the engine)."""

    JUDGE_SPIRIT = "judge_spirit"  # compare spirit, not power (seed 000 [4-B])
    DEFENDER_WINS_TIES = "defender_wins_ties"  # a tie goes to the attacked member
    TIEBREAK_LIMIT = "tiebreak_limit"  # on a tie, the member with the higher limit wins
    NO_INTERCEPT = "no_intercept"  # the owner's opponent cannot intercept


@dataclass(frozen=True, slots=True)
class Filter:
    """Which cards or members qualify. Empty sets and None mean "any"."""

    types: frozenset[str] = frozenset()
    worlds: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    character: str | None = None
    attribute: str | None = None
    level_at_most: int | None = None
    level_at_least: int | None = None
    # members only
    rested: bool | None = None
    other: bool = False  # not the member the ability belongs to
    row: Row | None = None
    battling: bool | None = None
    soul_at_least: int | None = None
    soul_at_most: int | None = None
    #: a card of this character in its soul, or a My Logicalist of it fused in
    soul_character: str | None = None

    @property
    def is_any(self) -> bool:
        return self == ANY

    def __str__(self) -> str:
        parts = [
            *(sorted(self.types)),
            *(sorted(self.worlds)),
            *(sorted(self.colors)),
            *([f"character {self.character}"] if self.character else []),
            *([f"attribute {self.attribute}"] if self.attribute else []),
            *([f"level ≤ {self.level_at_most}"] if self.level_at_most is not None else []),
            *([f"level ≥ {self.level_at_least}"] if self.level_at_least is not None else []),
            *(["rested" if self.rested else "standing"] if self.rested is not None else []),
            *(["other"] if self.other else []),
            *([f"{self.row} row"] if self.row else []),
            *(
                ["battling" if self.battling else "not battling"]
                if self.battling is not None
                else []
            ),
            *([f"soul ≥ {self.soul_at_least}"] if self.soul_at_least is not None else []),
            *([f"soul ≤ {self.soul_at_most}"] if self.soul_at_most is not None else []),
            *([f"soul of {self.soul_character}"] if self.soul_character else []),
        ]
        return " ".join(parts) or "any"


ANY = Filter()


class TargetKind(StrEnum):
    """Which member an effect or modifier acts on."""

    SELF = "self"  # the member the ability belongs to
    BATTLING = "battling"  # the owner's battling member
    OPPOSING = "opposing"  # the opponent's battling member
    CHOOSE = "choose"  # one member the owner chooses
    ALL = "all"  # every member that qualifies


@dataclass(frozen=True, slots=True)
class Target:
    """``self``, ``battling``, ``opposing``, or members chosen or all of a side and filter."""

    kind: TargetKind
    side: Side = Side.OWN
    filter: Filter = ANY
    optional: bool = False  # CHOOSE: "up to one": the owner may choose none

    def __str__(self) -> str:
        if self.kind in (TargetKind.CHOOSE, TargetKind.ALL):
            what = "" if self.filter.is_any else f" {self.filter}"
            article = "up to one" if self.optional else "one"
            count = article if self.kind is TargetKind.CHOOSE else "all"
            return f"{count} {self.side}{what} member"
        return str(self.kind)


SELF = Target(TargetKind.SELF)
BATTLING = Target(TargetKind.BATTLING)


class ConditionKind(StrEnum):
    """What a condition reads (the "if" of an ability)."""

    LEVEL = "level"  # the owner's level
    LEVEL_ZONE = "level_zone"  # face-up level cards matching the filter
    SOUL = "soul"  # cards in this member's soul
    MEMBERS = "members"  # the side's members matching the filter
    HAND = "hand"  # cards in the owner's hand
    COST_ZONE = "cost_zone"  # cards in the owner's cost zone
    GATES_DESTROYED = "gates_destroyed"  # the side's destroyed gates
    ATTACKING = "attacking"  # this member is the attacker of the battle in progress
    BATTLING = "battling"  # this member is battling
    ROW = "row"  # this member stands in the given row
    PARADOX = "paradox"  # a face-up paradox is in a battle or paradox zone
    OWN_TURN = "own_turn"  # it is the owner's turn


#: Conditions that count something and take ``at_least`` / ``at_most``.
COUNTING_CONDITIONS = frozenset(
    {
        ConditionKind.LEVEL,
        ConditionKind.LEVEL_ZONE,
        ConditionKind.SOUL,
        ConditionKind.MEMBERS,
        ConditionKind.HAND,
        ConditionKind.COST_ZONE,
        ConditionKind.GATES_DESTROYED,
    }
)


@dataclass(frozen=True, slots=True)
class Condition:
    """One test; an ability runs (or applies) only when all its conditions hold."""

    kind: ConditionKind
    at_least: int | None = None
    at_most: int | None = None
    filter: Filter = ANY
    side: Side = Side.OWN
    row: Row | None = None
    negate: bool = False  # ATTACKING/BATTLING/PARADOX/OWN_TURN: "not"

    def __str__(self) -> str:
        bounds = " ".join(
            [
                *([f"≥ {self.at_least}"] if self.at_least is not None else []),
                *([f"≤ {self.at_most}"] if self.at_most is not None else []),
            ]
        )
        what = "" if self.filter.is_any else f" {self.filter}"
        if self.kind is ConditionKind.ROW:
            return f"in the {self.row} row"
        if self.kind in COUNTING_CONDITIONS:
            side = f"{self.side} " if self.kind in _SIDED else ""
            return f"{side}{self.kind.value.replace('_', ' ')}{what} {bounds}".strip()
        return ("not " if self.negate else "") + self.kind.value.replace("_", " ")


_SIDED = frozenset({ConditionKind.MEMBERS, ConditionKind.GATES_DESTROYED})


class CostKind(StrEnum):
    """What an ability costs (paid before its effects, all or nothing)."""

    REST_SELF = "rest_self"  # rest this member (it must be standing)
    STOCK = "stock"  # put cards of the cost zone into the drop zone
    DISCARD = "discard"  # put hand cards (the owner chooses) into the drop zone
    RETREAT_SELF = "retreat_self"  # put this member (and its soul) into the drop zone
    REST_LEVEL = "rest_level"  # rest standing level-zone cards


@dataclass(frozen=True, slots=True)
class Cost:
    kind: CostKind
    count: int = 1
    filter: Filter = ANY  # DISCARD: which hand cards qualify

    def __str__(self) -> str:
        what = "" if self.filter.is_any else f" {self.filter}"
        if self.kind in (CostKind.REST_SELF, CostKind.RETREAT_SELF):
            return self.kind.value.replace("_", " ")
        return f"{self.kind.value.replace('_', ' ')} {self.count}{what}"


# -- effects (the steps an ability runs) -------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    count: int = 1

    def __str__(self) -> str:
        return f"draw {self.count}"


@dataclass(frozen=True, slots=True)
class Discard:
    """The owner discards ``count`` hand cards of their choice."""

    count: int = 1
    filter: Filter = ANY

    def __str__(self) -> str:
        return f"discard {self.count}"


@dataclass(frozen=True, slots=True)
class Charge:
    """Stock boost: the top ``count`` deck cards go face down into the cost zone."""

    count: int = 1

    def __str__(self) -> str:
        return f"charge {self.count}"


@dataclass(frozen=True, slots=True)
class Search:
    """Look through the deck for up to ``count`` cards matching ``filter``, add them
    to the hand, then shuffle the deck."""

    filter: Filter = ANY
    count: int = 1

    def __str__(self) -> str:
        return f"search the deck for {self.count} {self.filter}, shuffle"


@dataclass(frozen=True, slots=True)
class AddToHand:
    """Put up to ``count`` drop-zone cards matching ``filter`` into the hand."""

    filter: Filter = ANY
    count: int = 1

    def __str__(self) -> str:
        return f"add {self.count} {self.filter} from the drop zone to hand"


@dataclass(frozen=True, slots=True)
class Stand:
    target: Target = SELF

    def __str__(self) -> str:
        return f"stand {self.target}"


@dataclass(frozen=True, slots=True)
class Rest:
    target: Target = SELF

    def __str__(self) -> str:
        return f"rest {self.target}"


class Destination(StrEnum):
    """Where a member leaving the field goes."""

    DROP = "drop"  # retreat / destroy: into the drop zone
    COST = "cost"  # face down into the cost zone, as after losing a battle
    HAND = "hand"
    DECK_TOP = "deck_top"
    DECK_BOTTOM = "deck_bottom"


@dataclass(frozen=True, slots=True)
class Remove:
    """The target member leaves the field with its soul: retreat (drop or cost
    zone), return to hand, or return to the top or bottom of the deck (the member
    card goes there, its soul cards to the drop zone)."""

    target: Target
    to: Destination = Destination.DROP

    def __str__(self) -> str:
        return f"{self.target} to {self.to.value.replace('_', ' ')}"


@dataclass(frozen=True, slots=True)
class MoveMember:
    """The owner moves the target member to other circles (R-TURN-4 moves)."""

    target: Target = SELF

    def __str__(self) -> str:
        return f"move {self.target}"


@dataclass(frozen=True, slots=True)
class Boost:
    """``stat`` changes by ``value`` (negative lowers it) until ``until`` ends."""

    stat: Stat
    value: int
    until: Duration
    target: Target = SELF

    def __str__(self) -> str:
        return f"{self.target} {self.stat} {self.value:+d} until the end of the {self.until}"


@dataclass(frozen=True, slots=True)
class MobilizeCard:
    """Mobilize a member matching ``filter`` from ``source`` onto circles the owner
    chooses (its level and territory still apply; its cost unless ``ignore_cost``)."""

    source: str  # "hand", "deck" (shuffled after) or "drop"
    filter: Filter = ANY
    ignore_cost: bool = True

    def __str__(self) -> str:
        cost = ", ignoring its cost" if self.ignore_cost else ""
        return f"mobilize {self.filter} from the {self.source}{cost}"


@dataclass(frozen=True, slots=True)
class LevelUp:
    """Put the top deck card face up into the level zone (at 5 cards one returns to hand)."""

    count: int = 1

    def __str__(self) -> str:
        return f"level up {self.count} from the deck"


@dataclass(frozen=True, slots=True)
class DestroyGate:
    """Destroy one undestroyed gate of the opponent that no member stands on (the
    owner chooses); its effect runs as in R-BAT-1."""

    def __str__(self) -> str:
        return "destroy an open opponent gate"


@dataclass(frozen=True, slots=True)
class GateAgain:
    """The effect of one of the owner's destroyed gates runs again (owner chooses)."""

    def __str__(self) -> str:
        return "a destroyed gate of yours activates again"


@dataclass(frozen=True, slots=True)
class ChangeRule:
    """Switch a battle rule on until ``until`` ends (a paradox rule as an effect)."""

    rule: Rule
    until: Duration

    def __str__(self) -> str:
        return f"{self.rule} until the end of the {self.until}"


@dataclass(frozen=True, slots=True)
class Transmute:
    """錬成(X) (seed 001 "秘具"): the owner chooses a secret tool of level ≤ ``level``
    in their secret tool zone, not yet used by this ability, and its skill runs."""

    level: int

    def __str__(self) -> str:
        return f"錬成({self.level})"


@dataclass(frozen=True, slots=True)
class DefineFromDeck:
    """Put the top deck card face up into the battle zone as logic (when there is
    room); abilities that need the card to come from the hand do not run."""

    def __str__(self) -> str:
        return "define the top card of the deck"


@dataclass(frozen=True, slots=True)
class SoulFromDeck:
    """Put the top ``count`` deck cards into this member's soul."""

    count: int = 1

    def __str__(self) -> str:
        return f"put {self.count} from the deck into the soul"


Effect = (
    Draw
    | Discard
    | Charge
    | Search
    | AddToHand
    | Stand
    | Rest
    | Remove
    | MoveMember
    | Boost
    | MobilizeCard
    | LevelUp
    | DestroyGate
    | GateAgain
    | ChangeRule
    | Transmute
    | DefineFromDeck
    | SoulFromDeck
)


# -- modifiers (what continuous abilities and paradox rules change) ----------------


@dataclass(frozen=True, slots=True)
class StatModifier:
    """``stat`` +``value`` (times the member's soul count when ``per_soul``) for the
    members ``to`` names, while the ability applies."""

    stat: Stat
    value: int
    to: Target = SELF
    per_soul: bool = False

    def __str__(self) -> str:
        per = " per soul card" if self.per_soul else ""
        return f"{self.to} {self.stat} {self.value:+d}{per}"


@dataclass(frozen=True, slots=True)
class RuleModifier:
    """A :class:`Rule` that holds while the ability applies."""

    rule: Rule

    def __str__(self) -> str:
        return str(self.rule)


Modifier = StatModifier | RuleModifier


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card (or granted by a soul card), in the language above."""

    kind: Kind
    trigger: Trigger | None = None
    from_hand: bool = False
    exsoul: int = 0
    once_per_turn: bool = False
    optional: bool = False
    conditions: tuple[Condition, ...] = ()
    costs: tuple[Cost, ...] = ()
    steps: tuple[Effect, ...] = ()
    modifiers: tuple[Modifier, ...] = ()

    @property
    def asks_first(self) -> bool:
        """An auto ability the owner may decline: optional ones and those with a cost."""
        return self.kind is Kind.AUTO and (self.optional or bool(self.costs))

    def __str__(self) -> str:
        head = {
            Kind.AUTO: f"【自】on {self.trigger}" + (" from hand" if self.from_hand else ""),
            Kind.ACTIVATED: "【起】",
            Kind.LOGIC_DRIVE: "【LD】",
            Kind.CONTINUOUS: "【永】",
            Kind.SKILL: "秘具スキル",
            Kind.PARADOX_RULE: "paradox rule",
        }[self.kind]
        parts = [head]
        if self.once_per_turn:
            parts.append("【1回合1次】")
        if self.exsoul:
            parts.append(f"EXsoul {self.exsoul}")
        if self.optional:
            parts.append("(may)")
        if self.conditions:
            parts.append("if " + " and ".join(map(str, self.conditions)))
        if self.costs:
            parts.append("[" + ", ".join(map(str, self.costs)) + "]")
        body = [*map(str, self.steps), *map(str, self.modifiers)]
        if self.kind is Kind.PARADOX_RULE and not body:
            body = [str(Rule.JUDGE_SPIRIT)]
        return " ".join(parts) + ": " + "; ".join(body)


@dataclass(frozen=True, slots=True, eq=False)
class Abilities:
    """A card's abilities, grouped for the engine, with the data they were read from.

    ``auto`` maps each trigger to its abilities with their index in ``items``, as
    ``usable`` holds the activated abilities and Logic Drives; ``reaching`` are the
    continuous abilities that change other members or rules, ``ruling`` those that
    switch a rule on; ``non_rule`` are those that stand for a card's ability text
    (all but paradox rules). Two :class:`Abilities` are equal when their abilities are.
    """

    items: tuple[Ability, ...] = ()
    source: object = None  # the plain data (a list, or a soul's power as an int)
    auto: Mapping[Trigger, tuple[tuple[int, Ability], ...]] = field(default_factory=dict)
    activated: tuple[Ability, ...] = ()
    logic_drives: tuple[Ability, ...] = ()
    continuous: tuple[Ability, ...] = ()
    reaching: tuple[Ability, ...] = ()
    ruling: tuple[Ability, ...] = ()
    skills: tuple[Ability, ...] = ()
    paradox_rules: tuple[Ability, ...] = ()
    usable: tuple[tuple[int, Ability], ...] = ()
    non_rule: tuple[Ability, ...] = ()

    @classmethod
    def of(cls, items: tuple[Ability, ...], source: object) -> Abilities:
        """Group abilities by kind (auto ones by trigger)."""
        auto: dict[Trigger, list[tuple[int, Ability]]] = {}
        for index, ability in enumerate(items):
            if ability.kind is Kind.AUTO and ability.trigger is not None:
                auto.setdefault(ability.trigger, []).append((index, ability))

        def only(kind: Kind) -> tuple[Ability, ...]:
            return tuple(a for a in items if a.kind is kind)

        continuous = only(Kind.CONTINUOUS)
        return cls(
            items=items,
            source=source,
            auto={trigger: tuple(found) for trigger, found in auto.items()},
            activated=only(Kind.ACTIVATED),
            logic_drives=only(Kind.LOGIC_DRIVE),
            continuous=continuous,
            reaching=tuple(
                a
                for a in continuous
                if any(
                    isinstance(m, RuleModifier) or m.to.kind is not TargetKind.SELF
                    for m in a.modifiers
                )
            ),
            ruling=tuple(
                a for a in continuous if any(isinstance(m, RuleModifier) for m in a.modifiers)
            ),
            skills=only(Kind.SKILL),
            paradox_rules=only(Kind.PARADOX_RULE),
            usable=tuple(
                (index, a)
                for index, a in enumerate(items)
                if a.kind is Kind.ACTIVATED or a.kind is Kind.LOGIC_DRIVE
            ),
            non_rule=tuple(a for a in items if a.kind is not Kind.PARADOX_RULE),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Abilities):
            return NotImplemented
        return self.items == other.items

    def __hash__(self) -> int:
        return hash(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Ability]:
        return iter(self.items)

    def __getitem__(self, index: int) -> Ability:
        return self.items[index]

    def __repr__(self) -> str:
        return f"Abilities({len(self.items)})"

    def to_data(self) -> object:
        """The plain data the abilities were read from (what ``db dump`` writes back)."""
        return self.source

    @property
    def written(self) -> bool:
        """Read from a list of abilities (not the ``soul: N`` shorthand)."""
        return isinstance(self.source, list) and bool(self.items)


NO_ABILITIES = Abilities()


def soul_power(value: int) -> Abilities:
    """The usual soul ability, "(Soul) Power +N": while the transunion it is the soul
    of attacks, it gets power +N (R-TRANCE). ``soul: N`` in the database."""
    ability = Ability(
        Kind.CONTINUOUS,
        conditions=(Condition(ConditionKind.ATTACKING),),
        modifiers=(StatModifier(Stat.POWER, value),),
    )
    return Abilities.of((ability,), value)
