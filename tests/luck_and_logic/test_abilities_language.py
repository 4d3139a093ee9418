"""Reading the card-ability language: what it builds, every kind of bad ability
refused with file, path and line (``db validate`` exit 2), coverage and its command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from lalcheck.db import DatabaseError, load_database
from lalcheck.db.coverage import database_coverage
from lalcheck.db.dump import card_to_dict
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.abilities.coverage import COVERAGE
from lalcheck.games.luck_and_logic.abilities.model import (
    Boost,
    ConditionKind,
    CostKind,
    Draw,
    Kind,
    Rule,
    RuleModifier,
    StatModifier,
    TargetKind,
    Transmute,
    Trigger,
)
from lalcheck.games.luck_and_logic.card_data import card_from_dict
from tests.conftest import CliRun


def database(cards: list[dict[str, Any]]) -> str:
    document = {"format": 1, "game": "luck-and-logic", "name": "t", "version": "1", "cards": cards}
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True)


MEMBER = {
    "number": "A/001",
    "name": "A member",
    "type": "transunion",
    "level": 2,
    "cost": 1,
    "territory": 1,
    "power": 7000,
    "spirit": 2,
    "limit": 2,
}
TACTICS = {"number": "A/002", "name": "A tactics", "type": "tactics", "text": "Boost."}


def write(tmp_path: Path, *cards: dict[str, Any]) -> Path:
    path = tmp_path / "cards.yaml"
    path.write_text(database(list(cards)), encoding="utf-8")
    return path


def test_the_full_form_builds_frozen_typed_values(tmp_path: Path) -> None:
    effects = [
        {
            "kind": "activated",
            "once_per_turn": True,
            "exsoul": 1,
            "if": [{"condition": "level", "at_least": 3}],
            "cost": [{"cost": "rest_self"}, {"cost": "stock", "count": 2}],
            "do": [
                {
                    "effect": "boost",
                    "stat": "power",
                    "value": 2000,
                    "until": "turn",
                    "target": {
                        "choose": "own",
                        "filter": {
                            "type": "transunion",
                            "world": "LAL部",
                            "soul_character": "Rin",
                        },
                    },
                },
                {"effect": "transmute", "level": 3},
            ],
        },
        {
            "kind": "continuous",
            "modifiers": [{"rule": "no_intercept"}, {"stat": "spirit", "value": 1}],
        },
        {"kind": "logic_drive", "do": [{"effect": "draw", "count": 2}]},
    ]
    card = load_database(write(tmp_path, {**MEMBER, "effects": effects}), use_cache=False)["A/001"]
    activated, continuous, drive = card.abilities
    assert activated.kind is Kind.ACTIVATED and activated.once_per_turn and activated.exsoul == 1
    assert activated.conditions[0].kind is ConditionKind.LEVEL
    assert [c.kind for c in activated.costs] == [CostKind.REST_SELF, CostKind.STOCK]
    boost, transmute = activated.steps
    assert isinstance(boost, Boost) and boost.target.kind is TargetKind.CHOOSE
    assert boost.target.filter.worlds == {"Luck&Logic Club"}, "world aliases are read"
    assert boost.target.filter.soul_character == "Rin"
    assert transmute == Transmute(3)
    assert continuous.modifiers == (
        RuleModifier(Rule.NO_INTERCEPT),
        StatModifier(continuous.modifiers[1].stat, 1),
    )
    assert drive.steps == (Draw(2),) and card.abilities.logic_drives == (drive,)
    assert card.abilities.ruling == (continuous,) and card.abilities.reaching == (continuous,)
    with pytest.raises(AttributeError):
        activated.kind = Kind.AUTO  # type: ignore[misc]


def test_the_format_1_shorthand_is_one_auto_ability_with_one_step(tmp_path: Path) -> None:
    shorthand = [
        {"trigger": "attack", "action": "boost", "value": 1000, "stat": "power", "until": "battle"},
        {"trigger": "logic_drive", "action": "draw", "value": 1},
    ]
    tactics = {
        **TACTICS,
        "effects": [
            {
                "trigger": "define",
                "action": "boost",
                "value": 3000,
                "stat": "power",
                "until": "battle",
            }
        ],
    }
    db = load_database(write(tmp_path, {**MEMBER, "effects": shorthand}, tactics), use_cache=False)
    attack, drive = db["A/001"].abilities
    assert attack.kind is Kind.AUTO and attack.trigger is Trigger.ATTACK
    assert attack.steps[0].target.kind is TargetKind.SELF  # type: ignore[union-attr]
    assert drive.kind is Kind.LOGIC_DRIVE
    defined = db["A/002"].abilities[0].steps[0]
    assert isinstance(defined, Boost) and defined.target.kind is TargetKind.BATTLING


def test_abilities_survive_a_dump_and_read_again(tmp_path: Path) -> None:
    sample = load_database(GAME.sample_database, use_cache=False)
    for card in sample:
        assert card_from_dict(card_to_dict(card)) == card, card.number


BAD: list[tuple[dict[str, Any], str, str]] = [
    (
        {**MEMBER, "effects": [{"kind": "auto", "trigger": "sneeze", "do": [{"effect": "draw"}]}]},
        "cards[0].effects[0].trigger",
        "'sneeze' is not one of",
    ),
    (
        {
            **MEMBER,
            "effects": [{"kind": "auto", "trigger": "attack", "do": [{"effect": "teleport"}]}],
        },
        "cards[0].effects[0].do[0].effect",
        "'teleport' is not one of",
    ),
    (
        {
            **MEMBER,
            "effects": [
                {
                    "kind": "auto",
                    "trigger": "attack",
                    "do": [{"effect": "rest", "target": "everyone"}],
                }
            ],
        },
        "cards[0].effects[0].do[0].target",
        "'everyone' is not one of",
    ),
    (
        {
            **MEMBER,
            "effects": [
                {
                    "kind": "continuous",
                    "if": [{"condition": "level"}],
                    "modifiers": [{"stat": "power", "value": 1}],
                }
            ],
        },
        "cards[0].effects[0].if[0]",
        "level conditions need at_least or at_most",
    ),
    (
        {
            **MEMBER,
            "effects": [
                {
                    "kind": "continuous",
                    "if": [{"condition": "moon", "at_least": 1}],
                    "modifiers": [{"stat": "power", "value": 1}],
                }
            ],
        },
        "cards[0].effects[0].if[0].condition",
        "'moon' is not one of",
    ),
    (
        {**MEMBER, "effects": [{"kind": "auto", "do": [{"effect": "draw"}]}]},
        "cards[0].effects[0]",
        "auto abilities need a 'trigger'",
    ),
    (
        {
            **MEMBER,
            "effects": [{"kind": "activated", "trigger": "attack", "do": [{"effect": "draw"}]}],
        },
        "cards[0].effects[0].trigger",
        "activated abilities take no 'trigger'",
    ),
    (
        {**MEMBER, "effects": [{"kind": "skill", "do": [{"effect": "draw"}]}]},
        "cards[0].effects[0].kind",
        "only secret tools have a skill",
    ),
    (
        {
            **TACTICS,
            "effects": [
                {
                    "kind": "auto",
                    "trigger": "define",
                    "do": [
                        {
                            "effect": "boost",
                            "stat": "power",
                            "value": 1,
                            "until": "battle",
                            "target": "self",
                        }
                    ],
                }
            ],
        },
        "cards[0].effects[0].do[0].target",
        "'self' names this member",
    ),
    (
        {**TACTICS, "effects": [{"kind": "auto", "trigger": "attack", "do": [{"effect": "draw"}]}]},
        "cards[0].effects[0].trigger",
        "attack abilities belong to members",
    ),
    (
        {
            **MEMBER,
            "effects": [
                {"kind": "auto", "trigger": "attack", "from_hand": True, "do": [{"effect": "draw"}]}
            ],
        },
        "cards[0].effects[0].from_hand",
        "from_hand goes with the mobilize and define",
    ),
    (
        {
            **MEMBER,
            "effects": [
                {"kind": "auto", "trigger": "attack", "do": [{"effect": "transmute", "level": 9}]}
            ],
        },
        "cards[0].effects[0].do[0].level",
        "錬成(X) takes X from 1 to 4",
    ),
    (
        {
            **MEMBER,
            "effects": [
                {
                    "kind": "auto",
                    "trigger": "attack",
                    "do": [{"effect": "search", "filter": {"rested": True}}],
                }
            ],
        },
        "cards[0].effects[0].do[0].filter.rested",
        "describes members on the field",
    ),
    (
        {
            **MEMBER,
            "effects": [
                {
                    "kind": "auto",
                    "trigger": "attack",
                    "do": [{"effect": "search", "filter": {"soul_character": "Rin"}}],
                }
            ],
        },
        "cards[0].effects[0].do[0].filter.soul_character",
        "describes members on the field",
    ),
    (
        {
            **MEMBER,
            "effects": [
                {
                    "kind": "continuous",
                    "modifiers": [{"stat": "power", "value": 1, "to": {"choose": "own"}}],
                }
            ],
        },
        "cards[0].effects[0].modifiers[0].to",
        "a modifier cannot ask for a choice",
    ),
    (
        {
            **MEMBER,
            "effects": [
                {
                    "kind": "auto",
                    "trigger": "attack",
                    "do": [{"effect": "boost", "stat": "power", "value": 1}],
                }
            ],
        },
        "cards[0].effects[0].do[0]",
        "the boost effect needs 'until'",
    ),
    (
        {
            **MEMBER,
            "effects": [
                {"kind": "auto", "trigger": "attack", "do": [{"effect": "draw", "stat": "power"}]}
            ],
        },
        "cards[0].effects[0].do[0].stat",
        "the draw effect takes no 'stat'",
    ),
    (
        {
            **MEMBER,
            "effects": [
                {
                    "kind": "auto",
                    "trigger": "attack",
                    "do": [{"effect": "search", "filter": {"world": "Atlantis"}}],
                }
            ],
        },
        "cards[0].effects[0].do[0].filter.world",
        "Atlantis",
    ),
    (
        {**MEMBER, "effects": [{"kind": "paradox_rule", "modifiers": []}]},
        "cards[0].effects[0].kind",
        "only paradox cards have a paradox rule",
    ),
    (
        {
            "number": "A/003",
            "name": "A tool",
            "type": "secret_tool",
            "level": 1,
            "effects": [{"kind": "skill", "do": [{"effect": "transmute", "level": 1}]}],
        },
        "cards[0].effects[0].do[0].effect",
        "a secret tool cannot transmute",
    ),
    (
        {
            "number": "A/004",
            "name": "A gate",
            "type": "gate",
            "gate_number": 1,
            "effects": [
                {"kind": "auto", "trigger": "gate_destroyed", "do": [{"effect": "gate_again"}]}
            ],
        },
        "cards[0].effects[0].do[0].effect",
        "a gate cannot gate_again",
    ),
    (
        {
            **MEMBER,
            "type": "foreigner",
            "soul": [{"kind": "auto", "trigger": "gate_destroyed", "do": [{"effect": "draw"}]}],
        },
        "cards[0].soul[0].trigger",
        "gates, and only gates",
    ),
]


@pytest.mark.parametrize(("card", "path", "message"), BAD, ids=[b[2][:40] for b in BAD])
def test_bad_abilities_fail_db_validate_with_file_path_and_line(
    tmp_path: Path, run: CliRun, card: dict[str, Any], path: str, message: str
) -> None:
    source = write(tmp_path, card)
    result = run("db", "validate", source)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    line = next(line for line in result.output.splitlines() if path in line and message in line)
    assert line.strip().startswith(f"{source}:"), "file and line first"
    assert int(line.strip().removeprefix(f"{source}:").split(":")[0]) > 0


def test_every_bad_ability_is_reported_at_once(tmp_path: Path) -> None:
    cards = [{**card, "number": f"B/{index:03}"} for index, (card, _, _) in enumerate(BAD[5:9])]
    with pytest.raises(DatabaseError) as raised:
        load_database(write(tmp_path, *cards), use_cache=False)
    assert len(raised.value.problems) == 4


def test_bad_abilities_in_json_are_reported_with_lines(tmp_path: Path, run: CliRun) -> None:
    card = {**MEMBER, "effects": [{"kind": "auto", "do": [{"effect": "draw"}]}]}
    document = yaml.safe_load(database([card]))
    source = tmp_path / "cards.json"
    source.write_text(json.dumps(document, indent=2), encoding="utf-8")
    result = run("db", "validate", source)
    assert result.exit_code == 2 and f"{source}:" in result.output
    assert "auto abilities need a 'trigger'" in result.output


def test_a_command_that_loads_a_bad_database_exits_2(tmp_path: Path, run: CliRun) -> None:
    source = write(tmp_path, {**MEMBER, "effects": [{"kind": "auto", "do": [{"effect": "draw"}]}]})
    result = run("db", "coverage", "--db", source)
    assert result.exit_code == 2 and "auto abilities need a 'trigger'" in result.output


def test_coverage_counts_cards_whose_whole_text_is_structured(tmp_path: Path) -> None:
    cards = [
        {**MEMBER, "number": "C/001"},  # no text: nothing to structure
        {
            **MEMBER,
            "number": "C/002",
            "text": "Draws.",
            "effects": [{"kind": "auto", "trigger": "mobilize", "do": [{"effect": "draw"}]}],
        },
        {**MEMBER, "number": "C/003", "text": "Something."},
        {"number": "C/004", "name": "P", "type": "paradox", "paradox_rule": "Spirit."},
        {
            "number": "C/005",
            "name": "Q",
            "type": "paradox",
            "paradox_rule": "Spirit.",
            "effects": [{"kind": "paradox_rule", "modifiers": []}],
        },
        {
            **MEMBER,
            "number": "C/006",
            "type": "foreigner",
            "text": "(Soul) draws.",
            "soul": [{"kind": "auto", "trigger": "trance", "do": [{"effect": "draw"}]}],
        },
    ]
    result = database_coverage(load_database(write(tmp_path, *cards), use_cache=False))
    assert (result.cards, result.structured) == (6, 4)
    assert result.unstructured == ("C/003", "C/004") and result.share == pytest.approx(4 / 6)


def test_db_coverage_command_text_and_json(tmp_path: Path, run: CliRun) -> None:
    source = write(tmp_path, {**MEMBER, "text": "Something."}, {**MEMBER, "number": "A/009"})
    result = run("db", "coverage", "--db", source, "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.output) == {
        "game": "luck-and-logic",
        "cards": 2,
        "structured": 1,
        "share": 0.5,
        "unstructured": ["A/001"],
        "basis": COVERAGE.basis,
    }
    text = run("db", "coverage", "--db", source)
    assert (
        text.exit_code == 0
        and "2 cards, 1 with all of their text structured (50.0%)" in text.output
    )
    assert "A/001 「A member」" in text.output


def test_the_bundled_database_is_fully_structured(run: CliRun) -> None:
    result = run("db", "coverage", "--format", "json")
    report = json.loads(result.output)
    assert result.exit_code == 0 and report["share"] == 1.0 and report["unstructured"] == []
    assert report["cards"] == report["structured"] >= 150
