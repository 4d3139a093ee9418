"""Where a simulation's games run: this machine's processes, a Ray cluster or a Dask cluster.

:func:`open_backend` opens the backend ``lalcheck goldfish --backend`` and
``lalcheck simulate --backend`` name, and closes whatever it started::

    with open_backend(BackendName.DASK, workers=2) as backend:
        tallies = simulate(job, 10_000, backend)

Ray and Dask come with the extras ``lalcheck[ray]`` and ``lalcheck[dask]`` and
are imported only here, when asked for. Each cluster backend ships the job to
the cluster once (``ray.put``, ``Client.scatter``), plays chunks there and hands
back each chunk's tally as it finishes, so the report is the same as the local
backend's for the same seed.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum

from lalcheck.errors import LalcheckError, UsageError
from lalcheck.simulation.runner import Backend, backend_for

#: How long to wait for a named cluster to answer (``ray.init`` itself would retry for
#: minutes, a Dask client for its ``distributed.comm.timeouts.connect``).
CONNECT_TIMEOUT_S = 10


class BackendName(StrEnum):
    """``--backend``: local processes, Ray or Dask."""

    LOCAL = "local"
    RAY = "ray"
    DASK = "dask"


class ClusterError(LalcheckError):
    """A cluster backend cannot be used: its extra is not installed, its cluster cannot
    be reached, or the cluster failed while playing."""


@contextmanager
def open_backend(
    name: BackendName, workers: int, scheduler: str | None = None
) -> Iterator[Backend]:
    """The backend called ``name``, closed (with any cluster it started) on exit.

    ``workers`` is the number of local processes, or the size of the local Ray or Dask
    cluster started when none is named: Ray's address is ``RAY_ADDRESS`` (read by
    ``ray.init``), Dask's is ``scheduler`` or Dask's ``scheduler-address`` setting
    (``DASK_SCHEDULER_ADDRESS``). On a named cluster, its CPUs are the workers.
    """
    if scheduler is not None and name is not BackendName.DASK:
        raise UsageError(f"--scheduler is for --backend dask, not --backend {name}")
    if name is BackendName.LOCAL:
        yield backend_for(workers)
    elif name is BackendName.RAY:
        with _extra("ray", "Ray"):
            from lalcheck.simulation.backends.ray_cluster import ray_backend
        with ray_backend(workers) as backend:
            yield backend
    else:
        with _extra("dask", "Dask"):
            from lalcheck.simulation.backends.dask_cluster import dask_backend
        with dask_backend(workers, scheduler) as backend:
            yield backend


@contextmanager
def _extra(extra: str, engine: str) -> Iterator[None]:
    """Importing a cluster backend: a :class:`ClusterError` naming the extra to install
    when its engine is missing."""
    try:
        yield
    except ImportError as error:
        raise ClusterError(
            f"--backend {extra} needs {engine}, which is not installed ({error}); install "
            f"lalcheck with it: pip install -e '.[{extra}]' (from the lalcheck clone)"
        ) from error


def check_reachable(address: str, cluster: str, fix: str, *, grpc: bool = False) -> None:
    """A :class:`ClusterError` at once when ``address`` (``HOST:PORT``, or with a scheme
    such as ``tcp://`` or ``ray://``) does not accept TCP connections or, with ``grpc``,
    accepts them but does not answer as a gRPC server (Ray's head node does; ``ray.init``
    would wait on anything else for ever); ``cluster`` names it and ``fix`` says what to do."""
    host, colon, port = address.split("://", 1)[-1].rpartition(":")
    if not colon or not port.isdigit():
        raise ClusterError(f"{cluster}: the address is not HOST:PORT or SCHEME://HOST:PORT")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), CONNECT_TIMEOUT_S) as sock:
            if grpc and not _answers_http2(sock):
                raise ClusterError(
                    f"{cluster} accepts connections but does not answer as one (no HTTP/2 "
                    f"settings, which every gRPC server sends, within {CONNECT_TIMEOUT_S} s); "
                    f"{fix}"
                )
    except OSError as error:
        raise ClusterError(
            f"cannot connect to {cluster}: {error.strerror or error}; {fix}"
        ) from error


#: What an HTTP/2 client sends first (RFC 9113 §3.4): the preface and an empty SETTINGS frame.
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
#: The type of a SETTINGS frame, the fourth byte of its 9-byte header.
_SETTINGS = 4


def _answers_http2(sock: socket.socket) -> bool:
    """Whether the server on ``sock`` answers the HTTP/2 preface with the SETTINGS frame
    an HTTP/2 server must send first (RFC 9113 §3.4)."""
    sock.sendall(_HTTP2_PREFACE)
    header = b""
    try:
        while len(header) < 9:
            received = sock.recv(9 - len(header))
            if not received:
                return False
            header += received
    except TimeoutError:
        return False
    return header[3] == _SETTINGS


__all__ = ["BackendName", "ClusterError", "check_reachable", "open_backend"]
