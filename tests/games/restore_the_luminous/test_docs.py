"""Every rule id the code, the data and the tests cite resolves inside the repository:
docs/rules/restore-the-luminous.md has an anchor for it."""

from __future__ import annotations

import re
from pathlib import Path

from lalcheck.games.restore_the_luminous.cards import Keyword

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "restore-the-luminous.md"
SOURCES = [
    *(ROOT / "lalcheck" / "games" / "restore_the_luminous").rglob("*.py"),
    *(ROOT / "data" / "restore-the-luminous").rglob("*.yaml"),
    *Path(__file__).parent.glob("*.py"),
]
RULE_ID = re.compile(r"RTL-[A-Z]+(?:-[A-Z0-9]+)*")


def anchors() -> set[str]:
    return set(re.findall(r'<a id="([a-z0-9-]+)"></a>', DOC.read_text(encoding="utf-8")))


def test_every_cited_rule_id_has_an_anchor() -> None:
    cited = {rule for path in SOURCES for rule in RULE_ID.findall(path.read_text(encoding="utf-8"))}
    assert len(cited) > 100
    missing = sorted(rule for rule in cited if rule.lower() not in anchors())
    assert not missing, f"add anchors to {DOC.name}: {missing}"


def test_every_keyword_and_open_point_is_documented() -> None:
    found = anchors()
    assert {keyword.rule_id.lower() for keyword in Keyword} <= found
    assert {f"rtl-open-{n}" for n in range(1, 26)} <= found


def test_every_rule_has_a_test_that_cites_it() -> None:
    """Traceability: each rule, open point and engine decision of the reference is
    named by at least one test here."""
    rules = {anchor.upper() for anchor in anchors() if anchor.count("-") >= 2}
    tests = "\n".join(
        path.read_text(encoding="utf-8") for path in Path(__file__).parent.glob("test_*.py")
    )
    cited = set(RULE_ID.findall(tests))
    assert sorted(rules - cited) == []
