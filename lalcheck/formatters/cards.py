"""Text views of cards and databases for ``lalcheck cards`` and ``lalcheck db``.

Every value from the card database is shown through :func:`visible`, so no
card or database can put a terminal escape or a line break on the screen.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from lalcheck.db.dump import card_to_dict
from lalcheck.db.model import CardDatabase
from lalcheck.db.search import SearchHit
from lalcheck.games.base import GameCard
from lalcheck.wording import visible


def format_search_text(hits: Sequence[SearchHit], row: Callable[[Any], str]) -> str:
    """Exact hits, then the fuzzy ones under a heading of their own; a hit that matched a
    name the row does not show (another language's) names it."""

    def line(hit: SearchHit) -> str:
        shown = row(hit.card)
        other = hit.matched is not None and hit.matched not in shown
        return shown + (f"  ← {hit.matched}" if other else "")

    exact = [line(hit) for hit in hits if not hit.fuzzy]
    close = [line(hit) for hit in hits if hit.fuzzy]
    lines = exact + (["", "close matches:"] if exact and close else []) + close
    if close and not exact:
        lines.insert(0, "no exact match; close matches:")
    return visible("\n".join(lines), keep="\n") + ("\n" if lines else "")


def format_search_json(query: str, hits: Sequence[SearchHit]) -> str:
    """Search results as one JSON document: exact or fuzzy, score, the matched name, the
    card."""
    results = [
        {
            "match": "fuzzy" if hit.fuzzy else "exact",
            "score": round(hit.score, 1),
            "matched": hit.matched,
            "card": card_to_dict(hit.card),
        }
        for hit in hits
    ]
    document = {"query": query, "count": len(results), "results": results}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def format_database_info(db: CardDatabase[GameCard]) -> str:
    """Name, version, sample flag, sha256 and counts by type and by set."""
    info = db.info
    lines = [
        f"name     {visible(info.name)}",
        f"version  {visible(info.version)}",
        f"source   {visible(info.source)}",
        f"sha256   {info.sha256}",
        f"sample   {'yes: illustrative data, not the official card list' if info.sample else 'no'}",
        f"cards    {len(db)}",
        "by type:",
    ]
    by_type = Counter(str(card.type) for card in db)
    lines += [f"  {name:<17} {count:>5}" for name, count in sorted(by_type.items())]
    lines.append("by set:")
    by_set = Counter(card.set or "-" for card in db)
    for code, count in sorted(by_set.items()):
        card_set = db.sets.get(code)
        detail = f"  {visible(card_set.name)}, {card_set.release}" if card_set else ""
        lines.append(f"  {visible(code):<17} {count:>5}{detail}")
    return "\n".join(lines) + "\n"
