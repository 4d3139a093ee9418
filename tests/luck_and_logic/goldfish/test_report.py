"""The report: contract §6 JSON fields, opening-hand chances against the exact
hypergeometric values, compare mode and the text view."""

from __future__ import annotations

import math
from typing import Any

import pytest

from lalcheck import __version__
from lalcheck.db import CardDatabase
from lalcheck.games.luck_and_logic.engine import DeckList
from lalcheck.games.luck_and_logic.goldfish import DeckInfo, goldfish
from lalcheck.games.luck_and_logic.goldfish.aggregate import card_group
from lalcheck.simulation.runner import Going
from lalcheck.simulation.text import BAR_WIDTH, bar
from tests.conftest import CliRun

from .conftest import MONOLIUM, SEPTPIA, goldfish_json


def is_interval(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(bound, float | int) for bound in value)
        and value[0] <= value[1]
    )


def is_share(value: Any) -> bool:
    return isinstance(value, float | int) and 0 <= value <= 1


@pytest.fixture
def report(run: CliRun) -> dict[str, Any]:
    return goldfish_json(run, SEPTPIA, "--games", "200", "--seed", "7", "--jobs", "1")


def test_the_json_report_has_every_contract_field(report: dict[str, Any]) -> None:
    assert (report["games"], report["seed"], report["jobs"], report["going"]) == (
        200,
        7,
        1,
        "first",
    )
    assert report["deck"]["path"] == str(SEPTPIA)
    assert len(report["deck"]["sha256"]) == 64 and int(report["deck"]["sha256"], 16) >= 0
    assert report["engine"]["version"] == __version__
    assert isinstance(report["elapsed_s"], float) and report["elapsed_s"] > 0
    assert isinstance(report["games_per_second"], float) and report["games_per_second"] > 0

    paradox = report["opening"]["paradox_at_least_one"]
    assert set(paradox) >= {"simulated", "exact", "ci95"}
    assert is_share(paradox["simulated"]) and is_interval(paradox["ci95"])
    assert paradox["exact"] == pytest.approx(1 - math.comb(42, 5) / math.comb(50, 5), abs=1e-4)
    assert paradox["ci95"][0] <= paradox["simulated"] <= paradox["ci95"][1]
    assert is_share(report["opening"]["mulligan_rate"])

    turns = report["turns_to_win"]
    assert all(k.isdigit() and isinstance(v, int) for k, v in turns["histogram"].items())
    assert isinstance(turns["mean"], float) and is_interval(turns["ci95"])
    assert turns["ci95"][0] <= turns["mean"] <= turns["ci95"][1]
    assert isinstance(turns["not_won"], int)
    assert sum(turns["histogram"].values()) + turns["not_won"] == report["games"]

    win_by_turn = report["win_by_turn"]
    shares = list(win_by_turn.values())
    assert all(k.isdigit() for k in win_by_turn) and all(is_share(s) for s in shares)
    assert shares == sorted(shares)  # cumulative
    assert shares[-1] == pytest.approx(sum(turns["histogram"].values()) / report["games"])

    level_by_turn = report["level_by_turn"]
    assert level_by_turn["1"] == {"1": 1.0}  # everyone levels in the first own turn
    for levels in level_by_turn.values():  # exactly level k: a distribution
        assert all(k.isdigit() and is_share(v) and v > 0 for k, v in levels.items())
        assert sum(levels.values()) == pytest.approx(1.0, abs=1e-3)
    for levels in report["level_at_least_by_turn"].values():
        assert list(levels.values()) == sorted(levels.values(), reverse=True)

    refresh = report["refresh"]
    assert is_share(refresh["games_with_refresh"]) and is_share(refresh["lost_to_refresh"])


def test_the_json_report_adds_intervals_groups_and_what_is_not_modelled(
    report: dict[str, Any],
) -> None:
    assert report["database"]["sample"] is True
    assert report["policies"] == {"player": "greedy", "opponent": "wall"}
    assert report["opponent"] == {"kind": "wall", "power": 6000, "spirit": 2, "members": 2}
    assert report["max_turns"] == 10 and report["opponent_gates"] is None
    assert report["stopped"] == report["results"]["undecided"]
    assert report["queries"] == []
    groups = report["opening"]["groups"]
    assert next(iter(groups)) == "paradox" and "transunion" in groups
    assert sum(g["copies"] for g in groups.values()) == 50
    assert all(is_interval(ci) for ci in report["win_by_turn_ci95"].values())
    assert report["results"]["won"] == sum(report["turns_to_win"]["histogram"].values())
    assert report["unmodelled"] == {
        "occasions": 0,
        "games": 0,
        "share_of_games": 0.0,
        "cards": [],
    }, "every card of the bundled database is structured"
    assert "decks" not in report and "comparison" not in report and "by_going" not in report


def test_simulated_opening_hands_match_the_exact_hypergeometric_chances(
    septpia: tuple[DeckInfo, DeckList], sample_db: CardDatabase
) -> None:
    stats = goldfish([septpia], games=2000, database=sample_db.info, seed=11).decks[0]
    copies: dict[str, int] = {}
    for card in septpia[1].main:
        copies[card_group(card)] = copies.get(card_group(card), 0) + 1
    assert {g.group: g.copies for g in stats.opening.groups} == copies
    for group in stats.opening.groups:
        exact = 1 - math.comb(50 - group.copies, 5) / math.comb(50, 5)
        assert group.exact == pytest.approx(exact)
        # a fixed seed: deterministic; 0.035 is more than three standard errors
        assert group.simulated.value == pytest.approx(exact, abs=0.035), group.group


def test_going_both_reports_each_side(
    septpia: tuple[DeckInfo, DeckList], sample_db: CardDatabase
) -> None:
    report = goldfish([septpia], games=40, database=sample_db.info, going=Going.BOTH)
    document = report.to_dict()
    by_going = document["by_going"]
    assert by_going["first"]["games"] == by_going["second"]["games"] == 20
    pooled = document["turns_to_win"]["histogram"]
    for turn, n in pooled.items():
        assert n == sum(
            by_going[side]["turns_to_win"]["histogram"].get(turn, 0) for side in by_going
        )


def test_compare_mode_reports_each_deck_and_the_differences(run: CliRun) -> None:
    report = goldfish_json(run, SEPTPIA, MONOLIUM, "--games", "60")
    assert [deck["deck"]["path"] for deck in report["decks"]] == [str(SEPTPIA), str(MONOLIUM)]
    assert "deck" not in report and "opening" not in report
    assert all("paradox_at_least_one" in deck["opening"] for deck in report["decks"])
    comparison = report["comparison"]
    assert report["comparisons"] == [comparison]
    assert (comparison["baseline"], comparison["deck"]) == (str(SEPTPIA), str(MONOLIUM))
    for name, difference in comparison["win_by_turn"].items():
        a = report["decks"][0]["win_by_turn"].get(name, 1.0)
        b = report["decks"][1]["win_by_turn"].get(name, 1.0)
        assert difference["difference"] == pytest.approx(b - a, abs=2e-4)
        assert difference["method"] == "paired"
        for ci in (difference["ci95"], difference["independent_ci95"]):
            assert is_interval(ci) and ci[0] <= difference["difference"] <= ci[1]
    turns = comparison["turns_to_win"]
    assert turns["method"] == "paired" and is_interval(turns["ci95"])
    assert set(comparison) >= {"not_won", "mulligan_rate"}


def test_a_deck_compared_with_itself_on_the_same_seeds_differs_by_nothing(run: CliRun) -> None:
    report = goldfish_json(run, SEPTPIA, SEPTPIA, "--games", "30")
    first, second = report["decks"]
    assert first == second
    comparison = report["comparison"]
    assert all(d["difference"] == 0 for d in comparison["win_by_turn"].values())
    # every pair of games is the same game: the paired interval shrinks to nothing
    assert comparison["turns_to_win"]["difference"] == 0
    assert comparison["turns_to_win"]["ci95"] == [0, 0]
    assert comparison["turns_to_win"]["independent_ci95"][1] > 0
    for difference in comparison["win_by_turn"].values():
        paired, independent = difference["ci95"], difference["independent_ci95"]
        assert paired[1] - paired[0] <= independent[1] - independent[0]


def test_the_text_report_shows_every_section(run: CliRun) -> None:
    result = run("goldfish", SEPTPIA, MONOLIUM, "--games", "40", "--going", "both")
    assert result.exit_code == 0, result.output
    text = result.stdout
    for expected in (
        "Goldfish: 40 games per deck · seed 0 · going both · games stop after own turn 10",
        "greedy player vs wall (power 6000, spirit 2, up to 2 members a turn)\n"
        "  the opponent's gates: the deck's own",
        "card database lalcheck sample cards",
        f"engine {__version__}",
        "games/s with 1 job",
        "data/decks/septpia-control.yaml — Septpia Control",
        "sha256 ",
        "Opening hand: at least one in the 5 cards before the mulligan",
        "paradox           8   59.9%",
        "Mulligan in ",
        "Turns to win: the own turn in which the sixth gate fell",
        "█",
        "mean ",
        "not won by own turn 10",
        "stopped undecided after own turn 10",
        "Going first and second",
        "Level: chance of level ≥ k",
        "Members: chance of having had ≥ n members",
        "Refresh: ",
        "Not modelled: no ability text without a structured effect came up.",
        f"against {SEPTPIA} — Septpia Control",
        "mean turns to win",
        "95% CI (paired)",
        "pairs of games on the same seeds",
    ):
        assert expected in text, expected
    assert all(line == line.rstrip() for line in text.splitlines())
    assert result.stderr == ""  # no progress bar when stderr is not a terminal


def test_histogram_bars_are_drawn_to_an_eighth_of_a_character() -> None:
    assert bar(1.0) == "█" * BAR_WIDTH
    assert bar(0.5) == "█" * (BAR_WIDTH // 2)
    assert bar(1 / (8 * BAR_WIDTH)) == "▏"
    assert bar(0.0) == "" and bar(-1.0) == ""
    assert bar(2.0, width=3) == "███"


def test_the_text_report_fits_80_columns_and_keeps_whole_bars(run: CliRun) -> None:
    """Every line of a two-deck report fits a terminal of 80 columns, piped or not, and no
    table cell (a histogram bar above all) is cut with an ellipsis."""
    result = run("goldfish", SEPTPIA, MONOLIUM, "--games", "40", "--going", "both")
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert not any("…" in line for line in lines)
    assert "█" * BAR_WIDTH in result.stdout  # the most common turn's bar, whole
