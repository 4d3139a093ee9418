"""What a batch of Restore the Luminous goldfish games leaves behind: counts only.

Every count is keyed by the side the goldfishing deck played (``first`` or
``second``), so one :class:`Tally` holds both and a report reads either or
their sum. Tallies of chunks played anywhere add up with ``+`` to exactly the
tally of all their games, in any order.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from lalcheck.games.restore_the_luminous.cards import COLOURS, Card, CardType
from lalcheck.games.restore_the_luminous.engine import EndReason, GameRecord
from lalcheck.games.restore_the_luminous.goldfish.queries import Observed
from lalcheck.simulation.query import Query
from lalcheck.simulation.tally import add_fields

FIRST, SECOND = "first", "second"
SIDES = (FIRST, SECOND)


def card_group(card: Card) -> str:
    """The opening-hand group of a main deck card: ``level N unit``, ``arts``, ``gear``,
    ``stage``."""
    if card.type is CardType.UNIT:
        return f"level {card.level} unit"
    return card.type.value


class Result(StrEnum):
    """What a game came to for the goldfishing deck, seen at its own turn ``max_turns``:
    the opponent's HP at 0 (RTL-WIN-1) or its deck out (RTL-WIN-2), a loss, a draw
    (both lose at once, RTL-OPEN-8), or nothing yet (also at the engine's turn limit)."""

    WON = "won"
    WON_BY_DECK_OUT = "won_by_deck_out"
    LOST = "lost"
    DRAW = "draw"
    UNDECIDED = "undecided"


def result_of(record: GameRecord, player: int, max_turns: int) -> Result:
    """The :class:`Result` of ``player`` in a finished game, cut at its own turn ``max_turns``."""
    outcome = record.outcome
    late = record.turns[player] > max_turns or outcome.reason is EndReason.TURN_LIMIT
    if late or outcome.winner is None:
        return Result.UNDECIDED if late else Result.DRAW
    if outcome.winner == player:
        return Result.WON if outcome.reason is EndReason.HP else Result.WON_BY_DECK_OUT
    return Result.LOST


@dataclass(frozen=True, slots=True)
class Tally:
    """Counts over goldfish games of one deck; every key starts with the side."""

    #: side -> games.
    games: Counter[str] = field(default_factory=Counter)
    #: (side, :class:`Result` value) -> games.
    results: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: (side, own turn in which the opponent's HP reached 0) -> games.
    win_turns: Counter[tuple[str, int]] = field(default_factory=Counter)
    #: (side, own turn) -> games that played that own turn (up to ``max_turns``).
    reached: Counter[tuple[str, int]] = field(default_factory=Counter)
    #: (side, card group) -> games with at least one of the group in the opening hand.
    opening: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: (side, own turn) -> LP entering main phase 1, summed over the games.
    lp: Counter[tuple[str, int]] = field(default_factory=Counter)
    #: (side, own turn, colour) -> games with an LP of that colour entering main phase 1.
    coloured: Counter[tuple[str, int, str]] = field(default_factory=Counter)
    #: (side, own turn, colour) -> LP of that colour entering main phase 1, summed.
    colour_lp: Counter[tuple[str, int, str]] = field(default_factory=Counter)
    #: (side, own turn, level) -> cards of that level played in that own turn.
    played: Counter[tuple[str, int, int]] = field(default_factory=Counter)
    #: (side, own turn) -> the opponent's HP at the end of that own turn, summed.
    opponent_hp: Counter[tuple[str, int]] = field(default_factory=Counter)
    #: Card number -> occasions its text had no structured form (both players).
    unmodelled: Counter[str] = field(default_factory=Counter)
    #: side -> games in which some unmodelled text came up.
    unmodelled_games: Counter[str] = field(default_factory=Counter)
    #: (side, query index) -> games in which the query held.
    queries: Counter[tuple[str, int]] = field(default_factory=Counter)
    #: The most own turns any game lasted, at most ``max_turns``.
    longest: int = 0

    def __add__(self, other: Tally) -> Tally:
        """The tally of both sets of games (exact, commutative, associative)."""
        return add_fields(self, other, maxima=("longest",))


def tally_games(
    records: Iterable[GameRecord], player: int, max_turns: int, queries: Sequence[Query] = ()
) -> Tally:
    """Tally finished games from the side of ``player`` up to its own turn ``max_turns``,
    and the games each of ``queries`` held in."""
    tally = Tally()
    longest = 0
    for record in records:
        side = FIRST if record.first_player == player else SECOND
        tally.games[side] += 1
        result = result_of(record, player, max_turns)
        tally.results[side, result.value] += 1
        if result is Result.WON:
            tally.win_turns[side, record.turns[player]] += 1
        groups = {card_group(card) for card in record.openings[player]}
        tally.opening.update((side, group) for group in groups)
        for summary in record.turns_of(player):
            turn = summary.turn
            if turn > max_turns:
                break
            tally.reached[side, turn] += 1
            tally.lp[side, turn] += summary.lp
            for colour, count in zip(COLOURS, summary.colours, strict=True):
                tally.coloured[side, turn, colour.value] += count > 0
                tally.colour_lp[side, turn, colour.value] += count
            tally.played.update((side, turn, card.level) for card in summary.played)
            tally.opponent_hp[side, turn] += summary.opponent_hp
        longest = max(longest, min(record.turns[player], max_turns))
        if record.unmodelled:
            tally.unmodelled_games[side] += 1
            tally.unmodelled.update(record.unmodelled)
        if queries:
            observed = Observed.of(record, player)
            tally.queries.update((side, i) for i, q in enumerate(queries) if q.holds(observed))
    return dataclasses.replace(tally, longest=longest)
