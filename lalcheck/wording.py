"""Small helpers for the wording of messages and reports."""

from __future__ import annotations


def plural(number: int, word: str, words: str | None = None) -> str:
    """``1 row``, ``2 rows``, ``2 copies``: a count with its noun."""
    return f"{number} {word if number == 1 else words or word + 's'}"
