"""Text decklists: every line shape, every malformed line, the round trip, import/export."""

from __future__ import annotations

import datetime as dt
import errno
import os
from pathlib import Path

import pytest

from lalcheck.db import CardDatabase
from lalcheck.decklist import (
    DecklistError,
    format_deck_yaml,
    format_decklist,
    parse_decklist,
    read_card_line,
    section_of,
)
from lalcheck.decks import DeckFile, parse_deck, read_deck, resolve
from lalcheck.errors import InputError
from lalcheck.regulations import Regulations
from tests.conftest import DECKS, TEST_DB, CliRun
from tests.golden import assert_golden

POSITIVE = sorted((DECKS / "positive").glob("*.yaml"))
FULL = """\
# name: Brave Rush
# regulation: 2017-09-01
# as_of: 2017-10-01

Main
4 T01/001  # Test Logicalist A
4 Test Logicalist B  # T01/002
1 スイーツ系女子 小玲  # BT01/008

Gates
2 T01-G01  # Test Gate 1

Secret tools
4 HBT01/S01  # Test Secret Tool 1

My Logicalist
1 PR/001  # My Test Logicalist
"""


def content(deck_file: DeckFile) -> tuple[object, ...]:
    """What a deck says, whatever its form: fields, and each section's lines in order."""
    by_section = sorted(deck_file.lines, key=lambda line: line.section)
    return (
        deck_file.name,
        deck_file.regulation,
        deck_file.as_of,
        [(line.section, line.reference, line.count) for line in by_section],
    )


def problems(db: CardDatabase, text: str) -> list[tuple[int | None, str]]:
    with pytest.raises(DecklistError) as caught:
        parse_decklist(text, "list.txt", db, Regulations.bundled())
    return [(problem.line, problem.message) for problem in caught.value.problems]


@pytest.mark.parametrize(
    "line",
    [
        "4 BT01/008",
        "4x BT01/008",
        "4X BT01/008",
        "4 x BT01/008",
        "BT01/008 x4",
        "BT01/008 x 4",
        "BT01/008 X4",
        "4×BT01/008",
        "4 × BT01/008",
        "BT01/008×4",
        "BT01/008 ×4",
        "４ BT01/008",
        "４×BT01/008",
        "BT01/008 ｘ４",
        "4* BT01/008",
        "4\tBT01/008",
        "4\u3000BT01/008",
    ],
)
def test_card_line_shapes(line: str) -> None:
    assert read_card_line(line) == (4, "BT01/008")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("4 スイーツ系女子 小玲", (4, "スイーツ系女子 小玲")),
        ("4x スイーツ系女子 小玲", (4, "スイーツ系女子 小玲")),
        ("スイーツ系女子 小玲 ×4", (4, "スイーツ系女子 小玲")),
        ("2 xenon", (2, "xenon")),  # a name starting with x stays whole
        ("12 T01/001", (12, "T01/001")),
        ("Test Logicalist 4", None),  # a bare number at the end is not a count
        ("4xBT01/008", None),
        ("BT01/008", None),
    ],
)
def test_card_line_readings(line: str, expected: tuple[int, str] | None) -> None:
    assert read_card_line(line) == expected


@pytest.mark.parametrize(
    ("header", "section"),
    [
        ("Main", "main"),
        ("main", "main"),
        ("Main deck", "main"),
        ("Main Deck (50)", "main"),
        ("Main:", "main"),
        ("メイン", "main"),
        ("メインデッキ（50枚）", "main"),
        ("Paradox (8)", "main"),
        ("Transunions", "main"),
        ("Gate", "gates"),
        ("Gates", "gates"),
        ("Gates: 10", "gates"),
        ("ゲート", "gates"),
        ("Ｇａｔｅｓ", "gates"),
        ("秘具", "secret_tools"),
        ("Secret tools", "secret_tools"),
        ("Secret Tool", "secret_tools"),
        ("My Logicalist", "my_logicalist"),
        ("MY LOGICALIST:", "my_logicalist"),
        ("Sideboard", None),
        ("4 BT01/008", None),
    ],
)
def test_section_headers(header: str, section: str | None) -> None:
    assert section_of(header) == section


def test_a_full_decklist(db: CardDatabase) -> None:
    text = """\
// pasted from a chat
# name: Brave Rush
# regulation: 2017-09-01
# as-of: 2017-10-01

Main deck (50):
4 T01/001
４x テスト定理者 A
Test Logicalist B ×4   // English names work too

ゲート
2 T01-G01 # trailing comment
秘具
HBT01/S01 x4
My Logicalist
PR/001
"""
    deck = parse_decklist(text, "list.txt", db)
    assert deck.name == "Brave Rush"
    assert deck.file.regulation == "2017-09-01"
    assert deck.file.as_of == dt.date(2017, 10, 1)
    assert [(e.section, e.reference, e.count, e.line) for e in deck.entries] == [
        ("main", "T01/001", 4, 7),
        ("main", "テスト定理者 A", 4, 8),
        ("main", "Test Logicalist B", 4, 9),
        ("gates", "T01-G01", 2, 12),
        ("secret_tools", "HBT01/S01", 4, 14),
        ("my_logicalist", "PR/001", 1, 16),
    ]
    assert deck.file.section_lines == {
        "main": 6,
        "gates": 11,
        "secret_tools": 13,
        "my_logicalist": 15,
    }
    assert [e.card.number for e in deck.entries if e.card] == [
        "T01/001",
        "T01/001",
        "T01/002",
        "T01-G01",
        "HBT01/S01",
        "PR/001",
    ]


def test_cards_before_any_header_go_to_their_type_section(db: CardDatabase) -> None:
    deck = parse_decklist("4 T01/001\n2 T01-G01\n4 HBT01/S01\n1 PR/001\n", "list.txt", db)
    assert [e.section for e in deck.entries] == ["main", "gates", "secret_tools", "my_logicalist"]


def test_a_header_keeps_what_is_listed_under_it(db: CardDatabase) -> None:
    # A gate under Main stays there: `lalcheck check` reports it as wrong-section.
    deck = parse_decklist("Main\n2 T01-G01\n", "list.txt", db)
    assert deck.entries[0].section == "main"


def test_header_comments_count_only_before_the_first_card(db: CardDatabase) -> None:
    deck = parse_decklist("Main\n# name: not a name\n4 T01/001\n", "list.txt", db)
    assert deck.name is None


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("BT01/008", "no number of copies for 'BT01/008'; write it as `1 BT01/008`"),
        ("4xBT01/008", "cannot read '4xBT01/008'; write it as `4 BT01/008`"),
        ("4×", "cannot read '4×'"),
        ("BT01/008 4", "write the number of copies first: `4 BT01/008`"),
        ("4", "4 copies of what? write card lines as `4 BT01/008`"),
        ("four BT01/008", "write the number of copies in digits: `4 BT01/008`"),
        ("Gatess", "unknown section header 'Gatess'; did you mean `Gates`?"),
        ("Sideboard", "cannot read 'Sideboard': not a section header (Main, Gates, Secret"),
        ("4 BT01/0008", "unknown card 'BT01/0008'; did you mean BT01/008 「スイーツ系女子 小玲」"),
        ("4 Nobody At All", "unknown card 'Nobody At All'; check the card number or name"),
        ("4 Twin Name", "'Twin Name' names 2 different cards: T01/017 「Twin Logicalist Left」"),
        ("0 T01/001", "0 copies of T01/001: a count must be from 1 to 50 (leave the line out"),
        ("51 T01/001", "51 copies of T01/001: a count must be from 1 to 50"),
        ("4 T01/001 x4", "the number of copies is given twice; write it as `4 T01/001`"),
        ("4 T01/001 ×4", "the number of copies is given twice; write it as `4 T01/001`"),
    ],
)
def test_every_malformed_line_is_reported_with_a_suggestion(
    db: CardDatabase, line: str, expected: str
) -> None:
    ((number, message),) = problems(db, f"Main\n4 T01/002\n{line}\n")
    assert number == 3
    assert expected in message


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("# as_of: someday", "as_of: 'someday' is not a date; write it as YYYY-MM-DD"),
        ("# regulation: 2099-01-01", "unknown regulation '2099-01-01'; known regulations: "),
        ("# name: A\n# name: B", "name is given twice (lines 1 and 2)"),
    ],
)
def test_bad_header_comments(db: CardDatabase, header: str, expected: str) -> None:
    ((_, message),) = problems(db, f"{header}\n4 T01/001\n")
    assert expected in message


def test_a_card_listed_twice_names_both_lines(db: CardDatabase) -> None:
    found = problems(db, "Main\n4 T01/001\n2 T01/002\n4 T01/001\n")
    assert found == [
        (4, "T01/001 is listed twice under Main (lines 2 and 4); merge them into one line")
    ]


def test_every_bad_line_is_reported_at_once(db: CardDatabase) -> None:
    found = problems(db, "Main\nBT01/008\n4 T01/001\n4xT01/002\n4 Nobody\n")
    assert [line for line, _ in found] == [2, 4, 5]


def test_nothing_to_import(db: CardDatabase) -> None:
    assert problems(db, "# only a comment\n\nMain\n") == [
        (
            None,
            "no cards found; write card lines as `4 BT01/008` (copies, then a card "
            "number or exact name)",
        )
    ]


def test_the_error_names_the_file_and_every_line(db: CardDatabase) -> None:
    with pytest.raises(DecklistError) as caught:
        parse_decklist("Main\n4 Nobody\nfoo\n", "list.txt", db)
    lines = str(caught.value).splitlines()
    assert lines[0] == "list.txt: cannot import the decklist (2 problems)"
    assert lines[1].startswith("  list.txt:2: unknown card 'Nobody'")
    assert lines[2].startswith("  list.txt:3: cannot read 'foo'")


@pytest.mark.parametrize("path", POSITIVE, ids=lambda p: p.stem)
def test_round_trip_yaml_text_yaml(db: CardDatabase, path: Path) -> None:
    deck = read_deck(path, db)
    text = format_decklist(deck)
    again = parse_decklist(text, "list.txt", db, Regulations.bundled())
    assert content(again.file) == content(deck.file)
    yaml_text = format_deck_yaml(again)
    written = parse_deck(yaml_text, "deck.yaml")
    assert written.problems == ()
    assert content(written) == content(deck.file)
    # The written forms are fixed points: one more trip changes nothing.
    assert format_deck_yaml(resolve(written, db)) == yaml_text
    assert format_decklist(again) == text


def test_round_trip_text_yaml_text_keeps_name_regulation_and_as_of(db: CardDatabase) -> None:
    deck = parse_decklist(FULL, "list.txt", db, Regulations.bundled())
    yaml_text = format_deck_yaml(deck)
    assert yaml_text.splitlines()[:3] == [
        "name: Brave Rush",
        "regulation: 2017-09-01",
        "as_of: 2017-10-01",
    ]
    deck_file = parse_deck(yaml_text, "deck.yaml")
    assert deck_file.problems == ()
    assert content(deck_file) == content(deck.file)
    assert format_decklist(resolve(deck_file, db)) == FULL


def test_round_trip_of_loose_text_keeps_the_deck(db: CardDatabase) -> None:
    loose = "４x T01/001\nT01-G01 ×2\nテスト定理者 A x1\n"
    deck = parse_decklist(loose, "list.txt", db)
    text = format_decklist(deck)
    assert (
        text == "Main\n4 T01/001  # Test Logicalist A\n1 テスト定理者 A  # T01/001\n\n"
        "Gates\n2 T01-G01  # Test Gate 1\n"
    )
    assert content(parse_decklist(text, "list.txt", db).file) == content(deck.file)


def test_yaml_quotes_what_needs_quoting(db: CardDatabase) -> None:
    deck = resolve(parse_deck("name: 'yes'\nmain:\n  '007': 4\n  'a: b': 1\n", "d.yaml"), db)
    yaml_text = format_deck_yaml(deck)
    assert yaml_text == "name: 'yes'\nmain:\n  '007': 4\n  'a: b': 1\n"
    assert content(parse_deck(yaml_text, "d.yaml")) == content(deck.file)


@pytest.mark.parametrize(
    ("deck_yaml", "expected"),
    [
        ('name: "two\\nlines"\nmain: {T01/001: 4}\n', "cannot carry the name 'two\\nlines'"),
        ("main:\n  x T01/001: 4\n", "cannot carry the card reference 'x T01/001'"),
        ("main:\n  'A # B': 4\n", "cannot carry the card reference 'A # B'"),
    ],
)
def test_text_refuses_what_would_not_read_back(
    db: CardDatabase, deck_yaml: str, expected: str
) -> None:
    deck = resolve(parse_deck(deck_yaml, "d.yaml"), db)
    with pytest.raises(InputError, match="cannot carry") as caught:
        format_decklist(deck)
    assert expected in str(caught.value)


# The command line ---------------------------------------------------------------------------


def test_import_writes_the_deck_file(run: CliRun, db: CardDatabase, tmp_path: Path) -> None:
    source = tmp_path / "list.txt"
    source.write_text(FULL, encoding="utf-8")
    target = tmp_path / "deck.yaml"
    result = run("import", "--db", TEST_DB, source, "-o", target)
    assert result.exit_code == 0, result.output
    assert f"wrote {target}" in result.stderr
    assert run("check", "--db", TEST_DB, "--as-of", "2018-01-01", target).exit_code == 1
    assert content(parse_deck(target.read_text(encoding="utf-8"), "d")) == content(
        parse_decklist(FULL, "list.txt", db).file
    )


def test_import_from_stdin_to_stdout(run: CliRun) -> None:
    result = run("import", "--db", TEST_DB, "-", input="4x T01/001\n2 T01-G01\n")
    assert result.exit_code == 0
    assert (
        result.stdout == "main:\n  T01/001: 4  # Test Logicalist A\ngates:\n"
        "  T01-G01: 2  # Test Gate 1\n"
    )


def test_import_reports_every_bad_line_and_writes_nothing(run: CliRun, tmp_path: Path) -> None:
    source = tmp_path / "list.txt"
    source.write_text("Main\n4 T01/001\nBT01/008\n4 Nobody\n", encoding="utf-8")
    target = tmp_path / "deck.yaml"
    result = run("import", "--db", TEST_DB, source, "-o", target)
    assert result.exit_code == 1
    assert f"{source}:3: no number of copies for 'BT01/008'" in result.stderr
    assert f"{source}:4: unknown card 'Nobody'" in result.stderr
    assert "nothing was written" in result.stderr
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == [source]


def test_import_refuses_to_overwrite_without_force(run: CliRun, tmp_path: Path) -> None:
    source = tmp_path / "list.txt"
    source.write_text("4 T01/001\n", encoding="utf-8")
    target = tmp_path / "deck.yaml"
    target.write_text("kept\n", encoding="utf-8")
    result = run("import", "--db", TEST_DB, source, "-o", target)
    assert result.exit_code == 2
    assert f"{target} already exists; pass --force to overwrite it" in result.stderr
    assert target.read_text(encoding="utf-8") == "kept\n"
    target.chmod(0o640)
    assert run("import", "--db", TEST_DB, source, "-o", target, "--force").exit_code == 0
    assert target.read_text(encoding="utf-8") == "main:\n  T01/001: 4  # Test Logicalist A\n"
    assert target.stat().st_mode & 0o777 == 0o640  # replacing keeps the permissions
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.yaml", "list.txt"]


@pytest.mark.parametrize(
    ("setup", "expected"),
    [
        ("missing", "missing.txt does not exist: check the path"),
        (
            "not-utf8",
            "is not UTF-8 or CP932 (Shift-JIS) text (bad byte 0xff) (line 2); "
            "save the file as UTF-8",
        ),
        ("no-folder", "the folder"),
        ("folder-target", "is a directory; name the file to write"),
    ],
)
def test_import_unusable_input_or_output_exits_2(
    run: CliRun, tmp_path: Path, setup: str, expected: str
) -> None:
    source = tmp_path / "list.txt"
    source.write_text("4 T01/001\n", encoding="utf-8")
    target = tmp_path / "deck.yaml"
    if setup == "missing":
        source = tmp_path / "missing.txt"
    elif setup == "not-utf8":
        source.write_bytes(b"Main\n4 \xff\n")
    elif setup == "no-folder":
        target = tmp_path / "nope" / "deck.yaml"
    else:
        target = tmp_path
    result = run("import", "--db", TEST_DB, source, "-o", target)
    assert result.exit_code == 2
    assert expected in result.stderr
    assert "Traceback" not in result.output


def test_export_text_golden(run: CliRun, tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text(
        "name: Brave Rush\nregulation: 2017-09-01\nas_of: 2017-10-01\n"
        + (DECKS / "positive" / "secret-tools.yaml").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    result = run("export", "--db", TEST_DB, deck, "--format", "text")
    assert result.exit_code == 0
    assert_golden("export.txt", result.stdout)


def test_export_writes_atomically_and_refuses_to_overwrite(run: CliRun, tmp_path: Path) -> None:
    target = tmp_path / "list.txt"
    deck = DECKS / "positive" / "base.yaml"
    assert run("export", "--db", TEST_DB, deck, "-o", target).exit_code == 0
    written = target.read_text(encoding="utf-8")
    assert written.startswith("# name: Base legal\n\nMain\n4 T01/001  # Test Logicalist A\n")
    result = run("export", "--db", TEST_DB, deck, "-o", target)
    assert result.exit_code == 2 and "already exists" in result.stderr
    assert os.listdir(tmp_path) == ["list.txt"]


@pytest.mark.parametrize(
    ("deck", "expected"),
    [
        ("missing.yaml", "missing.yaml does not exist: check the path"),
        ("negative/unknown-card.yaml", "unknown-card.yaml:3: unknown card 'T01/0001'; did you"),
        ("negative/bad-counts.yaml", "the number of copies must be a whole number"),
    ],
)
def test_export_of_an_unusable_deck_exits_2(run: CliRun, deck: str, expected: str) -> None:
    result = run("export", "--db", TEST_DB, DECKS / deck)
    assert result.exit_code == 2
    assert expected in result.stderr and "Traceback" not in result.output


def test_export_rejects_an_unknown_format(run: CliRun) -> None:
    result = run("export", "--db", TEST_DB, DECKS / "positive" / "base.yaml", "--format", "pdf")
    assert result.exit_code == 2
    assert "'pdf' is not one of" in result.output


def test_a_failed_write_is_a_clear_error(
    run: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(source: str, target: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("lalcheck.atomic.os.replace", disk_full)
    target = tmp_path / "list.txt"
    result = run("export", "--db", TEST_DB, DECKS / "positive" / "base.yaml", "-o", target)
    assert result.exit_code == 2
    assert f"cannot write {target}: No space left on device" in result.stderr
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind


@pytest.mark.parametrize(
    ("line", "reference"),
    [
        ("4 T01/001 Test Logicalist A", "T01/001"),
        ("T01/001 Test Logicalist A x4", "T01/001"),
        ("4 T01/001 「Test Logicalist A」", "T01/001"),
        ("「スイーツ系女子 小玲」×1", "スイーツ系女子 小玲"),
        ("1x スイーツ系女子 小玲 (BT01/008)", "BT01/008"),
        ("1 スイーツ系女子 小玲（BT01/008）", "BT01/008"),
        ("2 t01/001", "T01/001"),
        ("2 Ｔ０１/００１", "T01/001"),
    ],
)
def test_pasted_shapes_resolve_and_keep_the_card_number(
    db: CardDatabase, line: str, reference: str
) -> None:
    """The shapes players paste from shops and deck sites: number and name together
    (either order, name in quotes or not), a quoted name, a number in any case."""
    (entry,) = parse_decklist(f"Main\n{line}\n", "list.txt", db).entries
    assert entry.source.reference == reference
    assert entry.card is not None and entry.card.number in (reference, "BT01/008")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "4 T01/001 Test Logicalist B",
            "T01/001 is T01/001 「Test Logicalist A」, but 'Test Logicalist B' is T01/002",
        ),
        ("4 T01/001 Nobody At All", "but no card is named 'Nobody At All'"),
    ],
)
def test_a_number_and_a_name_that_disagree_are_named(
    db: CardDatabase, line: str, expected: str
) -> None:
    with pytest.raises(DecklistError) as raised:
        parse_decklist(f"Main\n{line}\n", "list.txt", db)
    assert expected in str(raised.value)
    assert "write the number or the name alone" in str(raised.value)


def test_import_reads_shift_jis_with_a_note(run: CliRun, tmp_path: Path) -> None:
    source = tmp_path / "list.txt"
    source.write_bytes("Main\n4 スイーツ系女子 小玲 (BT01/008)\n".encode("cp932"))
    result = run("import", "--db", TEST_DB, source)
    assert result.exit_code == 0, result.output  # imported (with a warning: not legal)
    assert "BT01/008: 4" in result.stdout
    assert "read as CP932 (Shift-JIS): the file is not UTF-8" in result.stderr


def test_import_refuses_bytes_that_are_neither_utf8_nor_shift_jis(
    run: CliRun, tmp_path: Path
) -> None:
    source = tmp_path / "list.txt"
    source.write_bytes(b"Main\n4 \xff\xfe\x00 T01/001\n")
    result = run("import", "--db", TEST_DB, source)
    assert result.exit_code == 2
    assert "is not UTF-8 or CP932 (Shift-JIS) text (bad byte 0xff) (line 2)" in result.stderr
