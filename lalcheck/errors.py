"""Errors lalcheck reports to users instead of tracebacks."""

from __future__ import annotations

#: The exit code of a bug in lalcheck: never mistaken for an illegal deck (1) or bad usage (2).
EXIT_INTERNAL = 3


class LalcheckError(Exception):
    """Base class: an error with a message meant for the user."""


class InputError(LalcheckError):
    """Input that cannot be used: a missing, unreadable or malformed file.

    ``line`` is the 1-based line the problem was found on, when known; ``hint``
    tells the user how to fix it.
    """

    def __init__(self, message: str, *, line: int | None = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.hint = hint

    def __str__(self) -> str:
        text = self.message
        if self.line is not None:
            text += f" (line {self.line})"
        if self.hint:
            text += f"; {self.hint}"
        return text


class InvalidFileError(InputError):
    """A file with problems; ``problems`` are listed one per line under the message."""

    def __init__(self, message: str, problems: list[str], *, hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.problems = problems

    def __str__(self) -> str:
        lines = [self.message, *(f"  {problem}" for problem in self.problems)]
        if self.hint:
            lines.append(self.hint)
        return "\n".join(lines)


class UsageError(LalcheckError):
    """A command was asked for something it cannot do (bad option value, unknown id)."""


def describe_error(error: BaseException, width: int = 200) -> str:
    """``ValueError: …``: an unexpected error's type and message, cut to ``width``
    characters, for a message that asks the user to report it."""
    try:
        text = str(error)
    except Exception:  # an exception whose message itself fails
        text = ""
    text = text if len(text) <= width else text[:width] + "…"
    name = type(error).__name__
    return f"{name}: {text}" if text else name
