"""``lalcheck db fetch`` and ``--db URL`` against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import hashlib
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from lalcheck import __version__
from lalcheck.db import fetch
from lalcheck.db.fetch import FetchError, HttpSettings, NetworkError, fetch_database
from lalcheck.errors import UsageError
from tests.conftest import TEST_DB, CliRun

GOOD = TEST_DB.read_bytes()
NEWER = GOOD.replace(b"version: t1", b"version: t2")
INVALID = b"format: 1\ngame: luck-and-logic\nname: broken\nversion: 1\ncards:\n  - {number: X}\n"
OLD_FILE = b"# the previous database\n" + GOOD
LAST_MODIFIED = "Wed, 01 Nov 2017 10:00:00 GMT"
#: Fast retries for tests: no waiting between attempts.
FAST = HttpSettings(timeout=5.0, retries=2, backoff=0.0)


@dataclass
class Route:
    """What the server answers on one path."""

    body: bytes
    etag: str | None = None
    last_modified: str | None = None
    failures: int = 0  # answer 500 this many times first
    status: int = 200
    content_length: int | None = None  # announce this length instead of the body's
    send_length: bool = True


@dataclass
class Site:
    """The routes of the test server and the requests it saw."""

    routes: dict[str, Route] = field(default_factory=dict)
    seen: list[tuple[str, dict[str, str], int]] = field(default_factory=list)
    base: str = ""

    def url(self, path: str) -> str:
        return self.base + path

    def statuses(self, path: str) -> list[int]:
        return [status for seen, _, status in self.seen if seen == path]


class Handler(BaseHTTPRequestHandler):
    server: Server

    def do_GET(self) -> None:
        route = self.server.site.routes.get(self.path)
        status = self._status(route)
        self.server.site.seen.append((self.path, dict(self.headers), status))
        self.send_response(status)
        if route is None or status != 200:
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if route.etag:
            self.send_header("ETag", route.etag)
        if route.last_modified:
            self.send_header("Last-Modified", route.last_modified)
        if route.send_length:
            length = route.content_length or len(route.body)
            self.send_header("Content-Length", str(length))
        self.end_headers()
        self.wfile.write(route.body)

    def _status(self, route: Route | None) -> int:
        if route is None:
            return 404
        if route.failures > 0:
            route.failures -= 1
            return 500
        if route.etag and self.headers.get("If-None-Match") == route.etag:
            return 304
        if route.last_modified and self.headers.get("If-Modified-Since") == route.last_modified:
            return 304
        return route.status

    def log_message(self, format: str, *args: object) -> None:
        """Keep the test output quiet."""


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, site: Site) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.site = site


@pytest.fixture(autouse=True)
def fast_and_direct(monkeypatch: pytest.MonkeyPatch) -> None:
    """No waiting between retries, and no proxy between the tests and 127.0.0.1."""
    monkeypatch.setattr(fetch, "DEFAULT_SETTINGS", FAST)
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")


def start(site: Site) -> Server:
    server = Server(site)
    site.base = f"http://127.0.0.1:{server.server_address[1]}"
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    return server


@pytest.fixture
def site() -> Iterator[Site]:
    site = Site()
    server = start(site)
    yield site
    server.shutdown()
    server.server_close()


@pytest.fixture
def closed_port() -> int:
    """A port that was just free: nothing listens on it."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


@pytest.fixture
def previous(tmp_path: Path) -> Path:
    """The database file a fetch would replace."""
    path = tmp_path / "cards.yaml"
    path.write_bytes(OLD_FILE)
    return path


def fetch_cli(run: CliRun, url: str, *args: str | Path) -> tuple[int, str, str]:
    result = run("db", "fetch", url, *args)
    return result.exit_code, result.stdout, result.stderr


def test_fetch_validates_and_replaces_the_file(run: CliRun, site: Site, previous: Path) -> None:
    site.routes["/cards.yaml"] = Route(GOOD, etag='"v1"')
    code, out, _ = fetch_cli(run, site.url("/cards.yaml"), "-o", previous)
    assert code == 0
    assert "downloaded: 'lalcheck test cards' version t1, 33 cards" in out
    assert previous.read_bytes() == GOOD
    (_, headers, _), *_ = site.seen
    assert headers["User-Agent"] == f"lalcheck/{__version__}"
    assert not list(previous.parent.glob(".*.tmp"))  # no temporary file left behind


def test_etag_makes_the_next_fetch_conditional(run: CliRun, site: Site, previous: Path) -> None:
    site.routes["/cards.yaml"] = Route(GOOD, etag='"v1"')
    url = site.url("/cards.yaml")
    assert fetch_cli(run, url)[0] == 0
    code, out, _ = fetch_cli(run, url, "-o", previous)
    assert code == 0 and "not modified since the last fetch" in out
    assert site.statuses("/cards.yaml") == [200, 304]
    assert site.seen[1][1]["If-None-Match"] == '"v1"'
    assert previous.read_bytes() == GOOD  # written from the cached copy
    site.routes["/cards.yaml"] = Route(NEWER, etag='"v2"')
    assert fetch_database(url).database.info.version == "t2"
    assert site.statuses("/cards.yaml") == [200, 304, 200]


def test_last_modified_makes_the_next_fetch_conditional(site: Site) -> None:
    site.routes["/cards.yaml"] = Route(GOOD, last_modified=LAST_MODIFIED)
    url = site.url("/cards.yaml")
    assert fetch_database(url).downloaded
    again = fetch_database(url)
    assert not again.downloaded and again.database.info.version == "t1"
    assert site.seen[1][1]["If-Modified-Since"] == LAST_MODIFIED
    assert site.statuses("/cards.yaml") == [200, 304]


def test_a_500_recovers_on_retry(run: CliRun, site: Site, previous: Path) -> None:
    site.routes["/flaky.yaml"] = Route(GOOD, failures=2)
    code, _, _ = fetch_cli(run, site.url("/flaky.yaml"), "-o", previous)
    assert code == 0 and previous.read_bytes() == GOOD
    assert site.statuses("/flaky.yaml") == [500, 500, 200]


def test_retries_back_off(site: Site) -> None:
    site.routes["/flaky.yaml"] = Route(GOOD, failures=2)
    started = time.monotonic()
    fetch_database(site.url("/flaky.yaml"), settings=HttpSettings(retries=2, backoff=0.1))
    assert time.monotonic() - started >= 0.2  # urllib3 waits 0, then 2 x 0.1 s


def expect_failure(
    run: CliRun, url: str, previous: Path, *args: str, message: str
) -> tuple[str, str]:
    """Fetch into ``previous``: exit 2 with ``message``, the file byte-for-byte untouched."""
    code, out, err = fetch_cli(run, url, "-o", previous, *args)
    assert code == 2, err
    assert message in err
    assert f"{previous} was not changed" in err
    assert previous.read_bytes() == OLD_FILE
    assert not list(previous.parent.glob(".*.tmp"))
    return out, err


def test_a_500_that_persists_fails(run: CliRun, site: Site, previous: Path) -> None:
    site.routes["/down.yaml"] = Route(GOOD, failures=100)
    message = "the server answered 500 Internal Server Error (tried 3 times)"
    expect_failure(run, site.url("/down.yaml"), previous, message=message)
    assert site.statuses("/down.yaml") == [500, 500, 500]


def test_truncated_body(run: CliRun, site: Site, previous: Path) -> None:
    site.routes["/cut.yaml"] = Route(GOOD, content_length=len(GOOD) + 100)
    message = f"broke off after {len(GOOD):,} of {len(GOOD) + 100:,} bytes"
    expect_failure(run, site.url("/cut.yaml"), previous, message=message)


def test_body_that_fails_the_schema(run: CliRun, site: Site, previous: Path) -> None:
    site.routes["/bad.yaml"] = Route(INVALID)
    url = site.url("/bad.yaml")
    _, err = expect_failure(run, url, previous, message=f"card database {url} is not valid")
    assert f"{url}:6: cards[0]: 'name' is a required property" in err
    assert fetch.read_cached(url) is None  # nothing cached either


def test_wrong_sha256(run: CliRun, site: Site, previous: Path) -> None:
    site.routes["/cards.yaml"] = Route(GOOD)
    url, wrong = site.url("/cards.yaml"), "0" * 64
    actual = hashlib.sha256(GOOD).hexdigest()
    message = f"{url} has sha256 {actual}, but {wrong} was expected"
    expect_failure(run, url, previous, "--sha256", wrong, message=message)
    assert fetch_cli(run, url, "-o", previous, "--sha256", actual.upper())[0] == 0
    assert previous.read_bytes() == GOOD


def test_oversized_body_announced(run: CliRun, site: Site, previous: Path) -> None:
    site.routes["/big.yaml"] = Route(GOOD)
    message = f"is larger than the limit of 1,000 bytes ({len(GOOD):,} bytes announced)"
    expect_failure(run, site.url("/big.yaml"), previous, "--max-size", "1000", message=message)


def test_oversized_body_streamed_is_stopped(run: CliRun, site: Site, previous: Path) -> None:
    site.routes["/big.yaml"] = Route(GOOD * 4, send_length=False)
    message = "is larger than the limit of 10,000 bytes; the download was stopped"
    expect_failure(run, site.url("/big.yaml"), previous, "--max-size", "10000", message=message)


def test_not_found(run: CliRun, site: Site, previous: Path) -> None:
    message = "the server answered 404 Not Found; check the URL"
    expect_failure(run, site.url("/nope.yaml"), previous, message=message)


def test_unreachable_port(run: CliRun, closed_port: int, previous: Path) -> None:
    url = f"http://127.0.0.1:{closed_port}/cards.yaml"
    expect_failure(run, url, previous, message=f"cannot reach {url}: Connection refused")


def test_only_http_urls(run: CliRun, previous: Path) -> None:
    expect_failure(
        run, "ftp://example.org/x.yaml", previous, message="is not an http:// or https://"
    )
    expect_failure(run, "http://", previous, message="No host supplied")


def test_not_a_sha256(site: Site) -> None:
    site.routes["/cards.yaml"] = Route(GOOD)
    with pytest.raises(UsageError, match="is not a sha256"):
        fetch_database(site.url("/cards.yaml"), sha256="abc")
    assert site.statuses("/cards.yaml") == []  # refused before any request


def test_db_url_on_any_command(run: CliRun, site: Site) -> None:
    site.routes["/cards.yaml"] = Route(GOOD, etag='"v1"')
    url = site.url("/cards.yaml")
    result = run("db", "info", "--db", url)
    assert result.exit_code == 0 and f"source   {url}" in result.stdout
    assert run("cards", "show", "--db", url, "T01/001").exit_code == 0
    assert site.statuses("/cards.yaml") == [200, 304]


def test_db_url_falls_back_to_the_cache_when_unreachable(run: CliRun) -> None:
    site = Site({"/cards.yaml": Route(GOOD)})
    server = start(site)
    url = site.url("/cards.yaml")
    assert run("db", "info", "--db", url).exit_code == 0
    server.shutdown()
    server.server_close()
    result = run("db", "info", "--db", url)
    assert result.exit_code == 0 and "version  t1" in result.stdout
    assert result.stderr.startswith(f"warning: cannot reach {url}: Connection refused; ")
    assert "using the cached copy downloaded" in result.stderr


def test_db_url_falls_back_to_the_cache_on_server_errors(run: CliRun, site: Site) -> None:
    site.routes["/cards.yaml"] = Route(GOOD)
    url = site.url("/cards.yaml")
    assert run("db", "info", "--db", url).exit_code == 0
    site.routes["/cards.yaml"] = Route(GOOD, failures=100)
    result = run("db", "info", "--db", url)
    assert result.exit_code == 0
    assert "answered 500 Internal Server Error" in result.stderr
    assert "using the cached copy" in result.stderr


def test_db_url_unreachable_without_cache(run: CliRun, closed_port: int) -> None:
    url = f"http://127.0.0.1:{closed_port}/cards.yaml"
    result = run("db", "info", "--db", url)
    assert result.exit_code == 2
    assert f"error: cannot reach {url}: Connection refused, and there is no cached copy" in (
        result.stderr
    )


def test_db_url_with_an_invalid_answer_fails(run: CliRun, site: Site) -> None:
    site.routes["/cards.yaml"] = Route(GOOD)
    url = site.url("/cards.yaml")
    assert run("db", "info", "--db", url).exit_code == 0
    site.routes["/cards.yaml"] = Route(INVALID)
    result = run("db", "info", "--db", url)  # a broken database is no reason to go offline
    assert result.exit_code == 2 and "is not valid" in result.stderr
    assert fetch.read_cached(url) is not None


def test_library_errors_are_typed(site: Site, closed_port: int) -> None:
    site.routes["/down.yaml"] = Route(GOOD, failures=100)
    with pytest.raises(NetworkError):
        fetch_database(site.url("/down.yaml"))
    with pytest.raises(NetworkError):
        fetch_database(f"http://127.0.0.1:{closed_port}/x.yaml")
    with pytest.raises(FetchError) as raised:
        fetch_database(site.url("/missing.yaml"))
    assert not isinstance(raised.value, NetworkError)
