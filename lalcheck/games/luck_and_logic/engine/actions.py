"""Every decision a player makes, as a small frozen value (python-chess style moves).

Cards in hand, deck and level zone are named by their index there; members by
the lowest circle they stand on (circles are numbered 1-6: front row 1, 3, 5,
back row 2, 4, 6 behind them, R-ZONE).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


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
    """R-TURN-4: move the member at ``circle`` onto ``circles``; members standing
    there move onto the circles it leaves (a swap; see
    :mod:`lalcheck.games.luck_and_logic.engine.moves`)."""

    circle: int
    circles: tuple[int, ...]

    def __str__(self) -> str:
        return f"move {self.circle} to {format_circles(self.circles)}"


class Source(StrEnum):
    """Where a trance takes its transunion (R-TRANCE)."""

    HAND = "hand"
    DECK = "deck"
    #: Not in the deck: refresh and take it from the new deck (seed 000 line 144);
    #: the index names the card in the drop zone before the refresh.
    REFRESH = "refresh"


@dataclass(frozen=True, slots=True)
class Trance:
    """R-TRANCE: fuse a logicalist (None: My Logicalist) and its partner (a foreigner,
    or a second super logicalist) into a transunion.

    ``transunion`` indexes the hand, the deck or the drop zone, as ``source`` says.
    """

    logicalist: int | None
    partner: int
    transunion: int
    source: Source
    circles: tuple[int, ...]

    def __str__(self) -> str:
        logicalist = "My Logicalist" if self.logicalist is None else str(self.logicalist)
        return (
            f"trance {logicalist}+{self.partner} into {self.source}[{self.transunion}]"
            f" on {format_circles(self.circles)}"
        )


@dataclass(frozen=True, slots=True)
class TranceChange:
    """R-TRANCE: a transunion with TC fuses with a foreigner into a member of the
    character its TC-「XX」 names."""

    transunion: int
    foreigner: int
    form: int
    source: Source
    circles: tuple[int, ...]

    def __str__(self) -> str:
        return (
            f"trance change {self.transunion}+{self.foreigner} into {self.source}[{self.form}]"
            f" on {format_circles(self.circles)}"
        )


@dataclass(frozen=True, slots=True)
class LogicDrive:
    """R-LD: the Logic Drive ``ability`` (the index among the member's abilities) of
    the transunion at ``circle``."""

    circle: int
    ability: int = 0

    def __str__(self) -> str:
        return f"logic drive {self.circle}" + (f" #{self.ability}" if self.ability else "")


@dataclass(frozen=True, slots=True)
class Activate:
    """R-ABL 【起】: use the activated ``ability`` (the index among the member's
    abilities) of the member at ``circle``, paying its cost."""

    circle: int
    ability: int

    def __str__(self) -> str:
        return f"activate {self.circle} #{self.ability}"


@dataclass(frozen=True, slots=True)
class Choose:
    """R-ABL: answer the choice a resolving ability asks for (see
    :class:`~lalcheck.games.luck_and_logic.engine.pending.Choice`: what the option's
    numbers name)."""

    option: tuple[int, ...]

    def __str__(self) -> str:
        return f"choose {list(self.option)}"


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
    stop intercepting, pass in logic definition, or decline an optional choice."""

    def __str__(self) -> str:
        return "pass"


Action = (
    Mulligan
    | LevelUp
    | ReturnLevel
    | Mobilize
    | Move
    | Trance
    | TranceChange
    | LogicDrive
    | Activate
    | LuckDrive
    | Attack
    | Intercept
    | Define
    | LevelSupport
    | Discard
    | Choose
    | Pass
)

PASS = Pass()
LUCK_DRIVE = LuckDrive()
LEVEL_SUPPORT = LevelSupport()


def format_circles(circles: tuple[int, ...]) -> str:
    """``1+2``: circles for messages."""
    return "+".join(map(str, circles))
