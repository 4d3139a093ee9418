"""Every rule against positive and negative example decks (tests/decks/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from lalcheck.checker import Checker, DeckReport
from lalcheck.db import CardDatabase
from lalcheck.findings import Severity
from lalcheck.games.luck_and_logic.rules import RULES
from lalcheck.regulations import Regulations
from tests.conftest import DECKS, TESTS, TODAY

EXPECTED: dict[str, dict[str, Any]] = yaml.safe_load(
    (TESTS / "expected" / "negative.yaml").read_text(encoding="utf-8")
)
POSITIVE = sorted((DECKS / "positive").glob("*.yaml"))
NEGATIVE = sorted((DECKS / "negative").glob("*.yaml"))


def check(db: CardDatabase, path: Path, regulation: str | None = None) -> DeckReport:
    regulations = Regulations.bundled()
    chosen = regulations.named(regulation) if regulation else None
    return Checker(db, regulations, regulation=chosen, today=TODAY).check_path(path)


def judged(report: DeckReport) -> set[tuple[str, str, int | None, tuple[str, ...]]]:
    return {
        (f.rule, f.severity.value, f.line, f.cards)
        for f in report.findings
        if f.severity is not Severity.INFO
    }


@pytest.mark.parametrize("path", POSITIVE, ids=lambda p: p.stem)
def test_positive_decks_are_legal_without_warnings(db: CardDatabase, path: Path) -> None:
    report = check(db, path)
    assert report.legal
    assert judged(report) == set()


@pytest.mark.parametrize("path", NEGATIVE, ids=lambda p: p.stem)
def test_negative_decks_give_exactly_the_expected_findings(db: CardDatabase, path: Path) -> None:
    expected = EXPECTED[path.name]
    report = check(db, path, expected.get("regulation"))
    assert report.legal is expected.get("legal", False)
    assert judged(report) == {
        (f["rule"], f.get("severity", "error"), f["line"], tuple(f.get("cards", ())))
        for f in expected["findings"]
    }


def test_every_negative_deck_has_expectations() -> None:
    assert {path.name for path in NEGATIVE} == set(EXPECTED)


def test_every_rule_has_a_failing_example() -> None:
    failing = {f["rule"] for deck in EXPECTED.values() for f in deck["findings"]}
    assert set(RULES) - failing == {"composition"}  # advice never fails a deck


@pytest.mark.parametrize("rule", RULES.values(), ids=list(RULES))
def test_rules_document_themselves(rule: Any) -> None:
    assert rule.__doc__ and rule.ID in rule.__doc__.split(":")[0]
    assert rule.REFERENCE and rule.DESCRIPTION


def test_copy_limit_message_names_the_card_and_the_limit(db: CardDatabase) -> None:
    report = check(db, DECKS / "negative" / "copy-limit.yaml")
    (finding,) = [f for f in report.findings if f.rule == "copy-limit"]
    assert finding.message == (
        "「Test Logicalist A」: 5 copies across T01/001, T02/001 (lines 3, 4), "
        "at most 4 allowed (R-CON-2)"
    )


def test_unknown_card_suggests_the_closest_cards(db: CardDatabase) -> None:
    report = check(db, DECKS / "negative" / "unknown-card.yaml")
    messages = [f.message for f in report.findings if f.rule == "unknown-card"]
    assert "did you mean T01/001 「Test Logicalist A」" in messages[0]
    assert "did you mean" in messages[1] and "Test Logicalist" in messages[1]


def test_duplicate_key_names_both_lines(db: CardDatabase) -> None:
    report = check(db, DECKS / "negative" / "duplicate-key.yaml")
    (finding,) = [f for f in report.findings if f.rule == "deck-syntax"]
    assert "lines 5 and 17" in finding.message


def test_world_lock_reports_the_smaller_side(db: CardDatabase) -> None:
    report = check(db, DECKS / "negative" / "world-lock.yaml")
    (finding,) = [f for f in report.findings if f.rule == "world-lock"]
    assert "「Club Logicalist」 (Luck&Logic Club) cannot be mixed with Septpia" in finding.message


def test_restricted_counts_references_by_number_and_name(db: CardDatabase, tmp_path: Path) -> None:
    deck = (DECKS / "positive" / "base.yaml").read_text(encoding="utf-8")
    path = tmp_path / "deck.yaml"
    path.write_text(
        deck.replace("  EB01/001: 1\n", "  EB01/001: 1\n  スイーツ系女子 小玲: 1\n")
        .replace("  T01/012: 4\n", "  T01/012: 3\n  T01/013: 1\n")
        .replace("  T01/010: 4\n", "  T01/010: 3\n"),
        encoding="utf-8",
    )
    report = check(db, path)
    (finding,) = [f for f in report.findings if f.severity is Severity.ERROR]
    assert finding.rule == "restricted"
    assert finding.message.endswith("the deck has 2 (R-CON-6)")


def test_composition_advice_is_info_only(db: CardDatabase) -> None:
    report = check(db, DECKS / "positive" / "base.yaml")
    (advice,) = [f for f in report.findings if f.rule == "composition"]
    assert advice.severity is Severity.INFO
    assert advice.message.startswith("level curve L1 ")
    assert "(R-CON-11)" in advice.message


def test_deck_regulation_field_selects_the_regulation(db: CardDatabase) -> None:
    report = check(db, DECKS / "positive" / "named-regulation.yaml")
    assert report.regulation.id == "2016-01-28"


def test_as_of_selects_the_regulation_in_force(db: CardDatabase) -> None:
    report = check(db, DECKS / "negative" / "restricted.yaml")
    assert report.regulation.id == "2017-02-26"
    assert check(db, DECKS / "positive" / "base.yaml").regulation.id == "2017-09-01"


def test_unknown_regulation_in_a_deck_is_a_syntax_finding(db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(
        "regulation: 1999-01-01\n" + (DECKS / "positive" / "base.yaml").read_text(),
        encoding="utf-8",
    )
    report = check(db, path)
    (finding,) = [f for f in report.findings if f.rule == "deck-syntax"]
    assert finding.line == 1 and "unknown regulation '1999-01-01'" in finding.message
