"""The file kinds ``lalcheck check`` validates for 洛吧殺: a pile, a character set, a
game setup (contract §9), each with its reader, rules and report counts."""

from __future__ import annotations

import yaml

from lalcheck.decks import DeckFile
from lalcheck.games.base import Count, FileCheck, FileKind
from lalcheck.games.lobasha.cards import Kind
from lalcheck.games.lobasha.files import (
    CharacterContent,
    SetupContent,
    read_characters,
    read_pile,
    read_setup,
)
from lalcheck.games.lobasha.rules import (
    CHARACTER_RULES,
    PILE_RULES,
    SETUP_RULES,
    check_characters,
    check_pile,
    check_setup,
)
from lalcheck.games.lobasha.rules.context import content, placed


def pile_counts(check: FileCheck) -> tuple[Count, ...]:
    """``cards 160 · basic 78 · effect 52 · equipment 30``: the pile's cards by kind."""
    by_kind = dict.fromkeys(Kind, 0)
    for card, line in placed(check):
        by_kind[card.kind] += line.copies
    return (
        Count("cards", "cards", check.deck.count("entries")),
        *(Count(kind.value, kind.value, count) for kind, count in by_kind.items()),
    )


def character_counts(check: FileCheck) -> tuple[Count, ...]:
    """``characters 12 · skills 20``."""
    found = content(check, CharacterContent)
    characters = found.characters if found else ()
    skills = sum(len(character.items("skills")) for character in characters)
    return (Count("characters", "characters", len(characters)), Count("skills", "skills", skills))


def setup_counts(check: FileCheck) -> tuple[Count, ...]:
    """``players 5`` (out of the table rules' range)."""
    found = content(check, SetupContent)
    rules = check.regulation
    table = f"{rules.min_players}-{rules.max_players}"
    return (Count("players", "players", len(found.seats) if found else 0, table),)


def _read_setup(root: yaml.Node, source: str) -> DeckFile:
    from lalcheck.games.lobasha.data import read_characters as character_set

    return read_setup(root, source, character_set)


PILE = FileKind(
    id="pile",
    description="the shared draw pile: entries of card, suit and rank (contract §9)",
    schema="lobasha/pile",
    read=read_pile,
    check=check_pile,
    counts=pile_counts,
    count_keys=("cards", *(kind.value for kind in Kind)),
    rules=PILE_RULES,
)
CHARACTERS = FileKind(
    id="characters",
    description="a character set: HP, gender, faction, emblems and skills (contract §9)",
    schema="lobasha/characters",
    read=read_characters,
    check=check_characters,
    counts=character_counts,
    count_keys=("characters", "skills"),
    rules=CHARACTER_RULES,
)
SETUP = FileKind(
    id="setup",
    description="one table: each seat's character, role and max HP (contract §9)",
    schema="lobasha/setup",
    read=_read_setup,
    check=check_setup,
    counts=setup_counts,
    count_keys=("players",),
    rules=SETUP_RULES,
)
