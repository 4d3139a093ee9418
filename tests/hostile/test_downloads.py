"""Hostile download sites (issue 16), as real servers on 127.0.0.1: bytes trickled
one at a time, slow headers, redirect loops, redirects to file:// and ftp://,
stalls, and what ``--db URL`` says when it falls back to the cached copy."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from lalcheck.db import DatabaseError, fetch
from lalcheck.db.fetch import FetchError, HttpSettings, NetworkError, fetch_database
from lalcheck.errors import UsageError
from tests.conftest import TEST_DB, CliRun
from tests.hostile.guards import time_limit

GOOD = TEST_DB.read_bytes()


class Hostile(BaseHTTPRequestHandler):
    """Each path misbehaves in its own way; ``/good.yaml`` works the first time only."""

    hits: dict[str, int] = {}  # noqa: RUF012 (shared by the handler threads on purpose)

    def log_message(self, format: str, *args: object) -> None:
        """Keep the test output quiet."""

    def _trickle(self, data: bytes) -> None:
        with contextlib.suppress(OSError):
            for byte in data:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.05)

    def _redirect(self, target: str) -> None:
        self.send_response(302)
        self.send_header("Location", target)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self) -> None:
        count = self.hits[self.path] = self.hits.get(self.path, 0) + 1
        if self.path == "/trickle.yaml":
            self.send_response(200)
            self.send_header("Content-Length", str(len(GOOD)))
            self.end_headers()
            self._trickle(GOOD)
        elif self.path == "/slow-headers.yaml":
            with contextlib.suppress(OSError):
                self.wfile.write(b"HTTP/1.1 200 OK\r\n")
                self._trickle(b"X-Slow: " + b"a" * 10_000)
        elif self.path == "/stall.yaml" or (self.path == "/good.yaml" and count > 1):
            self.send_response(200)
            self.send_header("Content-Length", str(len(GOOD)))
            self.end_headers()
            self.wfile.write(GOOD[:100])
            self.wfile.flush()
            time.sleep(5)
        elif self.path == "/loop.yaml":
            self._redirect("/loop.yaml")
        elif self.path == "/to-file.yaml":
            self._redirect("file:///etc/passwd")
        elif self.path == "/to-ftp.yaml":
            self._redirect("ftp://127.0.0.1/cards.yaml")
        elif self.path == "/huge-length.yaml":
            self.send_response(200)
            self.send_header("Content-Length", "9" * 5000)
            self.end_headers()
        elif self.path == "/good.yaml":
            self.send_response(200)
            self.send_header("Content-Length", str(len(GOOD)))
            self.end_headers()
            self.wfile.write(GOOD)


@pytest.fixture
def base(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The hostile server's address; no proxy between it and the tests."""
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    Hostile.hits = {}
    server = ThreadingHTTPServer(("127.0.0.1", 0), Hostile)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def quick() -> HttpSettings:
    """Settings with a deadline of one second (made per test: older code has no deadline)."""
    return HttpSettings(timeout=5.0, retries=2, backoff=0.0, deadline=1.0)


@pytest.mark.parametrize("path", ["/trickle.yaml", "/slow-headers.yaml"])
def test_the_deadline_bounds_a_trickling_download(base: str, path: str) -> None:
    # Each byte comes well within --timeout: only the deadline can stop this.
    with time_limit(60), pytest.raises(NetworkError) as raised:
        fetch_database(base + path, settings=quick())
    assert "did not finish within the deadline of 1 s" in raised.value.message
    assert "--deadline" in str(raised.value)


def test_db_fetch_has_a_deadline_option(run: CliRun, base: str) -> None:
    with time_limit(60):
        result = run("db", "fetch", base + "/trickle.yaml", "--deadline", "1", "--retries", "0")
    assert result.exit_code == 2
    assert "did not finish within the deadline of 1 s" in result.stderr
    assert "--deadline" in run("db", "fetch", "--help").stdout
    assert run("db", "fetch", base + "/good.yaml", "--deadline", "0").exit_code == 2


def test_db_url_takes_its_deadline_from_the_environment(
    run: CliRun, base: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fetch, "DEFAULT_SETTINGS", HttpSettings(retries=0, backoff=0.0))
    monkeypatch.setenv("LALCHECK_DEADLINE", "1")
    with time_limit(60):
        result = run("db", "info", "--db", base + "/slow-headers.yaml")
    assert result.exit_code == 2
    assert "did not finish within the deadline of 1 s" in result.stderr
    monkeypatch.setenv("LALCHECK_DEADLINE", "soon")
    assert (
        "LALCHECK_DEADLINE='soon' is not a number"
        in run("db", "info", "--db", base + "/good.yaml").stderr
    )
    assert HttpSettings().deadline <= 120


@pytest.mark.parametrize(
    ("path", "kind", "message"),
    [
        ("/loop.yaml", NetworkError, "redirects in a loop (more than 30 redirects)"),
        ("/to-file.yaml", FetchError, "redirects to 'file:///etc/passwd', which lalcheck does not"),
        ("/to-ftp.yaml", FetchError, "redirects to 'ftp://127.0.0.1/cards.yaml', which lalcheck"),
    ],
)
def test_redirect_errors_say_what_happened(
    base: str, path: str, kind: type[FetchError], message: str
) -> None:
    with pytest.raises(kind) as raised:
        fetch_database(base + path, settings=quick())
    assert message in raised.value.message
    assert "connection failed" not in raised.value.message


def test_a_stall_is_a_timeout_not_a_broken_transfer(base: str) -> None:
    settings = HttpSettings(timeout=0.5, retries=0, backoff=0.0, deadline=30.0)
    with pytest.raises(NetworkError) as raised:
        fetch_database(base + "/stall.yaml", settings=settings)
    message = raised.value.message
    assert "stopped: the server sent no data for 0.5 s (--timeout)" in message
    assert "broke off" not in message


def test_a_content_length_of_thousands_of_digits_is_not_believed(base: str) -> None:
    with pytest.raises(DatabaseError, match="must hold a mapping"):  # the body is empty
        fetch_database(base + "/huge-length.yaml", settings=quick())


def test_the_fallback_to_the_cache_says_which_error_it_covers(
    run: CliRun, base: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fetch, "DEFAULT_SETTINGS", HttpSettings(timeout=0.5, retries=0))
    assert run("db", "fetch", base + "/good.yaml").exit_code == 0
    result = run("db", "info", "--db", base + "/good.yaml")  # now the server stalls
    assert result.exit_code == 0
    assert result.stderr.startswith(
        f"warning: the download of {base}/good.yaml stopped: the server sent no data for 0.5 s"
    )
    assert "using the cached copy downloaded" in result.stderr


def test_out_of_range_deadlines_are_usage_errors() -> None:
    for seconds in (0.0, -1.0, float("nan"), 1e9):
        with pytest.raises(UsageError, match="--deadline"):
            HttpSettings(deadline=seconds)
