"""Paired comparison, match tallies and the opponent spec, on made-up games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import pytest

from lalcheck.errors import UsageError
from lalcheck.simulation import DeckInfo
from lalcheck.simulation.match import (
    DRAW,
    A,
    B,
    MatchGame,
    MatchJob,
    MatchTally,
    first_player,
)
from lalcheck.simulation.opponent import Opponent, OpponentKind, Wall, WallLimits, opponent_kind
from lalcheck.simulation.paired import NOT_WON, PairedJob, Pairing
from lalcheck.simulation.runner import Chunk, Going, SerialBackend, play_chunk, simulate
from lalcheck.simulation.stats import (
    Mean,
    mean_difference,
    paired_proportion_difference,
)


@dataclass(frozen=True)
class Turns:
    """A game's job whose game ``i`` of series ``s`` is won in ``table[s][i]`` own turns."""

    table: tuple[tuple[int, ...], ...]

    @property
    def series_count(self) -> int:
        return len(self.table)

    def play(self, series: int, index: int) -> int:
        return self.table[series][index]

    def tally(self, records: Iterable[int]) -> Counter[int]:
        return Counter(records)

    def empty(self) -> Counter[int]:
        return Counter()

    def outcome(self, record: int) -> int:
        return record


def test_a_paired_job_plays_game_i_of_every_series_together_and_pairs_them() -> None:
    job = PairedJob(Turns(((4, 5, 4, 0), (3, 5, 4, 6), (4, 4, 4, 4))))
    (tally,) = simulate(job, 4, SerialBackend())
    assert tally.series == (
        Counter({4: 2, 5: 1, 0: 1}),
        Counter({3: 1, 5: 1, 4: 1, 6: 1}),
        Counter({4: 4}),
    )
    first, second = tally.pairings
    assert first.joint == Counter({(4, 3): 1, (5, 5): 1, (4, 4): 1, (0, 6): 1})
    assert second.joint == Counter({(4, 4): 2, (5, 4): 1, (0, 4): 1})
    # chunks add up to the whole, in any order
    parts = [play_chunk(job, Chunk(0, i, i + 1)).tally for i in range(4)]
    assert parts[3] + parts[1] + parts[0] + parts[2] == tally


def test_a_pairing_compares_the_games_both_decks_won_pair_by_pair() -> None:
    pairing = Pairing(Counter({(4, 3): 3, (5, 5): 4, (4, 5): 1, (NOT_WON, 6): 2}))
    assert (pairing.games, pairing.both_won) == (10, 8)
    turns = pairing.turns_to_win
    assert turns is not None
    differences = [-1] * 3 + [0] * 4 + [1]
    assert turns.value == pytest.approx(sum(differences) / 8)
    # won by own turn 4: baseline in 4 games (3 + 1), the other in 3; 3 both
    assert pairing.won_by(4) == paired_proportion_difference(3, 1, 0, 6)
    assert pairing.not_won == paired_proportion_difference(0, 2, 0, 8)
    assert Pairing().turns_to_win is None


def test_pairs_are_narrower_than_independent_samples_when_the_games_agree() -> None:
    joint = Counter({(4, 4): 50, (5, 5): 40, (4, 5): 5, (5, 4): 5})
    pairing = Pairing(joint)
    paired = pairing.turns_to_win
    assert paired is not None
    baseline = Mean.of_histogram(Counter({4: 55, 5: 45}))
    other = Mean.of_histogram(Counter({4: 55, 5: 45}))
    assert baseline is not None and other is not None
    independent = mean_difference(baseline, other)
    assert paired.ci95[1] - paired.ci95[0] < (independent.ci95[1] - independent.ci95[0]) / 2


@dataclass(frozen=True)
class Scripted:
    """A match series: the first player wins every third game, the others are draws
    or second-player wins."""

    def play(self, index: int, first: int) -> MatchGame:
        if index % 3 == 0:
            return MatchGame(first, first, 10)
        if index % 3 == 1:
            return MatchGame(1 - first, first, 12)
        return MatchGame(DRAW, first, 200)


def test_a_match_alternates_the_first_player_and_counts_every_share() -> None:
    assert [first_player(i) for i in range(4)] == [A, B, A, B]
    assert [first_player(i, Going.FIRST) for i in range(3)] == [A, A, A]
    assert [first_player(i, Going.SECOND) for i in range(3)] == [B, B, B]
    (second,) = simulate(MatchJob(Scripted(), Going.SECOND), 4, SerialBackend())
    assert second.going_first(B).games == 4 and second.going_first(A).games == 0
    (tally,) = simulate(MatchJob(Scripted()), 6, SerialBackend())
    # games 0..5: first players A B A B A B; winners A(first) A(second, B first) draw B(first) B
    assert tally.games == 6
    assert tally.first_player_wins.count == 2
    assert tally.second_player_wins.count == 2
    assert tally.wins(DRAW).count == 2
    assert tally.wins(A).count + tally.wins(B).count == 4
    assert tally.second_player_share.count == 2 and tally.second_player_share.total == 4
    assert tally.going_first(A).games == 3
    mean = tally.mean_turns
    assert mean is not None and mean.value == pytest.approx((10 + 12 + 200) * 2 / 6)
    assert MatchTally() + tally == tally


def test_opponent_kinds_and_wall_limits() -> None:
    assert opponent_kind("wall") is OpponentKind.WALL
    assert opponent_kind("passive") is OpponentKind.PASSIVE
    assert str(opponent_kind("decks/x.yaml")) == "decks/x.yaml"
    with pytest.raises(UsageError, match="passive, wall or a deck file"):
        opponent_kind("deck")
    limits = WallLimits(Wall(6000, 2, 2), Wall(50000, 20, 6))
    assert limits.wall(None, 3, None) == Wall(6000, 3, 2)
    with pytest.raises(UsageError, match="--wall-members must be from 1 to 6, not 0"):
        limits.wall(None, None, 0)
    with pytest.raises(UsageError, match="--wall-power must be from 0 to 50000"):
        limits.wall(60000, None, None)


def test_the_opponent_names_itself_in_text_and_json() -> None:
    wall = Opponent(OpponentKind.WALL, Wall(6000, 2, 2))
    assert wall.to_dict() == {"kind": "wall", "power": 6000, "spirit": 2, "members": 2}
    assert wall.describe() == "wall (power 6000, spirit 2, up to 2 members a turn)"
    assert Opponent.passive().to_dict() == {"kind": "passive"}
    deck = Opponent(OpponentKind.DECK, deck=DeckInfo("x.yaml", "X", "0" * 64), policy="greedy")
    assert deck.to_dict()["deck"]["path"] == "x.yaml" and deck.to_dict()["policy"] == "greedy"
    assert deck.describe() == "x.yaml — X, played by the greedy policy"
