"""Restore the Luminous decks through every command Luck & Logic decks go through:
``check`` in every report format, ``legal-in``, ``import``/``export`` (text and the
printable sheet), ``cards`` and the collection (contract §4-§5, §7, §9)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from jsonschema import Draft4Validator, Draft202012Validator
from typer.testing import Result

from lalcheck.games.restore_the_luminous import GAME
from lalcheck.games.restore_the_luminous.rules import RULES
from lalcheck.schemas import load_schema
from tests.conftest import FIXTURES, TEST_DB, CliRun

HERE = Path(__file__).parent
RTL_DB = HERE / "fixtures" / "cards.yaml"
DECKS = HERE / "decks"
BASE = DECKS / "positive" / "base.yaml"
SAMPLE_DECKS = GAME.sample_database.parent / "decks"
SARIF_SCHEMA = json.loads((FIXTURES / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
ANNOTATION = re.compile(
    r"::(?P<command>error|warning) file=(?P<file>[^,:]+)(?:,line=(?P<line>\d+))?,"
    r"title=(?P<title>[a-z-]+)::(?P<message>.+)"
)


def check(run: CliRun, output_format: str, *decks: Path) -> Result:
    return run("check", "--db", RTL_DB, "--format", output_format, *decks)


# -- check in every format ------------------------------------------------------------------


def test_text_report_shows_the_counts_of_the_game(run: CliRun) -> None:
    result = check(run, "text", BASE, DECKS / "negative" / "no-leader.yaml")
    assert result.exit_code == 1
    assert "  main 42/40-60 · leader 1/1\n" in result.stdout
    assert "  main 42/40-60 · leader 0/1\n" in result.stdout
    assert "error   leader            the deck names no leader" in result.stdout
    assert "2 decks checked: 1 legal, 1 illegal (card database RTL test cards t1" in result.stdout


def test_json_report_follows_the_report_schema(run: CliRun) -> None:
    result = check(run, "json", DECKS / "negative")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    Draft202012Validator(load_schema("report")).validate(report)
    decks = {Path(deck["path"]).name: deck for deck in report["decks"]}
    assert decks["two-leaders.yaml"]["counts"] == {"main": 42, "leader": 2}
    assert decks["main-size.yaml"]["regulation"] == "2025-06-01"
    illegal = len(decks) - 1
    assert report["summary"] == {
        "decks": len(decks),
        "legal": 1,
        "illegal": illegal,
        "failed": illegal,
    }


def test_sarif_lists_the_games_rules_and_validates(run: CliRun) -> None:
    result = check(run, "sarif", DECKS / "negative" / "copy-limit.yaml", BASE)
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    Draft4Validator(SARIF_SCHEMA).validate(log)
    (sarif_run,) = log["runs"]
    rules = sarif_run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == list(RULES)
    assert rules[0]["properties"]["tags"] == [GAME.id, "deck"]
    (error,) = [r for r in sarif_run["results"] if r["level"] == "error"]
    assert error["ruleId"] == "copy-limit"
    assert error["properties"] == {"section": "main", "cards": ["T02/001", "T01/001"]}
    assert error["locations"][0]["physicalLocation"]["region"] == {"startLine": 5}
    assert "colour-load" not in {r["ruleId"] for r in sarif_run["results"]}  # advice: --verbose
    verbose = run(
        "check", "--db", RTL_DB, "-f", "sarif", "-v", DECKS / "negative" / "copy-limit.yaml"
    )
    results = json.loads(verbose.stdout)["runs"][0]["results"]
    assert {r["level"] for r in results if r["ruleId"] == "colour-load"} == {"note"}


def test_junit_has_a_test_case_per_deck(run: CliRun) -> None:
    result = check(run, "junit", BASE, DECKS / "negative" / "main-size.yaml")
    assert result.exit_code == 1
    (suite,) = ET.fromstring(result.stdout).findall("testsuite")
    cases = suite.findall("testcase")
    assert len(cases) == 2
    failed = [case for case in cases if case.find("failure") is not None]
    (failure,) = [case.find("failure") for case in failed]
    assert failure is not None and "main-size" in (failure.get("message") or "") + (
        failure.text or ""
    )


def test_github_annotations_point_at_the_lines(run: CliRun) -> None:
    result = check(run, "github", DECKS / "negative" / "unit-as-leader.yaml")
    assert result.exit_code == 1
    annotations = [m for m in map(ANNOTATION.fullmatch, result.stdout.splitlines()) if m]
    (error,) = [a for a in annotations if a["command"] == "error"]
    assert (error["title"], error["line"]) == ("wrong-section", "3")
    assert error["file"].endswith("unit-as-leader.yaml")


def test_strict_fails_on_warnings(run: CliRun) -> None:
    syntax = DECKS / "negative" / "deck-syntax.yaml"
    assert check(run, "text", BASE).exit_code == 0
    assert run("check", "--db", RTL_DB, "--strict", BASE).exit_code == 0
    assert run("check", "--db", RTL_DB, "--strict", syntax).exit_code == 1


def test_decks_of_both_games_in_one_run_use_each_games_sample(run: CliRun) -> None:
    """Without --db each deck is checked against its own game's bundled database."""
    result = run("check", "--format", "json", SAMPLE_DECKS, TEST_DB.parent.parent / "decks")
    report = json.loads(result.stdout)
    games = {deck["path"]: deck for deck in report["decks"]}
    assert {db["name"] for db in report["databases"]} >= {
        "Restore the Luminous illustrative sample"
    }
    rtl = [deck for path, deck in games.items() if "restore-the-luminous" in path]
    assert len(rtl) == 6 and all(deck["legal"] for deck in rtl)


def test_an_rtl_deck_against_a_luck_and_logic_database_names_both_games(run: CliRun) -> None:
    result = run("check", "--db", TEST_DB, "--format", "json", BASE)
    assert result.exit_code == 1
    (deck,) = json.loads(result.stdout)["decks"]
    (finding,) = deck["findings"]
    assert finding["rule"] == "deck-syntax" and finding["line"] == 2  # game:
    assert "this is a restore-the-luminous deck" in finding["message"]
    assert "is for luck-and-logic" in finding["message"]


def test_a_regulation_file_of_the_game(run: CliRun) -> None:
    banned = HERE / "fixtures" / "regulations" / "banned.yaml"
    result = run("check", "--db", RTL_DB, "--regulation", banned, BASE)
    assert result.exit_code == 1
    assert "「Test Unit 5」 is banned under regulation test-banned (RTL-CHECK-3)" in result.stdout


# -- legal-in -------------------------------------------------------------------------------


def test_legal_in_lists_the_regulations_a_deck_is_legal_under(run: CliRun) -> None:
    result = run("legal-in", "--db", RTL_DB, "--format", "json", BASE, DECKS / "negative")
    assert result.exit_code == 1
    decks = {Path(deck["path"]).name: deck for deck in json.loads(result.stdout)["decks"]}
    assert decks["base.yaml"]["legal_in"] == ["2025-06-01"]
    assert decks["main-size.yaml"]["legal_in"] == []
    (under,) = decks["main-size.yaml"]["regulations"]
    assert "main-size" in {finding["rule"] for finding in under["findings"]}
    text = run("legal-in", "--db", RTL_DB, BASE).stdout
    assert "legal under 2025-06-01 (1 of 1 regulations)" in text


# -- import and export ----------------------------------------------------------------------


def test_export_and_import_round_trip(run: CliRun, tmp_path: Path) -> None:
    deck = DECKS / "positive" / "reprint-split.yaml"
    text = run("export", "--db", RTL_DB, deck)
    assert text.exit_code == 0
    assert text.stdout.startswith("# game: restore-the-luminous\n# as_of: 2026-01-01\n\nLeader\n")
    assert "\nMain\n1 T02/001  # Test Unit 1\n2 T01/001  # Test Unit 1\n" in text.stdout
    listing = tmp_path / "deck.txt"
    listing.write_text(text.stdout, encoding="utf-8")
    written = tmp_path / "deck.yaml"
    imported = run("import", "--db", RTL_DB, listing, "--output", written)
    assert imported.exit_code == 0
    assert written.read_text(encoding="utf-8").startswith(
        "game: restore-the-luminous\nas_of: 2026-01-01\nleader: T01/L01  # Test Leader Red\n"
        "main:\n  T02/001: 1  # Test Unit 1\n"
    )
    assert run("export", "--db", RTL_DB, written).stdout == text.stdout
    assert run("check", "--db", RTL_DB, written).exit_code == 0


def test_import_reads_headers_types_and_names(run: CliRun, tmp_path: Path) -> None:
    listing = tmp_path / "list.txt"
    lines = ["リーダー", "Test Leader Blue", "ユニット", *[f"3x T01/{i:03d}" for i in range(1, 14)]]
    listing.write_text("\n".join([*lines, "Test Unit 14 x3"]) + "\n", encoding="utf-8")
    result = run("import", "--game", GAME.id, "--db", RTL_DB, listing)
    assert result.exit_code == 0, result.output
    assert "leader: Test Leader Blue  # T01/L02\nmain:\n  T01/001: 3" in result.stdout
    loose = tmp_path / "loose.txt"  # no headers: the leader goes to leader: by its type
    loose.write_text("1 T01/L01\n3 T01/001\n", encoding="utf-8")
    assert "leader: T01/L01" in run("import", "--db", RTL_DB, loose).stdout


def test_import_reports_unknown_cards_with_lines(run: CliRun, tmp_path: Path) -> None:
    listing = tmp_path / "bad.txt"
    listing.write_text("Leader\n1 T01/L01\nMain\n3 T01/15\n", encoding="utf-8")
    result = run("import", "--db", RTL_DB, listing)
    assert result.exit_code == 1
    assert f"{listing}:4: unknown card 'T01/15'; did you mean T01/015" in result.stderr


def test_export_html_is_a_registration_sheet(run: CliRun) -> None:
    result = run("export", "--db", RTL_DB, "--format", "html", BASE)
    assert result.exit_code == 0
    page = result.stdout
    assert "<h1>Restore the Luminous — Deck Registration Sheet</h1>" in page
    assert '<span>Leader</span><span class="count">1 card · hand 5 · 4 unit slots' in page
    assert (
        '<td class="number">T01/L01</td><td>Test Leader Red</td><td class="kind">leader red</td>'
        in page
    )
    assert '<td class="kind">unit L3 red</td>' in page
    assert "<span>Leader 1</span><span>Main 42</span>" in page
    assert page.index("<span>Leader</span>") < page.index("<span>Main</span>")


# -- cards and the collection ---------------------------------------------------------------


def test_cards_search_and_show(run: CliRun) -> None:
    search = run("cards", "search", "--db", RTL_DB, "--type", "ユニット", "--color", "blue")
    assert search.exit_code == 0
    assert search.stdout.splitlines()[0].startswith("T01/011      unit    L1  blue    Test Unit 11")
    document = json.loads(run("cards", "search", "--db", RTL_DB, "Late", "-f", "json").stdout)
    assert document["results"][0]["card"] == {
        "number": "T02/020",
        "name": "Late Unit",
        "type": "unit",
        "colour": "red",
        "level": 2,
        "colour_cost": 0,
        "return_value": 1,
        "set": "T02",
        "power": 2000,
        "damage": 1,
    }
    shown = run("cards", "show", "--db", RTL_DB, "T01/001").stdout
    assert "  colour         red\n" in shown and "  printings      T02/001\n" in shown
    leader = run("cards", "show", "--db", RTL_DB, "T01/L01").stdout
    assert "  unit slots     4\n" in leader
    unknown = run("cards", "search", "--db", RTL_DB, "--world", "Septpia")
    assert unknown.exit_code == 2 and "restore-the-luminous cards have no world" in unknown.stderr


@pytest.fixture
def cli(run: CliRun, tmp_path: Path) -> CliRun:
    """``lalcheck collection ARGS --collection FILE --db RTL_DB``."""
    collection = tmp_path / "collection.sqlite3"

    def invoke(*args: str | Path) -> Result:
        return run("collection", *args, "--collection", collection, "--db", RTL_DB)

    return invoke


def test_collection_missing_counts_every_printing(cli: CliRun) -> None:
    assert cli("add", "T02/001", "2").exit_code == 0  # the reprint counts for T01/001
    assert cli("add", "T01/L01", "1").exit_code == 0
    result = cli("missing", BASE, "--format", "json")
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    (deck,) = document["decks"]
    missing = {row["number"]: row for row in deck["missing"]}
    assert missing["T01/001"] == {
        "number": "T01/001",
        "name": "Test Unit 1",
        "need": 3,
        "have": 2,
        "missing": 1,
    }
    assert "T01/L01" not in missing
    assert deck["total_missing"] == 1 + 13 * 3


def test_collection_list_and_stats_by_set(cli: CliRun) -> None:
    cli("add", "T02/001", "2")
    cli("add", "T02/020", "1")
    cli("add", "T01/003", "3")
    listed = cli("list", "--set", "T02", "--format", "json")
    assert listed.exit_code == 0
    assert {row["number"] for row in json.loads(listed.stdout)["cards"]} == {"T02/001", "T02/020"}
    stats = cli("stats", "--format", "json")
    by_set = {row["code"]: row for row in json.loads(stats.stdout)["sets"]}
    assert (by_set["T02"]["owned"], by_set["T02"]["total"], by_set["T02"]["copies"]) == (2, 2, 3)
    assert (by_set["T01"]["owned"], by_set["T01"]["copies"]) == (1, 3)
    text = cli("stats").stdout
    assert re.search(r"T02\s+2/2\s+100\.0%\s+3\s+Test Set 2", text), text
