"""GitHub Actions workflow commands: one ``::error``/``::warning`` annotation per finding.

``info`` findings (advice such as ``composition``) are left out: GitHub shows
at most a few annotations of each kind per step, and they belong to things to
fix. Under ``--strict`` warnings are ``::error`` annotations, as they fail the run;
under ``--quiet`` only errors are annotated. Findings without a deck line annotate
the whole file. The summary line that closes the text report ends the output; the
exit code is the check's own (annotations alone never fail a job).
"""

from __future__ import annotations

from lalcheck.checker import CheckReport
from lalcheck.findings import Finding, Severity
from lalcheck.formatters.paths import report_path
from lalcheck.formatters.text import summary

#: The workflow command of each severity that is annotated.
COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning"}


def escape_data(text: str) -> str:
    """Escape a command's message: ``%``, carriage returns and line feeds."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


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
    lines.append(summary(report))
    return "\n".join(lines) + "\n"
