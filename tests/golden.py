"""Golden files under ``tests/golden/``: compare output to them, or rewrite them.

Run ``LALCHECK_UPDATE_GOLDEN=1 python -m pytest`` to rewrite every golden file
from the current output, then review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("LALCHECK_UPDATE_GOLDEN") == "1"


def assert_golden(name: str, actual: str) -> None:
    """``actual`` equals the golden file ``name`` (which is rewritten under UPDATE)."""
    path = GOLDEN / name
    if UPDATE:
        path.write_text(actual, encoding="utf-8", newline="\n")
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, f"output differs from tests/golden/{name}"
