"""Formatters turn a :class:`~lalcheck.checker.CheckReport` into a string; they never print."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum

from lalcheck.checker import CheckReport
from lalcheck.formatters import github, json_report, junit, sarif, text

Formatter = Callable[[CheckReport], str]


class ReportFormat(StrEnum):
    """The report formats of ``lalcheck check --format``."""

    TEXT = "text"
    JSON = "json"
    SARIF = "sarif"
    JUNIT = "junit"
    GITHUB = "github"


FORMATTERS: Mapping[ReportFormat, Formatter] = {
    ReportFormat.TEXT: text.format_report,
    ReportFormat.JSON: json_report.format_report,
    ReportFormat.SARIF: sarif.format_report,
    ReportFormat.JUNIT: junit.format_report,
    ReportFormat.GITHUB: github.format_report,
}

__all__ = ["FORMATTERS", "Formatter", "ReportFormat"]
