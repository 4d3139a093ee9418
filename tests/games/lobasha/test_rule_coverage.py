"""Every rule id has an anchor in docs/rules/lobasha.md, every id the code cites resolves
there, every rule id is exercised by a scenario test, every open point is a decision."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "lobasha.md"
CODE = ROOT / "lalcheck" / "games" / "lobasha"
TESTS = Path(__file__).parent
ID = re.compile(r"LBS-[A-Z]+(?:-[A-Z0-9]+)+")
ENTRY = re.compile(r'<a id="([a-z0-9-]+)"></a>\*\*(LBS-[A-Z0-9-]+)\*\*')


def documented() -> dict[str, str]:
    return {rule: anchor for anchor, rule in ENTRY.findall(DOC.read_text(encoding="utf-8"))}


def test_every_documented_id_has_its_lowercase_anchor() -> None:
    rules = documented()
    assert len(rules) == 122 + 31
    assert all(anchor == rule.lower() for rule, anchor in rules.items())


def test_every_id_cited_in_code_and_data_is_documented() -> None:
    rules = documented()
    files = [*CODE.rglob("*.py"), *(ROOT / "data" / "lobasha").glob("*.yaml")]
    cited = {rule for path in files for rule in ID.findall(path.read_text(encoding="utf-8"))}
    assert cited and cited <= set(rules), sorted(cited - set(rules))


def test_every_rule_id_has_a_scenario_test() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py"))
    cited = set(ID.findall(text))
    rules = {rule for rule in documented() if not rule.startswith("LBS-OPEN-")}
    assert rules <= cited, sorted(rules - cited)


def test_every_open_point_is_a_named_decision() -> None:
    decisions = (CODE / "engine" / "decisions.py").read_text(encoding="utf-8")
    cited = set(ID.findall(decisions))
    assert {f"LBS-OPEN-{n}" for n in range(1, 32)} <= cited
