"""``lalcheck goldfish`` and ``lalcheck draw``: options, bad inputs, plots, logs."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from lalcheck.games.luck_and_logic import GAME
from tests.conftest import CliRun

from .conftest import ILLEGAL, MONOLIUM, SEPTPIA, goldfish_json, without_timing

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--games", "0"), "--games"),
        (("--games", "-5"), "--games"),
        (("--jobs", "0"), "--jobs"),
        (("--max-turns", "0"), "--max-turns"),
        (("--max-turns", "101"), "--max-turns"),
        (("--log", "-1"), "--log"),
        (("--going", "sideways"), "--going"),
        (("--format", "xml"), "--format"),
        (("--policy", "clever"), "unknown policy 'clever'; policies: greedy, rush, search, random"),
    ],
)
def test_bad_options_exit_2_with_a_message(
    run: CliRun, args: tuple[str, ...], message: str
) -> None:
    result = run("goldfish", SEPTPIA, *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_a_missing_deck_file_exits_2(run: CliRun, tmp_path: Path) -> None:
    result = run("goldfish", tmp_path / "nope.yaml")
    assert result.exit_code == 2
    assert "nope.yaml does not exist" in result.stderr


def test_an_unreadable_database_exits_2(run: CliRun, tmp_path: Path) -> None:
    bad = tmp_path / "cards.yaml"
    bad.write_text("cards: [unclosed\n")
    for db in (tmp_path / "missing.yaml", bad):
        result = run("goldfish", SEPTPIA, "--db", db)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith("error: ")


def test_a_deck_with_unknown_cards_exits_2(run: CliRun, tmp_path: Path) -> None:
    deck = tmp_path / "typo.yaml"
    deck.write_text(SEPTPIA.read_text().replace("SD01-001: 4", "SD01-999: 4"))
    result = run("goldfish", deck)
    assert result.exit_code == 2
    assert "unknown card 'SD01-999'" in result.stderr


def test_an_illegal_deck_is_refused_unless_forced(run: CliRun) -> None:
    refused = run("goldfish", ILLEGAL, "--games", "5")
    assert refused.exit_code == 1
    assert "is not a legal deck (--force plays it anyway)" in refused.stderr
    assert "copies across BT01/002, BT03/001" in refused.stderr
    assert refused.stdout == ""
    forced = run("goldfish", ILLEGAL, "--games", "5", "--force", "--format", "json")
    assert forced.exit_code == 0
    assert "warning: " in forced.stderr and "playing it anyway (--force)" in forced.stderr
    assert '"legal": false' in forced.stdout


def test_a_deck_the_engine_cannot_set_up_exits_2_even_when_forced(
    run: CliRun, tmp_path: Path
) -> None:
    deck = tmp_path / "short.yaml"
    deck.write_text(SEPTPIA.read_text().replace("SD01-001: 4", "SD01-001: 1"))
    result = run("goldfish", deck, "--force")
    assert result.exit_code == 2
    assert "the main deck holds 47 cards, not 50" in result.stderr


def test_opponent_gates_come_from_another_deck_file(run: CliRun, tmp_path: Path) -> None:
    report = goldfish_json(
        run, SEPTPIA, "--games", "20", "--opponent-gates", MONOLIUM, "--log", "3"
    )
    assert report["opponent_gates"] == str(MONOLIUM)
    destroyed = " ".join(
        line for log in report["logs"] for line in log["lines"] if "is destroyed" in line
    )
    assert "SD02-G" in destroyed and "SD01-G" not in destroyed  # the opponent's gates
    gates = tmp_path / "gates.yaml"
    gates.write_text("gates:\n  SD02-G001: 2\n  SD02-G002: 1\n")
    result = run("goldfish", SEPTPIA, "--opponent-gates", gates)
    assert result.exit_code == 2
    assert "the gate deck holds 3 cards, not 10" in result.stderr


def test_text_the_engine_cannot_run_is_counted_as_not_modelled(run: CliRun, tmp_path: Path) -> None:
    """A database whose gate text has no ability: the goldfish report counts it."""
    database = tmp_path / "cards.yaml"
    text = GAME.sample_database.read_text(encoding="utf-8")
    start = text.index("  - number: SD01-G006")
    effects = text.index("    effects:", start)
    end = text.index("  - number:", effects)
    database.write_text(text[:effects] + text[end:], encoding="utf-8")
    report = goldfish_json(run, SEPTPIA, "--games", "40", "--db", database)
    cards = report["unmodelled"]["cards"]
    assert [card["number"] for card in cards] == ["SD01-G006"]
    assert report["unmodelled"]["occasions"] == cards[0]["occasions"] > 0
    text_report = run("goldfish", SEPTPIA, "--games", "40", "--db", database)
    assert "Not modelled: ability text came up" in text_report.stdout
    assert "SD01-G006 「Zenith Gate」" in text_report.stdout


def test_log_includes_sample_games(run: CliRun) -> None:
    report = goldfish_json(run, SEPTPIA, "--games", "10", "--log", "2", "--going", "both")
    logs = report["logs"]
    assert [(log["game"], log["going"]) for log in logs] == [(0, "first"), (1, "second")]
    assert any("destroyed (6/6)" in line for line in logs[0]["lines"])
    text = run("goldfish", SEPTPIA, "--games", "10", "--log", "1").stdout
    assert "Sample game 0 (seed " in text and "  T1 A: -- turn 1" in text


def test_plot_writes_a_png(run: CliRun, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "goldfish.png"
    result = run("goldfish", SEPTPIA, MONOLIUM, "--games", "20", "--plot", png)
    assert result.exit_code == 0, result.output
    assert png.read_bytes().startswith(PNG_SIGNATURE)
    assert f"wrote {png}" in result.stderr


def test_plot_without_matplotlib_names_the_extra_before_playing(
    run: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    result = run("goldfish", SEPTPIA, "--games", "1000000", "--plot", tmp_path / "x.png")
    assert result.exit_code == 2
    assert "--plot needs matplotlib" in result.stderr
    assert "pip install 'lalcheck[plot]'" in result.stderr
    assert result.stdout == ""


def test_plot_to_an_unwritable_path_exits_2(run: CliRun, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = run("goldfish", SEPTPIA, "--games", "5", "--plot", tmp_path / "no" / "x.png")
    assert result.exit_code == 2
    assert "cannot write" in result.stderr and "does not exist" in result.stderr


def test_draw_shows_the_opening_the_mulligan_and_each_own_turn(run: CliRun) -> None:
    result = run("draw", SEPTPIA, "--seed", "3")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith(f"{SEPTPIA} — Septpia Control\ngame 0 (game seed ")
    assert "going first · greedy player vs wall (power 6000, spirit 2, up to 2 members" in text
    assert "Opening hand:\n  " in text and "Mulligan: " in text
    for expected in (
        "Own turn 1\n  draws ",
        "levels up with a face-down card",  # the first player's first level card
        "Own turn 2",
        "mobilizes ",
        "opponent: gate ",
        "→ level 1 (0 face up) · 3 members · gates 0/6",  # blockers on every front circle
        "gates 6/6",
        "Result: won in own turn ",
    ):
        assert expected in text, expected
    assert "T1 A:" not in text  # log prefixes are gone
    assert "-- turn" not in text


def test_draw_turns_and_going(run: CliRun) -> None:
    text = run("draw", MONOLIUM, "--seed", "1", "--going", "second", "--turns", "1").stdout
    assert "going second" in text
    assert "Own turn 1" in text and "Own turn 2" not in text
    assert "more own turns not shown (--turns 1)" in text
    assert "levels up with a face-down card" not in text  # only the first player's first


def test_draw_is_the_first_game_of_goldfish_with_the_same_seed(run: CliRun) -> None:
    log = goldfish_json(run, SEPTPIA, "--games", "1", "--seed", "4", "--log", "1")["logs"][0]
    text = run("draw", SEPTPIA, "--seed", "4").stdout
    assert f"(game seed {log['seed']})" in text
    first_draw = next(line for line in log["lines"] if line.startswith("T1 A: draws "))
    assert first_draw.removeprefix("T1 A: ") in text


def test_draw_bad_inputs(run: CliRun, tmp_path: Path) -> None:
    assert run("draw", ILLEGAL).exit_code == 1
    assert run("draw", ILLEGAL, "--force").exit_code == 0
    assert run("draw", tmp_path / "nope.yaml").exit_code == 2
    assert run("draw", SEPTPIA, "--going", "both").exit_code == 2
    assert run("draw", SEPTPIA, "--turns", "0").exit_code == 2
    assert "unknown policy" in run("draw", SEPTPIA, "--policy", "x").stderr


def test_the_opponent_is_the_wall_unless_told_otherwise(run: CliRun) -> None:
    wall = goldfish_json(run, SEPTPIA, "--games", "10")
    assert wall["opponent"] == {"kind": "wall", "power": 6000, "spirit": 2, "members": 2}
    custom = goldfish_json(
        run,
        SEPTPIA,
        "--games",
        "10",
        "--wall-power",
        "9000",
        "--wall-spirit",
        "3",
        "--wall-members",
        "1",
    )
    assert custom["opponent"] == {"kind": "wall", "power": 9000, "spirit": 3, "members": 1}
    passive = goldfish_json(run, SEPTPIA, "--games", "10", "--opponent", "passive")
    assert passive["opponent"] == {"kind": "passive"}
    assert passive["policies"] == {"player": "greedy", "opponent": "passive"}
    text = run("goldfish", SEPTPIA, "--games", "5", "--opponent", "passive").stdout
    assert "greedy player vs passive opponent\n  the opponent's gates: the deck's own" in text


def test_a_deck_opponent_is_played_by_a_policy_and_refused_when_illegal(run: CliRun) -> None:
    report = goldfish_json(
        run, SEPTPIA, "--games", "10", "--opponent", MONOLIUM, "--opponent-policy", "random"
    )
    opponent = report["opponent"]
    assert opponent["kind"] == "deck" and opponent["policy"] == "random"
    assert opponent["deck"]["path"] == str(MONOLIUM) and opponent["deck"]["legal"] is True
    assert report["policies"]["opponent"] == "random"
    refused = run("goldfish", SEPTPIA, "--games", "5", "--opponent", ILLEGAL)
    assert refused.exit_code == 1 and "is not a legal deck" in refused.stderr
    forced = goldfish_json(run, SEPTPIA, "--games", "5", "--opponent", ILLEGAL, "--force")
    assert forced["opponent"]["deck"]["legal"] is False


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--opponent-policy", "greedy"), "--opponent-policy is for a deck opponent"),
        (("--opponent", "passive", "--wall-members", "2"), "are for --opponent wall"),
        (("--wall-members", "0"), "--wall-members must be from 1 to 6, not 0"),
        (("--opponent", MONOLIUM, "--opponent-gates", MONOLIUM), "a deck plays its own"),
        (("--opponent", MONOLIUM, "--opponent-policy", "x"), "unknown policy 'x'"),
        (("--opponent", "x.txt"), "--opponent must be passive, wall or a deck file"),
    ],
)
def test_bad_opponent_options_exit_2(run: CliRun, args: tuple[str, ...], message: str) -> None:
    result = run("goldfish", SEPTPIA, "--games", "5", *args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr


def test_queries_are_answered_per_deck_and_bad_ones_point_at_the_column(run: CliRun) -> None:
    queries = ("a paradox in hand by own turn 2", "a trance by own turn 4")
    args = [arg for query in queries for arg in ("--query", query)]
    report = goldfish_json(run, SEPTPIA, "--games", "30", *args)
    answers = report["queries"]
    assert [a["query"] for a in answers] == list(queries)
    assert answers[0]["exact"] == pytest.approx(1 - math.comb(42, 9) / math.comb(50, 9), abs=1e-4)
    assert answers[1]["exact"] is None
    for answer in answers:
        assert answer["ci95"][0] <= answer["simulated"] <= answer["ci95"][1]
        assert answer["games"] == 30
    text = run("goldfish", SEPTPIA, "--games", "10", *args).stdout
    assert "Queries: the share of games in which each held" in text
    bad = run("goldfish", SEPTPIA, "--query", "at least two paradoxes by own turn 2")
    assert bad.exit_code == 2
    assert bad.stderr == (
        "error: query column 10: expected a number after 'at least'\n"
        "  at least two paradoxes by own turn 2\n"
        "           ^\n"
    )
    late = run("goldfish", SEPTPIA, "--max-turns", "4", "--query", "a trance by own turn 5")
    assert late.exit_code == 2 and "after the last one played (4)" in late.stderr


def test_max_turns_stops_the_games_and_says_how_many(run: CliRun) -> None:
    report = goldfish_json(run, SEPTPIA, "--games", "20", "--max-turns", "3")
    assert report["stopped"] == report["results"]["undecided"] > 0
    assert all(int(turn) <= 3 for turn in report["turns_to_win"]["histogram"])
    assert max(int(turn) for turn in report["level_by_turn"]) == 3


def test_the_same_seed_gives_the_same_report_for_any_jobs_with_queries_and_comparisons(
    run: CliRun,
) -> None:
    args: tuple[str | Path, ...] = (
        SEPTPIA,
        MONOLIUM,
        "--games",
        "24",
        "--seed",
        "3",
        "--going",
        "both",
        "--query",
        "a level-4 transunion mobilized by own turn 6",
    )
    one = goldfish_json(run, *args, "--jobs", "1")
    two = goldfish_json(run, *args, "--jobs", "2")
    assert without_timing(one) == without_timing(two)
    assert one["comparison"]["turns_to_win"]["method"] == "paired"
    assert one["decks"][1]["queries"][0]["query"].startswith("a level-4")
