"""JUnit XML: one testsuite, one testcase per deck, a ``<failure>`` per deck that fails
(illegal, or under ``--strict`` with warnings), an ``<error>`` per file that could not be
read or parsed at all.

The failure's message is the deck's verdict and its text lists the findings shown
(see :attr:`~lalcheck.checker.CheckReport.shown`) as the text report does. A passing
deck's findings go to the testcase's ``<system-out>``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from lalcheck.checker import CheckReport, DeckReport
from lalcheck.formatters.paths import report_path
from lalcheck.formatters.text import format_finding, verdict

#: Characters XML 1.0 cannot hold, even escaped (a deck may smuggle them in "\x01" escapes).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def unreadable(deck: DeckReport) -> bool:
    """A file that could not be read or parsed at all: a JUnit ``<error>``, not a failure."""
    return not deck.parsed


def _testcase(suite: ET.Element, deck: DeckReport, report: CheckReport) -> None:
    path = _xml(report_path(deck.path))
    case = ET.SubElement(suite, "testcase", name=path, classname="lalcheck.check", file=path)
    findings = "\n".join(
        format_finding(finding) for finding in deck.shown_findings(report.threshold)
    )
    if unreadable(deck):
        error = ET.SubElement(
            case, "error", message=_xml(deck.findings[0].message), type="deck-syntax"
        )
        error.text = _xml(findings)
    elif not deck.passed(strict=report.strict):
        message = verdict(deck, strict=report.strict)
        kind = "illegal-deck" if not deck.legal else "warnings-under-strict"
        ET.SubElement(case, "failure", message=message, type=kind).text = _xml(findings)
    elif findings:
        ET.SubElement(case, "system-out").text = _xml(findings)


def format_report(report: CheckReport) -> str:
    errors = sum(unreadable(deck) for deck in report.decks)
    counts = {
        "tests": str(len(report.decks)),
        "failures": str(report.failed_count - errors),
        "errors": str(errors),
    }
    root = ET.Element("testsuites", {"name": "lalcheck", **counts})
    suite = ET.SubElement(root, "testsuite", {"name": "lalcheck check", **counts})
    properties = ET.SubElement(suite, "properties")
    database = report.database
    ET.SubElement(
        properties,
        "property",
        name="card-database",
        value=_xml(f"{database.name} {database.version}"),
    )
    for deck in report.decks:
        _testcase(suite, deck, report)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"
