"""``lalcheck legal-in``: each deck under every dated regulation, and why not."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from lalcheck.db import CardDatabase
from lalcheck.legality import legal_in, periods
from lalcheck.regulations import Regulations
from tests.conftest import DECKS, TEST_DB, TODAY, CliRun

ALL = ["2016-01-28", "2017-02-26", "2017-07-25", "2017-09-01"]


def test_periods_run_until_the_next_regulation() -> None:
    found = [(p.regulation.id, p.until) for p in periods(Regulations.bundled())]
    assert found == [
        ("2016-01-28", dt.date(2017, 2, 25)),
        ("2017-02-26", dt.date(2017, 7, 24)),
        ("2017-07-25", dt.date(2017, 8, 31)),
        ("2017-09-01", None),
    ]


@pytest.mark.parametrize(
    ("deck", "legal"),
    [
        ("positive/base.yaml", ALL),
        ("positive/restricted-before-list.yaml", ["2016-01-28"]),
        ("positive/world-mix-before-lock.yaml", ["2016-01-28", "2017-02-26"]),
        ("positive/secret-tools.yaml", ["2017-09-01"]),
        ("negative/main-size.yaml", []),
    ],
)
def test_legal_in(db: CardDatabase, deck: str, legal: list[str]) -> None:
    (result,) = legal_in(db, [DECKS / deck], today=TODAY)
    assert [regulation.id for regulation in result.legal_in] == legal
    assert [verdict.period.regulation.id for verdict in result.verdicts] == ALL


def test_each_regulation_is_checked_on_its_last_day(db: CardDatabase) -> None:
    (result,) = legal_in(db, [DECKS / "positive" / "base.yaml"], today=TODAY)
    assert [v.report.as_of for v in result.verdicts] == [
        dt.date(2017, 2, 25),
        dt.date(2017, 7, 24),
        dt.date(2017, 8, 31),
        TODAY,
    ]
    assert [v.report.regulation.id for v in result.verdicts] == ALL


def test_the_reasons_are_the_checkers_findings(db: CardDatabase) -> None:
    (result,) = legal_in(db, [DECKS / "positive" / "secret-tools.yaml"], today=TODAY)
    launch = result.verdicts[0].report
    assert not launch.legal
    assert {f.rule for f in launch.findings if f.severity.value == "error"} == {
        "secret-tool-size",
        "not-released",
    }


def test_text_report(run: CliRun) -> None:
    result = run("legal-in", "--db", TEST_DB, DECKS / "positive" / "restricted-before-list.yaml")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert " ".join(lines[1].split()) == (
        "2016-01-28 (Launch regulation) 2016-01-28 to 2017-02-25 legal"
    )
    assert lines[2].split()[-1] == "ILLEGAL"
    assert "line 16   error   restricted" in lines[3]
    assert "restricted to 1 copy under regulation 2017-02-26; the deck has 2 (R-CON-6)" in lines[3]
    assert "from 2017-09-01" in result.stdout
    assert lines[-1] == "  legal under 2016-01-28 (1 of 4 regulations)"


def test_json_report(run: CliRun) -> None:
    decks = [
        DECKS / "positive" / "world-mix-before-lock.yaml",
        DECKS / "negative" / "main-size.yaml",
    ]
    result = run("legal-in", "--db", TEST_DB, "--format", "json", *decks)
    assert result.exit_code == 1  # a deck legal under no regulation
    report = json.loads(result.stdout)
    assert report["tool"] == "lalcheck" and report["database"]["name"] == "lalcheck test cards"
    first, second = report["decks"]
    assert first["legal_in"] == ["2016-01-28", "2017-02-26"]
    lock = first["regulations"][2]
    assert {k: lock[k] for k in ("regulation", "effective", "until", "as_of", "legal")} == {
        "regulation": "2017-07-25",
        "effective": "2017-07-25",
        "until": "2017-08-31",
        "as_of": "2017-08-31",
        "legal": False,
    }
    assert {f["rule"] for f in lock["findings"] if f["severity"] == "error"} == {"world-lock"}
    assert first["regulations"][3]["until"] is None
    assert second["legal_in"] == []


def test_an_unreadable_deck_is_legal_nowhere(run: CliRun, tmp_path: Path) -> None:
    unreadable = tmp_path / "empty.yaml"
    unreadable.write_text("", encoding="utf-8")
    result = run("legal-in", "--db", TEST_DB, unreadable)
    assert result.exit_code == 1
    assert "the deck file is empty" in result.stdout
    assert "legal under no regulation" in result.stdout


def test_a_deck_path_that_does_not_exist_is_a_usage_error(run: CliRun, tmp_path: Path) -> None:
    result = run("legal-in", "--db", TEST_DB, tmp_path / "missing.yaml")
    assert result.exit_code == 2
    assert "missing.yaml: no such file or folder" in result.stderr


def test_a_folder_without_decks_is_a_usage_error(run: CliRun, tmp_path: Path) -> None:
    result = run("legal-in", "--db", TEST_DB, tmp_path)
    assert result.exit_code == 2
    assert f"no deck files (*.yaml, *.yml, *.json) found in {tmp_path}" in result.stderr
