"""Loading card databases: schema, identity, lookups and the parse cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from lalcheck.db import CardDatabase, DatabaseError, load_database
from lalcheck.db.cache import cache_dir
from lalcheck.errors import InputError
from lalcheck.games.luck_and_logic.cards import CardType, World
from tests.conftest import TEST_DB


def test_cards_are_indexed_by_number_and_every_name(db: CardDatabase) -> None:
    card = db["T01/001"]
    assert card.type is CardType.LOGICALIST and card.world is World.SEPTPIA
    assert db.resolve("T01/001").card is card
    assert db.resolve("テスト定理者 A").card is card  # Japanese translation
    assert db.resolve("Test Logicalist A").card is card  # earliest printing of the name


def test_printings_share_an_identity(db: CardDatabase) -> None:
    printings = db.identity_printings(db["T02/001"])
    assert [card.number for card in printings] == ["T01/001", "T02/001"]


def test_ambiguous_names_resolve_to_no_card(db: CardDatabase) -> None:
    resolution = db.resolve("Twin Name")
    assert resolution.card is None and resolution.ambiguous
    assert [card.number for card in resolution.candidates] == ["T01/017", "T01/018"]


def test_card_numbers_resolve_in_any_case_and_width(db: CardDatabase) -> None:
    """Issue 14: what people type (``bt01/012``, full-width digits) names the card."""
    assert db.resolve("t01/001").card is db.resolve("Ｔ０１/００１").card is db["T01/001"]
    assert db.resolve("test logicalist a").card is None  # names keep their case


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("TO1/OO1", "T01/001"),
        ("ＴＯ１/００１", "T01/001"),
        ("Test Logicalist", "T01/001"),
        ("スイーツ系女子小玲", "BT01/008"),
    ],
)
def test_suggestions(db: CardDatabase, typed: str, meant: str) -> None:
    assert db.resolve(typed).card is None
    assert meant in [card.number for card in db.suggest(typed)]


def test_release_date_falls_back_to_the_set(db: CardDatabase) -> None:
    assert str(db.release_date(db["T03/001"])) == "2017-12-01"


def test_json_databases_load_like_yaml(tmp_path: Path, db: CardDatabase) -> None:
    data = yaml.safe_load(TEST_DB.read_text(encoding="utf-8"))
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    loaded = load_database(path)
    assert loaded.cards == db.cards


def test_json_schema_errors_have_lines(tmp_path: Path) -> None:
    data = yaml.safe_load(TEST_DB.read_text(encoding="utf-8"))
    data["cards"][2]["color"] = "purple"
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(DatabaseError) as raised:
        load_database(path)
    (problem,) = raised.value.problems
    assert problem.startswith(f"{path}:") and "cards[2].color: 'purple' is not one of" in problem


def test_invalid_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text('{"format": 1,\n"cards": [}\n', encoding="utf-8")
    with pytest.raises(DatabaseError) as raised:
        load_database(path)
    (problem,) = raised.value.problems
    assert problem.startswith(f"{path}: invalid JSON: ") and problem.endswith("(line 2)")


def test_duplicate_numbers_and_unknown_sets_are_refused(tmp_path: Path) -> None:
    data = yaml.safe_load(TEST_DB.read_text(encoding="utf-8"))
    data["cards"][1]["number"] = data["cards"][0]["number"]
    data["cards"][2]["set"] = "ZZ99"
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DatabaseError) as raised:
        load_database(path)
    problems = "\n".join(raised.value.problems)
    assert "card number T01/001 is used twice (first by cards[0])" in problems
    assert "set 'ZZ99' is not listed under sets:" in problems


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("", "the file must hold a mapping"),
        ("- a\n- b\n", "the file must hold a mapping"),
        (
            "format: 2\ngame: luck-and-logic\nname: x\nversion: 1\ncards: []\n",
            "format: 1 was expected",
        ),
    ],
)
def test_unusable_documents(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=expected):
        load_database(path)


def test_missing_database(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist"):
        load_database(tmp_path / "nope.yaml")


def test_parsed_database_is_cached_by_content(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_bytes(TEST_DB.read_bytes())
    first = load_database(path)
    (entry,) = (cache_dir() / "databases").glob(f"{first.info.sha256}-*.json")
    second = load_database(path)
    assert second is not first and second.cards == first.cards
    assert second.info.source == str(path)
    entry.write_bytes(b"not an entry")  # a corrupt entry is a cache miss
    assert load_database(path).cards == first.cards
    assert entry.read_bytes().startswith(b'{"format": 1')  # and is rewritten
