"""Dated regulations (contract §3): the one in force on a date, read from data files.

What a regulation holds is the game's (its :class:`~lalcheck.games.base.RegulationModel`);
the core only knows each one's id and effective date.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterable
from pathlib import Path

from lalcheck.errors import InputError, InvalidFileError, UsageError
from lalcheck.games import DEFAULT_GAME, get_game
from lalcheck.games.base import DatedRegulation, RegulationModel
from lalcheck.schemas import describe_issues, schema_file, validate
from lalcheck.yamlsafe import SMALL_LIMITS, load_with_lines, read_text


def load_regulation(
    path: Path, model: RegulationModel, *, validated: bool = False
) -> DatedRegulation:
    """Read and validate one regulation file of a game; ``validated`` files (the bundled
    ones, which the test suite validates) skip the schema check and its import cost."""
    hint = f"{schema_file(model.schema)} describes the format"
    try:
        data, lines = load_with_lines(read_text(path, SMALL_LIMITS), str(path), SMALL_LIMITS)
    except InputError as error:
        raise InputError(f"cannot use the regulation file: {error}") from None
    issues = [] if validated else validate(data, model.schema, lines)
    problems = describe_issues(issues, str(path))
    if not problems:
        try:
            return model.from_dict(data)
        except ValueError as error:
            problems = [f"{path}: {error}"]
    raise InvalidFileError(f"regulation {path} is not valid:", problems, hint=hint)


class Regulations:
    """A game's known regulations, ordered by the date they take effect."""

    def __init__(self, regulations: Iterable[DatedRegulation], game_id: str) -> None:
        self.all = tuple(sorted(regulations, key=lambda r: (r.effective, r.id)))
        self.game = game_id
        self._by_id = {regulation.id: regulation for regulation in self.all}

    @classmethod
    def bundled(cls, game_id: str = DEFAULT_GAME) -> Regulations:
        """The regulations shipped with lalcheck for a game."""
        return _bundled(game_id)

    @classmethod
    def from_folder(cls, folder: Path, game_id: str, *, validated: bool = False) -> Regulations:
        """Every ``*.yaml`` regulation in a folder, of the game ``game_id`` (see
        :func:`load_regulation` for ``validated``)."""
        model = get_game(game_id).regulation_model
        paths = sorted(folder.glob("*.yaml"))
        regulations = (load_regulation(path, model, validated=validated) for path in paths)
        return cls(regulations, game_id)

    def get(self, regulation_id: str) -> DatedRegulation | None:
        """The regulation with this id, or None."""
        return self._by_id.get(regulation_id)

    def named(self, name: str) -> DatedRegulation:
        """A regulation by id, or from a regulation file path (one that exists, ends in
        ``.yaml``/``.yml`` or names a folder); UsageError if neither."""
        found = self.get(name)
        if found is not None:
            return found
        path = Path(name)
        if path.exists() or path.suffix in (".yaml", ".yml") or len(path.parts) > 1:
            # a file: it must exist and be a valid regulation
            return load_regulation(path, get_game(self.game).regulation_model)
        known = ", ".join(r.id for r in self.all)
        raise UsageError(
            f"unknown regulation {name!r}; known regulations: {known}, or give a regulation file"
        )

    def in_force(self, on: dt.date) -> DatedRegulation:
        """The latest regulation effective on or before ``on`` (else the earliest)."""
        current = self.all[0]
        for regulation in self.all:
            if regulation.effective <= on:
                current = regulation
        return current


@functools.cache
def _bundled(game_id: str) -> Regulations:
    folder = get_game(game_id).regulation_model.folder
    return Regulations.from_folder(folder, game_id, validated=True)
