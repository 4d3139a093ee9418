"""``--backend`` and ``--scheduler``: where a command that plays many games runs them.

Shared by every command that plays games on the core runner (``goldfish``,
``simulate``): declare ``backend: BackendOption = BackendName.LOCAL`` and
``scheduler: SchedulerOption = None`` beside ``--jobs``, and play inside
``with cluster_backend(backend, jobs, scheduler) as chosen:``. Ray and Dask are
imported only when chosen.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from lalcheck.cli.common import user_errors
from lalcheck.simulation.backends import BackendName, open_backend
from lalcheck.simulation.runner import Backend

BackendOption = Annotated[
    BackendName,
    typer.Option(
        "--backend",
        help="Where the games run: local processes (--jobs of them), a Ray cluster "
        "($RAY_ADDRESS, else a local Ray of --jobs CPUs) or a Dask cluster (--scheduler, "
        "else a local one of --jobs workers); the same seed gives the same report.",
    ),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="ADDRESS",
        help="The Dask scheduler of --backend dask (default: $DASK_SCHEDULER_ADDRESS, "
        "else a local cluster).",
        show_default=False,
    ),
]


@contextmanager
def cluster_backend(name: BackendName, jobs: int, scheduler: str | None) -> Iterator[Backend]:
    """The backend of ``--backend``, closed with whatever it started; exit 2 when its
    extra is missing or its cluster cannot be reached."""
    with user_errors(), open_backend(name, jobs, scheduler) as backend:
        yield backend


__all__ = ["BackendName", "BackendOption", "SchedulerOption", "cluster_backend"]
