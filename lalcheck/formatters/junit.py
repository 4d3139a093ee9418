"""JUnit XML: one testsuite, one testcase per deck, a ``<failure>`` per illegal deck.

The failure's message is the deck's verdict and its text lists every finding
as the text report does. A legal deck's findings (warnings, advice) go to the
testcase's ``<system-out>``.
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


def _testcase(suite: ET.Element, deck: DeckReport) -> None:
    path = _xml(report_path(deck.path))
    case = ET.SubElement(suite, "testcase", name=path, classname="lalcheck.check", file=path)
    findings = "\n".join(format_finding(finding) for finding in deck.findings)
    if not deck.legal:
        failure = ET.SubElement(case, "failure", message=verdict(deck), type="illegal-deck")
        failure.text = _xml(findings)
    elif findings:
        ET.SubElement(case, "system-out").text = _xml(findings)


def format_report(report: CheckReport) -> str:
    counts = {"tests": str(len(report.decks)), "failures": str(report.illegal_count)}
    root = ET.Element("testsuites", {"name": "lalcheck", **counts})
    suite = ET.SubElement(root, "testsuite", {"name": "lalcheck check", "errors": "0", **counts})
    properties = ET.SubElement(suite, "properties")
    database = report.database
    ET.SubElement(
        properties,
        "property",
        name="card-database",
        value=_xml(f"{database.name} {database.version}"),
    )
    for deck in report.decks:
        _testcase(suite, deck)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"
