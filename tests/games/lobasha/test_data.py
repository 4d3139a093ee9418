"""The bundled 洛吧殺 data, its JSON Schemas, and reading data files (seed §6-§10, digest §13)."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from lalcheck.errors import InvalidFileError
from lalcheck.games.lobasha.cards import CardSet, Kind, Slot
from lalcheck.games.lobasha.coverage import ENGINE_CARDS, runs
from lalcheck.games.lobasha.data import bundled_data, data_path, read_characters, read_pile
from lalcheck.resources import bundled, schema_path
from lalcheck.schemas import load_schema, validate
from lalcheck.yamlsafe import DATA_LIMITS, load_with_lines, read_text

#: Each bundled file and its schema.
FILES = {
    "cards": data_path("cards"),
    "pile": data_path("pile"),
    "characters": data_path("characters"),
    "regulation": bundled("data", "lobasha", "regulations", "lalcheck-2026.yaml"),
    "setup": bundled("data", "lobasha", "setups", "five-players.yaml"),
}


@pytest.mark.parametrize("kind", FILES)
def test_schemas_are_valid_2020_12_and_the_bundled_files_match_them(kind: str) -> None:
    name = f"lobasha/{kind}"
    schema = json.loads(schema_path(name).read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    path = FILES[kind]
    document, lines = load_with_lines(read_text(path, DATA_LIMITS), str(path), DATA_LIMITS)
    assert validate(document, name, lines) == []
    assert load_schema(name)["properties"]["game"] == {"const": "lobasha"}


def test_every_card_of_the_rules_text_is_in_the_database() -> None:
    """LBS-KIND-1 (seed l.27): 9 basic names (11 entries with the 殺 elements: 4 base + 5
    Decade), 25 effect (17 + 8), 35 equipment (17 weapons, 7 armour, 6 defensive, 4 attack
    with 推進器, 1 special)."""
    cards = bundled_data().cards
    by_kind = Counter(card.kind for card in cards)
    assert by_kind == {Kind.BASIC: 11, Kind.EFFECT: 25, Kind.EQUIPMENT: 35}
    names = {card.name for card in cards if card.kind is Kind.BASIC}
    assert len(names - {"雷屬性殺", "火屬性殺"}) == 9
    effect_sets = Counter(card.set for card in cards if card.kind is Kind.EFFECT)
    assert effect_sets == {CardSet.BASE: 17, CardSet.DECADE: 8}
    slots = Counter(card.slot for card in cards if card.kind is Kind.EQUIPMENT)
    assert slots == {
        Slot.WEAPON: 17,
        Slot.ARMOUR: 7,
        Slot.DEFENSIVE: 6,
        Slot.ATTACK: 3,
        Slot.THRUSTER: 1,
        Slot.SPECIAL: 1,
    }
    assert cards["add-on-pack"].set is CardSet.UNKNOWN  # LBS-OPEN-25
    assert cards["long-cannon"].range is not None and cards["long-cannon"].range > 12
    assert all(card.rule.startswith("LBS-") for card in cards)


def test_the_bundled_files_say_they_are_samples() -> None:
    data = bundled_data()
    assert data.pile.sample and "LBS-OPEN-7" in data.pile.notes and "invented" in data.pile.notes
    assert data.characters.sample and "invented" in data.characters.notes
    assert data.cards.info.sample
    assert "LBS-OPEN-1" in data.rules.notes


def test_the_sample_pile_has_suit_and_rank_on_every_entry_and_what_judgements_read() -> None:
    """LBS-OPEN-7: hearts, clubs, spade 2-9, red, black and A-9 all occur."""
    pile = bundled_data().pile
    assert len(pile.entries) == 198
    assert all(1 <= e.rank <= 13 for e in pile.entries)
    kinds = {e.kind.id for e in pile.entries}
    assert kinds == {card.number for card in bundled_data().cards}
    assert any(e.suit.value == "spade" and 2 <= e.rank <= 9 for e in pile.entries)
    base_only = pile.enabled(frozenset({CardSet.BASE}))
    assert all(e.kind.set is CardSet.BASE for e in base_only.entries)
    assert [e.id for e in base_only.entries] == list(range(len(base_only.entries)))


def test_reading_a_bad_file_names_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "pile.yaml"
    path.write_text(
        "game: lobasha\nkind: pile\nentries:\n  - {card: kill, suit: spade, rank: 7}\n"
        "  - {card: nothing, suit: heart, rank: 2}\n",
        encoding="utf-8",
    )
    with pytest.raises(InvalidFileError) as error:
        read_pile(path)
    assert f"{path}:5: unknown card 'nothing'" in str(error.value)
    path.write_text(
        "game: lobasha\nkind: pile\nentries:\n  - {card: kill, rank: 7}\n", encoding="utf-8"
    )
    with pytest.raises(InvalidFileError, match=r"pile.yaml:4: entries\[0\] \(kill\): no suit"):
        read_pile(path)
    with pytest.raises(InvalidFileError, match="not a 洛吧殺 characters file"):
        read_characters(path)


def test_db_coverage_counts_the_cards_the_engine_has_rules_for() -> None:
    """Every seed card is structured; a card under an id the engine does not know is not."""
    cards = bundled_data().cards
    assert {card.id for card in cards} == ENGINE_CARDS
    assert all(runs(card) for card in cards)
    assert not runs(dataclasses.replace(cards["kill"], id="laser-kill"))
