"""Hostile YAML and JSON documents (issue 16): numbers beyond Python's digit limit,
explicit tags, duplicate keys, size and node limits, FIFOs and other special files.

Every file kind gets the rules of :mod:`lalcheck.yamlsafe`, so each is tried on
decks, regulation files and card databases (YAML and JSON).
"""

from __future__ import annotations

import json
import os
import re
import tracemalloc
from pathlib import Path

import pytest
import yaml

from lalcheck.db import DatabaseError, load_database
from lalcheck.decks import collect_deck_paths, read_deck_file
from lalcheck.errors import InputError
from lalcheck.games import get_game
from lalcheck.regulations import load_regulation
from lalcheck.yamlsafe import DECK_LIMITS
from tests.conftest import DECKS, TEST_DB, CliRun
from tests.hostile.guards import time_limit

HUGE = "9" * 5000
MAX_DB_SIZE_ENV = "LALCHECK_MAX_DB_SIZE"
HUGE_HEX = "0x" + "f" * 5000
#: Values no reader may let escape as a traceback, and what the error says.
BAD_VALUES = [
    (HUGE, "is too large (more than 18 digits)"),
    (HUGE_HEX, "is too large (more than 18 digits)"),
    ("!!bool x", "'x' is not a valid !!bool value"),
    ("!!timestamp x", "'x' is not a valid !!timestamp value"),
    ("!!float", "'' is not a valid !!float value"),
    ("!!binary aGk=", "the YAML tag !!binary is not supported"),
    ("!!python/object:os.system x", "the YAML tag !!python/object:os.system is not supported"),
]

#: The Luck & Logic regulation format.
LL_REGULATIONS = get_game("luck-and-logic").regulation_model


def database_text(power: str) -> str:
    """The test database with the first card's power written as ``power``."""
    text = TEST_DB.read_text(encoding="utf-8")
    first = re.search(r"(?m)^  power: .*$", text)
    assert first is not None
    return text[: first.start()] + f"  power: {power}" + text[first.end() :]


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(("value", "message"), BAD_VALUES)
def test_bad_values_in_a_database_name_their_line(tmp_path: Path, value: str, message: str) -> None:
    text = database_text(value)
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DatabaseError) as raised:
        load_database(path, use_cache=False)
    (problem,) = raised.value.problems
    assert message in problem
    assert f"(line {line_of(text, '  power: ' + value[:4])})" in problem


@pytest.mark.parametrize(("value", "message"), BAD_VALUES[:2])
def test_big_numbers_in_a_json_database_name_their_line(
    tmp_path: Path, value: str, message: str
) -> None:
    data = yaml.safe_load(TEST_DB.read_text(encoding="utf-8"))
    data["cards"][0]["power"] = 777777
    text = json.dumps(data, indent=1).replace("777777", HUGE)
    path = tmp_path / "cards.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DatabaseError) as raised:
        load_database(path, use_cache=False)
    (problem,) = raised.value.problems
    assert "is too large (more than 18 digits)" in problem
    assert f"(line {line_of(text, HUGE)})" in problem


@pytest.mark.parametrize(("value", "message"), BAD_VALUES)
def test_bad_values_in_a_regulation_name_their_line(
    tmp_path: Path, value: str, message: str
) -> None:
    text = (LL_REGULATIONS.folder / "2017-09-01.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^main_size: .*$", f"main_size: {value}", text)
    path = tmp_path / "regulation.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=re.escape(message)) as raised:
        load_regulation(path, LL_REGULATIONS)
    assert f"(line {line_of(text, 'main_size:')})" in str(raised.value)


def test_a_hex_number_cannot_pass_validation_and_crash_cards_show(
    run: CliRun, tmp_path: Path
) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(database_text(HUGE_HEX), encoding="utf-8")
    validated = run("db", "validate", path)
    shown = run("cards", "show", "T01/001", "--db", path)
    assert validated.exit_code == shown.exit_code == 2
    assert "is too large" in shown.output


@pytest.mark.parametrize("kind", ["yaml", "json"])
def test_duplicate_keys_in_a_database_name_both_lines(tmp_path: Path, kind: str) -> None:
    text = TEST_DB.read_text(encoding="utf-8")
    if kind == "json":
        text = json.dumps(yaml.safe_load(text), indent=1, ensure_ascii=False)
        text = text.replace('"number": "T01/001",', '"number": "T01/001",\n"number": "T09/009",', 1)
        first, second = line_of(text, '"number": "T01/001"'), line_of(text, '"number": "T09/009"')
    else:
        text = text.replace("- number: T01/001\n", "- number: T01/001\n  number: T09/009\n", 1)
        first, second = line_of(text, "number: T01/001"), line_of(text, "number: T09/009")
    path = tmp_path / f"cards.{kind}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DatabaseError) as raised:
        load_database(path, use_cache=False)
    (problem,) = raised.value.problems
    assert f"'number' appears twice in one mapping (lines {first} and {second})" in problem


def test_duplicate_keys_in_a_regulation_name_both_lines(tmp_path: Path) -> None:
    text = (LL_REGULATIONS.folder / "2017-09-01.yaml").read_text(encoding="utf-8")
    path = tmp_path / "regulation.yaml"
    path.write_text(text + "main_size: 40\n", encoding="utf-8")
    first, second = line_of(text, "main_size:"), text.count("\n") + 1
    with pytest.raises(
        InputError, match=f"appears twice in one mapping .lines {first} and {second}"
    ):
        load_regulation(path, LL_REGULATIONS)


def test_an_oversized_database_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    with path.open("wb") as handle:  # 50 MB that take no disk space
        handle.truncate(50 * 1024 * 1024)
    tracemalloc.start()
    try:
        with pytest.raises(InputError) as raised:
            load_database(path, use_cache=False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    message = str(raised.value)
    assert "is over the size limit of 16,777,216 bytes for a card database (52,428,800 bytes)" in (
        message
    )
    assert f"set {MAX_DB_SIZE_ENV}=BYTES to allow larger card databases" in message
    assert peak < 1024 * 1024  # nothing of the file was read


def test_the_database_limits_can_be_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(MAX_DB_SIZE_ENV, "1000")
    with pytest.raises(InputError, match="over the size limit of 1,000 bytes"):
        load_database(TEST_DB, use_cache=False)
    dense = tmp_path / "dense.yaml"  # a value every two bytes
    dense.write_text(TEST_DB.read_text("utf-8") + "padding: [" + "0," * 10_000 + "0]\n")
    size = dense.stat().st_size
    monkeypatch.setenv(MAX_DB_SIZE_ENV, str(size))  # allows size // 8 values: too few
    with pytest.raises(DatabaseError) as raised:
        load_database(dense, use_cache=False)
    (problem,) = raised.value.problems
    assert f"holds more than {size // 8:,} values, the limit for a card database" in problem
    assert "alias" not in problem and MAX_DB_SIZE_ENV in problem
    monkeypatch.delenv(MAX_DB_SIZE_ENV)
    assert len(load_database(TEST_DB, use_cache=False)) > 0


def test_a_deck_with_too_many_entries_says_which_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("main:\n" + "".join(f"  X{i:05d}: 1\n" for i in range(21_000)))
    assert path.stat().st_size < DECK_LIMITS.max_bytes
    (problem,) = read_deck_file(path).problems
    assert "holds more than 20,000 values, the limit for a deck file" in problem.message
    assert "alias" not in problem.message
    assert problem.line is not None


def test_an_alias_bomb_is_still_called_one(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    lines += [
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]" for i in range(6)
    ]
    path.write_text("\n".join(lines) + "\n")
    (problem,) = read_deck_file(path).problems
    assert "the aliases (*) expand the document to more than 20,000 values" in problem.message


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_a_fifo_deck_is_refused_without_blocking(tmp_path: Path) -> None:
    with time_limit(30):
        (problem,) = read_deck_file(_fifo(tmp_path / "deck.yaml")).problems
    assert "is a FIFO (named pipe), not a regular file" in problem.message


def test_a_fifo_database_and_decklist_are_refused_without_blocking(
    run: CliRun, tmp_path: Path
) -> None:
    fifo = _fifo(tmp_path / "pipe.yaml")
    with time_limit(60):
        results = [
            run("db", "info", "--db", fifo),
            run("import", fifo),
            run("collection", "import", fifo, "--collection", tmp_path / "c.sqlite3"),
            run("db", "import", fifo, "-o", tmp_path / "out.yaml"),
        ]
    for result in results:
        assert result.exit_code == 2, result.output
        assert "is a FIFO (named pipe), not a regular file" in result.output


def test_a_device_is_refused(run: CliRun) -> None:
    result = run("check", "/dev/zero")
    assert result.exit_code == 1
    assert "/dev/zero is a device, not a regular file" in result.output


def test_folder_search_reports_what_it_cannot_read(run: CliRun, tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "good.yaml").write_text((DECKS / "positive" / "base.yaml").read_text("utf-8"))
    _fifo(decks / "pipe.yaml")
    (decks / "gone.yaml").symlink_to("nowhere.yaml")
    (decks / "self.yaml").symlink_to("self.yaml")
    (decks / "loop").symlink_to(".")
    (decks / "other").symlink_to(tmp_path)
    (decks / ".hidden.yaml").symlink_to("nowhere.yaml")  # hidden entries stay unsearched
    found = [path.name for path in collect_deck_paths([decks])]
    assert found == ["gone.yaml", "good.yaml", "loop", "other", "pipe.yaml", "self.yaml"]
    with time_limit(60):
        result = run("check", "--db", TEST_DB, "--format", "json", decks)
    assert result.exit_code == 1
    reports = {Path(deck["path"]).name: deck for deck in json.loads(result.output)["decks"]}
    messages = {name: deck["findings"][0]["message"] for name, deck in reports.items()}
    assert "is a FIFO" in messages["pipe.yaml"]
    assert "symbolic link to nowhere.yaml, which does not exist" in messages["gone.yaml"]
    assert "symbolic link loop" in messages["self.yaml"]
    assert "that contains it (a loop)" in messages["loop"]
    assert "folder search does not follow links" in messages["other"]
    assert [reports[name]["legal"] for name in ("pipe.yaml", "gone.yaml", "loop", "other")] == [
        False,
        False,
        True,
        True,
    ]
    assert reports["good.yaml"]["legal"]


@pytest.mark.parametrize("column", ["quantity", "trade_quantity"])
def test_huge_numbers_in_a_collection_csv_are_row_problems(
    run: CliRun, tmp_path: Path, column: str
) -> None:
    rows = tmp_path / "rows.csv"
    quantity, trade = (HUGE, "0") if column == "quantity" else ("1", HUGE)
    rows.write_text(f"number,quantity,trade_quantity\nT01/001,1,0\nT01/002,{quantity},{trade}\n")
    result = run(
        "collection", "import", rows, "--collection", tmp_path / "c.sqlite3", "--db", TEST_DB
    )
    assert result.exit_code == 1
    assert f"{rows}:3: {column} 999999999999… is more than 100000" in result.stderr


@pytest.mark.parametrize("cell", [HUGE, "POWER+" + HUGE])
def test_huge_numbers_in_a_card_list_csv_are_row_problems(
    run: CliRun, tmp_path: Path, cell: str
) -> None:
    column = "LOGIC" if cell.startswith("POWER") else "POWER"
    cards = tmp_path / "cards.csv"
    cards.write_text(f"CARD NO.,NAME,TYPE,{column}\nT1/001,A,TACTICS,{cell}\n")
    result = run("db", "import", cards, "-o", tmp_path / "out.yaml")
    assert result.exit_code == 1
    assert f"{cards}:2: {column}: '{'9' * 24}…' is too large" in result.stderr
    assert not (tmp_path / "out.yaml").exists()


def test_huge_numbers_in_opponent_gates_name_the_file(run: CliRun, tmp_path: Path) -> None:
    gates = tmp_path / "gates.yaml"
    gates.write_text(f"gates:\n  T01/G01: {HUGE_HEX}\n")
    deck = DECKS / "positive" / "base.yaml"
    result = run("goldfish", deck, "--db", TEST_DB, "--games", "1", "--opponent-gates", gates)
    assert result.exit_code == 2
    assert f"{gates}:2:" in result.stderr and "is too large" in result.stderr
