"""``lalcheck db coverage`` reports: how much of a database its game's engine runs."""

from __future__ import annotations

import json

from lalcheck.db.coverage import Coverage
from lalcheck.db.model import CardDatabase
from lalcheck.games.base import GameCard


def format_coverage_text(result: Coverage, db: CardDatabase[GameCard]) -> str:
    """One summary line, what counts as structured, then the cards that are not."""
    lines = [
        f"{db.info.source}: {result.cards} cards, {result.structured} with all of their text "
        f"structured ({100 * result.share:.1f}%)",
        f"structured: {result.basis}",
    ]
    if result.unstructured:
        lines.append("not structured (the engine counts these as not modelled when they come up):")
        lines += [f"  {db[number].label()}" for number in result.unstructured]
    return "\n".join(lines) + "\n"


def format_coverage_json(result: Coverage) -> str:
    """``{"game": id, "cards": n, "structured": k, "share": k/n, "unstructured": [numbers],
    "basis": what counts as structured}``."""
    document = {
        "game": result.game,
        "cards": result.cards,
        "structured": result.structured,
        "share": result.share,
        "unstructured": list(result.unstructured),
        "basis": result.basis,
    }
    return json.dumps(document, ensure_ascii=False) + "\n"
