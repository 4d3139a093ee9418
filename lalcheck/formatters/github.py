"""GitHub Actions workflow commands: one ``::error``/``::warning`` annotation per finding.

``info`` findings (advice such as ``composition``) are left out: GitHub shows
at most a few annotations of each kind per step, and they belong to things to
fix. Under ``--strict`` warnings are ``::error`` annotations, as they fail the run;
under ``--quiet`` only errors are annotated. Findings without a deck line annotate
the whole file. The summary line that closes the text report ends the output; the
exit code is the check's own (annotations alone never fail a job).

Every field of every command is escaped by GitHub's rules (``%``, CR and LF in
messages; also ``:`` and ``,`` in properties), and so is the summary line, so
no text from a deck or a card database can start a workflow command of its own;
other control characters are shown as escapes (see :func:`visible`).
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.checker import CheckReport, ReportSource, threshold
from lalcheck.findings import Finding, Severity
from lalcheck.formatters.paths import report_base, report_path
from lalcheck.formatters.text import summary
from lalcheck.wording import visible

#: The workflow command of each severity that is annotated.
COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning"}


def escape_data(text: str) -> str:
    """Escape a command's message: ``%``, carriage returns and line feeds (other
    control characters are shown as escapes)."""
    shown = visible(text, keep="\r\n")
    return shown.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a property value: as :func:`escape_data`, and ``:`` and ``,`` too."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(command: str, path: str, finding: Finding) -> str:
    """``::error file=PATH,line=N,title=RULE::message``."""
    properties = {"file": path}
    if finding.line is not None:
        properties["line"] = str(finding.line)
    properties["title"] = finding.rule
    joined = ",".join(f"{key}={escape_property(value)}" for key, value in properties.items())
    return f"::{command} {joined}::{escape_data(finding.message)}"


def _command(finding: Finding, *, strict: bool) -> str:
    failing = strict and finding.severity is Severity.WARNING
    return "error" if failing else COMMANDS[finding.severity]


def stream_report(source: ReportSource) -> Iterator[str]:
    """The annotations of each deck in turn, then the summary line."""
    base = report_base()
    shown = threshold(source)
    for deck in source.each_deck():
        lines = [
            annotation(
                _command(finding, strict=source.strict), report_path(deck.path, base), finding
            )
            for finding in deck.shown_findings(shown)
            if finding.severity in COMMANDS
        ]
        if lines:
            yield "\n".join(lines) + "\n"
    yield escape_data(summary(source.summary())) + "\n"


def format_report(report: CheckReport) -> str:
    """The annotations and summary as one string (see :func:`stream_report`)."""
    return "".join(stream_report(report))
