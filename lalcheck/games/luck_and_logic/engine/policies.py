"""Players: a :class:`Policy` picks one of the legal actions.

* :class:`PassivePolicy` is the goldfish opponent (R-TURN, §7 of the rules
  digest): it keeps its opening hand, never levels, mobilizes, intercepts or
  defines logic; it only makes the choices it cannot avoid (discarding down to
  the hand limit: its oldest cards).
* :class:`RandomPolicy` picks uniformly among the legal actions (fuzzing).
* :class:`GreedyPolicy` plays sensibly: keeps a hand with a first-turn
  logicalist or foreigner (else bottoms all but the low-level ones), levels every
  turn, trances when it can, fields members to use every attack and to block the
  circles whose gates an attack can reach, moves idle members there, uses Logic
  Drives and cheap activated abilities, attacks front gates first and then the
  members guarding standing gates, defines logic to win battles, Luck Drives when
  short of cards, and answers the choices abilities ask
  (:meth:`GreedyPolicy.choice`) with simple rules of thumb.
* :class:`RushPolicy` is the greedy player that never defends (it races).

A policy builds its action from the game;
:func:`~lalcheck.games.luck_and_logic.engine.game.play_game` checks that it is legal.
"""

from __future__ import annotations

import random
from typing import Protocol

from lalcheck.games.luck_and_logic.abilities.model import (
    Abilities,
    Boost,
    ConditionKind,
    CostKind,
    Kind,
    MoveMember,
    Remove,
    Rest,
    Stand,
    Stat,
    StatModifier,
    TargetKind,
    Trigger,
)
from lalcheck.games.luck_and_logic.cards import Card, CardType, LogicKind
from lalcheck.games.luck_and_logic.engine import battle as b
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine import layers
from lalcheck.games.luck_and_logic.engine.actions import (
    LEVEL_SUPPORT,
    LUCK_DRIVE,
    PASS,
    Action,
    Activate,
    Attack,
    Choose,
    Define,
    Discard,
    Intercept,
    LevelUp,
    LogicDrive,
    Mobilize,
    Move,
    Mulligan,
    ReturnLevel,
    Source,
    Trance,
)
from lalcheck.games.luck_and_logic.engine.effects import shares_color_or_world
from lalcheck.games.luck_and_logic.engine.pending import ChoiceKind, Resolution
from lalcheck.games.luck_and_logic.engine.rules import (
    PASSABLE_PHASES,
    Game,
    LegalActions,
    attackable,
    can_mobilize,
    distinct_indices,
)
from lalcheck.games.luck_and_logic.engine.state import (
    BATTLE_PHASE,
    CHOOSE_PHASE,
    CIRCLES,
    DEFINE_FORCED_PHASE,
    DEFINE_PHASE,
    DISCARD_PHASE,
    FRONT_ROW,
    IN_FRONT_OF,
    INTERCEPT_PHASE,
    LEVEL_PHASE,
    LEVEL_RETURN_PHASE,
    MAIN_PHASE,
    MULLIGAN_PHASE,
    SHAPES,
    BattleState,
    Member,
    PlayerState,
    shapes,
)
from lalcheck.games.luck_and_logic.engine.trance import pairs, sources


class Policy(Protocol):
    """Chooses the action of the player to act (``game.actor``)."""

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action: ...


class PassivePolicy:
    """The goldfish opponent: does nothing it may decline."""

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action:
        phase = game.phase
        if phase is MULLIGAN_PHASE:
            return Mulligan()
        if phase in PASSABLE_PHASES or (
            phase is CHOOSE_PHASE and game.choice is not None and game.choice.optional
        ):
            return PASS
        return next(iter(actions))


class RandomPolicy:
    """Uniform over the legal actions, for fuzzing."""

    def choose(self, game: Game, actions: LegalActions, rng: random.Random) -> Action:
        return rng.choice(list(actions))


# Enum members read on the hot paths: on CPython 3.11 reading a member off an enum
# class goes through the enum metaclass's attribute hook, a module global does not.
_TACTICS, _PARADOX, _TRANSUNION = CardType.TACTICS, CardType.PARADOX, CardType.TRANSUNION
_CONTINUOUS, _LOGIC_DRIVE = Kind.CONTINUOUS, Kind.LOGIC_DRIVE
_ATTACKING, _SELF, _BATTLING, _OPPOSING = (
    ConditionKind.ATTACKING,
    TargetKind.SELF,
    TargetKind.BATTLING,
    TargetKind.OPPOSING,
)
_POWER, _SPIRIT, _DEFINE_TRIGGER = Stat.POWER, Stat.SPIRIT, Trigger.DEFINE
_PARADOX_LOGIC = LogicKind.PARADOX
#: The stat a logic adds to (R-BAT-3).
_LOGIC_STAT = {
    LogicKind.POWER: Stat.POWER,
    LogicKind.SPIRIT: Stat.SPIRIT,
    LogicKind.LIMIT: Stat.LIMIT,
}

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
#: Greedy trance: the deck's copy before the hand's (it thins the deck and keeps the
#: hand), a refresh only when nothing else is left (it costs a penalty, R-ZONE-1).
_PREFERRED = {Source.DECK: 2, Source.HAND: 1, Source.REFRESH: 0}
#: Front circles first: they are the ones attacks reach first (R-BAT-1).
_CIRCLE_ORDER = {1: 0, 3: 0, 5: 0, 2: 1, 4: 1, 6: 1}
_GATE_ORDER = (*FRONT_ROW, *IN_FRONT_OF)
#: How far back each territory shape stands (its circles' :data:`_CIRCLE_ORDER`).
_SHAPE_ORDER = {
    circles: sum(_CIRCLE_ORDER[c] for c in circles)
    for territory in SHAPES.values()
    for circles in territory
}


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
        if phase is MAIN_PHASE:
            return self._main(game, state)
        if phase is CHOOSE_PHASE:
            return self.choice(game)
        if phase is BATTLE_PHASE:
            return self._attack(game, state)
        if phase is LEVEL_PHASE:
            return self._level(state)
        if phase is DEFINE_PHASE or phase is DEFINE_FORCED_PHASE:
            assert game.battle is not None
            return self._define(game, game.battle, forced=phase is DEFINE_FORCED_PHASE)
        if phase is INTERCEPT_PHASE:
            assert game.battle is not None
            return self._intercept(game, game.battle)
        if phase is DISCARD_PHASE:
            return Discard(min(distinct_indices(state.hand), key=lambda i: keep_value(state, i)))
        if phase is LEVEL_RETURN_PHASE:
            return self._return_level(state)
        if phase is MULLIGAN_PHASE:
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
        hand = state.hand
        waiting = [c for c in hand if c.type is _TRANSUNION and not _enabled(state, c)]

        def score(index: int) -> float:
            card = hand[index]
            worth = card_worth(state, card)
            if waiting and any(shares_color_or_world(t, card) for t in waiting if t is not card):
                return worth - 0.5
            return worth

        return LevelUp(min(distinct_indices(hand), key=score))

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
        exposed = _exposed_circles(state)
        field = state.field
        if standing < state.face_up_level_count or (
            self.defends and any(field[c - 1] is None for c in exposed)
        ):
            mobilize = self._mobilize(state, exposed)
            if mobilize is not None:
                return mobilize
        guard = _guard(game, state, exposed) if self.defends else None
        if guard is not None:
            return guard
        ability = self._ability(game, state)
        if ability is not None:
            return ability
        if len(state.hand) < SHORT_HAND and len(state.cost) >= d.LUCK_DRIVE_COST:
            return LUCK_DRIVE
        return PASS

    @staticmethod
    def _ability(game: Game, state: PlayerState) -> LogicDrive | Activate | None:
        """A Logic Drive, else an activated ability worth its cost: never one that
        retreats its member, rests a member an attack still needs, or discards from
        a short hand; only abilities with a cost or a once-per-turn limit (a Logic
        Drive has one, R-LD)."""
        spare = sum(1 for m in state.members() if not m.rested) - state.face_up_level_count
        drives = []
        for action, ability in game.usable_abilities(state):
            kinds = {cost.kind for cost in ability.costs}
            limited = ability.once_per_turn or ability.kind is _LOGIC_DRIVE  # R-LD
            if CostKind.RETREAT_SELF in kinds or (not kinds and not limited):
                continue
            if CostKind.REST_SELF in kinds and spare <= 0:
                continue
            if CostKind.DISCARD in kinds and len(state.hand) < SHORT_HAND + 2:
                continue
            drives.append(action)
        drives.sort(key=lambda action: not isinstance(action, LogicDrive))
        return drives[0] if drives else None

    @staticmethod
    def _trance(game: Game, state: PlayerState) -> Trance | None:
        """R-TRANCE: the strongest transunion on top of a logicalist and a foreigner."""
        if state.trance_used:
            return None
        candidates = list(pairs(state))
        if not candidates:
            return None
        found = sources(state, lambda card: card.type is _TRANSUNION)
        if not found:
            return None
        index, source, card = max(
            found,
            key=lambda s: (
                s[1] is not Source.REFRESH,
                s[2].level or 0,
                s[2].power or 0,
                _PREFERRED[s[1]],
            ),
        )
        # Keep a standing logicalist on the field when My Logicalist can stand in.
        logicalist, foreigner = candidates[-1]
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
            key = (replaced, _SHAPE_ORDER[circles], circles)
            if best is None or key < best:
                best = key
        if best is None:
            return None
        return Trance(
            None if logicalist is None else logicalist.circle,
            foreigner.circle,
            index,
            source,
            best[2],
        )

    def _mobilize(self, state: PlayerState, exposed: set[int]) -> Mobilize | None:
        """R-MOB: the strongest affordable member that fits on empty circles (a
        defending player: on the ``exposed`` circles first)."""
        field = state.field
        empty = {circle for circle in CIRCLES if field[circle - 1] is None}
        if not empty:
            return None
        defends = self.defends
        best: tuple[tuple[int, int, int, int], int, tuple[int, ...]] | None = None
        for index in distinct_indices(state.hand):
            card = state.hand[index]
            if not can_mobilize(state, card):
                continue
            for circles in shapes(card.territory):
                if empty.issuperset(circles):
                    rank = (
                        card.level or 0,
                        card.power or 0,
                        len(exposed.intersection(circles)) if defends else 0,
                        -_SHAPE_ORDER[circles],
                    )
                    if best is None or rank > best[0]:
                        best = (rank, index, circles)
        return Mobilize(best[1], best[2]) if best else None

    def _attack(self, game: Game, state: PlayerState) -> Action:
        """R-BAT-1: undestroyed empty gates first (front row first) with the weakest
        attacker; then the weakest defender with the strongest attacker."""
        if game.attacks_made >= state.face_up_level_count:
            return PASS
        standing = [m for m in state.members() if not m.rested]
        if not standing:
            return PASS
        opponent = game.players[1 - game.active]
        open_gate = next(
            (
                circle
                for circle in _GATE_ORDER
                if not opponent.gate_destroyed[circle - 1]
                and opponent.field[circle - 1] is None
                and attackable(opponent, circle)
            ),
            None,
        )
        if open_gate is not None:
            weakest = min(standing, key=lambda m: attack_power(game, m))
            return Attack(weakest.circle, open_gate)
        defenders = [
            m for m in opponent.members() if any(attackable(opponent, c) for c in m.circles)
        ]
        if not defenders:
            return PASS
        # beating a member that guards a standing gate opens the gate to the next attack
        if self.defends:
            exposed = _exposed_circles(opponent)
            guarding = [m for m in defenders if not exposed.isdisjoint(m.circles)]
            defenders = guarding or defenders
        strongest = max(standing, key=lambda m: attack_power(game, m))
        weakest_defender = min(defenders, key=lambda m: layers.power(game, m))
        target = next(c for c in weakest_defender.circles if attackable(opponent, c))
        return Attack(strongest.circle, target)

    @staticmethod
    def _intercept(game: Game, battle: BattleState) -> Action:
        """R-BAT-2: intercept with a lesser member when what it adds turns the battle."""
        defended = b.battling_member(game, battle, 1)
        current = b.margin(game, battle)
        if defended is None or not b.attacker_wins(game, battle, current):
            return PASS
        stat = SPIRIT_INDEX if b.judged_by_spirit(game) else POWER_INDEX
        helpers = [
            (m, value)
            for m in game.interceptors()
            for kind, value in (b.intercept_bonus(m),)
            if kind == stat and value > 0 and _member_worth(m) < _member_worth(defended)
        ]
        enough = [(m, v) for m, v in helpers if v > current]
        if enough:
            return Intercept(min(enough, key=lambda h: (_member_worth(h[0]), h[1]))[0].circle)
        if sum(v for _, v in helpers) > current:
            return Intercept(max(helpers, key=lambda h: h[1])[0].circle)
        return PASS

    @staticmethod
    def _define(game: Game, battle: BattleState, *, forced: bool) -> Action:
        """R-BAT-3: define the cheapest card that wins the battle now; if none, level
        support (a draw for a card) when one more card could close the gap; when a
        card must be defined, the one that helps most in the current judgement."""
        player = game.actor
        state = game.players[player]
        side = b.side_of(battle, player)
        margins = Margins(game, battle)
        current = margins.of(margins.spirit_mode)
        if not forced and _winning(game, battle, current, side):
            return PASS
        best: tuple[tuple[int, float], int] | None = None
        fallback: tuple[tuple[int, float], int] | None = None
        for index in distinct_indices(state.hand):
            card = state.hand[index]
            after = margin_after(game, battle, player, card, margins)
            if _winning(game, battle, after, side):
                key = (1 if card.type is _PARADOX else 0, keep_value(state, index))
                if best is None or key < best[0]:
                    best = (key, index)
            elif card.type is not _PARADOX:
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

    # -- choices abilities ask for ---------------------------------------------------------

    def choice(self, game: Game) -> Action:
        """Answer the waiting :class:`~lalcheck.games.luck_and_logic.engine.pending.Choice`:
        use optional abilities unless they retreat their member or discard from a short hand;
        help own members and hinder the opponent's; discard the least wanted card,
        search for the most wanted; mobilize the strongest member on empty circles."""
        choice = game.choice
        assert choice is not None
        player = choice.player
        state = game.players[player]
        options = choice.options
        kind = choice.kind
        head = game.queue[0]
        if kind is ChoiceKind.USE:
            assert isinstance(head, Resolution)
            kinds = {cost.kind for cost in head.ability.costs}
            short = CostKind.DISCARD in kinds and len(state.hand) < SHORT_HAND + 2
            return PASS if CostKind.RETREAT_SELF in kinds or short else Choose(options[0])
        if kind is ChoiceKind.HAND:
            return Choose(min(options, key=lambda o: keep_value(state, o[0])))
        if kind is ChoiceKind.DECK or kind is ChoiceKind.DROP:
            zone = state.deck if kind is ChoiceKind.DECK else state.drop
            return Choose(max(options, key=lambda o: card_worth(state, zone[o[0]])))
        if kind is ChoiceKind.MEMBER:
            return Choose(_member_choice(game, player, head, options))
        if kind is ChoiceKind.MOBILIZE:
            return Choose(_mobilize_choice(game, player, head, options))
        if kind is ChoiceKind.LEVEL:
            return Choose((self._return_level(state).card,))
        if kind is ChoiceKind.TOOL:
            return Choose(max(options, key=lambda o: state.secret_tools[o[0]].level or 0))
        if kind is ChoiceKind.GATE:
            return Choose(min(options, key=lambda o: (_CIRCLE_ORDER[o[0]], o[0])))
        return Choose(options[0])  # MOVE, PARADOX: any will do


class RushPolicy(GreedyPolicy):
    """The greedy player that races: it fields only as many members as it can attack
    with and attacks the weakest member in reach, never minding its own gates."""

    defends = False


POWER_INDEX, SPIRIT_INDEX = 0, 1


def _winning(game: Game, battle: BattleState, margin: int, side: int) -> bool:
    """R-BAT-5: whether ``side`` wins with this margin (ties by the rules in force)."""
    return b.attacker_wins(game, battle, margin) == (side == 0)


def _define_boost(card: Card, stat: Stat) -> int:
    """What ``card``'s define abilities add to the own side's margin in ``stat``."""
    gain = 0
    for _index, ability in card.abilities.auto.get(_DEFINE_TRIGGER, ()):
        for step in ability.steps:
            if isinstance(step, Boost) and step.stat is stat:
                if step.target.kind is _BATTLING:
                    gain += step.value
                elif step.target.kind is _OPPOSING:
                    gain -= step.value
    return gain


class Margins:
    """The battle's power and spirit margins (attacker minus defender), worked out
    once for all the cards a player considers."""

    __slots__ = ("_power", "_spirit", "battle", "game", "spirit_mode")

    def __init__(self, game: Game, battle: BattleState) -> None:
        self.game = game
        self.battle = battle
        self.spirit_mode = b.judged_by_spirit(game)
        self._power: int | None = None
        self._spirit: int | None = None

    def of(self, spirit_mode: bool) -> int:
        if spirit_mode:
            if self._spirit is None:
                self._spirit = b.spirit(self.game, self.battle, 0) - b.spirit(
                    self.game, self.battle, 1
                )
            return self._spirit
        if self._power is None:
            self._power = b.power(self.game, self.battle, 0) - b.power(self.game, self.battle, 1)
        return self._power


def margin_after(
    game: Game, battle: BattleState, player: int, card: Card, margins: Margins | None = None
) -> int:
    """The battle margin (attacker minus defender) if ``player`` defined ``card`` now."""
    margins = margins or Margins(game, battle)
    spirit_mode = margins.spirit_mode
    logic = card.logic
    paradox = logic is not None and logic.kind is _PARADOX_LOGIC
    if paradox:
        # R-BAT-4: an opponent's face-up paradox cancels it; else spirit decides.
        up = game.up_paradox
        spirit_mode = up is None or up.owner == player
    wanted = _SPIRIT if spirit_mode else _POWER
    gain = _define_boost(card, wanted)
    if logic is not None and not paradox and _LOGIC_STAT.get(logic.kind) is wanted:
        gain += logic.value
    margin = margins.of(spirit_mode)
    return margin + gain if b.side_of(battle, player) == 0 else margin - gain


def attack_power(game: Game, member: Member) -> int:
    """Power while attacking: now, plus what its abilities give an attacking member
    (the usual soul ability, R-TRANCE)."""
    bonus = _attacking_bonus(member.card.abilities)
    for soul in member.souls:
        if soul.soul_abilities is not None:
            bonus += _attacking_bonus(soul.soul_abilities)
    return layers.power(game, member) + bonus


def _attacking_bonus(abilities: Abilities) -> int:
    """The power the continuous abilities give their own member while it attacks."""
    bonus = 0
    for ability in abilities.continuous:
        if any(c.kind is _ATTACKING for c in ability.conditions):
            for modifier in ability.modifiers:
                if (
                    isinstance(modifier, StatModifier)
                    and modifier.stat is _POWER
                    and modifier.to.kind is _SELF
                ):
                    bonus += modifier.value
    return bonus


_HELPS = (Stand, MoveMember)
_HURTS = (Rest, Remove)


def _member_choice(
    game: Game, player: int, head: object, options: tuple[tuple[int, ...], ...]
) -> tuple[int, ...]:
    """Help own members (the battling one first, else the strongest), hinder the
    opponent's strongest; if only own members can be hurt, the least worth."""
    helpful = True
    if isinstance(head, Resolution) and head.started:
        costs = head.ability.costs
        step = head.ability.steps[head.pc - len(costs)] if head.pc >= len(costs) else None
        if isinstance(step, Boost):
            helpful = step.value > 0
        elif isinstance(step, _HURTS):
            helpful = False

    def member(option: tuple[int, ...]) -> Member:
        found = game.players[option[0]].member_at(option[1])
        assert found is not None
        return found

    wanted = [o for o in options if (o[0] == player) == helpful]
    if wanted:
        return max(
            wanted,
            key=lambda o: (layers.battle_side(game, member(o)) >= 0, layers.power(game, member(o))),
        )
    return min(options, key=lambda o: _member_worth(member(o)))


def _mobilize_choice(
    game: Game, player: int, head: object, options: tuple[tuple[int, ...], ...]
) -> tuple[int, ...]:
    """The strongest member, on circles holding no member if it can."""
    state = game.players[player]
    zone = "hand"
    if isinstance(head, Resolution) and head.started:
        costs = head.ability.costs
        step = head.ability.steps[head.pc - len(costs)]
        zone = getattr(step, "source", "hand")
    cards = getattr(state, zone)

    def rank(option: tuple[int, ...]) -> tuple[bool, int, int]:
        card = cards[option[0]]
        empty = all(state.field[c - 1] is None for c in option[1:])
        return empty, card.level or 0, card.power or 0

    return max(options, key=rank)


def keep_value(state: PlayerState, index: int) -> float:
    """How much the greedy player wants to keep a hand card (lower: level or discard it)."""
    return card_worth(state, state.hand[index])


def card_worth(state: PlayerState, card: Card) -> float:
    """How much the greedy player wants a card in hand: members it can mobilize soon
    most (level 5+ never), then paradoxes, then tactics."""
    card_type = card.type
    if card_type is _TACTICS:
        return 1
    if card_type is _PARADOX:
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


def _exposed_circles(state: PlayerState) -> set[int]:
    """The circles an attack can reach and destroy the gate there (R-BAT-1)."""
    destroyed = state.gate_destroyed
    return {c for c in CIRCLES if not destroyed[c - 1] and attackable(state, c)}


def _guard(game: Game, state: PlayerState, exposed: set[int]) -> Move | None:
    """R-TURN-4: move a member that guards nothing (its gates destroyed or out of
    reach) onto an empty circle whose gate an attack can reach (the ``exposed`` ones)."""
    field = state.field
    for member in state.members():
        if not exposed.isdisjoint(member.circles):
            continue
        for circles in shapes(member.card.territory):
            if all(field[c - 1] is None for c in circles) and not exposed.isdisjoint(circles):
                move = Move(member.circle, circles)
                if game.is_legal(move):
                    return move
    return None
