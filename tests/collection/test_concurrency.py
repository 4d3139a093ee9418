"""Two processes adding to one collection at once lose nothing."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from lalcheck.collection import Holding, open_collection

ADDS = 150

WORKER = """
import sys, time
from pathlib import Path
from lalcheck.collection import Holding, open_collection

path, go, own = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
while not go.exists():
    time.sleep(0.001)
for _ in range({adds}):
    with open_collection(path) as collection:  # a fresh connection per add, like the CLI
        collection.add(Holding("T01/001", 1, 1, note="shared"))
        collection.add(Holding(own, 2, note=own))
"""


def test_two_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite3"  # not created yet: the writers race to create it
    go = tmp_path / "go"
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER.format(adds=ADDS), str(path), str(go), own],
            stderr=subprocess.PIPE,
            text=True,
        )
        for own in ("T01/002", "T01/003")
    ]
    time.sleep(0.5)  # let both start and wait at the gate
    go.touch()
    for worker in workers:
        _, errors = worker.communicate(timeout=300)
        assert worker.returncode == 0, errors
    with open_collection(path) as collection:
        assert collection.holdings() == (
            Holding("T01/001", 2 * ADDS, 2 * ADDS, note="shared"),
            Holding("T01/002", 2 * ADDS, note="T01/002"),
            Holding("T01/003", 2 * ADDS, note="T01/003"),
        )
