"""JUnit XML: one testsuite, one testcase per deck, a ``<failure>`` per deck that fails
(illegal, or under ``--strict`` with warnings), an ``<error>`` per file that could not be
read or parsed at all.

The failure's message is the deck's verdict and its text lists the findings shown
(see :attr:`~lalcheck.checker.CheckReport.shown`) as the text report does. A passing
deck's findings go to the testcase's ``<system-out>``.
"""

from __future__ import annotations

import re
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from lalcheck.checker import CheckReport, DeckReport, ReportSource, threshold
from lalcheck.findings import Severity
from lalcheck.formatters.paths import report_base, report_path
from lalcheck.formatters.spool import Spool
from lalcheck.formatters.text import format_finding, verdict

#: Characters XML 1.0 cannot hold, even escaped (a deck may smuggle them in "\x01" escapes).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


#: What stands between two testcases of the indented document.
_CASE_INDENT = "\n    "


def _xml(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def unreadable(deck: DeckReport) -> bool:
    """A file that could not be read or parsed at all: a JUnit ``<error>``, not a failure."""
    return not deck.parsed


def _testcase(deck: DeckReport, path: str, shown: Severity, *, strict: bool) -> ET.Element:
    path = _xml(path)
    case = ET.Element("testcase", name=path, classname="lalcheck.check", file=path)
    findings = "\n".join(format_finding(finding) for finding in deck.shown_findings(shown))
    if unreadable(deck):
        error = ET.SubElement(
            case, "error", message=_xml(deck.findings[0].message), type="deck-syntax"
        )
        error.text = _xml(findings)
    elif not deck.passed(strict=strict):
        message = verdict(deck, strict=strict)
        kind = "illegal-deck" if not deck.legal else "warnings-under-strict"
        ET.SubElement(case, "failure", message=message, type=kind).text = _xml(findings)
    elif findings:
        ET.SubElement(case, "system-out").text = _xml(findings)
    return case


def stream_report(source: ReportSource) -> Iterator[str]:
    """The JUnit XML, each deck's testcase written as it is checked and spooled until the
    counts (which the suite's head needs) are known."""
    shown = threshold(source)
    base = report_base()
    errors = 0
    with Spool() as testcases:
        for deck in source.each_deck():
            errors += unreadable(deck)
            case = _testcase(deck, report_path(deck.path, base), shown, strict=source.strict)
            # Indented as ET.indent indents the whole document, where testcases stand 2 deep.
            ET.indent(case, level=2)
            testcases.write(_CASE_INDENT * (not testcases.empty) + ET.tostring(case, "unicode"))
        summary = source.summary()
        counts = {
            "tests": str(summary.deck_count),
            "failures": str(summary.failed_count - errors),
            "errors": str(errors),
        }
        root = ET.Element("testsuites", {"name": "lalcheck", **counts})
        suite = ET.SubElement(root, "testsuite", {"name": "lalcheck check", **counts})
        properties = ET.SubElement(suite, "properties")
        database = summary.database
        ET.SubElement(
            properties,
            "property",
            name="card-database",
            value=_xml(f"{database.name} {database.version}"),
        )
        marker = f"testcases-{uuid.uuid4().hex}"
        if not testcases.empty:
            ET.SubElement(suite, marker)
        ET.indent(root)
        before, _, after = ET.tostring(root, "unicode").partition(f"<{marker} />")
        yield '<?xml version="1.0" encoding="UTF-8"?>\n' + before
        yield from testcases.read_back()
        yield after + "\n"


def format_report(report: CheckReport) -> str:
    """The JUnit XML as one string (see :func:`stream_report`)."""
    return "".join(stream_report(report))
