"""Text and JSON views of ``lalcheck legal-in``: each deck under each regulation."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from lalcheck import __version__
from lalcheck.db.model import DatabaseInfo
from lalcheck.findings import Severity
from lalcheck.formatters.json_report import database_to_dict, finding_to_dict
from lalcheck.formatters.text import format_finding
from lalcheck.legality import Legality, Period
from lalcheck.wording import visible


def _span(period: Period) -> str:
    start = period.regulation.effective
    return f"{start} to {period.until}" if period.until else f"from {start}"


def format_legality(legality: Legality) -> str:
    """One deck: a line per regulation, with the errors where the deck is illegal."""
    title = f" — {visible(legality.name)}" if legality.name else ""
    lines = [f"{visible(legality.path)}{title}"]
    width = max(len(v.period.regulation.label()) for v in legality.verdicts)
    for verdict in legality.verdicts:
        label = verdict.period.regulation.label()
        state = "legal" if verdict.report.legal else "ILLEGAL"
        lines.append(f"  {label:<{width}}  {_span(verdict.period):<26} {state}")
        lines += [
            f"    {format_finding(finding)}"
            for finding in verdict.report.findings
            if finding.severity is Severity.ERROR
        ]
    legal = [regulation.id for regulation in legality.legal_in]
    if legal:
        lines.append(
            f"  legal under {', '.join(legal)} ({len(legal)} of {len(legality.verdicts)} "
            "regulations)"
        )
    else:
        lines.append("  legal under no regulation")
    return "\n".join(lines)


def format_text(results: Sequence[Legality]) -> str:
    return "\n\n".join(format_legality(legality) for legality in results) + "\n"


def legality_to_dict(legality: Legality) -> dict[str, Any]:
    return {
        "path": legality.path,
        "name": legality.name,
        "legal_in": [regulation.id for regulation in legality.legal_in],
        "regulations": [
            {
                "regulation": verdict.period.regulation.id,
                "name": verdict.period.regulation.name,
                "effective": verdict.period.regulation.effective.isoformat(),
                "until": verdict.period.until.isoformat() if verdict.period.until else None,
                "as_of": verdict.report.as_of.isoformat(),
                "legal": verdict.report.legal,
                "findings": [finding_to_dict(finding) for finding in verdict.report.findings],
            }
            for verdict in legality.verdicts
        ],
    }


def format_json(results: Sequence[Legality], database: DatabaseInfo) -> str:
    document = {
        "tool": "lalcheck",
        "version": __version__,
        "database": database_to_dict(database),
        "decks": [legality_to_dict(legality) for legality in results],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
