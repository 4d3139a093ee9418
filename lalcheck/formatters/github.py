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

from lalcheck.checker import CheckReport
from lalcheck.findings import Finding, Severity
from lalcheck.formatters.paths import report_path
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


def _command(finding: Finding, report: CheckReport) -> str:
    failing = report.strict and finding.severity is Severity.WARNING
    return "error" if failing else COMMANDS[finding.severity]


def format_report(report: CheckReport) -> str:
    lines = [
        annotation(_command(finding, report), report_path(deck.path), finding)
        for deck in report.decks
        for finding in deck.shown_findings(report.threshold)
        if finding.severity in COMMANDS
    ]
    lines.append(escape_data(summary(report)))
    return "\n".join(lines) + "\n"
