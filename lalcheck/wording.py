"""Small helpers for the wording of messages and reports."""

from __future__ import annotations

import re
import stat
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


def shown(text: str, width: int = 60) -> str:
    """``text`` :func:`quoted` for a message, cut to ``width`` characters (``'abc…'``)."""
    return quoted(text if len(text) <= width else text[:width] + "…")


#: Characters that text output shows as escapes: C0 and C1 controls and DEL (screen
#: clears, window titles, carriage returns), line and paragraph separators, the
#: bidirectional controls that reorder what follows them on screen, and what no
#: UTF-8 output can hold (lone surrogates, the noncharacters U+FFFE and U+FFFF).
_INVISIBLE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
    "\ud800-\udfff\ufffe\uffff]"
)


def _escape(found: re.Match[str]) -> str:
    code = ord(found[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, keep: str = "") -> str:
    """``text`` with control and bidirectional characters written as ``\\x1b``, ``\\u202e``
    (except those in ``keep``, such as ``"\\n"`` for multi-line text), so that text from
    a deck, a card database or a collection cannot move the cursor, rewrite the screen
    or reverse what a terminal shows."""
    if keep:
        return _INVISIBLE.sub(lambda found: found[0] if found[0] in keep else _escape(found), text)
    return _INVISIBLE.sub(_escape, text)


def file_kind(mode: int) -> str:
    """``a FIFO (named pipe)``: what a file of this ``st_mode`` is, for messages about
    files that are not regular files."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"
