"""``import`` never writes a deck file lalcheck cannot read (issue 16)."""

from __future__ import annotations

from pathlib import Path

import yaml

from lalcheck.decks import read_deck_file
from tests.conftest import TEST_DB, CliRun

#: Characters YAML refuses raw, and some that break a comment's line.
CONTROLS = "\x1b[2J\x7f\x85\u2028\ufffe bad"


def test_control_characters_in_names_still_read_back(run: CliRun, tmp_path: Path) -> None:
    data = yaml.safe_load(TEST_DB.read_text(encoding="utf-8"))
    data["cards"][0]["name"] = f"Name {CONTROLS}"
    data["cards"][0]["names"] = {"en": f"Name {CONTROLS}"}
    db = tmp_path / "cards.yaml"
    db.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    decklist = tmp_path / "list.txt"
    decklist.write_text("# name: Deck \x1b]0;x\x07\n4 T01/001\n", encoding="utf-8")
    output = tmp_path / "deck.yaml"
    result = run("import", "--db", db, decklist, "-o", output)
    assert result.exit_code == 0, result.output
    deck_file = read_deck_file(output)
    assert not deck_file.problems
    assert deck_file.name == "Deck \x1b]0;x\x07"
    assert [(line.reference, line.count) for line in deck_file.lines] == [("T01/001", 4)]
    assert "# Name \\x1b[2J\\x7f" in output.read_text(encoding="utf-8")
