"""``lalcheck cards``: look cards up in the card database."""

from __future__ import annotations

from typing import Annotated

import typer

from lalcheck.cards import CardType, Color, World
from lalcheck.cli.common import EXIT_ILLEGAL, DbOption, fail, load_db
from lalcheck.db.model import fold
from lalcheck.db.search import search_cards
from lalcheck.formatters.cards import format_card, format_card_table

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
        if resolution.candidates:
            kind = "names several cards" if resolution.ambiguous else "is not a known card"
            options = ", ".join(card.label() for card in resolution.candidates)
            fail(f"{reference!r} {kind}; did you mean {options}?", EXIT_ILLEGAL)
        fail(f"{reference!r} is not a known card", EXIT_ILLEGAL)
    typer.echo(format_card(resolution.card, database), nl=False)


@app.command()
def search(
    text: Annotated[str, typer.Argument(help="Text in the number, a name or the card text.")] = "",
    card_type: Annotated[CardType | None, typer.Option("--type", help="Card type.")] = None,
    color: Annotated[Color | None, typer.Option(help="Card color.")] = None,
    world: Annotated[
        str | None, typer.Option(help="World, e.g. Septpia or 'Luck&Logic Club'.")
    ] = None,
    level: Annotated[int | None, typer.Option(help="Member or secret tool level.")] = None,
    db: DbOption = None,
) -> None:
    """Cards matching TEXT and the filters; exit 1 when none match."""
    database = load_db(db)
    chosen_world = None
    if world is not None:
        by_fold = {fold(w.value): w for w in World}
        chosen_world = by_fold.get(fold(world))
        if chosen_world is None:
            fail(f"unknown world {world!r}; worlds: {', '.join(w.value for w in World)}")
    found = search_cards(
        database, text, card_type=card_type, color=color, world=chosen_world, level=level
    )
    if not found:
        fail("no card matches", EXIT_ILLEGAL)
    typer.echo(format_card_table(found), nl=False)
