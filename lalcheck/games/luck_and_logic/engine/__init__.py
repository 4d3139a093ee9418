"""The Luck & Logic rules engine (shared/rules/luck-and-logic.md §4-§6), usable as a library.

>>> record = play_game(deck_a, deck_b, (GreedyPolicy(), PassivePolicy()), seed=7)  # doctest: +SKIP
>>> record.outcome, record.turns                                                  # doctest: +SKIP

A game is a :class:`Game`: ``legal_actions()`` (lazy), ``push(action)``,
``copy()``. :func:`replay` reproduces a game from its seed and actions.
"""

from __future__ import annotations

from lalcheck.games.luck_and_logic.engine.actions import (
    Action,
    Activate,
    Attack,
    Choose,
    Define,
    Discard,
    Intercept,
    LevelSupport,
    LevelUp,
    LogicDrive,
    LuckDrive,
    Mobilize,
    Move,
    Mulligan,
    Pass,
    ReturnLevel,
    Source,
    Trance,
    TranceChange,
)
from lalcheck.games.luck_and_logic.engine.deck import DeckError, DeckList
from lalcheck.games.luck_and_logic.engine.game import GameRecord, play_game
from lalcheck.games.luck_and_logic.engine.policies import (
    GreedyPolicy,
    PassivePolicy,
    Policy,
    RandomPolicy,
    RushPolicy,
)
from lalcheck.games.luck_and_logic.engine.replay import perft, replay
from lalcheck.games.luck_and_logic.engine.rules import Game, IllegalActionError, LegalActions
from lalcheck.games.luck_and_logic.engine.state import (
    EndReason,
    Opening,
    Outcome,
    Phase,
    TurnSummary,
)

__all__ = [
    "Action",
    "Activate",
    "Attack",
    "Choose",
    "DeckError",
    "DeckList",
    "Define",
    "Discard",
    "EndReason",
    "Game",
    "GameRecord",
    "GreedyPolicy",
    "IllegalActionError",
    "Intercept",
    "LegalActions",
    "LevelSupport",
    "LevelUp",
    "LogicDrive",
    "LuckDrive",
    "Mobilize",
    "Move",
    "Mulligan",
    "Opening",
    "Outcome",
    "Pass",
    "PassivePolicy",
    "Phase",
    "Policy",
    "RandomPolicy",
    "ReturnLevel",
    "RushPolicy",
    "Source",
    "Trance",
    "TranceChange",
    "TurnSummary",
    "perft",
    "play_game",
    "replay",
]
