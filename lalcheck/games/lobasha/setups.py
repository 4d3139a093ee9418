"""Roles and table rules: the four roles, the role mix per player count, the Lord's HP bonus.

The table rules are 洛吧殺's regulation (``data/lobasha/regulations/``): what a
table plays by, as data, checked by the core like any game's regulation.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum


class Role(StrEnum):
    """LBS-ROLE-1: Island Lord, Guard, Sky Pirate, Ancient."""

    LORD = "lord"
    GUARD = "guard"
    PIRATE = "pirate"
    ANCIENT = "ancient"


#: Roles in the order reports list them.
ROLES = (Role.LORD, Role.GUARD, Role.PIRATE, Role.ANCIENT)


@dataclass(frozen=True, slots=True)
class RoleMix:
    """How many of each role sit at a table of ``players``."""

    players: int
    counts: Mapping[Role, int]

    def roles(self) -> tuple[Role, ...]:
        """The roles to deal, in :data:`ROLES` order."""
        return tuple(role for role in ROLES for _ in range(self.counts.get(role, 0)))


@dataclass(frozen=True, slots=True)
class LordBonus:
    """LBS-ROLE-5: from ``players`` players on, the Lord's max HP is raised by ``bonus``."""

    players: int
    bonus: int


@dataclass(frozen=True, slots=True)
class TableRules:
    """A regulation of 洛吧殺: the supported table sizes, the role table (LBS-OPEN-1),
    its two-Ancient variant and the Lord's HP bonus (LBS-ROLE-5)."""

    id: str
    name: str
    effective: dt.date
    min_players: int
    max_players: int
    mixes: Mapping[int, RoleMix]
    two_ancient_mixes: Mapping[int, RoleMix]
    lord_bonuses: tuple[LordBonus, ...]
    notes: str = ""

    def label(self) -> str:
        return f"{self.id} ({self.name})" if self.name else self.id

    def seats(self, players: int) -> bool:
        """Whether the table rules know a table of ``players``."""
        return self.min_players <= players <= self.max_players and players in self.mixes

    def mix(self, players: int, *, two_ancients: bool = False) -> RoleMix:
        """The role mix for a table; the two-Ancient variant where the file has one."""
        if two_ancients and players in self.two_ancient_mixes:
            return self.two_ancient_mixes[players]
        return self.mixes[players]

    def lord_bonus(self, players: int) -> int:
        """The Lord's extra max HP at this table size (the largest bonus that applies)."""
        return max((b.bonus for b in self.lord_bonuses if players >= b.players), default=0)
