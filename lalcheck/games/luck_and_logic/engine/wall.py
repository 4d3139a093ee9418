"""The wall: a goldfish opponent that blocks (rules digest §7) but never attacks.

Its main deck is a built-in pool of vanilla members (no ability text), made for
the run: level-1 logicalists and foreigners of one power and spirit, cost 0,
territory 1, half of them with a power logic and half with a spirit logic, so
that it can define logic in battles judged by power (R-BAT-5) or by spirit
(after a paradox, R-BAT-4). They are not real cards: their numbers start with
``WALL-`` and their set is ``wall``.

:class:`WallPolicy` levels every turn, fields up to ``members`` of them a turn
on the circles an attack can reach whose gate still stands (then on the other
circles, where they wait to intercept), intercepts and defines logic as the
greedy player does (R-BAT-2, R-BAT-3), and never attacks.
"""

from __future__ import annotations

import random

from lalcheck.games.luck_and_logic.cards import Card, CardType, Logic, LogicKind
from lalcheck.games.luck_and_logic.engine.actions import (
    PASS,
    Action,
    Discard,
    LevelUp,
    Mobilize,
    Mulligan,
    ReturnLevel,
)
from lalcheck.games.luck_and_logic.engine.deck import MAIN_SIZE, DeckList
from lalcheck.games.luck_and_logic.engine.policies import GreedyPolicy
from lalcheck.games.luck_and_logic.engine.rules import (
    Game,
    LegalActions,
    attackable,
    can_mobilize,
)
from lalcheck.games.luck_and_logic.engine.state import (
    BATTLE_PHASE,
    CIRCLES,
    DISCARD_PHASE,
    LEVEL_PHASE,
    LEVEL_RETURN_PHASE,
    MAIN_PHASE,
    MULLIGAN_PHASE,
    PlayerState,
)

#: The logic of the wall's members: power for battles judged by power, spirit for
#: those judged by spirit; and the limit of battle zone cards (R-BAT-3).
WALL_POWER_LOGIC = 1000
WALL_SPIRIT_LOGIC = 1
WALL_LIMIT = 1
#: The kinds of vanilla member in the pool, each a quarter of the deck (rounded).
_KINDS = (
    (CardType.LOGICALIST, LogicKind.POWER),
    (CardType.LOGICALIST, LogicKind.SPIRIT),
    (CardType.FOREIGNER, LogicKind.POWER),
    (CardType.FOREIGNER, LogicKind.SPIRIT),
)


def vanilla_pool(power: int, spirit: int) -> tuple[Card, ...]:
    """The four vanilla members of the wall's deck, of this power and spirit."""
    cards = []
    for number, (card_type, logic) in enumerate(_KINDS, start=1):
        value = WALL_POWER_LOGIC if logic is LogicKind.POWER else WALL_SPIRIT_LOGIC
        cards.append(
            Card(
                number=f"WALL-{number}",
                name=f"Wall {card_type.value} ({logic.value} logic)",
                type=card_type,
                level=1,
                cost=0,
                territory=1,
                power=power,
                spirit=spirit,
                limit=WALL_LIMIT,
                logic=Logic(logic, value),
                set="wall",
            )
        )
    return tuple(cards)


def wall_deck(power: int, spirit: int, gates: tuple[Card, ...]) -> DeckList:
    """The wall's deck: :data:`~lalcheck.games.luck_and_logic.engine.deck.MAIN_SIZE`
    vanilla members (the pool's kinds in turn) and these gates."""
    pool = vanilla_pool(power, spirit)
    main = tuple(pool[index % len(pool)] for index in range(MAIN_SIZE))
    return DeckList(main=main, gates=gates, name=f"wall ({power} power, {spirit} spirit)")


class WallPolicy(GreedyPolicy):
    """Fields up to ``members`` blockers a turn, defends like the greedy player, never
    attacks."""

    def __init__(self, members: int) -> None:
        self.members = members
        #: The game and turn of the members counted in ``_fielded``.
        self._turn: tuple[int, int] = (-1, -1)
        self._fielded = 0

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action:
        phase = game.phase
        if phase is MULLIGAN_PHASE:
            return Mulligan()
        if phase is BATTLE_PHASE:
            return PASS
        if phase is MAIN_PHASE:
            return self._block(game, game.players[game.actor])
        if phase is LEVEL_PHASE:
            return LevelUp(0)  # its cards are all alike
        if phase is LEVEL_RETURN_PHASE:
            return ReturnLevel(0)
        if phase is DISCARD_PHASE:
            return Discard(0)
        return super().choose(game, actions, rng)

    def _block(self, game: Game, state: PlayerState) -> Action:
        """R-MOB: a member from hand on the most exposed empty circle, while this
        turn's quota lasts."""
        turn = (game.seed, game.turn)
        if turn != self._turn:
            self._turn, self._fielded = turn, 0
        if self._fielded >= self.members:
            return PASS
        empty = [c for c in CIRCLES if state.field[c - 1] is None]
        if not empty:
            return PASS
        # the first mobilizable card is the first copy of its card (copies are alike)
        index = next((i for i, card in enumerate(state.hand) if can_mobilize(state, card)), None)
        if index is None:
            return PASS
        circle = min(empty, key=lambda c: (not self.exposed(state, c), c))
        self._fielded += 1
        return Mobilize(index, (circle,))

    @staticmethod
    def exposed(state: PlayerState, circle: int) -> bool:
        """An attack can reach the circle and its gate still stands (R-BAT-1)."""
        return attackable(state, circle) and not state.gate_destroyed[circle - 1]
