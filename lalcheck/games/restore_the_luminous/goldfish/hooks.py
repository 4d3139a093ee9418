"""The Restore the Luminous engine behind ``lalcheck goldfish``, ``draw`` and ``play``
(the game's :class:`~lalcheck.simulation.Simulation`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lalcheck.db.model import CardDatabase, DatabaseInfo
from lalcheck.decks import Deck
from lalcheck.games.restore_the_luminous.engine import DeckList, GreedyPolicy, play_game
from lalcheck.games.restore_the_luminous.goldfish import (
    DEFAULT_MAX_TURNS,
    MAX_OWN_TURNS,
    GoldfishReport,
    Opponent,
    OpponentKind,
    goldfish,
)
from lalcheck.games.restore_the_luminous.goldfish.plot import plot_report
from lalcheck.games.restore_the_luminous.goldfish.runner import POLICIES, Job
from lalcheck.games.restore_the_luminous.goldfish.text import (
    format_report,
    format_report_json,
    format_sample,
)
from lalcheck.simulation import DeckInfo, GoldfishSettings
from lalcheck.simulation.engine import game_text
from lalcheck.simulation.report import Formatted
from lalcheck.simulation.runner import Going


def opponent_of(settings: GoldfishSettings) -> Opponent:
    """The opponent a run asks for: the deck file given (played by the greedy policy),
    else the passive opponent of contract §6."""
    if settings.opponent_deck is None:
        return Opponent(OpponentKind.PASSIVE)
    if settings.database is None:
        raise ValueError("an opponent deck needs the card database it was read against")
    source, deck = settings.opponent_deck
    return Opponent(OpponentKind.DECK, source, DeckList.from_deck(deck, settings.database))


class RestoreTheLuminousSimulation:
    """Goldfish games against a passive opponent or a deck, sample games, and games
    between decks."""

    policies = tuple(POLICIES)
    default_policy = "greedy"
    max_turns = MAX_OWN_TURNS
    default_max_turns = DEFAULT_MAX_TURNS

    def playable(self, deck: Deck[Any], database: CardDatabase[Any]) -> DeckList:
        return DeckList.from_deck(deck, database)

    def goldfish(
        self,
        decks: Sequence[tuple[DeckInfo, Any]],
        settings: GoldfishSettings,
        database: DatabaseInfo,
    ) -> Formatted[GoldfishReport]:
        report = goldfish(decks, settings, database, opponent_of(settings))
        return Formatted(report, format_report, format_report_json, plot_report)

    def draw(
        self, deck: tuple[DeckInfo, Any], seed: int, going: Going, policy: str, turns: int | None
    ) -> str:
        info, cards = deck
        opponent = Opponent(OpponentKind.PASSIVE)
        job = Job((cards,), opponent, seed, going, MAX_OWN_TURNS, policy)
        record = job.play(0, 0, log=True)
        return format_sample(
            record, title=info.title, policy=policy, opponent=opponent, turns=turns
        )

    def play(self, deck_a: Any, deck_b: Any, seed: int) -> str:
        record = play_game(deck_a, deck_b, (GreedyPolicy(), GreedyPolicy()), seed, log=True)
        names = (deck_a.name, deck_b.name)
        return game_text(record.log, record.outcome, record.turns, names, seed)


SIMULATION = RestoreTheLuminousSimulation()
