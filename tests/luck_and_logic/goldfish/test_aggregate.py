"""Aggregates: what they count, and that merging them is exact in any order."""

from __future__ import annotations

import itertools
from functools import reduce

from lalcheck.games.luck_and_logic.cards import Card, CardType
from lalcheck.games.luck_and_logic.engine import (
    DeckList,
    EndReason,
    GameRecord,
    Opening,
    Outcome,
    TurnSummary,
)
from lalcheck.games.luck_and_logic.goldfish import DeckInfo
from lalcheck.games.luck_and_logic.goldfish.aggregate import (
    Aggregate,
    Played,
    Result,
    aggregate,
    card_group,
    group_order,
)
from lalcheck.games.luck_and_logic.goldfish.runner import GOLDFISHER, Job, Rival
from lalcheck.simulation.runner import Chunk, Going, play_chunk


def job_of(septpia: tuple[DeckInfo, DeckList], going: Going = Going.BOTH) -> Job:
    _, cards = septpia
    return Job((cards,), (Rival(cards),), seed=3, going=going, max_turns=10)


def test_chunks_merge_to_the_same_aggregate_in_any_order_and_grouping(
    septpia: tuple[DeckInfo, DeckList],
) -> None:
    job = job_of(septpia)
    parts = [play_chunk(job, Chunk(0, start, start + 15)).tally.both for start in range(0, 60, 15)]
    whole = play_chunk(job, Chunk(0, 0, 60)).tally.both
    for order in itertools.permutations(parts):
        assert reduce(Aggregate.__add__, order, Aggregate()) == whole
    left_first = (parts[0] + parts[1]) + (parts[2] + parts[3])
    right_first = parts[0] + (parts[1] + (parts[2] + parts[3]))
    assert left_first == right_first == whole
    assert Aggregate() + whole == whole + Aggregate() == whole


def test_an_aggregate_counts_every_game_once_in_every_table(
    septpia: tuple[DeckInfo, DeckList],
) -> None:
    counts = play_chunk(job_of(septpia), Chunk(0, 0, 40)).tally.both
    assert counts.games == 40
    assert sum(counts.results.values()) == 40
    assert sum(counts.bottomed.values()) == 40
    assert counts.mulligans == 40 - counts.bottomed[0]
    assert sum(counts.win_turns.values()) == counts.count(Result.WON)
    for turn in range(1, 11):
        assert sum(n for (t, _), n in counts.level_by_turn.items() if t == turn) == 40
        assert sum(n for (t, _), n in counts.members_by_turn.items() if t == turn) == 40
    # the kept hand always holds five cards
    assert sum(c * n for (_, c), n in counts.kept.items()) == 5 * 40
    assert 1 <= counts.longest <= 10


def test_going_both_splits_even_and_odd_games(septpia: tuple[DeckInfo, DeckList]) -> None:
    sides = play_chunk(job_of(septpia), Chunk(0, 5, 12)).tally
    assert (sides.first.games, sides.second.games) == (3, 4)  # 6, 8, 10 | 5, 7, 9, 11
    first_only = play_chunk(job_of(septpia, Going.FIRST), Chunk(0, 0, 4)).tally
    assert (first_only.first.games, first_only.second.games) == (4, 0)


def record(turns: int, outcome: Outcome, summaries: tuple[TurnSummary, ...] = ()) -> Played:
    opening = Opening((), (), ())
    return Played(GameRecord(0, 0, (), outcome, (turns, turns), summaries, (opening, opening), {}))


def summary(turn: int, level: int, members: int, refreshes: int = 0) -> TurnSummary:
    return TurnSummary(GOLDFISHER, turn, level, level, members, 0, refreshes, 5)


def test_results_are_cut_at_max_turns_and_stopped_games_counted() -> None:
    won = Outcome(GOLDFISHER, EndReason.GATES)
    refreshed_out = Outcome(1 - GOLDFISHER, EndReason.REFRESH)
    games = [
        record(4, won),
        record(7, won),
        record(3, refreshed_out, (summary(1, 1, 0, 1), summary(3, 1, 0, 2))),
        record(99, Outcome(None, EndReason.TURN_LIMIT)),
        record(2, Outcome(None, EndReason.BOTH_LOST)),
    ]
    counts = aggregate(games, GOLDFISHER, max_turns=5)
    assert dict(counts.win_turns) == {4: 1}
    assert counts.results == {
        Result.WON.value: 1,
        Result.UNDECIDED.value: 2,
        Result.LOST_TO_REFRESH.value: 1,
        Result.DRAW.value: 1,
    }
    assert counts.refreshed == 1
    assert counts.longest == 5
    assert counts.stopped == 1


def test_tempo_keeps_the_highest_so_far_and_carries_a_finished_game_forward() -> None:
    game = record(
        3,
        Outcome(GOLDFISHER, EndReason.GATES),
        (summary(1, 1, 2), summary(2, 2, 1), summary(3, 3, 1)),
    )
    counts = aggregate([game], GOLDFISHER, max_turns=5)
    assert sorted(counts.level_by_turn) == [(1, 1), (2, 2), (3, 3), (4, 3), (5, 3)]
    assert sorted(counts.members_by_turn) == [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)]


def test_card_groups_split_the_main_deck_paradox_first() -> None:
    def card(kind: CardType, level: int | None = None) -> Card:
        return Card("X/001", "x", kind, level=level)

    assert card_group(card(CardType.PARADOX)) == "paradox"
    assert card_group(card(CardType.LOGICALIST, 1)) == "level 1"
    assert card_group(card(CardType.SUPER_LOGICALIST, 3)) == "level 3"
    assert card_group(card(CardType.TRANSUNION, 2)) == "transunion"
    assert card_group(card(CardType.TACTICS)) == "tactics"
    groups = ["tactics", "level 10", "transunion", "level 2", "paradox"]
    assert sorted(groups, key=group_order) == [
        "paradox",
        "level 2",
        "level 10",
        "transunion",
        "tactics",
    ]
