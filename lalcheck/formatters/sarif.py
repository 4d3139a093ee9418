"""SARIF 2.1.0 for GitHub code scanning and other static-analysis viewers.

One run per game checked (usually one); its driver lists every rule of the
game (id, name, description, and help text citing the rules reference), and
each finding is a result located at its deck file and line. GitHub requires a region on every
result, so findings without a line (an unreadable file) point at line 1.
Severities map to SARIF levels: error, warning, and note for info; under
``--strict`` warnings are errors, as they fail the run. Only the findings shown
become results: advice (``info``) only under ``--verbose``.

Artifact URIs are relative to the repository root (the nearest folder at or
above the working folder that holds ``.git``), as GitHub code scanning expects.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from urllib.parse import quote

from lalcheck import __version__
from lalcheck.checker import CheckReport, ReportSource, threshold
from lalcheck.db.model import DatabaseInfo
from lalcheck.findings import Finding, Severity
from lalcheck.formatters.paths import report_base, report_path
from lalcheck.formatters.spool import JsonList, json_document
from lalcheck.games import get_game
from lalcheck.games.base import RuleInfo

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def artifact_uri(path: str, base: Path | None = None) -> str:
    """A URI reference for a deck path: relative and percent-encoded, or ``file://``
    (``base`` as in :func:`~lalcheck.formatters.paths.report_path`)."""
    shown = report_path(path, base)
    if Path(shown).is_absolute():
        return Path(shown).as_uri()
    return quote(shown)


def rule_descriptor(rule: RuleInfo, game: str) -> dict[str, Any]:
    """A SARIF ``reportingDescriptor`` built from a rule module of ``game``."""
    doc = inspect.cleandoc(rule.__doc__ or rule.DESCRIPTION)
    reference = f"Reference: {rule.REFERENCE}."
    # Docstrings mark examples with reST "::"; markdown wants a plain colon.
    markdown = doc.replace("::\n", ":\n")
    return {
        "id": rule.ID,
        "name": "".join(part.capitalize() for part in rule.ID.split("-")),
        "shortDescription": {"text": rule.DESCRIPTION},
        "help": {
            "text": f"{doc}\n\n{reference}",
            "markdown": f"{markdown}\n\n{reference}",
        },
        "properties": {"reference": rule.REFERENCE, "tags": [game, "deck"]},
    }


def _result(path: str, finding: Finding, index: dict[str, int], *, strict: bool) -> dict[str, Any]:
    result: dict[str, Any] = {"ruleId": finding.rule}
    if finding.rule in index:
        result["ruleIndex"] = index[finding.rule]
    failing = strict and finding.severity is Severity.WARNING
    result["level"] = "error" if failing else LEVELS[finding.severity]
    result["message"] = {"text": finding.message}
    result["locations"] = [
        {
            "physicalLocation": {
                "artifactLocation": {"uri": path},
                "region": {"startLine": finding.line or 1},
            }
        }
    ]
    properties: dict[str, Any] = {}
    if finding.section:
        properties["section"] = finding.section
    if finding.cards:
        properties["cards"] = list(finding.cards)
    if properties:
        result["properties"] = properties
    return result


def _run(database: DatabaseInfo, results: JsonList) -> dict[str, Any]:
    """The run of one game: its rules, and the findings on its decks."""
    rules = get_game(database.game).rules()
    return {
        "tool": {
            "driver": {
                "name": "lalcheck",
                "version": __version__,
                "rules": [rule_descriptor(rule, database.game) for rule in rules.values()],
            }
        },
        "results": results.marker,
        "properties": {
            "database": {
                "name": database.name,
                "version": database.version,
                "sample": database.sample,
            }
        },
    }


def stream_report(source: ReportSource) -> Iterator[str]:
    """The SARIF log: each deck's results encoded as it is checked and spooled by game
    until the runs (one per game, in the order games were met) are known."""
    with ExitStack() as spools:
        results: dict[str, JsonList] = {}
        indexes: dict[str, dict[str, int]] = {}
        shown = threshold(source)
        base = report_base()
        for deck in source.each_deck():
            if deck.game not in results:
                results[deck.game] = spools.enter_context(JsonList(depth=4))
                rules = get_game(deck.game).rules()
                indexes[deck.game] = {rule_id: position for position, rule_id in enumerate(rules)}
            uri = artifact_uri(deck.path, base)
            for finding in deck.shown_findings(shown):
                result = _result(uri, finding, indexes[deck.game], strict=source.strict)
                results[deck.game].append(result)
        databases = source.summary().databases
        runs = [
            results.get(database.game) or spools.enter_context(JsonList(depth=4))
            for database in databases
        ]
        log = {
            "$schema": SCHEMA_URI,
            "version": "2.1.0",
            "runs": [_run(database, run) for database, run in zip(databases, runs, strict=True)],
        }
        yield from json_document(log, runs)


def format_report(report: CheckReport) -> str:
    """The SARIF log as one string (see :func:`stream_report`)."""
    return "".join(stream_report(report))
