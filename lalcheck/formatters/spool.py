"""A temporary file that holds the parts of a report written before what precedes them
is known (the JUnit counts, the SARIF runs of later games), so memory stays flat."""

from __future__ import annotations

import json
import tempfile
import uuid
from collections.abc import Iterable, Iterator
from typing import Any

#: Characters read back at a time.
_BLOCK = 1 << 16


class Spool:
    """Text written now and read back, in blocks, once."""

    def __init__(self) -> None:
        # Closed by close() or the with block of the Spool itself.
        self._file = tempfile.TemporaryFile("w+", encoding="utf-8", newline="")  # noqa: SIM115
        self.empty = True

    def write(self, text: str) -> None:
        self._file.write(text)
        self.empty = self.empty and not text

    def read_back(self) -> Iterator[str]:
        """What was written, in blocks."""
        self._file.seek(0)
        while block := self._file.read(_BLOCK):
            yield block

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Spool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class JsonList:
    """A list of a JSON document, its items encoded as they come and spooled.

    Put :attr:`marker` where the list goes in the document and render the document
    with :func:`json_document`: the bytes are those of ``json.dumps(document,
    ensure_ascii=False, indent=2)`` with the items in the list. ``depth`` is how
    deep the list's items stand (the decks of the JSON report: 2).
    """

    def __init__(self, depth: int) -> None:
        self.marker = f"spooled-list-{uuid.uuid4().hex}"
        self._pad = "\n" + "  " * depth
        self._end = "\n" + "  " * (depth - 1) + "]"
        self._spool = Spool()

    def append(self, item: Any) -> None:
        text = json.dumps(item, ensure_ascii=False, indent=2).replace("\n", self._pad)
        self._spool.write(("," if not self._spool.empty else "") + self._pad + text)

    def render(self) -> Iterator[str]:
        """The list as it stands in the document."""
        if self._spool.empty:
            yield "[]"
            return
        yield "["
        yield from self._spool.read_back()
        yield self._end

    def __enter__(self) -> JsonList:
        return self

    def __exit__(self, *exc: object) -> None:
        self._spool.close()


def json_document(document: Any, lists: Iterable[JsonList]) -> Iterator[str]:
    """``document`` as indented JSON and a final line break, each list's marker replaced by
    its items (in the order the lists' markers stand in the document)."""
    rest = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    for json_list in lists:
        before, found, rest = rest.partition(json.dumps(json_list.marker))
        if not found:
            raise ValueError(f"the document holds no marker {json_list.marker}")
        yield before
        yield from json_list.render()
    yield rest
