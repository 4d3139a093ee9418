"""``lalcheck db`` and ``lalcheck cards``."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import TEST_DB, CliRun


def test_db_info_shows_identity_and_counts(run: CliRun) -> None:
    result = run("db", "info", "--db", TEST_DB)
    assert result.exit_code == 0
    assert "name     lalcheck test cards" in result.stdout
    assert "sample   yes: illustrative data, not the official card list" in result.stdout
    assert "  gate                  7" in result.stdout
    assert "  T01                  24  Test set 1, 2016-01-28" in result.stdout


def test_db_info_defaults_to_the_bundled_sample(run: CliRun) -> None:
    result = run("db", "info")
    assert result.exit_code == 0 and "sample   yes" in result.stdout


def test_db_validate(run: CliRun, tmp_path: Path) -> None:
    assert run("db", "validate", TEST_DB).exit_code == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\ngame: luck-and-logic\nname: x\nversion: 1\ncards:\n  - {}\n")
    result = run("db", "validate", bad)
    assert result.exit_code == 2
    assert f"{bad}:6: cards[0]: 'number' is a required property" in result.stderr


def test_cards_show_by_number_and_name(run: CliRun) -> None:
    result = run("cards", "show", "--db", TEST_DB, "T02/001")
    assert result.exit_code == 0
    assert result.stdout.startswith("T02/001 「Test Logicalist A」\n")
    assert "printings   also T01/001" in result.stdout
    assert run("cards", "show", "--db", TEST_DB, "スイーツ系女子 小玲").exit_code == 0


def test_cards_show_unknown_suggests(run: CliRun) -> None:
    result = run("cards", "show", "--db", TEST_DB, "T01/0001")
    assert result.exit_code == 1
    assert "did you mean T01/001 「Test Logicalist A」" in result.stderr


def test_cards_search_with_filters(run: CliRun) -> None:
    result = run("cards", "search", "--db", TEST_DB, "union", "--level", "3")
    assert result.exit_code == 0
    assert result.stdout.split()[0] == "T01/008"
    assert run("cards", "search", "--db", TEST_DB, "--world", "luck&logic club").exit_code == 0
    assert run("cards", "search", "--db", TEST_DB, "--type", "gate", "nothing").exit_code == 1
    assert run("cards", "search", "--db", TEST_DB, "--world", "Atlantis").exit_code == 2
