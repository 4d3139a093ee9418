"""The card collection: what a player owns, in one SQLite file (contract §7).

Usable on its own; ``lalcheck collection`` is a thin layer over it::

    from lalcheck.collection import Holding, open_collection

    with open_collection(Path("cards.sqlite3")) as collection:
        collection.add(Holding("BT01/008", 2, foil=True))
        rows = collection.holdings()
"""

from __future__ import annotations

from lalcheck.collection.csvio import (
    ImportRejected,
    ParsedCsv,
    RowProblem,
    parse_csv,
    read_import,
)
from lalcheck.collection.formats import (
    ExportFormat,
    ListFormat,
    format_holdings,
    format_missing,
    format_stats,
)
from lalcheck.collection.model import (
    CollectionError,
    Condition,
    Holding,
    merge,
    resolve_card,
)
from lalcheck.collection.reports import (
    CollectionStats,
    MissingCard,
    MissingReport,
    SetStats,
    collection_stats,
    filter_holdings,
    missing_cards,
)
from lalcheck.collection.store import (
    COLLECTION_ENV,
    Collection,
    collection_path,
    open_collection,
)

__all__ = [
    "COLLECTION_ENV",
    "Collection",
    "CollectionError",
    "CollectionStats",
    "Condition",
    "ExportFormat",
    "Holding",
    "ImportRejected",
    "ListFormat",
    "MissingCard",
    "MissingReport",
    "ParsedCsv",
    "RowProblem",
    "SetStats",
    "collection_path",
    "collection_stats",
    "filter_holdings",
    "format_holdings",
    "format_missing",
    "format_stats",
    "merge",
    "missing_cards",
    "open_collection",
    "parse_csv",
    "read_import",
    "resolve_card",
]
