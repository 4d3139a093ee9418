"""The 洛吧殺 rules engine: 2-12 seats, hidden roles, one request interface.

>>> from lalcheck.games.lobasha.engine import Game, Setup, HeuristicPolicy, play_game
>>> record = play_game(5, Setup.bundled(), HeuristicPolicy(), seed=7)  # doctest: +SKIP
>>> record.winner, record.rounds                                       # doctest: +SKIP

A game (:class:`Game`) always waits on one :class:`Request` (``game.request``):
a seat and what it is asked (:class:`Ask`: play a card, a 閃, a 殺, a rescue, an
撤銷操作, a card, a target, an option...). ``game.legal_actions()`` gives the
legal answers lazily (:class:`Use`, :class:`Pick`, :class:`PickHand`,
:class:`Skill`, :class:`Choose`, :class:`Target`, :class:`Pass`);
``game.push(answer)`` answers and runs the rules on to the next request;
``game.copy()`` is cheap (a table copy plus the current turn replayed);
``game.view(seat)`` is what one seat may see (roles, hands and pile order stay
hidden). The game has one ``random.Random`` seeded with its seed; the seed and
the answers (``game.answers``) replay it exactly (:func:`replay`), and
``log=True`` keeps a readable log.

:func:`play_game` plays a whole game with policies (:class:`RandomPolicy`,
:class:`HeuristicPolicy`, :class:`ByRole`) and returns a :class:`GameRecord`; :class:`RoleTally`
adds records up in any order; :func:`role_rates` and :func:`summary` give win
rates with Wilson 95% intervals (:class:`lalcheck.simulation.stats.Proportion`).
Open points of the rules are the named constants of :mod:`.decisions`.
"""

from __future__ import annotations

from lalcheck.games.lobasha.engine.actions import (
    Answer,
    Choose,
    Pass,
    Pick,
    PickHand,
    Skill,
    Target,
    Use,
)
from lalcheck.games.lobasha.engine.game import Game, replay
from lalcheck.games.lobasha.engine.policies import ByRole, HeuristicPolicy, Policy, RandomPolicy
from lalcheck.games.lobasha.engine.records import (
    GameRecord,
    RoleTally,
    SeatRecord,
    character_rates,
    play_game,
    role_rates,
    summary,
)
from lalcheck.games.lobasha.engine.requests import Ask, Request
from lalcheck.games.lobasha.engine.setup import Setup
from lalcheck.games.lobasha.engine.state import Death, EndReason, Outcome, Phase, Side
from lalcheck.games.lobasha.engine.view import View
from lalcheck.simulation.engine import IllegalActionError, LegalActions, perft

__all__ = [
    "Answer",
    "Ask",
    "ByRole",
    "Choose",
    "Death",
    "EndReason",
    "Game",
    "GameRecord",
    "HeuristicPolicy",
    "IllegalActionError",
    "LegalActions",
    "Outcome",
    "Pass",
    "Phase",
    "Pick",
    "PickHand",
    "Policy",
    "RandomPolicy",
    "Request",
    "RoleTally",
    "SeatRecord",
    "Setup",
    "Side",
    "Skill",
    "Target",
    "Use",
    "View",
    "character_rates",
    "perft",
    "play_game",
    "replay",
    "role_rates",
    "summary",
]
