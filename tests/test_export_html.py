"""``lalcheck export --format html``: the printable A4 registration sheet.

The rendering tests run Debian's headless ``chromium`` (``.ci/run`` installs it)
and skip, saying why, where it is missing.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from lalcheck import __version__
from lalcheck.db import CardDatabase, DatabaseInfo
from lalcheck.decks import Deck, parse_deck, resolve
from lalcheck.games.luck_and_logic.cards import Card, CardType
from lalcheck.games.luck_and_logic.registration import ONE_COLUMN_ROWS, format_registration_sheet
from tests.conftest import DECKS, TEST_DB, CliRun
from tests.golden import assert_golden

CHROMIUM = shutil.which("chromium")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="headless Chromium is not installed (Debian: apt-get install chromium; .ci/run does)",
)
#: A4 at 96 dpi, the size Chromium lays a printed page out at.
A4_PIXELS = (794, 1123)
INFO = DatabaseInfo("worst case cards", "w1", "0" * 64, "memory")


def worst_case() -> tuple[Deck, CardDatabase]:
    """50 different main deck cards with long names, 10 gates, 4 secret tools, My Logicalist."""
    kinds = (CardType.LOGICALIST, CardType.FOREIGNER, CardType.TRANSUNION, CardType.PARADOX)
    cards = [
        Card(
            f"WC01/{index:03}",
            f"Crimson Colossus of the Long Names {index:02}",  # 37 characters
            kinds[index % 4],
            level=index % 4 + 1,
        )
        for index in range(1, 51)
    ]
    cards += [
        Card(f"WC01-G{n:03}", f"Gate of Number {n}", CardType.GATE, gate_number=n)
        for n in range(1, 7)
    ]
    cards += [Card(f"WC01/S{n:02}", f"Secret Tool {n}", CardType.SECRET_TOOL) for n in range(1, 5)]
    cards.append(Card("WC01/M01", "My Logicalist <Worst & Case>", CardType.MY_LOGICALIST))
    db = CardDatabase(INFO, cards)
    text = (
        'name: <Worst> & "Case"\nregulation: 2017-09-01\nmain:\n'
        + "".join(f"  WC01/{index:03}: 1\n" for index in range(1, 51))
        + "gates:\n"
        + "".join(f"  WC01-G{n:03}: {2 if n <= 4 else 1}\n" for n in range(1, 7))
        + "secret_tools:\n"
        + "".join(f"  WC01/S{n:02}: 1\n" for n in range(1, 5))
        + "my_logicalist: WC01/M01\n"
    )
    return resolve(parse_deck(text, "worst.yaml"), db), db


def test_html_golden(run: CliRun, tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text(
        "name: Brave Rush\nregulation: 2017-09-01\n"
        + (DECKS / "positive" / "secret-tools.yaml").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    target = tmp_path / "list.html"
    result = run("export", "--db", TEST_DB, deck, "--format", "html", "-o", target)
    assert result.exit_code == 0, result.output
    html = target.read_text(encoding="utf-8")
    assert_golden("export.html", html.replace(f"lalcheck {__version__}", "lalcheck VERSION"))


def test_the_sheet_has_the_registration_fields_sections_and_totals() -> None:
    deck, _ = worst_case()
    html = format_registration_sheet(deck, INFO)
    assert "@page { size: A4;" in html
    for label in ("Player name", "Player ID", "Event", "Date", "Deck name", "Regulation"):
        assert f'<span class="label">{label}</span>' in html
    assert '<span>Main</span><span class="count">50 cards · paradox 12</span>' in html
    assert '<span>Gates</span><span class="count">10 cards</span>' in html
    assert '<span>My Logicalist</span><span class="count">1 card</span>' in html
    totals = re.search(r'<div class="totals">(.*?)</div>', html)
    assert totals is not None
    assert totals[1] == (
        "<span>Main 50</span><span>Gates 10</span><span>Secret tools 4</span>"
        "<span>My Logicalist 1</span>"
    )
    assert (
        '<td class="number">WC01-G001</td><td>Gate of Number 1</td><td class="kind">gate #1</td>'
        in html
    )
    assert "<script" not in html and "http" not in html  # self-contained, nothing to fetch


def test_every_value_is_escaped() -> None:
    deck, _ = worst_case()
    html = format_registration_sheet(deck, INFO)
    assert "<Worst>" not in html and "<Worst & Case>" not in html
    assert '<span class="value">&lt;Worst&gt; &amp; &quot;Case&quot;</span>' in html
    assert "<title>Deck registration — &lt;Worst&gt; &amp; &quot;Case&quot;</title>" in html
    assert "My Logicalist &lt;Worst &amp; Case&gt;" in html


def test_a_long_main_deck_is_printed_in_two_columns() -> None:
    deck, _ = worst_case()
    html = format_registration_sheet(deck, INFO)
    main = html[html.index("<span>Main</span>") : html.index("<span>Gates</span>")]
    assert main.count("<table>") == 2 and main.count("<tr><td") == 50
    assert len(deck.section("main")) > ONE_COLUMN_ROWS


def chromium(html: Path, tmp_path: Path, *args: str) -> None:
    assert CHROMIUM is not None
    subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={tmp_path / 'profile'}",
            *args,
            html.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )


@needs_chromium
def test_the_sheet_renders_in_headless_chromium(tmp_path: Path) -> None:
    deck, _ = worst_case()
    html = tmp_path / "list.html"
    html.write_text(format_registration_sheet(deck, INFO), encoding="utf-8")
    png = tmp_path / "list.png"
    chromium(html, tmp_path, f"--screenshot={png}", "--window-size={},{}".format(*A4_PIXELS))
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == A4_PIXELS
    assert len(data) > 20_000  # a blank page compresses to a few kilobytes


@needs_chromium
def test_the_sheet_prints_on_one_a4_page(tmp_path: Path) -> None:
    deck, _ = worst_case()
    html = tmp_path / "list.html"
    html.write_text(format_registration_sheet(deck, INFO), encoding="utf-8")
    pdf = tmp_path / "list.pdf"
    chromium(html, tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}")
    data = pdf.read_bytes()
    assert len(re.findall(rb"/Type\s*/Page\b", data)) == 1
    (box,) = set(re.findall(rb"/MediaBox\s*\[([^\]]*)\]", data))
    width, height = (float(value) for value in box.split()[2:])
    assert abs(width - 595.3) < 2 and abs(height - 841.9) < 2  # A4 in points
