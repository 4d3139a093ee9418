"""``game:`` in deck files and card databases (contract §9): absent means
luck-and-logic; the CLI picks each file's game; a deck against another game's
database is a ``deck-syntax`` error naming both games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from lalcheck.collection import Holding, open_collection
from lalcheck.db import load_database
from lalcheck.decks import read_deck
from lalcheck.errors import InputError
from lalcheck.games.base import Game
from lalcheck.schemas import load_schema
from tests.conftest import DECKS, TEST_DB, TESTS, CliRun

ROOT = TESTS.parent
BASE = DECKS / "positive" / "base.yaml"
MONOLIUM = ROOT / "data" / "decks" / "monolium-rush.yaml"


def with_game(path: Path, game: str, target: Path) -> Path:
    """A copy of a deck file with ``game:`` as its first line."""
    target.write_text(f"game: {game}\n{path.read_text(encoding='utf-8')}", encoding="utf-8")
    return target


def check_json(run: CliRun, *args: str | Path) -> tuple[int, dict[str, object]]:
    result = run("check", "--format", "json", *args)
    assert not result.stderr, result.stderr
    return result.exit_code, json.loads(result.stdout)


def test_an_explicit_luck_and_logic_deck_reads_as_one_without_game(
    run: CliRun, tmp_path: Path
) -> None:
    explicit = with_game(BASE, "luck-and-logic", tmp_path / "base.yaml")
    code, report = check_json(run, "--db", TEST_DB, explicit)
    same_code, same = check_json(run, "--db", TEST_DB, BASE)
    assert (code, same_code) == (0, 0)
    (deck,), (plain,) = report["decks"], same["decks"]  # type: ignore[misc]
    shifted = [{**f, "line": f["line"] and f["line"] - 1} for f in deck["findings"]]
    assert shifted == plain["findings"] and deck["counts"] == plain["counts"]


def test_an_unknown_game_is_a_deck_syntax_error_with_the_closest_game(
    run: CliRun, tmp_path: Path
) -> None:
    code, report = check_json(run, with_game(BASE, "luck-n-logic", tmp_path / "typo.yaml"))
    assert code == 1
    (deck,) = report["decks"]  # type: ignore[misc]
    (finding,) = deck["findings"]
    assert finding["rule"] == "deck-syntax" and finding["line"] == 1
    assert "unknown game 'luck-n-logic'; did you mean luck-and-logic?" in finding["message"]


def test_a_database_of_an_unknown_game_exits_2(run: CliRun, tmp_path: Path) -> None:
    database = tmp_path / "cards.yaml"
    text = TEST_DB.read_text(encoding="utf-8")
    database.write_text(text.replace("game: luck-and-logic", "game: luck-and-logic-2"))
    result = run("check", "--db", database, BASE)
    assert result.exit_code == 2
    assert "game: unknown game 'luck-and-logic-2'; did you mean luck-and-logic?" in result.stderr


def test_a_database_without_game_is_luck_and_logic(tmp_path: Path) -> None:
    database = tmp_path / "cards.yaml"
    database.write_text(TEST_DB.read_text(encoding="utf-8").replace("game: luck-and-logic\n", ""))
    assert load_database(database, use_cache=False).info.game == "luck-and-logic"


def test_a_deck_of_another_game_than_the_database_names_both(
    run: CliRun, tmp_path: Path, mirror_game: Game
) -> None:
    deck = with_game(BASE, mirror_game.id, tmp_path / "mirror.yaml")
    code, report = check_json(run, "--db", TEST_DB, deck)
    assert code == 1
    (checked,) = report["decks"]  # type: ignore[misc]
    (finding,) = checked["findings"]
    assert (finding["rule"], finding["severity"], finding["line"]) == ("deck-syntax", "error", 1)
    assert "mirror-game deck" in finding["message"] and "luck-and-logic" in finding["message"]
    assert checked["counts"] == {"main": 0, "paradox": 0, "gates": 0, "secret_tools": 0}
    with pytest.raises(InputError, match=r"mirror-game deck .* is for luck-and-logic"):
        read_deck(deck, load_database(TEST_DB, use_cache=False))


def test_without_db_each_deck_uses_its_own_games_sample_database(
    run: CliRun, tmp_path: Path, mirror_game: Game
) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    with_game(BASE, mirror_game.id, folder / "a-mirror.yaml")
    (folder / "b-monolium.yaml").write_bytes(MONOLIUM.read_bytes())
    code, report = check_json(run, folder)
    assert code == 0
    Draft202012Validator(load_schema("report")).validate(report)
    databases = report["databases"]
    assert [db["name"] for db in databases] == [  # type: ignore[union-attr]
        "lalcheck test cards",
        load_database(MONOLIUM.parents[1] / "cards.yaml").info.name,
    ]
    assert report["database"] == databases[0]  # type: ignore[index]
    sarif = json.loads(run("check", "--format", "sarif", folder).stdout)
    tags = [run_["tool"]["driver"]["rules"][0]["properties"]["tags"][0] for run_ in sarif["runs"]]
    assert tags == ["mirror-game", "luck-and-logic"]


def test_commands_on_decks_take_the_database_of_the_decks_game(
    run: CliRun, tmp_path: Path, mirror_game: Game
) -> None:
    deck = with_game(BASE, mirror_game.id, tmp_path / "mirror.yaml")
    text = run("export", deck)
    assert text.exit_code == 0, text.output
    assert text.stdout.startswith("# game: mirror-game\n# name: Base legal\n")
    listing = tmp_path / "list.txt"
    listing.write_text(text.stdout, encoding="utf-8")
    again = run("import", "--game", mirror_game.id, listing)
    assert again.exit_code == 0, again.output
    assert again.stdout.startswith("game: mirror-game\nname: Base legal\n")
    refused = run("import", listing)  # into the default game's database
    assert refused.exit_code == 1
    assert "this is a mirror-game decklist" in refused.stderr
    games = json.loads(run("goldfish", deck, "--games", "2", "--format", "json").stdout)
    assert games["games"] == 2


def test_game_options_pick_a_games_bundled_database(run: CliRun, mirror_game: Game) -> None:
    assert run("cards", "show", "T01-G01", "--game", mirror_game.id).exit_code == 0
    assert "T01-G01" not in run("cards", "show", "T01-G01").stdout  # not in the L&L sample
    unknown = run("cards", "search", "--game", "mirror-gam")
    assert unknown.exit_code == 2 and "did you mean mirror-game?" in unknown.stderr
    both = run("db", "info", "--db", TEST_DB, "--game", mirror_game.id)
    assert both.exit_code == 2 and "is for luck-and-logic, not mirror-game" in both.stderr


def test_databases_of_two_games_are_not_compared(run: CliRun, mirror_game: Game) -> None:
    result = run("db", "diff", TEST_DB, mirror_game.sample_database)
    assert result.exit_code == 2
    assert "only databases of one game can be compared" in result.stderr


def test_the_collection_keeps_each_games_cards_apart(
    run: CliRun, tmp_path: Path, mirror_game: Game
) -> None:
    path = tmp_path / "cards.sqlite3"
    for game in ("luck-and-logic", mirror_game.id):
        result = run("collection", "add", "BT01/008", "2", "--collection", path, "--game", game)
        assert result.exit_code == 0, result.output
    run("collection", "add", "BT01/008", "--collection", path, "--game", mirror_game.id)
    with open_collection(path) as collection:
        assert collection.holdings() == (
            Holding("BT01/008", 2),
            Holding("BT01/008", 3, game=mirror_game.id),
        )
        assert collection.holdings(mirror_game.id) == (Holding("BT01/008", 3, game="mirror-game"),)
    listed = run("collection", "list", "-f", "csv", "--collection", path, "--game", mirror_game.id)
    assert listed.stdout.splitlines()[1:] == ["BT01/008,スイーツ系女子 小玲,3,0,NM,ja,no,"]
    removed = run("collection", "remove", "BT01/008", "3", "--collection", path)
    assert removed.exit_code == 1 and "holds 2" in removed.stderr  # the L&L row only
