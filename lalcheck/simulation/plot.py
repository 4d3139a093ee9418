"""Plots of simulation reports (``--plot``).

matplotlib is an optional extra (``pip install 'lalcheck[plot]'``), imported
only when a plot is drawn; :func:`require_matplotlib` says clearly when it is
missing, before any game is played.
"""

from __future__ import annotations

from lalcheck.errors import UsageError

INSTALL_HINT = "pip install 'lalcheck[plot]'"


class PlotUnavailable(UsageError):
    """matplotlib is not installed."""


def require_matplotlib() -> None:
    """Raise :class:`PlotUnavailable` unless matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as error:
        raise PlotUnavailable(
            f"--plot needs matplotlib, which is not installed; install it with: {INSTALL_HINT}"
        ) from error
