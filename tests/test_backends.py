"""Where games run (``--backend``): the window of chunks in flight, jobs of every game
going through pickle as a cluster ships them, and clear exit-2 errors for a missing
extra or an unreachable cluster. The Ray and Dask clusters themselves are in
``tests/test_cluster_backends.py``."""

from __future__ import annotations

import contextlib
import json
import pickle
import socket
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from lalcheck.db import load_database
from lalcheck.decks import read_deck
from lalcheck.games import get_game
from lalcheck.simulation import EVERY_SEAT, DeckInfo, GoldfishSettings, TableSettings, backends
from lalcheck.simulation.runner import (
    Chunk,
    ChunkResult,
    Going,
    SerialBackend,
    SimulationJob,
    Tally,
    make_chunks,
    play_in_window,
    start_method,
)
from tests.conftest import CliRun

DATA = Path(__file__).parents[1] / "data"
SEPTPIA = DATA / "decks" / "septpia-control.yaml"
RED_RUSH = DATA / "restore-the-luminous" / "decks" / "red-rush.yaml"


@pytest.fixture(autouse=True)
def no_cluster_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """The user's cluster settings never reach these tests."""
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)


def test_the_window_keeps_at_most_its_size_running_and_yields_every_result() -> None:
    chunks = make_chunks(2, 100, 1)  # 8 chunks of 13 games, and 9, per deck
    running: list[Chunk] = []
    most = 0

    def submit(chunk: Chunk) -> Chunk:
        nonlocal most
        running.append(chunk)
        most = max(most, len(running))
        return chunk

    def wait_any(pending: Sequence[Chunk]) -> tuple[list[Chunk], list[Chunk]]:
        assert list(pending) == running
        running.pop()  # the last submitted finishes first
        return [pending[-1]], list(pending[:-1])

    def result(chunk: Chunk) -> ChunkResult[int]:
        assert chunk not in running, "only a finished chunk's result is fetched"
        return ChunkResult(chunk, chunk.games)

    results = list(play_in_window(chunks, 3, submit=submit, wait_any=wait_any, result=result))
    assert most == 3 and not running
    assert sorted(results, key=lambda r: (r.chunk.deck, r.chunk.start)) != results
    assert {r.chunk for r in results} == set(chunks) and len(results) == len(chunks)
    assert sum(r.tally for r in results) == 200
    with pytest.raises(ValueError, match="at least 1"):
        list(play_in_window(chunks, 0, submit=submit, wait_any=wait_any, result=result))


class ShippedBackend:
    """Plays in this process on a copy of the job that went through pickle, as a cluster
    backend ships it (cloudpickle, which Ray and Dask use, pickles whatever pickle does)."""

    workers = 1

    def run(
        self, job: SimulationJob[Any, Tally], chunks: Sequence[Chunk]
    ) -> Iterator[ChunkResult[Tally]]:
        shipped: SimulationJob[Any, Tally] = pickle.loads(pickle.dumps(job))
        assert shipped is not job
        return SerialBackend().run(shipped, chunks)


def without_timing(report_json: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(report_json)
    return {k: v for k, v in document.items() if k not in ("elapsed_s", "games_per_second")}


@pytest.mark.parametrize(
    ("game_id", "path"), [("luck-and-logic", SEPTPIA), ("restore-the-luminous", RED_RUSH)]
)
def test_goldfish_jobs_of_every_deck_game_play_the_same_after_pickling(
    game_id: str, path: Path
) -> None:
    game = get_game(game_id)
    simulation = game.simulation()
    db = load_database(game.sample_database, use_cache=False)
    deck = read_deck(path, db)
    played = [(DeckInfo.of_file(path, deck.name), simulation.playable(deck, db))]
    reports = [
        simulation.goldfish(
            played,
            GoldfishSettings(
                30,
                4,
                Going.BOTH,
                simulation.default_max_turns,
                simulation.default_policy,
                backend=backend,
                database=db,
            ),
            db.info,
        ).to_json()
        for backend in (SerialBackend(), ShippedBackend())
    ]
    assert without_timing(reports[0]) == without_timing(reports[1])


def test_simulate_jobs_of_lobasha_play_the_same_after_pickling() -> None:
    game = get_game("lobasha")
    assert game.table_simulation is not None
    simulation = game.table_simulation()
    reports = [
        simulation.simulate(
            TableSettings(5, 30, 6, {EVERY_SEAT: simulation.default_policy}, backend=backend)
        ).to_json()
        for backend in (SerialBackend(), ShippedBackend())
    ]
    assert reports[0] == reports[1]


@pytest.mark.parametrize(("extra", "module"), [("ray", "ray"), ("dask", "distributed")])
def test_a_backend_whose_extra_is_missing_exits_2_naming_the_install(
    run: CliRun, monkeypatch: pytest.MonkeyPatch, extra: str, module: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # import fails as if not installed
    backend_module = "ray_cluster" if extra == "ray" else "dask_cluster"
    monkeypatch.delitem(sys.modules, f"lalcheck.simulation.backends.{backend_module}", False)
    result = run("simulate", "--game", "lobasha", "--games", "10", "--backend", extra)
    assert result.exit_code == 2
    assert f"pip install -e '.[{extra}]'" in result.stderr
    assert "Traceback" not in result.output


def test_scheduler_is_only_for_dask(run: CliRun) -> None:
    result = run("goldfish", SEPTPIA, "--games", "10", "--scheduler", "tcp://127.0.0.1:8786")
    assert result.exit_code == 2
    assert "--scheduler is for --backend dask, not --backend local" in result.stderr


def test_an_unreachable_ray_cluster_exits_2(run: CliRun, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ray", reason="the Ray backend needs lalcheck[ray]")
    monkeypatch.setenv("RAY_ADDRESS", "127.0.0.1:1")
    result = run("simulate", "--game", "lobasha", "--games", "10", "--backend", "ray")
    assert result.exit_code == 2
    assert "cannot connect to the Ray cluster at RAY_ADDRESS=127.0.0.1:1" in result.stderr
    assert "unset RAY_ADDRESS" in result.stderr


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:1", "no-port"])
def test_an_unreachable_dask_scheduler_exits_2(run: CliRun, address: str) -> None:
    pytest.importorskip("distributed", reason="the Dask backend needs lalcheck[dask]")
    options = ("--games", "10", "--backend", "dask", "--scheduler", address)
    result = run("goldfish", SEPTPIA, *options)
    assert result.exit_code == 2
    assert f"the Dask scheduler at {address}" in result.stderr
    assert "Traceback" not in result.output


@contextmanager
def tcp_server(answer: bytes | None) -> Iterator[str]:
    """A server on a free local port that reads what a client sends first and replies
    ``answer`` (None: says nothing); yields its ``HOST:PORT``."""
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        with contextlib.suppress(OSError):
            connection, _ = listener.accept()
            with connection:
                connection.recv(1024)
                if answer is not None:
                    connection.sendall(answer)
                connection.recv(1024)  # until the client hangs up

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()
        thread.join(timeout=5)


#: An HTTP/2 server's first frame: an empty SETTINGS frame (RFC 9113 §3.4).
HTTP2_SETTINGS = bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])


@pytest.mark.parametrize(
    ("answer", "answers_grpc"),
    [(HTTP2_SETTINGS, True), (b"HTTP/1.0 400 Bad Request\r\n\r\n", False), (None, False)],
)
def test_a_ray_address_must_answer_as_a_grpc_server(
    monkeypatch: pytest.MonkeyPatch, answer: bytes | None, answers_grpc: bool
) -> None:
    """Ray's head node speaks gRPC; ``ray.init`` waits for ever on a port that only
    accepts connections (a web server, a closed Ray's reused port), so lalcheck asks first."""
    monkeypatch.setattr(backends, "CONNECT_TIMEOUT_S", 0.5)
    with tcp_server(answer) as address:
        backends.check_reachable(address, "the cluster", "fix it")  # TCP alone: fine
    with tcp_server(answer) as address:
        if answers_grpc:
            backends.check_reachable(address, "the cluster", "fix it", grpc=True)
        else:
            with pytest.raises(backends.ClusterError, match="does not answer as one"):
                backends.check_reachable(address, "the cluster", "fix it", grpc=True)


def test_the_pool_forks_only_a_process_without_other_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert start_method() == "fork"
    monkeypatch.setattr(threading, "active_count", lambda: 2)  # a progress bar's thread
    assert start_method() == "forkserver"
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert start_method() != "fork"


def test_forked_and_forkserver_workers_give_the_same_report(run: CliRun) -> None:
    """The pool forks when no other thread runs and uses the fork server otherwise: the
    report is the same either way, and the same as one job's."""
    options = ("--games", "40", "--seed", "4", "--format", "json")
    one_job = without_timing(run("goldfish", SEPTPIA, *options, "--jobs", "1").stdout)
    forked = without_timing(run("goldfish", SEPTPIA, *options, "--jobs", "2").stdout)
    stop = threading.Event()
    waiting = threading.Thread(target=stop.wait, daemon=True)
    waiting.start()
    try:
        served = without_timing(run("goldfish", SEPTPIA, *options, "--jobs", "2").stdout)
    finally:
        stop.set()
        waiting.join()
    assert forked == served == {**one_job, "jobs": forked["jobs"]}
