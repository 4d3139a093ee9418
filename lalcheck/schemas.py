"""JSON Schema validation with messages that name the file, the path and the line."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lalcheck.errors import UsageError
from lalcheck.resources import schema_path
from lalcheck.yamlsafe import DocPath

MAX_REPORTED = 20


@dataclass(frozen=True, slots=True)
class SchemaIssue:
    """One place where a document does not match its schema."""

    path: str
    line: int | None
    message: str

    def describe(self, source: str) -> str:
        """``cards.yaml:12: cards[3].territory: 3 is not one of [1, 2, 4]``."""
        where = f"{source}:{self.line}" if self.line is not None else source
        return f"{where}: {self.path or '(top level)'}: {self.message}"


#: The ``$id`` of every bundled schema: ``urn:lalcheck:schema:`` and its name, with ``/`` as ``:``
#: (``urn:lalcheck:schema:restore-the-luminous:cards``). A URN, since no web address serves them:
#: ``lalcheck schema NAME`` prints one for an editor to use.
SCHEMA_ID_PREFIX = "urn:lalcheck:schema:"


def schema_id(name: str) -> str:
    """The ``$id`` of the bundled schema ``name``."""
    return SCHEMA_ID_PREFIX + name.replace("/", ":")


def schema_names() -> list[str]:
    """Every bundled schema: ``cards``, ``deck``, …, ``restore-the-luminous/cards``, …"""
    folder = schema_path("cards").parent
    return sorted(
        path.relative_to(folder).as_posix().removesuffix(".schema.json")
        for path in folder.rglob("*.schema.json")
    )


def schema_name(name_or_id: str) -> str:
    """The bundled schema a name or an ``$id`` means; UsageError naming them all if none."""
    name = name_or_id.removeprefix(SCHEMA_ID_PREFIX).replace(":", "/").removesuffix(".schema.json")
    names = schema_names()
    if name not in names:
        raise UsageError(f"there is no bundled schema {name_or_id!r}; schemas: {', '.join(names)}")
    return name


def schema_file(name: str) -> str:
    """Where a bundled schema is on this machine, for messages: a path that exists in a source
    checkout and after ``pip install`` alike."""
    return str(schema_path(name))


@functools.cache
def load_schema(name: str) -> Mapping[str, Any]:
    """A bundled schema by name: ``report``, ``lock``, or a game's (Luck & Logic: ``cards``,
    ``deck``, ``regulation``; other games ``<game-id>/cards`` and so on)."""
    with schema_path(name).open(encoding="utf-8") as handle:
        schema: Mapping[str, Any] = json.load(handle)
    return schema


def format_path(path: DocPath) -> str:
    """``("cards", 3, "territory")`` -> ``cards[3].territory``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def nearest_line(lines: Mapping[DocPath, int], path: DocPath) -> int | None:
    """The line of ``path`` or of its closest ancestor that has one."""
    for end in range(len(path), -1, -1):
        line = lines.get(path[:end])
        if line is not None:
            return line
    return None


def validate(document: Any, schema_name: str, lines: Mapping[DocPath, int]) -> list[SchemaIssue]:
    """Every schema violation in ``document``, in document order; ``format: date``
    values must be real dates."""
    from jsonschema import Draft202012Validator  # imported late: it is slow to import

    validator = Draft202012Validator(
        load_schema(schema_name), format_checker=Draft202012Validator.FORMAT_CHECKER
    )
    issues = []
    for error in validator.iter_errors(document):
        path = tuple(error.absolute_path)
        issues.append(SchemaIssue(format_path(path), nearest_line(lines, path), error.message))
    issues.sort(key=lambda issue: (issue.line or 0, issue.path))
    return issues


def describe_issues(issues: Sequence[SchemaIssue], source: str) -> list[str]:
    """One line per issue, the first ``MAX_REPORTED`` of them and how many more there are."""
    lines = [issue.describe(source) for issue in issues[:MAX_REPORTED]]
    if len(issues) > MAX_REPORTED:
        lines.append(f"… and {len(issues) - MAX_REPORTED} more problems")
    return lines
