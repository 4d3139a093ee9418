"""The JSON report of contract §5 (schema: ``schemas/report.schema.json``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lalcheck import __version__
from lalcheck.checker import CheckReport, CheckSummary, DeckReport, ReportSource
from lalcheck.db.model import DatabaseInfo
from lalcheck.findings import Finding
from lalcheck.formatters.spool import JsonList, json_document


def finding_to_dict(finding: Finding) -> dict[str, Any]:
    return {
        "rule": finding.rule,
        "severity": finding.severity.value,
        "section": finding.section,
        "cards": list(finding.cards),
        "line": finding.line,
        "message": finding.message,
    }


def deck_to_dict(deck: DeckReport, *, strict: bool = False) -> dict[str, Any]:
    """One deck; ``legal`` is the rules' verdict, ``passed`` the run's (under ``strict``
    a legal deck with warnings does not pass)."""
    return {
        "path": deck.path,
        "name": deck.name,
        "regulation": deck.regulation.id,
        "as_of": deck.as_of.isoformat(),
        "legal": deck.legal,
        "passed": deck.passed(strict=strict),
        "counts": {count.key: count.value for count in deck.counts},
        "findings": [finding_to_dict(finding) for finding in deck.findings],
    }


def database_to_dict(database: DatabaseInfo) -> dict[str, Any]:
    return {
        "name": database.name,
        "version": database.version,
        "sha256": database.sha256,
        "sample": database.sample,
    }


def _document(summary: CheckSummary, decks: Any) -> dict[str, Any]:
    """The report in the shape of contract §5, ``decks`` in its place; decks of several
    games were checked against several databases, all listed under ``databases``."""
    databases = (
        {"databases": [database_to_dict(database) for database in summary.databases]}
        if len(summary.databases) > 1
        else {}
    )
    return {
        "tool": "lalcheck",
        "version": __version__,
        "database": database_to_dict(summary.database),
        **databases,
        "strict": summary.strict,
        "decks": decks,
        "summary": {
            "decks": summary.deck_count,
            "legal": summary.legal_count,
            "illegal": summary.illegal_count,
            "failed": summary.failed_count,
        },
    }


def stream_report(source: ReportSource) -> Iterator[str]:
    """The JSON report, each deck encoded as it is checked and spooled until the summary
    (which the document's head needs) is known."""
    with JsonList(depth=2) as decks:
        for deck in source.each_deck():
            decks.append(deck_to_dict(deck, strict=source.strict))
        yield from json_document(_document(source.summary(), decks.marker), [decks])


def format_report(report: CheckReport) -> str:
    """The JSON report as one string (see :func:`stream_report`)."""
    return "".join(stream_report(report))
