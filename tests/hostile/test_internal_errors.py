"""A bug in lalcheck never looks like an illegal deck (issue 16): it is a finding
of its own on the deck it happened on, the other decks are still reported, and
the exit code is 3."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from lalcheck.checker import Checker
from lalcheck.cli import main
from lalcheck.db import CardDatabase
from lalcheck.findings import Finding
from lalcheck.games.luck_and_logic import rules
from lalcheck.games.luck_and_logic.rules import RULES, CheckContext
from tests.conftest import DECKS, TEST_DB, TODAY, CliRun

BASE = DECKS / "positive" / "base.yaml"
OTHER = DECKS / "positive" / "card-names.yaml"


class Exploding:
    """A rule with a bug that shows on one deck only."""

    ID = "exploding"
    REFERENCE = "none"
    DESCRIPTION = "raises on card-names.yaml"

    @staticmethod
    def check(context: CheckContext) -> Iterator[Finding]:
        if context.deck.path.endswith("card-names.yaml"):
            raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")
        yield from ()


@pytest.fixture
def exploding(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Luck & Logic rules with :class:`Exploding` among them."""
    monkeypatch.setattr(rules, "RULES", {**RULES, Exploding.ID: Exploding})


@pytest.mark.usefixtures("exploding")
def test_a_crash_on_one_deck_keeps_the_others(db: CardDatabase) -> None:
    checker = Checker(db, today=TODAY)
    report = checker.check_paths([BASE, OTHER])
    base, other = report.decks
    assert base.legal and not base.failed
    (finding,) = other.findings
    assert finding.rule == "internal-error" and not other.legal
    assert finding.message.startswith(
        "lalcheck failed on this deck (ValueError: Exceeds the limit (4300 digits)"
    )
    assert "this is a bug in lalcheck: please report it" in finding.message
    assert report.exit_code() == 3


@pytest.mark.usefixtures("exploding")
def test_check_exits_3_and_prints_every_report(run: CliRun) -> None:
    result = run("check", "--db", TEST_DB, "--format", "json", BASE, OTHER)
    assert result.exit_code == 3
    decks = json.loads(result.stdout)["decks"]
    assert [deck["legal"] for deck in decks] == [True, False]
    assert decks[1]["findings"][0]["rule"] == "internal-error"


def test_an_unexpected_error_outside_the_decks_exits_3(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("x")

    monkeypatch.setattr(Checker, "run", broken)
    monkeypatch.setattr(sys, "argv", ["lalcheck", "check", "--db", str(TEST_DB), str(BASE)])
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 3
    error = capsys.readouterr().err
    assert error.startswith("internal error: KeyError: 'x'\nthis is a bug in lalcheck")
    assert "Traceback" not in error
