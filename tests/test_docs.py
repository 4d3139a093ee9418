"""The documentation site (mkdocs.yml, docs/) builds strictly and covers what users meet.

- ``mkdocs build --strict`` succeeds: no broken link or anchor, no page left out
  of the navigation, every embedded schema file found.
- Every rule id the package or its bundled data can cite (``R-CON-2``,
  ``RTL-DECK-1``, ``LBS-…``) has an anchor (the id in lower case) in its game's
  rules reference, ``docs/rules/<game>.md``, and every check rule id
  (``copy-limit``) has one on the check-rules page or in a rules reference.
- Every command and subcommand of the real CLI has its page, in the navigation,
  with its generated reference.
- The CI recipes run as written.

The build-based checks skip, saying why, where MkDocs is not installed
(``pip install -e '.[docs]'``); the source-based ones always run.
"""

from __future__ import annotations

import html
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
import typer.main
import yaml
from typer.testing import CliRunner

from lalcheck.cli import app
from tests.anchors import anchors

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
RULES_DOCS = DOCS / "rules"
CHECK_RULES_PAGE = DOCS / "check-rules.md"
COMMAND_PAGES = DOCS / "commands"
#: Where the ids that findings and messages cite are written.
CITING = (ROOT / "lalcheck", ROOT / "data")

#: The prefix of a game's rule ids -> the game, whose reference is docs/rules/<game>.md.
GAMES_BY_PREFIX = {"R": "luck-and-logic", "RTL": "restore-the-luminous", "LBS": "lobasha"}
#: Games whose references their builders are still writing: checked once the file exists.
PENDING_REFERENCES: set[str] = set()
RULE_ID = re.compile(r"\b(?P<prefix>RTL|LBS|R)-[A-Z]+(?:-[A-Z0-9]+)*\b")
#: ``ID = "copy-limit"`` in a rule module.
CHECK_RULE_ID = re.compile(r'^ID(?:\s*:\s*[\w\[\]]+)?\s*=\s*"(?P<id>[a-z][a-z0-9-]*)"', re.M)
#: ``REFERENCE = "R-CON-2"`` in a rule module.
REFERENCE = re.compile(r'^REFERENCE(?:\s*:\s*[\w\[\]]+)?\s*=\s*"(?P<ref>[^"]+)"', re.M)
DIRECTIVE = "::: lalcheck-help"


def source_texts(suffixes: tuple[str, ...] = (".py", ".yaml", ".yml", ".json")) -> Iterator[str]:
    """The text of every file under the citing folders."""
    for folder in CITING:
        for path in sorted(folder.rglob("*")):
            if path.suffix in suffixes and path.is_file():
                yield path.read_text(encoding="utf-8")


def cited_rule_ids() -> dict[str, set[str]]:
    """Every rule id cited anywhere in the package or its data, by game."""
    by_game: dict[str, set[str]] = {game: set() for game in GAMES_BY_PREFIX.values()}
    for text in source_texts():
        for match in RULE_ID.finditer(text):
            by_game[GAMES_BY_PREFIX[match["prefix"]]].add(match[0])
    return by_game


def commands() -> Iterator[tuple[str, ...]]:
    """Every command path of the CLI, depth first: ("check",), ("db",), ("db", "info") …"""
    root = typer.main.get_command(app)

    def walk(command: object, path: tuple[str, ...], context: typer.Context) -> Iterator:
        if path:
            yield path
        if not hasattr(command, "list_commands"):
            return
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            yield from walk(sub, (*path, name), typer.Context(sub, info_name=name, parent=context))

    yield from walk(root, (), typer.Context(root, info_name="lalcheck"))


def nav_pages(node: object) -> Iterator[str]:
    """The page paths of a MkDocs ``nav`` tree."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, list):
        for item in node:
            yield from nav_pages(item)
    elif isinstance(node, dict):
        for value in node.values():
            yield from nav_pages(value)


# -- rule ids ---------------------------------------------------------------------------------


def test_the_rule_id_scan_finds_the_luck_and_logic_ids() -> None:
    """The scan itself works: the ids of the engine and the checker are found."""
    cited = cited_rule_ids()["luck-and-logic"]
    assert {"R-CON-2", "R-CON-11", "R-BAT-4", "R-TURN-0", "R-TRANCE"} <= cited


@pytest.mark.parametrize("game", sorted(set(GAMES_BY_PREFIX.values())))
def test_every_cited_rule_id_has_an_anchor(game: str) -> None:
    cited = cited_rule_ids()[game]
    page = RULES_DOCS / f"{game}.md"
    if not page.exists():
        if game in PENDING_REFERENCES:
            pytest.skip(f"{page.relative_to(ROOT)} not written yet; {len(cited)} ids unchecked")
        pytest.fail(f"{page.relative_to(ROOT)} is missing")
    missing = sorted(rule for rule in cited if rule.lower() not in anchors(page))
    assert not missing, (
        f"{page.relative_to(ROOT)} has no anchor for {', '.join(missing)}: "
        'add `{ #id }` to a heading, or <a id="id"></a>, with the id in lower case'
    )


def test_every_check_rule_id_has_an_anchor() -> None:
    found = {m["id"] for text in source_texts((".py",)) for m in CHECK_RULE_ID.finditer(text)}
    assert {"deck-syntax", "copy-limit", "composition"} <= found
    documented = anchors(CHECK_RULES_PAGE).union(*map(anchors, RULES_DOCS.glob("*.md")))
    missing = sorted(found - documented)
    assert not missing, f"no anchor for the check rules {', '.join(missing)} in docs/"


def test_every_rule_reference_is_explained() -> None:
    """A rule module's REFERENCE is a rule id (anchored above) or is named on the check page."""
    references = {m["ref"] for text in source_texts((".py",)) for m in REFERENCE.finditer(text)}
    assert references
    check_page = CHECK_RULES_PAGE.read_text(encoding="utf-8")
    unexplained = sorted(
        ref for ref in references if not RULE_ID.fullmatch(ref) and ref not in check_page
    )
    assert not unexplained, f"{CHECK_RULES_PAGE.name} does not say what {unexplained} means"


def test_the_contract_exit_codes_and_severities_have_anchors() -> None:
    assert {"exit-codes", "severities", "rules"} <= anchors(CHECK_RULES_PAGE)


# -- commands ---------------------------------------------------------------------------------


def test_every_command_has_a_page_in_the_navigation() -> None:
    nav = set(nav_pages(yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]))
    top_level = sorted({path[0] for path in commands()})
    assert {"check", "goldfish", "collection"} <= set(top_level)
    for name in top_level:
        page = COMMAND_PAGES / f"{name}.md"
        assert page.exists(), f"`lalcheck {name}` has no page: write docs/commands/{name}.md"
        assert f"commands/{name}.md" in nav, f"add commands/{name}.md to the nav of mkdocs.yml"
        text = page.read_text(encoding="utf-8")
        assert f"{DIRECTIVE} {name}\n" in text, f"{page.name} lacks `{DIRECTIVE} {name}`"


# -- the built site ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built with ``mkdocs build --strict`` into a temporary folder."""
    pytest.importorskip("mkdocs", reason="MkDocs is not installed: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="Material for MkDocs is not installed: '.[docs]'")
    folder = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stdout}{result.stderr}"
    return folder


def test_the_site_builds_strictly(site: Path) -> None:
    assert (site / "index.html").exists()
    assert (site / "rules" / "luck-and-logic" / "index.html").exists()


def test_the_anchors_are_rendered(site: Path) -> None:
    """Each anchor written in a rules reference or the check page is an id in its HTML."""
    for page in (CHECK_RULES_PAGE, *RULES_DOCS.glob("*.md")):
        relative = page.relative_to(DOCS).with_suffix("")
        built = site / (relative.parent if relative.name == "index" else relative) / "index.html"
        ids = set(re.findall(r'\bid="([^"]+)"', built.read_text(encoding="utf-8")))
        assert anchors(page) <= ids, f"{page.name}: {sorted(anchors(page) - ids)} not rendered"


def test_every_command_and_option_is_in_the_generated_reference(site: Path) -> None:
    root = typer.main.get_command(app)
    context = typer.Context(root, info_name="lalcheck")
    for path in commands():
        built = (site / "commands" / path[0] / "index.html").read_text(encoding="utf-8")
        if len(path) > 1:
            assert f'id="lalcheck-{"-".join(path)}"' in built, f"lalcheck {' '.join(path)}"
        command, sub_context = root, context
        for name in path:
            command = command.get_command(sub_context, name)
            sub_context = typer.Context(command, info_name=name, parent=sub_context)
        for parameter in command.get_params(sub_context):
            record = parameter.get_help_record(sub_context)
            if record is not None:
                shown = f"<code>{html.escape(record[0], quote=False)}</code>"
                assert shown in built, f"lalcheck {' '.join(path)}: {record[0]}"


# -- CI recipes -------------------------------------------------------------------------------

CI_PAGE = DOCS / "ci.md"
YAML_BLOCK = re.compile(r"^```yaml\n(?P<body>.*?)^```$", re.MULTILINE | re.DOTALL)


def ci_snippets() -> list[object]:
    return [yaml.safe_load(m["body"]) for m in YAML_BLOCK.finditer(CI_PAGE.read_text("utf-8"))]


def lalcheck_lines(node: object) -> Iterator[str]:
    """Every shell line of a CI snippet that runs lalcheck."""
    if isinstance(node, str):
        yield from (line for line in node.splitlines() if line.startswith("lalcheck "))
    elif isinstance(node, list | dict):
        for item in node.values() if isinstance(node, dict) else node:
            yield from lalcheck_lines(item)


def test_the_ci_recipes_have_no_placeholders_to_guess() -> None:
    text = CI_PAGE.read_text(encoding="utf-8")
    assert "OWNER" not in text
    assert not re.search(r"lalcheck(?:\.git)?@v\d", text), "a pin to a release tag"
    assert "pip install lalcheck" not in text, "lalcheck is not on PyPI"
    assert len(ci_snippets()) == 4


def test_the_pre_commit_recipes_name_real_hooks() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    remote, local = (s for s in ci_snippets() if isinstance(s, dict) and "repos" in s)
    remote_hook = remote["repos"][0]["hooks"][0]
    assert remote_hook["id"] in {hook["id"] for hook in hooks}
    re.compile(remote_hook["files"])
    assert remote_hook["args"] == ["--db", "cards.yaml"]
    assert local["repos"][0]["repo"] == "local"


def test_the_ci_recipes_run_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a deck repository (decks/, cards.yaml) every lalcheck line of the recipes exits 0.

    pre-commit hooks get the deck files appended, as pre-commit passes the staged files.
    """
    (tmp_path / "decks").mkdir()
    for deck in (ROOT / "data" / "decks").glob("*.yaml"):
        shutil.copy(deck, tmp_path / "decks" / deck.name)
    shutil.copy(ROOT / "data" / "cards.yaml", tmp_path / "cards.yaml")
    monkeypatch.chdir(tmp_path)
    staged = sorted(f"decks/{path.name}" for path in (tmp_path / "decks").iterdir())
    staged.append("cards.yaml")  # a commit that changes the card list too
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    entries = {hook["id"]: hook["entry"] for hook in hooks}
    runs = []
    for snippet in ci_snippets():
        if isinstance(snippet, dict) and "repos" in snippet:
            for hook in snippet["repos"][0]["hooks"]:
                entry = shlex.split(hook.get("entry") or entries[hook["id"]])
                runs.append([*entry, *hook.get("args", []), *staged])
        else:
            runs += [shlex.split(line.split(" > ")[0]) for line in lalcheck_lines(snippet)]
    assert len(runs) == 5
    runner = CliRunner()
    for words in runs:
        result = runner.invoke(app, words[1:])
        assert result.exit_code == 0, f"{shlex.join(words)}\n{result.output}"
