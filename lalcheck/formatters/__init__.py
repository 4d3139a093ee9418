"""Formatters turn a :class:`~lalcheck.checker.CheckReport` into a string; they never print.

Each format also streams: ``stream_report(source)`` yields the report in parts as
the decks of a :class:`~lalcheck.checker.ReportSource` are checked, so ``lalcheck
check`` keeps no deck's report after it is written. Each format's module is
imported when it is used (SARIF, JUnit and the rest are not paid for by a text
report).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lalcheck.checker import CheckReport, ReportSource

Formatter = Callable[["CheckReport"], str]
StreamFormatter = Callable[["ReportSource"], Iterator[str]]


class ReportFormat(StrEnum):
    """The report formats of ``lalcheck check --format``."""

    TEXT = "text"
    JSON = "json"
    SARIF = "sarif"
    JUNIT = "junit"
    GITHUB = "github"


#: The module of each format; each has a ``format_report(report) -> str`` and a
#: ``stream_report(source) -> Iterator[str]``.
_MODULES = {
    ReportFormat.TEXT: "text",
    ReportFormat.JSON: "json_report",
    ReportFormat.SARIF: "sarif",
    ReportFormat.JUNIT: "junit",
    ReportFormat.GITHUB: "github",
}


class _Formatters(Mapping[ReportFormat, Formatter]):
    """Report format -> formatter, importing the format's module on first use."""

    def __getitem__(self, report_format: ReportFormat) -> Formatter:
        module = importlib.import_module(f"{__name__}.{_MODULES[report_format]}")
        formatter: Formatter = module.format_report
        return formatter

    def __iter__(self) -> Iterator[ReportFormat]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)


FORMATTERS: Mapping[ReportFormat, Formatter] = _Formatters()


def stream_formatter(report_format: ReportFormat) -> StreamFormatter:
    """The streaming formatter of a format."""
    module = importlib.import_module(f"{__name__}.{_MODULES[report_format]}")
    formatter: StreamFormatter = module.stream_report
    return formatter


__all__ = ["FORMATTERS", "Formatter", "ReportFormat", "StreamFormatter", "stream_formatter"]
