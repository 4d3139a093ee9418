"""Luck & Logic regulations (contract §3): the numbers the deck-construction rules read."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from lalcheck.games.luck_and_logic.cards import CardType, World, parse_world


@dataclass(frozen=True, slots=True)
class SecretToolRule:
    """The secret tool deck's size, and whether it must be exactly that (R-CON-8)."""

    size: int
    exact: bool


@dataclass(frozen=True, slots=True)
class Regulation:
    """The numbers the deck-construction rules read, in force from ``effective``."""

    id: str
    effective: dt.date
    name: str = ""
    main_size: int = 50
    max_copies: int = 4
    paradox_count: int = 8
    gate_size: int = 10
    max_per_gate_number: int = 2
    secret_tools: SecretToolRule | None = None
    restricted: Mapping[str, int] = field(default_factory=dict)
    banned: frozenset[str] = frozenset()
    world_lock: frozenset[World] = frozenset()
    my_logicalist_types: frozenset[CardType] = frozenset({CardType.MY_LOGICALIST})

    def label(self) -> str:
        """``2017-09-01 (Secret tools)``."""
        return f"{self.id} ({self.name})" if self.name else self.id


def regulation_from_dict(data: Mapping[str, Any]) -> Regulation:
    """Build a regulation from a schema-valid document."""
    tools = data.get("secret_tools")
    return Regulation(
        id=str(data["id"]),
        effective=dt.date.fromisoformat(data["effective"]),
        name=data.get("name", ""),
        main_size=data["main_size"],
        max_copies=data["max_copies"],
        paradox_count=data["paradox_count"],
        gate_size=data["gate_size"],
        max_per_gate_number=data["max_per_gate_number"],
        secret_tools=SecretToolRule(tools["size"], tools["exact"]) if tools else None,
        restricted=dict(data.get("restricted", {})),
        banned=frozenset(data.get("banned", ())),
        world_lock=frozenset(parse_world(world) for world in data.get("world_lock", ())),
        my_logicalist_types=frozenset(
            CardType(kind) for kind in data.get("my_logicalist_types", ["my_logicalist"])
        ),
    )
