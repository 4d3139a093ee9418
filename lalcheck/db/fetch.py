"""Downloading card databases over HTTP(S) through a cache in the user's cache directory.

Retrying is urllib3's: a bounded number of retries with exponential backoff on
connection errors and 5xx answers. ``timeout`` bounds each wait for data; the
``deadline`` bounds the whole download, retries included: when it is up the
connection is shut down, so a server that trickles its headers or its body one
byte at a time cannot hold lalcheck. Redirects are followed to http(s) URLs
only. The last good download of each URL is kept
with its ETag and Last-Modified, so the next fetch is a conditional request
(a 304 downloads nothing) and ``--db URL`` still works, with a warning, while
the server cannot be reached. A download replaces nothing until it is
complete, within the size limit, matches the optional sha256 pin and is a
valid card database.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from urllib.parse import urljoin

import requests
import urllib3.exceptions
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import MaxRetryError
from urllib3.util.retry import Retry

from lalcheck import __version__
from lalcheck.atomic import write_atomic
from lalcheck.db import is_url
from lalcheck.db.cache import cache_dir
from lalcheck.db.load import database_from_bytes
from lalcheck.db.model import CardDatabase
from lalcheck.errors import InputError, UsageError
from lalcheck.games.base import GameCard
from lalcheck.wording import shown
from lalcheck.yamlsafe import database_limits

USER_AGENT = f"lalcheck/{__version__}"
#: Answers that are retried, and that count as "server unreachable" when retries run out.
RETRY_STATUSES = frozenset(range(500, 600))
#: Bounds of ``--timeout`` (seconds) and ``--retries``: beyond them a fetch would never end.
MIN_TIMEOUT = 0.1
MAX_TIMEOUT = 3600.0
MAX_RETRIES = 20
#: The default bound of a whole download (``--deadline``), and the environment
#: variable that sets it for ``--db URL``.
DEFAULT_DEADLINE = 120.0
DEADLINE_ENV = "LALCHECK_DEADLINE"
#: Redirects followed before a URL is taken for a redirect loop.
MAX_REDIRECTS = 30


@dataclass(frozen=True, slots=True)
class HttpSettings:
    """How patient a download is.

    ``backoff`` is urllib3's backoff factor: the retries wait 0, 2×, 4× … that
    many seconds (Retry-After headers are not followed, so waits stay bounded).
    ``timeout`` bounds each wait for data, ``deadline`` the whole download.
    ``max_bytes`` None is the size limit of card databases.
    """

    timeout: float = 10.0
    retries: int = 3
    backoff: float = 0.5
    max_bytes: int | None = None
    deadline: float = DEFAULT_DEADLINE

    def __post_init__(self) -> None:
        if not MIN_TIMEOUT <= self.timeout <= MAX_TIMEOUT:  # also refuses NaN
            raise UsageError(
                f"--timeout {self.timeout} is out of range; give {MIN_TIMEOUT} to "
                f"{MAX_TIMEOUT:.0f} seconds"
            )
        if not MIN_TIMEOUT <= self.deadline <= MAX_TIMEOUT:
            raise UsageError(
                f"--deadline {self.deadline} is out of range; give {MIN_TIMEOUT} to "
                f"{MAX_TIMEOUT:.0f} seconds"
            )
        if not 0 <= self.retries <= MAX_RETRIES:
            raise UsageError(f"--retries {self.retries} is out of range; give 0 to {MAX_RETRIES}")
        if self.max_bytes is not None and self.max_bytes < 1:
            raise UsageError(f"--max-size {self.max_bytes} is out of range; give 1 byte or more")

    @property
    def size_limit(self) -> int:
        """The most bytes a download may have."""
        return self.max_bytes if self.max_bytes is not None else database_limits().max_bytes

    def override(
        self,
        *,
        timeout: float | None,
        retries: int | None,
        max_bytes: int | None,
        deadline: float | None = None,
    ) -> HttpSettings:
        """These settings with the values that are not None replaced (command-line options)."""
        return HttpSettings(
            timeout=self.timeout if timeout is None else timeout,
            retries=self.retries if retries is None else retries,
            backoff=self.backoff,
            max_bytes=self.max_bytes if max_bytes is None else max_bytes,
            deadline=self.deadline if deadline is None else deadline,
        )


def deadline_from_environment(settings: HttpSettings) -> HttpSettings:
    """``settings`` with the deadline ``$LALCHECK_DEADLINE`` names, if it names one."""
    text = os.environ.get(DEADLINE_ENV, "").strip()
    if not text:
        return settings
    try:
        seconds = float(text)
    except ValueError:
        raise UsageError(f"{DEADLINE_ENV}={shown(text)} is not a number of seconds") from None
    return settings.override(timeout=None, retries=None, max_bytes=None, deadline=seconds)


#: The settings of ``--db URL``; ``lalcheck db fetch`` options override them.
DEFAULT_SETTINGS = HttpSettings()


class FetchError(InputError):
    """A download that cannot be used; nothing was replaced."""


class NetworkError(FetchError):
    """The server could not be reached, failed (5xx), or the transfer broke off."""


@dataclass(frozen=True, slots=True)
class FetchResult:
    """A validated database from a URL; ``downloaded`` is False when the server said 304."""

    database: CardDatabase[GameCard]
    downloaded: bool


@dataclass(frozen=True, slots=True)
class CachedCopy:
    """The last good download of a URL, with the validators for conditional requests."""

    raw: bytes
    etag: str | None
    last_modified: str | None
    fetched: str


def _entry(url: str) -> tuple[Path, Path]:
    """The cached body and its metadata file for ``url``."""
    key = hashlib.sha256(url.encode("utf-8")).hexdigest()[:32]
    folder = cache_dir() / "downloads"
    return folder / f"{key}.body", folder / f"{key}.json"


def read_cached(url: str) -> CachedCopy | None:
    """The cached copy of ``url``, or None when there is none or it is damaged."""
    body, meta_file = _entry(url)
    try:
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
        raw = body.read_bytes()
        if meta["url"] != url or meta["sha256"] != hashlib.sha256(raw).hexdigest():
            return None
        return CachedCopy(raw, meta.get("etag"), meta.get("last_modified"), meta["fetched"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _store(url: str, raw: bytes, response: requests.Response) -> None:
    """Keep a validated download with its validators (body first, then the metadata).

    Like the parse cache, this is best effort: a cache that cannot be written is skipped.
    """
    body, meta_file = _entry(url)
    meta = {
        "url": url,
        "sha256": hashlib.sha256(raw).hexdigest(),
        "etag": response.headers.get("ETag"),
        "last_modified": response.headers.get("Last-Modified"),
        "fetched": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    }
    try:
        body.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(body, raw)
        write_atomic(meta_file, json.dumps(meta, indent=1).encode("utf-8"))
    except (OSError, InputError):
        return


class Deadline:
    """The time a whole download may take. When it is up, every socket the download
    opened is shut down (a blocked read returns at once) and no retry starts.

    Use as a context manager around the download.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self._ends = time.monotonic() + seconds
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def __enter__(self) -> Deadline:
        self._timer.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._timer.cancel()

    def remaining(self) -> float:
        """Seconds left, never below 0."""
        return max(0.0, self._ends - time.monotonic())

    def watch(self, sock: socket.socket) -> None:
        """Shut ``sock`` down when the deadline is up (at once if it is already)."""
        with self._lock:
            self._sockets.append(sock)
            if self.expired:
                _shut(sock)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._sockets:
                _shut(sock)


def _shut(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:  # already closed
        return


class _Session(requests.Session):
    """A session that follows redirects to http(s) URLs only."""

    def get_redirect_target(self, resp: requests.Response) -> str | None:
        target = super().get_redirect_target(resp)
        if target is not None and not is_url(urljoin(resp.url, target)):
            raise FetchError(
                f"{resp.url} redirects to {shown(urljoin(resp.url, target))}, which lalcheck "
                "does not follow (it downloads over http:// and https:// only)",
                hint="check the URL",
            )
        return target


def _session(settings: HttpSettings, deadline: Deadline) -> requests.Session:
    """A session whose connections the deadline watches and whose retries stop with it."""

    class DeadlineRetry(Retry):
        def is_exhausted(self) -> bool:
            return deadline.expired or super().is_exhausted()

        def get_backoff_time(self) -> float:
            return min(super().get_backoff_time(), deadline.remaining())

    class Watched(HTTPConnection):
        def _new_conn(self) -> socket.socket:
            sock = super()._new_conn()
            deadline.watch(sock)
            return sock

    class WatchedTLS(HTTPSConnection):
        def connect(self) -> None:
            super().connect()  # the TLS socket replaces the plain one _new_conn made
            if self.sock is not None:
                deadline.watch(self.sock)

    class Pool(HTTPConnectionPool):
        ConnectionCls = Watched

    class TLSPool(HTTPSConnectionPool):
        ConnectionCls = WatchedTLS

    retry = DeadlineRetry(
        total=settings.retries,
        connect=settings.retries,
        read=settings.retries,
        status=settings.retries,
        backoff_factor=settings.backoff,
        status_forcelist=RETRY_STATUSES,
        allowed_methods=frozenset({"GET"}),
        raise_on_status=False,
        respect_retry_after_header=False,
    )
    session = _Session()
    session.max_redirects = MAX_REDIRECTS
    adapter = HTTPAdapter(max_retries=retry)
    adapter.poolmanager.pool_classes_by_scheme = {"http": Pool, "https": TLSPool}
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    session.headers["User-Agent"] = USER_AGENT
    return session


def _causes(error: BaseException) -> list[BaseException]:
    """``error`` and what it wraps, outermost first (requests and urllib3 nest them)."""
    found: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in found:
        found.append(current)
        if isinstance(current, MaxRetryError) and current.reason is not None:
            current = current.reason
        elif current.args and isinstance(current.args[0], BaseException):
            current = current.args[0]
        else:
            current = current.__cause__ or current.__context__
    return found


def _timed_out(error: BaseException) -> bool:
    """Whether a wait for the server ran out (a refused connection is no timeout,
    although urllib3 makes NewConnectionError a ConnectTimeoutError)."""
    causes = _causes(error)
    if any(isinstance(cause, urllib3.exceptions.NewConnectionError) for cause in causes):
        return any(isinstance(cause, TimeoutError) for cause in causes)
    timeouts = (requests.Timeout, urllib3.exceptions.TimeoutError, TimeoutError)
    return any(isinstance(cause, timeouts) for cause in causes)


def _reason(error: BaseException) -> str:
    """The innermost readable cause of a requests error: ``Connection refused``, ``timed out``."""
    if _timed_out(error):
        return "timed out"
    for cause in _causes(error):
        if isinstance(cause, OSError) and cause.strerror:
            return cause.strerror
    return "connection failed"


def _too_slow(url: str, deadline: Deadline, received: str = "") -> NetworkError:
    return NetworkError(
        f"the download of {url} did not finish within the deadline of {deadline.seconds:g} s"
        f"{received}",
        hint=f"raise it with --deadline (or {DEADLINE_ENV} for --db URL), or try again later",
    )


def _content_length(response: requests.Response) -> int | None:
    """The announced body length, when it is a plain number of bytes."""
    declared = response.headers.get("Content-Length", "").strip()
    return int(declared) if re.fullmatch(r"[0-9]{1,18}", declared) else None


def _read_body(
    response: requests.Response, url: str, settings: HttpSettings, deadline: Deadline
) -> bytes:
    """The response body, refused as soon as it is larger than the size limit, stopped
    when the deadline is up."""
    max_bytes = settings.size_limit
    declared = _content_length(response)
    too_big = f"{url} is larger than the limit of {max_bytes:,} bytes"
    hint = "raise the limit with --max-size if the database really is that large"
    if declared is not None and declared > max_bytes:
        raise FetchError(f"{too_big} ({declared:,} bytes announced)", hint=hint)
    received = bytearray()
    try:
        for chunk in response.iter_content(chunk_size=64 * 1024):
            received += chunk
            if len(received) > max_bytes:
                raise FetchError(f"{too_big}; the download was stopped", hint=hint)
            if deadline.expired:
                break
    except requests.RequestException as error:
        of = f" of {declared:,}" if declared is not None else ""
        count = f"{response.raw.tell():,}{of} bytes"
        if deadline.expired:
            raise _too_slow(url, deadline, f" ({count} received)") from None
        if _timed_out(error):
            raise NetworkError(
                f"the download of {url} stopped: the server sent no data for "
                f"{settings.timeout:g} s (--timeout)",
                hint="try again later, or raise --timeout",
            ) from None
        raise NetworkError(
            f"the download of {url} broke off after {count}", hint="try again later"
        ) from None
    if deadline.expired:
        raise _too_slow(url, deadline, f" ({len(received):,} bytes received)")
    return bytes(received)


def _check_pin(raw: bytes, url: str, sha256: str | None) -> None:
    if sha256 is None:
        return
    found = hashlib.sha256(raw).hexdigest()
    if found != sha256.lower():
        raise FetchError(
            f"{url} has sha256 {found}, but {sha256.lower()} was expected",
            hint="the file on the server changed: check it, then fetch with the new --sha256",
        )


def _write_copy(raw: bytes, output: Path) -> None:
    """Replace ``output`` atomically with ``raw`` unless it already holds exactly that."""
    try:
        unchanged = output.is_file() and output.read_bytes() == raw
    except OSError:
        unchanged = False
    if not unchanged:
        write_atomic(output, raw)


def _download(
    url: str,
    headers: dict[str, str],
    settings: HttpSettings,
    deadline: Deadline,
    session: requests.Session,
    cached: CachedCopy | None,
) -> tuple[bytes, bool, requests.Response]:
    """The body at ``url`` (or the cached copy on a 304), whether it was downloaded,
    and the response; raises :class:`FetchError` saying what went wrong."""
    try:
        response = session.get(url, headers=headers, timeout=settings.timeout, stream=True)
    except requests.exceptions.InvalidURL as error:
        raise FetchError(f"{url} is not a valid URL: {error}") from None
    except requests.TooManyRedirects:
        raise NetworkError(
            f"{url} redirects in a loop (more than {MAX_REDIRECTS} redirects)",
            hint="check the URL; the server's redirects are broken",
        ) from None
    except requests.RequestException as error:
        if deadline.expired:
            raise _too_slow(url, deadline) from None
        raise NetworkError(
            f"cannot reach {url}: {_reason(error)}",
            hint="check the URL and the network connection",
        ) from None
    with response:
        status = f"{response.status_code} {response.reason}".strip()
        if response.status_code == 304 and cached is not None:
            return cached.raw, False, response
        if response.status_code in RETRY_STATUSES:
            raise NetworkError(
                f"{url}: the server answered {status} (tried {settings.retries + 1} times)",
                hint="try again later",
            )
        if response.status_code != 200:
            raise FetchError(f"{url}: the server answered {status}", hint="check the URL")
        return _read_body(response, url, settings, deadline), True, response


def fetch_database(
    url: str,
    *,
    sha256: str | None = None,
    settings: HttpSettings | None = None,
    output: Path | None = None,
) -> FetchResult:
    """Download a card database (conditionally, against the cache), validate it,
    and copy it to ``output`` if given.

    The cache and ``output`` are replaced only by a database that passed every
    check. Raises :class:`NetworkError` when the server cannot be reached and
    :class:`FetchError` (or :class:`~lalcheck.db.load.DatabaseError`) for an
    unusable answer.
    """
    if not is_url(url):
        raise UsageError(f"{url!r} is not an http:// or https:// URL")
    if sha256 is not None and not re.fullmatch(r"[0-9a-fA-F]{64}", sha256):
        raise UsageError(f"--sha256 {sha256!r} is not a sha256 (64 hexadecimal digits)")
    settings = settings or DEFAULT_SETTINGS
    cached = read_cached(url)
    headers = {}
    if cached is not None and cached.etag:
        headers["If-None-Match"] = cached.etag
    if cached is not None and cached.last_modified:
        headers["If-Modified-Since"] = cached.last_modified
    with Deadline(settings.deadline) as deadline, _session(settings, deadline) as session:
        raw, downloaded, response = _download(url, headers, settings, deadline, session, cached)
    _check_pin(raw, url, sha256)
    database = database_from_bytes(raw, url)
    if downloaded:
        _store(url, raw, response)
    if output is not None:
        _write_copy(raw, output)
    return FetchResult(database, downloaded)


def open_url(url: str, warn: Callable[[str], None]) -> CardDatabase[GameCard]:
    """The database at ``url``; while the server cannot deliver it (unreachable, failing,
    too slow), the cached copy, with a warning that says which error it covers.

    The deadline is :data:`DEFAULT_DEADLINE`, or ``$LALCHECK_DEADLINE`` seconds.
    """
    try:
        return fetch_database(url, settings=deadline_from_environment(DEFAULT_SETTINGS)).database
    except NetworkError as error:
        problem = error.message
    cached = read_cached(url)
    if cached is None:
        raise NetworkError(
            f"{problem}, and there is no cached copy of it yet",
            hint="check the URL and the network connection, then try again",
        )
    warn(
        f"{problem}; using the cached copy downloaded {cached.fetched} "
        f"(sha256 {hashlib.sha256(cached.raw).hexdigest()[:12]}…)"
    )
    return database_from_bytes(cached.raw, url)
