"""Output injection (issue 16): GitHub workflow commands and terminal escapes.

Every string a deck, a card database or a collection controls (deck names and
paths, card names, the database's name and version, notes, messages) is filled
with payloads; the output may hold no command but lalcheck's own annotations
and no raw control or bidirectional character.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from lalcheck.formatters.paths import report_path
from tests.conftest import TEST_DB, CliRun

#: A line break, a carriage return, percent escapes and command separators.
PAYLOAD = "x\n::error file=spoof.yaml,line=1::spoofed\r::add-mask::s3cret %0A:: ,end"
#: A screen clear, a window title, a bell, a carriage return and a right-to-left override.
ESCAPES = "\x1b[2J\x1b]0;owned\x07\r\u202eevil\x85"
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
COMMAND = re.compile(r"::(?P<command>error|warning) (?P<properties>[^:]*)::(?P<message>.*)")


def unescape(text: str) -> str:
    """GitHub's decoding of a workflow command field."""
    return re.sub(r"%([0-9A-F]{2})", lambda m: chr(int(m[1], 16)), text)


def hostile_database(tmp_path: Path, text: str) -> Path:
    """The test database with ``text`` in its name, version and first card's names."""
    data = yaml.safe_load(TEST_DB.read_text(encoding="utf-8"))
    data["name"] = data["version"] = f"db {text}"
    data["cards"][0]["name"] = f"card {text}"
    data["cards"][0]["names"] = {"en": f"card {text}"}
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def test_github_annotations_cannot_be_injected(run: CliRun, tmp_path: Path) -> None:
    db = hostile_database(tmp_path, PAYLOAD)
    folder = tmp_path / f"decks {PAYLOAD}"
    folder.mkdir()
    deck = folder / "deck.yaml"
    deck.write_text(
        yaml.safe_dump({"name": PAYLOAD, "main": {"T01/001": 5, f"unknown {PAYLOAD}": 1}}),
        encoding="utf-8",
    )
    missing = tmp_path / f"missing {PAYLOAD}.yaml"
    missing.symlink_to(tmp_path / "nowhere.yaml")  # named directly: a finding, not exit 2
    result = run("check", "--db", db, "--format", "github", deck, missing)
    assert result.exit_code == 1
    assert "\r" not in result.stdout
    *commands, summary = result.stdout.rstrip("\n").split("\n")
    assert not summary.startswith("::") and "card database db x\\x0a::error" in summary
    messages = []
    for line in commands:
        match = COMMAND.fullmatch(line)
        assert match, f"not one of lalcheck's annotations: {line!r}"
        properties = dict(part.split("=", 1) for part in match["properties"].split(","))
        assert unescape(properties["file"]) in (report_path(str(deck)), report_path(str(missing)))
        messages.append(unescape(match["message"]))
    assert any("unknown card 'unknown x\\n::error file=spoof" in message for message in messages)
    assert any(f"card {PAYLOAD}" in message for message in messages)  # the copy-limit finding
    assert any(f"missing {PAYLOAD}.yaml is a symbolic link to" in message for message in messages)


def test_text_output_shows_control_characters_escaped(run: CliRun, tmp_path: Path) -> None:
    db = hostile_database(tmp_path, ESCAPES)
    deck = tmp_path / "deck.yaml"
    deck.write_text(yaml.safe_dump({"name": ESCAPES, "main": {"T01/001": 5}}), encoding="utf-8")
    collection = tmp_path / "c.sqlite3"
    outputs = [
        run("check", "--db", db, deck),
        run("legal-in", "--db", db, deck),
        run("cards", "show", "T01/001", "--db", db),
        run("cards", "search", "card", "--db", db),
        run("db", "info", "--db", db),
        run("db", "diff", TEST_DB, db),
        run(
            "collection",
            "add",
            "T01/001",
            "--note",
            ESCAPES,
            "--collection",
            collection,
            "--db",
            db,
        ),
        run("collection", "list", "--collection", collection, "--db", db),
        run("collection", "missing", deck, "--collection", collection, "--db", db),
        run("collection", "add", f"nope {ESCAPES}", "--collection", collection, "--db", db),
    ]
    for result in outputs:
        assert not RAW.search(result.stdout), result.stdout
        assert not RAW.search(result.stderr), result.stderr
    shown = "\\x1b[2J\\x1b]0;owned\\x07\\x0d\\u202eevil\\x85"
    assert f"— {shown}" in outputs[0].stdout  # the deck name
    assert f"card {shown}" in outputs[2].stdout
    assert f"name     db {shown}" in outputs[4].stdout
    assert "# \\x1b[2J\\x1b]0;owned\\x07 \\u202eevil" in outputs[7].stdout  # the note
    assert "unknown card 'nope \\x1b[2J\\x1b]0;owned\\x07\\r" in outputs[9].stderr


@pytest.mark.parametrize("keep", ["", "\n"])
def test_visible_is_the_identity_on_ordinary_text(keep: str) -> None:
    from lalcheck.wording import visible

    text = "4 × スイーツ系女子 小玲 — 「波際の癒し 玉姫」 (BT01/008), 100% legal"
    assert visible(text, keep) == text
    assert visible("a\nb", "\n") == "a\nb" and visible("a\nb") == "a\\x0ab"
