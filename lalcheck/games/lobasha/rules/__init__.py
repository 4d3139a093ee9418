"""The 洛吧殺 file rules: one module per rule id, for each file kind (contract §9).

Each module has an ``ID``, the rule reference it enforces (``REFERENCE``), a
one-line ``DESCRIPTION``, a docstring with passing and failing examples, and a
``check(context)`` that yields every :class:`~lalcheck.findings.Finding` on a
:class:`~lalcheck.deck_rules.CheckContext` (``rules.context.Context``); the
checks every game makes the same way (syntax, unknown cards) come from
:mod:`lalcheck.deck_rules`. Rules never print.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from lalcheck.deck_rules import Rule, run_rules
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


def check_pile(check: FileCheck) -> Iterator[Finding]:
    return run_rules(PILE_RULES, check)


def check_characters(check: FileCheck) -> Iterator[Finding]:
    return run_rules(CHARACTER_RULES, check)


def check_setup(check: FileCheck) -> Iterator[Finding]:
    return run_rules(SETUP_RULES, check)


__all__ = [
    "CHARACTER_RULES",
    "PILE_RULES",
    "SETUP_RULES",
    "check_characters",
    "check_pile",
    "check_setup",
]
