"""The hardening of issue 16 holds for every game's files, beyond the per-kind cases of
tests/games/test_hostile_input.py: hostile values deep inside Restore the Luminous
decks and 洛吧殺 piles, character files and setups (counts, ranks, HP) are findings
on their lines, FIFOs among them are refused without blocking, and each game's card
database and regulations follow the database and regulation rules."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lalcheck.checker import Checker
from lalcheck.db import DatabaseError, load_database
from lalcheck.errors import InputError
from lalcheck.findings import Severity
from lalcheck.games import get_game
from lalcheck.regulations import load_regulation
from tests.hostile.guards import time_limit

ROOT = Path(__file__).resolve().parents[2]
RTL_DECK = ROOT / "tests/games/restore_the_luminous/decks/positive/forty.yaml"
LOBASHA = ROOT / "data/lobasha"
#: One file of each kind of each game besides Luck & Logic, a value in it to attack
#: and the attacked text (VALUE stands for the hostile value).
FILES = {
    "restore-the-luminous deck": (RTL_DECK, "  T01/001: 3\n", "  T01/001: VALUE\n"),
    "lobasha pile": (
        LOBASHA / "pile.yaml",
        "{card: kill, suit: spade, rank: 7}",
        "{card: kill, suit: spade, rank: VALUE}",
    ),
    "lobasha characters": (LOBASHA / "characters.yaml", "    hp: 4\n", "    hp: VALUE\n"),
    "lobasha setup": (
        LOBASHA / "setups/five-players.yaml",
        "role: lord, hp: 5}",
        "role: lord, hp: VALUE}",
    ),
}
#: What replaces the attacked value, and what the finding on its line then says (None:
#: any finding, or none, but never a crash).
ATTACKS = {
    "a huge number": ("9" * 5000, "is too large"),
    "an explicit tag": ("!!binary aGk=", "the YAML tag !!binary is not supported"),
    "a bad tagged value": ("!!bool x", "is not a valid !!bool value"),
    "a NaN": (".nan", None),
    "an infinity": (".inf", None),
}


def _findings(path: Path) -> list[str]:
    report = Checker().check_path(path)
    assert not report.failed, report.findings  # never an internal error
    return [f"{f.line}: {f.message}" for f in report.findings if f.severity is Severity.ERROR]


@pytest.mark.parametrize(("source", "old", "new"), FILES.values(), ids=FILES.keys())
@pytest.mark.parametrize(("value", "message"), ATTACKS.values(), ids=ATTACKS.keys())
def test_hostile_values_are_findings_in_every_game(
    tmp_path: Path, source: Path, old: str, new: str, value: str, message: str | None
) -> None:
    original = source.read_text(encoding="utf-8")
    assert old in original
    text = original.replace(old, new.replace("VALUE", value), 1)
    path = tmp_path / source.name
    path.write_text(text, encoding="utf-8")
    findings = _findings(path)  # never a traceback, never an internal error
    if message is not None:
        number = text[: text.index(value)].count("\n") + 1
        assert any(f.startswith(f"{number}: ") and message in f for f in findings), findings


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_a_fifo_among_any_game_s_files_is_refused_without_blocking(
    tmp_path: Path, suffix: str
) -> None:
    (tmp_path / RTL_DECK.name).write_text(RTL_DECK.read_text(encoding="utf-8"), "utf-8")
    os.mkfifo(tmp_path / f"pipe{suffix}")
    with time_limit(30):
        report = Checker().check_paths([tmp_path])
    by_name = {Path(deck.path).name: deck for deck in report.decks}
    assert by_name[RTL_DECK.name].parsed and not by_name[RTL_DECK.name].failed
    (finding,) = by_name[f"pipe{suffix}"].findings
    assert "is a FIFO (named pipe), not a regular file" in finding.message


@pytest.mark.parametrize("game_id", ["restore-the-luminous", "lobasha"])
def test_each_game_s_database_and_regulations_refuse_duplicate_keys_and_huge_numbers(
    tmp_path: Path, game_id: str
) -> None:
    game = get_game(game_id)
    database = game.sample_database.read_text(encoding="utf-8")
    twice = tmp_path / "cards.yaml"
    twice.write_text(database + "name: twice\n", encoding="utf-8")
    with pytest.raises(DatabaseError, match="'name' appears twice in one mapping"):
        load_database(twice, use_cache=False)
    huge = tmp_path / "huge.yaml"
    huge.write_text(database.replace("version: ", f"version: {'9' * 5000}\n# ", 1), "utf-8")
    with pytest.raises(DatabaseError, match="is too large"):
        load_database(huge, use_cache=False)
    model = game.regulation_model
    regulation = sorted(model.folder.glob("*.yaml"))[0].read_text(encoding="utf-8")
    path = tmp_path / "regulation.yaml"
    path.write_text(regulation + "id: twice\n", encoding="utf-8")
    with pytest.raises(InputError, match="appears twice in one mapping"):
        load_regulation(path, model)
