"""Deck paths as CI tools want them: relative to the repository root, with ``/``."""

from __future__ import annotations

import os
from pathlib import Path


def repository_root(start: Path | None = None) -> Path | None:
    """The nearest folder at or above ``start`` (default: the working folder) that holds
    ``.git`` (a folder, or a file in a git worktree), or None."""
    folder = Path(os.path.abspath(start or Path.cwd()))
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


def report_base() -> Path:
    """The folder report paths are relative to: the repository root, else the working
    folder."""
    cwd = Path.cwd()
    return repository_root(cwd) or cwd


def report_path(path: str, base: Path | None = None) -> str:
    """``path`` relative to the repository root (else the working folder) when it lies
    inside it, with forward slashes.

    CI systems (GitHub code scanning and annotations, JUnit viewers) resolve these
    paths against the repository root, wherever in it ``lalcheck check`` ran; paths
    outside it stay absolute. ``base`` is :func:`report_base` (found once for many paths).
    """
    base = base or report_base()
    absolute = Path(os.path.normpath(Path.cwd() / path))
    try:
        return absolute.relative_to(base).as_posix()
    except ValueError:
        return absolute.as_posix()
