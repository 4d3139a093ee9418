"""The printable tournament decklist: a one-page A4 deck registration sheet in HTML.

Self-contained HTML and CSS (``@page { size: A4 }``) from the template
``templates/registration.html``: blank player name, player ID, event and date
fields; the deck's sections with counts, card numbers, names and types; the
totals; a signature line. Every value from the deck or the card database is
HTML-escaped. A game gives its title, section titles, what the type column
says of a card and how its sections stand on the page (:class:`SheetStyle`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from html import escape
from importlib.resources import files
from pathlib import Path
from string import Template
from typing import Any

from lalcheck import __version__
from lalcheck.db.model import DatabaseInfo
from lalcheck.decks import Deck, DeckEntry

#: Sections with more lines than this are printed in two columns to stay on one page.
ONE_COLUMN_ROWS = 22


@dataclass(frozen=True, slots=True)
class SheetStyle:
    """A game's registration sheet: its title, each section's title, the type column
    of a card (``transunion L3``), the detail after a section's count
    (``" · paradox 8"``) and how the section blocks stand on the page (``arrange``
    gets each section's HTML, empty when the deck has none, and lays them out)."""

    game: str
    titles: Mapping[str, str]
    kind: Callable[[Any], str]
    arrange: Callable[[Mapping[str, str]], str]
    details: Callable[[Deck[Any]], Mapping[str, str]] = field(default=lambda deck: {})


def _table(entries: tuple[DeckEntry[Any], ...], kind: Callable[[Any], str]) -> str:
    rows = "\n".join(
        "<tr>"
        f'<td class="qty">{entry.count}</td>'
        f'<td class="number">{escape(entry.card.number if entry.card else entry.reference)}</td>'
        f"<td>{escape(entry.card.name if entry.card else '')}</td>"
        f'<td class="kind">{escape(kind(entry.card) if entry.card else "")}</td>'
        "</tr>"
        for entry in entries
    )
    return (
        '<table><thead><tr><th class="qty">Qty</th><th class="number">Card no.</th>'
        f'<th>Card name</th><th class="kind">Type</th></tr></thead>\n<tbody>\n{rows}\n'
        "</tbody></table>"
    )


def _section(deck: Deck[Any], section: str, style: SheetStyle, detail: str) -> str:
    entries = deck.section(section)
    if not entries:
        return ""
    if len(entries) > ONE_COLUMN_ROWS:
        half = (len(entries) + 1) // 2
        body = (
            f'<div class="columns split"><div>{_table(entries[:half], style.kind)}</div>'
            f"<div>{_table(entries[half:], style.kind)}</div></div>"
        )
    else:
        body = _table(entries, style.kind)
    cards = deck.count(section)
    count = f"{cards} card{'' if cards == 1 else 's'}{detail}"
    return (
        f"<section><h2><span>{escape(style.titles[section])}</span>"
        f'<span class="count">{escape(count)}</span></h2>\n{body}\n</section>'
    )


def format_registration_sheet(deck: Deck[Any], database: DatabaseInfo, style: SheetStyle) -> str:
    """The registration sheet of a resolved deck, as one HTML document."""
    template = Template(
        files("lalcheck").joinpath("templates/registration.html").read_text("utf-8")
    )
    details = style.details(deck)
    blocks = {
        section: _section(deck, section, style, details.get(section, ""))
        for section in style.titles
    }
    totals = [
        f"{title} {deck.count(section)}"
        for section, title in style.titles.items()
        if deck.section(section)
    ]
    name = deck.name or ""
    return template.substitute(
        game=escape(style.game),
        title=escape(f"Deck registration — {name}" if name else "Deck registration"),
        deck_name=escape(name),
        regulation=escape(deck.file.regulation or ""),
        sections=style.arrange(blocks),
        totals="".join(f"<span>{escape(total)}</span>" for total in totals),
        footer=escape(
            f"{Path(deck.path).name} · lalcheck {__version__} · card database "
            f"{database.name} {database.version}" + (" (sample data)" if database.sample else "")
        ),
    )
