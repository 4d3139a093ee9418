"""The rules of play (R-TURN, R-MOB, R-TER, R-TRANCE, R-LD, R-LUCK, R-BAT, R-WIN, R-ABL).

:class:`Game` is a :class:`~lalcheck.games.luck_and_logic.engine.state.GameState` that knows its
legal actions (generated lazily, python-chess style) and applies them with
:meth:`Game.push`. Everything no player decides (stand, draw, judgement, end
phase) runs inside ``push`` until the next decision; a decision whose only
choice is to pass is skipped.

Card abilities are queued at the moments they hear and resolved by
:mod:`lalcheck.games.luck_and_logic.engine.effects`; when one needs a player's choice the game waits
in :attr:`Phase.CHOOSE` and remembers where the turn goes on afterwards
(:class:`~lalcheck.games.luck_and_logic.engine.pending.Resume`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

from lalcheck.games.luck_and_logic.abilities.model import Ability, Kind, Trigger
from lalcheck.games.luck_and_logic.cards import Card
from lalcheck.games.luck_and_logic.engine import battle as b
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine import effects, trance
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
    LevelSupport,
    LevelUp,
    LogicDrive,
    LuckDrive,
    Mobilize,
    Move,
    Mulligan,
    Pass,
    ReturnLevel,
    Trance,
    TranceChange,
    format_circles,
)
from lalcheck.games.luck_and_logic.engine.deck import GATES_ON_FIELD, DeckList
from lalcheck.games.luck_and_logic.engine.moves import member_moves, move_member
from lalcheck.games.luck_and_logic.engine.pending import Resume
from lalcheck.games.luck_and_logic.engine.state import (
    BATTLE_PHASE,
    CHOOSE_PHASE,
    CIRCLES,
    DEFINE_FORCED_PHASE,
    DEFINE_PHASE,
    DISCARD_PHASE,
    IN_FRONT_OF,
    INTERCEPT_PHASE,
    LEVEL_PHASE,
    LEVEL_RETURN_PHASE,
    MAIN_PHASE,
    MULLIGAN_PHASE,
    OVER_PHASE,
    BattleState,
    EndReason,
    GameState,
    Member,
    Opening,
    Outcome,
    PlayerState,
    distinct_indices,
    shapes,
)
from lalcheck.games.luck_and_logic.engine.trance import can_mobilize
from lalcheck.simulation import engine
from lalcheck.simulation.engine import IllegalActionError as IllegalActionError

# Enum members read on the hot paths: on CPython 3.11 reading a member off an enum class
# goes through the enum metaclass's attribute hook, a module global does not.
_LOGIC_DRIVE = Kind.LOGIC_DRIVE

__all__ = ["Game", "IllegalActionError", "LegalActions", "can_mobilize", "distinct_indices"]


def is_first_copy(cards: list[Card], index: int) -> bool:
    """``index`` names a card and no earlier index holds the same card."""
    if not 0 <= index < len(cards):
        return False
    card = cards[index]
    return all(cards[earlier] is not card for earlier in range(index))


def attackable(defender: PlayerState, circle: int) -> bool:
    """R-BAT-1: front circles always; a back circle once the gate in front of it fell."""
    front = IN_FRONT_OF.get(circle)
    return front is None or defender.gate_destroyed[front - 1]


def attack_targets(defender: PlayerState) -> list[int]:
    """The opponent circles an attack may choose (R-BAT-1)."""
    return [circle for circle in CIRCLES if attackable(defender, circle)]


#: The lazy legal actions of a game (shared by every engine).
LegalActions = engine.LegalActions[Action]


class Game(GameState):
    """A game in progress: its state, legal actions and :meth:`push`."""

    __slots__ = ()

    @classmethod
    def new(
        cls,
        deck_a: DeckList,
        deck_b: DeckList,
        seed: int,
        first_player: int | None = None,
        *,
        log: bool = False,
        turn_limit: int | None = None,
    ) -> Game:
        """R-TURN-0: shuffle, set 6 gates (4 removed), decide the first player
        (at random unless given), draw 5 each; the mulligans come next.

        The game ends undecided after ``turn_limit`` turns of both players (at most
        and by default ``decisions.MAX_TURNS``).
        """
        game = cls(seed, 0, log=log)
        if turn_limit is not None:
            if not 1 <= turn_limit <= d.MAX_TURNS:
                raise ValueError(f"turn_limit must be 1 to {d.MAX_TURNS}, not {turn_limit}")
            game.turn_limit = turn_limit
        rng = game.rng
        for state, deck in zip(game.players, (deck_a, deck_b), strict=True):
            gates = list(deck.gates)
            rng.shuffle(gates)
            state.gates = gates[:GATES_ON_FIELD]
            state.removed = gates[GATES_ON_FIELD:]
            state.deck = list(deck.main)
            rng.shuffle(state.deck)
            state.secret_tools = list(deck.secret_tools)
            state.my_logicalist = deck.my_logicalist
        if first_player is None:
            first_player = rng.randrange(2)
        elif first_player not in (0, 1):
            raise ValueError(f"first_player must be 0 or 1, not {first_player}")
        game.first_player = game.active = first_player
        game.actor = first_player if d.FIRST_PLAYER_MULLIGANS_FIRST else 1 - first_player
        for player in (0, 1):
            game.draw(player, d.OPENING_HAND)
        game.note(first_player, "goes first")
        return game

    # -- queries ---------------------------------------------------------------

    def legal_actions(self) -> LegalActions:
        """The legal actions of the player to act (:attr:`actor`)."""
        return engine.LegalActions(self)  # not through the alias: its call is slow

    def generate_legal_actions(self) -> Iterator[Action]:
        """Every legal action, one per distinct outcome (copies of a card count once)."""
        phase = self.phase
        state = self.players[self.actor]
        if phase is MAIN_PHASE:
            yield from self._main_actions(state)
        elif phase is CHOOSE_PHASE:
            choice = self.choice
            assert choice is not None
            for option in choice.options:
                yield Choose(option)
            if choice.optional:
                yield PASS
        elif phase is BATTLE_PHASE:
            yield from self._attack_actions()
            yield PASS
        elif phase is LEVEL_PHASE:
            for index in distinct_indices(state.hand):
                yield LevelUp(index)
            yield PASS
        elif phase is DEFINE_PHASE or phase is DEFINE_FORCED_PHASE:
            for index in distinct_indices(state.hand):
                yield Define(index)
            if phase is DEFINE_PHASE:
                if b.can_level_support(self, self.actor):
                    yield LEVEL_SUPPORT
                yield PASS
        elif phase is INTERCEPT_PHASE:
            for member in self.interceptors():
                yield Intercept(member.circle)
            yield PASS
        elif phase is DISCARD_PHASE:
            for index in distinct_indices(state.hand):
                yield Discard(index)
        elif phase is LEVEL_RETURN_PHASE:
            for index in state.distinct_level_cards():
                yield ReturnLevel(index)
        elif phase is MULLIGAN_PHASE:
            hand = range(len(state.hand))
            for size in range(len(state.hand) + 1):
                for bottom in combinations(hand, size):
                    yield Mulligan(bottom)

    def _main_actions(self, state: PlayerState) -> Iterator[Action]:
        hand = state.hand
        for index in distinct_indices(hand):
            card = hand[index]
            if can_mobilize(state, card):
                for circles in shapes(card.territory):
                    yield Mobilize(index, circles)
        if not state.trance_used:
            yield from trance.trance_actions(state)
        if not state.trance_change_used:
            yield from trance.trance_change_actions(state)
        yield from self.ability_actions(state)
        if len(state.cost) >= d.LUCK_DRIVE_COST:
            yield LUCK_DRIVE
        yield from self._move_actions(state)
        yield PASS

    def ability_actions(self, state: PlayerState) -> Iterator[LogicDrive | Activate]:
        """R-LD and 【起】: the Logic Drives and activated abilities usable now."""
        for action, _ability in self.usable_abilities(state):
            yield action

    def usable_abilities(
        self, state: PlayerState
    ) -> Iterator[tuple[LogicDrive | Activate, Ability]]:
        """:meth:`ability_actions`, each with the ability it uses."""
        player = self.actor
        for member in state.members():
            for index, _source, position, ability in effects.activated_abilities(member):
                if not effects.may_use(self, player, member, position, index, ability):
                    continue
                if ability.kind is _LOGIC_DRIVE:
                    yield LogicDrive(member.circle, index), ability
                else:
                    yield Activate(member.circle, index), ability

    @staticmethod
    def _move_actions(state: PlayerState) -> Iterator[Move]:
        for member in state.members():
            for circles in member_moves(state, member):
                yield Move(member.circle, circles)

    def _attack_actions(self) -> Iterator[Action]:
        state = self.players[self.active]
        if self.attacks_made >= state.face_up_level_count:
            return
        targets = attack_targets(self.players[1 - self.active])
        for member in state.members():
            if not member.rested:
                for target in targets:
                    yield Attack(member.circle, target)

    def interceptors(self) -> list[Member]:
        """R-BAT-2: the defender's members that may intercept now."""
        battle = self.battle
        assert battle is not None
        return b.interceptors(self, battle)

    def can_attack(self) -> bool:
        """R-TURN-5: attacks left and a standing member to make one."""
        state = self.players[self.active]
        if self.attacks_made >= state.face_up_level_count:
            return False
        return any(m is not None and not m.rested for m in state.field)

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` is one of :meth:`generate_legal_actions` (checked directly)."""
        phase = self.phase
        state = self.players[self.actor]
        kind = type(action)
        if kind is Pass:
            if phase is CHOOSE_PHASE:
                return self.choice is not None and self.choice.optional
            return phase in PASSABLE_PHASES
        if kind is Choose:
            assert isinstance(action, Choose)
            return (
                phase is CHOOSE_PHASE
                and self.choice is not None
                and action.option in self.choice.options
            )
        if kind is Mobilize:
            assert isinstance(action, Mobilize)
            if phase is not MAIN_PHASE or not is_first_copy(state.hand, action.card):
                return False
            card = state.hand[action.card]
            return can_mobilize(state, card) and action.circles in shapes(card.territory)
        if kind is Attack:
            assert isinstance(action, Attack)
            if phase is not BATTLE_PHASE or self.attacks_made >= state.face_up_level_count:
                return False
            member = state.member_at(action.attacker)
            return (
                member is not None
                and not member.rested
                and 1 <= action.target <= 6
                and attackable(self.players[1 - self.active], action.target)
            )
        if kind is LevelUp:
            assert isinstance(action, LevelUp)
            return phase is LEVEL_PHASE and is_first_copy(state.hand, action.card)
        if kind is Define:
            assert isinstance(action, Define)
            return phase in _DEFINING and is_first_copy(state.hand, action.card)
        if kind is Discard:
            assert isinstance(action, Discard)
            return phase is DISCARD_PHASE and is_first_copy(state.hand, action.card)
        if kind is LuckDrive:
            return phase is MAIN_PHASE and len(state.cost) >= d.LUCK_DRIVE_COST
        if kind is LevelSupport:
            return phase is DEFINE_PHASE and b.can_level_support(self, self.actor)
        if kind is Intercept:
            assert isinstance(action, Intercept)
            return phase is INTERCEPT_PHASE and any(
                m.circle == action.circle for m in self.interceptors()
            )
        if kind is LogicDrive or kind is Activate:
            assert isinstance(action, LogicDrive | Activate)
            member = state.member_at(action.circle)
            if phase is not MAIN_PHASE or member is None:
                return False
            ability = effects.can_use(self, self.actor, member, action.ability)
            wanted = Kind.LOGIC_DRIVE if kind is LogicDrive else Kind.ACTIVATED
            return ability is not None and ability.kind is wanted
        if kind is Trance:
            assert isinstance(action, Trance)
            return (
                phase is MAIN_PHASE
                and not state.trance_used
                and trance.is_legal_trance(state, action)
            )
        if kind is TranceChange:
            assert isinstance(action, TranceChange)
            return (
                phase is MAIN_PHASE
                and not state.trance_change_used
                and trance.is_legal_trance_change(state, action)
            )
        if kind is Move:
            assert isinstance(action, Move)
            member = state.member_at(action.circle)
            return (
                phase is MAIN_PHASE
                and member is not None
                and action.circles in set(member_moves(state, member))
            )
        if kind is ReturnLevel or kind is Mulligan:
            return action in set(self.generate_legal_actions())
        return False

    # -- applying actions ------------------------------------------------------

    def push(self, action: Action) -> None:
        """Apply the actor's action, then run the game on to the next decision.

        The action is not checked: use :meth:`is_legal` (or ``action in
        game.legal_actions()``) for actions from outside.
        """
        if self.outcome is not None:
            raise IllegalActionError("the game is over")
        self.actions.append(action)
        _HANDLERS[type(action)](self, action)
        if self.outcome is None and (self.losers[0] or self.losers[1]):
            self._check_over()

    def push_legal(self, action: Action) -> None:
        """Apply ``action`` after checking that it is legal."""
        engine.push_legal(self, action)

    # -- abilities: resolving, then going on ---------------------------------------------

    def _settle(self, resume: Resume) -> None:
        """Resolve the queued abilities, then go on at ``resume``; when one needs a
        choice, wait for it in :attr:`Phase.CHOOSE`."""
        if (self.losers[0] or self.losers[1]) and self._check_over():
            return
        if not self.queue or effects.resolve(self):
            self.resume = None
            if not ((self.losers[0] or self.losers[1]) and self._check_over()):
                _RESUME[resume](self)
            return
        choice = self.choice
        assert choice is not None
        self.resume = resume
        self.phase = CHOOSE_PHASE
        self.actor = choice.player

    def _choose(self, action: Choose) -> None:
        effects.choose(self, action.option)
        self._carry_on()

    def _carry_on(self) -> None:
        resume = self.resume
        assert resume is not None
        self._settle(resume)

    def _to_main(self) -> None:
        self.phase = MAIN_PHASE
        self.actor = self.active

    def _battle_end(self) -> None:
        b.clear(self)
        self.battle = None
        self._battle_goes_on()

    def _intercept_step_again(self) -> None:
        battle = self.battle
        assert battle is not None
        self._intercept_step(battle)

    def _definition_again(self) -> None:
        battle = self.battle
        assert battle is not None
        self._advance_definition(battle)

    # -- the turn --------------------------------------------------------------------------

    def _mulligan(self, action: Mulligan) -> None:
        player = self.actor
        state = self.players[player]
        opening = tuple(state.hand)
        bottom = [state.hand[i] for i in action.bottom]
        for index in sorted(action.bottom, reverse=True):
            del state.hand[index]
        for card in bottom:
            state.deck.insert(0, card)
        if self.log is not None:
            self.note(player, f"puts {len(bottom)} on the bottom" if bottom else "keeps")
        self.draw(player, len(bottom))
        self.openings[player] = Opening(opening, tuple(bottom), tuple(state.hand))
        if self.openings[1 - player] is None:
            self.actor = 1 - player
        else:
            self._begin_turn()

    def _begin_turn(self) -> None:
        """R-TURN-1 stand, turn_start abilities, then R-TURN-2 draw."""
        self.turn += 1
        player = self.actor = self.active
        state = self.players[player]
        state.turns += 1
        state.trance_used = state.trance_change_used = state.logic_drive_used = False
        for each in self.players:
            each.used = frozenset()
        self.attacks_made = 0
        for member in state.field:
            if member is not None:
                member.rested = False
        state.level_rested = [False] * len(state.level)
        if self.log is not None:
            hand = len(state.hand)
            self.note(player, f"-- turn {state.turns} (level {state.level_count}, hand {hand})")
        effects.fire(self, player, Trigger.TURN_START)
        self._settle(Resume.DRAW_PHASE)

    def _draw_phase(self) -> None:
        """R-TURN-2: draw 2, charge 1, then the level phase."""
        player = self.active
        self.draw(player, d.DRAW_PHASE_DRAWS)
        self.charge(player, d.DRAW_PHASE_CHARGES)
        if self._check_over():
            return
        self.actor = player
        self.phase = LEVEL_PHASE if self.players[player].hand else MAIN_PHASE

    def _level_up(self, action: LevelUp) -> None:
        """R-TURN-3: face down on the first player's first turn; return one at 5 cards."""
        player = self.actor
        state = self.players[player]
        card = state.hand.pop(action.card)
        face_up = not (player == self.first_player and state.turns == 1)
        state.level.append(card)
        state.level_face_up.append(face_up)
        state.level_rested.append(False)
        if self.log is not None:
            self.note(player, f"levels up with {card.label() if face_up else 'a face-down card'}")
        if len(state.level) >= d.LEVEL_ZONE_RETURN_AT:
            self.phase = LEVEL_RETURN_PHASE
        else:
            self._leveled(player)

    def _return_level(self, action: ReturnLevel) -> None:
        state = self.players[self.actor]
        card = state.level.pop(action.card)
        del state.level_face_up[action.card]
        del state.level_rested[action.card]
        state.take(card)
        self.note(self.actor, f"returns {card.label()} from the level zone")
        self._leveled(self.actor)

    def _leveled(self, player: int) -> None:
        effects.fire(self, player, Trigger.LEVEL_UP)
        self._settle(Resume.MAIN)

    def _mobilize(self, action: Mobilize) -> None:
        """R-MOB: pay the cost, replace members on the circles, the member stands."""
        player = self.actor
        state = self.players[player]
        card = state.hand.pop(action.card)
        state.pay(card.cost or 0)
        member = self.new_member(card, action.circles)
        state.place(member)
        if self.log is not None:
            self.note(player, f"mobilizes {card.label()} on {format_circles(action.circles)}")
        effects.fire(self, player, Trigger.MOBILIZE, member=member, from_hand=True)
        self._settle(Resume.MAIN)

    def _trance(self, action: Trance) -> None:
        trance.trance(self, self.actor, action)
        self._settle(Resume.MAIN)

    def _trance_change(self, action: TranceChange) -> None:
        trance.trance_change(self, self.actor, action)
        self._settle(Resume.MAIN)

    def _use_ability(self, action: LogicDrive | Activate) -> None:
        """R-LD / 【起】: queue the ability (it pays its cost as it resolves)."""
        player = self.actor
        member = self.players[player].member_at(action.circle)
        assert member is not None
        ability = effects.activate(self, player, member, action.ability)
        if ability.kind is Kind.LOGIC_DRIVE:
            self.note(player, f"Logic Drive of {member.card.label()}")
            effects.fire(self, player, Trigger.LOGIC_DRIVE)
        self._settle(Resume.MAIN)

    def _luck_drive(self, action: LuckDrive) -> None:
        player = self.actor
        self.players[player].pay(d.LUCK_DRIVE_COST)
        self.note(player, "Luck Drive")
        self.draw(player, d.LUCK_DRIVE_DRAWS)

    def _move(self, action: Move) -> None:
        move_member(self, self.actor, action.circle, action.circles)

    # -- battle ------------------------------------------------------------------------------

    def _attack(self, action: Attack) -> None:
        """R-BAT-1: rest the attacker; an empty circle loses its gate, a member battles."""
        player = self.active
        state = self.players[player]
        attacker = state.member_at(action.attacker)
        assert attacker is not None
        attacker.rested = True
        self.attacks_made += 1
        defender = self.players[1 - player]
        target = defender.field[action.target - 1]
        if self.log is not None:
            self.note(player, f"{attacker.card.label()} attacks circle {action.target}")
        self.attack_target = action.target
        if target is not None:
            bonus = ([0, 0, 0], [0, 0, 0])
            self.battle = BattleState(
                player, attacker.uid, target.uid, action.target, bonus, 1 - player
            )
        effects.fire(self, player, Trigger.ATTACK, member=attacker)
        if target is not None:
            effects.fire(self, 1 - player, Trigger.ATTACKED, member=target)
        self._settle(Resume.ATTACK)

    def _after_attack(self) -> None:
        """After the attack abilities: the gate falls, or the intercept step begins."""
        battle = self.battle
        if battle is None:
            effects.destroy_gate(self, 1 - self.active, self.attack_target)
            self._settle(Resume.BATTLE)
            return
        if b.is_void(self, battle):
            self._finish_battle(battle)
            return
        self._intercept_step(battle)

    def _intercept_step(self, battle: BattleState) -> None:
        """R-BAT-2: the defender intercepts as long as it wants and can."""
        if b.is_void(self, battle):
            self._finish_battle(battle)
        elif self.interceptors():
            self.phase = INTERCEPT_PHASE
            self.actor = 1 - battle.attacker
        else:
            self._start_definition(battle)

    def _battle_goes_on(self) -> None:
        """The next attack, or the end phase when none is left."""
        self.phase = BATTLE_PHASE
        self.actor = self.active
        if not self.can_attack():
            self._end_phase()

    def _intercept(self, action: Intercept) -> None:
        battle = self.battle
        assert battle is not None
        player = self.actor
        member = self.players[player].member_at(action.circle)
        assert member is not None
        b.intercept(self, battle, member)
        effects.fire(self, player, Trigger.INTERCEPT, member=member)
        self._settle(Resume.INTERCEPT)

    def _start_definition(self, battle: BattleState) -> None:
        """R-BAT-3: logic definition, the defender first."""
        self.phase = DEFINE_PHASE
        battle.to_define = 1 - battle.attacker
        battle.passes = 0
        self._advance_definition(battle)

    def _advance_definition(self, battle: BattleState) -> None:
        """Alternate until both battle zones are full or both players pass in a row.

        A player who cannot define passes without being asked.
        """
        while True:
            rooms = b.rooms(self, battle)
            if rooms is None or battle.passes >= 2 or not (rooms[0] or rooms[1]):
                self._finish_battle(battle)
                return
            player = battle.to_define
            if rooms[player] and b.has_a_card_to_define(self, player):
                self.phase = DEFINE_PHASE
                self.actor = player
                return
            battle.passes += 1
            battle.to_define = 1 - player

    def _define(self, action: Define) -> None:
        battle = self.battle
        assert battle is not None
        player = self.actor
        b.define(self, player, action.card)
        battle.passes = 0
        battle.to_define = 1 - player
        self._settle(Resume.DEFINITION)

    def _level_support(self, action: LevelSupport) -> None:
        b.level_support(self, self.actor)
        if not self._check_over():
            self.phase = DEFINE_FORCED_PHASE

    def _finish_battle(self, battle: BattleState) -> None:
        """R-BAT-5: judge, then battle_won / battle_lost abilities, then R-BAT-6."""
        result = b.judge(self, battle)
        if result is not None:
            winner, loser = result
            won_by = battle.attacker if winner.uid == battle.attacker_uid else 1 - battle.attacker
            heard = [
                (won_by, Trigger.BATTLE_WON, winner),
                (1 - won_by, Trigger.BATTLE_LOST, loser),
            ]
            heard.sort(key=lambda event: event[0] != self.active)  # the turn player's first
            for player, trigger, member in heard:
                effects.fire(self, player, trigger, member=member)
        self._settle(Resume.BATTLE_END)

    def _pass(self, action: Pass) -> None:
        phase = self.phase
        if phase is CHOOSE_PHASE:
            effects.decline(self)
            self._carry_on()
        elif phase is MAIN_PHASE:
            self.phase = BATTLE_PHASE
            if not self.can_attack():
                self._end_phase()
        elif phase is LEVEL_PHASE:
            self.phase = MAIN_PHASE
        elif phase is BATTLE_PHASE:
            self._end_phase()
        elif phase is INTERCEPT_PHASE:
            assert self.battle is not None
            self._start_definition(self.battle)
        else:
            battle = self.battle
            assert battle is not None
            battle.passes += 1
            battle.to_define = 1 - self.actor
            self._advance_definition(battle)

    # -- the end of the turn --------------------------------------------------------------------

    def _end_phase(self) -> None:
        """R-TURN-6: turn_end abilities first, then the end of the turn."""
        effects.fire(self, self.active, Trigger.TURN_END)
        self._settle(Resume.END_PHASE)

    def _end_of_turn(self) -> None:
        """Paradox zones to the drop zone, "this turn" effects end, hand limit."""
        for state in self.players:
            if state.paradox:
                state.drop.extend(state.paradox)
                state.paradox.clear()
            for member in state.field:
                if member is not None:
                    member.power_bonus = member.spirit_bonus = member.limit_bonus = 0
        self.up_paradox = None
        self.rules_until = ()
        self._hand_limit()

    def _hand_limit(self) -> None:
        """R-ZONE-2: the first player over the hand limit discards, else the turn ends."""
        active = self.active
        for player in (active,) if d.HAND_LIMIT_TURN_PLAYER_ONLY else (active, 1 - active):
            if len(self.players[player].hand) > d.HAND_LIMIT:
                self.phase = DISCARD_PHASE
                self.actor = player
                return
        self.actor = active
        self._next_turn()

    def _discard(self, action: Discard) -> None:
        state = self.players[self.actor]
        card = state.hand.pop(action.card)
        state.drop.append(card)
        if self.log is not None:
            self.note(self.actor, f"discards {card.label()}")
        if len(state.hand) <= d.HAND_LIMIT:
            self._hand_limit()

    def _next_turn(self) -> None:
        self.summaries.append(self.summarize(self.active))
        if self.turn >= self.turn_limit:
            self._finish(Outcome(None, EndReason.TURN_LIMIT))
            return
        self.active = 1 - self.active
        self._begin_turn()

    # -- the end (R-WIN) -------------------------------------------------------

    def _check_over(self) -> bool:
        """R-WIN-1/2/3: end the game when a player has lost (both at once: a draw)."""
        if self.outcome is not None:
            return True
        lost_a, lost_b = self.losers
        if not (lost_a or lost_b):
            return False
        if lost_a and lost_b:
            self._finish(Outcome(None, EndReason.BOTH_LOST))
        else:
            loser = 0 if lost_a else 1
            gates_lost = all(self.players[loser].gate_destroyed)
            reason = EndReason.GATES if gates_lost else EndReason.REFRESH
            self._finish(Outcome(1 - loser, reason))
        return True

    def _finish(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase = OVER_PHASE
        self.queue = ()
        self.choice = None
        summary = self.summarize(self.active)
        last = self.summaries[-1] if self.summaries else None
        if last is None or (last.player, last.turn) != (summary.player, summary.turn):
            self.summaries.append(summary)
        if self.log is not None:
            self.note(self.active, f"game over: {outcome}")


#: Decisions a player may decline with :class:`Pass` (a CHOOSE only when optional).
PASSABLE_PHASES = frozenset({LEVEL_PHASE, MAIN_PHASE, BATTLE_PHASE, INTERCEPT_PHASE, DEFINE_PHASE})
_DEFINING = frozenset({DEFINE_PHASE, DEFINE_FORCED_PHASE})

#: Where the turn goes on once the waiting abilities resolved (:class:`Resume`).
_RESUME: dict[Resume, Callable[[Game], None]] = {
    Resume.DRAW_PHASE: Game._draw_phase,
    Resume.MAIN: Game._to_main,
    Resume.ATTACK: Game._after_attack,
    Resume.BATTLE: Game._battle_goes_on,
    Resume.INTERCEPT: Game._intercept_step_again,
    Resume.DEFINITION: Game._definition_again,
    Resume.BATTLE_END: Game._battle_end,
    Resume.END_PHASE: Game._end_of_turn,
}

_HANDLERS: dict[type, Callable[[Game, Any], None]] = {
    Mulligan: Game._mulligan,
    LevelUp: Game._level_up,
    ReturnLevel: Game._return_level,
    Mobilize: Game._mobilize,
    Move: Game._move,
    Trance: Game._trance,
    TranceChange: Game._trance_change,
    LogicDrive: Game._use_ability,
    Activate: Game._use_ability,
    LuckDrive: Game._luck_drive,
    Attack: Game._attack,
    Intercept: Game._intercept,
    Define: Game._define,
    LevelSupport: Game._level_support,
    Discard: Game._discard,
    Choose: Game._choose,
    Pass: Game._pass,
}
