"""Safe, bounded reading of YAML and JSON documents that keeps line numbers.

Every file lalcheck reads is untrusted input (pull requests to public deck
repositories run lalcheck in CI), so every document goes through this module:

* only regular files are read, and never more than the size limit, which is
  checked before a byte is parsed (a FIFO or a device is refused at once);
* YAML is parsed with the safe loader; a document that may hold more values
  than its node budget is counted event by event before anything is built;
  aliases may not expand beyond the budget ("billion laughs");
* values are built by a walker that refuses explicit tags it does not know
  (``!!binary``, ``!!set``, ``!foo``) or cannot read (``!!bool x``), numbers of
  more than :data:`MAX_INT_DIGITS` digits, and duplicate mapping keys, each as an
  :class:`~lalcheck.errors.InputError` naming the line;
* JSON gets the same rules on numbers, duplicate keys, depth and size.

Values keep their line numbers so findings and schema errors can point at them.
"""

from __future__ import annotations

import datetime as dt
import errno
import functools
import gc
import json
import os
import re
import stat
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from lalcheck.errors import InputError
from lalcheck.wording import file_kind, shown

#: libyaml's safe loader when PyYAML was built with it, else the pure-Python one.
_Loader: type[yaml.CSafeLoader | yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_RESOLVER = yaml.resolver.Resolver()


@functools.lru_cache(maxsize=4096)
def _scalar_tag(value: str, implicit: tuple[bool, bool]) -> str:
    """The tag the safe loader gives an untagged scalar (a pure function of its text)."""
    tag: str = _RESOLVER.resolve(yaml.ScalarNode, value, implicit)  # type: ignore[no-untyped-call]
    return tag


class _RememberingLoader(_Loader):  # type: ignore[valid-type,misc]
    """The safe loader, remembering the tags of the scalars it resolved: card numbers and
    counts recur in every deck, and resolving each one anew took longer than parsing."""

    def resolve(self, kind: type[yaml.Node], value: Any, implicit: Any) -> str:
        if kind is yaml.ScalarNode:
            return _scalar_tag(value, implicit)
        tag: str = super().resolve(kind, value, implicit)
        return tag


_SCALARS = yaml.constructor.SafeConstructor()

#: Paths inside a document: mapping keys and sequence indexes.
DocPath = tuple[str | int, ...]

#: No number in any lalcheck file needs more digits; Python cannot even print an
#: integer of more than 4,300 decimal digits, so bigger ones are refused where read.
MAX_INT_DIGITS = 18
_INT_BOUND = 10**MAX_INT_DIGITS
#: An integer literal longer than this is refused before it is converted.
_MAX_INT_TEXT = 64

_TAG = "tag:yaml.org,2002:"
#: Scalar tags the walker builds values for (``value`` is the plain scalar ``=``).
_SCALAR_TAGS = frozenset(
    f"{_TAG}{name}" for name in ("null", "bool", "int", "float", "str", "timestamp", "value")
)
_STR_TAG = f"{_TAG}str"
_INT_TAG = f"{_TAG}int"
_COLLECTION_TAGS = frozenset({f"{_TAG}seq", f"{_TAG}map"})
#: What an implicit (untagged) timestamp looks like: such text that is not a real
#: date stays text, for the reader to explain (``as_of: 2017-02-30 is not a date``).
_TIMESTAMP_TEXT = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ].*)?")

#: Environment variable that raises the size limit of card databases (in bytes).
MAX_DB_SIZE_ENV = "LALCHECK_MAX_DB_SIZE"


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on what one document may cost to read.

    ``what`` names the kind of file in messages; ``raise_hint`` says how to
    raise the limits, when they can be raised.
    """

    max_bytes: int
    max_nodes: int
    max_depth: int = 64
    what: str = "a file"
    raise_hint: str | None = None


DECK_LIMITS = Limits(max_bytes=256 * 1024, max_nodes=20_000, what="a deck file")
#: Regulation files, lock files and other small data files lalcheck ships or writes.
SMALL_LIMITS = Limits(max_bytes=256 * 1024, max_nodes=20_000, what="a regulation or lock file")
#: The default size limit of card databases: about ten times the largest real card list.
DEFAULT_MAX_DB_BYTES = 16 * 1024 * 1024
#: Bytes per value a database may have on average: a real one has about 25.
_DB_BYTES_PER_NODE = 8
#: Collection and card-list CSV files (read as text, not as documents of values).
DATA_LIMITS = Limits(
    max_bytes=DEFAULT_MAX_DB_BYTES,
    max_nodes=DEFAULT_MAX_DB_BYTES // _DB_BYTES_PER_NODE,
    what="a data file",
)


def database_limits() -> Limits:
    """The limits of a card database: :data:`DEFAULT_MAX_DB_BYTES`, or
    ``$LALCHECK_MAX_DB_SIZE`` bytes, and one value per 8 bytes."""
    hint = f"set {MAX_DB_SIZE_ENV}=BYTES to allow larger card databases"
    chosen = os.environ.get(MAX_DB_SIZE_ENV, "").strip().replace("_", "")
    size = int(chosen) if chosen.isascii() and chosen.isdigit() and len(chosen) < 16 else 0
    size = size or DEFAULT_MAX_DB_BYTES
    return Limits(size, max(size // _DB_BYTES_PER_NODE, 1), what="a card database", raise_hint=hint)


def read_text(path: Path, limits: Limits) -> str:
    """Read a UTF-8 text file, refusing missing, oversized and non-UTF-8 files."""
    return decode_utf8(read_bytes(path, limits), str(path))


def _missing(path: Path) -> InputError:
    """Why ``path`` cannot be found: no such file, or a link to nothing."""
    if path.is_symlink():
        return InputError(
            f"{path} is a symbolic link to {os.readlink(path)}, which does not exist",
            hint="fix or remove the link",
        )
    return InputError(f"{path} does not exist: check the path")


def too_big(source: str, size: int | None, limits: Limits) -> InputError:
    """The error of a file over ``limits.max_bytes`` (``size`` when known)."""
    actual = f"{size:,} bytes" if size is not None else "larger than that"
    return InputError(
        f"{source} is over the size limit of {limits.max_bytes:,} bytes for "
        f"{limits.what} ({actual})",
        hint=limits.raise_hint,
    )


def read_bytes(path: Path, limits: Limits) -> bytes:
    """Read a regular file, refusing missing, unreadable, special and oversized files.

    The file is opened without blocking (a FIFO with no writer does not hang) and
    refused unless it is a regular file; its size is checked before it is read,
    and at most ``limits.max_bytes + 1`` bytes are read in case it grows.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise _missing(path) from None
    except PermissionError:
        raise InputError(f"{path} cannot be read: permission denied") from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise InputError(f"{path} is a symbolic link loop", hint="fix the link") from None
        raise InputError(f"{path} cannot be read: {error.strerror or error}") from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            link = " (a symbolic link to a folder)" if path.is_symlink() else ""
            raise InputError(f"{path} is a directory{link}, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise InputError(
                f"{path} is {file_kind(info.st_mode)}, not a regular file",
                hint="lalcheck reads only regular files",
            )
        if info.st_size > limits.max_bytes:
            raise too_big(str(path), info.st_size, limits)
        # Read what the size says (one more byte shows growth), not a buffer of the limit.
        expected = min(info.st_size, limits.max_bytes) + 1
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            raw = handle.read(expected)
            if len(raw) == expected:  # grown, or a file whose size says nothing (/proc)
                raw += handle.read(limits.max_bytes + 1 - expected)
    except OSError as error:
        raise InputError(f"{path} cannot be read: {error.strerror or error}") from None
    finally:
        os.close(descriptor)
    if len(raw) > limits.max_bytes:
        raise too_big(str(path), None, limits)
    return raw


def decode_utf8(raw: bytes, source: str) -> str:
    """Decode UTF-8 (with or without a byte-order mark), naming the bad line."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise InputError(
            f"{source} is not UTF-8 text (bad byte 0x{raw[error.start]:02x})",
            line=line,
            hint="save the file as UTF-8",
        ) from None


#: Unicode categories no text file of ours holds: control characters and private use
#: (what CP932 makes of bytes that are not Shift-JIS text).
_NOT_TEXT = frozenset({"Cc", "Co"})
#: The note of a file read as CP932 because it is not UTF-8.
READ_AS_CP932 = "read as CP932 (Shift-JIS): the file is not UTF-8"


def decode_utf8_or_cp932(raw: bytes, source: str, hint: str) -> tuple[str, bool]:
    """Text saved as UTF-8 (with or without a byte-order mark), else as CP932
    (Shift-JIS, as Windows saves Japanese text); True when it was read as CP932.
    Bytes that are neither raise an error naming the first bad byte's line."""
    try:
        return raw.decode("utf-8-sig"), False
    except UnicodeDecodeError as error:
        with suppress(UnicodeDecodeError):
            text = raw.decode("cp932")
            if not any(unicodedata.category(c) in _NOT_TEXT and c not in "\t\r\n" for c in text):
                return text, True
        raise InputError(
            f"{source} is not UTF-8 or CP932 (Shift-JIS) text (bad byte 0x{raw[error.start]:02x})",
            line=raw.count(b"\n", 0, error.start) + 1,
            hint=hint,
        ) from None


@contextmanager
def _no_collection() -> Iterator[None]:
    """Pause the cyclic garbage collector while a document's many objects are built.

    Building a node graph allocates millions of objects that are never garbage;
    collecting while they pile up made reading a 4 MB database eight times slower.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _too_many(source: str, limits: Limits, line: int | None) -> InputError:
    return InputError(
        f"{source} holds more than {limits.max_nodes:,} values, the limit for {limits.what}",
        line=line,
        hint=limits.raise_hint,
    )


def _yaml_error(error: yaml.YAMLError, source: str, text: str) -> InputError:
    if isinstance(error, yaml.reader.ReaderError):  # a character YAML does not allow
        character = chr(error.character) if isinstance(error.character, int) else error.character
        return InputError(
            f"{source}: invalid YAML: the character {character!r} is not allowed in YAML",
            line=text.count("\n", 0, error.position) + 1,
            hint='remove it, or write it as an escape in double quotes ("\\e")',
        )
    if isinstance(error, yaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = error.problem or error.context or "invalid YAML"
        if error.context and problem.startswith("but "):  # "expected a single document, but …"
            problem = f"{error.context}, {problem}"
        hint = None
        lines = text.splitlines()
        if line is not None and line <= len(lines) and "\t" in lines[line - 1]:
            problem = "a tab character, and YAML indents with spaces only"
            hint = "replace the tab with spaces"
        return InputError(f"{source}: invalid YAML: {problem}", line=line, hint=hint)
    return InputError(f"{source}: invalid YAML: {error}")


def _count_nodes(text: str, source: str, limits: Limits) -> None:
    """Refuse a document with more than ``limits.max_nodes`` values before building it.

    Parsing events costs a tenth of building the node graph and no memory.
    """
    count = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.NodeEvent):  # scalars, aliases, sequence and mapping starts
            count += 1
            if count > limits.max_nodes:
                mark = event.start_mark
                raise _too_many(source, limits, mark.line + 1 if mark is not None else None)


def compose(text: str, source: str, limits: Limits) -> yaml.Node | None:
    """Parse one YAML document into its node graph (safe loader, no object tags),
    refusing documents over the node budget, alias bombs and recursive aliases."""
    try:
        with _no_collection():
            # No document holds more than two values per character ("[?,?]"):
            # shorter ones cannot be over the budget.
            if 2 * len(text) > limits.max_nodes:
                _count_nodes(text, source, limits)
            root = yaml.compose(text, Loader=_RememberingLoader)
    except yaml.YAMLError as error:
        raise _yaml_error(error, source, text) from None
    except RecursionError:
        raise InputError(f"{source}: invalid YAML: nested too deeply") from None
    if root is not None and "*" in text:  # without an alias nothing is shared
        check_expansion(root, source, limits)
    return root


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _alias_bomb(source: str, limits: Limits, node: yaml.Node) -> InputError:
    return InputError(
        f"{source}: the aliases (*) expand the document to more than {limits.max_nodes:,} "
        "values (a YAML alias bomb?)",
        line=line_of(node),
        hint="remove the anchors and aliases (& and *)",
    )


def check_expansion(root: yaml.Node, source: str, limits: Limits) -> None:
    """Refuse documents whose aliases expand beyond ``limits.max_nodes`` or loop.

    Aliases share nodes, so a small file can stand for an exponential number of
    values ("billion laughs"). The expanded size is computed per shared node,
    in time linear in the file, before anything is expanded.
    """
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        if finished:
            on_path.discard(key)
            sizes[key] = 1 + sum(sizes[id(child)] for child in _children(node))
            if sizes[key] > limits.max_nodes:
                raise _alias_bomb(source, limits, node)
            continue
        if key in sizes:
            continue
        on_path.add(key)
        stack.append((node, True))
        for child in _children(node):
            if id(child) in on_path:
                raise InputError(
                    f"{source}: an alias refers to a value that contains it",
                    line=line_of(child),
                    hint="remove the recursive alias",
                )
            stack.append((child, False))


def line_of(node: yaml.Node) -> int:
    """The 1-based line where ``node`` starts."""
    return int(node.start_mark.line) + 1


def _tag_name(tag: str) -> str:
    return "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag


def too_large_number(source: str, text: str, line: int | None) -> InputError:
    """The error of a number with more than :data:`MAX_INT_DIGITS` digits."""
    return InputError(
        f"{source}: the number {shown(text, 24)} is too large (more than {MAX_INT_DIGITS} digits)",
        line=line,
        hint="write a smaller number",
    )


@dataclass(frozen=True, slots=True)
class Pair:
    """One entry of a YAML mapping with where its key stands."""

    key: Any
    key_node: yaml.Node
    value_node: yaml.Node

    @property
    def line(self) -> int:
        """The line of the key."""
        return line_of(self.key_node)


class Walker:
    """Turns nodes into Python values within a node budget and a depth limit."""

    def __init__(self, source: str, limits: Limits, *, duplicates: bool = False) -> None:
        self.source = source
        self.limits = limits
        #: Whether a key given twice in one mapping is kept (the last one) for the caller
        #: to report, rather than an error.
        self.duplicates = duplicates
        self.visited = 0
        self.lines: dict[DocPath, int] = {}

    def _spend(self, node: yaml.Node, depth: int) -> None:
        self.visited += 1
        if self.visited > self.limits.max_nodes:  # only aliases take a counted document here
            raise _alias_bomb(self.source, self.limits, node)
        if depth > self.limits.max_depth:
            raise InputError(
                f"{self.source}: nesting deeper than {self.limits.max_depth} levels",
                line=line_of(node),
            )

    def _error(self, node: yaml.Node, problem: str, hint: str | None = None) -> InputError:
        return InputError(f"{self.source}: {problem}", line=line_of(node), hint=hint)

    def scalar(self, node: yaml.Node) -> Any:
        """The Python value of a scalar node; dates become ISO strings, as in JSON.

        Raises :class:`InputError` for a tag the walker does not build, a value its
        tag cannot read (``!!bool x``), and an integer of more than
        :data:`MAX_INT_DIGITS` digits.
        """
        tag, text = node.tag, str(node.value)
        # The common cases built directly (the values the tags' constructors would build).
        if tag == _STR_TAG:
            return text
        if tag == _INT_TAG and text.isascii() and text.isdigit() and text[0] != "0":
            if len(text) > MAX_INT_DIGITS:
                raise too_large_number(self.source, text, line_of(node))
            return int(text)
        if tag not in _SCALAR_TAGS:
            raise self._error(
                node, f"the YAML tag {_tag_name(tag)} is not supported", "remove the tag"
            )
        if tag == f"{_TAG}value":
            return text
        if tag == f"{_TAG}int" and len(text) > _MAX_INT_TEXT:
            raise too_large_number(self.source, text, line_of(node))
        try:
            # The tag's constructor itself: construct_object would keep every node.
            value = _SCALARS.yaml_constructors[tag](_SCALARS, node)
        except Exception:  # PyYAML raises KeyError, IndexError, ValueError … for bad text
            if tag == f"{_TAG}timestamp" and _TIMESTAMP_TEXT.fullmatch(text):
                return text  # looks like a date but is none: the reader says why
            raise self._error(
                node, f"{shown(text, 24)} is not a valid {_tag_name(tag)} value", "remove the tag"
            ) from None
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _INT_BOUND:
            raise too_large_number(self.source, text, line_of(node))
        return value.isoformat() if isinstance(value, dt.date) else value

    def _collection(self, node: yaml.Node) -> None:
        if node.tag not in _COLLECTION_TAGS:
            raise self._error(
                node, f"the YAML tag {_tag_name(node.tag)} is not supported", "remove the tag"
            )

    def pairs(self, node: yaml.MappingNode, depth: int = 0) -> Iterator[Pair]:
        """The entries of a mapping, keys as Python values, in file order."""
        for key_node, value_node in self.entries(node, depth):
            yield Pair(self.scalar(key_node), key_node, value_node)

    def entries(
        self, node: yaml.MappingNode, depth: int = 0
    ) -> Iterator[tuple[yaml.ScalarNode, yaml.Node]]:
        """The key and value nodes of a mapping, in file order, each key checked to be a
        plain value the walker can build."""
        self._collection(node)
        for key_node, value_node in node.value:
            self._spend(key_node, depth + 1)
            if key_node.tag == _STR_TAG and isinstance(key_node, yaml.ScalarNode):
                yield key_node, value_node
                continue
            if key_node.tag == f"{_TAG}merge":
                raise self._error(
                    key_node, "YAML merge keys (<<) are not supported", "write the entries out"
                )
            if not isinstance(key_node, yaml.ScalarNode):
                raise self._error(key_node, "a mapping key must be a plain value")
            self.scalar(key_node)  # refuses what the walker cannot build
            yield key_node, value_node

    def value(self, node: yaml.Node, path: DocPath = (), depth: int = 0) -> Any:
        """Build the Python value of ``node``, recording each path's line.

        A key given twice in one mapping is an error naming both lines (unless the
        walker keeps ``duplicates``).
        """
        self._spend(node, depth)
        self.lines[path] = line_of(node)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        if isinstance(node, yaml.SequenceNode):
            self._collection(node)
            return [
                self.value(item, (*path, index), depth + 1) for index, item in enumerate(node.value)
            ]
        if isinstance(node, yaml.MappingNode):
            result: dict[Any, Any] = {}
            seen: dict[Any, int] = {}
            for pair in self.pairs(node, depth):
                key = pair.key if isinstance(pair.key, (str, int)) else str(pair.key)
                if key in seen and not self.duplicates:
                    raise self._error(
                        pair.key_node,
                        f"{shown(str(key), 24)} appears twice in one mapping (lines "
                        f"{seen[key]} and {pair.line})",
                        "keep one of them",
                    )
                seen[key] = pair.line
                result[key] = self.value(pair.value_node, (*path, key), depth + 1)
            return result
        raise self._error(node, "unsupported YAML node")


def load_with_lines(text: str, source: str, limits: Limits) -> tuple[Any, dict[DocPath, int]]:
    """Parse YAML ``text`` into Python values and a map from document path to line."""
    node = compose(text, source, limits)
    if node is None:
        return None, {}
    walker = Walker(source, limits)
    with _no_collection():
        return walker.value(node), walker.lines


class _JsonRefused(Exception):
    """A JSON value the YAML rules refuse; the YAML walker then finds its line."""


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _JsonRefused(text)
    return int(text)


def _json_constant(text: str) -> float:
    raise _JsonRefused(text)  # NaN, Infinity and -Infinity are not JSON


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _JsonRefused("a key given twice")
    return result


def _check_shape(data: Any, source: str, limits: Limits) -> None:
    """Refuse JSON nested deeper than ``limits.max_depth`` or with too many values."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > limits.max_nodes:
            raise _too_many(source, limits, None)
        if depth > limits.max_depth:
            raise InputError(f"{source}: nesting deeper than {limits.max_depth} levels")
        if isinstance(value, dict):
            stack.extend((child, depth + 1) for child in value.values())
        elif isinstance(value, list):
            stack.extend((child, depth + 1) for child in value)


def load_json(text: str, source: str, limits: Limits) -> Any:
    """Parse JSON ``text`` under the same rules as YAML: bounded numbers, no duplicate
    keys, no NaN, bounded depth and size. A refused value is reported with its line."""
    try:
        data = json.loads(
            text,
            parse_int=_json_int,
            parse_constant=_json_constant,
            object_pairs_hook=_json_object,
        )
    except json.JSONDecodeError as error:
        raise InputError(f"{source}: invalid JSON: {error.msg}", line=error.lineno) from None
    except RecursionError:
        raise InputError(f"{source}: invalid JSON: nested too deeply") from None
    except _JsonRefused as refused:
        # JSON is YAML: the walker refuses the same value and knows its line.
        load_with_lines(text, source, limits)
        raise InputError(f"{source}: invalid JSON value {shown(str(refused), 24)}") from None
    _check_shape(data, source, limits)
    return data
