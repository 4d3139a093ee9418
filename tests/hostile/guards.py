"""A guard that turns a hang into a test failure (never a speed measurement)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Hung(BaseException):
    """A block ran past its time limit (a BaseException: no ``except Exception`` or
    ``except OSError`` in the code under test may swallow it)."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Fail with :class:`Hung` when the block is still running after ``seconds``.

    The limit is far above what the code needs: it catches a hang (a blocking
    FIFO, a regular expression that backtracks forever), not slowness.
    """

    def expire(signum: int, frame: FrameType | None) -> None:
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
