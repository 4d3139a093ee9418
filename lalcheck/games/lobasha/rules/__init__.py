"""The 洛吧殺 file rules: one module per rule id, for each file kind (contract §9).

Each module has an ``ID``, the rule reference it enforces (``REFERENCE``), a
one-line ``DESCRIPTION``, a docstring with passing and failing examples, and a
``check(check)`` that yields every :class:`~lalcheck.findings.Finding` on a
:class:`~lalcheck.games.base.FileCheck`. Rules never print.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Protocol

from lalcheck.findings import Finding
from lalcheck.games.base import FileCheck
from lalcheck.games.lobasha.rules import (
    character_emblems,
    character_faction,
    character_gender,
    character_hp,
    character_id,
    deck_syntax,
    judgement_suits,
    pile_duplicate,
    pile_suit_rank,
    set_disabled,
    setup_characters,
    setup_hp,
    setup_players,
    setup_roles,
    skill_kinds,
    unknown_card,
)


class Rule(Protocol):
    """What a rule module provides."""

    ID: str
    REFERENCE: str
    DESCRIPTION: str

    def check(self, check: FileCheck) -> Iterator[Finding]: ...


def _registry(*rules: Rule) -> Mapping[str, Rule]:
    return {rule.ID: rule for rule in rules}


#: The rules of each file kind, in the order they are documented.
PILE_RULES = _registry(
    deck_syntax, unknown_card, pile_suit_rank, pile_duplicate, set_disabled, judgement_suits
)
CHARACTER_RULES = _registry(
    deck_syntax,
    character_id,
    character_hp,
    character_gender,
    character_faction,
    character_emblems,
    skill_kinds,
)
SETUP_RULES = _registry(deck_syntax, setup_players, setup_roles, setup_hp, setup_characters)


def checker(rules: Mapping[str, Rule]) -> Callable[[FileCheck], Iterator[Finding]]:
    """A file kind's ``check``: every finding of every rule."""

    def check(check: FileCheck) -> Iterator[Finding]:
        for rule in rules.values():
            yield from rule.check(check)

    return check


__all__ = ["CHARACTER_RULES", "PILE_RULES", "SETUP_RULES", "Rule", "checker"]
