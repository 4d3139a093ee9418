"""Small helpers for the wording of messages and reports."""

from __future__ import annotations

import unicodedata


def plural(number: int, word: str, words: str | None = None) -> str:
    """``1 row``, ``2 rows``, ``2 copies``: a count with its noun."""
    return f"{number} {word if number == 1 else words or word + 's'}"


def quoted(text: str) -> str:
    """``'text'`` in quotes as the user typed it: spaces such as the full-width U+3000 are
    shown as themselves, not as ``\\u3000`` the way ``repr`` shows them; control
    characters are still escaped."""
    shown = "".join(
        char if char.isprintable() or unicodedata.category(char) == "Zs" else repr(char)[1:-1]
        for char in text
    )
    return f"'{shown}'"
