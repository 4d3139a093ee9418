"""Downloading card databases over HTTP(S) through a cache in the user's cache directory.

Retrying is urllib3's: a bounded number of retries with exponential backoff on
connection errors and 5xx answers. The last good download of each URL is kept
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
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import requests
from requests.adapters import HTTPAdapter
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
from lalcheck.yamlsafe import DATA_LIMITS

USER_AGENT = f"lalcheck/{__version__}"
#: Answers that are retried, and that count as "server unreachable" when retries run out.
RETRY_STATUSES = frozenset(range(500, 600))
#: Bounds of ``--timeout`` (seconds) and ``--retries``: beyond them a fetch would never end.
MIN_TIMEOUT = 0.1
MAX_TIMEOUT = 3600.0
MAX_RETRIES = 20


@dataclass(frozen=True, slots=True)
class HttpSettings:
    """How patient a download is.

    ``backoff`` is urllib3's backoff factor: the retries wait 0, 2×, 4× … that
    many seconds (Retry-After headers are not followed, so waits stay bounded).
    """

    timeout: float = 10.0
    retries: int = 3
    backoff: float = 0.5
    max_bytes: int = DATA_LIMITS.max_bytes

    def __post_init__(self) -> None:
        if not MIN_TIMEOUT <= self.timeout <= MAX_TIMEOUT:  # also refuses NaN
            raise UsageError(
                f"--timeout {self.timeout} is out of range; give {MIN_TIMEOUT} to "
                f"{MAX_TIMEOUT:.0f} seconds"
            )
        if not 0 <= self.retries <= MAX_RETRIES:
            raise UsageError(f"--retries {self.retries} is out of range; give 0 to {MAX_RETRIES}")
        if self.max_bytes < 1:
            raise UsageError(f"--max-size {self.max_bytes} is out of range; give 1 byte or more")

    def override(
        self, *, timeout: float | None, retries: int | None, max_bytes: int | None
    ) -> HttpSettings:
        """These settings with the values that are not None replaced (command-line options)."""
        return HttpSettings(
            timeout=self.timeout if timeout is None else timeout,
            retries=self.retries if retries is None else retries,
            backoff=self.backoff,
            max_bytes=self.max_bytes if max_bytes is None else max_bytes,
        )


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


def _session(settings: HttpSettings) -> requests.Session:
    retry = Retry(
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
    session = requests.Session()
    adapter = HTTPAdapter(max_retries=retry)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    session.headers["User-Agent"] = USER_AGENT
    return session


def _reason(error: BaseException) -> str:
    """The innermost readable cause of a requests error: ``Connection refused``, ``timed out``."""
    found: BaseException | None = error
    while found is not None:
        if isinstance(found, requests.Timeout):
            return "timed out"
        if isinstance(found, OSError) and found.strerror:
            return found.strerror
        if isinstance(found, MaxRetryError):
            found = found.reason
        elif found.args and isinstance(found.args[0], BaseException):
            found = found.args[0]
        else:
            found = found.__cause__
    return "connection failed"


def _read_body(response: requests.Response, url: str, max_bytes: int) -> bytes:
    """The response body, refused as soon as it is larger than ``max_bytes``."""
    declared = response.headers.get("Content-Length", "")
    too_big = f"{url} is larger than the limit of {max_bytes:,} bytes"
    hint = "raise the limit with --max-size if the database really is that large"
    if declared.isdigit() and int(declared) > max_bytes:
        raise FetchError(f"{too_big} ({int(declared):,} bytes announced)", hint=hint)
    received = bytearray()
    try:
        for chunk in response.iter_content(chunk_size=64 * 1024):
            received += chunk
            if len(received) > max_bytes:
                raise FetchError(f"{too_big}; the download was stopped", hint=hint)
    except requests.RequestException:
        of = f" of {int(declared):,}" if declared.isdigit() else ""
        raise NetworkError(
            f"the download of {url} broke off after {response.raw.tell():,}{of} bytes",
            hint="try again later",
        ) from None
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
    with _session(settings) as session:
        try:
            response = session.get(url, headers=headers, timeout=settings.timeout, stream=True)
        except requests.exceptions.InvalidURL as error:
            raise FetchError(f"{url} is not a valid URL: {error}") from None
        except requests.RequestException as error:
            raise NetworkError(
                f"cannot reach {url}: {_reason(error)}",
                hint="check the URL and the network connection",
            ) from None
        with response:
            status = f"{response.status_code} {response.reason}".strip()
            if response.status_code == 304 and cached is not None:
                raw, downloaded = cached.raw, False
            elif response.status_code in RETRY_STATUSES:
                raise NetworkError(
                    f"{url}: the server answered {status} (tried {settings.retries + 1} times)",
                    hint="try again later",
                )
            elif response.status_code != 200:
                raise FetchError(f"{url}: the server answered {status}", hint="check the URL")
            else:
                raw, downloaded = _read_body(response, url, settings.max_bytes), True
    _check_pin(raw, url, sha256)
    database = database_from_bytes(raw, url)
    if downloaded:
        _store(url, raw, response)
    if output is not None:
        _write_copy(raw, output)
    return FetchResult(database, downloaded)


def open_url(url: str, warn: Callable[[str], None]) -> CardDatabase[GameCard]:
    """The database at ``url``; while the server is unreachable, the cached copy (``warn``-ed)."""
    try:
        return fetch_database(url).database
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
