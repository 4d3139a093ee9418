"""``lalcheck games``: the registered games, as a table or one JSON document."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from lalcheck.games import DEFAULT_GAME
from lalcheck.games.base import Game


def game_to_dict(game: Game) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "rules_reference": game.rules_reference,
        "default": game.id == DEFAULT_GAME,
        "file_kinds": [
            {"kind": kind.id, "description": kind.description, "rules": list(kind.rules)}
            for kind in game.file_kinds.values()
        ],
        "text_decklists": game.decklist is not None,
        "simulation": game.simulation is not None,
        "table_simulation": game.table_simulation is not None,
    }


def format_games_json(games: Sequence[Game]) -> str:
    document = {"games": [game_to_dict(game) for game in games]}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def format_games_text(games: Sequence[Game]) -> str:
    """One line per game: id, title, rules reference; the default game is marked. Columns
    are padded by terminal cells, so wide (CJK) titles line up."""
    from rich.cells import cell_len

    rows = [
        ("id", "title", "rules reference"),
        *((g.id, g.title, g.rules_reference) for g in games),
    ]
    widths = [max(cell_len(row[column]) for row in rows) for column in range(2)]
    lines = [
        "  ".join(
            (
                *(
                    cell + " " * (width - cell_len(cell))
                    for cell, width in zip(row[:2], widths, strict=True)
                ),
                row[2],
            )
        ).rstrip()
        + ("  (default)" if row[0] == DEFAULT_GAME else "")
        for row in rows
    ]
    return "\n".join(lines) + "\n"
