"""The Restore the Luminous rules engine (docs/rules/restore-the-luminous.md), as a library.

>>> record = play_game(deck_a, deck_b, (GreedyPolicy(), PassivePolicy()), seed=7)  # doctest: +SKIP
>>> record.outcome, record.turns, record.turns_of(0)[0].colours                  # doctest: +SKIP

The API is small:

* :class:`DeckList` (``leader``, ``main``, ``forms``; :meth:`DeckList.from_deck`
  from a deck read with :func:`lalcheck.decks.read_deck` and its card database)
  is what a game is played with.
* :class:`Game`: ``Game.new(deck_a, deck_b, seed, first_player)``,
  ``legal_actions()`` (lazy), ``is_legal(action)``, ``push(action)``,
  ``copy()``; ``phase`` and ``actor`` say who decides what; ``players``,
  ``stages``, ``outcome`` are the state. One seeded ``random.Random`` per game.
* Actions are small frozen values (:mod:`.actions`); a payment counts the LP
  spent of each kind, so which LP pay is a decision like any other.
* Policies (:class:`PassivePolicy`, :class:`RandomPolicy`,
  :class:`GreedyPolicy`, :class:`WallPolicy`) choose among legal actions.
* :func:`play_game` plays one game and returns a :class:`GameRecord` (winner,
  reason, own turns, per-turn :class:`TurnSummary` snapshots with HP, LP,
  colours and cards played, and cards whose text the engine could not run);
  :func:`replay` and :func:`perft` reproduce and count games.
"""

from __future__ import annotations

from lalcheck.games.restore_the_luminous.engine.actions import (
    Action,
    Activate,
    Attack,
    Choose,
    ColourLP,
    DeclareCounter,
    Erase,
    Pass,
    Payment,
    Play,
    Protect,
    ResolveCounter,
    Revive,
    SetCounter,
    SkipBattle,
    UseTurnover,
)
from lalcheck.games.restore_the_luminous.engine.deck import DeckError, DeckList
from lalcheck.games.restore_the_luminous.engine.game import GameRecord, play_game
from lalcheck.games.restore_the_luminous.engine.policies import (
    GreedyPolicy,
    PassivePolicy,
    Policy,
    RandomPolicy,
    WallPolicy,
)
from lalcheck.games.restore_the_luminous.engine.replay import perft, replay
from lalcheck.games.restore_the_luminous.engine.rules import Game, IllegalActionError, LegalActions
from lalcheck.games.restore_the_luminous.engine.state import EndReason, Outcome, Phase, TurnSummary

__all__ = [
    "Action",
    "Activate",
    "Attack",
    "Choose",
    "ColourLP",
    "DeckError",
    "DeckList",
    "DeclareCounter",
    "EndReason",
    "Erase",
    "Game",
    "GameRecord",
    "GreedyPolicy",
    "IllegalActionError",
    "LegalActions",
    "Outcome",
    "Pass",
    "PassivePolicy",
    "Payment",
    "Phase",
    "Play",
    "Policy",
    "Protect",
    "RandomPolicy",
    "ResolveCounter",
    "Revive",
    "SetCounter",
    "SkipBattle",
    "TurnSummary",
    "UseTurnover",
    "WallPolicy",
    "perft",
    "play_game",
    "replay",
]
