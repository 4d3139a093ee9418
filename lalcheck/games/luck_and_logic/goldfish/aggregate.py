"""What a batch of goldfish games leaves behind: counts and histograms only.

An :class:`Aggregate` holds no per-game data, so the aggregates of chunks
played anywhere (another process, another machine) add up with ``+`` to
exactly the aggregate of all their games, in any order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from lalcheck.games.luck_and_logic.cards import Card, CardType
from lalcheck.games.luck_and_logic.engine import EndReason, GameRecord

PARADOX = "paradox"
TRANSUNION = "transunion"
TACTICS = "tactics"


def card_group(card: Card) -> str:
    """The opening-hand group of a main-deck card: ``paradox``, ``level N`` (members
    other than transunions), ``transunion`` or ``tactics``."""
    if card.type.is_member and card.type is not CardType.TRANSUNION:
        return f"level {card.level or 0}"
    return card.type.value


def group_order(group: str) -> tuple[int, str]:
    """Paradox first, then members by level, transunions, tactics, anything else."""
    if group == PARADOX:
        return (0, "")
    if group.startswith("level "):
        return (1, group.removeprefix("level ").zfill(3))
    return (2 if group == TRANSUNION else 3 if group == TACTICS else 4, group)


class Result(StrEnum):
    """How a game ended for the goldfishing player by its own turn ``max_turns``."""

    WON = "won"  # the sixth gate fell (R-WIN-1)
    LOST = "lost"  # its own sixth gate fell (never against a passive opponent)
    LOST_TO_REFRESH = "lost_to_refresh"  # R-WIN-2: its own second refresh penalty
    OPPONENT_REFRESHED_OUT = "opponent_lost_to_refresh"
    DRAW = "draw"  # both lost at once (R-WIN-3)
    UNDECIDED = "undecided"  # nothing decided when the game stopped after own turn max_turns


def result_of(record: GameRecord, player: int, max_turns: int) -> Result:
    """The :class:`Result` of ``player`` in a finished game, cut at its own turn ``max_turns``."""
    outcome = record.outcome
    if record.turns[player] > max_turns or outcome.reason is EndReason.TURN_LIMIT:
        return Result.UNDECIDED
    if outcome.winner is None:
        return Result.DRAW
    if outcome.reason is EndReason.GATES:
        return Result.WON if outcome.winner == player else Result.LOST
    return Result.OPPONENT_REFRESHED_OUT if outcome.winner == player else Result.LOST_TO_REFRESH


@dataclass(frozen=True, slots=True)
class Played:
    """A played game and the run's queries that held in it (their indexes)."""

    record: GameRecord
    held: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Aggregate:
    """Counts over a set of goldfish games of one deck (all keyed by plain values).

    Per own turn ``t`` (1 to ``max_turns``) the tempo counters hold the highest
    level and the most members the player had at the end of any own turn up to
    ``t``; a game that ended earlier keeps its last values.
    """

    games: int = 0
    #: Games whose mulligan put at least one card on the bottom.
    mulligans: int = 0
    #: Cards put on the bottom -> games.
    bottomed: Counter[int] = field(default_factory=Counter)
    #: Group -> games with at least one card of it in the opening five (before the mulligan).
    opening_hits: Counter[str] = field(default_factory=Counter)
    #: (group, copies in the hand kept after the mulligan) -> games.
    kept: Counter[tuple[str, int]] = field(default_factory=Counter)
    #: :class:`Result` value -> games.
    results: Counter[str] = field(default_factory=Counter)
    #: Own turn in which the sixth gate fell -> games (won games only).
    win_turns: Counter[int] = field(default_factory=Counter)
    #: (own turn, highest level so far) -> games.
    level_by_turn: Counter[tuple[int, int]] = field(default_factory=Counter)
    #: (own turn, most members on the field so far) -> games.
    members_by_turn: Counter[tuple[int, int]] = field(default_factory=Counter)
    #: Games in which the player refreshed its deck by its own turn ``max_turns``.
    refreshed: int = 0
    #: Card number -> occasions its ability text had no structured form (both players).
    unmodelled: Counter[str] = field(default_factory=Counter)
    #: Games in which some unmodelled ability text came up.
    unmodelled_games: int = 0
    #: The most own turns any game lasted, at most ``max_turns``.
    longest: int = 0
    #: Games stopped undecided after own turn ``max_turns``.
    stopped: int = 0
    #: Query index -> games in which the query held.
    queries: Counter[int] = field(default_factory=Counter)

    def __add__(self, other: Aggregate) -> Aggregate:
        """The aggregate of both sets of games (exact, commutative, associative)."""
        return Aggregate(
            games=self.games + other.games,
            mulligans=self.mulligans + other.mulligans,
            bottomed=self.bottomed + other.bottomed,
            opening_hits=self.opening_hits + other.opening_hits,
            kept=self.kept + other.kept,
            results=self.results + other.results,
            win_turns=self.win_turns + other.win_turns,
            level_by_turn=self.level_by_turn + other.level_by_turn,
            members_by_turn=self.members_by_turn + other.members_by_turn,
            refreshed=self.refreshed + other.refreshed,
            unmodelled=self.unmodelled + other.unmodelled,
            unmodelled_games=self.unmodelled_games + other.unmodelled_games,
            longest=max(self.longest, other.longest),
            stopped=self.stopped + other.stopped,
            queries=self.queries + other.queries,
        )

    def count(self, result: Result) -> int:
        return self.results[result.value]


def aggregate(games_played: Iterable[Played], player: int, max_turns: int) -> Aggregate:
    """Tally finished games from the side of ``player`` up to its own turn ``max_turns``."""
    games = mulligans = refreshed = unmodelled_games = longest = stopped = 0
    queries: Counter[int] = Counter()
    bottomed: Counter[int] = Counter()
    opening_hits: Counter[str] = Counter()
    kept: Counter[tuple[str, int]] = Counter()
    results: Counter[str] = Counter()
    win_turns: Counter[int] = Counter()
    level_by_turn: Counter[tuple[int, int]] = Counter()
    members_by_turn: Counter[tuple[int, int]] = Counter()
    unmodelled: Counter[str] = Counter()
    for played in games_played:
        record = played.record
        queries.update(played.held)
        stopped += record.outcome.reason is EndReason.TURN_LIMIT
        games += 1
        opening = record.openings[player]
        if opening.bottomed:
            mulligans += 1
        bottomed[len(opening.bottomed)] += 1
        opening_hits.update({card_group(card) for card in opening.hand})
        kept.update(Counter(card_group(card) for card in opening.kept).items())
        result = result_of(record, player, max_turns)
        results[result.value] += 1
        if result is Result.WON:
            win_turns[record.turns[player]] += 1
        level = members = refreshes = 0
        own_turns = {s.turn: s for s in record.summaries if s.player == player}
        for turn in range(1, max_turns + 1):
            summary = own_turns.get(turn)
            if summary is not None:
                level = max(level, summary.level)
                members = max(members, summary.members)
                refreshes = summary.refreshes
            level_by_turn[turn, level] += 1
            members_by_turn[turn, members] += 1
        refreshed += refreshes > 0
        longest = max(longest, min(record.turns[player], max_turns))
        if record.unmodelled:
            unmodelled_games += 1
            unmodelled.update(record.unmodelled)
    return Aggregate(
        games=games,
        mulligans=mulligans,
        bottomed=bottomed,
        opening_hits=opening_hits,
        kept=kept,
        results=results,
        win_turns=win_turns,
        level_by_turn=level_by_turn,
        members_by_turn=members_by_turn,
        refreshed=refreshed,
        unmodelled=unmodelled,
        unmodelled_games=unmodelled_games,
        longest=longest,
        stopped=stopped,
        queries=queries,
    )
