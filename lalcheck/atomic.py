"""Replacing files atomically, so readers never see a half-written file."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from lalcheck.errors import InputError, UsageError


def _mode_for(path: Path) -> int:
    """The existing file's permissions, else what a new file would get under the umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it over ``path``.

    An interruption or an error leaves ``path`` as it was and removes the
    temporary file; errors are raised as :class:`InputError` naming ``path``.
    """
    try:
        mode = _mode_for(path)
        descriptor, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(name, mode)
        os.replace(name, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(name)
        if isinstance(error, OSError):
            raise InputError(f"cannot write {path}: {error.strerror or error}") from None
        raise


def check_target(path: Path, *, overwrite: bool) -> None:
    """Refuse an output path that exists (unless ``overwrite``), is a folder, or has no folder."""
    if path.is_dir():
        raise UsageError(f"{path} is a directory; name the file to write")
    if path.exists() and not overwrite:
        raise UsageError(f"{path} already exists; pass --force to overwrite it")
    if not path.parent.is_dir():
        problem = (
            f"{path.parent} is a file, not a folder"
            if path.parent.exists()
            else f"the folder {path.parent} does not exist"
        )
        raise UsageError(f"cannot write {path}: {problem}")
