"""The card model: small immutable value types shared by the checker and the engine.

A :class:`Card` is one printing (one card number). Its ``name`` is the card's
identity: printings with the same name share the copy limit (R-CON-2).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any

from lalcheck.games.base import CardNames

if TYPE_CHECKING:
    from lalcheck.games.luck_and_logic.abilities.model import Abilities


class CardType(StrEnum):
    """The card types of contract §2."""

    LOGICALIST = "logicalist"
    FOREIGNER = "foreigner"
    TRANSUNION = "transunion"
    SUPER_LOGICALIST = "super_logicalist"
    TACTICS = "tactics"
    PARADOX = "paradox"
    GATE = "gate"
    SECRET_TOOL = "secret_tool"
    MY_LOGICALIST = "my_logicalist"

    @property
    def is_member(self) -> bool:
        """Logicalists, foreigners, transunions and super logicalists (R-CARD)."""
        return self in MEMBER_TYPES

    @property
    def is_main_deck(self) -> bool:
        """White-backed cards that may stand in the main deck (R-CON-1)."""
        return self in MAIN_DECK_TYPES


MEMBER_TYPES = frozenset(
    {CardType.LOGICALIST, CardType.FOREIGNER, CardType.TRANSUNION, CardType.SUPER_LOGICALIST}
)
MAIN_DECK_TYPES = MEMBER_TYPES | {CardType.TACTICS, CardType.PARADOX}

#: Spellings accepted for card types besides the canonical values.
CARD_TYPE_ALIASES: Mapping[str, CardType] = {
    "tranceunion": CardType.TRANSUNION,
    "super logicalist": CardType.SUPER_LOGICALIST,
    "secret tool": CardType.SECRET_TOOL,
    "my logicalist": CardType.MY_LOGICALIST,
}


def parse_card_type(text: str) -> CardType:
    """Return the card type named by ``text`` (canonical value or a known alias)."""
    return CARD_TYPE_ALIASES.get(text) or CardType(text)


class Color(StrEnum):
    """Card colors (R-CARD)."""

    YELLOW = "yellow"
    GREEN = "green"
    RED = "red"
    BLUE = "blue"
    COLORLESS = "colorless"


class World(StrEnum):
    """The worlds of Luck & Logic (R-CARD). ``LAL部`` is the Luck&Logic Club."""

    MONOLIUM = "Monolium"
    DISFIA = "Disfia"
    TRITOMY = "Tritomy"
    TETRA_HEAVEN = "Tetra-Heaven"
    SEPTPIA = "Septpia"
    LUCK_AND_LOGIC_CLUB = "Luck&Logic Club"


#: Other spellings of world names found on cards and in card lists.
WORLD_ALIASES: Mapping[str, World] = {
    "LAL部": World.LUCK_AND_LOGIC_CLUB,
    "らくろじ部": World.LUCK_AND_LOGIC_CLUB,
    "Luck & Logic Club": World.LUCK_AND_LOGIC_CLUB,
    "Tetra Heaven": World.TETRA_HEAVEN,
}


def parse_world(text: str) -> World:
    """Return the world named by ``text`` (canonical name or a known alias)."""
    alias = WORLD_ALIASES.get(text)
    return alias if alias is not None else World(text)


class LogicKind(StrEnum):
    """What a card's logic does when it is defined in battle (R-BAT-3)."""

    POWER = "power"
    SPIRIT = "spirit"
    LIMIT = "limit"
    TACTICS = "tactics"
    PARADOX = "paradox"


@dataclass(frozen=True, slots=True)
class Logic:
    """A card's logic: ``power +1000``, ``spirit +1``, a tactics effect or a paradox."""

    kind: LogicKind
    value: int = 0


@dataclass(frozen=True)
class Card(CardNames):
    """One printing of a card, as the card database describes it (contract §2).

    ``effects`` and ``soul`` hold the card's abilities as the database writes them;
    :attr:`abilities` and :attr:`soul_abilities` read them into the ability model the
    first time they are asked for (checking a deck never needs them, and the model is
    slow to import). Not slotted, so that reading is cached on the card: a slot
    filled on first use would need ``__getattr__``, which slows every attribute read
    (CPython cannot specialise them; 5% more instructions per goldfish game, where
    the card's own dictionary costs 2%).
    """

    number: str
    name: str
    type: CardType
    names: Mapping[str, str] = field(default_factory=dict)
    title: str | None = None
    character: str | None = None
    color: Color | None = None
    world: World | None = None
    attributes: tuple[str, ...] = ()
    level: int | None = None
    cost: int | None = None
    territory: int | None = None
    power: int | None = None
    spirit: int | None = None
    limit: int | None = None
    #: What the card gives the transunion it is the soul of (R-TRANCE): ``soul: N``
    #: in the database is "(Soul) power +N while attacking", a list its abilities.
    soul: int | Sequence[Any] | None = None
    logic: Logic | None = None
    covenanter: str | None = None
    #: TC-「XX」: the character (名称) a Trance Change turns this transunion into.
    trance_change: str | None = None
    gate_number: int | None = None
    paradox_rule: str | None = None
    text: str | None = None
    rarity: str | None = None
    set: str | None = None
    release: dt.date | None = None
    #: The card's abilities in the ability language (``effects:`` of the database).
    effects: Sequence[Any] = ()

    @cached_property
    def abilities(self) -> Abilities:
        """The card's own abilities, read from :attr:`effects`."""
        from lalcheck.games.luck_and_logic.abilities.parse import read_effects

        return read_effects(self.effects, self.type, self.number)

    @cached_property
    def soul_abilities(self) -> Abilities | None:
        """What the card gives as a soul, read from :attr:`soul` (None: not a soul card)."""
        from lalcheck.games.luck_and_logic.abilities.parse import read_soul

        return None if self.soul is None else read_soul(self.soul, self.number)

    @property
    def has_unmodelled_text(self) -> bool:
        """True when some of the card's text has no structured form: ability text
        without abilities (its own, or those it gives as soul), or a paradox rule
        without a ``paradox_rule`` ability."""
        soul = self.soul_abilities
        if self.text and not self.abilities.non_rule and not (soul and soul.written):
            return True
        return bool(self.paradox_rule) and not self.abilities.paradox_rules
