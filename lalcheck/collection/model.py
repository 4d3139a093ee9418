"""What a collection holds: rows of owned copies, their details and the merge rule.

A :class:`Holding` is one row: copies of one printing (a game's card number)
with the same details. Its key is ``(game, number, condition, language, foil)``; adding or
importing a row whose key is already held merges into it (:func:`merge`):
quantities and trade quantities add, and notes are combined, each distinct
note kept once, joined with ``"; "``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from lalcheck.db.model import CardDatabase, SuggestionBudget
from lalcheck.errors import LalcheckError, UsageError
from lalcheck.games import DEFAULT_GAME
from lalcheck.games.base import GameCard as Card
from lalcheck.wording import shown

#: The most copies one row may add at once; more is taken for a typing mistake.
MAX_QUANTITY = 100_000
#: Separator of combined notes.
NOTE_SEPARATOR = "; "


class CollectionError(LalcheckError):
    """A collection command that cannot be done and changed nothing (exit 1)."""


class Condition(StrEnum):
    """Card condition, on the usual trading-site scale (mint to poor)."""

    MT = "MT"
    NM = "NM"
    EX = "EX"
    GD = "GD"
    LP = "LP"
    PL = "PL"
    PO = "PO"


#: Full condition names accepted besides the codes (case-insensitive).
CONDITION_NAMES = {
    "mint": Condition.MT,
    "near mint": Condition.NM,
    "excellent": Condition.EX,
    "good": Condition.GD,
    "light played": Condition.LP,
    "lightly played": Condition.LP,
    "played": Condition.PL,
    "poor": Condition.PO,
}

DEFAULT_CONDITION = Condition.NM
#: Luck & Logic was printed in Japanese first; other languages are given explicitly.
DEFAULT_LANGUAGE = "ja"

_LANGUAGE = re.compile(r"[a-z]{2,3}(-[a-z0-9]{2,8})?")
_FOIL_WORDS = {
    "yes": True,
    "y": True,
    "true": True,
    "1": True,
    "foil": True,
    "no": False,
    "n": False,
    "false": False,
    "0": False,
    "": False,
}


def parse_condition(text: str) -> Condition:
    """A condition code (``NM``) or name (``near mint``), any case; empty: the default."""
    key = " ".join(text.replace("_", " ").split()).casefold()
    if not key:
        return DEFAULT_CONDITION
    condition = CONDITION_NAMES.get(key) or Condition.__members__.get(key.upper())
    if condition is None:
        codes = ", ".join(c.value for c in Condition)
        raise UsageError(f"unknown condition {text!r}; use one of {codes}")
    return condition


def parse_language(text: str) -> str:
    """A language code such as ``ja``, ``en`` or ``zh-tw``; empty: the default."""
    code = text.strip().casefold()
    if not code:
        return DEFAULT_LANGUAGE
    if not _LANGUAGE.fullmatch(code):
        raise UsageError(f"bad language {text!r}; use a language code such as ja, en or zh")
    return code


def parse_foil(text: str) -> bool:
    """``yes``/``no`` (also ``true``/``false``, ``1``/``0``, ``y``/``n``); empty: no."""
    value = _FOIL_WORDS.get(text.strip().casefold())
    if value is None:
        raise UsageError(f"bad foil value {text!r}; use yes or no")
    return value


def parse_quantity(text: str, column: str) -> int:
    """A whole number of copies from 0 to :data:`MAX_QUANTITY`."""
    value = text.strip()
    if not value:
        raise UsageError(f"{column} is empty; write a whole number")
    if value.startswith("-") and value[1:].isdigit():
        raise UsageError(f"{column} {value} is negative")
    if not value.isascii() or not value.isdigit():
        raise UsageError(f"{column} {shown(value)} is not a whole number")
    # Compare the digits before converting: thousands of them would not convert.
    if len(value.lstrip("0")) > len(str(MAX_QUANTITY)) or int(value) > MAX_QUANTITY:
        written = value if len(value) <= 12 else value[:12] + "…"
        raise UsageError(f"{column} {written} is more than {MAX_QUANTITY}")
    return int(value)


def merge_notes(old: str, new: str) -> str:
    """``old`` with every part of ``new`` it does not already hold appended."""
    if not old and not new:  # most rows have no note
        return ""
    parts = [part for part in old.split(NOTE_SEPARATOR) if part]
    for part in new.split(NOTE_SEPARATOR):
        if part and part not in parts:
            parts.append(part)
    return NOTE_SEPARATOR.join(parts)


@dataclass(frozen=True, slots=True)
class Holding:
    """Copies of one printing of a game's card with the same details; ``trade_quantity``
    of them for trade."""

    number: str
    quantity: int
    trade_quantity: int = 0
    condition: Condition = DEFAULT_CONDITION
    language: str = DEFAULT_LANGUAGE
    foil: bool = False
    note: str = ""
    game: str = DEFAULT_GAME

    def __post_init__(self) -> None:
        if not 0 <= self.trade_quantity <= self.quantity:
            raise UsageError(
                f"{self.trade_quantity} copies for trade, but the quantity is {self.quantity}; "
                "trade copies are counted within the quantity"
            )

    @property
    def key(self) -> tuple[str, str, Condition, str, bool]:
        """What identifies a row: rows with the same key merge."""
        return (self.game, self.number, self.condition, self.language, self.foil)

    def details(self) -> str:
        """``NM, ja, foil``: the details for messages."""
        return ", ".join([self.condition, self.language, *(["foil"] if self.foil else [])])


class RowSum:
    """Rows of one key added up in turn, as :func:`merge` of each into the result would,
    without building a :class:`Holding` at every step (an import adds many thousand)."""

    __slots__ = ("alone", "first", "note", "quantity", "trade_quantity")

    def __init__(self, first: Holding) -> None:
        self.first = first
        self.alone = True
        self.quantity = first.quantity
        self.trade_quantity = first.trade_quantity
        self.note = first.note

    def add(self, added: Holding) -> None:
        """Add a row of the same key."""
        self.alone = False
        self.quantity += added.quantity
        self.trade_quantity += added.trade_quantity
        self.note = merge_notes(self.note, added.note)

    def row(self) -> Holding:
        """The row the rows add up to."""
        first = self.first
        if self.alone:
            return first
        return Holding(
            first.number,
            self.quantity,
            self.trade_quantity,
            first.condition,
            first.language,
            first.foil,
            self.note,
            first.game,
        )


def merge(held: Holding, added: Holding) -> Holding:
    """The row that results from adding ``added`` to ``held`` (same key)."""
    total = RowSum(held)
    total.add(added)
    return total.row()


def resolve_card(
    db: CardDatabase[Card], reference: str, budget: SuggestionBudget[Card] | None = None
) -> Card:
    """The card a number or exact name refers to; :class:`CollectionError` otherwise
    (``budget`` bounds the "did you mean" searches of one file)."""
    resolution = (budget or SuggestionBudget(db)).resolve(reference.strip())
    if resolution.card is None:
        raise CollectionError(resolution.problem())
    return resolution.card
