"""The Luck & Logic engine behind ``lalcheck goldfish``, ``draw`` and ``play``
(the game's :class:`~lalcheck.simulation.Simulation`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from lalcheck.db.model import CardDatabase, DatabaseInfo
from lalcheck.decks import Deck
from lalcheck.games.base import GameCard
from lalcheck.games.luck_and_logic.engine import DeckList, play_game
from lalcheck.games.luck_and_logic.goldfish import (
    DEFAULT_MAX_TURNS,
    MAX_OWN_TURNS,
    WALL,
    GateDeck,
    goldfish,
    rival,
)
from lalcheck.games.luck_and_logic.goldfish.formatter import (
    format_report,
    format_report_json,
    format_sample,
)
from lalcheck.games.luck_and_logic.goldfish.plot import plot_report
from lalcheck.games.luck_and_logic.goldfish.queries import Vocabulary
from lalcheck.games.luck_and_logic.goldfish.report import GoldfishReport
from lalcheck.games.luck_and_logic.goldfish.runner import POLICIES, Job
from lalcheck.games.luck_and_logic.goldfish.sample import sample_game
from lalcheck.simulation import DeckInfo, GoldfishSettings
from lalcheck.simulation.engine import play_logged
from lalcheck.simulation.match import EngineMatch
from lalcheck.simulation.opponent import Opponent
from lalcheck.simulation.report import Formatted
from lalcheck.simulation.runner import Going


def _gates(settings: GoldfishSettings) -> GateDeck | None:
    if settings.opponent_gates is None:
        return None
    source, deck = settings.opponent_gates
    return GateDeck(source, tuple(deck.expand("gates")))


class LuckAndLogicSimulation:
    """Goldfish games against the wall, a passive opponent or a deck; sample games;
    games between decks."""

    policies = tuple(POLICIES)
    default_policy = "greedy"
    strongest_policy = "greedy"
    wall = WALL
    max_turns = MAX_OWN_TURNS
    default_max_turns = DEFAULT_MAX_TURNS

    def playable(self, deck: Deck[Any], database: CardDatabase[Any]) -> DeckList:
        return DeckList.from_deck(deck)

    def vocabulary(self, database: CardDatabase[GameCard]) -> Vocabulary:
        return Vocabulary(database)

    def goldfish(
        self,
        decks: Sequence[tuple[DeckInfo, Any]],
        settings: GoldfishSettings,
        database: DatabaseInfo,
    ) -> Formatted[GoldfishReport]:
        report = goldfish(
            decks,
            games=settings.games,
            database=database,
            seed=settings.seed,
            going=settings.going,
            max_turns=settings.max_turns,
            policy=settings.policy,
            opponent=settings.opponent,
            opponent_deck=settings.opponent_cards,
            opponent_gates=_gates(settings),
            queries=settings.queries,
            jobs=settings.jobs,
            backend=settings.backend,
            sample_logs=settings.sample_logs,
            progress=settings.progress,
        )
        return Formatted(report, format_report, format_report_json, plot_report)

    def draw(
        self,
        deck: tuple[DeckInfo, Any],
        seed: int,
        going: Going,
        policy: str,
        turns: int | None,
        opponent: Opponent,
        opponent_cards: Any = None,
    ) -> str:
        info, cards = deck
        job = Job(
            decks=(cards,),
            rivals=(rival(cards, opponent, opponent_deck=opponent_cards),),
            seed=seed,
            going=going,
            max_turns=MAX_OWN_TURNS,
            policy=policy,
        )
        return format_sample(
            sample_game(job),
            title=info.title,
            policy=policy,
            opponent=opponent.describe(),
            turns=turns,
        )

    def play(
        self,
        deck_a: Any,
        deck_b: Any,
        seed: int,
        policies: tuple[str, str],
        first_player: int | None = None,
    ) -> str:
        return play_logged(play_game, POLICIES, (deck_a, deck_b), seed, policies, first_player)

    def match(self, deck_a: Any, deck_b: Any, seed: int, policies: tuple[str, str]) -> EngineMatch:
        classes = (POLICIES[policies[0]], POLICIES[policies[1]])
        # the built-in policies are trusted: their actions are not checked to be legal
        return EngineMatch(partial(play_game, check=False), classes, (deck_a, deck_b), seed)


SIMULATION = LuckAndLogicSimulation()
