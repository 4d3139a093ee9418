"""Playing whole games: :func:`play_game` and the :class:`GameRecord` it returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lalcheck.games.restore_the_luminous.cards import Card
from lalcheck.games.restore_the_luminous.engine.actions import Action
from lalcheck.games.restore_the_luminous.engine.deck import DeckList
from lalcheck.games.restore_the_luminous.engine.policies import Policy
from lalcheck.games.restore_the_luminous.engine.rules import Game
from lalcheck.games.restore_the_luminous.engine.state import Outcome, TurnSummary
from lalcheck.simulation.engine import play_out

#: The namespace of the policies' random sources (:func:`~lalcheck.simulation.engine.policy_rng`).
POLICY_NAMESPACE = "rtl-policy"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game: its seed and actions (enough to replay it) and what goldfish
    statistics read: the outcome, each player's own turns, and per-turn snapshots
    (HP, LP and colours available, cards played) and the opening hands."""

    seed: int
    first_player: int
    actions: tuple[Action, ...]
    outcome: Outcome
    turns: tuple[int, int]
    summaries: tuple[TurnSummary, ...]
    openings: tuple[tuple[Card, ...], ...]
    unmodelled: dict[str, int]
    log: tuple[str, ...] = ()
    #: Every card that entered each player's hand, in order (opening hand first).
    received: tuple[tuple[Card, ...], ...] = ((), ())

    @property
    def winner(self) -> int | None:
        return self.outcome.winner

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        """The record of a finished game."""
        assert game.outcome is not None, "the game is not over"
        return cls(
            seed=game.seed,
            first_player=game.first_player,
            actions=tuple(game.actions),
            outcome=game.outcome,
            turns=(game.players[0].turns, game.players[1].turns),
            summaries=tuple(game.summaries),
            openings=game.openings,
            unmodelled=dict(game.unmodelled),
            log=tuple(game.log or ()),
            received=tuple(tuple(player.received) for player in game.players),
        )

    def turns_of(self, player: int) -> tuple[TurnSummary, ...]:
        """The snapshots of one player's own turns, in order."""
        return tuple(s for s in self.summaries if s.player == player)


def play_game(
    deck_a: DeckList,
    deck_b: DeckList,
    policies: Sequence[Policy],
    seed: int,
    first_player: int | None = None,
    *,
    log: bool = False,
) -> GameRecord:
    """Play one game to the end; every chosen action is checked to be legal."""
    game = Game.new(deck_a, deck_b, seed, first_player, log=log)
    return GameRecord.of(play_out(game, policies, seed, namespace=POLICY_NAMESPACE))
