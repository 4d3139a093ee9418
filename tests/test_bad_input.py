"""Bad input to every command: a clear message and the right exit code, never a traceback,
a half-written file or a changed collection.

Each case runs one command line against a folder of broken files (``{name}`` in an
argument is the path of file ``name`` there) with the bundled sample database and a
collection that holds three copies of BT01/008. Every case must fail, so nothing in
that folder may change.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from typer.core import TyperGroup
from typer.main import get_command

from lalcheck.cli import app
from lalcheck.collection import Holding, open_collection
from lalcheck.games.luck_and_logic import GAME
from tests.conftest import CliRun

ROOT = Path(__file__).parent.parent
GOOD = str(ROOT / "data" / "decks" / "monolium-rush.yaml")
ILLEGAL = str(ROOT / "data" / "decks" / "illegal" / "too-many-copies.yaml")
OUT_OF_REACH = "{a_file}/out.txt"  # under a regular file: no folder can be made there
CSV_IMPORT = ("db", "import", "{cardlist.csv}", "-o", "{out.yaml}")
FETCH = ("db", "fetch", "http://127.0.0.1:9/cards.yaml")  # each case fails before connecting
ADD_TO = ("collection", "add", "BT01/008", "--collection")
BACKUP = ("collection", "backup", "{b.sqlite3}")
EXPORT_TO = ("collection", "export", "-o")


def _sample_db(**changes: object) -> str:
    """The sample database with the first card's fields changed, as YAML."""
    data = yaml.safe_load(GAME.sample_database.read_text(encoding="utf-8"))
    data["cards"][0].update(changes)
    return yaml.safe_dump(data, allow_unicode=True)


#: The broken (and a few good) files each case may name.
FILES: dict[str, str | bytes] = {
    "a_file": "just text\n",
    "empty.yaml": "",
    "binary.bin": bytes(range(256)) * 4,
    "latin1.yaml": "main:\n  BT01/008: 1\nname: Caf\xe9\n".encode("latin-1"),
    "malformed.yaml": "main: [\n  BT01/008: 1\n",
    "list.yaml": "- main\n- gates\n",
    "huge.yaml": "# padding\n" * 30_000,
    "two-docs.yaml": "---\nmain: {}\n---\ngates: {}\n",
    "counts.yaml": "main:\n  BT01/008: 99999999999\n  BT01/002: -3\n  BT01/003: 1.5\n",
    "unknown.yaml": "main:\n  BT01/0004: 4\ngates:\n  SD01-G001: 2\n",
    "bad.txt": "4 BT01/002\nfoo bar\n4 NOPE/1\n-4 BT01/003\n",
    "ok.txt": "4 BT01/002\n",
    "exists.yaml": "kept\n",
    "broken-db.yaml": "format: 1\ngame: luck-and-logic\nname: x\nversion: 1\ncards:\n"
    "  - number: A\n    type: wizard\n",
    "bad-date-db.yaml": _sample_db(release="2017-13-45"),
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "bad-json.json": '{"format": 1,',
    "regulation.yaml": "id: broken\n",
    "bad-date-reg.yaml": (ROOT / "data" / "regulations" / "2017-02-26.yaml")
    .read_text(encoding="utf-8")
    .replace("effective: 2017-02-26", "effective: 2017-02-30"),
    "bad-rows.csv": "number,quantity\nBT01/008,2\nBT01/002,-1\nBT01/003,abc\nNOPE,1\n",
    "bad-header.csv": "quantity,colour\n1,red\n",
    "cardlist.csv": "NAME,TYPE\nx,LOGICALIST\n",
}
FILES["cardlist-bad.csv"] = (ROOT / "tests" / "fixtures" / "cardlist-en-bad.csv").read_bytes()


@dataclass(frozen=True)
class Case:
    """A command line that must fail with ``code`` and print ``message``."""

    args: tuple[str, ...]
    code: int
    message: str
    env: dict[str, str] = field(default_factory=dict)

    def id(self) -> str:
        return " ".join(self.args)[:80]


def case(*args: str, code: int, message: str, **env: str) -> Case:
    return Case(args, code, message, env)


CASES = [
    # check: unreadable decks are findings (exit 1), unusable input outside them exit 2;
    # a deck path that does not exist is a usage error
    case("check", "{missing.yaml}", code=2, message="missing.yaml: no such file or folder"),
    case("check", "{empty.yaml}", code=1, message="the deck file is empty"),
    case("check", "{binary.bin}", code=1, message="is not UTF-8 text (bad byte 0x80)"),
    case("check", "{latin1.yaml}", code=1, message="line 3    error   deck-syntax"),
    case("check", "{malformed.yaml}", code=1, message="invalid YAML"),
    case("check", "{list.yaml}", code=1, message="1 error"),
    case(
        "check",
        "{huge.yaml}",
        code=1,
        message="over the size limit of 262,144 bytes for a deck file",
    ),
    case("check", "/dev/zero", code=1, message="/dev/zero is a device, not a regular file"),
    case("check", "{two-docs.yaml}", code=1, message="expected a single document in the"),
    case("check", "{counts.yaml}", code=1, message="copies is more than a whole deck (50)"),
    case("check", "{unknown.yaml}", code=1, message="unknown card 'BT01/0004'; did you mean"),
    case("check", OUT_OF_REACH, code=2, message="out.txt: no such file or folder"),
    case("check", "{folder}", code=2, message="no deck files (*.yaml, *.yml, *.json) found in"),
    case("check", "--db", "{broken-db.yaml}", GOOD, code=2, message="broken-db.yaml:7: cards[0]"),
    case("check", "--db", "{bad-date-db.yaml}", GOOD, code=2, message="is not a 'date'"),
    case("check", "--db", "{deep.json}", GOOD, code=2, message="invalid JSON: nested too deeply"),
    case("check", "--db", "{bad-json.json}", GOOD, code=2, message="bad-json.json: invalid JSON"),
    case("check", "--db", "{binary.bin}", GOOD, code=2, message="is not valid:\n  "),
    case("check", "--db", "{missing.yaml}", GOOD, code=2, message="does not exist: check the"),
    case("check", "--db", "{folder}", GOOD, code=2, message="is a directory, not a file"),
    case("check", GOOD, code=2, message="card database", LALCHECK_DB="{broken-db.yaml}"),
    case("check", "--regulation", "{missing.yaml}", GOOD, code=2, message="regulation file"),
    case("check", "--regulation", "{folder}", GOOD, code=2, message="is a directory"),
    case("check", "--regulation", "{regulation.yaml}", GOOD, code=2, message="'effective' is"),
    case("check", "--regulation", "2099-01-01", GOOD, code=2, message="unknown regulation"),
    case("check", "--regulation", "{bad-date-reg.yaml}", GOOD, code=2, message="is not a 'date'"),
    case("check", "--as-of", "2017-13-01", GOOD, code=2, message="is not a date; write it as"),
    case("check", "--format", "xml", GOOD, code=2, message="Invalid value for '--format'"),
    case("check", "--lock", "{binary.bin}", GOOD, code=2, message="is not UTF-8 text"),
    case("check", "--lock", "{list.yaml}", GOOD, code=2, message="is not a lalcheck lock file"),
    # legal-in
    case("legal-in", "{missing.yaml}", code=2, message="missing.yaml: no such file or folder"),
    case("legal-in", "{folder}", code=2, message="no deck files"),
    case("legal-in", "--db", "{broken-db.yaml}", GOOD, code=2, message="is not valid"),
    # import / export
    case("import", "{missing.txt}", code=2, message="missing.txt does not exist"),
    case("import", "{folder}", code=2, message="is a directory, not a file"),
    case(
        "import",
        "{binary.bin}",
        code=2,
        message="is not UTF-8 or CP932 (Shift-JIS) text (bad byte 0x80)",
    ),
    case("import", "{bad.txt}", code=1, message="bad.txt:4: -4 copies of BT01/003: a count"),
    case("import", "{empty.yaml}", code=1, message="no cards found"),
    case("import", "{ok.txt}", "-o", OUT_OF_REACH, code=2, message="is a file, not a folder"),
    case("import", "{ok.txt}", "-o", "{folder}", code=2, message="is a directory; name the"),
    case("import", "{ok.txt}", "-o", "{exists.yaml}", code=2, message="pass --force"),
    case("import", "{ok.txt}", "-o", "{nowhere}/deck.yaml", code=2, message="does not exist"),
    case("import", "--db", "{broken-db.yaml}", "{ok.txt}", code=2, message="is not valid"),
    case("export", "{missing.yaml}", code=2, message="missing.yaml does not exist"),
    case("export", "{binary.bin}", code=2, message="is not UTF-8 text"),
    case("export", "{counts.yaml}", code=2, message="counts.yaml:2: BT01/008: 9999"),
    case("export", "{unknown.yaml}", code=2, message="unknown.yaml:2: unknown card 'BT01/0004'"),
    case("export", "{list.yaml}", code=2, message="list.yaml:1: a deck file must be a mapping"),
    case("export", GOOD, "-o", OUT_OF_REACH, code=2, message="is a file, not a folder"),
    case("export", GOOD, "--format", "pdf", code=2, message="Invalid value for '--format'"),
    # play, goldfish, draw
    case("play", "{missing.yaml}", GOOD, code=2, message="does not exist: check the path"),
    case("play", ILLEGAL, GOOD, code=1, message="is not a legal deck"),
    case("play", "{malformed.yaml}", GOOD, code=2, message="malformed.yaml:3: invalid YAML"),
    case("goldfish", "{missing.yaml}", code=2, message="does not exist: check the path"),
    case("goldfish", "{empty.yaml}", code=2, message="empty.yaml:1: the deck file is empty"),
    case("goldfish", ILLEGAL, "--games", "2", code=1, message="--force plays it anyway"),
    case("goldfish", GOOD, "--games", "0", code=2, message="Invalid value for '--games'"),
    case("goldfish", GOOD, "--games", str(10**20), code=2, message="is not in the range"),
    case("goldfish", GOOD, "--jobs", "100000", code=2, message="Invalid value for '--jobs'"),
    case("goldfish", GOOD, "--log", str(10**9), code=2, message="Invalid value for '--log'"),
    case("goldfish", GOOD, "--policy", "bogus", code=2, message="unknown policy 'bogus'"),
    case("goldfish", GOOD, "--plot", OUT_OF_REACH, code=2, message="is a file, not a folder"),
    case("goldfish", GOOD, "--opponent-gates", "{missing.yaml}", code=2, message="not exist"),
    case("goldfish", GOOD, "--query", "a paradox by own", code=2, message="query column 17:"),
    case("goldfish", GOOD, "--query", "a BT01/0002 by own turn 2", code=2, message="did you mean"),
    case("goldfish", GOOD, "--opponent", "{missing.yaml}", code=2, message="does not exist"),
    case("goldfish", GOOD, "--opponent", ILLEGAL, code=1, message="--force plays it anyway"),
    case("goldfish", GOOD, "--opponent", "golem", code=2, message="passive, wall or a deck"),
    case("goldfish", GOOD, "--wall-members", "99", code=2, message="--wall-members must be"),
    case("goldfish", GOOD, "--opponent", "passive", "--wall-power", "1", code=2, message="wall"),
    case("play", GOOD, GOOD, "--games", "0", code=2, message="Invalid value for '--games'"),
    case("play", GOOD, GOOD, "--policy-a", "bogus", code=2, message="unknown policy 'bogus'"),
    case("goldfish", GOOD, "--db", "{bad-date-db.yaml}", code=2, message="is not a 'date'"),
    case("draw", "{binary.bin}", code=2, message="is not UTF-8 text"),
    case("draw", "{unknown.yaml}", code=2, message="unknown card 'BT01/0004'"),
    case("draw", GOOD, "--turns", "0", code=2, message="Invalid value for '--turns'"),
    # simulate (a game without decks)
    case("simulate", code=2, message="Missing option '--game'"),
    case("simulate", "--game", "lobasha", "--players", "13", code=2, message="from 2 to 12"),
    case("simulate", "--game", "lobasha", "--games", "0", code=2, message="Invalid value"),
    case("simulate", "--game", "lobasha", "--policy", "x=y", code=2, message="unknown role 'x'"),
    case("simulate", "--game", "chess", code=2, message="unknown game 'chess'"),
    # db
    case("db", "info", "--db", "{broken-db.yaml}", code=2, message="is not valid"),
    case("db", "info", code=2, message="is not UTF-8 text", LALCHECK_DB="{binary.bin}"),
    case("db", "validate", "{missing.yaml}", code=2, message="does not exist: check the path"),
    case(
        "db",
        "validate",
        "{bad-date-db.yaml}",
        code=2,
        message="cards[0].release: '2017-13-45' is not a 'date'",
    ),
    case("db", "validate", "{empty.yaml}", code=2, message="must hold a mapping"),
    case("db", "import", "{missing.csv}", "-o", "{out.yaml}", code=2, message="does not exist"),
    case("db", "import", "{binary.bin}", "-o", "{out.yaml}", code=2, message="or CP932"),
    case(*CSV_IMPORT, code=2, message="missing column CARD NO."),
    case("db", "import", "{cardlist-bad.csv}", "-o", "{out.yaml}", code=1, message="8 problems"),
    case("db", "import", "{cardlist.csv}", "-o", OUT_OF_REACH, code=2, message="not a folder"),
    case("db", "import", "{cardlist.csv}", "-o", "{folder}", code=2, message="is a directory"),
    case(*CSV_IMPORT, "--encoding", "nope", code=2, message="unknown encoding 'nope'"),
    case("db", "fetch", "ftp://example.org/c.yaml", code=2, message="not an http:// or https://"),
    case(*FETCH, "--timeout", "1e400", code=2, message="--timeout inf is out of range"),
    case(*FETCH, "--retries", str(10**20), code=2, message="is out of range; give 0 to 20"),
    case(*FETCH, "--sha256", "abc", code=2, message="is not a sha256"),
    case(*FETCH, "-o", OUT_OF_REACH, code=2, message="is a file, not a folder"),
    case("db", "lock", "-o", OUT_OF_REACH, code=2, message="is a file, not a folder"),
    case("db", "lock", "--db", "{broken-db.yaml}", code=2, message="is not valid"),
    case("db", "coverage", "--db", "{broken-db.yaml}", code=2, message="is not valid"),
    case("db", "coverage", "--db", "{missing.yaml}", code=2, message="does not exist"),
    case("db", "diff", "{missing.yaml}", "{bad-date-db.yaml}", code=2, message="does not exist"),
    case("db", "diff", "{broken-db.yaml}", "{bad-date-db.yaml}", code=2, message="is not valid"),
    # cards
    case("cards", "show", "NOPE/001", code=1, message="unknown card 'NOPE/001'"),
    case("cards", "show", "BT01/008", "--db", "{deep.json}", code=2, message="nested too deep"),
    case("cards", "search", "--set", "NOPE", code=2, message="unknown set 'NOPE'; sets: BT01"),
    case("cards", "search", "--world", "Mars", code=2, message="unknown world 'Mars'"),
    case("cards", "search", "--limit", "0", code=2, message="Invalid value for '--limit'"),
    case("cards", "search", "--game", "chess", code=2, message="unknown game 'chess'"),
    # games
    case("games", "--format", "xml", code=2, message="Invalid value for '--format'"),
    # collection
    case("collection", "add", "NOPE/001", code=1, message="unknown card 'NOPE/001'"),
    case("collection", "add", "BT01/008", "0", code=2, message="Invalid value for 'QUANTITY'"),
    case("collection", "add", "BT01/008", str(10**20), code=2, message="is not in the range"),
    case("collection", "add", "BT01/008", "2", "--trade", "5", code=2, message="5 copies for"),
    case("collection", "add", "BT01/008", "--language", "!!", code=2, message="bad language"),
    case(*ADD_TO, "{binary.bin}", code=2, message="is not a lalcheck collection"),
    case(*ADD_TO, OUT_OF_REACH, code=2, message="is a file, not a folder"),
    case(*ADD_TO, "{folder}", code=2, message="is a folder; give a file name"),
    case("collection", "remove", "BT01/008", "5", code=1, message="holds 3 (NM, ja); nothing"),
    case("collection", "remove", "BT01/002", code=1, message="is not in the collection"),
    case("collection", "list", "--set", "NOPE", code=2, message="unknown set 'NOPE'"),
    case("collection", "list", "--collection", OUT_OF_REACH, code=2, message="not a folder"),
    case("collection", "import", "{bad-rows.csv}", code=1, message="bad-rows.csv:3: quantity"),
    case("collection", "import", "{bad-header.csv}", code=1, message="missing required column"),
    case("collection", "import", "{missing.csv}", code=2, message="does not exist"),
    case("collection", "import", "{binary.bin}", code=2, message="is not UTF-8 text"),
    case("collection", "import", "{folder}", code=2, message="is a directory, not a file"),
    case("collection", "export", "-o", OUT_OF_REACH, code=2, message="is a file, not a folder"),
    case("collection", "export", "-o", "{exists.yaml}", code=2, message="pass --force"),
    case(*EXPORT_TO, "{collection.sqlite3}", "--force", code=2, message="is the collection"),
    case("collection", "missing", "{unknown.yaml}", code=2, message="unknown card 'BT01/0004'"),
    case("collection", "missing", "{folder}", code=2, message="no deck files"),
    case("collection", "missing", "{huge.yaml}", code=2, message="over the size limit"),
    case("collection", "stats", "--collection", "{binary.bin}", code=2, message="not an SQLite"),
    case("collection", "backup", OUT_OF_REACH, code=2, message="is a file, not a folder"),
    case("collection", "backup", "{folder}", code=2, message="is a directory; name the file"),
    case(*BACKUP, "--collection", "{none.sqlite3}", code=2, message="nothing to back up"),
    case("collection", "backup", "{collection.sqlite3}", "--force", code=2, message="itself"),
    # schema, config
    case("schema", "nope", code=2, message="there is no bundled schema 'nope'; schemas: cards"),
    case("config", "--format", "xml", code=2, message="Invalid value for '--format'"),
]


def _snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file's bytes; SQLite's own -wal and -shm files, which a read-only
    reader of the collection may leave beside it, are not user files."""
    return {
        str(path.relative_to(folder)): None if path.is_dir() else path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if not path.name.endswith(("-wal", "-shm"))
    }


@pytest.fixture
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of broken files, an empty folder and a collection of 3 × BT01/008."""
    for name, content in FILES.items():
        target = tmp_path / name
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")
    (tmp_path / "folder").mkdir()
    collection = tmp_path / "collection.sqlite3"
    with open_collection(collection) as owned:
        owned.add(Holding("BT01/008", 3))
    monkeypatch.setenv("LALCHECK_COLLECTION", str(collection))
    return tmp_path


def _fill(text: str, folder: Path) -> str:
    """``text`` with each ``{name}`` replaced by the path of ``name`` in ``folder``."""
    return re.sub(r"\{([^{}]+)\}", lambda name: str(folder / name[1]), text)


@pytest.mark.parametrize("bad", CASES, ids=Case.id)
def test_bad_input_is_a_clear_error(
    run: CliRun, broken: Path, monkeypatch: pytest.MonkeyPatch, bad: Case
) -> None:
    for name, value in bad.env.items():
        monkeypatch.setenv(name, _fill(value, broken))
    before = _snapshot(broken)
    result = run(*(_fill(arg, broken) for arg in bad.args))
    assert "Traceback" not in result.output
    assert result.exit_code == bad.code, result.output
    assert _fill(bad.message, broken) in result.output
    if bad.code == 2 and result.stderr.startswith("error: "):
        # one message naming the problem, not a usage screen or a report
        assert not result.stdout
    assert _snapshot(broken) == before  # nothing written, nothing half-written


def test_every_command_is_covered() -> None:
    """Each command of ``lalcheck --help`` has at least one bad-input case."""
    root = get_command(app)
    assert isinstance(root, TyperGroup)
    commands = set()
    for name, command in root.commands.items():
        sub = command.commands if isinstance(command, TyperGroup) else {}
        commands |= {f"{name} {s}" for s in sub} if sub else {name}
    covered = {" ".join(c.args[:2]) for c in CASES} | {c.args[0] for c in CASES}
    assert commands - covered == set()


def test_messages_of_json_decks_are_reports(run: CliRun, broken: Path) -> None:
    """Unreadable decks stay findings in the JSON report, next to the readable ones."""
    paths = [broken / "binary.bin", broken / "empty.yaml", Path(GOOD)]
    result = run("check", "--format", "json", *paths)
    assert result.exit_code == 1
    decks = json.loads(result.stdout)["decks"]
    assert [deck["legal"] for deck in decks] == [False, False, True]
    assert [deck["findings"][0]["rule"] for deck in decks[:2]] == ["deck-syntax"] * 2


def test_abilities_read_late_from_a_stale_cache_are_an_input_error(tmp_path: Path) -> None:
    """A card's abilities are read when first needed; a parse-cache entry written by
    another build of lalcheck (or edited, its checksum recomputed) that the reader
    cannot walk is unusable input naming the card and the fix, never a crash."""
    environment = {**os.environ, "LALCHECK_CACHE_DIR": str(tmp_path)}
    lalcheck = [sys.executable, "-c", "from lalcheck.cli import main; main()"]
    subprocess.run([*lalcheck, "cards", "show", "BT01/001"], env=environment, check=True)
    (entry,) = (tmp_path / "databases").iterdir()
    header, _, body = entry.read_bytes().partition(b"\n")
    document, meta = json.loads(body), json.loads(header)
    for card in document["cards"]:
        for ability in card.get("effects", ()):
            ability["kind"] = "an older kind"
    body = json.dumps(document).encode("utf-8")
    meta["body_sha256"] = hashlib.sha256(body).hexdigest()
    entry.write_bytes(json.dumps(meta).encode("utf-8") + b"\n" + body)
    for command in (["cards", "show", "BT01/001"], ["db", "coverage"]):
        done = subprocess.run(
            [*lalcheck, *command], env=environment, capture_output=True, text=True, check=False
        )
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith("error: card BT01/001: its abilities do not have the shape")
        assert f"its parse cache is stale: delete {tmp_path}" in done.stderr
        assert "Traceback" not in done.stderr
