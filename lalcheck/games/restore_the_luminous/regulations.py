"""Restore the Luminous regulations: the numbers the deck-construction rules read.

The rules page states the deck size, the copy limit and the one leader
(RTL-DECK-1 to RTL-DECK-3); no ban list or dated regulation has been
published, so the bundled regulation carries those numbers and an empty
``banned`` list, ready for a tournament's own file (``--regulation FILE``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Regulation:
    """What a deck must satisfy, in force from ``effective``."""

    id: str
    effective: dt.date
    name: str
    main_min: int
    main_max: int
    max_copies: int
    banned: frozenset[str] = frozenset()

    def label(self) -> str:
        """``2025-06-01 (Rules page)``."""
        return f"{self.id} ({self.name})" if self.name else self.id


def regulation_from_dict(data: Mapping[str, Any]) -> Regulation:
    """Build a regulation from a schema-valid document (ValueError if its sizes cross)."""
    if data["main_min"] > data["main_max"]:
        raise ValueError(f"main_min {data['main_min']} is above main_max {data['main_max']}")
    return Regulation(
        id=str(data["id"]),
        effective=dt.date.fromisoformat(data["effective"]),
        name=data.get("name", ""),
        main_min=data["main_min"],
        main_max=data["main_max"],
        max_copies=data["max_copies"],
        banned=frozenset(data.get("banned", ())),
    )
