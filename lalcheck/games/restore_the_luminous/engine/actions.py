"""Every decision a player makes, as a small frozen value (python-chess style moves).

Cards in hand, graveyard and counter slots are named by their index there;
units by their index in their owner's unit row. A payment ``pay`` counts the
active LP spent of each kind: ``pay[0]`` colourless, ``pay[1:]`` the colours
in :data:`~lalcheck.games.restore_the_luminous.cards.COLOURS` order (red,
blue, green, yellow, black). Which LP pay is a real decision (RTL-PAY).
"""

from __future__ import annotations

from dataclasses import dataclass

from lalcheck.games.restore_the_luminous.cards import COLOURS

Payment = tuple[int, ...]
NO_PAYMENT: Payment = (0,) * (len(COLOURS) + 1)


def format_payment(pay: Payment) -> str:
    """``2 colourless + 1 red``: a payment for messages."""
    parts = [
        f"{count} {'colourless' if kind == 0 else COLOURS[kind - 1].value}"
        for kind, count in enumerate(pay)
        if count
    ]
    return " + ".join(parts) or "nothing"


@dataclass(frozen=True, slots=True)
class ColourLP:
    """RTL-COL-1: erase a hand card; one colourless LP takes its colour."""

    card: int

    def __str__(self) -> str:
        return f"colour with hand[{self.card}]"


@dataclass(frozen=True, slots=True)
class Play:
    """RTL-PAY: play a hand card paying ``pay``; gear goes ``on`` one of your units."""

    card: int
    pay: Payment
    on: int | None = None

    def __str__(self) -> str:
        where = f" on unit {self.on}" if self.on is not None else ""
        return f"play hand[{self.card}]{where} paying {format_payment(self.pay)}"


@dataclass(frozen=True, slots=True)
class SetCounter:
    """RTL-ZONE-4: set a hand card face down in a counter slot."""

    card: int

    def __str__(self) -> str:
        return f"set hand[{self.card}] as a counter"


@dataclass(frozen=True, slots=True)
class Revive:
    """RTL-KW-REVIVE: summon a graveyard unit paying its Revive cost."""

    card: int
    pay: Payment

    def __str__(self) -> str:
        return f"revive graveyard[{self.card}] paying {format_payment(self.pay)}"


@dataclass(frozen=True, slots=True)
class Activate:
    """RTL-KW-LACCEL / RTL-KW-CACCEL: use an activated ability of the leader
    (``source="leader"``), a unit or a persistent arts; ``pay`` is the L-Accel LP."""

    source: str
    index: int
    ability: int
    pay: Payment = NO_PAYMENT

    def __str__(self) -> str:
        where = "leader" if self.source == "leader" else f"{self.source} {self.index}"
        paid = f" paying {format_payment(self.pay)}" if any(self.pay) else ""
        return f"activate {where} ability {self.ability}{paid}"


@dataclass(frozen=True, slots=True)
class SkipBattle:
    """RTL-TURN-4: go from main phase 1 straight to main phase 2 (no battle phase)."""

    def __str__(self) -> str:
        return "skip the battle phase"


@dataclass(frozen=True, slots=True)
class Attack:
    """RTL-BAT-1: the unit at ``unit`` attacks the opposing unit ``target``, or the
    opposing leader when ``target`` is None."""

    unit: int
    target: int | None

    def __str__(self) -> str:
        aim = "the leader" if self.target is None else f"unit {self.target}"
        return f"unit {self.unit} attacks {aim}"


@dataclass(frozen=True, slots=True)
class DeclareCounter:
    """RTL-BAT-3: reveal the counter in ``slot``, paying its Counter cost."""

    slot: int
    pay: Payment

    def __str__(self) -> str:
        return f"counter {self.slot} paying {format_payment(self.pay)}"


@dataclass(frozen=True, slots=True)
class ResolveCounter:
    """RTL-BAT-3: resolve this declared counter next (any order)."""

    index: int

    def __str__(self) -> str:
        return f"resolve counter {self.index}"


@dataclass(frozen=True, slots=True)
class Protect:
    """RTL-BAT-4: the defender's Protect unit takes the attack."""

    unit: int

    def __str__(self) -> str:
        return f"protect with unit {self.unit}"


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick an effect's target: ``player``'s unit, or gear ``gear`` on that unit."""

    player: int
    unit: int
    gear: int | None = None

    def __str__(self) -> str:
        where = f"{'AB'[self.player]} unit {self.unit}"
        return f"target {where} gear {self.gear}" if self.gear is not None else f"target {where}"


@dataclass(frozen=True, slots=True)
class UseTurnover:
    """RTL-KW-TURNOVER: use the damage card's Turnover effect for free."""

    def __str__(self) -> str:
        return "use turnover"


@dataclass(frozen=True, slots=True)
class Erase:
    """RTL-ZONE-5: erase a hand card down to the hand limit."""

    card: int

    def __str__(self) -> str:
        return f"erase hand[{self.card}]"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: end a main phase or the battle phase (step 7), close a counter
    window, do not Protect, do not use a Turnover."""

    def __str__(self) -> str:
        return "pass"


Action = (
    ColourLP
    | Play
    | SetCounter
    | Revive
    | Activate
    | SkipBattle
    | Attack
    | DeclareCounter
    | ResolveCounter
    | Protect
    | Choose
    | UseTurnover
    | Erase
    | Pass
)

PASS = Pass()
SKIP_BATTLE = SkipBattle()
USE_TURNOVER = UseTurnover()
