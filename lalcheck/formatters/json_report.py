"""The JSON report of contract §5 (schema: ``schemas/report.schema.json``)."""

from __future__ import annotations

import json
from typing import Any

from lalcheck import __version__
from lalcheck.checker import CheckReport, DeckReport
from lalcheck.db.model import DatabaseInfo
from lalcheck.findings import Finding


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


def report_to_dict(report: CheckReport) -> dict[str, Any]:
    """The report as plain data, in the shape of contract §5; decks of several games
    were checked against several databases, all listed under ``databases``."""
    databases = (
        {"databases": [database_to_dict(database) for database in report.databases]}
        if len(report.databases) > 1
        else {}
    )
    return {
        "tool": "lalcheck",
        "version": __version__,
        "database": database_to_dict(report.database),
        **databases,
        "strict": report.strict,
        "decks": [deck_to_dict(deck, strict=report.strict) for deck in report.decks],
        "summary": {
            "decks": len(report.decks),
            "legal": report.legal_count,
            "illegal": report.illegal_count,
            "failed": report.failed_count,
        },
    }


def format_report(report: CheckReport) -> str:
    return json.dumps(report_to_dict(report), ensure_ascii=False, indent=2) + "\n"
