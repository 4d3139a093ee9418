"""``lalcheck play --games``: many games between two decks and policies (contract §8)."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.conftest import CliRun

from .conftest import MONOLIUM, SEPTPIA, without_timing


def play_json(run: CliRun, *args: str) -> dict[str, Any]:
    result = run("play", SEPTPIA, MONOLIUM, "--format", "json", *args)
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def test_the_report_has_the_contract_fields_and_they_add_up(run: CliRun) -> None:
    report = play_json(run, "--games", "16", "--seed", "2", "--policy-b", "random")
    assert report["games"] == 16 and report["seed"] == 2
    wins = report["wins"]
    assert wins["a"] + wins["b"] + wins["draw"] == 16
    first, second = report["first_player_wins"], report["second_player_wins"]
    assert round((first + second) * 16) == wins["a"] + wins["b"]
    for name in ("a", "b", "draw", "first_player_wins", "second_player_wins"):
        low, high = report["ci95"][name]
        assert 0 <= low <= high <= 1
    assert report["mean_turns"] > 0
    assert (report["a"]["policy"], report["b"]["policy"]) == ("greedy", "random")
    assert report["a"]["path"] == str(SEPTPIA)
    # A goes first in the even games, B in the odd ones
    assert report["going_first"]["a"]["games"] == report["going_first"]["b"]["games"] == 8


def test_the_same_seed_gives_the_same_numbers_for_any_jobs(run: CliRun) -> None:
    one = play_json(run, "--games", "12", "--seed", "5", "--jobs", "1")
    two = play_json(run, "--games", "12", "--seed", "5", "--jobs", "2")
    assert (one["jobs"], two["jobs"]) == (1, 2)
    assert without_timing(one) == without_timing(two)


def test_the_text_report_and_one_game_without_games(run: CliRun) -> None:
    text = run("play", SEPTPIA, MONOLIUM, "--games", "4").stdout
    assert text.startswith("Match: 4 games · seed 0 · A goes first in even games")
    assert "second player wins" in text and "of the decided games" in text
    log = run("play", SEPTPIA, MONOLIUM, "--policy-a", "random").stdout
    assert log.splitlines()[-1].startswith("result: ")
    assert log.splitlines()[-1].endswith("(policies random and greedy; seed 0)")


def test_one_game_calls_each_player_by_their_decks_name(run: CliRun) -> None:
    """Every line names the player by their deck (``A``/``B`` only tell apart two decks
    of one name), the engine's "game over: A wins" and the result line too."""
    log = run("play", SEPTPIA, MONOLIUM, "--seed", "3").stdout.splitlines()
    assert all(line.startswith(("T", "result: ")) for line in log)
    assert not [line for line in log if line.split(": ")[0].endswith((" A", " B"))]
    assert {line.split(": ")[0].split(" ", 1)[1] for line in log[:-1]} == {
        "Septpia Control",
        "Monolium Rush",
    }
    winner = log[-1].removeprefix("result: ").split(" wins")[0]
    assert winner in ("Septpia Control", "Monolium Rush")
    assert log[-2].endswith(f": game over: {winner} wins (gates)")
    assert re.search(r" after \d+ turns of Septpia Control and \d+ of Monolium Rush ", log[-1])
    mirror = run("play", SEPTPIA, SEPTPIA, "--seed", "3").stdout
    assert "T0 Septpia Control (A): draws " in mirror and "T0 Septpia Control (B): " in mirror


def test_going_fixes_who_goes_first(run: CliRun) -> None:
    """--going first|second: deck A goes first (second) in every game; both alternates."""
    for going, games_first in (("first", ("a", 6)), ("second", ("b", 6)), ("both", ("a", 3))):
        report = play_json(run, "--games", "6", "--going", going)
        side, count = games_first
        assert report["going"] == going and report["going_first"][side]["games"] == count
    second = run("play", SEPTPIA, MONOLIUM, "--going", "second", "--seed", "3")
    first = run("play", SEPTPIA, MONOLIUM, "--going", "first", "--seed", "3")
    assert "T0 Monolium Rush: goes first" in second.stdout
    assert "T0 Septpia Control: goes first" in first.stdout
    text = run("play", SEPTPIA, MONOLIUM, "--games", "2", "--going", "second").stdout
    assert "B goes first in every game" in text


def test_going_is_for_two_decks(run: CliRun) -> None:
    result = run("play", "--game", "lobasha", "--going", "first")
    assert result.exit_code == 2 and "--going" in result.stderr
