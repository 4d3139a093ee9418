"""The game: one request at a time, lazy legal answers, ``push``, cheap ``copy``.

The game is an engine of :mod:`lalcheck.simulation.engine`: its lazy legal
actions, checked pushes, replays and perft are the core's. The rules run as
generator procedures (:mod:`.core` and the modules on it)
that yield a :class:`~.requests.Request` whenever a player must answer. The
game keeps a copy of the table taken at the start of the current turn (or of
setup) and the answers since; :meth:`Game.copy` copies that table and replays
the turn's answers, so a copy costs one table copy plus one turn, never the
whole game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from lalcheck.games.lobasha.engine import decisions as d
from lalcheck.games.lobasha.engine.actions import Answer
from lalcheck.games.lobasha.engine.core import Proc
from lalcheck.games.lobasha.engine.legal import is_legal, legal_answers
from lalcheck.games.lobasha.engine.requests import Request
from lalcheck.games.lobasha.engine.setup import Setup
from lalcheck.games.lobasha.engine.state import (
    EndReason,
    GameOver,
    Outcome,
    Phase,
    Table,
)
from lalcheck.games.lobasha.engine.turn import Arrange, set_up, turn
from lalcheck.games.lobasha.engine.view import View
from lalcheck.simulation.engine import IllegalActionError, LegalActions, push_legal
from lalcheck.simulation.engine import replay as replay_actions


class Game:
    """A game of 洛吧殺 in progress."""

    __slots__ = (
        "_checkpoint",
        "_proc",
        "_segment",
        "_since",
        "arrange",
        "players",
        "request",
        "table",
    )

    table: Table
    request: Request | None
    players: int
    arrange: Arrange | None
    _checkpoint: Table
    _since: int
    _segment: Callable[[Table], Proc[None]]
    _proc: Proc[None] | None

    @classmethod
    def new(
        cls,
        players: int,
        setup: Setup,
        seed: int,
        *,
        arrange: Arrange | None = None,
        log: bool = False,
    ) -> Game:
        """Seat ``players`` (2-12), deal roles and run to the first request.

        ``arrange`` may change the table after the opening hands are dealt and
        before the first turn (to set a position up); ``log`` keeps a readable log.
        """
        if not d.MIN_PLAYERS <= players <= d.MAX_PLAYERS:
            raise ValueError(
                f"洛吧殺 is played by {d.MIN_PLAYERS} to {d.MAX_PLAYERS}, not {players}"
            )
        game = cls.__new__(cls)
        game.players = players
        game.arrange = arrange
        game.table = Table(setup, seed, log=log)
        game.request = None
        game._begin(lambda table: set_up(table, players, arrange))
        game._resume(None)
        return game

    # -- queries ----------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        return self.table.outcome

    @property
    def seed(self) -> int:
        return self.table.seed

    @property
    def answers(self) -> list[Answer]:
        """Every answer pushed so far (with the seed and setup, the whole game)."""
        return self.table.answers

    @property
    def log(self) -> list[str] | None:
        return self.table.log

    @property
    def actor(self) -> int:
        """The seat asked now."""
        if self.request is None:
            raise IllegalActionError("the game is over: nobody is asked")
        return self.request.seat

    def legal_actions(self) -> LegalActions[Answer]:
        """The legal answers to :attr:`request`, generated lazily (none once the game is over)."""
        return LegalActions(self)

    def generate_legal_actions(self) -> Iterator[Answer]:
        request = self.request
        return iter(()) if request is None else legal_answers(self.table, request)

    def is_legal(self, answer: object) -> bool:
        request = self.request
        return request is not None and is_legal(self.table, request, answer)

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` (by default the one asked) may see."""
        request = self.request
        if seat is None:
            if request is None:
                raise IllegalActionError("the game is over: nobody is asked")
            seat = request.seat
        return View(
            self.table, seat, request if request is not None and request.seat == seat else None
        )

    # -- answering --------------------------------------------------------------------

    def push(self, answer: Answer) -> None:
        """Answer the current request and run on to the next one (unchecked: see
        :meth:`push_legal`)."""
        if self.request is None:
            raise IllegalActionError("the game is over")
        self.table.answers.append(answer)
        self._resume(answer)

    def push_legal(self, answer: Answer) -> None:
        push_legal(self, answer)

    def copy(self) -> Game:
        """An independent copy: the table at the start of the turn, and the turn replayed."""
        other = Game.__new__(Game)
        other.players = self.players
        other.arrange = self.arrange
        other._checkpoint = self._checkpoint
        other._since = self._since
        other._segment = self._segment
        other.request = None
        if self._proc is None:
            other.table = self.table.copy()
            other._proc = None
            return other
        other.table = self._checkpoint.copy()
        other._proc = self._segment(other.table)
        other._resume(None)
        for answer in self.table.answers[self._since :]:
            other.table.answers.append(answer)
            other._resume(answer)
        return other

    # -- running the rules -------------------------------------------------------------

    def _begin(self, segment: Callable[[Table], Proc[None]]) -> None:
        self._checkpoint = self.table.copy()
        self._since = len(self.table.answers)
        self._segment = segment
        self._proc = segment(self.table)

    def _resume(self, answer: Answer | None) -> None:
        """Run the rules on until the next request, or the end of the game."""
        try:
            while True:
                assert self._proc is not None
                try:
                    self.request = self._proc.send(answer)  # type: ignore[arg-type]
                    return
                except StopIteration:
                    answer = None
                    self._next_turn()
        except GameOver as over:
            self.table.outcome = over.outcome
            self.table.phase = Phase.OVER
            self.request = None
            self._proc = None

    def _next_turn(self) -> None:
        """LBS-SET-2: the Lord first, then the next living player; a round starts at the
        Lord. A game still going after :data:`~.decisions.MAX_ROUNDS` is unfinished."""
        t = self.table
        if t.turns:
            t.current = t.next_alive(t.current)
        if t.current == t.lord.index:
            t.round += 1
            if t.round > d.MAX_ROUNDS:
                t.note(f"the game stops unfinished after {d.MAX_ROUNDS} rounds")
                raise GameOver(Outcome(None, EndReason.ROUND_LIMIT, ()))
        t.turns += 1
        self._begin(turn)

    def __repr__(self) -> str:
        where = f"seed={self.seed}, round={self.table.round}"
        return f"Game(players={self.players}, {where}, request={self.request})"


def replay(
    players: int,
    setup: Setup,
    seed: int,
    answers: Iterable[Answer],
    *,
    arrange: Arrange | None = None,
    log: bool = False,
) -> Game:
    """Set the game up again and push each answer (checked): the same game again."""
    return replay_actions(Game.new(players, setup, seed, arrange=arrange, log=log), answers)
