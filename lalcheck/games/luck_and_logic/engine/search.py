"""The search policy: flat Monte Carlo over candidate actions on determinized copies.

At a decision of the main phase, the battle phase, an intercept or a logic
definition, :class:`SearchPolicy` takes a handful of candidate actions (the
greedy player's choice and the other distinct plays), and plays each on
:data:`ROLLOUTS` copies of the game (``Game.copy()``) with the greedy player
on both sides until the end of the opponent's next turn; it keeps the
candidate whose copies end best for it (:func:`evaluate`). Every other
decision is the greedy player's.

A copy never shows the searching player what it could not know
(:func:`determinize`): the opponent's hand is dealt again from its hand and
deck, its face-down level card is swapped with one of those, both decks are
shuffled, the face-down gates of both players are shuffled among their
undestroyed circles and the unused gates, and the copy's chance is reseeded
from the policy's own random source. Each candidate is played on the same
copies (common random numbers), so the comparison between candidates is not
drowned by the luck of the copies.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from lalcheck.games.luck_and_logic.cards import CardType
from lalcheck.games.luck_and_logic.engine.actions import (
    PASS,
    Action,
    Attack,
    Mobilize,
    Move,
    Source,
    Trance,
    TranceChange,
)
from lalcheck.games.luck_and_logic.engine.policies import GreedyPolicy, Policy, attack_power
from lalcheck.games.luck_and_logic.engine.rules import Game, LegalActions, attackable
from lalcheck.games.luck_and_logic.engine.state import Phase, PlayerState

#: Copies each candidate is played on.
ROLLOUTS = 4
#: The most candidates weighed at one decision.
MAX_CANDIDATES = 6
#: Decisions that are searched; the rest are the greedy player's.
SEARCHED = frozenset({Phase.MAIN, Phase.BATTLE})
#: What a copy's end is worth to the searching player (see :func:`evaluate`).
WIN = 10_000.0
GATE = 100.0
MEMBER = 12.0
MEMBER_LEVEL = 4.0
HAND_CARD = 3.0
PENALTY = 60.0


def determinize(game: Game, player: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which what ``player`` cannot see is dealt again at random."""
    copy = game.copy()
    opponent = copy.players[1 - player]
    pool = opponent.hand + opponent.deck
    hidden_level = [i for i, up in enumerate(opponent.level_face_up) if not up]
    pool.extend(opponent.level[i] for i in hidden_level)
    rng.shuffle(pool)
    for index in hidden_level:
        opponent.level[index] = pool.pop()
    opponent.hand = pool[: len(opponent.hand)]
    opponent.deck = pool[len(opponent.hand) :]
    rng.shuffle(copy.players[player].deck)
    for state in copy.players:
        _shuffle_gates(state, rng)
    copy.rng = random.Random(rng.getrandbits(64))
    return copy


def carry(action: Action, game: Game, copy: Game) -> Action:
    """``action`` as it reads on a determinized ``copy`` of ``game``: a trance that
    takes its card from the deck names where the same card lies in the copy's
    shuffled deck."""
    if isinstance(action, Trance) and action.source is Source.DECK:
        deck = game.players[game.actor].deck
        return replace(action, transunion=_same_card(deck[action.transunion], copy))
    if isinstance(action, TranceChange) and action.source is Source.DECK:
        deck = game.players[game.actor].deck
        return replace(action, form=_same_card(deck[action.form], copy))
    return action


def _same_card(card: object, copy: Game) -> int:
    deck = copy.players[copy.actor].deck
    return next(index for index, other in enumerate(deck) if other is card)


def _shuffle_gates(state: PlayerState, rng: random.Random) -> None:
    """The face-down gates (undestroyed circles and unused gates) in a random order."""
    circles = [c for c in range(6) if not state.gate_destroyed[c]]
    unused = [i for i, card in enumerate(state.removed) if card.type is CardType.GATE]
    hidden = [state.gates[c] for c in circles] + [state.removed[i] for i in unused]
    rng.shuffle(hidden)
    for circle in circles:
        state.gates[circle] = hidden.pop()
    for index in unused:
        state.removed[index] = hidden.pop()


def evaluate(game: Game, player: int) -> float:
    """How good the position is for ``player``: a win or loss outweighs everything;
    then gates (each player's destroyed ones), members on the field and their levels,
    cards in hand, refresh penalties."""
    outcome = game.outcome
    if outcome is not None and outcome.winner is not None:
        return WIN if outcome.winner == player else -WIN
    me, them = game.players[player], game.players[1 - player]
    score = GATE * (them.gates_destroyed - me.gates_destroyed)
    score += PENALTY * (them.penalties - me.penalties)
    score += HAND_CARD * (len(me.hand) - len(them.hand))
    for sign, state in ((1, me), (-1, them)):
        for member in state.members():
            score += sign * (MEMBER + MEMBER_LEVEL * ((member.card.level or 0) + len(member.souls)))
    return score


class SearchPolicy:
    """Flat Monte Carlo with the greedy player as the rollout and fallback policy."""

    def __init__(self, rollouts: int = ROLLOUTS, base: Callable[[], Policy] = GreedyPolicy) -> None:
        self.rollouts = rollouts
        self.base = base
        self.greedy = base()

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action:
        greedy = self.greedy.choose(game, actions, rng)
        if game.phase not in SEARCHED:
            return greedy
        candidates = self.candidates(game, actions, greedy)
        if len(candidates) == 1:
            return candidates[0]
        player = game.actor
        seeds = [rng.getrandbits(64) for _ in range(self.rollouts)]
        scores = [0.0] * len(candidates)
        for seed in seeds:
            for index, candidate in enumerate(candidates):
                scores[index] += self.rollout(game, player, candidate, random.Random(seed))
        best = max(range(len(candidates)), key=lambda i: (scores[i], i == 0))
        return candidates[best]

    def rollout(self, game: Game, player: int, action: Action, rng: random.Random) -> float:
        """Play ``action`` on a determinized copy, then greedy play until the end of the
        opponent's next turn; what the copy is worth to ``player``."""
        copy = determinize(game, player, rng)
        end = copy.turn + (2 if copy.active == player else 1)
        copy.push(carry(action, game, copy))
        players = (self.base(), self.base())
        while copy.outcome is None and copy.turn < end:
            actor = copy.actor
            copy.push(players[actor].choose(copy, copy.legal_actions(), rng))
        return evaluate(copy, player)

    def candidates(self, game: Game, actions: LegalActions, greedy: Action) -> list[Action]:
        """The greedy choice first, then other distinct plays, at most
        :data:`MAX_CANDIDATES`: members onto empty circles (one shape per card),
        moves onto circles an attack can reach, each attacker's best target per
        kind of circle, and the rest of the legal actions."""
        chosen: list[Action] = [greedy]
        seen = {greedy}
        ranked = sorted(actions, key=lambda a: _rank(game, a))
        for action in ranked:
            if len(chosen) >= MAX_CANDIDATES:
                break
            if action not in seen and _worth_trying(game, action):
                seen.add(action)
                chosen.append(action)
        return chosen


def _rank(game: Game, action: Action) -> tuple[int, int]:
    """Plays most worth a look first: passing, then mobilizing, attacking, the rest."""
    if action == PASS:
        return (0, 0)
    if isinstance(action, Mobilize):
        return (1, action.card)
    if isinstance(action, Attack):
        return (2, action.target)
    if isinstance(action, Move):
        return (4, 0)
    return (3, 0)


def _worth_trying(game: Game, action: Action) -> bool:
    """Leave out plays that only differ in where they land: a mobilization onto a
    circle that holds a member, a move onto a circle no attack can reach, an attack
    by anyone but the strongest attacker on a member."""
    state = game.players[game.actor]
    opponent = game.players[1 - game.actor]
    if isinstance(action, Mobilize):
        return all(state.field[c - 1] is None for c in action.circles)
    if isinstance(action, Move):
        return any(attackable(state, c) and not state.gate_destroyed[c - 1] for c in action.circles)
    if isinstance(action, Attack):
        target = opponent.field[action.target - 1]
        if target is None:
            return not opponent.gate_destroyed[action.target - 1]
        standing = [m for m in state.members() if not m.rested]
        attacker = state.member_at(action.attacker)
        return attacker is not None and attack_power(game, attacker) == max(
            attack_power(game, m) for m in standing
        )
    return True
