"""Simulation shared by every game: seeded games in chunks on a backend, and statistics.

:mod:`~lalcheck.simulation.runner` plays a game's job in chunks on a backend
and adds up their tallies; :mod:`~lalcheck.simulation.stats` holds the
statistics (Wilson, Newcombe, Welch, paired differences, exact
hypergeometric); :mod:`~lalcheck.simulation.opponent` says whom a goldfish
deck plays against; :mod:`~lalcheck.simulation.query` reads and answers
``--query``; :mod:`~lalcheck.simulation.paired` plays decks on the same seeds
as pairs; :mod:`~lalcheck.simulation.match` plays and reports many games
between two decks; :mod:`~lalcheck.simulation.text` formats text reports;
:mod:`~lalcheck.simulation.plot` checks for matplotlib. A game plugs into
``lalcheck goldfish``, ``draw`` and ``play`` with a :class:`Simulation`; a game
played by a table without player decks (a hidden-role game) plugs into
``lalcheck simulate`` and ``play --players`` with a :class:`TableSimulation`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from lalcheck.simulation.runner import Backend, Going

if TYPE_CHECKING:
    from lalcheck.db.model import CardDatabase, DatabaseInfo
    from lalcheck.decks import Deck
    from lalcheck.games.base import GameCard
    from lalcheck.simulation.match import MatchSeries
    from lalcheck.simulation.opponent import Opponent, WallLimits
    from lalcheck.simulation.query import Query, Vocabulary


@dataclass(frozen=True, slots=True)
class DeckInfo:
    """Which deck was played: its file, name, the file's sha256 and whether it is legal."""

    path: str
    name: str | None
    sha256: str
    legal: bool = True

    @classmethod
    def of_file(cls, path: Path, name: str | None, *, legal: bool = True) -> DeckInfo:
        return cls(str(path), name, hashlib.sha256(path.read_bytes()).hexdigest(), legal)

    @property
    def title(self) -> str:
        return f"{self.path} — {self.name}" if self.name else self.path


def _default_opponent() -> Opponent:
    """The game's own wall (contract §8), with its default settings."""
    from lalcheck.simulation.opponent import Opponent, OpponentKind

    return Opponent(OpponentKind.WALL)


@dataclass(frozen=True, slots=True)
class GoldfishSettings:
    """How ``lalcheck goldfish`` plays: games per deck, seed, going, the own turn games
    stop after, the goldfishing policy, the opponent (with the engine's deck of a deck
    opponent), the queries, where the games run, the first games whose logs to keep,
    a progress callback (games played), and a deck file the opponent takes cards from
    (Luck & Logic: the gates of a passive or wall opponent)."""

    games: int
    seed: int
    going: Going
    max_turns: int
    policy: str
    opponent: Opponent = field(default_factory=_default_opponent)
    opponent_cards: Any = None
    queries: tuple[Query, ...] = ()
    jobs: int = 1
    backend: Backend | None = None
    sample_logs: int = 0
    progress: Callable[[int], None] | None = None
    opponent_gates: tuple[str, Deck[Any]] | None = None
    #: The card database the decks were read against (an engine may look up cards
    #: beyond a deck's own in it, such as Restore the Luminous transformation forms).
    database: CardDatabase[Any] | None = None


class SimulationReport(Protocol):
    """A finished goldfish run: its text and JSON reports, and its PNG."""

    def to_text(self) -> str: ...

    def to_json(self) -> str: ...

    def plot(self, path: Path) -> None: ...


class Simulation(Protocol):
    """A game's engine hooks for ``goldfish``, ``draw`` and ``play``.

    ``playable`` turns a resolved deck into the engine's deck (an
    :class:`~lalcheck.errors.InputError` when it cannot be set up), with the card
    database it was read against (cards an engine may need beyond the deck's own,
    such as transformation forms); the other hooks take decks made by it.
    """

    @property
    def policies(self) -> Sequence[str]:
        """The policies that play a deck, by name."""

    @property
    def default_policy(self) -> str:
        """The goldfishing player's policy unless ``--policy`` says otherwise."""

    @property
    def strongest_policy(self) -> str:
        """The policy of a deck opponent unless ``--opponent-policy`` says otherwise."""

    @property
    def wall(self) -> WallLimits | None:
        """The wall opponent's defaults and limits; None: the game's wall takes no
        options."""

    @property
    def max_turns(self) -> int:
        """The most own turns a goldfish game can be cut off at."""

    @property
    def default_max_turns(self) -> int: ...

    def playable(self, deck: Deck[Any], database: CardDatabase[Any]) -> Any: ...

    def goldfish(
        self,
        decks: Sequence[tuple[DeckInfo, Any]],
        settings: GoldfishSettings,
        database: DatabaseInfo,
    ) -> SimulationReport: ...

    def vocabulary(self, database: CardDatabase[GameCard]) -> Vocabulary:
        """The game's words for ``--query`` (:mod:`lalcheck.simulation.query`)."""

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
        """One seeded sample game from the goldfishing side, as text (game 0 of
        ``goldfish`` with the same seed and opponent)."""

    def play(
        self,
        deck_a: Any,
        deck_b: Any,
        seed: int,
        policies: tuple[str, str],
        first_player: int | None = None,
    ) -> str:
        """One seeded game between two decks and policies: its log and result, as text
        (``first_player`` 0 or 1; None: the seed decides)."""

    def match(self, deck_a: Any, deck_b: Any, seed: int, policies: tuple[str, str]) -> MatchSeries:
        """Many seeded games between two decks and policies (``play --games``)."""


#: The key of :attr:`TableSettings.policies` for every seat group without a policy of its own.
EVERY_SEAT = "*"


@dataclass(frozen=True, slots=True)
class TableSettings:
    """How ``lalcheck simulate`` plays: the table size, games, seed, the policy of each
    seat group (a role; :data:`EVERY_SEAT` for the rest), where the games run, a
    progress callback (games played), whether to add per-character win rates and
    the data files to play with."""

    players: int
    games: int
    seed: int
    policies: Mapping[str, str]
    jobs: int = 1
    backend: Backend | None = None
    progress: Callable[[int], None] | None = None
    characters: bool = False
    #: The game's data files to play with instead of the bundled ones, by file kind
    #: (one of :attr:`TableSimulation.data_kinds`).
    files: Mapping[str, Path] = field(default_factory=dict)


class TableReport(Protocol):
    """A finished simulation or game: its text and JSON reports."""

    def to_text(self) -> str: ...

    def to_json(self) -> str: ...


class TableSimulation(Protocol):
    """A game's engine hooks for ``simulate`` and ``play --players``: whole games of a
    table of players without decks of their own.

    Policies are chosen per seat group (``groups``: a hidden-role game's roles); the
    report of ``simulate`` is the same for any ``jobs`` (the core runner plays game
    ``i`` from :func:`~lalcheck.simulation.runner.game_seed`), and ``play`` shows
    game 0 of ``simulate`` with the same seed.
    """

    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def default_players(self) -> int: ...
    @property
    def policies(self) -> Sequence[str]: ...
    @property
    def default_policy(self) -> str: ...
    @property
    def groups(self) -> Sequence[str]:
        """The seat groups a policy may be given to."""

    @property
    def data_kinds(self) -> Sequence[str]:
        """The file kinds a user's file may replace the bundled data of."""

    def simulate(self, settings: TableSettings) -> TableReport: ...

    def play(
        self,
        players: int,
        seed: int,
        policies: Mapping[str, str],
        files: Mapping[str, Path] | None = None,
    ) -> TableReport:
        """One seeded game, turn by turn, as a readable public log and its result."""


__all__ = [
    "EVERY_SEAT",
    "DeckInfo",
    "GoldfishSettings",
    "Simulation",
    "SimulationReport",
    "TableReport",
    "TableSettings",
    "TableSimulation",
]
