"""One goldfish game seen from the goldfishing side, turn by turn (``lalcheck draw``).

The game is game ``index`` of a goldfish run (``lalcheck draw --seed S`` is
the first game of ``lalcheck goldfish --seed S``), replayed with the engine's
readable log, which is split into the goldfishing player's own turns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lalcheck.games.luck_and_logic.cards import Card
from lalcheck.games.luck_and_logic.engine import Opening, TurnSummary
from lalcheck.games.luck_and_logic.engine.state import PLAYER_NAMES
from lalcheck.games.luck_and_logic.goldfish.aggregate import Result, result_of
from lalcheck.games.luck_and_logic.goldfish.runner import GOLDFISHER, OPPONENT, Job

#: A line of the engine log: ``T3 A: levels up with …`` (turn 0 is the setup).
_LOG_LINE = re.compile(r"T(\d+) ([A-Z]): (.*)")
#: Log lines left out: the engine's own turn header, and the opponent's draws
#: (hidden from the goldfishing player).
_TURN_HEADER = "-- turn "
_DRAWS = "draws "


@dataclass(frozen=True, slots=True)
class OwnTurn:
    """One own turn: what happened (the opponent's lines prefixed ``opponent:``)
    and the snapshot at its end."""

    number: int
    events: tuple[str, ...]
    summary: TurnSummary | None


@dataclass(frozen=True, slots=True)
class SampleGame:
    """A game from the goldfishing side: its opening, own turns and result."""

    index: int
    seed: int
    going_first: bool
    opening: Opening
    turns: tuple[OwnTurn, ...]
    result: Result
    last_turn: int

    @property
    def mulligan_drew(self) -> tuple[Card, ...]:
        """The cards drawn to replace those the mulligan put on the bottom (they
        end the kept hand)."""
        opening = self.opening
        return opening.kept[len(opening.hand) - len(opening.bottomed) :]


def sample_game(job: Job, index: int = 0, deck: int = 0) -> SampleGame:
    """Replay game ``index`` of ``deck`` in ``job`` with its log, split into own turns."""
    record = job.play(deck, index, log=True).record
    going_first = record.first_player == GOLDFISHER
    events: dict[int, list[str]] = {}
    for line in record.log:
        match = _LOG_LINE.fullmatch(line)
        assert match is not None, f"unexpected log line {line!r}"
        turn, player, text = int(match[1]), match[2], match[3]
        if turn == 0 or (turn % 2 == 1) != going_first:
            continue  # the setup (shown from the opening) or the opponent's own turn
        own = (turn + 1) // 2
        if player == PLAYER_NAMES[GOLDFISHER]:
            if not text.startswith(_TURN_HEADER):
                events.setdefault(own, []).append(text)
        elif player == PLAYER_NAMES[OPPONENT] and not text.startswith(_DRAWS):
            events.setdefault(own, []).append(f"opponent: {text}")
    summaries = {s.turn: s for s in record.turns_of(GOLDFISHER)}
    last = record.turns[GOLDFISHER]
    return SampleGame(
        index=index,
        seed=record.seed,
        going_first=going_first,
        opening=record.openings[GOLDFISHER],
        turns=tuple(
            OwnTurn(turn, tuple(events.get(turn, ())), summaries.get(turn))
            for turn in range(1, last + 1)
        ),
        result=result_of(record, GOLDFISHER, last),
        last_turn=last,
    )
