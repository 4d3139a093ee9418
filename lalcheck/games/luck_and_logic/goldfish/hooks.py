"""The Luck & Logic engine behind ``lalcheck goldfish``, ``draw`` and ``play``
(the game's :class:`~lalcheck.simulation.Simulation`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
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
from lalcheck.games.luck_and_logic.goldfish.runner import POLICIES, Job, Match
from lalcheck.games.luck_and_logic.goldfish.sample import sample_game
from lalcheck.simulation import DeckInfo, GoldfishSettings
from lalcheck.simulation.opponent import Opponent
from lalcheck.simulation.runner import Going


@dataclass(frozen=True, slots=True)
class Report:
    """A goldfish report with its text, JSON and PNG."""

    report: GoldfishReport

    def to_text(self) -> str:
        return format_report(self.report)

    def to_json(self) -> str:
        return format_report_json(self.report)

    def plot(self, path: Path) -> None:
        plot_report(self.report, path)


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

    def playable(self, deck: Deck[Any]) -> DeckList:
        return DeckList.from_deck(deck)

    def vocabulary(self, database: CardDatabase[GameCard]) -> Vocabulary:
        return Vocabulary(database)

    def goldfish(
        self,
        decks: Sequence[tuple[DeckInfo, Any]],
        settings: GoldfishSettings,
        database: DatabaseInfo,
    ) -> Report:
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
        return Report(report)

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

    def play(self, deck_a: Any, deck_b: Any, seed: int, policies: tuple[str, str]) -> str:
        players = tuple(POLICIES[name]() for name in policies)
        record = play_game(deck_a, deck_b, players, seed, log=True)
        names = f"A = {deck_a.name} ({policies[0]}), B = {deck_b.name} ({policies[1]})"
        result = (
            f"result: {record.outcome} after {record.turns[0]} turns of A and "
            f"{record.turns[1]} of B ({names}; seed {seed})"
        )
        return "".join(f"{line}\n" for line in (*record.log, result))

    def match(self, deck_a: Any, deck_b: Any, seed: int, policies: tuple[str, str]) -> Match:
        return Match((deck_a, deck_b), policies, seed)


SIMULATION = LuckAndLogicSimulation()
