"""``lalcheck collection``: every command, its formats and its exit codes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import Result

from tests.collection.conftest import DeckWriter
from tests.conftest import TEST_DB, CliRun


@pytest.fixture
def cli(run: CliRun, collection_file: Path) -> CliRun:
    """``lalcheck collection ARGS --collection FILE --db TEST_DB`` (backup takes no --db)."""

    def invoke(*args: str | Path, input: str | None = None) -> Result:
        extra: list[str | Path] = ["--collection", collection_file]
        if args[0] != "backup":
            extra += ["--db", TEST_DB]
        return run("collection", *args, *extra, input=input)

    return invoke


def test_add_list_remove(cli: CliRun) -> None:
    result = cli("add", "T01/001", "3", "--trade", "1", "--note", "gift")
    assert result.exit_code == 0
    assert result.stdout == "added 3 × T01/001 「Test Logicalist A」 (NM, ja): 3 held\n"
    result = cli("add", "テスト定理者 A", "--foil", "--condition", "lp", "--language", "EN")
    assert result.stdout.startswith(
        "added 1 × T01/001 「Test Logicalist A」 (LP, en, foil): 1 held"
    )
    assert "(other printings: T02/001; give the number to add those)" in result.stdout
    assert cli("add", "T01/001").stdout.endswith("(NM, ja): 4 held\n")
    listing = cli("list").stdout.splitlines()
    assert listing[0].split() == ["number", "qty", "trade", "cond", "lang", "foil", "name"]
    assert listing[1].split() == ["T01/001", "1", "LP", "en", "foil", "Test", "Logicalist", "A"]
    assert listing[2].split() == [
        "T01/001",
        "4",
        "1",
        "NM",
        "ja",
        "Test",
        "Logicalist",
        "A",
        "#",
        "gift",
    ]
    assert listing[3] == "2 rows · 1 card · 5 copies · 1 for trade"
    result = cli("remove", "T01/001", "2", "--no-foil")
    assert result.exit_code == 0
    assert result.stdout == "removed 2 × T01/001 「Test Logicalist A」 (NM, ja): 2 left\n"


def test_refusals_exit_1_and_change_nothing(cli: CliRun) -> None:
    cli("add", "T01/001", "3")
    cli("add", "T01/001", "1", "--foil")
    before = cli("export").stdout
    result = cli("add", "T01/0001")
    assert result.exit_code == 1
    assert "unknown card 'T01/0001'; did you mean T01/001 「Test Logicalist A」" in result.stderr
    result = cli("remove", "T01/001", "1")
    assert result.exit_code == 1 and "held in 2 ways" in result.stderr
    result = cli("remove", "T01/001", "4", "--no-foil")
    assert result.exit_code == 1
    assert (
        "cannot remove 4 × T01/001 「Test Logicalist A」: the collection holds 3" in result.stderr
    )
    assert cli("remove", "T01/002").exit_code == 1
    assert cli("export").stdout == before


@pytest.mark.parametrize(
    "args",
    [
        ("add", "T01/001", "0"),
        ("add", "T01/001", "2", "--trade", "3"),
        ("add", "T01/001", "--condition", "shiny"),
        ("add", "T01/001", "--language", "english"),
        ("list", "--format", "xml"),
        ("list", "--set", "X9"),
        ("list", "--world", "Atlantis"),
        ("export", "--format", "text"),
        ("import", "does-not-exist.csv"),
        ("missing", "does-not-exist.yaml"),
    ],
)
def test_usage_errors_exit_2(cli: CliRun, args: tuple[str, ...]) -> None:
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_list_formats_and_filters(cli: CliRun) -> None:
    cli("add", "T01/001", "2")
    cli("add", "T02-G01", "1")
    document = json.loads(cli("list", "--format", "json").stdout)
    assert [card["number"] for card in document["cards"]] == ["T01/001", "T02-G01"]
    assert document["cards"][0] == {
        "number": "T01/001",
        "name": "Test Logicalist A",
        "quantity": 2,
        "trade_quantity": 0,
        "condition": "NM",
        "language": "ja",
        "foil": False,
        "note": "",
    }
    assert document["summary"] == {"rows": 2, "cards": 2, "copies": 3, "trade": 0}
    rows = list(csv.DictReader(io.StringIO(cli("list", "-f", "csv", "--type", "gate").stdout)))
    assert [row["number"] for row in rows] == ["T02-G01"]
    assert cli("list", "--world", "monolium").stdout.splitlines()[1].startswith("T02-G01")
    assert cli("list", "--set", "T01", "--type", "gate").stdout == "no cards\n"


def test_import_reports_every_bad_row(cli: CliRun, tmp_path: Path) -> None:
    cli("add", "T01/001", "1")
    path = tmp_path / "in.csv"
    path.write_text(
        "number,quantity,foil\nT01/002,2,no\nT01/0001,1,no\nT01/003,x,no\nT01/004,1,maybe\nT01/005\n",
        encoding="utf-8",
    )
    before = cli("export").stdout
    result = cli("import", path)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert [line.split(": ")[0] for line in lines[:-1]] == [
        f"{path}:3",
        f"{path}:4",
        f"{path}:5",
        f"{path}:6",
    ]
    assert "did you mean T01/001" in lines[0]
    assert lines[-1] == (
        f"error: {path}: nothing imported: 4 bad rows; fix them, or use --skip-bad to import "
        "the 1 good row"
    )
    assert cli("export").stdout == before
    result = cli("import", path, "--skip-bad")
    assert result.exit_code == 0
    assert result.stdout == f"imported 1 row (2 copies) from {path}, skipped 4 bad rows\n"
    assert f"{path}:3: skipped: unknown card" in result.stderr


def test_import_does_not_create_a_collection_when_rejected(run: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "in.csv"
    path.write_text("number,quantity\nT01/0001,1\n", encoding="utf-8")
    target = tmp_path / "new.sqlite3"
    result = run("collection", "import", path, "--collection", target, "--db", TEST_DB)
    assert result.exit_code == 1
    assert not target.exists()


def test_export_import_round_trip_through_files(cli: CliRun, run: CliRun, tmp_path: Path) -> None:
    cli("add", "T01/001", "3", "--trade", "2", "--note", 'a "quoted", note')
    cli("add", "BT01/008", "1", "--foil", "--language", "zh")
    out = tmp_path / "export.csv"
    result = cli("export", "-o", out)
    assert result.exit_code == 0 and result.stderr == f"exported 2 rows to {out}\n"
    other = tmp_path / "other.sqlite3"
    common = ["--collection", other, "--db", TEST_DB]
    assert run("collection", "import", out, *common).exit_code == 0
    assert run("collection", "export", *common).stdout == out.read_text(encoding="utf-8")
    document = json.loads(cli("export", "--format", "json").stdout)
    assert document["summary"]["copies"] == 4
    refused = cli("export", "-o", out)
    assert refused.exit_code == 2 and "already exists; pass --force" in refused.stderr
    assert cli("export", "-o", out, "--force").exit_code == 0


def test_missing(cli: CliRun, write_deck: DeckWriter, tmp_path: Path) -> None:
    first = write_deck("first", "First", main={"T01/001": 2, "T02/001": 2})
    second = write_deck("second", main={"Test Logicalist A": 1, "T01/002": 1})
    cli("add", "T02/001", "3")
    result = cli("missing", first, second)
    assert result.exit_code == 0
    assert result.stdout == (
        f"{first} — First: 1 missing\n"
        "  number   need  have  missing  name\n"
        "  T01/001     4     3        1  Test Logicalist A\n"
        "\n"
        f"{second}: 1 missing\n"
        "  number   need  have  missing  name\n"
        "  T01/002     1     0        1  Test Logicalist B\n"
        "\n"
        "total missing: 2\n"
    )
    together = json.loads(cli("missing", first, second, "--together", "-f", "json").stdout)
    assert together == {
        "missing": [
            {"number": "T01/001", "name": "Test Logicalist A", "need": 5, "have": 3, "missing": 2},
            {"number": "T01/002", "name": "Test Logicalist B", "need": 1, "have": 0, "missing": 1},
        ],
        "total_missing": 3,
    }
    exact = json.loads(cli("missing", first, "--exact", "-f", "json").stdout)
    assert exact["decks"][0]["missing"] == [
        {"number": "T01/001", "name": "Test Logicalist A", "need": 2, "have": 0, "missing": 2}
    ]
    folder = json.loads(cli("missing", tmp_path, "-f", "json").stdout)
    assert folder["total_missing"] == 2
    wishlist = cli("missing", first, second, "--together", "-f", "csv").stdout
    assert wishlist.splitlines()[1] == "T01/001,Test Logicalist A,2,"


def test_missing_with_a_broken_deck_exits_2(cli: CliRun, write_deck: DeckWriter) -> None:
    deck = write_deck("bad", main={"T01/0001": 1})
    result = cli("missing", deck)
    assert result.exit_code == 2
    assert f"{deck}:2: unknown card 'T01/0001'; did you mean T01/001" in result.stderr
    assert cli("missing", deck.parent / "missing.yaml").exit_code == 2


def test_stats(cli: CliRun) -> None:
    cli("add", "T02/001", "2")
    cli("add", "T02-G01", "1")
    result = cli("stats")
    assert result.exit_code == 0
    assert "T02             2/2    100.0%       3  Test set 2\n" in result.stdout
    assert json.loads(cli("stats", "-f", "json").stdout)["all"]["owned"] == 2


def test_backup(cli: CliRun, run: CliRun, tmp_path: Path) -> None:
    cli("add", "T01/001", "2")
    target = tmp_path / "backup.sqlite3"
    result = cli("backup", target)
    assert result.exit_code == 0 and result.stdout.startswith("backed up ")
    listing = run("collection", "list", "--collection", target, "--db", TEST_DB)
    assert listing.stdout == cli("list").stdout
    assert cli("backup", tmp_path / "no-folder" / "b.sqlite3").exit_code == 2
    assert cli("backup", target).exit_code == 2  # exists: needs --force
    assert cli("backup", target, "--force").exit_code == 0


def test_bad_collection_files_exit_2_without_traceback(run: CliRun, tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.sqlite3"
    corrupt.write_text("not a database\n" * 100)
    a_file = tmp_path / "file"
    a_file.write_text("")
    for path, message in (
        (corrupt, "is not a lalcheck collection (not an SQLite database)"),
        (a_file / "c.sqlite3", f"{a_file} is a file, not a folder"),
        (tmp_path, "is a folder"),
    ):
        for args in (("add", "T01/001"), ("list",), ("stats",), ("export",)):
            result = run("collection", *args, "--collection", path, "--db", TEST_DB)
            assert result.exit_code == 2, (args, path, result.output)
            assert message in result.stderr
            assert "Traceback" not in result.output


def test_the_environment_names_the_collection(
    run: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "from-env.sqlite3"
    monkeypatch.setenv("LALCHECK_COLLECTION", str(path))
    assert run("collection", "add", "T01/001", "--db", TEST_DB).exit_code == 0
    assert path.exists()
