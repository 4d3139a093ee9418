"""Whom a goldfish deck plays against (``--opponent``), for any game.

* ``passive``: an opponent that never acts (the rules' bound: the fastest a deck
  can win, and nothing else);
* ``wall``: an opponent that fields blockers every turn from a built-in pool of
  vanilla members (``--wall-power``, ``--wall-spirit``, ``--wall-members`` per
  turn) and defends with them as a sensible player would, but never attacks;
* a deck file: that deck, played by a policy (``--opponent-policy``).

The game builds the opponent from an :class:`Opponent`; the report names it in
its text (:meth:`Opponent.describe`) and JSON (:meth:`Opponent.to_dict`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from lalcheck.errors import UsageError
from lalcheck.simulation import DeckInfo


class OpponentKind(StrEnum):
    PASSIVE = "passive"
    WALL = "wall"
    DECK = "deck"


#: ``--opponent`` default (contract §8).
DEFAULT_OPPONENT = OpponentKind.WALL


@dataclass(frozen=True, slots=True)
class Wall:
    """The wall's members: the power and spirit of each, and how many it fields per turn."""

    power: int
    spirit: int
    members: int

    def to_dict(self) -> dict[str, int]:
        return {"power": self.power, "spirit": self.spirit, "members": self.members}


@dataclass(frozen=True, slots=True)
class WallLimits:
    """What a game's wall accepts: its defaults and the largest values."""

    default: Wall
    most: Wall

    def wall(self, power: int | None, spirit: int | None, members: int | None) -> Wall:
        """The wall of the given options (None: the default); :class:`UsageError` past
        a limit."""
        chosen = Wall(
            self.default.power if power is None else power,
            self.default.spirit if spirit is None else spirit,
            self.default.members if members is None else members,
        )
        for name, value, most, least in (
            ("power", chosen.power, self.most.power, 0),
            ("spirit", chosen.spirit, self.most.spirit, 0),
            ("members", chosen.members, self.most.members, 1),
        ):
            if not least <= value <= most:
                raise UsageError(f"--wall-{name} must be from {least} to {most}, not {value}")
        return chosen


@dataclass(frozen=True, slots=True)
class Opponent:
    """The opponent of a goldfish run: its kind, the wall's settings (None: the game's
    wall takes none), or the deck and the policy that plays it."""

    kind: OpponentKind
    wall: Wall | None = None
    deck: DeckInfo | None = None
    policy: str | None = None

    @classmethod
    def passive(cls) -> Opponent:
        return cls(OpponentKind.PASSIVE)

    def describe(self) -> str:
        """``wall (power 6000, spirit 2, up to 2 members a turn)`` for the text report."""
        if self.kind is OpponentKind.WALL:
            wall = self.wall
            if wall is None:
                return "wall"
            return (
                f"wall (power {wall.power}, spirit {wall.spirit}, "
                f"up to {wall.members} members a turn)"
            )
        if self.kind is OpponentKind.DECK:
            assert self.deck is not None
            return f"{self.deck.title}, played by the {self.policy} policy"
        return "passive opponent"

    def to_dict(self) -> dict[str, Any]:
        """Contract §8: ``{"kind": "wall", ...}``."""
        document: dict[str, Any] = {"kind": self.kind.value}
        if self.wall is not None:
            document.update(self.wall.to_dict())
        if self.deck is not None:
            document["deck"] = {
                "path": self.deck.path,
                "name": self.deck.name,
                "sha256": self.deck.sha256,
                "legal": self.deck.legal,
            }
            document["policy"] = self.policy
        return document


def opponent_kind(text: str) -> OpponentKind | Path:
    """``--opponent``: ``passive``, ``wall`` or the path of a deck file."""
    if text in (OpponentKind.PASSIVE, OpponentKind.WALL):
        return OpponentKind(text)
    path = Path(text)
    if path.suffix.lower() not in (".yaml", ".yml"):
        raise UsageError(f"--opponent must be passive, wall or a deck file (.yaml), not {text!r}")
    return path
