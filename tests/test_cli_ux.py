"""What a new user meets first (issue 14): exports, the lock and the configuration file,
folder searches, schemas, quiet and verbose reports, help text, colour and start-up."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
import typer.main

from lalcheck.cli import app
from lalcheck.cli.root import COMMANDS, load_command
from lalcheck.resources import schema_path
from lalcheck.schemas import schema_file, schema_names
from tests.conftest import DECKS, TEST_DB, TESTS, CliRun

ROOT = TESTS.parent
SAMPLE_DECKS = ROOT / "data" / "decks"
GOOD = SAMPLE_DECKS / "monolium-rush.yaml"
ILLEGAL = SAMPLE_DECKS / "illegal" / "too-many-copies.yaml"
BASE = DECKS / "positive" / "base.yaml"
WARNED = DECKS / "negative" / "unknown-section.yaml"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty deck repository (it holds .git) as the working folder."""
    folder = tmp_path / "repo"
    (folder / ".git").mkdir(parents=True)
    monkeypatch.chdir(folder)
    return folder


# -- export and import ------------------------------------------------------------------------


def test_export_refuses_an_illegal_deck_without_force(run: CliRun, repo: Path) -> None:
    result = run("export", ILLEGAL, "-o", "list.txt")
    assert result.exit_code == 1
    assert "is not a legal deck (--force exports it anyway)" in result.stderr
    assert "5 copies across BT01/002, BT03/001" in result.stderr  # why, as check says
    assert not (repo / "list.txt").exists()
    forced = run("export", ILLEGAL, "-o", "list.txt", "--force")
    assert forced.exit_code == 0 and (repo / "list.txt").exists()
    assert "exporting it anyway (--force)" in forced.stderr


def test_import_warns_when_the_deck_it_wrote_is_not_legal(run: CliRun, repo: Path) -> None:
    Path("list.txt").write_text("4 BT01/002\n", encoding="utf-8")
    result = run("import", "list.txt", "-o", "deck.yaml")
    assert result.exit_code == 0 and Path("deck.yaml").exists()
    assert "warning: the deck written is not legal" in result.stderr
    assert "the main deck has 4 cards; it must have exactly 50" in result.stderr
    exported = run("export", GOOD, "-o", "good.txt")
    legal = run("import", "good.txt", "-o", "good.yaml")
    assert exported.exit_code == legal.exit_code == 0
    assert "not legal" not in legal.stderr


# -- the lock, found upward, for every command that reads cards -------------------------------

#: A command of each kind that reads cards, run from a subfolder of a locked repository.
CARD_COMMANDS = [
    ("check", str(GOOD)),
    ("legal-in", str(GOOD)),
    ("export", str(GOOD)),
    ("draw", str(GOOD)),
    ("goldfish", str(GOOD), "--games", "1"),
    ("play", str(GOOD), str(GOOD)),
    ("cards", "show", "BT01/002"),
    ("cards", "search", "Rin"),
    ("collection", "missing", str(GOOD)),
    ("collection", "stats"),
]


@pytest.mark.parametrize("command", CARD_COMMANDS, ids=" ".join)
def test_every_command_that_reads_cards_honours_the_lock_found_upward(
    run: CliRun, repo: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    assert run("db", "lock", "--db", TEST_DB).exit_code == 0  # pins another database
    (repo / "decks").mkdir()
    monkeypatch.chdir(repo / "decks")
    monkeypatch.setenv("LALCHECK_COLLECTION", str(repo / "collection.sqlite3"))
    result = run(*command)
    assert result.exit_code == 2, result.output
    assert f"the card database does not match {repo / 'lalcheck.lock'}" in result.stderr


# -- folder search ----------------------------------------------------------------------------


def test_folder_search_skips_databases_and_regulations_with_a_note(run: CliRun, repo: Path) -> None:
    shutil.copytree(ROOT / "data", repo / "data")
    result = run("check", "data")
    assert "note: data/cards.yaml is a card database, not a deck: skipped" in result.stderr
    assert "note: data/regulations/2017-09-01.yaml is a regulation, not a deck" in result.stderr
    assert "data/cards.yaml" not in result.stdout
    assert "data/decks/monolium-rush.yaml" in result.stdout


def test_folder_search_finds_json_decks_and_honours_exclude(run: CliRun, repo: Path) -> None:
    (repo / "decks" / "drafts").mkdir(parents=True)
    shutil.copy(GOOD, repo / "decks" / "rush.yaml")
    shutil.copy(ILLEGAL, repo / "decks" / "drafts" / "broken.yaml")
    deck = {"name": "As JSON", "main": {"BT01/002": 4}}
    (repo / "decks" / "json-deck.json").write_text(json.dumps(deck), encoding="utf-8")
    result = run("check", "decks")
    assert "decks/json-deck.json — As JSON" in result.stdout
    assert "decks/drafts/broken.yaml" in result.stdout
    excluded = run("check", "decks", "--exclude", "drafts/*")
    assert "drafts/broken.yaml" not in excluded.stdout
    assert "2 decks checked" in excluded.stdout


def test_a_deck_named_twice_is_checked_once(run: CliRun, repo: Path) -> None:
    shutil.copy(GOOD, repo / "rush.yaml")
    result = run("check", "rush.yaml", "./rush.yaml", str(repo / "rush.yaml"), ".")
    assert result.stdout.count("— Monolium Rush") == 1
    assert "1 deck checked" in result.stdout


def test_collection_missing_reports_the_good_decks_when_one_is_bad(
    run: CliRun, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LALCHECK_COLLECTION", str(repo / "collection.sqlite3"))
    (repo / "decks").mkdir()
    shutil.copy(GOOD, repo / "decks" / "rush.yaml")
    (repo / "decks" / "bad.yaml").write_text("main:\n  NOPE/1: 4\n", encoding="utf-8")
    result = run("collection", "missing", "decks")
    assert result.exit_code == 2
    assert "unknown card 'NOPE/1'" in result.stderr
    assert "1 deck could not be read" in result.stderr
    assert "Monolium Rush" in result.stdout


# -- schemas ----------------------------------------------------------------------------------


def test_every_schema_has_a_usable_id_and_lalcheck_schema_prints_it(run: CliRun) -> None:
    names = schema_names()
    assert {"cards", "deck", "lock", "regulation", "report"} <= set(names)
    for name in names:
        text = schema_path(name).read_text(encoding="utf-8")
        schema_id = json.loads(text)["$id"]
        assert schema_id == "urn:lalcheck:schema:" + name.replace("/", ":")
        for asked in (name, schema_id):
            result = run("schema", asked)
            assert result.exit_code == 0 and result.stdout == text
    listed = run("schema")
    assert listed.stdout.split() == names


def test_messages_name_bundled_files_by_a_path_that_exists(repo: Path, run: CliRun) -> None:
    """Outside the source tree (as after pip install) a schema named in a message exists."""
    for name in schema_names():
        assert Path(schema_file(name)).is_file(), name
    Path("cards.yaml").write_text("format: 1\ncards: 3\n", encoding="utf-8")
    result = run("db", "validate", "cards.yaml")
    assert result.exit_code == 2
    (named,) = re.findall(r"(\S+\.schema\.json) describes the format", result.stderr)
    assert Path(named).is_file()


# -- configuration ----------------------------------------------------------------------------


def test_pyproject_settings_are_found_upward_and_the_command_line_wins(
    run: CliRun, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(TEST_DB, repo / "cards.yaml")
    (repo / "pyproject.toml").write_text(
        '[project]\nname = "my-decks"\n\n[tool.lalcheck]\ndb = "cards.yaml"\nformat = "json"\n',
        encoding="utf-8",
    )
    (repo / "decks").mkdir()
    monkeypatch.chdir(repo / "decks")
    report = json.loads(run("check", BASE).stdout)
    assert report["database"]["name"] == "lalcheck test cards"
    assert run("check", "--format", "text", BASE).stdout.startswith(str(BASE))
    sample = json.loads(run("check", "--db", ROOT / "data" / "cards.yaml", GOOD).stdout)
    assert sample["database"]["name"] == "lalcheck sample cards"


def test_lalcheck_toml_exclude_and_regulation(run: CliRun, repo: Path) -> None:
    Path("lalcheck.toml").write_text(
        'exclude = ["drafts/*"]\nregulation = "2017-02-26"\n', encoding="utf-8"
    )
    (repo / "drafts").mkdir()
    shutil.copy(GOOD, repo / "rush.yaml")
    shutil.copy(ILLEGAL, repo / "drafts" / "broken.yaml")
    result = run("check", "-f", "json", ".")
    (deck,) = json.loads(result.stdout)["decks"]
    assert deck["path"] == "rush.yaml" and deck["regulation"] == "2017-02-26"


def test_lalcheck_config_shows_each_setting_and_its_origin(
    run: CliRun, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Path("lalcheck.toml").write_text('format = "sarif"\n', encoding="utf-8")
    Path("lalcheck.lock").write_text("{}", encoding="utf-8")
    monkeypatch.setenv("LALCHECK_DB", "/elsewhere/cards.yaml")
    result = run("config", "-f", "json")
    settings = json.loads(result.stdout)["settings"]
    assert settings["db"] == {"value": "/elsewhere/cards.yaml", "from": "LALCHECK_DB"}
    assert settings["format"] == {"value": "sarif", "from": str(repo / "lalcheck.toml")}
    assert settings["lock"]["value"] == "lalcheck.lock"
    assert settings["regulation"] == {"value": None, "from": "default"}
    text = run("config").stdout
    assert "db         /elsewhere/cards.yaml  [LALCHECK_DB]" in text


def test_a_bad_configuration_file_is_a_clear_error(run: CliRun, repo: Path) -> None:
    Path("lalcheck.toml").write_text('colour = "red"\n', encoding="utf-8")
    result = run("check", GOOD)
    assert result.exit_code == 2
    assert "lalcheck.toml: unknown setting 'colour'; settings: db, lock" in result.stderr
    Path("lalcheck.toml").write_text("db = [\n", encoding="utf-8")
    assert "is not valid TOML" in run("check", GOOD).stderr


def test_an_lalcheck_db_that_points_nowhere_says_the_variable_is_the_source(
    run: CliRun, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LALCHECK_DB", str(repo / "nowhere.yaml"))
    result = run("cards", "show", "BT01/002")
    assert result.exit_code == 2
    assert "nowhere.yaml does not exist" in result.stderr
    assert "the environment variable LALCHECK_DB names it" in result.stderr


# -- quiet, verbose, advice -------------------------------------------------------------------


def test_advice_is_shown_only_under_verbose_and_quiet_shows_only_failures(run: CliRun) -> None:
    default = run("check", "--db", TEST_DB, BASE, WARNED, ILLEGAL).stdout
    assert "composition" not in default and "warning deck-syntax" in default
    verbose = run("check", "--db", TEST_DB, "--verbose", BASE).stdout
    assert "info    composition" in verbose
    quiet = run(
        "check", "--db", TEST_DB, "--quiet", BASE, WARNED, DECKS / "negative" / "copy-limit.yaml"
    ).stdout
    assert "copy-limit" in quiet and "unknown-section" not in quiet and "base.yaml" not in quiet
    assert "warning deck-syntax" not in quiet and "checked" not in quiet
    assert run("check", "--db", TEST_DB, "-q", BASE).stdout == ""
    strict = run("check", "--db", TEST_DB, "-q", "--strict", WARNED).stdout
    assert "warning deck-syntax" in strict  # under --strict warnings fail, so they show


def test_the_held_over_wanted_notation_is_explained() -> None:
    assert "12/10 is 12 gate cards" in (
        typer.main.get_command(app)
        .get_command(typer.Context(typer.main.get_command(app)), "check")
        .help
        or ""
    )
    page = (ROOT / "docs" / "commands" / "check.md").read_text(encoding="utf-8")
    assert "12/10" in page


# -- help text, options, colour ---------------------------------------------------------------


def _commands() -> Iterator[tuple[str, typer.Context]]:
    """Every command of the CLI with its context, leaves only."""
    root = typer.main.get_command(app)

    def walk(command: object, path: str, context: typer.Context) -> Iterator:
        if hasattr(command, "list_commands"):
            for name in command.list_commands(context):
                sub = command.get_command(context, name)
                yield from walk(sub, f"{path} {name}", typer.Context(sub, parent=context))
        else:
            yield path.strip(), context

    yield from walk(root, "", typer.Context(root, info_name="lalcheck"))


PLACEHOLDER = re.compile(r"<(?![^<>]*\|)[^<>]*>|%[YmdHMS]|\{[a-z_]+\}")


def test_help_has_no_type_placeholders_and_shows_defaults() -> None:
    problems = []
    for path, context in _commands():
        for parameter in context.command.get_params(context):
            record = parameter.get_help_record(context)
            if record is None:
                continue
            if PLACEHOLDER.search(record[0]):
                problems.append(f"{path}: {record[0]}")
            default = parameter.default
            flag = getattr(parameter, "is_flag", False)
            if default not in (None, False, (), []) and not flag and "default" not in record[1]:
                problems.append(f"{path}: {record[0]} has a default its help does not show")
        usage = " ".join(context.command.collect_usage_pieces(context))
        if PLACEHOLDER.search(usage):
            problems.append(f"{path}: usage {usage}")
    assert not problems, "\n".join(problems)


def test_format_and_quiet_are_spelled_alike_on_every_command() -> None:
    for path, context in _commands():
        for parameter in context.command.get_params(context):
            opts = set(getattr(parameter, "opts", ()))
            if "--format" in opts:
                assert "-f" in opts, f"{path}: --format without -f"
            if "--quiet" in opts:
                assert "-q" in opts, f"{path}: --quiet without -q"


def test_help_sentences_are_wrapped_not_broken(run: CliRun) -> None:
    help_text = run("check", "--help").stdout
    assert "Each deck's game: picks its rules; without --db each game's bundled sample" in (
        " ".join(help_text.split())
    )
    assert "[tool.lalcheck]" in help_text  # not swallowed as markup


def test_shell_completion_is_offered(run: CliRun) -> None:
    shown = run("--help").stdout
    assert "--install-completion" in shown and "--show-completion" in shown
    assert "--install-completion" not in run("check", "--help").stdout


def test_completion_completes_commands_that_are_not_imported_yet() -> None:
    env = {"_LALCHECK_COMPLETE": "complete_bash", "COMP_WORDS": "lalcheck co", "COMP_CWORD": "1"}
    done = subprocess.run(
        [sys.executable, "-c", "from lalcheck.cli import main; main()"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **env},
    )
    assert done.stdout.split() == ["collection", "config"]


def test_validation_errors_are_in_the_tools_words(run: CliRun) -> None:
    result = run("check", "--as-of", "2017-13-01", GOOD)
    assert result.exit_code == 2
    assert "'2017-13-01' is not a date; write it as YYYY-MM-DD" in result.output
    assert "%Y" not in result.output


def test_colour_on_a_terminal_unless_no_color(run: CliRun, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("lalcheck.cli.common.stdout_is_terminal", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    coloured = run("check", ILLEGAL).stdout
    assert "\x1b[1;31mILLEGAL\x1b[0m" in coloured and "\x1b[31merror\x1b[0m" in coloured
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run("check", ILLEGAL).stdout
    monkeypatch.undo()
    assert "\x1b[" not in run("check", ILLEGAL).stdout  # not a terminal: no colour


# -- play -------------------------------------------------------------------------------------


def test_play_refuses_an_illegal_deck_unless_forced_as_goldfish_does(run: CliRun) -> None:
    refused = run("play", ILLEGAL, GOOD)
    assert refused.exit_code == 1 and "(--force plays it anyway)" in refused.stderr
    forced = run("play", ILLEGAL, GOOD, "--force")
    assert forced.exit_code == 0 and "playing it anyway (--force)" in forced.stderr
    assert "result: " in forced.stdout


# -- wording ----------------------------------------------------------------------------------


def test_counts_of_one_are_singular(run: CliRun, repo: Path) -> None:
    Path("one.yaml").write_text("main:\n  BT01/002: 1\n", encoding="utf-8")
    shown = run("check", "one.yaml").stdout
    assert "the main deck has 1 card;" in shown and "1 cards" not in shown


def test_copy_limit_names_every_line_of_the_card(run: CliRun) -> None:
    shown = run("check", ILLEGAL).stdout
    assert "5 copies across BT01/002, BT03/001 (lines 6, 7)" in shown


def test_a_tab_in_yaml_is_explained_and_gate_suggests_gates(run: CliRun, repo: Path) -> None:
    Path("tab.yaml").write_text("main:\n\tBT01/002: 4\n", encoding="utf-8")
    Path("gate.yaml").write_text("main:\n  BT01/002: 4\ngate:\n  SD01-G001: 1\n", encoding="utf-8")
    shown = run("check", "tab.yaml", "gate.yaml").stdout
    assert "a tab character, and YAML indents with spaces only; replace the tab" in shown
    assert "unknown section 'gate' is ignored; did you mean gates:?" in shown


def test_the_collection_path_is_shown_when_it_is_created(
    run: CliRun, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = repo / "mine.sqlite3"
    monkeypatch.setenv("LALCHECK_COLLECTION", str(target))
    first = run("collection", "add", "BT01/002")
    assert f"created the collection {target}" in first.stderr
    assert "created" not in run("collection", "add", "BT01/002").stderr


# -- packaging --------------------------------------------------------------------------------


def test_the_license_file_matches_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


# -- start-up ---------------------------------------------------------------------------------


def _imported(*args: str) -> set[str]:
    """The modules a ``lalcheck`` run imports (run as the console script does)."""
    code = (
        "import sys\n"
        f"sys.argv = ['lalcheck', *{list(args)!r}]\n"
        "from lalcheck.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    return set(done.stderr.split())


def test_version_is_answered_before_typer_is_imported() -> None:
    assert "typer" not in _imported("--version")


def test_check_imports_no_heavy_library_nor_other_commands() -> None:
    """Once the bundled database is in the parse cache (the first run puts it there)."""
    _imported("check", str(GOOD))
    modules = _imported("check", str(GOOD))
    heavy = ("rich", "jsonschema", "requests", "rapidfuzz", "matplotlib", "pydantic")
    assert not [m for m in modules if m.split(".")[0] in heavy]
    assert not [
        m for m in modules if ".engine" in m or "goldfish" in m or "lalcheck.collection" in m
    ]
    assert "lalcheck.cli.db" not in modules and "lalcheck.formatters.sarif" not in modules
    assert "lalcheck.games.luck_and_logic.abilities.model" not in modules  # read when needed


def test_help_lists_every_command_without_importing_one(run: CliRun) -> None:
    """``lalcheck --help`` reads the summaries of the command table; each is also the
    command's own short help, and fits an 80-column terminal."""
    modules = _imported("--help")
    assert not [m for m in modules if m.startswith("lalcheck.cli.") and m != "lalcheck.cli.root"]
    listed = run("--help").stdout
    for name, command in COMMANDS.items():
        assert f"  {name:<10}  {command.summary}\n" in listed
        assert len(f"  {name:<10}  {command.summary}") <= 80
        assert load_command(name).get_short_help_str(80) == command.summary


def test_messages_show_the_text_typed_not_escapes(run: CliRun, repo: Path) -> None:
    Path("wide.yaml").write_text("main:\n  Starlit\u3000Prefect Ron: 4\n", encoding="utf-8")
    shown = run("check", "wide.yaml").stdout
    assert "unknown card 'Starlit\u3000Prefect Ron'" in shown
    assert "\\u3000" not in shown
