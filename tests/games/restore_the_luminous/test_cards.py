"""The card model and its loader (seed 003 §2 cards, §10 keywords), the bundled
sample database and decks, and the schemas (contract §9)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from lalcheck.db import CardDatabase, DatabaseError, load_database
from lalcheck.decks import read_deck
from lalcheck.errors import InputError
from lalcheck.games.restore_the_luminous import GAME
from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import (
    Card,
    CardType,
    Colour,
    Keyword,
    Selector,
    Trigger,
    Verb,
    card_from_dict,
    card_from_mapping,
    document_problems,
)
from lalcheck.games.restore_the_luminous.engine import DeckError, DeckList
from lalcheck.resources import schema_path
from lalcheck.yamlsafe import DATA_LIMITS, load_with_lines, read_text
from tests.conftest import CliRun

from .conftest import SAMPLE_DECKS
from .helpers import LEADER, card

SAMPLE_DATABASE = GAME.sample_database

UNIT = {
    "number": "X/001",
    "name": "Test Unit",
    "type": "unit",
    "colour": "red",
    "level": 3,
    "colour_cost": 1,
    "return_value": 1,
    "power": 3000,
    "damage": 1,
}


def problems(entry: dict[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    built = card_from_mapping(entry)
    assert not isinstance(built, Card), "expected problems"
    return [(p.path, p.message) for p in built]


def test_rtl_card_1_to_5_a_unit_has_level_colour_cost_return_value_name_power_damage():
    """RTL-CARD-1, RTL-CARD-2, RTL-CARD-3, RTL-CARD-4, RTL-CARD-5. Seed §2 lines 29-33: level,
    colour cost, return value, name, power/damage."""
    built = card_from_mapping({**UNIT, "names": {"ja": "テスト"}})
    assert isinstance(built, Card)
    assert (built.level, built.colour_cost, built.return_value) == (3, 1, 1)
    assert (built.power, built.damage, built.colour) == (3000, 1, Colour.RED)
    assert built.all_names == ("Test Unit", "テスト")


def test_rtl_card_5_and_6_only_units_show_power_and_damage():
    """RTL-CARD-5, RTL-CARD-6. Seed §2 lines 33-34: power/damage on units only; other cards carry a
    type band."""
    assert (("power",), "a unit needs power") in problems(
        {k: v for k, v in UNIT.items() if k != "power"}
    )
    arts = {**UNIT, "type": "arts"}
    assert (("power",), "only units have power") in problems(arts)
    band = card("X/002", "arts", text="a type band, no stats")
    assert band.type is CardType.ARTS and band.power is None and band.damage is None


def test_rtl_card_7_and_open_15_every_card_has_one_of_five_colours():
    """RTL-CARD-7, RTL-OPEN-15. Seed §4 line 75: five colours; colourless is an LP state, not a card
    colour."""
    assert [c.value for c in Colour] == ["red", "blue", "green", "yellow", "black"]
    found = problems({**UNIT, "colour": "colourless"})
    assert found[0][0] == ("colour",) and "not a known colour" in found[0][1]
    assert d.COLOUR_COST_IN_CARD_COLOUR


def test_rtl_card_2_colour_cost_cannot_exceed_level():
    """RTL-CARD-2. Seed §2 line 30: the colour cost is part of the level's LP."""
    assert (("colour_cost",), "a colour cost of 4 exceeds level 3") in problems(
        {**UNIT, "colour_cost": 4}
    )


def test_rtl_open_20_the_return_value_is_a_field():
    """RTL-OPEN-20. Seed §2 line 31 / §8 line 174: where it is printed does not matter; the number
    does."""
    assert d.RETURN_VALUE_FIELD == "return_value"
    assert (("return_value",), "the card has no return_value") in problems(
        {k: v for k, v in UNIT.items() if k != "return_value"}
    )


def test_rtl_type_leader_and_rtl_deck_3_leader_fields():
    """RTL-TYPE-LEADER, RTL-DECK-3. Seed §3 line 61, §5 lines 103/105, §9 line 194: hand size, unit
    and counter slots."""
    leader = {**UNIT, "type": "leader", "level": 0, "colour_cost": 0, "return_value": 0}
    del leader["power"], leader["damage"]
    found = dict(problems(leader))
    assert found[("opening_hand",)] == "a leader needs opening_hand (3-5)"
    assert found[("unit_slots",)] == "a leader needs unit_slots (3-5)"
    assert found[("counter_slots",)] == "a leader needs counter_slots (1-3)"
    out_of_range = {**leader, "opening_hand": 6, "unit_slots": 3, "counter_slots": 4}
    found = dict(problems(out_of_range))
    assert found[("opening_hand",)] == "6 is above the maximum of 5"
    assert found[("counter_slots",)] == "4 is above the maximum of 3"
    assert (("unit_slots",), "only leaders have unit_slots") in problems({**UNIT, "unit_slots": 3})


def test_leader_abilities_per_rank_replace_lower_ranks():
    """Seed §9 line 194 (RTL-EVO-3, RTL-ENGINE-8): rank 2 strengthens rank 1's ability."""
    leader = card(
        "X/L",
        "leader",
        abilities=[
            {"rank": 1, "effects": [{"when": "start_of_turn", "do": [{"draw": 1}]}]},
            {"rank": 2, "effects": [{"when": "start_of_turn", "do": [{"draw": 2}]}]},
        ],
    )
    assert [e.steps[0].value for e in leader.abilities_at(1)] == [1]
    assert [e.steps[0].value for e in leader.abilities_at(3)] == [2]
    assert card("X/L2", "leader").abilities_at(2) == ()


def test_effects_parse_into_the_structured_language():
    built = card(
        "X/003",
        keywords=[{"id": "bind", "value": 2}],
        effects=[
            {
                "when": "on_attack",
                "if": {"hp_at_most": 5},
                "do": [{"bind": 2, "target": "chosen_enemy_unit"}],
            },
            {
                "when": "on_play",
                "do": [{"destroy": "chosen_enemy_unit", "filter": {"power_at_most": 2000}}],
            },
        ],
    )
    bind, destroy = built.effects
    assert bind.trigger is Trigger.ON_ATTACK and bind.condition is not None
    assert bind.steps[0].verb is Verb.BIND and bind.steps[0].value == 2
    assert destroy.steps[0].target is Selector.CHOSEN_ENEMY_UNIT
    assert destroy.steps[0].filter.power_at_most == 2000


@pytest.mark.parametrize(
    "entry, path, message",
    [
        ({"effects": [{"do": [{"draw": 1}]}]}, ("effects", 0), "an effect needs when:"),
        (
            {"effects": [{"when": "sometimes", "do": []}]},
            ("effects", 0, "when"),
            "not a known trigger",
        ),
        (
            {"effects": [{"when": "on_play", "do": [{"fly": 1}]}]},
            ("effects", 0, "do", 0, "fly"),
            "not a known verb",
        ),
        (
            {"effects": [{"when": "on_play", "do": [{"destroy": "everyone"}]}]},
            ("effects", 0, "do", 0, "destroy"),
            "not a known target",
        ),
        (
            {"effects": [{"when": "on_play", "do": [{"power": 1000}]}]},
            ("effects", 0, "do", 0),
            "power needs target:",
        ),
        (
            {"effects": [{"when": "on_play", "do": [{"hold": "chosen_enemy_unit"}]}]},
            ("keywords",),
            "an effect uses hold: print the keyword",
        ),
        ({"keywords": ["gale", "gale"]}, ("keywords", 1), "keyword gale is listed twice"),
        ({"keywords": [{"id": "bind"}]}, ("keywords", 0), "bind[x] needs a value"),
        ({"keywords": ["l_boost"]}, ("keywords", 0), "l_boost[x] needs a value"),
        (
            {
                "keywords": [{"id": "bind", "value": 1}],
                "effects": [
                    {"when": "on_play", "do": [{"bind": 2, "target": "chosen_enemy_unit"}]}
                ],
            },
            ("keywords",),
            "bind is printed as 1 but the effects use 2",
        ),
        ({"keywords": ["hold"]}, ("keywords",), "hold is printed but no effect uses it"),
        ({"keywords": ["persistent"]}, ("keywords", 0), "persistent is for arts cards, not unit"),
        (
            {"effects": [{"when": "continuous", "do": [{"draw": 1}]}]},
            ("effects", 0, "do", 0),
            "a continuous effect can only change power or grant keywords",
        ),
        (
            {"effects": [{"when": "on_play", "cost": {"l_accel": 1}, "do": [{"draw": 1}]}]},
            ("effects", 0, "cost"),
            "only activated effects have a cost",
        ),
        (
            {"effects": [{"when": "on_play", "do": [{"power": 1, "target": "attacker"}]}]},
            ("effects", 0, "do", 0, "target"),
            "attacker exists only in battle and counter effects",
        ),
        (
            {"effects": [{"when": "on_play", "do": [{"grant": "hold", "target": "self"}]}]},
            ("effects", 0, "do", 0, "grant"),
            "only unit keywords can be granted",
        ),
    ],
)
def test_invalid_effects_are_problems_with_paths(entry, path, message):
    """Validated on load: each problem names where it is inside the card."""
    found = problems({**UNIT, **entry})
    assert any(p == path and message in m for p, m in found), found


def test_loader_never_raises_on_wrong_types():
    assert problems("not a mapping") == [((), "must be a mapping, not str")]  # type: ignore[arg-type]
    found = dict(problems({**UNIT, "level": "three", "keywords": "gale", "effects": [3]}))
    assert found[("level",)] == "must be an integer, not str"
    assert found[("keywords",)] == "must be a list, not str"
    assert found[("effects", 0)] == "must be a mapping, not int"


def test_the_document_check_finds_transformation_forms_that_are_not_units():
    form_user = {
        **UNIT,
        "number": "X/010",
        "keywords": [{"id": "transform", "into": "X/404"}],
        "effects": [{"when": "on_win", "do": [{"transform": "X/404"}]}],
    }
    document = {"format": 1, "game": "restore-the-luminous", "name": "t", "version": 1}
    found = list(document_problems({**document, "cards": [UNIT, form_user, {**UNIT, "level": 0}]}))
    assert found == [
        (("cards", 2, "colour_cost"), "a colour cost of 1 exceeds level 0"),
        (("cards", 1, "keywords"), "the transformation form X/404 is not a unit in this database"),
    ]
    assert card_from_dict(UNIT).number == "X/001"
    with pytest.raises(ValueError, match="'X/001': colour_cost: a colour cost of 1 exceeds"):
        card_from_dict({**UNIT, "level": 0})


def test_the_core_loader_names_duplicate_numbers_with_their_lines(tmp_path: Path):
    bad = tmp_path / "cards.yaml"
    unit = "{number: X/1, name: A, type: unit, colour: red, level: 1, colour_cost: 0,"
    bad.write_text(
        "format: 1\ngame: restore-the-luminous\nname: t\nversion: 1\ncards:\n"
        f"- {unit}\n   return_value: 1, power: 1000, damage: 1}}\n"
        f"- {unit}\n   return_value: 1, power: 1000, damage: 1}}\n",
        encoding="utf-8",
    )
    with pytest.raises(DatabaseError) as error:
        load_database(bad, use_cache=False)
    assert f"{bad}:8: cards[1].number: card number X/1 is used twice (first by cards[0])" in str(
        error.value
    )


def test_db_coverage_counts_rules_text_the_loader_did_not_structure(tmp_path: Path, run: CliRun):
    """A unit whose text has no keyword, effect or ability is not structured (its engine
    counts it as unmodelled when it comes up)."""
    database = tmp_path / "cards.yaml"
    cards = [{**UNIT, "text": "Something the loader cannot read."}, {**UNIT, "number": "X/002"}]
    document = {"format": 1, "game": "restore-the-luminous", "name": "t", "version": "1"}
    database.write_text(yaml.safe_dump({**document, "cards": cards}), encoding="utf-8")
    report = json.loads(run("db", "coverage", "--db", str(database), "-f", "json").stdout)
    assert (report["cards"], report["structured"], report["unstructured"]) == (2, 1, ["X/001"])
    assert report["share"] == 0.5
    text = run("db", "coverage", "--db", str(database)).stdout
    assert "2 cards, 1 with all of their text structured (50.0%)" in text
    assert "X/001 「Test Unit」" in text


def test_every_rule_keyword_has_its_id():
    assert len(Keyword) == 20
    assert Keyword.L_ACCEL.rule_id == "RTL-KW-LACCEL" and Keyword.GALE.rule_id == "RTL-KW-GALE"
    assert Keyword.PERSISTENT.rule_id == "RTL-KW-PERSIST"


# -- the bundled sample -------------------------------------------------------------


def test_sample_database_is_marked_as_a_sample_with_honest_notes(pool: CardDatabase[Card]):
    info = pool.info
    assert info.sample
    assert (
        info.notes is not None and "invented" in info.notes and "No public card list" in info.notes
    )


def test_sample_database_has_leaders_every_type_and_all_20_keywords(pool: CardDatabase[Card]):
    types = Counter(card.type for card in pool.cards)
    assert all(types[kind] >= 5 for kind in CardType), types
    used = {k for card in pool.cards for k in card.keyword_set}
    assert used == set(Keyword)


def test_sample_decks_one_per_colour_and_a_two_colour_deck(decks: dict[str, DeckList]):
    """RTL-DECK-1, RTL-DECK-2, RTL-DECK-3 (seed §3 line 59): 40-60 cards, at most 3 per
    name, one leader outside the main deck."""
    colour_sets = []
    for deck in decks.values():
        assert d.MAIN_DECK_MIN <= len(deck.main) <= d.MAIN_DECK_MAX
        assert max(Counter(card.name for card in deck.main).values()) <= d.MAX_COPIES
        assert deck.leader.type is CardType.LEADER
        assert all(card.type is not CardType.LEADER for card in deck.main)
        colour_sets.append(frozenset(card.colour for card in deck.main))
    singles = {next(iter(c)) for c in colour_sets if len(c) == 1}
    assert singles == set(Colour)
    assert any(len(c) == 2 for c in colour_sets)


def test_rtl_deck_1_and_open_1_the_engine_refuses_what_it_cannot_play():
    """RTL-DECK-1. Seed §3 line 59: 40-60 cards; RTL-OPEN-1: the leader is not in the main deck."""
    with pytest.raises(DeckError, match="holds 39 cards, not 40-60"):
        DeckList(LEADER, (card("X/1"),) * 39)
    with pytest.raises(DeckError, match="leaders in the main deck: T/L01"):
        DeckList(LEADER, (LEADER,) + (card("X/1"),) * 39)
    with pytest.raises(DeckError, match=r"the leader .* is a unit"):
        DeckList(card("X/1"), (card("X/1"),) * 40)
    assert d.LEADER_OUTSIDE_MAIN_DECK


def test_a_deck_without_one_leader_cannot_be_played(tmp_path: Path, pool: CardDatabase[Card]):
    path = tmp_path / "deck.yaml"
    path.write_text(
        "game: restore-the-luminous\nleader: [RL01/L01, RL01/L02]\nmain: {RL01/R01: 3}\n"
    )
    with pytest.raises(DeckError, match="it names 2 leaders, not 1"):
        DeckList.from_deck(read_deck(path, pool), pool)


def _validator(name: str) -> Draft202012Validator:
    schema = json.loads(schema_path(f"restore-the-luminous/{name}").read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def test_bundled_data_validate_against_the_schemas():
    data, _ = load_with_lines(read_text(SAMPLE_DATABASE, DATA_LIMITS), "cards", DATA_LIMITS)
    assert not list(_validator("cards").iter_errors(data))
    decks = sorted(SAMPLE_DECKS.glob("*.yaml"))
    assert len(decks) >= 6
    for path in decks:
        deck, _ = load_with_lines(read_text(path, DATA_LIMITS), str(path), DATA_LIMITS)
        assert not list(_validator("deck").iter_errors(deck)), path


def test_schema_refuses_what_the_contract_forbids():
    cards = _validator("cards")
    base = {"format": 1, "game": "restore-the-luminous", "name": "t", "version": 1}
    assert cards.is_valid({**base, "cards": [UNIT]})
    assert not cards.is_valid({**base, "game": "luck-and-logic", "cards": [UNIT]})
    assert not cards.is_valid({**base, "cards": [{**UNIT, "type": "tactics"}]})
    assert not cards.is_valid({**base, "cards": [{**UNIT, "power": None}]})
    deck = _validator("deck")
    assert deck.is_valid({"game": "restore-the-luminous", "leader": "L", "main": {"A": 3}})
    assert not deck.is_valid({"game": "restore-the-luminous", "main": {"A": 3}})


def test_files_report_the_file_line_and_path(tmp_path: Path, pool: CardDatabase[Card]):
    bad = tmp_path / "cards.yaml"
    bad.write_text(
        "format: 1\ngame: restore-the-luminous\nname: t\nversion: 1\ncards:\n"
        "- {number: X/1, name: A, type: unit, colour: red, level: 1, colour_cost: 0,\n"
        "   return_value: 1, power: 1000, damage: 1, keywords: [hold]}\n",
        encoding="utf-8",
    )
    with pytest.raises(DatabaseError) as error:
        load_database(bad, use_cache=False)
    assert f"{bad}:7: cards[0].keywords: hold is printed but no effect uses it" in str(error.value)
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: restore-the-luminous\nleader: RL01/L01\nmain: {RL01/R01: many}\n")
    with pytest.raises(InputError, match=r"deck.yaml:3: RL01/R01: the number of copies must be"):
        read_deck(deck, pool)
    with pytest.raises(InputError, match="does not exist"):
        read_deck(tmp_path / "missing.yaml", pool)
