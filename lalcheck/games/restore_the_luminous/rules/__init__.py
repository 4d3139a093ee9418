"""Restore the Luminous deck rules, by rule id (contract §9), and the deck kind's check.

The modules follow the core's rule shape (:mod:`lalcheck.deck_rules`); the
advice rules (``colour-load``, ``level-curve``) only ever report ``info``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from lalcheck.deck_rules import Rule, run_rules
from lalcheck.findings import Finding
from lalcheck.games.base import FileCheck
from lalcheck.games.restore_the_luminous.rules import (
    ambiguous_card,
    banned,
    colour_load,
    copy_limit,
    deck_syntax,
    leader,
    level_curve,
    main_size,
    not_released,
    unknown_card,
    wrong_section,
)

#: Every rule by id, in the order of contract §9, the advice last.
RULES: Mapping[str, Rule] = {
    rule.ID: rule
    for rule in (
        deck_syntax,
        unknown_card,
        ambiguous_card,
        wrong_section,
        main_size,
        copy_limit,
        leader,
        banned,
        not_released,
        colour_load,
        level_curve,
    )
}


def check_deck(check: FileCheck) -> Iterator[Finding]:
    """Every finding of every rule on a deck (the deck kind's ``check``)."""
    return run_rules(RULES, check)


__all__ = ["RULES", "check_deck"]
