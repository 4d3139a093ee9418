"""The deck-construction rules: one module per rule id (contract §5).

Each module has an ``ID``, the rule reference it enforces (``REFERENCE``), a
one-line ``DESCRIPTION``, a docstring with passing and failing examples, and a
``check(context)`` that yields every :class:`~lalcheck.findings.Finding`.
Rules never print.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from lalcheck.deck_rules import Rule, run_rules
from lalcheck.findings import Finding
from lalcheck.games.base import FileCheck
from lalcheck.games.luck_and_logic.rules import (
    ambiguous_card,
    banned,
    composition,
    copy_limit,
    deck_syntax,
    gate_number_limit,
    gate_size,
    main_size,
    my_logicalist,
    not_released,
    paradox_count,
    restricted,
    secret_tool_size,
    unknown_card,
    world_lock,
    wrong_section,
)
from lalcheck.games.luck_and_logic.rules.context import CheckContext

#: Every rule by id, in the order of contract §5.
RULES: Mapping[str, Rule] = {
    rule.ID: rule
    for rule in (
        deck_syntax,
        unknown_card,
        ambiguous_card,
        wrong_section,
        main_size,
        paradox_count,
        copy_limit,
        gate_size,
        gate_number_limit,
        restricted,
        banned,
        world_lock,
        secret_tool_size,
        my_logicalist,
        not_released,
        composition,
    )
}


def check_deck(check: FileCheck) -> Iterator[Finding]:
    """Every finding of every rule on a deck (the deck kind's ``check``)."""
    return run_rules(RULES, check)


__all__ = ["RULES", "CheckContext", "Rule", "check_deck"]
