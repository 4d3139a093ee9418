"""The game contract: every registered game provides each piece of the plugin interface
(lalcheck.games.base.Game), and ``lalcheck games`` lists it."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from lalcheck.db import load_database
from lalcheck.decks import Deck, DeckFile
from lalcheck.errors import UsageError
from lalcheck.games import DEFAULT_GAME, PACKAGES, UnknownGameError, all_games, get_game
from lalcheck.games.base import RULE_ID, FileCheck, Game, rule_anchor
from lalcheck.regulations import Regulations
from lalcheck.schemas import load_schema
from lalcheck.simulation import TableSettings
from tests.anchors import anchors
from tests.conftest import CliRun

ROOT = Path(__file__).parents[2]
GAMES = all_games()


def by_id(game: Game) -> str:
    return game.id


@pytest.fixture(params=GAMES, ids=by_id)
def game(request: pytest.FixtureRequest) -> Game:
    chosen: Game = request.param
    return chosen


def test_the_registry_names_each_game_by_its_own_id() -> None:
    assert [game.id for game in GAMES] == list(PACKAGES)
    assert DEFAULT_GAME in PACKAGES


def test_an_unknown_game_is_refused_with_the_closest_known_one() -> None:
    with pytest.raises(UnknownGameError, match="did you mean luck-and-logic"):
        get_game("luck-and-logik")
    with pytest.raises(UnknownGameError, match="known games: luck-and-logic"):
        get_game("chess")


def test_identity_and_rules_reference(game: Game) -> None:
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", game.id)
    assert game.title
    assert game.rules_reference == f"docs/rules/{game.id}.md"


def test_card_model_schema_and_sample_database(game: Game) -> None:
    Draft202012Validator.check_schema(load_schema(game.card_model.schema))
    database = load_database(game.sample_database, use_cache=False)
    assert database.info.game == game.id
    # bundled data is illustrative and says so (project standard: data honesty)
    assert database.info.sample and database.info.notes
    assert len(database) > 0
    for card in database:
        assert card.number and card.name and card.label() and card.all_names[0] == card.name


def test_regulations_are_data_with_a_schema(game: Game) -> None:
    Draft202012Validator.check_schema(load_schema(game.regulation_model.schema))
    regulations = Regulations.bundled(game.id)
    assert regulations.all and regulations.game == game.id
    assert regulations.in_force(regulations.all[-1].effective) is regulations.all[-1]


def test_file_kinds_bring_rules_and_counts(game: Game) -> None:
    assert game.default_kind in game.file_kinds
    database = load_database(game.sample_database, use_cache=False)
    regulation = Regulations.bundled(game.id).all[-1]
    for kind_id, kind in game.file_kinds.items():
        assert kind.id == kind_id and kind.description
        Draft202012Validator.check_schema(load_schema(kind.schema))
        assert "deck-syntax" in kind.rules
        for rule_id, rule in kind.rules.items():
            assert rule_id == rule.ID and rule.REFERENCE and rule.DESCRIPTION
            assert rule.__doc__ and "Passes" in rule.__doc__, f"{rule_id}: examples"
        empty = Deck(DeckFile("empty.yaml", game=game.id, kind=kind_id), ())
        check = FileCheck(empty, database, regulation, regulation.effective)
        assert [count.key for count in kind.counts(check)] == list(kind.count_keys)
        assert all(count.value == 0 for count in kind.counts(check))
    assert set(game.rules()) == {r for kind in game.file_kinds.values() for r in kind.rules}


def test_rule_ids_resolve_in_the_rules_reference(game: Game) -> None:
    reference = ROOT / game.rules_reference
    if not reference.exists():
        pytest.skip(f"{game.rules_reference} is not in this checkout")
    written = anchors(reference)
    cited = {rule.REFERENCE for rule in game.rules().values() if RULE_ID.fullmatch(rule.REFERENCE)}
    missing = [ref for ref in sorted(cited) if rule_anchor(ref) not in written]
    assert not missing, f"no anchor in {game.rules_reference} for {missing}"


def test_decks_have_a_layout_and_text_decklists_a_title_per_section(game: Game) -> None:
    if game.deck_layout is None:
        assert game.decklist is None  # text decklists need deck sections
        return
    layout = game.deck_layout
    assert layout.counted and layout.max_count > 0 and layout.shape and layout.example_card
    if game.decklist is not None:
        assert set(game.decklist.titles) == set(layout.sections)
        assert set(game.decklist.headers.values()) <= set(layout.sections)
        assert set(game.decklist.type_sections.values()) <= set(layout.sections)


def test_search_fields_and_card_view(game: Game) -> None:
    database = load_database(game.sample_database, use_cache=False)
    for name, field in game.search_fields.items():
        assert field.name == name
        with pytest.raises(UsageError):
            field.parse("\u2603 no such value")
    for card in database:
        assert card.number in game.card_view.details(card, database)
        assert card.number in game.card_view.row(card)


def test_simulation_hooks(game: Game) -> None:
    if game.simulation is None:
        pytest.skip(f"{game.id} has no engine for decks")
    simulation = game.simulation()
    assert simulation.default_policy in simulation.policies
    assert 1 <= simulation.default_max_turns <= simulation.max_turns


def test_db_coverage_of_every_sample_database(run: CliRun, game: Game) -> None:
    """Every bundled sample is fully structured, and the report says by which measure."""
    result = run("db", "coverage", "--game", game.id, "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["game"] == game.id and report["unstructured"] == []
    assert report["cards"] == report["structured"] > 0 and report["share"] == 1.0
    assert game.coverage is not None and report["basis"] == game.coverage.basis
    text = run("db", "coverage", "--game", game.id).stdout
    assert f"structured: {game.coverage.basis}" in text


def test_a_game_without_a_coverage_model_counts_every_card_as_structured(
    run: CliRun, mirror_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        sys.modules[PACKAGES[mirror_game.id]],
        "GAME",
        dataclasses.replace(mirror_game, coverage=None),
    )
    get_game.cache_clear()
    source = str(mirror_game.sample_database)
    report = json.loads(run("db", "coverage", "--db", source, "--format", "json").stdout)
    cards = len(load_database(mirror_game.sample_database, use_cache=False))
    assert (report["game"], report["cards"], report["structured"]) == (mirror_game.id, cards, cards)
    assert "no unstructured text: every card counts as structured" in report["basis"]
    text = run("db", "coverage", "--db", source).stdout
    assert "structured: Mirror Game cards have no unstructured text" in text


def test_table_simulation_hooks(game: Game) -> None:
    """A game played by a table without decks: ``simulate`` and ``play --players``."""
    if game.table_simulation is None:
        pytest.skip(f"{game.id} is played with decks")
    simulation = game.table_simulation()
    assert simulation.default_policy in simulation.policies and simulation.groups
    assert 1 <= simulation.min_players <= simulation.default_players <= simulation.max_players
    players = simulation.min_players
    report = simulation.simulate(TableSettings(players, games=3, seed=0, policies={}))
    document = json.loads(report.to_json())
    assert (document["players"], document["games"]) == (players, 3) and report.to_text()
    played = simulation.play(players, 0, {})
    assert json.loads(played.to_json())["players"] == players and played.to_text()


def test_lalcheck_games_lists_every_game(run: CliRun, game: Game) -> None:
    text = run("games")
    assert text.exit_code == 0
    (line,) = [line for line in text.stdout.splitlines() if line.startswith(f"{game.id} ")]
    assert game.title in line and game.rules_reference in line
    document = json.loads(run("games", "--format", "json").stdout)
    listed = {entry["id"]: entry for entry in document["games"]}
    entry = listed[game.id]
    assert (entry["title"], entry["rules_reference"]) == (game.title, game.rules_reference)
    assert [kind["kind"] for kind in entry["file_kinds"]] == list(game.file_kinds)
    assert entry["default"] is (game.id == DEFAULT_GAME)


def test_a_registered_game_is_listed_by_lalcheck_games(run: CliRun, mirror_game: Game) -> None:
    listed = [entry["id"] for entry in json.loads(run("games", "-f", "json").stdout)["games"]]
    assert listed == [*PACKAGES]
    assert mirror_game.id in listed


def test_starting_the_cli_imports_no_game() -> None:
    """Games are imported when a file or option names them, not at start-up."""
    code = (
        "import sys, lalcheck.cli, lalcheck.games as g; "
        "print([p for p in g.PACKAGES.values() if p in sys.modules])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
