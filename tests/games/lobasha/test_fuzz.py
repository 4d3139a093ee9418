"""Random and heuristic games at every table size with the invariants checked after every
answer: every card in exactly one place, HP never above max, the dead never act, every
request answerable. LOBASHA_FUZZ_GAMES sets the random games per table size (default 16;
e.g. LOBASHA_FUZZ_GAMES=500 for a long soak)."""

from __future__ import annotations

import os
import random

import pytest

from lalcheck.games.lobasha.cards import Slot
from lalcheck.games.lobasha.engine import (
    Game,
    HeuristicPolicy,
    Pick,
    Policy,
    RandomPolicy,
    Setup,
    Skill,
    Target,
    Use,
)
from lalcheck.games.lobasha.engine.records import POLICY_RNG
from lalcheck.games.lobasha.engine.state import Table
from lalcheck.simulation.engine import policy_rng

FUZZ_GAMES = int(os.environ.get("LOBASHA_FUZZ_GAMES", "16"))
SIZES = range(2, 13)


def places(t: Table) -> list[int]:
    """Every card id, once per place it is in."""
    found = [*t.draw_pile, *t.discard, *t.processing]
    for seat in t.seats:
        found += seat.hand
        found += seat.equipment.values()
        found += seat.judgement
        found += seat.aside
        if seat.minion is not None:
            found.append(seat.minion)
    return found


def check_invariants(game: Game) -> None:
    t = game.table
    assert sorted(places(t)) == list(range(len(t.entries))), "a card is lost or in two places"
    for seat in t.seats:
        assert seat.hp <= seat.max_hp <= seat.printed_max + 2  # one LV+ at the printed max
        for slot, entry in seat.equipment.items():
            kind_slot = t.kind(entry).slot
            assert kind_slot is slot or (slot is Slot.THRUSTER and kind_slot is Slot.THRUSTER)
        names = [t.kind(e).id for e in seat.judgement]
        assert all(t.kind(e).subkind == "delayed" for e in seat.judgement)
        assert len(names) == len(set(names)), "two delayed cards of one name"
        if not seat.alive and seat.index not in t.burying:  # LBS-OPEN-6: cleared after
            assert not seat.cards() and seat.minion is None and not seat.aside  # the rewards
    request = game.request
    if request is None:
        assert game.outcome is not None
        return
    if t.seats:
        assert t.seats[request.seat].alive, "the dead never act"
    assert game.legal_actions(), "a request with no legal answer"


def play_checked(game: Game, policies: dict[int, Policy], seed: int) -> None:
    rngs = {seat: policy_rng(seed, seat, POLICY_RNG) for seat in range(game.players)}
    steps = 0
    while game.request is not None:
        seat = game.request.seat
        policy = policies[seat]
        legal = game.legal_actions()
        answer = policy.choose(game.view(seat), legal, rngs[seat])
        assert game.is_legal(answer)
        if steps % 25 == 0:
            answers = list(legal)
            assert len(set(answers)) == len(answers), "an answer listed twice"
            assert all(game.is_legal(a) for a in answers)
        game.push(answer)
        steps += 1
        check_invariants(game)


@pytest.mark.parametrize("players", SIZES)
def test_random_games_keep_every_invariant(players: int) -> None:
    setup = Setup.bundled()
    policy = RandomPolicy()
    for seed in range(FUZZ_GAMES):
        game = Game.new(players, setup, seed)
        check_invariants(game)
        play_checked(game, dict.fromkeys(range(players), policy), seed)
        assert game.outcome is not None


@pytest.mark.parametrize("players", SIZES)
def test_heuristic_games_keep_every_invariant(players: int) -> None:
    setup = Setup.bundled()
    policy = HeuristicPolicy()
    for seed in range(max(2, FUZZ_GAMES // 4)):
        game = Game.new(players, setup, 1000 + seed)
        play_checked(game, dict.fromkeys(range(players), policy), seed)
        assert game.outcome is not None


def test_mixed_policies_and_a_random_answer_that_is_not_legal_is_refused() -> None:
    """Answers built at random are legal exactly when the legal answers list them."""
    setup = Setup.bundled()
    game = Game.new(5, setup, seed=4)
    rng = random.Random(4)
    policy = RandomPolicy()
    for _ in range(400):
        if game.request is None:
            break
        legal = set(game.legal_actions())
        hand = game.table.seats[game.request.seat].hand if game.table.seats else []
        for _ in range(20):
            card = rng.choice(hand) if hand else 0
            target = rng.randrange(game.players)
            guess = rng.choice(
                [
                    Use(card, (target,)),
                    Use(card),
                    Pick(card),
                    Target(target),
                    Skill("jam", (target,)),
                ]
            )
            assert game.is_legal(guess) == (guess in legal), guess
        game.push(policy.choose(game.view(), game.legal_actions(), rng))
