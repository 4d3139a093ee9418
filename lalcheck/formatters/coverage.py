"""``lalcheck db coverage`` reports: how much of a database the ability language covers."""

from __future__ import annotations

import json

from lalcheck.abilities.coverage import Coverage
from lalcheck.db.model import CardDatabase


def format_coverage_text(result: Coverage, db: CardDatabase) -> str:
    """One summary line, then the cards whose text is not structured."""
    lines = [
        f"{db.info.source}: {result.cards} cards, {result.structured} with all of their text "
        f"structured ({100 * result.share:.1f}%)"
    ]
    if result.unstructured:
        lines.append("not structured (the engine counts these as not modelled when they come up):")
        lines += [f"  {db[number].label()}" for number in result.unstructured]
    return "\n".join(lines) + "\n"


def format_coverage_json(result: Coverage) -> str:
    """``{"cards": n, "structured": k, "share": k/n, "unstructured": [numbers]}``."""
    document = {
        "cards": result.cards,
        "structured": result.structured,
        "share": result.share,
        "unstructured": list(result.unstructured),
    }
    return json.dumps(document, ensure_ascii=False) + "\n"
