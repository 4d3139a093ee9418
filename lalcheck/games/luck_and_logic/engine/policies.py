"""Players: a :class:`Policy` picks one of the legal actions.

* :class:`PassivePolicy` is the goldfish opponent (R-TURN, §7 of the rules
  digest): it keeps its opening hand, never levels, mobilizes, intercepts or
  defines logic; it only makes the choices it cannot avoid (discarding down to
  the hand limit: its oldest cards).
* :class:`RandomPolicy` picks uniformly among the legal actions (fuzzing).
* :class:`GreedyPolicy` plays sensibly: keeps a hand with a first-turn
  logicalist or foreigner (else bottoms all but the low-level ones), levels every
  turn, trances when it can, fields members to use every attack and to block the
  circles whose gates an attack can reach, moves idle members there, attacks front
  gates first and then the members guarding standing gates, defines logic to win
  battles and Luck Drives when short of cards.
* :class:`RushPolicy` is the greedy player that never defends (it races).

A policy builds its action from the game;
:func:`~lalcheck.games.luck_and_logic.engine.game.play_game` checks that it is legal.
"""

from __future__ import annotations

import random
from typing import Protocol

from lalcheck.games.luck_and_logic.cards import Action as EffectAction
from lalcheck.games.luck_and_logic.cards import Card, CardType, LogicKind, Stat, Trigger
from lalcheck.games.luck_and_logic.engine import battle as b
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine.actions import (
    LEVEL_SUPPORT,
    LUCK_DRIVE,
    PASS,
    Action,
    Attack,
    Define,
    Discard,
    Intercept,
    LevelUp,
    LogicDrive,
    Mobilize,
    Move,
    Mulligan,
    ReturnLevel,
    Trance,
)
from lalcheck.games.luck_and_logic.engine.rules import (
    PASSABLE_PHASES,
    Game,
    LegalActions,
    attackable,
    can_mobilize,
    distinct_indices,
    shares_color_or_world,
)
from lalcheck.games.luck_and_logic.engine.state import (
    FRONT_ROW,
    IN_FRONT_OF,
    BattleState,
    Member,
    Phase,
    PlayerState,
    shapes,
)


class Policy(Protocol):
    """Chooses the action of the player to act (``game.actor``)."""

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action: ...


class PassivePolicy:
    """The goldfish opponent: does nothing it may decline."""

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action:
        if game.phase is Phase.MULLIGAN:
            return Mulligan()
        if game.phase in PASSABLE_PHASES:
            return PASS
        return next(iter(actions))


class RandomPolicy:
    """Uniform over the legal actions, for fuzzing."""

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action:
        return rng.choice(list(actions))


#: Greedy mulligan (R-TURN-0): keep any hand holding a logicalist or foreigner of
#: this level or lower (a member for the first attack)...
MULLIGAN_KEEP_IF_LEVEL = 1
#: ...else bottom every card but the logicalists and foreigners of this level or lower.
MULLIGAN_KEEP_LEVEL = 2
_EARLY_TYPES = d.LOGICALIST_TYPES | {CardType.FOREIGNER}
#: Greedy Luck Drive (R-LUCK) while the hand holds fewer cards than this.
SHORT_HAND = 2
#: Greedy level support (R-BAT-3) only when one drawn card could close a gap this big.
LEVEL_SUPPORT_POWER_REACH = 3000
LEVEL_SUPPORT_SPIRIT_REACH = 2
#: Front circles first: they are the ones attacks reach first (R-BAT-1).
_CIRCLE_ORDER = {1: 0, 3: 0, 5: 0, 2: 1, 4: 1, 6: 1}


class GreedyPolicy:
    """A sensible one-step-greedy player that defends: besides the members it attacks
    with, it fields blockers on the empty circles whose gate an attack can reach,
    moves members that guard nothing onto them, and attacks first the members that
    guard standing gates."""

    #: False: :class:`RushPolicy`, which races and never defends.
    defends = True

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action:
        phase = game.phase
        state = game.players[game.actor]
        if phase is Phase.MAIN:
            return self._main(game, state)
        if phase is Phase.BATTLE:
            return self._attack(game, state)
        if phase is Phase.LEVEL:
            return self._level(state)
        if phase is Phase.DEFINE or phase is Phase.DEFINE_FORCED:
            assert game.battle is not None
            return self._define(game, game.battle, forced=phase is Phase.DEFINE_FORCED)
        if phase is Phase.INTERCEPT:
            assert game.battle is not None
            return self._intercept(game, game.battle)
        if phase is Phase.DISCARD:
            return Discard(min(distinct_indices(state.hand), key=lambda i: keep_value(state, i)))
        if phase is Phase.LEVEL_RETURN:
            return self._return_level(state)
        if phase is Phase.MULLIGAN:
            return self._mulligan(state)
        return PASS

    @staticmethod
    def _mulligan(state: PlayerState) -> Mulligan:
        """Keep a hand with a level-1 logicalist or foreigner; else bottom all but the
        level-1 and level-2 logicalists and foreigners (R-TURN-0)."""
        hand = state.hand
        if any(_early(card, MULLIGAN_KEEP_IF_LEVEL) for card in hand):
            return Mulligan()
        return Mulligan(
            tuple(i for i, card in enumerate(hand) if not _early(card, MULLIGAN_KEEP_LEVEL))
        )

    @staticmethod
    def _level(state: PlayerState) -> LevelUp:
        """Level every turn with the card least worth keeping, preferring one
        that lets a transunion in hand be mobilized (R-MOB)."""
        transunions = [c for c in state.hand if c.type is CardType.TRANSUNION]

        def score(index: int) -> float:
            card = state.hand[index]
            enables = any(
                shares_color_or_world(t, card) and not _enabled(state, t)
                for t in transunions
                if t is not card
            )
            return keep_value(state, index) - (0.5 if enables else 0.0)

        return LevelUp(min(distinct_indices(state.hand), key=score))

    @staticmethod
    def _return_level(state: PlayerState) -> ReturnLevel:
        """At 5 level cards return the face-down one (it gives no attack), else a member."""
        for index, face_up in enumerate(state.level_face_up):
            if not face_up:
                return ReturnLevel(index)
        members = [i for i, c in enumerate(state.level) if c.type.is_member]
        return ReturnLevel(members[0] if members else 0)

    def _main(self, game: Game, state: PlayerState) -> Action:
        trance = self._trance(game, state)
        if trance is not None:
            return trance
        standing = sum(1 for m in state.members() if not m.rested)
        if standing < state.face_up_level_count or (self.defends and _exposed_empty(state)):
            mobilize = self._mobilize(state)
            if mobilize is not None:
                return mobilize
        guard = _guard(game, state) if self.defends else None
        if guard is not None:
            return guard
        if not state.logic_drive_used:
            for member in state.members():
                if game.has_logic_drive(member):
                    return LogicDrive(member.circle)
        if len(state.hand) < SHORT_HAND and len(state.cost) >= d.LUCK_DRIVE_COST:
            return LUCK_DRIVE
        return PASS

    @staticmethod
    def _trance(game: Game, state: PlayerState) -> Trance | None:
        """R-TRANCE: the strongest transunion on top of a logicalist and a foreigner."""
        if state.trance_used:
            return None
        logicalists, foreigners = game.soul_candidates(state)
        if not logicalists or not foreigners:
            return None
        sources = game.transunion_sources(state)
        if not sources:
            return None
        index, from_deck, card = max(
            sources, key=lambda s: (s[2].level or 0, s[2].power or 0, s[1])
        )
        # Keep a standing logicalist on the field when My Logicalist can stand in.
        logicalist = logicalists[-1]
        foreigner = foreigners[0]
        souls = {id(foreigner)} | ({id(logicalist)} if logicalist is not None else set())
        soul_circles = set(foreigner.circles) | set(logicalist.circles if logicalist else ())
        best: tuple[int, int, tuple[int, ...]] | None = None
        for circles in shapes(card.territory):
            if soul_circles.isdisjoint(circles):
                continue
            replaced = len(
                {
                    id(m)
                    for c in circles
                    if (m := state.field[c - 1]) is not None and id(m) not in souls
                }
            )
            key = (replaced, sum(_CIRCLE_ORDER[c] for c in circles), circles)
            if best is None or key < best:
                best = key
        if best is None:
            return None
        return Trance(
            None if logicalist is None else logicalist.circle,
            foreigner.circle,
            index,
            from_deck,
            best[2],
        )

    def _mobilize(self, state: PlayerState) -> Mobilize | None:
        """R-MOB: the strongest affordable member that fits on empty circles (a
        defending player: on circles an attack can reach first)."""
        field = state.field
        best: tuple[tuple[int, int, int, int], Mobilize] | None = None
        for index in distinct_indices(state.hand):
            card = state.hand[index]
            if not can_mobilize(state, card):
                continue
            for circles in shapes(card.territory):
                if all(field[c - 1] is None for c in circles):
                    rank = (
                        card.level or 0,
                        card.power or 0,
                        sum(_exposed(state, c) for c in circles) if self.defends else 0,
                        -sum(_CIRCLE_ORDER[c] for c in circles),
                    )
                    if best is None or rank > best[0]:
                        best = (rank, Mobilize(index, circles))
        return best[1] if best else None

    def _attack(self, game: Game, state: PlayerState) -> Action:
        """R-BAT-1: undestroyed empty gates first (front row first) with the weakest
        attacker; then the weakest defender with the strongest attacker."""
        standing = [m for m in state.members() if not m.rested]
        if not standing or game.attacks_made >= state.face_up_level_count:
            return PASS
        opponent = game.players[1 - game.active]
        open_gates = [
            circle
            for circle in (*FRONT_ROW, *IN_FRONT_OF)
            if not opponent.gate_destroyed[circle - 1]
            and opponent.field[circle - 1] is None
            and attackable(opponent, circle)
        ]
        if open_gates:
            weakest = min(standing, key=lambda m: attack_power(m))
            return Attack(weakest.circle, open_gates[0])
        defenders = [
            m for m in opponent.members() if any(attackable(opponent, c) for c in m.circles)
        ]
        if not defenders:
            return PASS
        # beating a member that guards a standing gate opens the gate to the next attack
        if self.defends:
            guarding = [m for m in defenders if any(_exposed(opponent, c) for c in m.circles)]
            defenders = guarding or defenders
        strongest = max(standing, key=lambda m: attack_power(m))
        weakest_defender = min(defenders, key=lambda m: (m.card.power or 0) + m.power_bonus)
        target = next(c for c in weakest_defender.circles if attackable(opponent, c))
        return Attack(strongest.circle, target)

    @staticmethod
    def _intercept(game: Game, battle: BattleState) -> Action:
        """R-BAT-2: intercept with a lesser member when its logic turns the battle."""
        defended = b.battling_member(game, battle, 1)
        current = b.margin(game, battle)
        if current < 0:
            return PASS
        stat = LogicKind.SPIRIT if b.judged_by_spirit(game) else LogicKind.POWER
        helpers = [
            m
            for m in game.interceptors()
            if m.card.logic is not None
            and m.card.logic.kind is stat
            and _member_worth(m) < _member_worth(defended)
        ]
        enough = [m for m in helpers if _logic_value(m) > current]
        if enough:
            return Intercept(min(enough, key=lambda m: (_member_worth(m), _logic_value(m))).circle)
        if sum(_logic_value(m) for m in helpers) > current:
            return Intercept(max(helpers, key=_logic_value).circle)
        return PASS

    @staticmethod
    def _define(game: Game, battle: BattleState, *, forced: bool) -> Action:
        """R-BAT-3: define the cheapest card that wins the battle now; if none, level
        support (a draw for a card) when one more card could close the gap; when a
        card must be defined, the one that helps most in the current judgement."""
        player = game.actor
        state = game.players[player]
        side = b.side_of(battle, player)
        current = b.margin(game, battle)
        if not forced and _winning(current, side):
            return PASS
        best: tuple[tuple[int, float], int] | None = None
        fallback: tuple[tuple[int, float], int] | None = None
        for index in distinct_indices(state.hand):
            card = state.hand[index]
            after = margin_after(game, battle, player, card)
            if _winning(after, side):
                key = (1 if card.type is CardType.PARADOX else 0, keep_value(state, index))
                if best is None or key < best[0]:
                    best = (key, index)
            elif card.type is not CardType.PARADOX:
                gain = after - current if side == 0 else current - after
                rank = (-gain, keep_value(state, index))
                if fallback is None or rank < fallback[0]:
                    fallback = (rank, index)
        if best is not None:
            return Define(best[1])
        if forced:
            return Define(fallback[1] if fallback else distinct_indices(state.hand)[0])
        gap = abs(current) + (0 if side == 0 else 1)
        if b.judged_by_spirit(game):
            reach = LEVEL_SUPPORT_SPIRIT_REACH
        else:
            reach = LEVEL_SUPPORT_POWER_REACH
        if gap <= reach and b.can_level_support(game, player):
            return LEVEL_SUPPORT
        return PASS


class RushPolicy(GreedyPolicy):
    """The greedy player that races: it fields only as many members as it can attack
    with and attacks the weakest member in reach, never minding its own gates."""

    defends = False


def _winning(margin: int, side: int) -> bool:
    """R-BAT-5: the attacker wins ties."""
    return margin >= 0 if side == 0 else margin < 0


def margin_after(game: Game, battle: BattleState, player: int, card: Card) -> int:
    """The battle margin (attacker minus defender) if ``player`` defined ``card`` now."""
    spirit_mode = b.judged_by_spirit(game)
    logic = card.logic
    effects = card.effects
    if logic is not None and logic.kind is LogicKind.PARADOX:
        # R-BAT-4: any face-up paradox cancels a new one: both face down, no effects.
        spirit_mode = game.up_paradox is None
        if not spirit_mode:
            effects = ()
    wanted = Stat.SPIRIT if spirit_mode else Stat.POWER
    gain = 0
    if logic is not None and logic.kind.value == wanted.value:
        gain += logic.value
    for effect in effects:
        if (
            effect.trigger is Trigger.DEFINE
            and effect.action is EffectAction.BOOST
            and effect.stat is wanted
        ):
            gain += effect.value
    value = b.spirit if spirit_mode else b.power
    side = b.side_of(battle, player)
    margin = value(game, battle, 0) - value(game, battle, 1)
    return margin + gain if side == 0 else margin - gain


def attack_power(member: Member) -> int:
    """R-TRANCE: power while attacking, +1000 per soul."""
    return (member.card.power or 0) + member.power_bonus + d.SOUL_POWER * len(member.souls)


def keep_value(state: PlayerState, index: int) -> float:
    """How much the greedy player wants to keep a hand card (lower: level or discard it)."""
    card = state.hand[index]
    if card.type is CardType.TACTICS:
        return 1
    if card.type is CardType.PARADOX:
        return 2
    if not card.type.is_member or card.level is None or card.level >= d.LEVEL_ZONE_RETURN_AT:
        return 0
    behind = card.level - len(state.level)
    return 6 - max(0, behind)


def _early(card: Card, level: int) -> bool:
    """A logicalist or foreigner of ``level`` or lower."""
    return card.type in _EARLY_TYPES and (card.level or 0) <= level


def _logic_value(member: Member) -> int:
    return member.card.logic.value if member.card.logic is not None else 0


def _member_worth(member: Member) -> tuple[int, int]:
    return (member.card.level or 0) + len(member.souls), member.card.power or 0


def _enabled(state: PlayerState, transunion: Card) -> bool:
    return any(
        up and shares_color_or_world(transunion, card)
        for card, up in zip(state.level, state.level_face_up, strict=True)
    )


def _exposed(state: PlayerState, circle: int) -> bool:
    """An attack can reach the circle and destroy the gate there (R-BAT-1)."""
    return attackable(state, circle) and not state.gate_destroyed[circle - 1]


def _exposed_empty(state: PlayerState) -> bool:
    return any(state.field[c - 1] is None and _exposed(state, c) for c in range(1, 7))


def _guard(game: Game, state: PlayerState) -> Move | None:
    """R-TURN-4: move a member that guards nothing (its gates destroyed or out of
    reach) onto an empty circle whose gate an attack can reach."""
    for member in state.members():
        if any(_exposed(state, c) for c in member.circles):
            continue
        for circles in shapes(member.card.territory):
            if all(state.field[c - 1] is None for c in circles) and any(
                _exposed(state, c) for c in circles
            ):
                move = Move(member.circle, circles)
                if game.is_legal(move):
                    return move
    return None
