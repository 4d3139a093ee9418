"""The Restore the Luminous engine behind ``lalcheck goldfish``, ``draw`` and ``play``
(the game's :class:`~lalcheck.simulation.Simulation`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lalcheck.db.model import CardDatabase, DatabaseInfo
from lalcheck.decks import Deck
from lalcheck.errors import UsageError
from lalcheck.games.restore_the_luminous.engine import DeckList, play_game
from lalcheck.games.restore_the_luminous.goldfish import (
    DEFAULT_MAX_TURNS,
    MAX_OWN_TURNS,
    GoldfishReport,
    Opponent,
    OpponentKind,
    goldfish,
)
from lalcheck.games.restore_the_luminous.goldfish.plot import plot_report
from lalcheck.games.restore_the_luminous.goldfish.queries import Vocabulary
from lalcheck.games.restore_the_luminous.goldfish.runner import POLICIES, Job
from lalcheck.games.restore_the_luminous.goldfish.text import (
    format_report,
    format_report_json,
    format_sample,
)
from lalcheck.simulation import DeckInfo, GoldfishSettings
from lalcheck.simulation.engine import play_logged
from lalcheck.simulation.match import EngineMatch
from lalcheck.simulation.opponent import Opponent as Chosen
from lalcheck.simulation.opponent import OpponentKind as ChosenKind
from lalcheck.simulation.report import Formatted
from lalcheck.simulation.runner import Going


def opponent_of(chosen: Chosen, cards: Any = None) -> Opponent:
    """The opponent ``--opponent`` asks for: passive, the wall, or a deck (its engine
    deck ``cards``) played by the greedy policy."""
    if chosen.kind is ChosenKind.PASSIVE:
        return Opponent(OpponentKind.PASSIVE)
    if chosen.kind is ChosenKind.WALL:
        return Opponent(OpponentKind.WALL)
    if chosen.policy != "greedy":
        raise UsageError("a Restore the Luminous opponent deck is played by the greedy policy")
    assert chosen.deck is not None and isinstance(cards, DeckList)
    return Opponent(OpponentKind.DECK, chosen.deck.path, cards)


class RestoreTheLuminousSimulation:
    """Goldfish games against a passive opponent or a deck, sample games, and games
    between decks."""

    policies = tuple(POLICIES)
    default_policy = "greedy"
    strongest_policy = "greedy"
    #: The wall's units are built in: ``--wall-*`` options do not apply.
    wall = None
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
        if settings.opponent_gates is not None:
            raise UsageError(
                "Restore the Luminous decks have no gates; to play against a deck, "
                "give it with --opponent DECK.yaml"
            )
        opponent = opponent_of(settings.opponent, settings.opponent_cards)
        report = goldfish(decks, settings, database, opponent)
        return Formatted(report, format_report, format_report_json, plot_report)

    def vocabulary(self, database: CardDatabase[Any]) -> Vocabulary:
        return Vocabulary(database)

    def draw(
        self,
        deck: tuple[DeckInfo, Any],
        seed: int,
        going: Going,
        policy: str,
        turns: int | None,
        chosen: Chosen,
        opponent_cards: Any = None,
    ) -> str:
        info, cards = deck
        opponent = opponent_of(chosen, opponent_cards)
        job = Job((cards,), opponent, seed, going, MAX_OWN_TURNS, policy)
        record = job.play(0, 0, log=True)
        return format_sample(
            record, title=info.title, policy=policy, opponent=opponent, turns=turns
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
        return EngineMatch(play_game, classes, (deck_a, deck_b), seed)


SIMULATION = RestoreTheLuminousSimulation()
