"""The readable text report: one block per deck and a summary line.

Text from decks and the card database is shown through :func:`visible`: a deck
name, a card name or a message cannot hold a terminal escape or a line break.
"""

from __future__ import annotations

from lalcheck.checker import CheckReport, DeckReport
from lalcheck.findings import Finding, Severity
from lalcheck.wording import plural, visible


def _counts(deck: DeckReport) -> str:
    regulation = deck.regulation
    counts = deck.counts
    parts = [
        f"main {counts.main}/{regulation.main_size}",
        f"paradox {counts.paradox}/{regulation.paradox_count}",
        f"gates {counts.gates}/{regulation.gate_size}",
    ]
    if counts.secret_tools and regulation.secret_tools:
        parts.append(f"secret tools {counts.secret_tools}/{regulation.secret_tools.size}")
    return " · ".join(parts)


def format_deck(deck: DeckReport) -> str:
    """One deck: header, counts, a line per finding, verdict."""
    title = f" — {visible(deck.name)}" if deck.name else ""
    lines = [
        f"{visible(deck.path)}{title}",
        f"  regulation {deck.regulation.label()} · as of {deck.as_of}",
        f"  {_counts(deck)}",
    ]
    lines += [f"  {format_finding(finding)}" for finding in deck.findings]
    lines.append(f"  {verdict(deck)}")
    return "\n".join(lines)


def format_finding(finding: Finding) -> str:
    """``line 6    error   copy-limit        message``: one finding in columns."""
    where = f"line {finding.line}" if finding.line is not None else ""
    return f"{where:<9} {finding.severity.value:<7} {finding.rule:<17} {visible(finding.message)}"


def verdict(deck: DeckReport) -> str:
    """``ILLEGAL (2 errors, 0 warnings)``."""
    errors = sum(f.severity is Severity.ERROR for f in deck.findings)
    warnings = sum(f.severity is Severity.WARNING for f in deck.findings)
    counts = f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"
    return f"{'legal' if deck.legal else 'ILLEGAL'} ({counts})"


def summary(report: CheckReport) -> str:
    """The closing line: decks checked, legal, illegal, and the card database."""
    database = report.database
    sample = ", sample data" if database.sample else ""
    return (
        f"{plural(len(report.decks), 'deck')} checked: {report.legal_count} legal, "
        f"{report.illegal_count} illegal (card database {visible(database.name)} "
        f"{visible(database.version)}{sample})"
    )


def format_report(report: CheckReport) -> str:
    blocks = [format_deck(deck) for deck in report.decks]
    blocks.append(summary(report))
    return "\n\n".join(blocks) + "\n"
