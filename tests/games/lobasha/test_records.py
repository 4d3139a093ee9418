"""Game records, tallies that merge in any order, win rates with Wilson intervals, policies."""

from __future__ import annotations

import random
from functools import reduce

import pytest

from lalcheck.games.lobasha.engine import (
    GameRecord,
    HeuristicPolicy,
    IllegalActionError,
    Pass,
    RandomPolicy,
    RoleTally,
    Setup,
    View,
    character_rates,
    play_game,
    role_rates,
    summary,
)
from lalcheck.games.lobasha.engine.actions import Answer
from lalcheck.games.lobasha.engine.policies import Legal
from lalcheck.games.lobasha.setups import Role
from lalcheck.simulation.stats import wilson


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    setup = Setup.bundled()
    return [play_game(5, setup, HeuristicPolicy(), seed) for seed in range(24)]


def test_a_record_names_every_seat_its_role_character_and_the_winners(
    records: list[GameRecord],
) -> None:
    for record in records:
        assert record.players == 5 and len(record.seats) == 5
        assert sorted(s.role for s in record.seats) == sorted(
            [Role.LORD, Role.GUARD, Role.PIRATE, Role.PIRATE, Role.ANCIENT]
        )
        assert len({s.character for s in record.seats}) == 5
        assert not record.unfinished and record.winner is not None
        assert {d.seat for d in record.deaths} == {s.seat for s in record.seats if s.died}


def test_tallies_merge_in_any_order(records: list[GameRecord]) -> None:
    parts = [RoleTally.of(r) for r in records]
    forward = reduce(lambda a, b: a + b, parts)
    shuffled = parts[:]
    random.Random(3).shuffle(shuffled)
    backward = reduce(lambda a, b: a + b, shuffled)
    assert forward == backward == sum(parts[1:], parts[0])
    halves = reduce(lambda a, b: a + b, parts[:10]) + reduce(lambda a, b: a + b, parts[10:])
    assert halves == forward and forward.games == len(records)
    assert forward == reduce(RoleTally.add, records, RoleTally(5))
    with pytest.raises(ValueError, match="cannot merge"):
        forward + RoleTally(4)


def test_rates_use_the_wilson_interval_and_the_summary_has_the_contract_shape(
    records: list[GameRecord],
) -> None:
    tally = reduce(RoleTally.add, records, RoleTally(5))
    rates = role_rates(tally)
    lord = rates[Role.LORD]
    assert lord.total == len(records) and lord.ci95 == wilson(lord.count, lord.total)
    assert rates[Role.GUARD].count == lord.count  # they win together
    shape = summary(tally)
    assert set(shape) >= {"players", "games", "roles", "mean_rounds", "unfinished"}
    roles = shape["roles"]
    assert isinstance(roles, dict) and set(roles) == {"lord", "guard", "pirate", "ancient"}
    assert shape["mean_rounds"] == sum(r.rounds for r in records) / len(records)
    characters = character_rates(tally)
    assert sum(rate.total for rate in characters.values()) == 5 * len(records)


def test_roles_absent_from_a_table_have_no_games() -> None:
    tally = RoleTally(2).add(play_game(2, Setup.bundled(), RandomPolicy(), seed=2))
    rates = role_rates(tally)
    assert rates[Role.GUARD].total == 0 and rates[Role.GUARD].ci95 == (0.0, 1.0)


class Cheater:
    """Answers something that is never legal."""

    def choose(self, view: View, legal: Legal, rng: random.Random) -> Answer:
        return Pass()  # never legal for the first request: choosing a character


def test_an_illegal_answer_from_a_policy_is_an_error() -> None:
    with pytest.raises(IllegalActionError, match="illegal"):
        play_game(3, Setup.bundled(), Cheater(), seed=0)
    with pytest.raises(ValueError, match="2 policies for 3 players"):
        play_game(3, Setup.bundled(), [RandomPolicy(), RandomPolicy()], seed=0)


def test_per_seat_policies() -> None:
    record = play_game(4, Setup.bundled(), [HeuristicPolicy(), RandomPolicy()] * 2, seed=9)
    assert record.winner is not None or record.unfinished
