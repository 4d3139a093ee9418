"""What every game's rules engine shares: lazy legal actions, the play loop, replays, perft.

A game's engine (its own subpackage: state, actions, phases, policies) has a
``Game`` that satisfies :class:`Engine`: it generates its legal actions
lazily, checks one directly, applies one with ``push`` and copies itself
cheaply (the python-chess model). On top of that this module gives every
engine the same pieces:

* :class:`LegalActions` — the lazy view ``game.legal_actions()`` returns;
* :func:`push_legal` — push an action after checking it;
* :func:`play_out` — let the players' policies play a game to its end, each
  with its own random source (:func:`policy_rng`), checking every choice;
* :func:`replay` and :func:`perft` — reproduce a game from its actions, and
  count the legal action sequences of a given length (the engines' perft tests);
* :func:`game_text` — a played game's log and result, as ``lalcheck play`` prints it,
  each player called by their deck's name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Generic, Protocol, Self, TypeVar

Action = TypeVar("Action")


class IllegalActionError(ValueError):
    """An action that is not legal in the current state."""


class Engine(Protocol[Action]):
    """What the shared pieces read of a game in progress."""

    @property
    def outcome(self) -> object | None:
        """None while the game goes on."""

    @property
    def actor(self) -> int:
        """The player who decides next (0 to the number of players - 1)."""

    def legal_actions(self) -> LegalActions[Action]: ...

    def generate_legal_actions(self) -> Iterator[Action]: ...

    def is_legal(self, action: object) -> bool: ...

    def push(self, action: Action) -> None: ...

    def copy(self) -> Self: ...


Game = TypeVar("Game", bound=Engine[Any])
Game_contra = TypeVar("Game_contra", contravariant=True)


class LegalActions(Generic[Action]):
    """The legal actions of a game, generated lazily (like python-chess's ``legal_moves``)."""

    __slots__ = ("game",)

    def __init__(self, game: Engine[Action]) -> None:
        self.game = game

    def __iter__(self) -> Iterator[Action]:
        return self.game.generate_legal_actions()

    def __contains__(self, action: object) -> bool:
        return self.game.is_legal(action)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return any(True for _ in self)


class Policy(Protocol[Game_contra]):
    """Chooses the action of the player to act (``game.actor``) among ``actions``
    (the game's :class:`LegalActions`)."""

    def choose(self, game: Game_contra, actions: Any, rng: random.Random) -> Any: ...


def push_legal(game: Engine[Action], action: Action) -> None:
    """Apply ``action`` after checking that it is legal."""
    if not game.is_legal(action):
        raise IllegalActionError(f"{action} is not legal in {game!r}")
    game.push(action)


def policy_rng(seed: int, player: int, namespace: str = "policy") -> random.Random:
    """A policy's own random source: the game's chance stays the game's own."""
    return random.Random(f"{namespace}:{seed}:{player}")


def play_out(
    game: Game,
    policies: Sequence[Policy[Game]],
    seed: int,
    *,
    namespace: str = "policy",
    observe: Callable[[Game], None] | None = None,
    check: bool = True,
) -> Game:
    """Let each player's policy (one per player, any number of players) choose until the
    game is over; every choice is checked to be legal (:class:`IllegalActionError` names
    the policy) unless ``check`` is off, for trusted built-in policies (tests play them
    with it on); ``observe`` sees the game after every action."""
    rngs = [policy_rng(seed, player, namespace) for player in range(len(policies))]
    actions = game.legal_actions()  # a lazy view: it reads the game as it is when used
    while game.outcome is None:
        actor = game.actor
        action = policies[actor].choose(game, actions, rngs[actor])
        if check and not game.is_legal(action):
            chooser = policies[actor]
            raise IllegalActionError(f"{chooser!r} chose the illegal {action} in {game!r}")
        game.push(action)
        if observe is not None:
            observe(game)
    return game


def replay(game: Game, actions: Iterable[Any]) -> Game:
    """Push each action (checked) on a freshly set-up game, reproducing it exactly."""
    for action in actions:
        push_legal(game, action)
    return game


def perft(game: Engine[Any], depth: int) -> int:
    """The number of legal action sequences of length ``depth`` (or ending the game sooner)."""
    if depth == 0 or game.outcome is not None:
        return 1
    if depth == 1:
        return len(game.legal_actions())
    total = 0
    for action in game.generate_legal_actions():
        child = game.copy()
        child.push(action)
        total += perft(child, depth - 1)
    return total


def play_logged(
    play_game: Callable[..., Any],
    policies: Mapping[str, Callable[[], Any]],
    decks: tuple[Any, Any],
    seed: int,
    names: tuple[str, str],
    first_player: int | None = None,
) -> str:
    """One seeded game of an engine's ``play_game(deck_a, deck_b, policies, seed,
    first_player, log=True)`` between two decks, each played by a fresh policy named in
    ``names``, as :func:`game_text` (``first_player`` None: the seed decides)."""
    deck_a, deck_b = decks
    players = tuple(policies[name]() for name in names)
    record = play_game(deck_a, deck_b, players, seed, first_player, log=True)
    return game_text(
        record.log, record.outcome, record.turns, (deck_a.name, deck_b.name), names, seed
    )


class Outcome(Protocol):
    """What a game's text reads of its result."""

    @property
    def winner(self) -> int | None:
        """0 or 1; None for a draw."""

    @property
    def reason(self) -> object:
        """Why the game ended (``gates``, ``deck out``…)."""


#: How an engine's log names the players: ``T3 A: mobilizes …``.
LOG_PLAYERS = ("A", "B")


def player_labels(deck_names: Sequence[str]) -> tuple[str, str]:
    """What a game's text calls its two players: their decks' names, with `` (A)`` and
    `` (B)`` after them when both decks have the same name."""
    first, second = deck_names
    if first == second:
        return f"{first} ({LOG_PLAYERS[0]})", f"{second} ({LOG_PLAYERS[1]})"
    return first, second


def game_text(
    log: Iterable[str],
    outcome: Outcome,
    turns: Sequence[int],
    deck_names: Sequence[str],
    policies: Sequence[str],
    seed: int,
) -> str:
    """A played game's log lines with each player called by their deck's name
    (``T3 Monolium Rush: mobilizes …``), then ``result: Monolium Rush wins (gates) after
    5 turns of Monolium Rush and 4 of Septpia Control (policies greedy and greedy;
    seed 7)``."""
    labels = player_labels(deck_names)
    by_log_name = dict(zip(LOG_PLAYERS, labels, strict=True))
    won = "draw" if outcome.winner is None else f"{labels[outcome.winner]} wins"
    result = f"{won} ({outcome.reason})"
    engine_result = f"game over: {outcome}"

    def named(line: str) -> str:
        turn, _, rest = line.partition(" ")
        player, colon, text = rest.partition(": ")
        if player not in by_log_name or not colon:
            return line
        if text == engine_result:
            text = f"game over: {result}"
        return f"{turn} {by_log_name[player]}: {text}"

    summary = (
        f"result: {result} after {turns[0]} turns of {labels[0]} and {turns[1]} of "
        f"{labels[1]} (policies {policies[0]} and {policies[1]}; seed {seed})"
    )
    return "".join(f"{line}\n" for line in (*map(named, log), summary))
