"""``lalcheck db diff``: cards added, removed and changed between two databases."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import yaml

from lalcheck.db import CardDatabase, load_database
from lalcheck.db.diff import FieldChange, diff_databases
from lalcheck.db.dump import card_to_dict
from lalcheck.games.luck_and_logic.card_data import card_from_dict
from lalcheck.games.luck_and_logic.cards import Logic, LogicKind
from tests.conftest import TEST_DB, CliRun


@pytest.fixture
def new_db(tmp_path: Path) -> Path:
    """The test database after an "update": one card changed, one removed, one added."""
    data = yaml.safe_load(TEST_DB.read_text(encoding="utf-8"))
    data["version"] = "t2"
    cards = {card["number"]: card for card in data["cards"]}
    cards["T01/001"].update(power=5000, text="Draw a card.", logic={"kind": "spirit", "value": 1})
    del cards["T01/001"]["names"]["ja"]
    del cards["T03/001"]
    cards["T02/002"] = {"number": "T02/002", "name": "New Tactics", "type": "tactics", "set": "T02"}
    data["cards"] = list(cards.values())
    path = tmp_path / "new.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_diff_finds_added_removed_and_changed(db: CardDatabase, new_db: Path) -> None:
    diff = diff_databases(db, load_database(new_db))
    assert [card.number for card in diff.added] == ["T02/002"]
    assert [card.number for card in diff.removed] == ["T03/001"]
    (change,) = diff.changed
    assert change.new.number == "T01/001"
    assert change.fields == (
        FieldChange(
            "names",
            {"en": "Test Logicalist A", "ja": "テスト定理者 A"},
            {"en": "Test Logicalist A"},
        ),
        FieldChange("power", 4000, 5000),
        FieldChange("logic", Logic(LogicKind.POWER, 1000), Logic(LogicKind.SPIRIT, 1)),
        FieldChange("text", None, "Draw a card."),
    )
    assert (diff.old.version, diff.new.version) == ("t1", "t2") and not diff.identical
    with pytest.raises(dataclasses.FrozenInstanceError):
        diff.added = ()  # type: ignore[misc]


def test_diff_text(run: CliRun, new_db: Path) -> None:
    result = run("db", "diff", TEST_DB, new_db)
    assert result.exit_code == 0
    assert result.stdout == (
        f"old: {TEST_DB} — 'lalcheck test cards' version t1\n"
        f"new: {new_db} — 'lalcheck test cards' version t2\n"
        "1 added, 1 removed, 1 changed\n"
        "\n"
        "added:\n"
        "  + T02/002 「New Tactics」 tactics\n"
        "\n"
        "removed:\n"
        "  - T03/001 「Future Logicalist」 logicalist\n"
        "\n"
        "changed:\n"
        "  ~ T01/001 「Test Logicalist A」\n"
        '      names: {"en": "Test Logicalist A", "ja": "テスト定理者 A"}'
        ' → {"en": "Test Logicalist A"}\n'
        "      power: 4000 → 5000\n"
        '      logic: {"kind": "power", "value": 1000} → {"kind": "spirit", "value": 1}\n'
        '      text: (none) → "Draw a card."\n'
    )


def test_diff_json(run: CliRun, new_db: Path) -> None:
    result = run("db", "diff", "--format", "json", TEST_DB, new_db)
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["summary"] == {"added": 1, "removed": 1, "changed": 1}
    assert report["old"]["version"] == "t1" and report["new"]["source"] == str(new_db)
    assert report["added"] == [
        {"number": "T02/002", "name": "New Tactics", "type": "tactics", "set": "T02"}
    ]
    assert report["removed"][0]["number"] == "T03/001"
    (changed,) = report["changed"]
    assert changed["number"] == "T01/001" and changed["name"] == "Test Logicalist A"
    assert changed["fields"][1] == {"field": "power", "old": 4000, "new": 5000}
    assert changed["fields"][3] == {"field": "text", "old": None, "new": "Draw a card."}


def test_identical_databases(run: CliRun) -> None:
    result = run("db", "diff", TEST_DB, TEST_DB)
    assert result.exit_code == 0 and "0 added, 0 removed, 0 changed" in result.stdout


def test_unreadable_side_exits_2(run: CliRun, tmp_path: Path) -> None:
    result = run("db", "diff", TEST_DB, tmp_path / "nope.yaml")
    assert result.exit_code == 2 and "does not exist" in result.stderr


def test_cards_round_trip_through_plain_data(db: CardDatabase) -> None:
    for card in db:
        assert card_from_dict(card_to_dict(card)) == card
