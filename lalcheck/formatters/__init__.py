"""Formatters turn a :class:`~lalcheck.checker.CheckReport` into a string; they never print."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum

from lalcheck.checker import CheckReport
from lalcheck.formatters import json_report, text

Formatter = Callable[[CheckReport], str]


class ReportFormat(StrEnum):
    """The report formats of ``lalcheck check --format``."""

    TEXT = "text"
    JSON = "json"


FORMATTERS: Mapping[ReportFormat, Formatter] = {
    ReportFormat.TEXT: text.format_report,
    ReportFormat.JSON: json_report.format_report,
}

__all__ = ["FORMATTERS", "Formatter", "ReportFormat"]
