"""Safe, bounded YAML reading that keeps line numbers.

Deck files are untrusted input (pull requests to public deck repositories run
lalcheck in CI), so every file is read with a size limit, parsed with the safe
loader only, and turned into Python values by a walker with a node budget and a
depth limit: a "billion laughs" document fails fast instead of expanding.
Values keep their line numbers so findings and schema errors can point at them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from lalcheck.errors import InputError

#: libyaml's safe loader when PyYAML was built with it, else the pure-Python one.
_Loader: type[yaml.CSafeLoader | yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_SCALARS = yaml.constructor.SafeConstructor()

#: Paths inside a document: mapping keys and sequence indexes.
DocPath = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on what one document may cost to read."""

    max_bytes: int
    max_nodes: int
    max_depth: int = 64


DECK_LIMITS = Limits(max_bytes=256 * 1024, max_nodes=20_000)
DATA_LIMITS = Limits(max_bytes=64 * 1024 * 1024, max_nodes=5_000_000)


def read_text(path: Path, limits: Limits) -> str:
    """Read a UTF-8 text file, refusing missing, oversized and non-UTF-8 files."""
    return decode_utf8(read_bytes(path, limits), str(path))


def read_bytes(path: Path, limits: Limits) -> bytes:
    """Read a file, refusing missing, unreadable and oversized files with a clear message.

    At most ``limits.max_bytes + 1`` bytes are read, so a device such as ``/dev/zero``
    or a file that grows while it is read is refused too.
    """
    try:
        with path.open("rb") as handle:
            raw = handle.read(limits.max_bytes + 1)
    except FileNotFoundError:
        raise InputError(f"{path} does not exist: check the path") from None
    except IsADirectoryError:
        raise InputError(f"{path} is a directory, not a file") from None
    except PermissionError:
        raise InputError(f"{path} cannot be read: permission denied") from None
    except OSError as error:
        raise InputError(f"{path} cannot be read: {error.strerror or error}") from None
    if len(raw) > limits.max_bytes:
        raise InputError(f"{path} is larger than the limit of {limits.max_bytes:,} bytes")
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


def compose(text: str, source: str, limits: Limits) -> yaml.Node | None:
    """Parse one YAML document into its node graph (safe loader, no object tags),
    refusing alias bombs and recursive aliases."""
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
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
        raise InputError(f"{source}: invalid YAML: {problem}", line=line, hint=hint) from None
    except yaml.YAMLError as error:
        raise InputError(f"{source}: invalid YAML: {error}") from None
    if root is not None and "*" in text:  # without an alias nothing is shared
        check_expansion(root, source, limits)
    return root


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


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
                raise InputError(
                    f"{source}: the document expands to more than {limits.max_nodes:,} values "
                    "(YAML alias bomb?)",
                    line=line_of(node),
                    hint="remove the anchors and aliases (& and *)",
                )
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

    def __init__(self, source: str, limits: Limits) -> None:
        self.source = source
        self.limits = limits
        self.visited = 0
        self.lines: dict[DocPath, int] = {}

    def _spend(self, node: yaml.Node, depth: int) -> None:
        self.visited += 1
        if self.visited > self.limits.max_nodes:
            raise InputError(
                f"{self.source}: the document expands to more than "
                f"{self.limits.max_nodes:,} values (YAML alias bomb?)",
                line=line_of(node),
                hint="remove the anchors and aliases (& and *)",
            )
        if depth > self.limits.max_depth:
            raise InputError(
                f"{self.source}: nesting deeper than {self.limits.max_depth} levels",
                line=line_of(node),
            )

    def scalar(self, node: yaml.Node) -> Any:
        """The Python value of a scalar node; dates become ISO strings, as in JSON."""
        try:
            value = _SCALARS.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError):
            return node.value
        return value.isoformat() if isinstance(value, dt.date) else value

    def pairs(self, node: yaml.MappingNode, depth: int = 0) -> Iterator[Pair]:
        """The entries of a mapping, keys as Python values, in file order."""
        for key_node, value_node in node.value:
            self._spend(key_node, depth + 1)
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise InputError(
                    f"{self.source}: YAML merge keys (<<) are not supported",
                    line=line_of(key_node),
                    hint="write the entries out",
                )
            key = self.scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else None
            if key is None and not isinstance(key_node, yaml.ScalarNode):
                raise InputError(
                    f"{self.source}: a mapping key must be a plain value",
                    line=line_of(key_node),
                )
            yield Pair(key, key_node, value_node)

    def value(self, node: yaml.Node, path: DocPath = (), depth: int = 0) -> Any:
        """Build the Python value of ``node``, recording each path's line."""
        self._spend(node, depth)
        self.lines[path] = line_of(node)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        if isinstance(node, yaml.SequenceNode):
            return [
                self.value(item, (*path, index), depth + 1) for index, item in enumerate(node.value)
            ]
        if isinstance(node, yaml.MappingNode):
            result: dict[Any, Any] = {}
            for pair in self.pairs(node, depth):
                key = pair.key if isinstance(pair.key, (str, int)) else str(pair.key)
                result[key] = self.value(pair.value_node, (*path, key), depth + 1)
            return result
        raise InputError(f"{self.source}: unsupported YAML node", line=line_of(node))


def load_with_lines(text: str, source: str, limits: Limits) -> tuple[Any, dict[DocPath, int]]:
    """Parse ``text`` into Python values and a map from document path to line."""
    node = compose(text, source, limits)
    if node is None:
        return None, {}
    walker = Walker(source, limits)
    return walker.value(node), walker.lines
