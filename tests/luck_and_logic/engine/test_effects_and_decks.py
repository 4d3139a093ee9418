"""The structured effects vocabulary, engine decks, the sample decks and ``lalcheck play``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from lalcheck.db import open_database
from lalcheck.decks import read_deck
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.cards import CardType
from lalcheck.games.luck_and_logic.engine import (
    Attack,
    DeckError,
    DeckList,
    GreedyPolicy,
    Mobilize,
    Pass,
    PassivePolicy,
    RandomPolicy,
    play_game,
    replay,
)

from .pool import (
    GATE_CHARGE,
    GATES,
    LOGICALIST,
    MAIN,
    at_main,
    auto,
    check_invariants,
    clear_hand,
    field,
    main_phase_game,
    written,
)

SAMPLE_DECKS = sorted((GAME.sample_database.parent / "decks").glob("*.yaml"))


def test_gate_charge_effect_puts_the_top_deck_card_into_the_cost_zone():
    game = at_main(main_phase_game(), [LOGICALIST])
    field(game, 0, LOGICALIST, (1,))
    defender = game.players[1]
    defender.gates[0] = GATE_CHARGE
    top = defender.deck[-1]
    game.push(Pass())
    game.push(Attack(1, 1))
    assert defender.cost[0] is top


def test_turn_boost_lasts_until_the_end_phase():
    game = at_main(main_phase_game(), [LOGICALIST])
    clear_hand(game, 0)

    def boost(stat, value, until):
        return {"effect": "boost", "stat": stat, "value": value, "until": until}

    booster = replace(
        LOGICALIST,
        number="T/X",
        effects=written(
            CardType.LOGICALIST,
            auto(
                "mobilize",
                boost("power", 1000, "turn"),
                boost("spirit", 1, "turn"),
                boost("limit", 1, "turn"),
                boost("limit", 5, "battle"),
            ),
        ),
    )
    game.players[0].hand.append(booster)
    game.push(Mobilize(0, (1,)))
    member = game.players[0].member_at(1)
    assert (member.power_bonus, member.spirit_bonus, member.limit_bonus) == (1000, 1, 1)
    game.push(Pass())
    game.push(Pass())  # no attack: the end phase ends the turn's boosts
    assert game.active == 1
    assert (member.power_bonus, member.spirit_bonus, member.limit_bonus) == (0, 0, 0)


def test_mobilizing_a_card_with_unmodelled_text_is_counted():
    game = at_main(main_phase_game(), [LOGICALIST])
    clear_hand(game, 0)
    plain = replace(LOGICALIST, number="T/Y", text="Does something unmodelled.")
    game.players[0].hand.append(plain)
    game.push(Mobilize(0, (1,)))
    assert game.unmodelled == {"T/Y": 1}


def test_deck_list_rejects_decks_the_engine_cannot_play():
    with pytest.raises(DeckError, match="main deck holds 49"):
        DeckList(MAIN[:-1], GATES)
    with pytest.raises(DeckError, match="gate deck holds 9"):
        DeckList(MAIN, GATES[:-1])
    with pytest.raises(DeckError, match="wrong section"):
        DeckList((*MAIN[:-1], GATES[0]), GATES)
    assert DeckList(MAIN, GATES).main[0] is MAIN[0]


@pytest.mark.skipif(not SAMPLE_DECKS, reason="no bundled sample decks")
@pytest.mark.parametrize("path", SAMPLE_DECKS, ids=lambda p: p.stem)
def test_sample_decks_play_goldfish_greedy_and_random_games(path: Path):
    """Every card of the bundled decks runs: nothing comes up "not modelled"."""
    deck = DeckList.from_deck(read_deck(path, open_database()))
    assert len(deck.main) == 50 and len(deck.gates) == 10
    decks = (deck, deck)
    for seed in range(20):
        record = play_game(*decks, (GreedyPolicy(), PassivePolicy()), seed, first_player=0)
        assert record.outcome.winner == 0 and record.unmodelled == {}
        assert play_game(*decks, (GreedyPolicy(), GreedyPolicy()), seed).unmodelled == {}
    for seed in range(5):
        record = play_game(*decks, (RandomPolicy(), RandomPolicy()), seed)
        game = replay(*decks, seed, record.actions)
        check_invariants(game, decks)
        assert record.unmodelled == {}


@pytest.mark.skipif(len(SAMPLE_DECKS) < 2, reason="no bundled sample decks")
def test_cli_play_prints_the_log_and_the_result(run):
    result = run("play", str(SAMPLE_DECKS[0]), str(SAMPLE_DECKS[1]), "--seed", "3")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1].startswith("result: ") and "seed 3" in lines[-1]
    assert any("attacks circle" in line for line in lines)
    again = run("play", str(SAMPLE_DECKS[0]), str(SAMPLE_DECKS[1]), "--seed", "3")
    assert again.output == result.output


def test_cli_play_missing_deck_is_a_clear_error(run, tmp_path):
    result = run("play", str(tmp_path / "nope.yaml"), str(tmp_path / "nope.yaml"))
    assert result.exit_code == 2
    assert "does not exist" in result.output and "Traceback" not in result.output


def test_cli_play_illegal_deck_names_its_errors(run, tmp_path):
    deck = tmp_path / "short.yaml"
    deck.write_text("main:\n  PB01/001: 4\ngates:\n  PB01-G01: 2\n", encoding="utf-8")
    result = run("play", str(deck), str(deck))
    assert result.exit_code in (1, 2)
    assert "short.yaml" in result.output and "Traceback" not in result.output
