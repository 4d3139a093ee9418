"""``lalcheck db diff`` reports: what changed between two card databases, as text or JSON."""

from __future__ import annotations

import json
from typing import Any

from lalcheck.db.diff import DatabaseDiff
from lalcheck.db.dump import card_to_dict, plain
from lalcheck.db.model import DatabaseInfo
from lalcheck.formatters.json_report import database_to_dict
from lalcheck.wording import visible


def _show(value: object) -> str:
    """A field value for a text report: quoted strings, compact JSON, ``(none)``."""
    data = plain(value)
    if data is None or data == [] or data == {}:
        return "(none)"
    return str(data) if isinstance(data, int) else visible(json.dumps(data, ensure_ascii=False))


def _title(info: DatabaseInfo) -> str:
    return visible(f"{info.source} — {info.name!r} version {info.version}")


def format_diff_text(diff: DatabaseDiff) -> str:
    """Added, removed and changed cards, one field change per line."""
    lines = [
        f"old: {_title(diff.old)}",
        f"new: {_title(diff.new)}",
        f"{len(diff.added)} added, {len(diff.removed)} removed, {len(diff.changed)} changed",
    ]
    if diff.added:
        lines += ["", "added:", *(f"  + {visible(c.label())} {c.type}" for c in diff.added)]
    if diff.removed:
        lines += ["", "removed:", *(f"  - {visible(c.label())} {c.type}" for c in diff.removed)]
    if diff.changed:
        lines += ["", "changed:"]
        for change in diff.changed:
            lines.append(f"  ~ {visible(change.new.label())}")
            lines += [
                f"      {field.field}: {_show(field.old)} → {_show(field.new)}"
                for field in change.fields
            ]
    return "\n".join(lines) + "\n"


def _info(info: DatabaseInfo) -> dict[str, Any]:
    return {**database_to_dict(info), "source": info.source}


def format_diff_json(diff: DatabaseDiff) -> str:
    """The diff as one JSON document; cards in the card database's shape."""
    document = {
        "old": _info(diff.old),
        "new": _info(diff.new),
        "summary": {
            "added": len(diff.added),
            "removed": len(diff.removed),
            "changed": len(diff.changed),
        },
        "added": [card_to_dict(card) for card in diff.added],
        "removed": [card_to_dict(card) for card in diff.removed],
        "changed": [
            {
                "number": change.new.number,
                "name": change.new.name,
                "fields": [
                    {"field": field.field, "old": plain(field.old), "new": plain(field.new)}
                    for field in change.fields
                ],
            }
            for change in diff.changed
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
