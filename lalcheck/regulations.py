"""Dated deck-construction regulations, read from data files (contract §3)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lalcheck.cards import CardType, World, parse_world
from lalcheck.errors import InputError, InvalidFileError, UsageError
from lalcheck.resources import regulations_dir
from lalcheck.schemas import describe_issues, validate
from lalcheck.yamlsafe import SMALL_LIMITS, load_with_lines, read_text


@dataclass(frozen=True, slots=True)
class SecretToolRule:
    """The secret tool deck's size, and whether it must be exactly that (R-CON-8)."""

    size: int
    exact: bool


@dataclass(frozen=True, slots=True)
class Regulation:
    """The numbers the deck-construction rules read, in force from ``effective``."""

    id: str
    effective: dt.date
    name: str = ""
    main_size: int = 50
    max_copies: int = 4
    paradox_count: int = 8
    gate_size: int = 10
    max_per_gate_number: int = 2
    secret_tools: SecretToolRule | None = None
    restricted: Mapping[str, int] = field(default_factory=dict)
    banned: frozenset[str] = frozenset()
    world_lock: frozenset[World] = frozenset()
    my_logicalist_types: frozenset[CardType] = frozenset({CardType.MY_LOGICALIST})

    def label(self) -> str:
        """``2017-09-01 (Secret tools)``."""
        return f"{self.id} ({self.name})" if self.name else self.id


def regulation_from_dict(data: Mapping[str, Any]) -> Regulation:
    """Build a regulation from a schema-valid document."""
    tools = data.get("secret_tools")
    return Regulation(
        id=str(data["id"]),
        effective=dt.date.fromisoformat(data["effective"]),
        name=data.get("name", ""),
        main_size=data["main_size"],
        max_copies=data["max_copies"],
        paradox_count=data["paradox_count"],
        gate_size=data["gate_size"],
        max_per_gate_number=data["max_per_gate_number"],
        secret_tools=SecretToolRule(tools["size"], tools["exact"]) if tools else None,
        restricted=dict(data.get("restricted", {})),
        banned=frozenset(data.get("banned", ())),
        world_lock=frozenset(parse_world(world) for world in data.get("world_lock", ())),
        my_logicalist_types=frozenset(
            CardType(kind) for kind in data.get("my_logicalist_types", ["my_logicalist"])
        ),
    )


def load_regulation(path: Path) -> Regulation:
    """Read and validate one regulation file."""
    hint = "schemas/regulation.schema.json describes the format"
    try:
        data, lines = load_with_lines(read_text(path, SMALL_LIMITS), str(path), SMALL_LIMITS)
    except InputError as error:
        raise InputError(f"cannot use the regulation file: {error}") from None
    problems = describe_issues(validate(data, "regulation", lines), str(path))
    if not problems:
        try:
            return regulation_from_dict(data)
        except ValueError as error:
            problems = [f"{path}: {error}"]
    raise InvalidFileError(f"regulation {path} is not valid:", problems, hint=hint)


class Regulations:
    """The known regulations, ordered by the date they take effect."""

    def __init__(self, regulations: Iterable[Regulation]) -> None:
        self.all = tuple(sorted(regulations, key=lambda r: (r.effective, r.id)))
        self._by_id = {regulation.id: regulation for regulation in self.all}

    @classmethod
    def bundled(cls) -> Regulations:
        """The regulations shipped with lalcheck."""
        return cls.from_folder(regulations_dir())

    @classmethod
    def from_folder(cls, folder: Path) -> Regulations:
        """Every ``*.yaml`` regulation in a folder."""
        return cls(load_regulation(path) for path in sorted(folder.glob("*.yaml")))

    def get(self, regulation_id: str) -> Regulation | None:
        """The regulation with this id, or None."""
        return self._by_id.get(regulation_id)

    def named(self, name: str) -> Regulation:
        """A regulation by id, or from a regulation file path (one that exists, ends in
        ``.yaml``/``.yml`` or names a folder); UsageError if neither."""
        found = self.get(name)
        if found is not None:
            return found
        path = Path(name)
        if path.exists() or path.suffix in (".yaml", ".yml") or len(path.parts) > 1:
            return load_regulation(path)  # a file: it must exist and be a valid regulation
        known = ", ".join(r.id for r in self.all)
        raise UsageError(
            f"unknown regulation {name!r}; known regulations: {known}, or give a regulation file"
        )

    def in_force(self, on: dt.date) -> Regulation:
        """The latest regulation effective on or before ``on`` (else the earliest)."""
        current = self.all[0]
        for regulation in self.all:
            if regulation.effective <= on:
                current = regulation
        return current
