"""Players: a :class:`Policy` picks one of the legal actions.

* :class:`PassivePolicy` is the goldfish opponent: it declines everything it
  may decline (never colours, plays, sets counters, attacks, Protects or uses a
  Turnover) and takes the first choice it cannot avoid.
* :class:`RandomPolicy` picks uniformly among the legal actions (fuzzing).
* :class:`GreedyPolicy` plays sensibly, one step at a time: colours LP for the
  cards it wants to play (erasing its least useful card of that colour), plays
  its best affordable card with the payment that keeps the LP its hand still
  needs, sets and fires counters, attacks the leader or a passive unit it can
  beat, Protects when the protector survives or the hit would be lethal, and
  aims harmful effects at the strongest opposing unit.
* :class:`WallPolicy` is the blocking opponent: it develops like the greedy
  player but never attacks, so its units stay active (and cannot be attacked,
  RTL-BAT-1), and it Protects every attack it can.

A policy builds its action from the game; :func:`~.game.play_game` checks
that it is legal.
"""

from __future__ import annotations

import random
from typing import Protocol

from lalcheck.games.restore_the_luminous.cards import (
    CHOSEN,
    Card,
    CardType,
    Keyword,
    Trigger,
    Verb,
    colour_need,
)
from lalcheck.games.restore_the_luminous.engine.actions import (
    PASS,
    SKIP_BATTLE,
    USE_TURNOVER,
    Action,
    Attack,
    Choose,
    ColourLP,
    DeclareCounter,
    Erase,
    Payment,
    Play,
    Protect,
)
from lalcheck.games.restore_the_luminous.engine.battle import AttackFrame
from lalcheck.games.restore_the_luminous.engine.continuous import has_keyword, power
from lalcheck.games.restore_the_luminous.engine.effects import EffectFrame
from lalcheck.games.restore_the_luminous.engine.keywords import may_attack
from lalcheck.games.restore_the_luminous.engine.payment import can_pay, payments
from lalcheck.games.restore_the_luminous.engine.phases import MainFrame, playable_from_hand
from lalcheck.games.restore_the_luminous.engine.rules import Game, LegalActions
from lalcheck.games.restore_the_luminous.engine.state import (
    COLOURLESS,
    KINDS,
    Phase,
    PlayerState,
    Unit,
    distinct_indices,
)


class Policy(Protocol):
    """Chooses the action of the player to act (``game.actor``)."""

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action: ...


#: Phases a player may decline with Pass.
_DECLINABLE = frozenset({Phase.MAIN, Phase.BATTLE, Phase.COUNTER, Phase.PROTECT, Phase.TURNOVER})


class PassivePolicy:
    """The goldfish opponent: does nothing it may decline."""

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action:
        if game.phase in _DECLINABLE:
            return PASS
        return next(iter(actions))


class RandomPolicy:
    """Uniform over the legal actions, for fuzzing."""

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action:
        return rng.choice(list(actions))


#: Steps that hurt their target: aimed at the strongest opposing unit.
_HARMFUL = frozenset({Verb.DESTROY, Verb.DESTROY_GEAR, Verb.HOLD, Verb.BIND, Verb.BOUNCE})


def card_value(card: Card) -> float:
    """How much the greedy player wants a card on the field: level first, then power."""
    return card.level + (card.power or 0) / 10000 + (card.damage or 0) / 10


def hand_demand(state: PlayerState, skip: Card | None = None) -> list[int]:
    """LP of each colour the hand's cards need, for the cards within reach next turn."""
    demand = [0] * KINDS
    reach = len(state.lp_kind) + 1
    for card in state.hand:
        if card is skip or card.type is CardType.LEADER or card.level > reach:
            continue
        need = colour_need(card.level, card.colour_cost)
        demand[card.colour_kind] = max(demand[card.colour_kind], need)
    return demand


def payment_cost(pay: Payment, demand: list[int]) -> float:
    """How much a payment hurts: colourless is free, a colour the hand needs costs most."""
    return sum(
        count * (0 if kind == COLOURLESS else 1 + demand[kind]) for kind, count in enumerate(pay)
    )


class GreedyPolicy:
    """A sensible one-step-greedy player."""

    #: Never colour away the last cards of a hand this small.
    min_hand_to_colour = 2
    #: Protect every attack it can, whether or not the protector survives.
    always_protect = False

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action:
        phase = game.phase
        if phase is Phase.MAIN:
            return self.main(game)
        options = list(actions)
        if phase is Phase.BATTLE:
            return self.attack(game, options)
        if phase is Phase.PROTECT:
            return self.protect(game, options)
        if phase is Phase.COUNTER:
            return self.counter(game, options)
        if phase is Phase.TARGET:
            return self.target(game, options)
        if phase is Phase.TURNOVER:
            return USE_TURNOVER
        if phase is Phase.ERASE:
            return self.erase(game, options)
        return options[0]

    # -- main phase --------------------------------------------------------------

    def main(self, game: Game) -> Action:
        """Colour, play, set counters, Revive, activate, in that order of preference
        (each action built directly rather than picked from every payment)."""
        state = game.players[game.actor]
        colouring = self.colouring(state, list(MainFrame.colourings(state)))
        if colouring is not None:
            return colouring
        play = self.play(game, state)
        if play is not None:
            return play
        for option in MainFrame.counters(state):
            return option
        demand = hand_demand(state)
        revives = list(MainFrame.revives(state))
        if revives:
            return min(revives, key=lambda o: payment_cost(o.pay, demand))
        activations = list(MainFrame.activations(game))
        if activations:
            return min(activations, key=lambda o: payment_cost(o.pay, demand))
        return self.end_main(game, state)

    def end_main(self, game: Game, state: PlayerState) -> Action:
        """Go to battle when a unit can attack; otherwise skip it (no counter window 2)."""
        frame = game.frames[-1]
        first = isinstance(frame, MainFrame) and frame.first
        if first and not any(may_attack(game, u) for u in state.units):
            return SKIP_BATTLE
        return PASS

    def wanted(self, state: PlayerState, card: Card) -> bool:
        """Whether playing this card from the hand is worth its LP now."""
        if card.type is CardType.ARTS:
            return any(card.effects_for(Trigger.ON_PLAY))
        if card.type is CardType.STAGE:
            return True
        return card.type is not CardType.LEADER

    def colouring(self, state: PlayerState, options: list[ColourLP]) -> ColourLP | None:
        """RTL-COL-1: colour an LP when the best card within reach lacks its colour."""
        colourings = options
        if not colourings or len(state.hand) < self.min_hand_to_colour:
            return None
        reach = len(state.lp_kind)
        targets = sorted(
            (c for c in state.hand if c.type is not CardType.LEADER and c.level <= reach + 1),
            key=card_value,
            reverse=True,
        )
        coloured = [0] * KINDS
        for kind in state.lp_kind:
            coloured[kind] += 1
        for target in targets:
            if coloured[target.colour_kind] >= colour_need(target.level, target.colour_cost):
                continue
            fodder = [
                o
                for o in colourings
                if state.hand[o.card] is not target
                and state.hand[o.card].colour_kind == target.colour_kind
            ]
            if fodder:
                return min(fodder, key=lambda o: self.keep_value(state, state.hand[o.card]))
        return None

    def keep_value(self, state: PlayerState, card: Card) -> float:
        """How much a hand card is worth keeping: cards within reach most."""
        distance = abs(card.level - len(state.lp_kind))
        return card_value(card) - 2 * distance

    def play(self, game: Game, state: PlayerState) -> Play | None:
        """The most valuable affordable card, paid as cheaply as the hand allows;
        gear goes on the strongest unit with room."""
        hosts = MainFrame.gear_hosts(state)
        room = len(state.units) < state.unit_slots
        active = state.active_counts()
        best: tuple[float, int] | None = None
        for index in distinct_indices(state.hand):
            card = state.hand[index]
            if not (self.wanted(state, card) and playable_from_hand(state, card, room, hosts)):
                continue
            if not can_pay(active, card.level, card.colour_kind, card.colour_cost):
                continue
            value = self.play_value(state, card)
            if best is None or value > best[0]:
                best = (value, index)
        if best is None:
            return None
        index = best[1]
        card = state.hand[index]
        demand = hand_demand(state, card)
        pay = min(
            payments(active, card.level, card.colour_kind, card.colour_cost),
            key=lambda p: payment_cost(p, demand),
        )
        host = None
        if card.type is CardType.GEAR:
            host = max(hosts, key=lambda i: power(game, state.units[i]))
        return Play(index, pay, host)

    def play_value(self, state: PlayerState, card: Card) -> float:
        """Which affordable card to play first."""
        return card_value(card)

    # -- battle ------------------------------------------------------------------

    def attack(self, game: Game, options: list[Action]) -> Action:
        me = game.actor
        state = game.players[me]
        enemy = game.players[1 - me]
        attacks = [o for o in options if isinstance(o, Attack)]
        reach = sum(u.face.damage or 0 for u in state.units if may_attack(game, u))
        lethal = reach >= enemy.hp
        best: tuple[float, Attack] | None = None
        for option in attacks:
            unit = state.units[option.unit]
            score = self.attack_score(game, unit, option.target, lethal)
            if score > 0 and (best is None or score > best[0]):
                best = (score, option)
        return best[1] if best is not None else PASS

    def attack_score(self, game: Game, unit: Unit, target: int | None, lethal: bool) -> float:
        """Going face scores its damage; hitting a unit scores when the attacker wins."""
        enemy = game.players[1 - unit.owner]
        if target is None:
            return 10.0 * (unit.face.damage or 0) + (100 if lethal else 0)
        if lethal:
            return 0.0
        defender = enemy.units[target]
        ours, theirs = power(game, unit), power(game, defender)
        if ours > theirs:
            return 12.0 + 5 * (defender.face.damage or 0) + card_value(defender.face)
        if ours == theirs and card_value(defender.face) > card_value(unit.face):
            return 5.0
        return 0.0

    def protect(self, game: Game, options: list[Action]) -> Action:
        """RTL-BAT-4: Protect when the protector survives, or when the hit is lethal."""
        frame = game.frames[-1]
        assert isinstance(frame, AttackFrame)
        me = game.actor
        state = game.players[me]
        attacker = game.find_unit(frame.attacker)
        if attacker is None:
            return PASS
        strength = power(game, attacker)
        lethal = frame.target is None and (attacker.face.damage or 0) >= state.hp
        best: tuple[float, Protect] | None = None
        for option in options:
            if not isinstance(option, Protect):
                continue
            guard = state.units[option.unit]
            guard_power = power(game, guard)
            if guard_power > strength or lethal or self.always_protect:
                key = guard_power
                if best is None or key > best[0]:
                    best = (key, option)
        return best[1] if best is not None else PASS

    def counter(self, game: Game, options: list[Action]) -> Action:
        """Fire every affordable counter, the cheapest payment each."""
        state = game.players[game.actor]
        demand = hand_demand(state)
        declarations = [o for o in options if isinstance(o, DeclareCounter)]
        if not declarations:
            return PASS
        return min(declarations, key=lambda o: payment_cost(o.pay, demand))

    # -- choices -----------------------------------------------------------------

    def target(self, game: Game, options: list[Action]) -> Action:
        """Harmful steps at the strongest opposing unit, helpful ones at our strongest."""
        me = game.actor
        frame = game.frames[-1]
        harmful = True
        if isinstance(frame, EffectFrame) and 0 <= frame.index < len(frame.effect.steps):
            step = frame.effect.steps[frame.index]
            harmful = step.verb in _HARMFUL or (step.verb is Verb.POWER and step.value < 0)
            if step.target not in CHOSEN:
                harmful = True

        def score(option: Action) -> float:
            assert isinstance(option, Choose)
            unit = game.players[option.player].units[option.unit]
            strength = power(game, unit) / 1000 + card_value(unit.face)
            if has_keyword(game, unit, Keyword.PROTECT):
                strength += 1
            mine = option.player == me
            return strength if mine != harmful else -strength - 100

        return max(options, key=score)

    def erase(self, game: Game, options: list[Action]) -> Action:
        state = game.players[game.actor]

        def value(option: Action) -> float:
            assert isinstance(option, Erase)
            return self.keep_value(state, state.hand[option.card])

        return min(options, key=value)


class WallPolicy(GreedyPolicy):
    """The blocking opponent: develops, never attacks, Protects whenever it can."""

    always_protect = True

    def end_main(self, game: Game, state: PlayerState) -> Action:
        frame = game.frames[-1]
        return SKIP_BATTLE if isinstance(frame, MainFrame) and frame.first else PASS

    def attack(self, game: Game, options: list[Action]) -> Action:
        return PASS

    def play_value(self, state: PlayerState, card: Card) -> float:
        """Protect units first, then what the greedy player would play."""
        bonus = 100 if card.type is CardType.UNIT and card.has(Keyword.PROTECT) else 0
        return bonus + card_value(card)
