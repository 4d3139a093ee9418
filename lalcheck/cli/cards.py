"""``lalcheck cards``: look cards up in the card database."""

from __future__ import annotations

from typing import Annotated

import typer

from lalcheck.cli.common import (
    EXIT_ILLEGAL,
    ColorOption,
    DbOption,
    GameOption,
    TextOrJson,
    TypeOption,
    WorldOption,
    command_app,
    fail,
    game_of,
    load_db,
    user_errors,
)
from lalcheck.db.search import CardFilter, parse_filters, search_cards
from lalcheck.formatters.cards import format_search_json, format_search_text
from lalcheck.wording import visible

app = command_app("Look cards up in the card database.")


@app.command()
def show(
    reference: Annotated[
        str, typer.Argument(metavar="CARD", help="Card number or exact card name.")
    ],
    db: DbOption = None,
    game: GameOption = None,
) -> None:
    """Every field of one card."""
    database = load_db(db, game)
    resolution = database.resolve(reference)
    if resolution.card is None:
        fail(resolution.problem(), EXIT_ILLEGAL)
    view = game_of(database.info.game).card_view
    typer.echo(visible(view.details(resolution.card, database), keep="\n"), nl=False)


@app.command()
def search(
    text: Annotated[
        str,
        typer.Argument(
            metavar="TEXT",
            help="Text in the number, a name or the card text (default: none, every card).",
            show_default=False,
        ),
    ] = "",
    card_type: TypeOption = None,
    color: ColorOption = None,
    world: WorldOption = None,
    level: Annotated[
        str | None, typer.Option(metavar="N", help="Member or secret tool level.")
    ] = None,
    cost: Annotated[str | None, typer.Option(metavar="N", help="Member cost.")] = None,
    set_code: Annotated[
        str | None, typer.Option("--set", metavar="SET", help="Set code, e.g. BT01.")
    ] = None,
    fuzzy: Annotated[
        bool, typer.Option(help="Also list cards whose name in any language is close to TEXT.")
    ] = True,
    limit: Annotated[
        int | None, typer.Option(min=1, metavar="N", help="Show at most this many cards.")
    ] = None,
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="Output format.")
    ] = TextOrJson.TEXT,
    db: DbOption = None,
    game: GameOption = None,
) -> None:
    """Cards matching TEXT and the filters; exit 1 when none match.

    Cards holding TEXT in their number, a name (in any language) or their text come
    first; close matches of a name follow under their own heading (--no-fuzzy leaves
    them out). A card found by a name in another language than the one shown names it.
    """
    database = load_db(db, game)
    chosen = game_of(database.info.game)
    options = {"type": card_type, "color": color, "world": world, "level": level, "cost": cost}
    with user_errors():
        chosen_set = database.set_code(set_code) if set_code is not None else None
        values = parse_filters(chosen.search_fields, options, chosen.id)
    hits = search_cards(database, text, CardFilter(values, chosen_set), fuzzy=fuzzy, limit=limit)
    if output_format is TextOrJson.JSON:
        typer.echo(format_search_json(text, hits), nl=False)
    elif hits:
        typer.echo(format_search_text(hits, chosen.card_view.row), nl=False)
    if not hits:
        fail("no card matches", EXIT_ILLEGAL)
