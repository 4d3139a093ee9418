"""Where the bundled data and schemas live, installed or in a source checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
# A wheel carries data/ and schemas/ inside the package (pyproject force-include);
# a source checkout or an editable install reads them from the project root.
_ROOTS = (_PACKAGE / "_bundled", _PACKAGE.parent)


def bundled(*parts: str) -> Path:
    """The path of a bundled file such as ``bundled("data", "cards.yaml")``: each game's
    sample database, regulations and schemas."""
    for root in _ROOTS:
        candidate = root.joinpath(*parts)
        if candidate.exists():
            return candidate
    return _ROOTS[-1].joinpath(*parts)


def schema_path(name: str) -> Path:
    """A bundled JSON Schema, e.g. ``schema_path("cards")``."""
    return bundled("schemas", f"{name}.schema.json")
