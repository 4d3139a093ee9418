"""Playing whole games: :func:`play_game` and the :class:`GameRecord` it returns."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lalcheck.games.luck_and_logic.engine.actions import Action
from lalcheck.games.luck_and_logic.engine.deck import DeckList
from lalcheck.games.luck_and_logic.engine.policies import Policy
from lalcheck.games.luck_and_logic.engine.rules import Game
from lalcheck.games.luck_and_logic.engine.state import Opening, Outcome, TurnSummary
from lalcheck.simulation.engine import play_out
from lalcheck.simulation.engine import policy_rng as policy_rng  # the policies' random sources


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game: its seed and actions (enough to :func:`replay` it) and what
    the goldfish statistics read: outcome, turns, per-turn snapshots, openings."""

    seed: int
    first_player: int
    actions: tuple[Action, ...]
    outcome: Outcome
    turns: tuple[int, int]
    summaries: tuple[TurnSummary, ...]
    openings: tuple[Opening, Opening]
    unmodelled: dict[str, int]
    log: tuple[str, ...] = ()

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        """The record of a finished game."""
        assert game.outcome is not None, "the game is not over"
        first, second = game.openings
        assert first is not None and second is not None
        return cls(
            seed=game.seed,
            first_player=game.first_player,
            actions=tuple(game.actions),
            outcome=game.outcome,
            turns=(game.players[0].turns, game.players[1].turns),
            summaries=tuple(game.summaries),
            openings=(first, second),
            unmodelled=dict(game.unmodelled),
            log=tuple(game.log or ()),
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
    turn_limit: int | None = None,
    observe: Callable[[Game], None] | None = None,
    check: bool = True,
) -> GameRecord:
    """Play one game to the end; every chosen action is checked to be legal unless
    ``check`` is off (for the trusted built-in policies).

    ``turn_limit`` ends the game as undecided (:attr:`EndReason.TURN_LIMIT`) after
    that many turns of both players; ``observe`` sees the game after every action.
    """
    game = Game.new(deck_a, deck_b, seed, first_player, log=log, turn_limit=turn_limit)
    return GameRecord.of(play_out(game, policies, seed, observe=observe, check=check))
