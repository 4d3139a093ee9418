"""Every Restore the Luminous deck rule against positive and negative example decks
(decks/, expectations in decks/expected.yaml), and the advice rules' messages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from lalcheck.checker import Checker, DeckReport
from lalcheck.db import CardDatabase, load_database
from lalcheck.findings import Severity
from lalcheck.games.restore_the_luminous import GAME
from lalcheck.games.restore_the_luminous.rules import RULES
from lalcheck.games.restore_the_luminous.rules.colour_load import colouring_turn, rank_on
from lalcheck.games.restore_the_luminous.rules.level_curve import first_own_turn
from lalcheck.regulations import Regulations
from tests.conftest import TESTS, TODAY
from tests.test_rules import judged

HERE = Path(__file__).parent
TEST_DB = HERE / "fixtures" / "cards.yaml"
DECKS = HERE / "decks"
EXPECTED: dict[str, dict[str, Any]] = yaml.safe_load(
    (DECKS / "expected.yaml").read_text(encoding="utf-8")
)
POSITIVE = sorted((DECKS / "positive").glob("*.yaml"))
NEGATIVE = sorted((DECKS / "negative").glob("*.yaml"))


@pytest.fixture(scope="module")
def db() -> CardDatabase[Any]:
    return load_database(TEST_DB, use_cache=False)


def check(db: CardDatabase[Any], path: Path, regulation: str | None = None) -> DeckReport:
    regulations = Regulations.bundled(GAME.id)
    chosen = regulations.named(str(TESTS.parent / regulation)) if regulation else None
    return Checker(db, regulations, regulation=chosen, today=TODAY).check_path(path)


#: Every example deck with what it must give: positive decks nothing but advice.
CASES = [(path, {"legal": True, "findings": []}) for path in POSITIVE] + [
    (path, EXPECTED.get(path.name, {})) for path in NEGATIVE
]


@pytest.mark.parametrize(("path", "expected"), CASES, ids=lambda c: getattr(c, "stem", ""))
def test_each_example_deck_gives_exactly_its_findings(
    db: CardDatabase[Any], path: Path, expected: dict[str, Any]
) -> None:
    report = check(db, path, expected.get("regulation"))
    assert report.game == GAME.id
    assert report.legal is expected.get("legal", False)
    assert judged(report) == {
        (f["rule"], f.get("severity", "error"), f["line"], tuple(f.get("cards", ())))
        for f in expected["findings"]
    }
    advice = {f.rule for f in report.findings if f.severity is Severity.INFO}
    assert advice == {"colour-load", "level-curve"}


def test_every_negative_deck_has_expectations() -> None:
    assert {path.name for path in NEGATIVE} == set(EXPECTED)


def test_every_rule_has_a_failing_example() -> None:
    failing = {f["rule"] for deck in EXPECTED.values() for f in deck["findings"]}
    assert set(RULES) - failing == {"colour-load", "level-curve"}  # advice never fails a deck


@pytest.mark.parametrize("rule", RULES.values(), ids=list(RULES))
def test_rules_document_themselves(rule: Any) -> None:
    assert rule.__doc__ and rule.ID in rule.__doc__.split(":")[0]
    assert rule.REFERENCE and rule.DESCRIPTION and "Passes" in rule.__doc__


def test_counts_are_the_main_deck_and_the_leaders(db: CardDatabase[Any]) -> None:
    report = check(db, DECKS / "negative" / "two-leaders.yaml")
    assert [(c.key, c.value, c.target) for c in report.counts] == [
        ("main", 42, "40-60"),
        ("leader", 2, "1"),
    ]


def test_messages_name_the_rule_of_the_game(db: CardDatabase[Any]) -> None:
    """Each message ends in the rule it enforces: RTL-DECK-1, RTL-DECK-2, RTL-DECK-3,
    RTL-CHECK-1 (unknown cards, with "did you mean"), RTL-CHECK-2 (not released)."""

    def message(deck: str, rule: str) -> str:
        (finding,) = [f for f in check(db, DECKS / "negative" / deck).findings if f.rule == rule]
        return finding.message

    assert message("main-size.yaml", "main-size") == (
        "the main deck has 38 cards, not 40 to 60; add 2 (RTL-DECK-1)"
    )
    assert message("copy-limit.yaml", "copy-limit") == (
        "「Test Unit 1」: 4 copies across T02/001, T01/001 (lines 5, 6), at most 3 allowed "
        "(RTL-DECK-2)"
    )
    assert message("no-leader.yaml", "leader").startswith("the deck names no leader;")
    assert "is a unit card and cannot be the leader" in message(
        "unit-as-leader.yaml", "wrong-section"
    )
    assert message("unknown-card.yaml", "unknown-card").startswith(
        "unknown card 'T01/15'; did you mean T01/015 「Test Unit 15」"
    )
    reprint = check(db, DECKS / "negative" / "not-released.yaml").findings
    later = next(f.message for f in reprint if f.cards == ("T02/001",))
    assert "use the earlier printing T01/001" in later


def test_the_advice_reads_colours_levels_and_unit_slots(db: CardDatabase[Any]) -> None:
    """RTL-COL-2, RTL-PAY-4, RTL-LP-2: T01/001-014 are red (001-010) and blue (011-014),
    levels 1-5 in turn, colour cost 1 from level 3."""
    findings = {f.rule: f for f in check(db, DECKS / "positive" / "base.yaml").findings}
    colour = findings["colour-load"].message
    assert colour.startswith(
        "colour load red 30 cards (colour cost 18 in all, up to 1 red LP at once: own turn 1)"
        " · blue 12 cards (colour cost 6 in all, up to 1 blue LP at once: own turn 1)"
    )
    curve = findings["level-curve"].message
    assert curve.startswith("level curve L1 9 · L2 9 · L3 9 · L4 9 · L5 6 (unit 42)")
    assert "level 5 from own turn 4; 42 units for 4 unit slots (RTL-LP-2)" in curve
    assert findings["level-curve"].severity is Severity.INFO


def test_colouring_capacity_follows_the_rank() -> None:
    """RTL-COL-2 / RTL-OPEN-3 / RTL-OPEN-5: 1 colouring per own turn, 2 from own turn 4,
    3 from own turn 7; LP are turn + 1 (RTL-LP-2)."""
    assert [rank_on(turn) for turn in (1, 3, 4, 6, 7, 9)] == [1, 1, 2, 2, 3, 3]
    assert [colouring_turn(need) for need in (0, 1, 3, 4, 5, 9, 10)] == [0, 1, 3, 4, 4, 6, 7]
    assert [first_own_turn(level) for level in (0, 1, 2, 5, 10, 11)] == [1, 1, 1, 4, 9, None]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            "id: x\neffective: 2025-01-01\nmain_min: 61\nmain_max: 60\nmax_copies: 3\n",
            "main_min 61",
        ),
        (
            "id: x\neffective: 2025-01-01\nmain_min: 40\nmain_max: 60\n",
            "'max_copies' is a required",
        ),
        ("id: x\neffective: 2025-13-01\nmain_min: 40\nmain_max: 60\nmax_copies: 3\n", "date"),
    ],
    ids=["sizes cross", "missing number", "not a date"],
)
def test_a_bad_regulation_file_is_refused_with_its_reason(
    run: Any, tmp_path: Path, content: str, message: str
) -> None:
    regulation = tmp_path / "regulation.yaml"
    regulation.write_text(content, encoding="utf-8")
    result = run("check", "--db", TEST_DB, "--regulation", regulation, DECKS / "positive")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert f"regulation {regulation} is not valid" in result.stderr and message in result.stderr
