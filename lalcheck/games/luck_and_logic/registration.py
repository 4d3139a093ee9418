"""The printable tournament decklist: a one-page A4 deck registration sheet in HTML.

Self-contained HTML and CSS (``@page { size: A4 }``) from the template
``templates/registration.html``: blank player name, player ID, event and date
fields; the deck's sections with counts, card numbers, names and types; the
totals; a signature line. Every value from the deck or the card database is
HTML-escaped.
"""

from __future__ import annotations

from html import escape
from importlib.resources import files
from pathlib import Path
from string import Template

from lalcheck import __version__
from lalcheck.db.model import DatabaseInfo
from lalcheck.decks import Deck, DeckEntry
from lalcheck.games.luck_and_logic.cards import Card
from lalcheck.games.luck_and_logic.decklist import SECTION_TITLES
from lalcheck.games.luck_and_logic.decks import DeckCounts

#: Main decks with more lines than this are printed in two columns to stay on one page.
ONE_COLUMN_ROWS = 22


def _kind(card: Card | None) -> str:
    """``transunion L3``, ``gate #2``, ``paradox``: what a judge checks at a glance."""
    if card is None:
        return ""
    kind = card.type.value.replace("_", " ")
    if card.gate_number is not None:
        return f"{kind} #{card.gate_number}"
    return f"{kind} L{card.level}" if card.level is not None else kind


def _table(entries: tuple[DeckEntry[Card], ...]) -> str:
    rows = "\n".join(
        "<tr>"
        f'<td class="qty">{entry.count}</td>'
        f'<td class="number">{escape(entry.card.number if entry.card else entry.reference)}</td>'
        f"<td>{escape(entry.card.name if entry.card else '')}</td>"
        f'<td class="kind">{escape(_kind(entry.card))}</td>'
        "</tr>"
        for entry in entries
    )
    return (
        '<table><thead><tr><th class="qty">Qty</th><th class="number">Card no.</th>'
        f'<th>Card name</th><th class="kind">Type</th></tr></thead>\n<tbody>\n{rows}\n'
        "</tbody></table>"
    )


def _section(deck: Deck[Card], section: str, detail: str = "") -> str:
    entries = deck.section(section)
    if not entries:
        return ""
    if len(entries) > ONE_COLUMN_ROWS:
        half = (len(entries) + 1) // 2
        body = (
            f'<div class="columns split"><div>{_table(entries[:half])}</div>'
            f"<div>{_table(entries[half:])}</div></div>"
        )
    else:
        body = _table(entries)
    cards = deck.count(section)
    count = f"{cards} card{'' if cards == 1 else 's'}{detail}"
    return (
        f"<section><h2><span>{escape(SECTION_TITLES[section])}</span>"
        f'<span class="count">{escape(count)}</span></h2>\n{body}\n</section>'
    )


def format_registration_sheet(deck: Deck[Card], database: DatabaseInfo) -> str:
    """The registration sheet of a resolved deck, as one HTML document."""
    counts = DeckCounts.of(deck)
    template = Template(
        files("lalcheck.games.luck_and_logic")
        .joinpath("templates/registration.html")
        .read_text("utf-8")
    )
    totals = [
        f"{title} {deck.count(section)}"
        for section, title in SECTION_TITLES.items()
        if deck.section(section)
    ]
    name = deck.name or ""
    return template.substitute(
        title=escape(f"Deck registration — {name}" if name else "Deck registration"),
        deck_name=escape(name),
        regulation=escape(deck.file.regulation or ""),
        main=_section(deck, "main", f" · paradox {counts.paradox}"),
        gates=_section(deck, "gates"),
        secret_tools=_section(deck, "secret_tools"),
        my_logicalist=_section(deck, "my_logicalist"),
        totals="".join(f"<span>{escape(total)}</span>" for total in totals),
        footer=escape(
            f"{Path(deck.path).name} · lalcheck {__version__} · card database "
            f"{database.name} {database.version}" + (" (sample data)" if database.sample else "")
        ),
    )
