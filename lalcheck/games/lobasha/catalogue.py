"""A catalogue: the entries of one data file by id, with the file's name, sample flag and notes."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Catalogue(Generic[T]):
    """Entries by id (in file order); ``sample`` and ``notes`` say how far to trust them."""

    name: str
    sample: bool
    notes: str
    entries: Mapping[str, T] = field(default_factory=dict)

    def __getitem__(self, entry_id: str) -> T:
        return self.entries[entry_id]

    def __contains__(self, entry_id: object) -> bool:
        return entry_id in self.entries

    def __iter__(self) -> Iterator[T]:
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)
