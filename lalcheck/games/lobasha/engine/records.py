"""Whole games and what a simulation adds up: :func:`play_game`, :class:`GameRecord`,
:class:`RoleTally` (counts that merge in any order) and the win rates with Wilson
95% intervals."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from lalcheck.games.lobasha.engine.actions import Answer
from lalcheck.games.lobasha.engine.game import Game
from lalcheck.games.lobasha.engine.policies import Policy
from lalcheck.games.lobasha.engine.setup import Setup
from lalcheck.games.lobasha.engine.state import Death, EndReason, Side
from lalcheck.games.lobasha.engine.turn import Arrange
from lalcheck.games.lobasha.setups import ROLES, Role
from lalcheck.simulation.engine import IllegalActionError, play_out
from lalcheck.simulation.stats import Proportion

K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat of a finished game."""

    seat: int
    role: Role
    character: str
    won: bool
    died: int | None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game: enough to replay it (seed and answers) and to count it."""

    seed: int
    players: int
    winner: Side | None
    reason: EndReason
    rounds: int
    seats: tuple[SeatRecord, ...]
    deaths: tuple[Death, ...]
    answers: tuple[Answer, ...]
    log: tuple[str, ...] = ()

    @property
    def unfinished(self) -> bool:
        """Stopped by the round limit: no winner, counted apart."""
        return self.reason is EndReason.ROUND_LIMIT

    @property
    def winning_roles(self) -> frozenset[Role]:
        """The roles with at least one winning seat."""
        return frozenset(s.role for s in self.seats if s.won)

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        outcome = game.outcome
        if outcome is None:
            raise IllegalActionError("the game is not over")
        table = game.table
        died = {death.seat: death.round for death in table.deaths}
        seats = tuple(
            SeatRecord(
                s.index, s.role, s.character.id, s.index in outcome.winners, died.get(s.index)
            )
            for s in table.seats
        )
        return cls(
            seed=table.seed,
            players=table.players,
            winner=outcome.winner,
            reason=outcome.reason,
            rounds=table.round,
            seats=seats,
            deaths=tuple(table.deaths),
            answers=tuple(table.answers),
            log=tuple(table.log or ()),
        )


#: The namespace of the policies' random sources (``lalcheck.simulation.engine.policy_rng``).
POLICY_RNG = "lobasha-policy"


class SeatPolicy:
    """A policy of the core play loop that lets a 洛吧殺 policy answer from the seat's view."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def choose(self, game: Game, actions: Any, rng: random.Random) -> Answer:
        return self.policy.choose(game.view(game.actor), actions, rng)

    def __repr__(self) -> str:
        return repr(self.policy)


def play_game(
    players: int,
    setup: Setup,
    policies: Policy | Sequence[Policy],
    seed: int,
    *,
    arrange: Arrange | None = None,
    log: bool = False,
) -> GameRecord:
    """Play one seeded game to its end; every answer a policy gives is checked to be legal.

    ``policies`` is one policy for every seat or one per seat.
    """
    game = Game.new(players, setup, seed, arrange=arrange, log=log)
    by_seat = list(policies) if isinstance(policies, Sequence) else [policies] * players
    if len(by_seat) != players:
        raise ValueError(f"{len(by_seat)} policies for {players} players")
    play_out(game, [SeatPolicy(policy) for policy in by_seat], seed, namespace=POLICY_RNG)
    return GameRecord.of(game)


@dataclass(frozen=True, slots=True)
class RoleTally:
    """Counts of many games at one table size; ``a + b`` merges in any order."""

    players: int
    games: int = 0
    unfinished: int = 0
    drawn: int = 0
    rounds: int = 0
    role_games: Mapping[Role, int] = field(default_factory=dict)
    role_wins: Mapping[Role, int] = field(default_factory=dict)
    character_games: Mapping[str, int] = field(default_factory=dict)
    character_wins: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, record: GameRecord) -> RoleTally:
        roles = {s.role for s in record.seats}
        won = record.winning_roles
        return cls(
            players=record.players,
            games=1,
            unfinished=int(record.unfinished),
            drawn=int(record.reason is EndReason.PILE_EXHAUSTED),
            rounds=record.rounds,
            role_games=dict.fromkeys(roles, 1),
            role_wins=dict.fromkeys(won, 1),
            character_games=dict(Counter(s.character for s in record.seats)),
            character_wins=dict(Counter(s.character for s in record.seats if s.won)),
        )

    def __add__(self, other: RoleTally) -> RoleTally:
        if other.players != self.players:
            raise ValueError(f"cannot merge {self.players}- and {other.players}-player tallies")
        return RoleTally(
            self.players,
            self.games + other.games,
            self.unfinished + other.unfinished,
            self.drawn + other.drawn,
            self.rounds + other.rounds,
            _merged(self.role_games, other.role_games),
            _merged(self.role_wins, other.role_wins),
            _merged(self.character_games, other.character_games),
            _merged(self.character_wins, other.character_wins),
        )

    def add(self, record: GameRecord) -> RoleTally:
        return self + RoleTally.of(record)


def _merged(one: Mapping[K, int], other: Mapping[K, int]) -> dict[K, int]:
    merged = dict(one)
    for key, count in other.items():
        merged[key] = merged.get(key, 0) + count
    return merged


def role_rates(tally: RoleTally) -> dict[Role, Proportion]:
    """Each role's wins out of the games it sat in, with the Wilson 95% interval (roles
    absent from the table have 0 games)."""
    return {
        role: Proportion(tally.role_wins.get(role, 0), tally.role_games.get(role, 0))
        for role in ROLES
    }


def character_rates(tally: RoleTally) -> dict[str, Proportion]:
    """Each character's wins out of the games it was played in."""
    return {
        character: Proportion(tally.character_wins.get(character, 0), games)
        for character, games in sorted(tally.character_games.items())
    }


def summary(tally: RoleTally) -> dict[str, object]:
    """The contract §9 JSON shape: players, games, role rates with ci95 (and the games each
    role sat in), mean rounds, unfinished and drawn games."""
    return {
        "players": tally.players,
        "games": tally.games,
        "roles": {
            role.value: {
                "wins": rate.count,
                "games": rate.total,
                "rate": rate.value,
                "ci95": list(rate.ci95),
            }
            for role, rate in role_rates(tally).items()
        },
        "mean_rounds": tally.rounds / tally.games if tally.games else 0.0,
        "unfinished": tally.unfinished,
        "drawn": tally.drawn,
    }
