"""Writing output files: atomically, only over regular files, or to standard output.

This is the one place lalcheck writes a file a user named. ``-`` means standard
output. Anything else is written to a temporary file beside it and renamed over
it, so readers never see a half-written file; a path that is not a regular file
(a device such as ``/dev/null`` or ``/dev/full``, a FIFO, a socket, a broken
link) is refused rather than replaced. A symbolic link to a regular file is
followed: the file it points to is replaced, the link stays.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from pathlib import Path

from lalcheck.errors import InputError, UsageError
from lalcheck.wording import file_kind

#: The output path that means standard output.
STDOUT = "-"


def is_stdout(path: Path | str) -> bool:
    """True for ``-``, which names standard output (``./-`` names a file)."""
    return str(path) == STDOUT


def _mode_for(path: Path) -> int:
    """The existing file's permissions, else what a new file would get under the umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def replaceable(path: Path) -> Path:
    """The file to replace when writing to ``path``: ``path`` itself, or the regular file
    a symbolic link points to. Raises :class:`InputError` for anything else."""
    try:
        info = path.lstat()
    except (FileNotFoundError, NotADirectoryError):  # a new file (or one with no folder)
        return path
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
    if stat.S_ISLNK(info.st_mode):
        try:
            target = path.resolve(strict=True)
            info = target.stat()
        except (OSError, RuntimeError):
            raise InputError(
                f"cannot write {path}: it is a symbolic link to {os.readlink(path)}, "
                "which does not exist",
                hint="fix or remove the link",
            ) from None
        path = target
    if not stat.S_ISREG(info.st_mode):
        raise InputError(
            f"cannot write {path}: it is {file_kind(info.st_mode)}, not a regular file",
            hint="lalcheck replaces only regular files; write to - for standard output",
        )
    return path


def _write_stdout(data: bytes) -> None:
    try:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except OSError as error:
        raise InputError(f"cannot write standard output: {error.strerror or error}") from None


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it over ``path``
    (``-``: write it to standard output).

    An interruption or an error leaves ``path`` as it was and removes the
    temporary file; errors are raised as :class:`InputError` naming ``path``.
    """
    if is_stdout(path):
        _write_stdout(data)
        return
    path = replaceable(path)
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
    """Refuse an output path that exists (unless ``overwrite``), is a folder or not a
    regular file, or has no folder; ``-`` (standard output) is always fine."""
    if is_stdout(path):
        return
    if path.is_dir():
        raise UsageError(f"{path} is a directory; name the file to write")
    try:
        target = replaceable(path)
    except InputError as error:
        raise UsageError(str(error)) from None
    if path.exists() and not overwrite:
        raise UsageError(f"{path} already exists; pass --force to overwrite it")
    if not target.parent.is_dir():
        problem = (
            f"{target.parent} is a file, not a folder"
            if target.parent.exists()
            else f"the folder {target.parent} does not exist"
        )
        raise UsageError(f"cannot write {path}: {problem}")
