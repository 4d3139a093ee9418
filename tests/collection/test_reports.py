"""What decks still need, across printings and decks; set completion; list filters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lalcheck.collection import (
    Holding,
    MissingCard,
    collection_stats,
    filter_holdings,
    format_missing,
    format_stats,
    missing_cards,
    open_collection,
    parse_csv,
)
from lalcheck.db import CardDatabase
from lalcheck.decks import Deck, read_deck
from lalcheck.errors import UsageError
from lalcheck.games.luck_and_logic.cards import CardType, World
from tests.collection.conftest import DeckWriter

#: Four copies of 「Test Logicalist A」 split across its two printings, and others.
SPLIT = {"T01/001": 2, "T02/001": 2, "T01/002": 4}
OWNED = (
    Holding("T01/001", 1),
    Holding("T01/001", 1, foil=True),
    Holding("T02/001", 1),
    Holding("T01/002", 3),
)


@pytest.fixture
def split_deck(write_deck: DeckWriter, db: CardDatabase) -> Deck:
    return read_deck(write_deck("split", "Split", main=SPLIT), db)


@pytest.fixture
def other_deck(write_deck: DeckWriter, db: CardDatabase) -> Deck:
    path = write_deck("other", main={"Test Logicalist A": 3, "T01/003": 1}, gates={"T01-G01": 2})
    return read_deck(path, db)


def test_any_printing_counts(split_deck: Deck, db: CardDatabase) -> None:
    (report,) = missing_cards([split_deck], OWNED, db)
    assert report.deck is split_deck
    assert report.cards == (
        MissingCard("T01/001", "Test Logicalist A", need=4, have=3),
        MissingCard("T01/002", "Test Logicalist B", need=4, have=3),
    )
    assert [card.missing for card in report.cards] == [1, 1]
    assert report.total_missing == 2


def test_a_later_printing_covers_an_earlier_one(split_deck: Deck, db: CardDatabase) -> None:
    owned = (Holding("T02/001", 4), Holding("T01/002", 4))
    assert missing_cards([split_deck], owned, db)[0].cards == ()


def test_exact_counts_printings(split_deck: Deck, db: CardDatabase) -> None:
    (report,) = missing_cards([split_deck], OWNED, db, exact=True)
    assert report.cards == (
        MissingCard("T02/001", "Test Logicalist A", need=2, have=1),
        MissingCard("T01/002", "Test Logicalist B", need=4, have=3),
    )
    owned = (Holding("T02/001", 4), Holding("T01/002", 4))
    assert [c.number for c in missing_cards([split_deck], owned, db, exact=True)[0].cards] == [
        "T01/001"
    ]


def test_each_deck_on_its_own(split_deck: Deck, other_deck: Deck, db: CardDatabase) -> None:
    first, second = missing_cards([split_deck, other_deck], OWNED, db)
    assert first.total_missing == 2
    assert second.deck is other_deck
    assert second.cards == (  # its 3 「Test Logicalist A」 are owned: not listed
        MissingCard("T01/003", "Test Logicalist C", need=1, have=0),
        MissingCard("T01-G01", "Test Gate 1", need=2, have=0),
    )
    assert second.total_missing == 3


def test_together_needs_add_up(split_deck: Deck, other_deck: Deck, db: CardDatabase) -> None:
    (report,) = missing_cards([split_deck, other_deck], OWNED, db, together=True)
    assert report.deck is None
    assert report.cards == (
        MissingCard("T01/001", "Test Logicalist A", need=7, have=3),
        MissingCard("T01/002", "Test Logicalist B", need=4, have=3),
        MissingCard("T01/003", "Test Logicalist C", need=1, have=0),
        MissingCard("T01-G01", "Test Gate 1", need=2, have=0),
    )
    assert report.total_missing == 4 + 1 + 1 + 2
    exact = missing_cards([split_deck, other_deck], OWNED, db, together=True, exact=True)
    assert exact[0].cards[:2] == (
        MissingCard("T01/001", "Test Logicalist A", need=5, have=2),
        MissingCard("T02/001", "Test Logicalist A", need=2, have=1),
    )


def test_the_same_deck_twice_together_needs_double(split_deck: Deck, db: CardDatabase) -> None:
    (report,) = missing_cards([split_deck, split_deck], (), db, together=True)
    assert [(c.number, c.need) for c in report.cards] == [("T01/001", 8), ("T01/002", 8)]


def test_json_shapes(split_deck: Deck, other_deck: Deck, db: CardDatabase) -> None:
    together = json.loads(
        format_missing(missing_cards([split_deck, other_deck], OWNED, db, together=True), "json")
    )
    assert set(together) == {"missing", "total_missing"}
    assert together["missing"][0] == {
        "number": "T01/001",
        "name": "Test Logicalist A",
        "need": 7,
        "have": 3,
        "missing": 4,
    }
    assert together["total_missing"] == 8
    per_deck = json.loads(
        format_missing(missing_cards([split_deck, other_deck], OWNED, db), "json")
    )
    assert set(per_deck) == {"decks", "total_missing"}
    assert [d["path"] for d in per_deck["decks"]] == [split_deck.path, other_deck.path]
    assert [d["name"] for d in per_deck["decks"]] == ["Split", None]
    assert [d["total_missing"] for d in per_deck["decks"]] == [2, 3]
    assert per_deck["total_missing"] == 5
    assert set(per_deck["decks"][0]["missing"][0]) == {"number", "name", "need", "have", "missing"}


def test_the_wishlist_imports_into_another_collection(
    split_deck: Deck, other_deck: Deck, db: CardDatabase, tmp_path: Path
) -> None:
    for together in (True, False):
        reports = missing_cards([split_deck, other_deck], OWNED, db, together=together)
        wishlist = parse_csv(format_missing(reports, "csv"), db)
        assert wishlist.problems == ()
        with open_collection(tmp_path / f"wishes-{together}.sqlite3") as wishes:
            wishes.add_all(wishlist.rows)
            bought = wishes.holdings()
        assert sum(row.quantity for row in bought) == sum(r.total_missing for r in reports)
        after = missing_cards([split_deck, other_deck], OWNED + bought, db, together=True)
        # bought one per deck: building both at once still needs 7 - 4 of 「Test Logicalist A」
        assert after[0].total_missing == (0 if together else 3)
    per_deck = format_missing(missing_cards([split_deck], OWNED, db), "csv")
    assert per_deck.splitlines() == [
        "number,name,quantity,note",
        "T01/001,Test Logicalist A,1,for Split",
        "T01/002,Test Logicalist B,1,for Split",
    ]


def test_text_report(split_deck: Deck, other_deck: Deck, db: CardDatabase) -> None:
    text = format_missing(missing_cards([split_deck, other_deck], OWNED, db), "text")
    assert f"{split_deck.path} — Split: 2 missing\n" in text
    assert "  T01/001     4     3        1  Test Logicalist A\n" in text
    assert text.endswith("total missing: 5\n")
    owned = (*OWNED, Holding("T01/001", 1), Holding("T01/002", 1))
    assert format_missing(missing_cards([split_deck], owned, db), "text") == (
        f"{split_deck.path} — Split: nothing missing\n"
    )


def test_stats_by_set(db: CardDatabase) -> None:
    owned = (*OWNED, Holding("T02-G01", 2), Holding("GONE/001", 5), Holding("GONE/002", 1))
    stats = collection_stats(owned, db)
    by_code = {row.code: row for row in stats.sets}
    assert (by_code["T01"].owned, by_code["T01"].total, by_code["T01"].copies) == (2, 24, 5)
    assert (by_code["T02"].owned, by_code["T02"].total, by_code["T02"].copies) == (2, 2, 3)
    assert by_code["T02"].percent == 100.0
    assert by_code["T03"].owned == 0 and by_code["T03"].percent == 0.0
    assert stats.all_sets.owned == 4 and stats.all_sets.total == len(db)
    assert (stats.unknown_cards, stats.unknown_copies) == (2, 6)
    text = format_stats(stats, "text")
    assert "T02             2/2    100.0%       3  Test set 2\n" in text
    assert "also 2 cards (6 copies) that the card database does not know" in text
    document = json.loads(format_stats(stats, "json"))
    assert document["unknown"] == {"cards": 2, "copies": 6}
    assert document["all"]["owned"] == 4


def test_list_filters(db: CardDatabase) -> None:
    owned = (*OWNED, Holding("T02-G01", 2), Holding("T01/014", 1), Holding("GONE/001", 1))
    assert len(filter_holdings(owned, db)) == len(owned)
    assert [h.number for h in filter_holdings(owned, db, set_code="t02")] == ["T02/001", "T02-G01"]
    assert [h.number for h in filter_holdings(owned, db, values={"type": CardType.GATE})] == [
        "T02-G01"
    ]
    assert [h.number for h in filter_holdings(owned, db, values={"world": World.MONOLIUM})] == [
        "T02-G01",
        "T01/014",
    ]
    with pytest.raises(UsageError, match="unknown set 'X9'; sets: BT01, EB01"):
        filter_holdings(owned, db, set_code="X9")
