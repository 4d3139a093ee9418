"""``--backend ray`` and ``--backend dask`` on real local clusters started here: the
same report, byte for byte apart from the timing, as the local backend with the same
seed and worker count, for every game. Skipped, saying so, without the extras
(``pip install -e '.[ray,dask]'``; ``.ci/run`` installs them)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import CliRun

DATA = Path(__file__).parents[1] / "data"
SEPTPIA = DATA / "decks" / "septpia-control.yaml"
MONOLIUM = DATA / "decks" / "monolium-rush.yaml"
RED_RUSH = DATA / "restore-the-luminous" / "decks" / "red-rush.yaml"
BLUE_TIDE = DATA / "restore-the-luminous" / "decks" / "blue-tide.yaml"

#: One command per game that plays many games, as ``lalcheck`` arguments.
RUNS = {
    "luck-and-logic": ("goldfish", SEPTPIA, MONOLIUM, "--games", "200", "--going", "both"),
    "restore-the-luminous": ("goldfish", RED_RUSH, BLUE_TIDE, "--games", "80"),
    "lobasha": ("simulate", "--game", "lobasha", "--games", "40", "--characters"),
}


@pytest.fixture(autouse=True)
def no_cluster_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    """A local Ray of 2 CPUs for the whole module (Ray takes seconds to start)."""
    ray = pytest.importorskip("ray", reason="the Ray backend needs lalcheck[ray]")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def dask_scheduler() -> Iterator[str]:
    """The address of a local Dask cluster of 2 worker processes."""
    distributed = pytest.importorskip("distributed", reason="the Dask backend needs lalcheck[dask]")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",  # any free port (no dashboard without bokeh)
        silence_logs=logging.ERROR,
    ) as cluster:
        yield cluster.scheduler_address


def report(run: CliRun, *args: str | Path) -> str:
    """The JSON report of ``lalcheck ARGS``, less its timing lines."""
    result = run(*args, "--seed", "13", "--jobs", "2", "--quiet", "--format", "json")
    assert result.exit_code == 0, result.output
    timing = ('"elapsed_s":', '"games_per_second":')
    return "".join(
        line for line in result.stdout.splitlines(True) if not line.lstrip().startswith(timing)
    )


_local_reports: dict[str, str] = {}


def local_report(run: CliRun, game: str) -> str:
    """The report of ``game``'s run on the local backend (made once for the module)."""
    if game not in _local_reports:
        _local_reports[game] = report(run, *RUNS[game])
    return _local_reports[game]


@pytest.mark.parametrize("game", RUNS)
def test_ray_gives_the_local_report(run: CliRun, ray_cluster: None, game: str) -> None:
    assert report(run, *RUNS[game], "--backend", "ray") == local_report(run, game)


@pytest.mark.parametrize("game", RUNS)
def test_dask_gives_the_local_report(run: CliRun, dask_scheduler: str, game: str) -> None:
    options = ("--backend", "dask", "--scheduler", dask_scheduler)
    assert report(run, *RUNS[game], *options) == local_report(run, game)


def test_dask_starts_and_closes_a_local_cluster_of_jobs_workers(run: CliRun) -> None:
    distributed = pytest.importorskip("distributed", reason="the Dask backend needs lalcheck[dask]")
    document = report(run, *RUNS["lobasha"], "--backend", "dask")
    assert document == local_report(run, "lobasha")
    with pytest.raises(ValueError, match="No clients found"):
        distributed.default_client()  # the command closed the client it made
