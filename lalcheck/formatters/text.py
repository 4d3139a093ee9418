"""The readable text report: one block per deck and a summary line.

Text from decks and the card database is shown through :func:`visible`: a deck
name, a card name or a message cannot hold a terminal escape or a line break.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lalcheck.checker import CheckReport, CheckSummary, DeckReport, ReportSource, threshold
from lalcheck.findings import Finding, Severity
from lalcheck.wording import plural, visible


def _counts(deck: DeckReport) -> str:
    """``main 50/50 · paradox 8/8 · gates 10/10``: the counts the game shows, each as held/wanted
    (``gates 12/10``: 12 gate cards where the regulation wants 10)."""
    return " · ".join(
        f"{count.label} {count.value}" + (f"/{count.target}" if count.target is not None else "")
        for count in deck.counts
        if count.shown
    )


def format_deck(
    deck: DeckReport, *, strict: bool = False, shown: Severity = Severity.WARNING
) -> str:
    """One deck: header, counts, a line per finding as severe as ``shown``, verdict."""
    title = f" — {visible(deck.name)}" if deck.name else ""
    lines = [
        f"{visible(deck.path)}{title}",
        f"  regulation {deck.regulation.label()} · as of {deck.as_of}",
        f"  {_counts(deck)}",
    ]
    lines += [f"  {format_finding(finding)}" for finding in deck.shown_findings(shown)]
    lines.append(f"  {verdict(deck, strict=strict)}")
    return "\n".join(lines)


def format_finding(finding: Finding) -> str:
    """``line 6    error   copy-limit        message``: one finding in columns."""
    where = f"line {finding.line}" if finding.line is not None else ""
    return f"{where:<9} {finding.severity.value:<7} {finding.rule:<17} {visible(finding.message)}"


def verdict(deck: DeckReport, *, strict: bool = False) -> str:
    """``ILLEGAL (2 errors, 0 warnings)``; under ``strict`` a legal deck with warnings is
    ``FAILED (--strict: warnings fail; 0 errors, 1 warning)``."""
    errors = sum(f.severity is Severity.ERROR for f in deck.findings)
    warnings = sum(f.severity is Severity.WARNING for f in deck.findings)
    counts = f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"
    if not deck.legal:
        return f"ILLEGAL ({counts})"
    if not deck.passed(strict=strict):
        return f"FAILED (--strict: warnings fail; {counts})"
    return f"legal ({counts})"


def summary(report: CheckSummary) -> str:
    """The closing line: decks checked, legal, illegal, and the card database."""
    database = report.database
    sample = ", sample data" if database.sample else ""
    failed = report.failed_count - report.illegal_count
    strict = f", {failed} failed under --strict (warnings)" if report.strict and failed else ""
    return (
        f"{plural(report.deck_count, 'deck')} checked: {report.legal_count} legal, "
        f"{report.illegal_count} illegal{strict} (card database {visible(database.name)} "
        f"{visible(database.version)}{sample})"
    )


def stream_report(source: ReportSource) -> Iterator[str]:
    """Every deck and the summary, a deck at a time; under ``--quiet`` (errors shown only)
    just the decks that fail, and nothing when all pass."""
    quiet = source.shown is Severity.ERROR
    shown = threshold(source)
    separator = ""
    for deck in source.each_deck():
        if not (quiet and deck.passed(strict=source.strict)):
            yield separator + format_deck(deck, strict=source.strict, shown=shown)
            separator = "\n\n"
    if not quiet:
        yield separator + summary(source.summary())
        separator = "\n\n"
    if separator:
        yield "\n"


def format_report(report: CheckReport) -> str:
    """The text report as one string (see :func:`stream_report`)."""
    return "".join(stream_report(report))


#: What :func:`colourise` paints: verdicts and severities, as ANSI SGR codes.
_PAINT = {
    "ILLEGAL": "1;31",
    "FAILED": "1;31",
    "legal": "32",
    "error": "31",
    "warning": "33",
}
_PAINTED = re.compile(r"(?<=^  )(ILLEGAL|FAILED|legal)(?= \()|(?<= )(error|warning)(?=  )", re.M)


def colourise(text: str) -> str:
    """A text report with its verdicts and severities coloured for a terminal."""
    return _PAINTED.sub(lambda match: f"\x1b[{_PAINT[match[0]]}m{match[0]}\x1b[0m", text)
