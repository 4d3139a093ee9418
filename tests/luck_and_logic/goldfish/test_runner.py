"""The executor: seeds per game index, chunks, backends, and reports that do not
depend on the number of workers."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from lalcheck.db import CardDatabase
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.engine import DeckList, GreedyPolicy, RushPolicy, play_game
from lalcheck.games.luck_and_logic.goldfish import DEFAULT_OPPONENT, DeckInfo, goldfish
from lalcheck.games.luck_and_logic.goldfish.runner import BySide, Job
from lalcheck.simulation.match import EngineMatch
from lalcheck.simulation.opponent import Opponent
from lalcheck.simulation.runner import (
    Chunk,
    ChunkResult,
    Going,
    ProcessPoolBackend,
    SerialBackend,
    game_seed,
    make_chunks,
    play_chunk,
)
from tests.conftest import CliRun

from .conftest import SEPTPIA, goldfish_json, without_timing


def test_game_seeds_depend_only_on_the_run_seed_and_the_game_index() -> None:
    assert game_seed(7, 3) == game_seed(7, 3)
    seeds = {game_seed(seed, index) for seed in range(5) for index in range(200)}
    assert len(seeds) == 1000
    assert all(0 <= seed < 2**64 for seed in seeds)


def test_going_both_alternates_first_and_second() -> None:
    assert [Going.BOTH.goes_first(i) for i in range(4)] == [True, False, True, False]
    assert all(Going.FIRST.goes_first(i) for i in range(4))
    assert not any(Going.SECOND.goes_first(i) for i in range(4))


@pytest.mark.parametrize(("decks", "games", "workers"), [(1, 10, 1), (2, 1001, 2), (1, 3, 8)])
def test_chunks_cover_every_game_of_every_deck_once(decks: int, games: int, workers: int) -> None:
    chunks = make_chunks(decks, games, workers)
    for deck in range(decks):
        covered = [i for c in chunks if c.deck == deck for i in range(c.start, c.stop)]
        assert covered == list(range(games))


class ReversedBackend:
    """A stand-in for a cluster backend: results come back in reverse order."""

    workers = 3

    def run(self, job: Job, chunks: Sequence[Chunk]) -> Iterator[ChunkResult[BySide]]:
        results = [play_chunk(job, chunk) for chunk in chunks]
        yield from reversed(results)


def test_any_backend_gives_the_same_statistics(
    septpia: tuple[DeckInfo, DeckList], sample_db: CardDatabase
) -> None:
    def run(backend: SerialBackend | ReversedBackend) -> dict[str, object]:
        report = goldfish([septpia], games=60, database=sample_db.info, seed=5, backend=backend)
        return without_timing(report.to_dict())

    assert run(SerialBackend()) == run(ReversedBackend())


def test_the_process_pool_gives_the_same_report_as_one_job(
    septpia: tuple[DeckInfo, DeckList], sample_db: CardDatabase
) -> None:
    serial = goldfish([septpia], games=50, database=sample_db.info, going=Going.BOTH)
    pooled = goldfish(
        [septpia],
        games=50,
        database=sample_db.info,
        going=Going.BOTH,
        backend=ProcessPoolBackend(2),
    )
    assert pooled.jobs == 2
    assert without_timing(pooled.to_dict()) == without_timing(serial.to_dict())


def test_jobs_1_and_jobs_2_print_identical_reports(run: CliRun) -> None:
    args: tuple[str | Path, ...] = (SEPTPIA, "--games", "80", "--seed", "9", "--going", "both")
    one = goldfish_json(run, *args, "--jobs", "1")
    two = goldfish_json(run, *args, "--jobs", "2")
    assert (one["jobs"], two["jobs"]) == (1, 2)
    assert without_timing(one) == without_timing(two)


def test_a_different_seed_gives_different_games(run: CliRun) -> None:
    one = goldfish_json(run, SEPTPIA, "--games", "40", "--seed", "1")
    two = goldfish_json(run, SEPTPIA, "--games", "40", "--seed", "2")
    assert one["opening"] != two["opening"]


def test_the_library_refuses_impossible_settings(
    septpia: tuple[DeckInfo, DeckList], sample_db: CardDatabase
) -> None:
    with pytest.raises(ValueError, match="games"):
        goldfish([septpia], games=0, database=sample_db.info)
    with pytest.raises(ValueError, match="policy"):
        goldfish([septpia], games=1, database=sample_db.info, policy="clever")
    with pytest.raises(ValueError, match="max_turns"):
        goldfish([septpia], games=1, database=sample_db.info, max_turns=0)
    with pytest.raises(ValueError, match="workers"):
        ProcessPoolBackend(0)


@pytest.mark.parametrize(
    ("policy", "opponent"),
    [("greedy", DEFAULT_OPPONENT), ("rush", DEFAULT_OPPONENT), ("random", Opponent.passive())],
)
def test_trusted_policies_unchecked_give_the_report_of_checked_ones(
    septpia: tuple[DeckInfo, DeckList], sample_db: CardDatabase, policy: str, opponent: Opponent
) -> None:
    """The built-in policies' actions are not checked in runs; checked, every action is
    legal (else IllegalActionError) and the report is the same."""

    def run(check_actions: bool) -> dict[str, object]:
        report = goldfish(
            [septpia],
            games=30,
            database=sample_db.info,
            going=Going.BOTH,
            policy=policy,
            opponent=opponent,
            sample_logs=1,
            check_actions=check_actions,
        )
        return without_timing(report.to_dict())

    assert run(True) == run(False)


def test_play_games_unchecked_are_the_checked_games(
    septpia: tuple[DeckInfo, DeckList], sample_db: CardDatabase
) -> None:
    deck = septpia[1]
    unchecked = GAME.simulation().match(deck, deck, 3, ("greedy", "rush"))
    checked = EngineMatch(play_game, (GreedyPolicy, RushPolicy), (deck, deck), 3)
    assert [unchecked.play(i, i % 2) for i in range(6)] == [
        checked.play(i, i % 2) for i in range(6)
    ]
