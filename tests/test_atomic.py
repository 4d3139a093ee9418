"""Output files are written whole or not at all (lalcheck.atomic)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lalcheck.atomic import check_target, write_atomic
from lalcheck.errors import InputError, UsageError


def test_file_writes_are_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.csv"
    write_atomic(target, b"number,quantity\n")
    assert target.read_bytes() == b"number,quantity\n"

    def interrupted(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(InputError, match=r"cannot write .*No space left on device"):
        write_atomic(target, b"half")
    assert target.read_bytes() == b"number,quantity\n"
    assert os.listdir(tmp_path) == ["out.csv"]
    monkeypatch.undo()
    with pytest.raises(InputError, match="cannot write"):
        write_atomic(tmp_path / "missing-folder" / "out.csv", b"x")


def test_existing_outputs_need_force(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    check_target(target, overwrite=False)
    target.write_text("old")
    with pytest.raises(UsageError, match="already exists; pass --force"):
        check_target(target, overwrite=False)
    check_target(target, overwrite=True)
    with pytest.raises(UsageError, match="is a directory"):
        check_target(tmp_path, overwrite=True)
    with pytest.raises(UsageError, match="does not exist"):
        check_target(tmp_path / "no" / "out.csv", overwrite=True)
