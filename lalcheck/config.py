"""Project settings: ``lalcheck.toml`` or ``[tool.lalcheck]`` in ``pyproject.toml``, and the
lock file, found by searching upward from the working folder (as ruff and pre-commit do).

Each setting comes from the first of: the command line, the environment
(``LALCHECK_DB`` for ``db``), the configuration file, the default. Paths in a
configuration file are relative to the folder that holds it::

    # lalcheck.toml (or, in pyproject.toml, the same keys under [tool.lalcheck])
    db = "cards.yaml"
    lock = "lalcheck.lock"
    regulation = "2017-09-01"
    exclude = ["drafts/*"]
    format = "github"

:func:`settings` says where each value came from, for ``lalcheck config`` and
for messages such as "LALCHECK_DB names a file that does not exist".
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lalcheck.errors import InputError
from lalcheck.formatters import ReportFormat

#: Environment variable naming the card database when ``--db`` is not given.
DB_ENV = "LALCHECK_DB"
#: The configuration files looked for in each folder, in this order.
CONFIG_FILE = "lalcheck.toml"
PYPROJECT = "pyproject.toml"
#: The lock file looked for upward when no ``lock`` is configured.
LOCK_FILE = "lalcheck.lock"
#: The report formats ``format`` may name (those of ``lalcheck check --format``).
FORMATS = tuple(report_format.value for report_format in ReportFormat)
#: Every key a configuration file may hold.
KEYS = ("db", "lock", "regulation", "exclude", "format")

#: Where a setting came from, as ``lalcheck config`` shows it.
COMMAND_LINE = "command line"
DEFAULT = "default"


@dataclass(frozen=True, slots=True)
class Setting:
    """One effective setting and where it came from (``lalcheck.toml``, ``LALCHECK_DB``…)."""

    value: Any
    origin: str


@dataclass(frozen=True, slots=True)
class ConfigFile:
    """A configuration file found, and its lalcheck table (possibly empty)."""

    path: Path
    table: Mapping[str, Any]


def _table(path: Path) -> Mapping[str, Any] | None:
    """The lalcheck table of a configuration file; None for a pyproject.toml without one."""
    import tomllib  # only when there is a file to read: most folders have none

    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the configuration file {path}: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"{path} is not valid TOML: {error}") from None
    if path.name == PYPROJECT:
        table = document.get("tool", {}).get("lalcheck")
        return table if isinstance(table, dict) else None
    return document


def upward(start: Path) -> list[Path]:
    """``start`` and each folder above it."""
    start = start.resolve()
    return [start, *start.parents]


def find_config(start: Path | None = None) -> ConfigFile | None:
    """The nearest ``lalcheck.toml``, or ``pyproject.toml`` with a ``[tool.lalcheck]`` table,
    in ``start`` (default: the working folder) or a folder above it."""
    for folder in upward(start or Path.cwd()):
        for name in (CONFIG_FILE, PYPROJECT):
            path = folder / name
            if path.is_file():
                table = _table(path)
                if table is not None:
                    _check(table, path)
                    return ConfigFile(path, table)
    return None


def _check(table: Mapping[str, Any], path: Path) -> None:
    """Refuse unknown keys and values of the wrong type, naming the file."""
    where = f"{path} [tool.lalcheck]" if path.name == PYPROJECT else str(path)
    for key, value in table.items():
        if key not in KEYS:
            raise InputError(f"{where}: unknown setting {key!r}; settings: {', '.join(KEYS)}")
        if key == "exclude":
            if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
                raise InputError(f'{where}: exclude must be a list of globs, e.g. ["drafts/*"]')
        elif not isinstance(value, str):
            raise InputError(f"{where}: {key} must be a string, not {value!r}")
        elif key == "format" and value not in FORMATS:
            raise InputError(f"{where}: format must be one of {', '.join(FORMATS)}, not {value!r}")


def find_lock(start: Path | None = None) -> Path | None:
    """The nearest ``lalcheck.lock`` in ``start`` (default: the working folder) or above;
    one in the working folder itself is named relatively, as ``lalcheck.lock``."""
    folders = upward(start or Path.cwd())
    for folder in folders:
        if (folder / LOCK_FILE).is_file():
            return Path(LOCK_FILE) if folder == folders[0] and start is None else folder / LOCK_FILE
    return None


def _relative(value: str, config: ConfigFile) -> str:
    """A path of the configuration file, made relative to its folder (URLs as they are)."""
    if value.lower().startswith(("http://", "https://")):
        return value
    return str(config.path.parent / value)


def settings(
    given: Mapping[str, Any] | None = None, start: Path | None = None
) -> dict[str, Setting]:
    """Every setting of :data:`KEYS` with its origin: ``given`` (the command line, None
    values meaning not given), ``$LALCHECK_DB``, the configuration file, the defaults."""
    given = {key: value for key, value in (given or {}).items() if value not in (None, ())}
    config = find_config(start)
    origin = str(config.path) if config else ""
    table = config.table if config else {}
    result: dict[str, Setting] = {}
    for key in KEYS:
        if key in given:
            result[key] = Setting(given[key], COMMAND_LINE)
        elif key == "db" and os.environ.get(DB_ENV):
            result[key] = Setting(os.environ[DB_ENV], DB_ENV)
        elif key in table and config is not None:
            value = table[key]
            if key in ("db", "lock"):
                value = _relative(value, config)
            result[key] = Setting(value, origin)
        elif key == "lock":
            found = find_lock(start)
            result[key] = Setting(str(found) if found else None, "found upward" if found else "")
        else:
            result[key] = Setting([] if key == "exclude" else None, DEFAULT)
    return result
