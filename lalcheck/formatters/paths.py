"""Deck paths as CI tools want them: relative to the working directory, with ``/``."""

from __future__ import annotations

import contextlib
from pathlib import Path


def report_path(path: str) -> str:
    """``path`` relative to the working directory when it lies inside it, with forward slashes.

    CI systems resolve annotation paths against the repository root, which is
    where ``lalcheck check`` runs; paths outside it stay absolute.
    """
    candidate = Path(path)
    if candidate.is_absolute():
        with contextlib.suppress(ValueError):
            candidate = candidate.relative_to(Path.cwd())
    return candidate.as_posix()
