"""``lalcheck goldfish``, ``draw`` and ``play`` on Restore the Luminous decks (contract
§6, §8, §9): turns to bring the opponent's HP to 0, LP and colours by turn, the
curve, opening odds exact against simulated, the opponents, and the same numbers
for any number of jobs."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from lalcheck.db import CardDatabase, load_database
from lalcheck.decks import read_deck
from lalcheck.games.restore_the_luminous import GAME
from lalcheck.games.restore_the_luminous.cards import Card
from lalcheck.games.restore_the_luminous.engine import DeckList
from lalcheck.games.restore_the_luminous.goldfish import Opponent, OpponentKind, goldfish
from lalcheck.games.restore_the_luminous.goldfish.runner import WALL_DECK, Job
from lalcheck.games.restore_the_luminous.goldfish.tally import Result, Tally
from lalcheck.simulation import DeckInfo, GoldfishSettings
from lalcheck.simulation.runner import Going
from tests.conftest import CliRun

HERE = Path(__file__).parent
RTL_DB = HERE / "fixtures" / "cards.yaml"
#: Vanilla units only: LP and plays follow the rules alone.
VANILLA = HERE / "decks" / "positive" / "base.yaml"
SAMPLE_DECKS = GAME.sample_database.parent / "decks"
RED_RUSH = SAMPLE_DECKS / "red-rush.yaml"
BLUE_TIDE = SAMPLE_DECKS / "blue-tide.yaml"


def goldfish_json(run: CliRun, *args: str | Path) -> dict[str, Any]:
    result = run("goldfish", "--quiet", "--format", "json", *args)
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(result.stdout)
    return document


@pytest.fixture(scope="module")
def test_db() -> CardDatabase[Card]:
    return load_database(RTL_DB, use_cache=False)


def settings(games: int, seed: int) -> GoldfishSettings:
    return GoldfishSettings(games, seed, Going.FIRST, max_turns=15, policy="greedy")


def vanilla(test_db: CardDatabase[Card]) -> tuple[DeckInfo, DeckList]:
    deck = read_deck(VANILLA, test_db)
    return DeckInfo.of_file(VANILLA, deck.name), DeckList.from_deck(deck, test_db)


def test_the_report_counts_turns_to_bring_the_opponents_hp_to_0(run: CliRun) -> None:
    """RTL-WIN-1: the histogram is of own turns in which the opponent's HP reached 0."""
    report = goldfish_json(
        run, RED_RUSH, "--games", "120", "--seed", "5", "--going", "both", "--opponent", "passive"
    )
    assert (report["game"], report["games"], report["going"]) == (GAME.id, 120, "both")
    assert report["opponent"] == {"kind": "passive", "policy": "passive"}
    turns = report["turns_to_win"]
    assert sum(turns["histogram"].values()) == turns["won"] == report["results"]["won"]
    assert turns["won"] + turns["not_won"] == 120
    low, high = turns["ci95"]
    assert low <= turns["mean"] <= high
    shares = list(report["win_by_turn"].values())
    assert shares == sorted(shares) and shares[-1] == turns["won"] / 120
    sides = report["by_going"]
    assert sides["first"]["games"] == sides["second"]["games"] == 60
    histogram = {
        turn: sides["first"]["turns_to_win"]["histogram"].get(turn, 0)
        + sides["second"]["turns_to_win"]["histogram"].get(turn, 0)
        for turn in turns["histogram"]
    }
    assert histogram == turns["histogram"]


def test_lp_colours_and_curve_by_own_turn(test_db: CardDatabase[Card]) -> None:
    """RTL-LP-2: 1 LP, +1 per own start phase, so own turn t starts with t+1 LP;
    RTL-PAY-1: the levels played in a turn never exceed its LP."""
    report = goldfish([vanilla(test_db)], settings(60, 3), test_db.info)
    (stats,) = report.decks
    document = report.to_dict()
    for turn, lp in document["lp_by_turn"].items():
        assert lp == min(int(turn) + 1, 10)
    for turn, levels in document["curve"].items():
        spent = sum(int(level[1:]) * mean for level, mean in levels.items())
        assert spent <= document["lp_by_turn"][turn] + 1e-9
    assert set(document["colours_by_turn"]["1"]) == {"red", "blue"}
    for colours in document["colours_by_turn"].values():
        for colour in colours.values():
            assert 0 <= colour["at_least_one"]["value"] <= 1 and colour["mean"] >= 0
    assert stats.colours == ("red", "blue") and stats.levels == (1, 2, 3, 4, 5)
    hp = list(document["opponent_hp_by_turn"].values())
    assert all(0 <= value <= 10 for value in hp) and hp[0] > hp[-1]


def test_opening_odds_exact_and_simulated(test_db: CardDatabase[Card]) -> None:
    """RTL-SET-2: the leader's opening hand (5), no mulligan (RTL-OPEN-2); the exact
    chance is hypergeometric, the simulated one lands near it."""
    report = goldfish([vanilla(test_db)], settings(400, 11), test_db.info)
    opening = report.to_dict()["opening"]
    assert (opening["hand_size"], opening["mulligan"]) == (5, None)
    level_5 = opening["groups"]["level 5 unit"]
    assert level_5["copies"] == 6  # T01/005, T01/010 (3 each) of 42
    assert level_5["exact"] == round(1 - math.comb(36, 5) / math.comb(42, 5), 4)
    for group in opening["groups"].values():
        low, high = group["ci95"]
        assert low - 0.05 <= group["exact"] <= high + 0.05


def test_the_same_seed_gives_the_same_report_for_any_jobs(run: CliRun) -> None:
    args = (RED_RUSH, BLUE_TIDE, "--games", "40", "--seed", "9", "--going", "both")
    one = goldfish_json(run, *args, "--jobs", "1")
    two = goldfish_json(run, *args, "--jobs", "2")
    for document in (one, two):
        for key in ("elapsed_s", "games_per_second", "jobs"):
            document.pop(key)
    assert one == two
    assert [deck["deck"]["name"] for deck in one["decks"]] == ["Red Rush", "Blue Tide Control"]
    (comparison,) = one["comparisons"]
    assert comparison == one["comparison"] and comparison["baseline"].endswith("red-rush.yaml")


def test_tallies_of_chunks_add_up_to_the_tally_of_all_games(
    test_db: CardDatabase[Card],
) -> None:
    job = Job((vanilla(test_db)[1],), Opponent(), seed=2, going=Going.BOTH, max_turns=15)
    records = [job.play(0, index) for index in range(12)]
    whole = job.tally(records)
    parts = job.tally(records[:5]) + job.empty() + job.tally(records[5:])
    assert parts == whole
    assert whole.games == {"first": 6, "second": 6}
    assert Tally() + whole == whole


def test_the_wall_never_attacks_and_slows_the_deck(test_db: CardDatabase[Card]) -> None:
    """The wall (built-in units with Protect, RTL-KW-PROTECT; active units cannot be
    attacked, RTL-BAT-1) Protects every attack it can and never attacks: the
    goldfishing player never loses to it, and needs more turns."""
    decks = [vanilla(test_db)]
    passive = goldfish(decks, settings(60, 4), test_db.info)
    wall = goldfish(decks, settings(60, 4), test_db.info, Opponent(OpponentKind.WALL))
    assert wall.to_dict()["opponent"]["kind"] == "wall"
    assert wall.to_dict()["opponent"]["unit_slots"] == WALL_DECK.leader.unit_slots == 5
    assert wall.decks[0].results()[Result.LOST.value] == 0
    slow, fast = wall.decks[0].win_turns().mean, passive.decks[0].win_turns().mean
    assert slow is not None and fast is not None and slow.value > fast.value


def test_an_opponent_deck_is_played_by_the_greedy_policy(run: CliRun) -> None:
    args = (RED_RUSH, "--games", "40", "--opponent", BLUE_TIDE)
    report = goldfish_json(run, *args)
    assert report["opponent"] == {"kind": "deck", "policy": "greedy", "deck": str(BLUE_TIDE)}
    assert report["policies"] == {"player": "greedy", "opponent": "greedy"}
    assert sum(report["results"].values()) == 40
    random = run("goldfish", RED_RUSH, "--opponent", BLUE_TIDE, "--opponent-policy", "random")
    assert random.exit_code == 2 and "played by the greedy policy" in random.stderr
    gates = run("goldfish", RED_RUSH, "--opponent", "passive", "--opponent-gates", BLUE_TIDE)
    assert gates.exit_code == 2 and "--opponent DECK.yaml" in gates.stderr


def test_the_default_opponent_is_the_built_in_wall(run: CliRun) -> None:
    report = goldfish_json(run, RED_RUSH, "--games", "10")
    assert report["opponent"]["kind"] == "wall"
    options = run("goldfish", RED_RUSH, "--wall-power", "5000")
    assert options.exit_code == 2 and "wall is built in" in options.stderr


def test_an_opponent_needs_its_kind_and_deck_together(test_db: CardDatabase[Card]) -> None:
    with pytest.raises(ValueError, match="an opponent deck goes with the kind deck"):
        Opponent(OpponentKind.WALL, deck=vanilla(test_db)[1])


def test_the_text_report(run: CliRun) -> None:
    result = run(
        "goldfish", "-q", RED_RUSH, "--games", "30", "--going", "both", "--opponent", "passive"
    )
    assert result.exit_code == 0
    text = result.stdout
    assert "30 games per deck · seed 0 · going both · greedy player against a passive " in text
    assert "  opponent's HP to 0 by own turn: mean " in text
    assert "    going first: mean " in text and "    going second: mean " in text
    assert "  opening hand of 5 (no mulligan): at least one, exact vs simulated\n" in text
    assert "    level 2 unit    9 cards  exact  74.2%  simulated" in text
    assert "     1  LP 2.00 · red " in text


def test_an_illegal_deck_is_refused_unless_forced(run: CliRun) -> None:
    deck = HERE / "decks" / "negative" / "copy-limit.yaml"
    refused = run("goldfish", "-q", "--db", RTL_DB, deck, "--games", "5")
    assert refused.exit_code == 1 and "is not a legal deck" in refused.stderr
    forced = run(
        "goldfish", "-q", "--db", RTL_DB, deck, "--games", "5", "--force", "--format", "json"
    )
    assert forced.exit_code == 0 and "playing it anyway" in forced.stderr
    assert json.loads(forced.stdout)["deck"]["legal"] is False
    unplayable = HERE / "decks" / "negative" / "main-size.yaml"
    result = run("goldfish", "-q", "--db", RTL_DB, unplayable, "--force")
    assert result.exit_code == 2 and "holds 38 cards, not 40-60" in result.stderr


def test_draw_shows_the_opening_hand_and_own_turns(run: CliRun) -> None:
    result = run("draw", RED_RUSH, "--seed", "3", "--turns", "2")
    assert result.exit_code == 0
    text = result.stdout
    assert "Opening hand (kept as drawn, RTL-OPEN-2):\n" in text
    hand = text.split("Opening hand (kept as drawn, RTL-OPEN-2):\n")[1].split("\n\n")[0]
    assert len(hand.splitlines()) == 5  # Ignis, Flame Regent: opening hand 5
    assert "\nOwn turn 1 (LP 2)\n" in text and "\nOwn turn 2 (LP 3)\n" in text
    assert "Own turn 3" not in text and "not shown (--turns 2)" in text
    assert "  → LP 2 at the start · rank 1 · " in text
    assert "\nResult: " in text
    second = run("draw", RED_RUSH, "--seed", "3", "--going", "second").stdout
    assert "going second" in second and "opponent: draws" not in second


def test_play_between_two_decks(run: CliRun) -> None:
    result = run("play", RED_RUSH, BLUE_TIDE, "--seed", "2")
    assert result.exit_code == 0
    *log, last = result.stdout.splitlines()
    assert last.startswith("result: ")
    assert " turns of Red Rush and " in last and " of Blue Tide Control " in last
    assert last.endswith("(policies greedy and greedy; seed 2)")
    assert log[0].startswith("T0 Red Rush: draws ")
    assert run("play", RED_RUSH, BLUE_TIDE, "--seed", "2").stdout == result.stdout


def test_plot_writes_a_png(run: CliRun, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "rush.png"
    result = run("goldfish", "-q", RED_RUSH, "--games", "20", "--plot", target)
    assert result.exit_code == 0
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
