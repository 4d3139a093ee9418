"""The readable text report: one block per deck and a summary line."""

from __future__ import annotations

from lalcheck.checker import CheckReport, DeckReport
from lalcheck.findings import Finding, Severity
from lalcheck.wording import plural


def _counts(deck: DeckReport) -> str:
    """``main 50/50 · paradox 8/8 · gates 10/10``: the counts the game shows."""
    return " · ".join(
        f"{count.label} {count.value}" + (f"/{count.target}" if count.target is not None else "")
        for count in deck.counts
        if count.shown
    )


def format_deck(deck: DeckReport) -> str:
    """One deck: header, counts, a line per finding, verdict."""
    title = f" — {deck.name}" if deck.name else ""
    lines = [
        f"{deck.path}{title}",
        f"  regulation {deck.regulation.label()} · as of {deck.as_of}",
        f"  {_counts(deck)}",
    ]
    lines += [f"  {format_finding(finding)}" for finding in deck.findings]
    lines.append(f"  {verdict(deck)}")
    return "\n".join(lines)


def format_finding(finding: Finding) -> str:
    """``line 6    error   copy-limit        message``: one finding in columns."""
    where = f"line {finding.line}" if finding.line is not None else ""
    return f"{where:<9} {finding.severity.value:<7} {finding.rule:<17} {finding.message}"


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
        f"{report.illegal_count} illegal (card database {database.name} "
        f"{database.version}{sample})"
    )


def format_report(report: CheckReport) -> str:
    blocks = [format_deck(deck) for deck in report.decks]
    blocks.append(summary(report))
    return "\n\n".join(blocks) + "\n"
