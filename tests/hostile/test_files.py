"""Files that are not lalcheck's (issue 16): read-only collections and full disks,
other programs' SQLite files, and output paths that are not regular files."""

from __future__ import annotations

import ctypes
import os
import resource
import socket
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from lalcheck.atomic import write_atomic
from lalcheck.collection import Holding, open_collection
from lalcheck.collection.schema import APPLICATION_ID, LATEST
from lalcheck.errors import InputError
from tests.conftest import DECKS, TEST_DB, CliRun

DECK = DECKS / "positive" / "base.yaml"
#: Linux capabilities that let root write files whatever their mode.
_OVERRIDES = (1, 2, 3)  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
_PR_CAPBSET_DROP = 24


def _cannot_override_permissions() -> None:
    """In the child: make file modes binding, even for root."""
    if os.geteuid() == 0:
        libc = ctypes.CDLL(None, use_errno=True)
        for capability in _OVERRIDES:
            if libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
                raise OSError(ctypes.get_errno(), "prctl")


def _full_disk() -> None:
    """In the child: no file may grow (what a full disk does to writes)."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def lalcheck(*args: str | Path, limit: Callable[[], None]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lalcheck", *map(str, args)],
        capture_output=True,
        text=True,
        errors="replace",  # a backup on standard output is binary
        preexec_fn=limit,
        timeout=300,
        check=False,
    )


@pytest.fixture
def owned(tmp_path: Path) -> Path:
    """A collection of three rows in a folder of its own."""
    folder = tmp_path / "collection"
    folder.mkdir()
    path = folder / "cards.sqlite3"
    with open_collection(path) as collection:
        collection.add_all(
            [Holding("T01/001", 4), Holding("T01/002", 1, foil=True), Holding("T01/003", 2, 1)]
        )
    return path


READERS = [
    ("collection", "list"),
    ("collection", "stats"),
    ("collection", "export"),
    ("collection", "missing", str(DECK)),
    ("collection", "backup", "-"),
]


@pytest.mark.skipif(
    sys.platform != "linux", reason="file modes bind root only without capabilities"
)
@pytest.mark.parametrize("command", READERS, ids=[" ".join(c[:2]) for c in READERS])
@pytest.mark.parametrize(
    "limit", [_cannot_override_permissions, _full_disk], ids=["read-only", "full disk"]
)
def test_read_only_commands_work_on_a_read_only_file_and_a_full_disk(
    owned: Path, command: tuple[str, ...], limit: Callable[[], None]
) -> None:
    before = owned.read_bytes()
    owned.chmod(0o444)
    owned.parent.chmod(0o555)
    try:
        db = () if command[1] == "backup" else ("--db", TEST_DB)
        result = lalcheck(*command, "--collection", owned, *db, limit=limit)
    finally:
        owned.parent.chmod(0o755)
    assert result.returncode == 0, result.stderr
    assert owned.read_bytes() == before
    if command[1] == "list":
        assert "3 rows · 3 cards · 7 copies · 1 for trade" in result.stdout
    if command[1] == "backup":
        assert result.stdout.startswith("SQLite format 3")


def test_reading_an_older_collection_migrates_it_in_memory_only(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(path)
    connection.executescript(
        "CREATE TABLE cards (number TEXT PRIMARY KEY NOT NULL, quantity INTEGER NOT NULL);"
        f"INSERT INTO cards VALUES ('T01/001', 3); PRAGMA user_version = 1;"
        f"PRAGMA application_id = {APPLICATION_ID};"
    )
    connection.close()
    before = path.read_bytes()
    with open_collection(path, read_only=True) as collection:
        assert collection.holdings() == (Holding("T01/001", 3),)
    assert path.read_bytes() == before


def foreign_file(path: Path, *, user_version: int, application_id: int) -> bytes:
    """An SQLite file in rollback-journal mode, as another program would leave it."""
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE notes (body TEXT)")
    connection.execute("INSERT INTO notes VALUES ('not ours')")
    connection.execute(f"PRAGMA user_version = {user_version}")
    connection.execute(f"PRAGMA application_id = {application_id}")
    connection.commit()
    connection.close()
    return path.read_bytes()


@pytest.mark.parametrize(
    ("user_version", "application_id", "message"),
    [
        (0, 0, "is an SQLite database but not a lalcheck collection"),
        (7, 0, "is an SQLite database but not a lalcheck collection"),
        (0, 0x12345678, "is an SQLite database but not a lalcheck collection"),
        (LATEST + 1, APPLICATION_ID, f"has collection schema version {LATEST + 1}"),
    ],
)
@pytest.mark.parametrize("command", ["list", "add"])
def test_a_foreign_sqlite_file_is_refused_untouched(
    run: CliRun, tmp_path: Path, user_version: int, application_id: int, message: str, command: str
) -> None:
    path = tmp_path / "other.sqlite3"
    before = foreign_file(path, user_version=user_version, application_id=application_id)
    args = ("T01/001",) if command == "add" else ()
    result = run("collection", command, *args, "--collection", path, "--db", TEST_DB)
    assert result.exit_code == 2 and message in result.stderr
    assert path.read_bytes() == before  # still in rollback-journal mode: no switch to WAL
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite3"]


@pytest.mark.parametrize("command", ["list", "add"])
def test_an_empty_file_is_not_made_a_collection(run: CliRun, tmp_path: Path, command: str) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    args = ("T01/001",) if command == "add" else ()
    result = run("collection", command, *args, "--collection", path, "--db", TEST_DB)
    assert result.exit_code == 2
    assert "is an empty file, not a lalcheck collection; delete it to start" in result.stderr
    assert path.read_bytes() == b""


def test_a_new_collection_appears_complete(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    with open_collection(path) as collection:
        header = path.read_bytes()[:100]
        assert header.startswith(b"SQLite format 3\x00") and header[18:20] == b"\x02\x02"
        assert int.from_bytes(header[68:72], "big") == APPLICATION_ID
        collection.add(Holding("T01/001", 1))
    assert [p.name for p in tmp_path.iterdir()] == ["new.sqlite3"]


def _special_files(folder: Path) -> dict[str, Callable[[int], bool]]:
    """Output paths that are not regular files, and how to tell each is still one."""
    made: dict[str, Callable[[int], bool]] = {}
    os.mkfifo(folder / "fifo")
    made["fifo"] = stat.S_ISFIFO
    (folder / "to-fifo").symlink_to(folder / "fifo")
    made["to-fifo"] = stat.S_ISLNK
    (folder / "dangling").symlink_to(folder / "nowhere")
    made["dangling"] = stat.S_ISLNK
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(folder / "socket"))
    server.close()
    made["socket"] = stat.S_ISSOCK
    for name, minor in (("null", 3), ("full", 7)):  # copies of /dev/null and /dev/full
        try:
            os.mknod(folder / name, stat.S_IFCHR | 0o666, os.makedev(1, minor))
        except PermissionError:
            continue
        made[name] = stat.S_ISCHR
    return made


def test_only_regular_files_are_replaced(run: CliRun, tmp_path: Path) -> None:
    for name, still in _special_files(tmp_path).items():
        target = tmp_path / name
        for command in (
            ("export", DECK, "--db", TEST_DB, "-o", target, "--force"),
            ("db", "import", Path("tests/fixtures/cardlist-en.csv").resolve(), "-o", target),
            ("db", "lock", "--db", TEST_DB, "-o", target),
        ):
            result = run(*command)
            assert result.exit_code == 2, (name, result.output)
            assert "not a regular file" in result.stderr or "does not exist" in result.stderr
            assert still(os.lstat(target).st_mode), f"{name} was replaced"
        with pytest.raises(InputError):
            write_atomic(target, b"data")
        assert still(os.lstat(target).st_mode)


def test_a_link_to_a_regular_file_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_atomic(link, b"new")
    assert link.is_symlink() and real.read_text() == "new"


@pytest.mark.parametrize(
    "command",
    [
        ("export", DECK, "--db", TEST_DB, "-o", "-"),
        ("db", "lock", "--db", TEST_DB, "-o", "-"),
        ("db", "import", Path("tests/fixtures/cardlist-en.csv").resolve(), "-o", "-"),
        ("collection", "export", "-o", "-", "--db", TEST_DB),
        ("collection", "backup", "-"),
    ],
    ids=["export", "db lock", "db import", "collection export", "collection backup"],
)
def test_dash_is_standard_output(
    run: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    monkeypatch.chdir(tmp_path)
    with open_collection(tmp_path / "c.sqlite3") as collection:
        collection.add(Holding("T01/001", 2))
    monkeypatch.setenv("LALCHECK_COLLECTION", str(tmp_path / "c.sqlite3"))
    result = run(*command)
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "-").exists()
    assert result.stdout_bytes  # the output itself, and nothing else, is on stdout
    assert not any(word in result.stdout for word in ("wrote", "locked", "exported", "backed up"))


def test_a_full_standard_output_is_a_clear_error(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "lalcheck", "export", DECK, "--db", TEST_DB, "-o", "-"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
            check=False,
        )
    assert result.returncode == 2
    assert "No space left on device" in result.stderr and "Traceback" not in result.stderr


def test_a_new_collection_without_hard_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(*args: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "new.sqlite3"
    with open_collection(path) as collection:
        collection.add(Holding("T01/001", 2))
    assert [p.name for p in tmp_path.iterdir()] == ["new.sqlite3"]  # no file left beside it
    with open_collection(path, read_only=True) as collection:
        assert collection.holdings() == (Holding("T01/001", 2),)
