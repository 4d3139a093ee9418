"""The open points are switches: flipping a decision of engine/decisions.py changes play as
it says (each test names the LBS-OPEN id)."""

from __future__ import annotations

import pytest

from lalcheck.games.lobasha.engine import Ask, Pass, Use
from lalcheck.games.lobasha.engine import decisions as d

from .helpers import answer, held, hp, pass_rescues, play, scenario, until


@pytest.mark.parametrize(("first", "left"), [(True, 3.0), (False, 2.5)])
def test_additions_before_reductions(
    monkeypatch: pytest.MonkeyPatch, first: bool, left: float
) -> None:
    """LBS-OPEN-8: 殺 1 + 電 1 into a 頭盔: (1+1)/2 = 1, or 1/2 + 1 = 1.5."""
    monkeypatch.setattr(d, "ADDITIONS_BEFORE_REDUCTIONS", first)
    game = scenario("LP", hands={0: ["charge", "kill"]}, equipment={1: ["helmet"]})
    play(game, 0, Use(held(game, 0, "charge"), (0,)))
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Pass())
    assert hp(game, 1) == left


@pytest.mark.parametrize("waits", [True, False])
def test_charge_waits_for_damage(monkeypatch: pytest.MonkeyPatch, waits: bool) -> None:
    """LBS-OPEN-9: a dodged 殺 keeps the 電 pending only while the decision says it waits."""
    monkeypatch.setattr(d, "CHARGE_WAITS_FOR_DAMAGE", waits)
    game = scenario("LP", hands={0: ["charge", "kill"], 1: ["dodge"]})
    play(game, 0, Use(held(game, 0, "charge"), (0,)))
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Use(held(game, 1, "dodge")))
    until(game, 0, Ask.PLAY)
    assert game.table.charge_pending is waits


@pytest.mark.parametrize(("everyone", "asked"), [(True, [0, 1, 2]), (False, [2])])
def test_undo_windows_ask_everyone_or_only_holders(
    monkeypatch: pytest.MonkeyPatch, everyone: bool, asked: list[int]
) -> None:
    """LBS-OPEN-15: asking every living player hides who holds an 撤銷操作."""
    monkeypatch.setattr(d, "UNDO_ASKS_EVERY_LIVING_PLAYER", everyone)
    game = scenario("LPA", hands={0: ["dismantle"], 2: ["undo"], 1: ["dodge"]})
    play(game, 0, Use(held(game, 0, "dismantle"), (1,)))
    seen = []
    while game.request is not None and game.request.ask is Ask.UNDO:
        seen.append(game.request.seat)
        answer(game, Pass())
    assert seen == asked


def test_base_attack_range_and_kill_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """LBS-OPEN-4 and LBS-OPEN-10 as numbers."""
    monkeypatch.setattr(d, "BASE_ATTACK_RANGE", 2)
    monkeypatch.setattr(d, "KILLS_PER_TURN", 2)
    game = scenario("LGPA", hands={0: ["kill", "kill"]})
    play(game, 0, Use(held(game, 0, "kill"), (2,)))
    until(game, 2, Ask.DODGE)
    answer(game, Pass())
    until(game, 0, Ask.PLAY)
    assert game.is_legal(Use(held(game, 0, "kill"), (2,)))


def test_riposte_against_a_riposte(monkeypatch: pytest.MonkeyPatch) -> None:
    """LBS-OPEN-12: with the decision off, a 還 strike cannot be answered with a 還."""
    monkeypatch.setattr(d, "RIPOSTE_ANSWERS_RIPOSTE", False)
    game = scenario("LP", hands={0: ["kill", "riposte"], 1: ["riposte"]})
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Use(held(game, 1, "riposte")))
    until(game, 0, Ask.DODGE)
    assert not game.is_legal(Use(held(game, 0, "riposte")))


def test_who_among_the_dead_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """LBS-OPEN-3: without the decision, dead Pirates share nothing."""
    monkeypatch.setattr(d, "DEAD_PIRATES_WIN", False)
    game = scenario(
        "LGPP",
        hands={3: ["kill"]},
        hp={0: 1},
        arrange=lambda t: setattr(t.seats[2], "alive", False),
    )
    play(game, 3, Use(held(game, 3, "kill"), (0,)))
    until(game, 0, Ask.DODGE)
    answer(game, Pass())
    pass_rescues(game)
    assert game.outcome is not None and game.outcome.winners == (3,)
