"""``lalcheck cards search``: exact and fuzzy matching in every language, filters, JSON."""

from __future__ import annotations

import json

from lalcheck.db import CardDatabase, load_database
from lalcheck.db.search import CardFilter, search_cards
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.cards import CardType
from tests.conftest import TEST_DB, CliRun


def numbers(db: CardDatabase, text: str, filters: CardFilter | None = None) -> list[str]:
    return [hit.card.number for hit in search_cards(db, text, filters)]


def test_fuzzy_matching_tolerates_typos(db: CardDatabase) -> None:
    hits = search_cards(db, "Tst Gate 3")
    assert hits[0].card.number == "T01-G03" and hits[0].matched == "Test Gate 3"
    assert hits[0].score > hits[1].score >= 70
    assert numbers(db, "Clb Foreigner")[0] == "T01/016"


def test_fuzzy_matching_in_japanese(db: CardDatabase) -> None:
    (hit,) = search_cards(db, "スイーツ系女子 小令")  # 令 for 玲
    assert hit.card.number == "BT01/008" and hit.matched == "スイーツ系女子 小玲"
    assert hit.score < 100


def test_exact_matches_come_first_in_database_order(db: CardDatabase) -> None:
    assert numbers(db, "テスト定理者") == ["T01/001", "T02/001"]  # a translation
    hits = search_cards(db, "Test Logicalist")
    assert [hit.score for hit in hits[:4]] == [100.0] * 4
    assert [hit.card.number for hit in hits[:4]] == ["T01/001", "T01/002", "T01/003", "T02/001"]


def test_filters(db: CardDatabase) -> None:
    assert numbers(db, "", CardFilter({"cost": 1})) == [
        "T01/003",
        "T01/006",
        "T01/007",
        "SPB01/041",
    ]
    assert numbers(db, "", CardFilter(set_code="t02")) == ["T02/001", "T02-G01"]
    only = CardFilter({"type": CardType.FOREIGNER, "cost": 1})
    assert numbers(db, "", only) == ["T01/006", "SPB01/041"]
    assert numbers(db, "Foreigner", only) == ["T01/006"]


def test_suggestions_find_partial_names(db: CardDatabase) -> None:
    assert [card.number for card in db.suggest("小玲")] == ["BT01/008"]
    assert db.suggest("xyz") == []


def test_cli_filters_limit_and_no_fuzzy(run: CliRun) -> None:
    result = run("cards", "search", "--db", TEST_DB, "--set", "T01", "--cost", "1", "--limit", "2")
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.stdout.splitlines()] == ["T01/003", "T01/006"]
    assert run("cards", "search", "--db", TEST_DB, "Tst Gate 3").exit_code == 0
    result = run("cards", "search", "--db", TEST_DB, "--no-fuzzy", "Tst Gate 3")
    assert result.exit_code == 1 and result.stderr == "error: no card matches\n"


def test_cli_json(run: CliRun) -> None:
    result = run(
        "cards", "search", "--db", TEST_DB, "--format", "json", "Tst Gate 3", "--limit", "2"
    )
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["query"] == "Tst Gate 3" and report["count"] == 2
    first = report["results"][0]
    assert first["matched"] == "Test Gate 3" and 70 <= first["score"] < 100
    assert first["card"] == {
        "number": "T01-G03",
        "name": "Test Gate 3",
        "type": "gate",
        "world": "Septpia",
        "gate_number": 3,
        "set": "T01",
    }
    empty = run("cards", "search", "--db", TEST_DB, "--format", "json", "--type", "gate", "zzzz")
    assert empty.exit_code == 1
    assert json.loads(empty.stdout) == {"query": "zzzz", "count": 0, "results": []}


def test_exact_hits_and_close_matches_are_apart(run: CliRun) -> None:
    exact = run("cards", "search", "--db", TEST_DB, "Test Gate").stdout
    assert "close matches" not in exact.split("\n\n")[0]
    close = run("cards", "search", "--db", TEST_DB, "Tst Gate 3").stdout
    assert close.startswith("no exact match; close matches:\nT01-G03")
    document = json.loads(
        run("cards", "search", "--db", TEST_DB, "-f", "json", "Tst Gate 3").stdout
    )
    assert {result["match"] for result in document["results"]} == {"fuzzy"}


def test_a_search_never_matches_across_a_dropped_space(db: CardDatabase) -> None:
    """``helia`` is not in 「Paradox of the Liar」, exactly or fuzzily."""
    sample = load_database(GAME.sample_database, use_cache=False)
    found = [hit.card.name for hit in search_cards(sample, "helia")]
    assert found and all("Helia" in name for name in found)
    assert [hit.card.number for hit in search_cards(db, "tGate")] == []


def test_a_hit_shows_the_name_in_the_language_that_matched(run: CliRun) -> None:
    shown = run("cards", "search", "--db", TEST_DB, "テスト定理者").stdout
    assert "Test Logicalist A  ← テスト定理者 A" in shown
    assert "←" not in run("cards", "search", "--db", TEST_DB, "Test Logicalist A").stdout
