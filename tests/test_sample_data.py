"""The bundled sample database, regulations and decks (data/)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from lalcheck.checker import Checker
from lalcheck.db import CardDatabase, load_database
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.cards import CardType, World
from lalcheck.regulations import Regulations
from tests.conftest import TODAY

DATA = Path(__file__).parent.parent / "data"
LEGAL = sorted((DATA / "decks").glob("*.yaml"))
ILLEGAL = {
    "too-many-copies.yaml": {"copy-limit", "restricted"},
    "mixed-worlds.yaml": {"world-lock"},
    "typos.yaml": {"unknown-card", "deck-syntax", "wrong-section", "gate-size"},
}


@pytest.fixture(scope="module")
def sample() -> CardDatabase:
    return load_database(GAME.sample_database, use_cache=False)


def test_the_sample_database_says_it_is_a_sample(sample: CardDatabase) -> None:
    assert sample.info.sample is True
    assert sample.info.notes and "NOT the official Luck & Logic card list" in sample.info.notes


def test_the_restricted_cards_carry_their_real_numbers_and_names(sample: CardDatabase) -> None:
    assert sample["BT01/008"].name == "スイーツ系女子 小玲"
    assert sample["EB01/001"].name == "波際の癒し 玉姫"
    assert sample["SPB01/041"].name == "ヴァイパーフォール 縁"


def test_the_sample_covers_what_decks_and_the_engine_need(sample: CardDatabase) -> None:
    types = Counter(card.type for card in sample)
    assert types[CardType.PARADOX] >= 10
    assert {card.gate_number for card in sample if card.type is CardType.GATE} == set(range(1, 7))
    assert {card.level for card in sample if card.type is CardType.SECRET_TOOL} == {1, 2, 3, 4}
    assert {card.level for card in sample if card.type is CardType.TRANSUNION} >= {2, 3, 4}
    assert types[CardType.MY_LOGICALIST] >= 1 and types[CardType.TACTICS] >= 1
    assert {card.world for card in sample} >= set(World)
    assert any(card.abilities for card in sample)


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.stem)
def test_sample_decks_are_legal(sample: CardDatabase, path: Path) -> None:
    report = Checker(sample, today=TODAY).check_path(path)
    assert report.legal, [f.message for f in report.findings]
    assert not report.has_warnings


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_sample_decks_break_their_rules(sample: CardDatabase, name: str) -> None:
    report = Checker(sample, today=TODAY).check_path(DATA / "decks" / "illegal" / name)
    assert {f.rule for f in report.findings if f.severity.value == "error"} == ILLEGAL[name]


def test_bundled_regulations_in_date_order() -> None:
    regulations = Regulations.bundled()
    assert [r.id for r in regulations.all] == [
        "2016-01-28",
        "2017-02-26",
        "2017-07-25",
        "2017-09-01",
    ]
    assert regulations.in_force(TODAY).id == "2017-09-01"
    assert regulations.in_force(TODAY.replace(year=2017, month=3)).id == "2017-02-26"
    latest = regulations.all[-1]
    assert dict(latest.restricted) == {"BT01/008": 1, "EB01/001": 1, "SPB01/041": 1}
    assert latest.secret_tools is not None and latest.secret_tools.size == 4
    assert [w.value for w in latest.world_lock] == ["Luck&Logic Club"]


def test_the_sample_shows_every_kind_of_ability(sample: CardDatabase) -> None:
    """Issue 10: at least 30 cards with activated, continuous, EXsoul, search,
    retreat, secret-tool and paradox-link abilities, spread over the worlds."""
    from lalcheck.games.luck_and_logic.abilities.model import (
        AddToHand,
        Kind,
        Remove,
        Search,
        Transmute,
        Trigger,
    )

    kinds: dict[str, set[str]] = {
        name: set()
        for name in ("activated", "continuous", "exsoul", "search", "retreat", "tool", "link")
    }
    for card in sample:
        soul = card.soul_abilities
        given = list(soul) if soul is not None and soul.written else []
        for ability in (*card.abilities, *given):
            steps = ability.steps
            found = {
                "activated": ability.kind in (Kind.ACTIVATED, Kind.LOGIC_DRIVE)
                and bool(ability.costs),
                "continuous": ability.kind is Kind.CONTINUOUS,
                "exsoul": bool(ability.exsoul),
                "search": any(isinstance(s, Search | AddToHand) for s in steps),
                "retreat": any(isinstance(s, Remove) for s in steps),
                "tool": ability.kind is Kind.SKILL or any(isinstance(s, Transmute) for s in steps),
                "link": ability.trigger is Trigger.PARADOX_LINK,
            }
            for name, present in found.items():
                if present:
                    kinds[name].add(card.number)
    assert all(kinds.values()), {name: len(cards) for name, cards in kinds.items()}
    showing = set().union(*kinds.values())
    assert len(showing) >= 30
    assert len({sample[number].world for number in showing} - {None}) == len(World)
