"""``lalcheck check``: exit codes, formats and unusable input (contract §4, §5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from lalcheck.schemas import load_schema
from tests.conftest import DECKS, TEST_DB, CliRun

BASE = DECKS / "positive" / "base.yaml"
ILLEGAL = DECKS / "negative" / "copy-limit.yaml"
WARNING_ONLY = DECKS / "negative" / "unknown-section.yaml"


def check_json(run: CliRun, *args: str | Path) -> tuple[int, dict[str, object]]:
    result = run("check", "--db", TEST_DB, "--format", "json", *args)
    report = json.loads(result.stdout)
    Draft202012Validator(load_schema("report")).validate(report)
    return result.exit_code, report


def test_legal_deck_exits_0(run: CliRun) -> None:
    result = run("check", "--db", TEST_DB, BASE)
    assert result.exit_code == 0
    assert "main 50/50 · paradox 8/8 · gates 10/10" in result.stdout
    assert "1 deck checked: 1 legal, 0 illegal" in result.stdout


def test_illegal_deck_exits_1_with_rule_line_and_card(run: CliRun) -> None:
    result = run("check", "--db", TEST_DB, ILLEGAL)
    assert result.exit_code == 1
    assert "line 3" in result.stdout and "copy-limit" in result.stdout
    assert "「Test Logicalist A」: 5 copies" in result.stdout


def test_warnings_fail_only_under_strict(run: CliRun) -> None:
    assert run("check", "--db", TEST_DB, WARNING_ONLY).exit_code == 0
    assert run("check", "--db", TEST_DB, "--strict", WARNING_ONLY).exit_code == 1


def test_json_report_matches_the_contract(run: CliRun) -> None:
    code, report = check_json(run, BASE, ILLEGAL)
    assert code == 1
    assert report["tool"] == "lalcheck"
    assert report["summary"] == {"decks": 2, "legal": 1, "illegal": 1, "failed": 1}
    decks = report["decks"]
    assert isinstance(decks, list)
    illegal = decks[1]
    assert illegal["counts"] == {"main": 50, "paradox": 8, "gates": 10, "secret_tools": 0}
    (finding,) = [f for f in illegal["findings"] if f["severity"] == "error"]
    assert finding == {
        "rule": "copy-limit",
        "severity": "error",
        "section": "main",
        "cards": ["T01/001", "T02/001"],
        "line": 3,
        "message": "「Test Logicalist A」: 5 copies across T01/001, T02/001 (lines 3, 4), "
        "at most 4 allowed (R-CON-2)",
    }


def test_folders_are_searched_recursively(run: CliRun) -> None:
    code, report = check_json(run, DECKS)
    decks = report["decks"]
    assert isinstance(decks, list)
    assert len(decks) == len(list(DECKS.rglob("*.yaml")))
    assert code == 1


def test_as_of_and_regulation_options(run: CliRun) -> None:
    restricted = DECKS / "negative" / "restricted.yaml"
    assert run("check", "--db", TEST_DB, restricted).exit_code == 1
    assert run("check", "--db", TEST_DB, "--as-of", "2017-01-01", restricted).exit_code == 0
    assert run("check", "--db", TEST_DB, "--regulation", "2016-01-28", restricted).exit_code == 0
    _, report = check_json(run, "--as-of", "2016-06-01", BASE)
    (deck,) = report["decks"]  # type: ignore[misc]
    assert deck["regulation"] == "2016-01-28" and deck["as_of"] == "2016-06-01"


def test_regulation_file(run: CliRun) -> None:
    regulation = Path("tests/fixtures/regulations/banned.yaml")
    result = run(
        "check", "--db", TEST_DB, "--regulation", regulation, DECKS / "negative/banned.yaml"
    )
    assert result.exit_code == 1 and "banned" in result.stdout


def test_unreadable_deck_is_a_finding_and_others_are_checked(run: CliRun, tmp_path: Path) -> None:
    """A file that exists but cannot be parsed is a deck-syntax finding."""
    unreadable = tmp_path / "latin1.yaml"
    unreadable.write_bytes("name: Caf\xe9\n".encode("latin-1"))
    code, report = check_json(run, unreadable, BASE)
    assert code == 1
    broken, base = report["decks"]  # type: ignore[misc]
    assert broken["findings"][0]["rule"] == "deck-syntax"
    assert "is not UTF-8 text" in broken["findings"][0]["message"]
    assert base["legal"] is True


def test_a_deck_path_that_does_not_exist_is_a_usage_error(run: CliRun, tmp_path: Path) -> None:
    result = run("check", "--db", TEST_DB, tmp_path / "missing.yaml", BASE)
    assert result.exit_code == 2
    assert result.stderr == f"error: {tmp_path / 'missing.yaml'}: no such file or folder\n"
    assert not result.stdout


def test_unknown_regulation_option_exits_2(run: CliRun) -> None:
    result = run("check", "--db", TEST_DB, "--regulation", "1999-01-01", BASE)
    assert result.exit_code == 2
    assert "unknown regulation '1999-01-01'; known regulations: 2016-01-28" in result.stderr


def test_a_regulation_of_one_game_on_decks_of_two(run: CliRun) -> None:
    """A regulation the first deck's game lacks exits 2 before any report; one only a
    later deck's game lacks is that deck's finding, and the report stays whole."""
    data = Path(__file__).parents[1] / "data"
    septpia = data / "decks" / "septpia-control.yaml"
    blue_tide = data / "restore-the-luminous" / "decks" / "blue-tide.yaml"
    decks = [septpia, *(data / "decks").glob("*.yaml"), blue_tide]
    result = run("check", "--format", "json", "--regulation", "2017-09-01", *decks)
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    *others, last = report["decks"]
    assert all(deck["legal"] for deck in others) and not last["legal"]
    assert any(
        finding["message"].startswith(
            "the regulation given does not apply to Restore the Luminous decks: "
            "unknown regulation '2017-09-01'"
        )
        and finding["severity"] == "error"
        for finding in last["findings"]
    )
    reversed_order = run("check", "--regulation", "2017-09-01", blue_tide, *decks)
    assert reversed_order.exit_code == 2 and not reversed_order.stdout
    assert "unknown regulation '2017-09-01'" in reversed_order.stderr


def test_bad_options_exit_2(run: CliRun) -> None:
    assert run("check", "--db", TEST_DB, "--format", "xml", BASE).exit_code == 2
    assert run("check", "--db", TEST_DB, "--as-of", "yesterday", BASE).exit_code == 2
    assert run("check").exit_code == 2


def test_empty_folder_exits_2(run: CliRun, tmp_path: Path) -> None:
    result = run("check", "--db", TEST_DB, tmp_path)
    assert result.exit_code == 2
    assert "no deck files (*.yaml, *.yml, *.json) found in" in result.stderr


def test_missing_database_exits_2(run: CliRun, tmp_path: Path) -> None:
    result = run("check", "--db", tmp_path / "nope.yaml", BASE)
    assert result.exit_code == 2
    assert "card database" in result.stderr and "does not exist" in result.stderr
    assert "Traceback" not in result.output


def test_broken_database_names_file_and_line(run: CliRun, tmp_path: Path) -> None:
    broken = tmp_path / "cards.yaml"
    broken.write_text("format: 1\ngame: luck-and-logic\ncards: [\n", encoding="utf-8")
    result = run("check", "--db", broken, BASE)
    assert result.exit_code == 2
    assert f"{broken}: invalid YAML" in result.stderr and "(line 4)" in result.stderr


def test_database_failing_its_schema_names_file_path_and_line(run: CliRun, tmp_path: Path) -> None:
    text = TEST_DB.read_text(encoding="utf-8").replace("territory: 2", "territory: 3", 1)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.strip() == "territory: 3")
    bad = tmp_path / "cards.yaml"
    bad.write_text(text, encoding="utf-8")
    result = run("check", "--db", bad, BASE)
    assert result.exit_code == 2
    assert f"{bad}:{line}: cards[3].territory: 3 is not one of [1, 2, 4]" in result.stderr


def test_database_from_environment(
    run: CliRun, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LALCHECK_DB", str(TEST_DB))
    assert run("check", BASE).exit_code == 0
    monkeypatch.setenv("LALCHECK_DB", str(tmp_path / "nope.yaml"))
    assert run("check", BASE).exit_code == 2


def test_version(run: CliRun) -> None:
    from lalcheck import __version__

    assert run("--version").stdout == f"lalcheck {__version__}\n"


def test_hidden_folders_are_not_searched(run: CliRun, tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "base.yaml").write_text(BASE.read_text(encoding="utf-8"))
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "ci.yml").write_text("on: push\n")
    (tmp_path / ".pre-commit-config.yaml").write_text("repos: []\n")
    result = run("check", "--db", TEST_DB, tmp_path)
    assert result.exit_code == 0
    assert "1 deck checked: 1 legal, 0 illegal" in result.stdout
