"""``lalcheck simulate --game lobasha`` and ``lalcheck play --game lobasha`` (contract §9).

Whole seeded games on the core runner: the contract's JSON shape, the same
numbers for any ``--jobs``, per-character and per-role-policy options, ``play``
showing game 0 of ``simulate``, and bad options refused with exit 2.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from lalcheck.cli.common import progress_bar
from lalcheck.resources import bundled
from tests.conftest import CliRun

ROLES = ["lord", "guard", "pirate", "ancient"]


def simulate(run: CliRun, *args: str) -> dict[str, object]:
    result = run("simulate", "--game", "lobasha", "--format", "json", *args)
    assert result.exit_code == 0, result.output
    document: dict[str, object] = json.loads(result.stdout)
    return document


def test_the_report_has_the_contract_shape(run: CliRun) -> None:
    document = simulate(run, "--players", "5", "--games", "12", "--seed", "4")
    assert {"players", "games", "roles", "mean_rounds", "unfinished"} <= set(document)
    assert (document["players"], document["games"], document["seed"]) == (5, 12, 4)
    roles = document["roles"]
    assert isinstance(roles, dict) and list(roles) == ROLES
    for rate in roles.values():
        assert set(rate) >= {"wins", "rate", "ci95"} and rate["games"] == 12
        low, high = rate["ci95"]
        assert 0 <= low <= rate["rate"] <= high <= 1 and rate["wins"] / 12 == rate["rate"]
    assert roles["lord"]["wins"] == roles["guard"]["wins"]  # they win together
    assert document["unfinished"] == 0 and "characters" not in document


def test_the_same_seed_gives_the_same_json_for_any_number_of_jobs(run: CliRun) -> None:
    options = ("--players", "6", "--games", "24", "--seed", "11", "--characters")
    one = run("simulate", "--game", "lobasha", "--format", "json", "--jobs", "1", *options)
    two = run("simulate", "--game", "lobasha", "--format", "json", "--jobs", "2", *options)
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
    other = run("simulate", "--game", "lobasha", "--format", "json", "--seed", "12", *options[:4])
    assert json.loads(other.stdout)["roles"] != json.loads(one.stdout)["roles"]


def test_per_character_rates_and_per_role_policies(run: CliRun) -> None:
    document = simulate(
        run, "--players", "4", "--games", "10", "--characters", "--policy", "random",
        "--policy", "lord=heuristic",
    )  # fmt: skip
    assert document["policies"] == {
        "lord": "heuristic",
        "guard": "random",
        "pirate": "random",
        "ancient": "random",
    }
    characters = document["characters"]
    assert isinstance(characters, dict)
    assert sum(entry["games"] for entry in characters.values()) == 4 * 10
    assert all(entry["name"] and 0 <= entry["rate"] <= 1 for entry in characters.values())


def test_the_text_report_lists_the_roles_at_the_table(run: CliRun) -> None:
    result = run("simulate", "--game", "lobasha", "--players", "2", "--games", "5")
    assert result.exit_code == 0
    text = result.stdout
    assert "洛吧殺: 5 games of 2 players, seed 0 (policies: heuristic)" in text
    assert "lord" in text and "pirate" in text and "guard " not in text  # no guard at 2
    assert "sample data" in text and "not the game itself" in text


def test_play_shows_game_zero_of_simulate(run: CliRun) -> None:
    played = run("play", "--game", "lobasha", "--players", "4", "--seed", "3", "--format", "json")
    assert played.exit_code == 0
    game = json.loads(played.stdout)
    winners = {seat["role"] for seat in game["seats"] if seat["won"]}
    one = simulate(run, "--players", "4", "--games", "1", "--seed", "3")
    roles = one["roles"]
    assert isinstance(roles, dict)
    assert winners == {role for role, rate in roles.items() if rate["wins"]}
    assert game["log"] and game["rounds"] == one["mean_rounds"]
    text = run("play", "--game", "lobasha", "--players", "4", "--seed", "3").stdout
    assert text.splitlines()[1] == game["log"][0] and "result: " in text
    hidden = [line for line in game["log"] if line.startswith("seat ")]
    assert sum("hidden role" in line for line in hidden) == 3  # only the Lord is shown


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "--game", "lobasha", "--players", "1"), "from 2 to 12, not 1"),
        (("simulate", "--game", "lobasha", "--players", "13"), "from 2 to 12, not 13"),
        (("simulate", "--game", "lobasha", "--policy", "smart"), "unknown policy 'smart'"),
        (("simulate", "--game", "lobasha", "--policy", "king=random"), "unknown role 'king'"),
        (("simulate", "--game", "lobasha", "--policy", "random", "--policy", "random"), "twice"),
        (("simulate", "--game", "luck-and-logic"), "Luck & Logic is played with decks"),
        (("simulate", "--game", "lobsha"), "did you mean lobasha"),
        (("play", "--game", "lobasha", "--players", "13"), "from 2 to 12, not 13"),
        (("play",), "give two deck files, or --game GAME --players N"),
        (("play", "--players", "5"), "give two deck files"),
    ],
)
def test_bad_options_exit_2_with_a_message(
    run: CliRun, args: tuple[str, ...], message: str
) -> None:
    result = run(*args)
    assert result.exit_code == 2 and message in result.stderr, result.output


def test_deck_commands_send_a_game_without_decks_to_simulate(run: CliRun) -> None:
    pile = bundled("data", "lobasha", "pile.yaml")
    for command in ("goldfish", "draw"):
        result = run(command, pile)
        assert result.exit_code == 2
        assert "洛吧殺 is played without decks: use `lalcheck simulate --game lobasha`" in (
            result.stderr
        )


def test_play_refuses_a_deck_with_game(run: CliRun, tmp_path: Path) -> None:
    result = run("play", tmp_path / "a.yaml", "--game", "lobasha")
    assert result.exit_code == 2 and "leave out" in result.stderr


def test_the_progress_bar_is_shown_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = io.StringIO()
    monkeypatch.setattr(terminal, "isatty", lambda: True)
    monkeypatch.setattr(sys, "stderr", terminal)
    with progress_bar(10, quiet=False) as advance:
        assert advance is not None
        advance(10)
    with progress_bar(10, quiet=True) as advance:
        assert advance is None
    monkeypatch.setattr(terminal, "isatty", lambda: False)
    with progress_bar(10, quiet=False) as advance:
        assert advance is None


EXAMPLES = Path(__file__).parent / "examples"


def _pile_file(tmp_path: Path, copies: int) -> Path:
    """A pile of the base game only, ``copies`` of each of a few cards."""
    entries = "\n".join(
        f"  - {{card: {card}, suit: {suit}, rank: {rank}, copies: {copies}}}"
        for card, suit, rank in (
            ("kill", "spade", 7),
            ("dodge", "heart", 2),
            ("crystal", "heart", 3),
            ("dismantle", "club", 3),
        )
    )
    path = tmp_path / "own-pile.yaml"
    path.write_text(
        f"game: lobasha\nkind: pile\nname: own pile\nsets: [base]\nentries:\n{entries}\n",
        encoding="utf-8",
    )
    return path


def test_simulate_and_play_with_a_users_pile_and_character_set(run: CliRun, tmp_path: Path) -> None:
    """--pile and --character-set replace the samples; the report names them, counts the
    pile, and names the skills the engine has no rules for (they never take effect)."""
    pile = _pile_file(tmp_path, copies=5)
    characters = EXAMPLES / "pass" / "characters-three.yaml"
    files = ("--pile", str(pile), "--character-set", str(characters))
    document = simulate(run, "--players", "3", "--games", "6", "--jobs", "2", *files)
    data = document["data"]
    assert isinstance(data, dict)
    assert data["pile"] == {"name": "own pile", "cards": 20}
    assert data["characters"] == {"name": "three test characters", "count": 3}
    assert data["not_modelled_skills"] == ["captain/steady", "oracle/foresee"]
    bundled_report = simulate(run, "--players", "3", "--games", "6")
    assert bundled_report["data"]["not_modelled_skills"] == []  # type: ignore[index]
    text = run("simulate", "--game", "lobasha", "--players", "3", "--games", "6", *files).stdout
    assert "pile 'own pile', characters 'three test characters'" in text
    assert "not modelled: 2 skills the engine has no rules for" in text
    played = run("play", "--game", "lobasha", "--players", "3", "--format", "json", *files)
    assert played.exit_code == 0, played.output
    seats = json.loads(played.stdout)["seats"]
    assert {seat["character"] for seat in seats} == {"captain", "oracle", "drone"}


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--players", "4", "--character-set", "pass/characters-three.yaml"], "a table of 4 needs"),
        (["--pile", "pass/pile-base-only.yaml"], "opening hands of 4 at a table of 5 take 20"),
        (["--pile", "fail/pile-cards.yaml"], "did you mean"),
        (["--character-set", "fail/characters-values.yaml"], "not a usable 洛吧殺 characters"),
        (["--pile", "pass/no-such-pile.yaml"], "no such file"),
        (["--pile", "pass/characters-three.yaml"], "not a 洛吧殺 pile file"),
    ],
)
def test_unusable_data_files_exit_2_naming_the_file(
    run: CliRun, options: list[str], words: str
) -> None:
    paths = [str(EXAMPLES / option) if "/" in option else option for option in options]
    result = run("simulate", "--game", "lobasha", "--games", "2", *paths)
    assert result.exit_code == 2 and words in result.stderr, result.output
    assert "Traceback" not in result.output


def test_data_files_are_for_a_game_without_decks(run: CliRun) -> None:
    deck = "data/decks/septpia-control.yaml"
    result = run("play", deck, deck, "--pile", "data/lobasha/pile.yaml")
    assert result.exit_code == 2 and "--pile" in result.stderr
