"""Text reports of simulations: rich tables rendered to a plain string, and the
number formats every game's report shares."""

from __future__ import annotations

import io
from collections.abc import Iterable

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from lalcheck.simulation.stats import Interval

#: Width of a text report: 80 columns (it never depends on the terminal, so output is
#: stable, and piped output is the same as on a terminal).
WIDTH = 80
#: Width in characters of a full histogram bar (the widest table still fits in WIDTH).
BAR_WIDTH = 10
_EIGHTHS = " ▏▎▍▌▋▊▉"


def render(renderables: Iterable[RenderableType], width: int = WIDTH) -> str:
    """Plain text of rich renderables, printed on a recording console."""
    console = Console(
        record=True, width=width, file=io.StringIO(), color_system=None, highlight=False
    )
    for renderable in renderables:
        console.print(renderable)
    return "".join(line.rstrip() + "\n" for line in console.export_text().splitlines())


def bar(fraction: float, width: int = BAR_WIDTH) -> str:
    """A horizontal bar ``fraction`` of ``width`` long, to an eighth of a character."""
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    full, rest = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[rest] if rest else "")


def percent(value: float) -> str:
    return f"{value:.1%}"


def interval(ci: Interval, signed: bool = False) -> str:
    form = "{:+.1%}" if signed else "{:.1%}"
    return f"{form.format(ci[0])} – {form.format(ci[1])}"


def table(*columns: str) -> Table:
    """A table whose first column is left-aligned and the others right-aligned."""
    result = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for index, column in enumerate(columns):
        result.add_column(column, justify="left" if index == 0 else "right", no_wrap=True)
    return result


def section(title: str, body: Table, note: str = "") -> Group:
    """A titled table, with a note under it."""
    if not note:
        return Group(Text(title, style="bold"), body)
    return Group(Text(title, style="bold"), body, Text(note + "\n"))
