"""What ``lalcheck db coverage`` counts as structured in a 洛吧殺 card database.

The engine runs a card by its id (its rules are code, one handler per card of
seed 004), so a card is structured when its id is one the engine knows; a card
a user adds under a new id has text no game can play. Skills are run by id in
the same way: :func:`unmodelled_skills` names those of a character set the
engine has no rules for, which ``simulate`` and ``play`` report.
"""

from __future__ import annotations

from lalcheck.games.base import CoverageModel
from lalcheck.games.lobasha.cards import CardKind
from lalcheck.games.lobasha.characters import CharacterSet

#: Every card id the engine has rules for: the cards of seed 004 (docs/rules/lobasha.md).
ENGINE_CARDS = frozenset(
    {
        "kill",
        "thunder-kill",
        "fire-kill",
        "dodge",
        "crystal",
        "charge",
        "blast",
        "riposte",
        "extra",
        "e-tank",
        "minion",
        "duel",
        "dismantle",
        "grab-glove",
        "wily-will",
        "treasure-chest",
        "big-chest",
        "fire-attack",
        "terminal-link",
        "chip-scatter",
        "crystal-vein",
        "missile-spread",
        "pirate-raid",
        "paralysis-shock",
        "power-shortage",
        "eden",
        "ion-cannon",
        "undo",
        "needle-array",
        "instant-noodles",
        "delete",
        "roll",
        "lv-down",
        "lv-up",
        "regeneration-plan",
        "nine-grid",
        "gatling",
        "zero-knuckle",
        "energy-blade",
        "quencher",
        "venom-flame",
        "impact-drill",
        "thunder-sword",
        "cannon",
        "flamethrower",
        "spread-gun",
        "bazooka",
        "twin-needle",
        "light-saber",
        "rock-buster",
        "water-gun",
        "flash-laser",
        "long-cannon",
        "defence-net",
        "photon-shield",
        "guard-chip",
        "suit-armour",
        "helmet",
        "fortress",
        "hard-hat",
        "fred",
        "jesoshaft",
        "king-claudon",
        "selfabottom",
        "heaven",
        "star-voyage",
        "fokewolf",
        "doraho",
        "frying-pan",
        "thruster",
        "add-on-pack",
    }
)


#: Every skill id the engine has rules for: those of the sample characters.
ENGINE_SKILLS = frozenset(
    {
        "cache",
        "core-frame",
        "hibernate",
        "insulated",
        "jam",
        "last-stand",
        "mimicry",
        "overload",
        "purge",
        "rally",
        "reinforce",
        "rewrite",
        "scavenge",
        "scout",
        "self-repair",
    }
)


def runs(card: CardKind) -> bool:
    """Whether the engine has rules for the card."""
    return card.id in ENGINE_CARDS


COVERAGE = CoverageModel(
    structured=runs,
    basis="a card id the engine has rules for (the cards of seed 004)",
)


def unmodelled_skills(characters: CharacterSet) -> tuple[str, ...]:
    """The skills of a character set the engine has no rules for (they never take
    effect), as ``character/skill`` ids in file order."""
    return tuple(
        f"{character.id}/{skill.id}"
        for character in characters
        for skill in character.skills
        if skill.id not in ENGINE_SKILLS
    )
