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
    low, high = data["main_min"], data["main_max"]
    if low > high:
        raise ValueError(f"main_min {low} is above main_max {high}")
    effective = dt.date.fromisoformat(data["effective"])
    return Regulation(
        str(data["id"]),
        effective,
        data.get("name", ""),
        low,
        high,
        data["max_copies"],
        frozenset(data.get("banned", ())),
    )
