"""Hostile decklists and card references (issue 16): lines built to make regular
expressions backtrack, counts of thousands of digits, thousands of unknown cards,
and card references in other Unicode forms."""

from __future__ import annotations

import unicodedata

import pytest

from lalcheck import decklist
from lalcheck.db import CardDatabase
from lalcheck.db import model as db_model
from lalcheck.decklist import DecklistError, parse_decklist, read_card_line, section_of
from lalcheck.decks import parse_deck, resolve
from tests.hostile.guards import time_limit

MB = 1_000_000
#: Lines of about 1 MB shaped to make backtracking patterns take forever.
SHAPES = {
    "colons": ":" * MB,
    "colons between letters": "a" + ":" * MB + "b",
    "colons after a header": "Main" + ":" * MB + "x",
    "spaces between letters": "a" + " " * MB + "b",
    "tabs before a count": "a" + "\t" * MB + "4x",
    "spaces around a symbol": "4" + " " * MB + "*" + " " * MB,
    "x runs": "4" + " x" * (MB // 2),
    "digit and space runs": "1 " * (MB // 2) + "a",
    "parenthesised counts": "Main" + "(1" * (MB // 2),
    "star runs": "a" + " *" * (MB // 2) + "b",
    "comment runs": "a" + " #" * (MB // 2),
    "hashes without spaces": "a" + "#" * MB,
    "digits": "9" * MB,
    "digits then a name": "9" * MB + " a",
    "a negative count": "-" + "1" * MB + " a",
    "spaces then x4": "a" + " " * MB + "x4",
}


@pytest.mark.parametrize("line", SHAPES.values(), ids=SHAPES.keys())
def test_every_pattern_runs_in_linear_time(db: CardDatabase, line: str) -> None:
    with time_limit(60):  # seconds, for 4 patterns on 1-2 MB: a hang, not slowness, fails
        section_of(line)
        read_card_line(line)
        decklist.without_comment(line)
        decklist._diagnose(line, decklist._format("luck-and-logic"), db)


@pytest.mark.parametrize("line", SHAPES.values(), ids=SHAPES.keys())
def test_overlong_lines_are_refused_unread(db: CardDatabase, line: str) -> None:
    text = f"4 T01/001\n{line}\n"
    with time_limit(60), pytest.raises(DecklistError) as raised:
        parse_decklist(text, "list.txt", db)
    (problem,) = raised.value.problems
    assert problem.line == 2
    assert f"is {len(line.strip()):,} characters long, over the limit of 1,000" in problem.message


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("9" * 900 + " T01/001", "999999999… copies of T01/001: a count must be from 1 to 50"),
        ("9" * 5000 + " T01/001", "is 5,008 characters long, over the limit of 1,000"),
        ("-" + "9" * 900 + " T01/001", "-999999999… copies of T01/001"),
        ("T01/001 x" + "9" * 900, "999999999… copies of T01/001"),
        ("9" * 900 + "T01/001", "write it as `999999999… T01/001`"),
    ],
)
def test_counts_of_many_digits_are_problems(db: CardDatabase, line: str, message: str) -> None:
    with pytest.raises(DecklistError) as raised:
        parse_decklist(line + "\n", "list.txt", db)
    (problem,) = raised.value.problems
    assert problem.line == 1 and message in problem.message


def test_suggestions_stop_after_twenty_unknown_cards(
    db: CardDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    searches: list[str] = []
    fuzzy_rank = db_model.fuzzy_rank

    def counted(query: str, *args: object) -> list[tuple[int, float]]:
        searches.append(query)
        return fuzzy_rank(query, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(db_model, "fuzzy_rank", counted)
    text = "".join(f"1 Q{i:05d}\n" for i in range(500))
    with pytest.raises(DecklistError) as raised:
        parse_decklist(text, "list.txt", db)
    assert len(searches) == 20
    messages = [problem.message for problem in raised.value.problems]
    assert len(messages) == 500
    assert all("no suggestions" not in message for message in messages[:20])
    assert all(
        message.endswith("(no suggestions past the first 20 unknown cards of a file)")
        for message in messages[20:]
    )
    searches.clear()
    deck = resolve(parse_deck("main:\n" + text.replace("1 ", "  ").replace("\n", ": 1\n"), "d"), db)
    assert len(searches) == 20 and sum(entry.card is None for entry in deck.entries) == 500


def test_decomposed_names_and_full_width_numbers_resolve(db: CardDatabase) -> None:
    name = "ヴァイパーフォール 縁"
    decomposed = unicodedata.normalize("NFD", name)
    assert decomposed != name
    assert db.resolve(decomposed).card is db.resolve(name).card is not None
    assert db.resolve("Ｔ０１／００１").card is db["T01/001"]
    assert db.resolve("ｔ０１／００１").card is db["T01/001"]  # numbers in any case (issue 14)


def test_a_decklist_in_decomposed_form_imports(db: CardDatabase) -> None:
    text = unicodedata.normalize("NFD", "1 ヴァイパーフォール 縁\n4 Ｔ０１／００１\n")
    deck = parse_decklist(text, "list.txt", db)
    assert [entry.card.number for entry in deck.entries if entry.card] == ["SPB01/041", "T01/001"]
