"""The Luck & Logic engine behind ``lalcheck goldfish``, ``draw`` and ``play``
(the game's :class:`~lalcheck.simulation.Simulation`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lalcheck.db.model import CardDatabase, DatabaseInfo
from lalcheck.decks import Deck
from lalcheck.games.luck_and_logic.engine import DeckList, GreedyPolicy, play_game
from lalcheck.games.luck_and_logic.goldfish import (
    DEFAULT_MAX_TURNS,
    MAX_OWN_TURNS,
    GateDeck,
    goldfish,
    passive_opponent,
)
from lalcheck.games.luck_and_logic.goldfish.formatter import (
    format_report,
    format_report_json,
    format_sample,
)
from lalcheck.games.luck_and_logic.goldfish.plot import plot_report
from lalcheck.games.luck_and_logic.goldfish.report import GoldfishReport
from lalcheck.games.luck_and_logic.goldfish.runner import POLICIES, Job
from lalcheck.games.luck_and_logic.goldfish.sample import sample_game
from lalcheck.simulation import DeckInfo, GoldfishSettings
from lalcheck.simulation.engine import game_text
from lalcheck.simulation.report import Formatted
from lalcheck.simulation.runner import Going


class LuckAndLogicSimulation:
    """Goldfish games against a passive opponent, sample games, and games between decks."""

    policies = tuple(POLICIES)
    default_policy = "greedy"
    max_turns = MAX_OWN_TURNS
    default_max_turns = DEFAULT_MAX_TURNS

    def playable(self, deck: Deck[Any], database: CardDatabase[Any]) -> DeckList:
        return DeckList.from_deck(deck)

    def goldfish(
        self,
        decks: Sequence[tuple[DeckInfo, Any]],
        settings: GoldfishSettings,
        database: DatabaseInfo,
    ) -> Formatted[GoldfishReport]:
        opponent = settings.opponent_deck
        gates = GateDeck(opponent[0], tuple(opponent[1].expand("gates"))) if opponent else None
        report = goldfish(
            decks,
            games=settings.games,
            database=database,
            seed=settings.seed,
            going=settings.going,
            max_turns=settings.max_turns,
            policy=settings.policy,
            jobs=settings.jobs,
            backend=settings.backend,
            opponent_gates=gates,
            sample_logs=settings.sample_logs,
            progress=settings.progress,
        )
        return Formatted(report, format_report, format_report_json, plot_report)

    def draw(
        self, deck: tuple[DeckInfo, Any], seed: int, going: Going, policy: str, turns: int | None
    ) -> str:
        info, cards = deck
        job = Job(
            decks=(cards,),
            opponents=(passive_opponent(cards),),
            seed=seed,
            going=going,
            max_turns=MAX_OWN_TURNS,
            policy=policy,
        )
        return format_sample(sample_game(job), title=info.title, policy=policy, turns=turns)

    def play(self, deck_a: Any, deck_b: Any, seed: int) -> str:
        record = play_game(deck_a, deck_b, (GreedyPolicy(), GreedyPolicy()), seed, log=True)
        names = (deck_a.name, deck_b.name)
        return game_text(record.log, record.outcome, record.turns, names, seed)


SIMULATION = LuckAndLogicSimulation()
