"""The JSON Schemas in schemas/ agree with what lalcheck reads and writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from lalcheck.games.luck_and_logic import GAME
from lalcheck.regulations import load_regulation
from lalcheck.resources import schema_path
from lalcheck.schemas import load_schema
from tests.conftest import DECKS, FIXTURES

SCHEMAS = ("cards", "deck", "regulation", "report")
#: Negative decks whose problem is the file's structure, which the deck schema also sees.
STRUCTURALLY_BAD = ("bad-counts.yaml", "list-section.yaml")


@pytest.mark.parametrize("name", SCHEMAS)
def test_schemas_are_valid_2020_12(name: str) -> None:
    schema = json.loads(schema_path(name).read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_regulation_files_validate() -> None:
    for path in [
        *GAME.regulation_model.folder.glob("*.yaml"),
        *(FIXTURES / "regulations").glob("*.yaml"),
    ]:
        load_regulation(path, GAME.regulation_model)


def test_invalid_regulation_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "reg.yaml"
    path.write_text("id: x\neffective: 2020-01-01\nmain_size: fifty\n", encoding="utf-8")
    with pytest.raises(Exception, match=r"reg.yaml:3: main_size: 'fifty' is not of type"):
        load_regulation(path, GAME.regulation_model)


def _deck_document(path: Path) -> object:
    return json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), default=str))


@pytest.mark.parametrize("path", sorted((DECKS / "positive").glob("*.yaml")), ids=lambda p: p.stem)
def test_deck_schema_accepts_every_well_formed_deck(path: Path) -> None:
    Draft202012Validator(load_schema("deck")).validate(_deck_document(path))


@pytest.mark.parametrize("name", STRUCTURALLY_BAD)
def test_deck_schema_refuses_structurally_bad_decks(name: str) -> None:
    validator = Draft202012Validator(load_schema("deck"))
    assert not validator.is_valid(_deck_document(DECKS / "negative" / name))
