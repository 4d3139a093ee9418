"""``lalcheck cards``: look cards up in the card database."""

from __future__ import annotations

from typing import Annotated

import typer

from lalcheck.cli.common import (
    EXIT_ILLEGAL,
    DbOption,
    TextOrJson,
    WorldOption,
    fail,
    load_db,
    parse_world,
    user_errors,
)
from lalcheck.db.search import CardFilter, search_cards
from lalcheck.formatters.cards import format_card, format_card_table, format_search_json
from lalcheck.games.luck_and_logic.cards import CardType, Color

app = typer.Typer(help="Look cards up in the card database.", no_args_is_help=True)


@app.command()
def show(
    reference: Annotated[str, typer.Argument(help="Card number or exact card name.")],
    db: DbOption = None,
) -> None:
    """Every field of one card."""
    database = load_db(db)
    resolution = database.resolve(reference)
    if resolution.card is None:
        fail(resolution.problem(), EXIT_ILLEGAL)
    typer.echo(format_card(resolution.card, database), nl=False)


@app.command()
def search(
    text: Annotated[str, typer.Argument(help="Text in the number, a name or the card text.")] = "",
    card_type: Annotated[CardType | None, typer.Option("--type", help="Card type.")] = None,
    color: Annotated[Color | None, typer.Option(help="Card color.")] = None,
    world: WorldOption = None,
    level: Annotated[int | None, typer.Option(help="Member or secret tool level.")] = None,
    cost: Annotated[int | None, typer.Option(help="Member cost.")] = None,
    set_code: Annotated[str | None, typer.Option("--set", help="Set code, e.g. BT01.")] = None,
    fuzzy: Annotated[
        bool, typer.Option(help="Also list cards whose name in any language is close to TEXT.")
    ] = True,
    limit: Annotated[int | None, typer.Option(min=1, help="Show at most this many cards.")] = None,
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="Output format.")
    ] = TextOrJson.TEXT,
    db: DbOption = None,
) -> None:
    """Cards matching TEXT (best first) and the filters; exit 1 when none match."""
    database = load_db(db)
    with user_errors():
        chosen_set = database.set_code(set_code) if set_code is not None else None
    filters = CardFilter(card_type, color, parse_world(world), level, cost, chosen_set)
    hits = search_cards(database, text, filters, fuzzy=fuzzy, limit=limit)
    if output_format is TextOrJson.JSON:
        typer.echo(format_search_json(text, hits), nl=False)
    elif hits:
        typer.echo(format_card_table(hit.card for hit in hits), nl=False)
    if not hits:
        fail("no card matches", EXIT_ILLEGAL)
