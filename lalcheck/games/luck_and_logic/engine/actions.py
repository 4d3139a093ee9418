"""Every decision a player makes, as a small frozen value (python-chess style moves).

Cards in hand, deck and level zone are named by their index there; members by
the lowest circle they stand on (circles are numbered 1-6: front row 1, 3, 5,
back row 2, 4, 6 behind them, R-ZONE).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Mulligan:
    """R-TURN-0: put these hand cards (indices, ascending) on the bottom and draw as many."""

    bottom: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"mulligan {list(self.bottom)}" if self.bottom else "keep"


@dataclass(frozen=True, slots=True)
class LevelUp:
    """R-TURN-3: put a hand card into the level zone."""

    card: int

    def __str__(self) -> str:
        return f"level up with hand[{self.card}]"


@dataclass(frozen=True, slots=True)
class ReturnLevel:
    """R-TURN-3: the level zone reached 5 cards; return this one to hand."""

    card: int

    def __str__(self) -> str:
        return f"return level[{self.card}]"


@dataclass(frozen=True, slots=True)
class Mobilize:
    """R-MOB: mobilize a hand member onto circles that fit its territory (R-TER)."""

    card: int
    circles: tuple[int, ...]

    def __str__(self) -> str:
        return f"mobilize hand[{self.card}] on {format_circles(self.circles)}"


@dataclass(frozen=True, slots=True)
class Move:
    """R-TURN-4: move the member at ``circle`` onto empty ``circles``."""

    circle: int
    circles: tuple[int, ...]

    def __str__(self) -> str:
        return f"move {self.circle} to {format_circles(self.circles)}"


@dataclass(frozen=True, slots=True)
class Swap:
    """R-TURN-4: two single-circle members exchange circles."""

    circle: int
    other: int

    def __str__(self) -> str:
        return f"swap {self.circle} and {self.other}"


@dataclass(frozen=True, slots=True)
class Trance:
    """R-TRANCE: fuse a logicalist (None: My Logicalist) and a foreigner into a transunion.

    ``transunion`` indexes the hand, or the deck when ``from_deck``.
    """

    logicalist: int | None
    foreigner: int
    transunion: int
    from_deck: bool
    circles: tuple[int, ...]

    def __str__(self) -> str:
        source = "deck" if self.from_deck else "hand"
        logicalist = "My Logicalist" if self.logicalist is None else str(self.logicalist)
        return (
            f"trance {logicalist}+{self.foreigner} into {source}[{self.transunion}]"
            f" on {format_circles(self.circles)}"
        )


@dataclass(frozen=True, slots=True)
class TranceChange:
    """R-TRANCE: a transunion with TC fuses with a foreigner into its named TC form."""

    transunion: int
    foreigner: int
    form: int
    from_deck: bool
    circles: tuple[int, ...]

    def __str__(self) -> str:
        source = "deck" if self.from_deck else "hand"
        return (
            f"trance change {self.transunion}+{self.foreigner} into {source}[{self.form}]"
            f" on {format_circles(self.circles)}"
        )


@dataclass(frozen=True, slots=True)
class LogicDrive:
    """R-LD: the Logic Drive of the transunion at ``circle``."""

    circle: int

    def __str__(self) -> str:
        return f"logic drive {self.circle}"


@dataclass(frozen=True, slots=True)
class LuckDrive:
    """R-LUCK: 3 cost zone cards to the drop zone, draw 1."""

    def __str__(self) -> str:
        return "luck drive"


@dataclass(frozen=True, slots=True)
class Attack:
    """R-BAT-1: rest the member at ``attacker`` and attack the opponent's ``target`` circle."""

    attacker: int
    target: int

    def __str__(self) -> str:
        return f"attack {self.attacker} -> {self.target}"


@dataclass(frozen=True, slots=True)
class Intercept:
    """R-BAT-2: the defender puts the member at ``circle`` into the intercept zone."""

    circle: int

    def __str__(self) -> str:
        return f"intercept with {self.circle}"


@dataclass(frozen=True, slots=True)
class Define:
    """R-BAT-3: define a hand card's logic in the battle zone."""

    card: int

    def __str__(self) -> str:
        return f"define hand[{self.card}]"


@dataclass(frozen=True, slots=True)
class LevelSupport:
    """R-BAT-3: rest a standing level card and draw 1; a Define must follow."""

    def __str__(self) -> str:
        return "level support"


@dataclass(frozen=True, slots=True)
class Discard:
    """R-ZONE-2: discard a hand card down to the hand limit."""

    card: int

    def __str__(self) -> str:
        return f"discard hand[{self.card}]"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the current choice: skip levelling, end the main or battle phase,
    stop intercepting, or pass in logic definition."""

    def __str__(self) -> str:
        return "pass"


Action = (
    Mulligan
    | LevelUp
    | ReturnLevel
    | Mobilize
    | Move
    | Swap
    | Trance
    | TranceChange
    | LogicDrive
    | LuckDrive
    | Attack
    | Intercept
    | Define
    | LevelSupport
    | Discard
    | Pass
)

PASS = Pass()
LUCK_DRIVE = LuckDrive()
LEVEL_SUPPORT = LevelSupport()


def format_circles(circles: tuple[int, ...]) -> str:
    """``1+2``: circles for messages."""
    return "+".join(map(str, circles))
