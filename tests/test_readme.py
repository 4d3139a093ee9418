"""The example sessions of the README and the documentation site print what lalcheck prints.

Every ```console block of README.md and of the pages in docs/ whose first line is a
``$ lalcheck`` command is replayed in a fresh folder holding copies of ``data/`` and
``examples/``: each ``$`` line runs (``lalcheck`` in-process; ``cat``, ``head -N`` and
``> FILE`` as a shell would) and the output shown under it must match. Blocks whose
output cannot be the same on every run (timings) use another fence, such as ```text.

Only what must vary is normalised: sha256 digests, the project's own location (shown
as ``/path/to/lalcheck``) and the user data folder (shown as ``/home/me``).
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lalcheck.cli import app

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
#: The pages whose examples are replayed: the README and every page of the site.
PAGES = (README, *sorted((ROOT / "docs").rglob("*.md")))
#: Folders the examples read, copied into each block's working folder.
COPIED = ("data", "examples")
SHA256 = re.compile(r"\b[0-9a-f]{64}\b")
BLOCK = re.compile(r"^```console\n(?P<body>\$ lalcheck .*?)^```$", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Step:
    """One ``$ command`` of a block and the lines shown under it."""

    command: str
    expected: str


@dataclass(frozen=True)
class Block:
    """A console block of a page and where it starts."""

    page: str
    line: int
    steps: tuple[Step, ...]

    def id(self) -> str:
        return f"{self.page}:{self.line} {self.steps[0].command}"[:90]


def console_blocks(text: str, page: str) -> list[Block]:
    """The replayable console blocks of a Markdown text."""
    blocks = []
    for match in BLOCK.finditer(text):
        steps: list[tuple[str, list[str]]] = []
        for line in match["body"].splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        blocks.append(
            Block(
                page,
                text.count("\n", 0, match.start()) + 1,
                tuple(Step(command, "".join(f"{o}\n" for o in out)) for command, out in steps),
            )
        )
    return blocks


def run_step(command: str, runner: CliRunner) -> str:
    """What the terminal shows for one command, run in the current folder."""
    words = shlex.split(command, comments=True)
    target = None
    if ">" in words:
        words, target = words[: words.index(">")], words[words.index(">") + 1]
    if words[0] == "cat":
        return Path(words[1]).read_text(encoding="utf-8")
    if words[0] == "head":
        lines = Path(words[2]).read_text(encoding="utf-8").splitlines(keepends=True)
        return "".join(lines[: int(words[1].removeprefix("-"))])
    assert words[0] == "lalcheck", f"an example runs {words[0]!r}, which this test cannot"
    result = runner.invoke(app, words[1:], catch_exceptions=False)
    if target is None:
        return result.output
    Path(target).write_text(result.stdout, encoding="utf-8")
    return result.stderr


def normalise(text: str, folder: Path) -> str:
    """Digests and absolute paths as the README shows them."""
    text = text.replace(str(folder), "").replace(str(ROOT), "/path/to/lalcheck")
    return SHA256.sub("<sha256>", text)


BLOCKS = [
    block
    for page in PAGES
    for block in console_blocks(page.read_text(encoding="utf-8"), str(page.relative_to(ROOT)))
]


@pytest.mark.parametrize("block", BLOCKS, ids=Block.id)
def test_readme_example(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in COPIED:
        shutil.copytree(ROOT / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    # The default collection, in the user data folder the README shows.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / "me" / ".local" / "share"))
    runner = CliRunner()
    for step in block.steps:
        shown = normalise(run_step(step.command, runner), tmp_path)
        assert shown == normalise(step.expected, tmp_path), f"$ {step.command}"


def test_the_main_examples_are_replayed() -> None:
    """The check, legal-in, cards, db info and collection examples are among the blocks."""
    commands = {" ".join(step.command.split()[:3]) for block in BLOCKS for step in block.steps}
    for wanted in (
        "lalcheck check --as-of",
        "lalcheck legal-in data/decks/illegal/mixed-worlds.yaml",
        "lalcheck cards show",
        "lalcheck cards search",
        "lalcheck db info",
        "lalcheck collection add",
        "lalcheck collection missing",
    ):
        assert any(command.startswith(wanted) for command in commands), wanted


def test_the_readme_is_an_introduction_that_links_into_the_docs() -> None:
    """What lalcheck is, how to set it up, a short tour; the rest lives in docs/."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 100
    links = re.findall(r"\]\(((?:docs/|LICENSE)[^)#]*)", text)
    assert len(links) >= 8
    for link in links:
        assert (ROOT / link).exists(), link
    assert "pip install lalcheck" not in text  # not on PyPI: installed from the repository
    assert "OWNER" not in text


def test_speed_figures_stay_next_to_the_benchmark_that_measures_them() -> None:
    """The README states no speed figure; the goldfish page's names its benchmark."""
    assert not re.search(r"\d[\d,.]* (?:games|decks)(?: a second|/s)", README.read_text("utf-8"))
    page = (ROOT / "docs" / "commands" / "goldfish.md").read_text(encoding="utf-8")
    speed = page.split("## Speed", 1)[1].split("::: lalcheck-help", 1)[0]
    assert "benchmarks/goldfish.py" in speed and "2,000 games a second" not in speed
