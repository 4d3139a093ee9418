"""``lalcheck check`` on 洛吧殺 piles, character sets and game setups (contract §9).

The example folders drive the rules: every file under ``examples/pass/`` is
clean (no finding, exit 0 even with ``--strict``); every file under
``examples/fail/`` gives exactly the findings ``examples/fail/expected.yaml``
lists (rule, severity, line), and every rule of every 洛吧殺 file kind has a
failing example there.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from lalcheck.games import get_game
from lalcheck.resources import bundled
from lalcheck.schemas import load_schema
from tests.conftest import CliRun

EXAMPLES = Path(__file__).parent / "examples"
PASSING = sorted((EXAMPLES / "pass").glob("*.yaml"))
FAILING = sorted(p for p in (EXAMPLES / "fail").glob("*.yaml") if p.name != "expected.yaml")
EXPECTED: dict[str, list[list[object]]] = yaml.safe_load(
    (EXAMPLES / "fail" / "expected.yaml").read_text(encoding="utf-8")
)
BUNDLED = [
    bundled("data", "lobasha", "pile.yaml"),
    bundled("data", "lobasha", "characters.yaml"),
    *sorted(bundled("data", "lobasha", "setups").glob("*.yaml")),
]


def report(run: CliRun, *args: str | Path) -> tuple[int, dict[str, object]]:
    result = run("check", "--format", "json", *args)
    assert "Traceback" not in result.output and not result.stderr
    return result.exit_code, json.loads(result.stdout)


@pytest.mark.parametrize("path", [*PASSING, *BUNDLED], ids=lambda p: p.name)
def test_a_passing_example_has_no_finding(run: CliRun, path: Path) -> None:
    code, document = report(run, "--strict", path)
    (checked,) = document["decks"]  # type: ignore[misc]
    assert code == 0 and checked["findings"] == [], checked["findings"]


@pytest.mark.parametrize("path", FAILING, ids=lambda p: p.name)
def test_a_failing_example_gives_exactly_its_expected_findings(run: CliRun, path: Path) -> None:
    code, document = report(run, path)
    (checked,) = document["decks"]  # type: ignore[misc]
    found = Counter((f["rule"], f["severity"], f["line"]) for f in checked["findings"])
    wanted = Counter(tuple(item) for item in EXPECTED[path.name])
    assert found == wanted
    has_error = any(severity == "error" for _, severity, _ in wanted)
    assert code == (1 if has_error else 0) and checked["legal"] is not has_error
    strict, _ = report(run, "--strict", path)
    assert strict == 1  # a warning fails a strict check


def test_every_rule_of_every_file_kind_has_a_failing_example() -> None:
    lobasha = get_game("lobasha")
    exercised = {rule for findings in EXPECTED.values() for rule, _, _ in findings}
    assert set(lobasha.rules()) <= exercised
    assert set(EXPECTED) == {path.name for path in FAILING}


@pytest.mark.parametrize(
    ("example", "words"),
    [
        ("pile-cards.yaml", ["unknown card 'Dodgee'; did you mean dodge 「閃」?", "(LBS-KIND-1)"]),
        ("pile-suits-ranks.yaml", ["'star' is not a suit", "14 is not a rank", "(LBS-OPEN-7)"]),
        ("pile-sets.yaml", ["【轟】 is a card of the decade set", "not in play (sets: base)"]),
        ("pile-duplicates.yaml", ["【殺】♠8 is also written on line 4", "copies: 2"]),
        ("pile-judgements.yaml", ["【伊甸】 judges for a spade of rank 2-9"]),
        ("characters-values.yaml", ["HP 0 is impossible", "HP 3.3 is impossible", "'robot'"]),
        ("characters-emblems-skills.yaml", ["only 洛 (lo) characters carry emblems"]),
        ("setup-one-player.yaml", ["seats 1 player; the table rules lalcheck-2026 seat 2 to 12"]),
        ("setup-thirteen-players.yaml", ["seats 13 players"]),
        ("setup-roles.yaml", ["4 players are dealt 1 lord, 1 guard, 1 pirate, 1 ancient"]),
        ("setup-hp.yaml", ["at 5 players the Lord's is 4 + 1 = 5 (LBS-ROLE-5)"]),
        ("setup-characters.yaml", ["did you mean blue-star?", "a character is dealt once"]),
    ],
)
def test_messages_say_what_is_wrong_and_how_to_fix_it(
    run: CliRun, example: str, words: list[str]
) -> None:
    text = run("check", EXAMPLES / "fail" / example).stdout
    for word in words:
        assert word in text


@pytest.mark.parametrize("output", ["text", "json", "sarif", "junit", "github"])
def test_every_report_format_and_the_exit_code(run: CliRun, output: str) -> None:
    paths = [EXAMPLES / "fail" / "pile-cards.yaml", EXAMPLES / "pass" / "setup-two.yaml"]
    result = run("check", "--format", output, *paths)
    assert result.exit_code == 1 and not result.stderr
    text = result.stdout
    if output == "json":
        document = json.loads(text)
        Draft202012Validator(load_schema("report")).validate(document)
        assert document["summary"] == {"decks": 2, "legal": 1, "illegal": 1, "failed": 1}
        counts = [deck["counts"] for deck in document["decks"]]
        assert counts == [
            {"cards": 4, "basic": 2, "effect": 0, "equipment": 0},
            {"players": 2},
        ]
        assert document["database"]["name"] == "洛吧殺 cards"
    elif output == "sarif":
        (run_log,) = json.loads(text)["runs"]
        rules = {rule["id"] for rule in run_log["tool"]["driver"]["rules"]}
        assert rules == set(get_game("lobasha").rules())
        lines = {
            r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in run_log["results"]
        }
        assert lines == {4, 5}
    elif output == "junit":
        suites = ElementTree.fromstring(text)
        assert suites.find(".//failure") is not None
    elif output == "github":
        assert "::error file=" in text and ",line=4," in text and "unknown-card" in text
    else:
        assert "ILLEGAL" in text and "legal (0 errors, 0 warnings)" in text


def test_a_pile_checks_against_a_given_lobasha_database_and_a_deck_does_not(
    run: CliRun, tmp_path: Path
) -> None:
    database = bundled("data", "lobasha", "cards.yaml")
    code, _ = report(run, "--db", database, EXAMPLES / "pass" / "pile-base-only.yaml")
    assert code == 0
    deck = tmp_path / "deck.yaml"
    deck.write_text("main:\n  BT01/008: 4\ngates:\n  SD01-G001: 1\n", encoding="utf-8")
    code, document = report(run, "--db", database, deck)
    (checked,) = document["decks"]  # type: ignore[misc]
    assert code == 1
    assert "is for lobasha" in checked["findings"][0]["message"]


def test_a_file_of_no_known_kind_names_the_kinds(run: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("game: lobasha\nkind: deck\nmain: {kill: 4}\n", encoding="utf-8")
    code, document = report(run, path)
    (checked,) = document["decks"]  # type: ignore[misc]
    (finding,) = checked["findings"]
    assert code == 1 and finding["line"] == 2
    assert "kinds pile, characters, setup, not 'deck'" in finding["message"]


def test_cards_show_and_search_read_the_lobasha_database(run: CliRun) -> None:
    shown = run("cards", "show", "--game", "lobasha", "閃")
    assert (
        shown.exit_code == 0 and "dodge 「閃」" in shown.stdout and "LBS-CARD-DODGE" in shown.stdout
    )
    weapon = run("cards", "show", "--game", "lobasha", "long-cannon").stdout
    assert "range       ∞" in weapon and "slot        weapon" in weapon
    found = run("cards", "search", "--game", "lobasha", "--type", "equipment", "--set", "decade")
    rows = found.stdout.splitlines()
    assert found.exit_code == 0 and rows and all(" equipment decade " in row for row in rows)
    wrong = run("cards", "search", "--game", "lobasha", "--world", "Septpia")
    assert wrong.exit_code == 2 and "lobasha cards have no world; filter on type" in wrong.stderr
