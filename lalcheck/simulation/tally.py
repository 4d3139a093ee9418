"""Adding up tallies: count dataclasses whose fields add up exactly, in any order.

A game's goldfish tally is a frozen dataclass of counts (``int`` and
:class:`collections.Counter` fields keyed by plain values); :func:`add_fields`
adds two of them field by field, so a tally class's ``__add__`` is one line and
chunks played anywhere sum to exactly the tally of all their games.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any, TypeVar

Tally = TypeVar("Tally")


def add_fields(one: Tally, other: Tally, *, maxima: Collection[str] = ()) -> Tally:
    """The field-wise sum of two tallies of one dataclass; fields named in ``maxima``
    keep the larger value instead (the longest game, say)."""
    assert dataclasses.is_dataclass(one) and not isinstance(one, type), "a tally is a dataclass"
    values: dict[str, Any] = {}
    for field in dataclasses.fields(one):
        mine, theirs = getattr(one, field.name), getattr(other, field.name)
        values[field.name] = max(mine, theirs) if field.name in maxima else mine + theirs
    added: Tally = type(one)(**values)
    return added
