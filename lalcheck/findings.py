"""Findings: what a rule reports about a deck, as frozen data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    """How much a finding matters: errors make a deck illegal (contract §5)."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Finding:
    """One violation or piece of advice, with the rule id, cards and deck line."""

    rule: str
    severity: Severity
    message: str
    section: str | None = None
    cards: tuple[str, ...] = ()
    line: int | None = None

    def sort_key(self) -> tuple[int, int, str]:
        """File order first; findings without a line come last."""
        return (self.line is None, self.line or 0, self.rule)
