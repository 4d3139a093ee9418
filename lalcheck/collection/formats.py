"""Collection output as text tables, JSON and CSV; formatters return strings, never print.

Text tables show card numbers, names, notes and deck titles through
:func:`visible` (no terminal escapes); CSV cells that a spreadsheet would run
as a formula are neutralised (see :func:`~lalcheck.collection.csvio.neutralise`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any

from lalcheck.collection.csvio import COLUMNS, neutralise
from lalcheck.collection.model import Holding
from lalcheck.collection.reports import CollectionStats, MissingCard, MissingReport, SetStats
from lalcheck.db.model import CardDatabase
from lalcheck.games.base import GameCard
from lalcheck.wording import plural, visible


class ListFormat(StrEnum):
    """Formats of ``collection list`` and ``collection missing``."""

    TEXT = "text"
    JSON = "json"
    CSV = "csv"


class ExportFormat(StrEnum):
    """Formats of ``collection export``."""

    CSV = "csv"
    JSON = "json"


#: Columns of a ``missing`` wishlist: a collection CSV that imports.
WISHLIST_COLUMNS = ("number", "name", "quantity", "note")


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV with every text cell :func:`neutralise`-d: no cell runs as a formula.

    A row with a carriage return in a cell is written with every cell quoted: the
    csv module quotes only the characters of its line terminator (``\n``).
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    quoting = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(header)
    for row in rows:
        cells = [neutralise(cell) if isinstance(cell, str) else cell for cell in row]
        carriage_return = any(isinstance(cell, str) and "\r" in cell for cell in cells)
        (quoting if carriage_return else writer).writerow(cells)
    return out.getvalue()


def _json(document: object) -> str:
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _name(holding: Holding, db: CardDatabase[GameCard]) -> str | None:
    card = db.get(holding.number)
    return card.name if card else None


def _holding_text(holdings: Sequence[Holding], db: CardDatabase[GameCard]) -> str:
    if not holdings:
        return "no cards\n"
    width = max(6, *(len(visible(h.number)) for h in holdings))
    lines = [f"{'number':<{width}}  {'qty':>5}  {'trade':>5}  cond  lang   foil  name"]
    for h in holdings:
        name = visible(_name(h, db) or "? (not in the card database)")
        note = f"  # {visible(' '.join(h.note.split()))}" if h.note else ""
        lines.append(
            f"{visible(h.number):<{width}}  {h.quantity:>5}  {h.trade_quantity or '':>5}  "
            f"{h.condition:<4}  {h.language:<5}  {'foil' if h.foil else '':<4}  {name}{note}"
        )
    summary = _summary(holdings)
    lines.append(
        f"{plural(summary['rows'], 'row')} · {plural(summary['cards'], 'card')} · "
        f"{plural(summary['copies'], 'copy', 'copies')} · {summary['trade']} for trade"
    )
    return "\n".join(lines) + "\n"


def _summary(holdings: Sequence[Holding]) -> dict[str, int]:
    return {
        "rows": len(holdings),
        "cards": len({h.number for h in holdings}),
        "copies": sum(h.quantity for h in holdings),
        "trade": sum(h.trade_quantity for h in holdings),
    }


def _holding_json(holdings: Sequence[Holding], db: CardDatabase[GameCard]) -> str:
    cards = [
        {
            "number": h.number,
            "name": _name(h, db),
            "quantity": h.quantity,
            "trade_quantity": h.trade_quantity,
            "condition": h.condition.value,
            "language": h.language,
            "foil": h.foil,
            "note": h.note,
        }
        for h in holdings
    ]
    return _json({"cards": cards, "summary": _summary(holdings)})


def _holding_csv(holdings: Sequence[Holding], db: CardDatabase[GameCard]) -> str:
    return _csv(
        COLUMNS,
        (
            (
                h.number,
                _name(h, db) or "",
                h.quantity,
                h.trade_quantity,
                h.condition.value,
                h.language,
                "yes" if h.foil else "no",
                h.note,
            )
            for h in holdings
        ),
    )


def format_holdings(holdings: Sequence[Holding], db: CardDatabase[GameCard], output: str) -> str:
    """Collection rows as a text table, JSON (``{"cards": [...], "summary": {...}}``) or CSV.

    The CSV has every column of contract §7, so it imports back exactly.
    """
    formatter = {"text": _holding_text, "json": _holding_json, "csv": _holding_csv}[output]
    return formatter(holdings, db)


def _missing_json(card: MissingCard) -> dict[str, Any]:
    return {
        "number": card.number,
        "name": card.name,
        "need": card.need,
        "have": card.have,
        "missing": card.missing,
    }


def _title(report: MissingReport) -> str:
    if report.deck is None:
        return "all decks together"
    deck = report.deck
    return visible(f"{deck.path} — {deck.name}" if deck.name else deck.path)


def _missing_text(reports: Sequence[MissingReport]) -> str:
    blocks = []
    for report in reports:
        if not report.cards:
            blocks.append(f"{_title(report)}: nothing missing")
            continue
        width = max(6, *(len(visible(card.number)) for card in report.cards))
        lines = [
            f"{_title(report)}: {report.total_missing} missing",
            f"  {'number':<{width}}  need  have  missing  name",
        ]
        lines += [
            f"  {visible(c.number):<{width}}  {c.need:>4}  {c.have:>4}  {c.missing:>7}  "
            f"{visible(c.name)}"
            for c in report.cards
        ]
        blocks.append("\n".join(lines))
    if len(reports) > 1:
        blocks.append(f"total missing: {sum(report.total_missing for report in reports)}")
    return "\n\n".join(blocks) + "\n"


def _missing_document(reports: Sequence[MissingReport]) -> str:
    total = sum(report.total_missing for report in reports)
    if len(reports) == 1 and reports[0].deck is None:
        return _json(
            {"missing": [_missing_json(c) for c in reports[0].cards], "total_missing": total}
        )
    decks = [
        {
            "path": report.deck.path if report.deck else None,
            "name": report.deck.name if report.deck else None,
            "missing": [_missing_json(c) for c in report.cards],
            "total_missing": report.total_missing,
        }
        for report in reports
    ]
    return _json({"decks": decks, "total_missing": total})


def _missing_csv(reports: Sequence[MissingReport]) -> str:
    rows = []
    for report in reports:
        note = f"for {report.deck.name or report.deck.path}" if report.deck else ""
        rows += [(card.number, card.name, card.missing, note) for card in report.cards]
    return _csv(WISHLIST_COLUMNS, rows)


def format_missing(reports: Sequence[MissingReport], output: str) -> str:
    """Missing cards as tables, JSON (contract §7) or a CSV wishlist that imports.

    A single report without a deck (``--together``) is the JSON document
    ``{"missing": [...], "total_missing": N}``; per-deck reports go under
    ``"decks"``. Wishlist rows of a per-deck report note the deck they are for.
    """
    formatter = {"text": _missing_text, "json": _missing_document, "csv": _missing_csv}[output]
    return formatter(reports)


def _stats_line(row: SetStats) -> str:
    owned = f"{row.owned}/{row.total}"
    return (
        f"{visible(row.code):<8}  {owned:>9}  {row.percent:>7.1f}%  {row.copies:>6}  "
        f"{visible(row.name)}"
    )


def _stats_text(stats: CollectionStats) -> str:
    lines = [f"{'set':<8}  {'cards':>9}  {'complete':>8}  {'copies':>6}  name"]
    lines += [_stats_line(row) for row in stats.sets]
    lines.append(_stats_line(stats.all_sets))
    if stats.unknown_cards:
        lines.append(
            f"also {plural(stats.unknown_cards, 'card')} "
            f"({plural(stats.unknown_copies, 'copy', 'copies')}) that the card database "
            "does not know"
        )
    return "\n".join(lines) + "\n"


def _set_json(row: SetStats) -> dict[str, Any]:
    return {
        "code": row.code,
        "name": row.name,
        "owned": row.owned,
        "total": row.total,
        "percent": round(row.percent, 1),
        "copies": row.copies,
    }


def _stats_json(stats: CollectionStats) -> str:
    return _json(
        {
            "sets": [_set_json(row) for row in stats.sets],
            "all": _set_json(stats.all_sets),
            "unknown": {"cards": stats.unknown_cards, "copies": stats.unknown_copies},
        }
    )


def format_stats(stats: CollectionStats, output: str) -> str:
    """Set completion as a text table or JSON."""
    return {"text": _stats_text, "json": _stats_json}[output](stats)
