"""Fixtures for the collection tests: a collection file and small deck files."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lalcheck.collection import Collection, open_collection

DeckWriter = Callable[..., Path]


@pytest.fixture
def collection_file(tmp_path: Path) -> Path:
    return tmp_path / "collection.sqlite3"


@pytest.fixture
def collection(collection_file: Path) -> Iterator[Collection]:
    with open_collection(collection_file) as opened:
        yield opened


@pytest.fixture
def write_deck(tmp_path: Path) -> DeckWriter:
    """Write a deck file from ``section -> {reference: copies}`` and return its path."""

    def write(name: str, title: str | None = None, **sections: dict[str, int]) -> Path:
        lines = [f"name: {title}"] if title else []
        for section, cards in sections.items():
            lines.append(f"{section}:")
            lines += [f'  "{reference}": {count}' for reference, count in cards.items()]
        path = tmp_path / f"{name}.yaml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path

    return write
