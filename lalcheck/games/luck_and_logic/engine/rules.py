"""The rules of play (R-TURN, R-MOB, R-TER, R-TRANCE, R-LD, R-LUCK, R-BAT, R-WIN).

:class:`Game` is a :class:`~lalcheck.games.luck_and_logic.engine.state.GameState` that knows its
legal actions (generated lazily, python-chess style) and applies them with
:meth:`Game.push`. Everything no player decides (stand, draw, judgement, end
phase) runs inside ``push`` until the next decision; a decision whose only
choice is to pass is skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

from lalcheck.games.luck_and_logic.cards import Card, CardType, Color, Trigger
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
    LevelSupport,
    LevelUp,
    LogicDrive,
    LuckDrive,
    Mobilize,
    Move,
    Mulligan,
    Pass,
    ReturnLevel,
    Swap,
    Trance,
    TranceChange,
    format_circles,
)
from lalcheck.games.luck_and_logic.engine.deck import GATES_ON_FIELD, DeckList
from lalcheck.games.luck_and_logic.engine.effects import run_effects
from lalcheck.games.luck_and_logic.engine.state import (
    CIRCLES,
    IN_FRONT_OF,
    BattleState,
    EndReason,
    GameState,
    Member,
    Opening,
    Outcome,
    Phase,
    PlayerState,
    shapes,
)
from lalcheck.simulation import engine
from lalcheck.simulation.engine import IllegalActionError as IllegalActionError


def distinct_indices(cards: list[Card]) -> list[int]:
    """Index of the first copy of each distinct card: copies are interchangeable."""
    seen: set[int] = set()
    indices = []
    for index, card in enumerate(cards):
        key = id(card)
        if key not in seen:
            seen.add(key)
            indices.append(index)
    return indices


def is_first_copy(cards: list[Card], index: int) -> bool:
    """``index`` names a card and no earlier index holds the same card."""
    if not 0 <= index < len(cards):
        return False
    card = cards[index]
    return all(cards[earlier] is not card for earlier in range(index))


def shares_color_or_world(card: Card, other: Card) -> bool:
    """R-MOB: same color (colorless only if ``decisions.COLORLESS_IS_A_COLOR``) or
    same world (world-less cards share none)."""
    color = card.color
    if (
        color is not None
        and other.color is color
        and (color is not Color.COLORLESS or d.COLORLESS_IS_A_COLOR)
    ):
        return True
    return card.world is not None and other.world is card.world


def can_mobilize(state: PlayerState, card: Card) -> bool:
    """R-MOB: a member of level <= the player's level whose cost can be paid; a
    transunion also needs a level card of its color or world."""
    if not card.type.is_member:
        return False
    if card.level is None or card.level > len(state.level):
        return False
    if (card.cost or 0) > len(state.cost):
        return False
    if card.type is CardType.TRANSUNION:
        for level_card, face_up in zip(state.level, state.level_face_up, strict=True):
            if (face_up or d.FACE_DOWN_LEVEL_CARD_ENABLES_TRANSUNION) and shares_color_or_world(
                card, level_card
            ):
                return True
        return False
    return True


def attackable(defender: PlayerState, circle: int) -> bool:
    """R-BAT-1: front circles always; a back circle once the gate in front of it fell."""
    front = IN_FRONT_OF.get(circle)
    return front is None or defender.gate_destroyed[front - 1]


def attack_targets(defender: PlayerState) -> list[int]:
    """The opponent circles an attack may choose (R-BAT-1)."""
    return [circle for circle in CIRCLES if attackable(defender, circle)]


def _equivalent(one: Member, other: Member) -> bool:
    return (
        one.card is other.card
        and one.rested == other.rested
        and one.souls == other.souls
        and one.power_bonus == other.power_bonus
        and one.spirit_bonus == other.spirit_bonus
        and one.limit_bonus == other.limit_bonus
    )


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
        return LegalActions(self)

    def generate_legal_actions(self) -> Iterator[Action]:
        """Every legal action, one per distinct outcome (copies of a card count once)."""
        phase = self.phase
        state = self.players[self.actor]
        if phase is Phase.MAIN:
            yield from self._main_actions(state)
        elif phase is Phase.BATTLE:
            yield from self._attack_actions()
            yield PASS
        elif phase is Phase.LEVEL:
            for index in distinct_indices(state.hand):
                yield LevelUp(index)
            yield PASS
        elif phase is Phase.DEFINE or phase is Phase.DEFINE_FORCED:
            for index in distinct_indices(state.hand):
                yield Define(index)
            if phase is Phase.DEFINE:
                if b.can_level_support(self, self.actor):
                    yield LEVEL_SUPPORT
                yield PASS
        elif phase is Phase.INTERCEPT:
            for member in self.interceptors():
                yield Intercept(member.circle)
            yield PASS
        elif phase is Phase.DISCARD:
            for index in distinct_indices(state.hand):
                yield Discard(index)
        elif phase is Phase.LEVEL_RETURN:
            seen: set[tuple[int, bool]] = set()
            for index, card in enumerate(state.level):
                key = (id(card), state.level_face_up[index])
                if key not in seen:
                    seen.add(key)
                    yield ReturnLevel(index)
        elif phase is Phase.MULLIGAN:
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
        yield from self.trance_actions()
        yield from self.trance_change_actions()
        if not state.logic_drive_used:
            for member in state.members():
                if self.has_logic_drive(member):
                    yield LogicDrive(member.circle)
        if len(state.cost) >= d.LUCK_DRIVE_COST:
            yield LUCK_DRIVE
        yield from self._move_actions(state)
        yield PASS

    def _move_actions(self, state: PlayerState) -> Iterator[Action]:
        members = state.members()
        field = state.field
        for member in members:
            for circles in shapes(member.card.territory):
                if circles != member.circles and all(
                    field[c - 1] is None or field[c - 1] is member for c in circles
                ):
                    yield Move(member.circle, circles)
        singles = [m for m in members if len(m.circles) == 1]
        for i, one in enumerate(singles):
            for other in singles[i + 1 :]:
                if not _equivalent(one, other):
                    yield Swap(one.circle, other.circle)

    def transunion_sources(
        self, state: PlayerState, name: str | None = None
    ) -> list[tuple[int, bool, Card]]:
        """Mobilizable transunions (or TC forms named ``name``) in hand and deck."""
        found = []
        for from_deck, cards in ((False, state.hand), (True, state.deck)):
            for index in distinct_indices(cards):
                card = cards[index]
                wanted = card.type is CardType.TRANSUNION if name is None else card.name == name
                if wanted and can_mobilize(state, card):
                    found.append((index, from_deck, card))
        return found

    def soul_candidates(self, state: PlayerState) -> tuple[list[Member | None], list[Member]]:
        """Logicalists (None: an unused My Logicalist) and foreigners that can trance."""
        members = state.members()
        foreigners = [m for m in members if m.card.type is CardType.FOREIGNER]
        logicalists: list[Member | None] = [m for m in members if m.card.type in d.LOGICALIST_TYPES]
        if state.my_logicalist is not None and not state.my_logicalist_used:
            logicalists.append(None)
        return logicalists, foreigners

    def trance_actions(self) -> Iterator[Trance]:
        """R-TRANCE: once per turn, a logicalist (or My Logicalist, once per game) and
        a foreigner on the field fuse into a transunion from hand or deck."""
        state = self.players[self.actor]
        if self.phase is not Phase.MAIN or state.trance_used:
            return
        logicalists, foreigners = self.soul_candidates(state)
        if not logicalists or not foreigners:
            return
        sources = self.transunion_sources(state)
        for logicalist in logicalists:
            for foreigner in foreigners:
                soul_circles = set(foreigner.circles)
                if logicalist is not None:
                    soul_circles.update(logicalist.circles)
                for index, from_deck, card in sources:
                    for circles in shapes(card.territory):
                        if d.TRANCE_ON_TOP_OF_SOUL and soul_circles.isdisjoint(circles):
                            continue
                        yield Trance(
                            None if logicalist is None else logicalist.circle,
                            foreigner.circle,
                            index,
                            from_deck,
                            circles,
                        )

    def _is_legal_trance(self, action: Trance) -> bool:
        state = self.players[self.actor]
        if self.phase is not Phase.MAIN or state.trance_used:
            return False
        foreigner = state.member_at(action.foreigner)
        if foreigner is None or foreigner.card.type is not CardType.FOREIGNER:
            return False
        soul_circles = set(foreigner.circles)
        if action.logicalist is None:
            if state.my_logicalist is None or state.my_logicalist_used:
                return False
        else:
            logicalist = state.member_at(action.logicalist)
            if logicalist is None or logicalist.card.type not in d.LOGICALIST_TYPES:
                return False
            soul_circles.update(logicalist.circles)
        return self._is_legal_source(
            state, action.transunion, action.from_deck, None, action.circles, soul_circles
        )

    def _is_legal_source(
        self,
        state: PlayerState,
        index: int,
        from_deck: bool,
        name: str | None,
        circles: tuple[int, ...],
        soul_circles: set[int],
    ) -> bool:
        cards = state.deck if from_deck else state.hand
        if not is_first_copy(cards, index):
            return False
        card = cards[index]
        wanted = card.type is CardType.TRANSUNION if name is None else card.name == name
        return (
            wanted
            and can_mobilize(state, card)
            and circles in shapes(card.territory)
            and not (d.TRANCE_ON_TOP_OF_SOUL and soul_circles.isdisjoint(circles))
        )

    def trance_change_actions(self) -> Iterator[TranceChange]:
        """R-TRANCE: once per turn, a transunion with TC and a foreigner fuse into its TC form."""
        state = self.players[self.actor]
        if self.phase is not Phase.MAIN or state.trance_change_used:
            return
        members = state.members()
        foreigners = [m for m in members if m.card.type is CardType.FOREIGNER]
        for transunion in members:
            form_name = transunion.card.trance_change
            if not form_name or transunion.card.type is not CardType.TRANSUNION:
                continue
            sources = self.transunion_sources(state, form_name)
            for foreigner in foreigners:
                soul_circles = set(foreigner.circles) | set(transunion.circles)
                for index, from_deck, card in sources:
                    for circles in shapes(card.territory):
                        if d.TRANCE_ON_TOP_OF_SOUL and soul_circles.isdisjoint(circles):
                            continue
                        yield TranceChange(
                            transunion.circle, foreigner.circle, index, from_deck, circles
                        )

    def _is_legal_trance_change(self, action: TranceChange) -> bool:
        state = self.players[self.actor]
        if self.phase is not Phase.MAIN or state.trance_change_used:
            return False
        transunion = state.member_at(action.transunion)
        foreigner = state.member_at(action.foreigner)
        if (
            transunion is None
            or foreigner is None
            or foreigner.card.type is not CardType.FOREIGNER
            or transunion.card.type is not CardType.TRANSUNION
            or not transunion.card.trance_change
        ):
            return False
        return self._is_legal_source(
            state,
            action.form,
            action.from_deck,
            transunion.card.trance_change,
            action.circles,
            set(transunion.circles) | set(foreigner.circles),
        )

    @staticmethod
    def has_logic_drive(member: Member) -> bool:
        """R-LD: a transunion with soul and a Logic Drive ability."""
        return (
            member.card.type is CardType.TRANSUNION
            and bool(member.souls)
            and any(effect.trigger is Trigger.LOGIC_DRIVE for effect in member.card.effects)
        )

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
        """R-BAT-2: the defender's logicalists and foreigners other than the attacked member."""
        battle = self.battle
        assert battle is not None
        defender = self.players[1 - battle.attacker]
        return [
            m
            for m in defender.members()
            if m.circle != battle.defender_circle and m.card.type in d.INTERCEPTOR_TYPES
        ]

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
            return phase in PASSABLE_PHASES
        if kind is Mobilize:
            assert isinstance(action, Mobilize)
            if phase is not Phase.MAIN or not is_first_copy(state.hand, action.card):
                return False
            card = state.hand[action.card]
            return can_mobilize(state, card) and action.circles in shapes(card.territory)
        if kind is Attack:
            assert isinstance(action, Attack)
            if phase is not Phase.BATTLE or self.attacks_made >= state.face_up_level_count:
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
            return phase is Phase.LEVEL and is_first_copy(state.hand, action.card)
        if kind is Define:
            assert isinstance(action, Define)
            return phase in _DEFINING and is_first_copy(state.hand, action.card)
        if kind is Discard:
            assert isinstance(action, Discard)
            return phase is Phase.DISCARD and is_first_copy(state.hand, action.card)
        if kind is LuckDrive:
            return phase is Phase.MAIN and len(state.cost) >= d.LUCK_DRIVE_COST
        if kind is LevelSupport:
            return phase is Phase.DEFINE and b.can_level_support(self, self.actor)
        if kind is Intercept:
            assert isinstance(action, Intercept)
            return phase is Phase.INTERCEPT and any(
                m.circle == action.circle for m in self.interceptors()
            )
        if kind is LogicDrive:
            assert isinstance(action, LogicDrive)
            member = state.member_at(action.circle)
            return (
                phase is Phase.MAIN
                and not state.logic_drive_used
                and member is not None
                and self.has_logic_drive(member)
            )
        if kind is Trance:
            assert isinstance(action, Trance)
            return self._is_legal_trance(action)
        if kind is TranceChange:
            assert isinstance(action, TranceChange)
            return self._is_legal_trance_change(action)
        if kind is Move or kind is Swap:
            return phase is Phase.MAIN and action in set(self._move_actions(state))
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
        self._check_over()

    def push_legal(self, action: Action) -> None:
        """Apply ``action`` after checking that it is legal."""
        engine.push_legal(self, action)

    def _mulligan(self, action: Mulligan) -> None:
        player = self.actor
        state = self.players[player]
        opening = tuple(state.hand)
        bottom = [state.hand[i] for i in action.bottom]
        for index in sorted(action.bottom, reverse=True):
            del state.hand[index]
        for card in bottom:
            state.deck.insert(0, card)
        self.note(player, f"puts {len(bottom)} on the bottom" if bottom else "keeps")
        self.draw(player, len(bottom))
        self.openings[player] = Opening(opening, tuple(bottom), tuple(state.hand))
        if self.openings[1 - player] is None:
            self.actor = 1 - player
        else:
            self._begin_turn()

    def _begin_turn(self) -> None:
        """R-TURN-1 stand and R-TURN-2 draw, then the level phase."""
        self.turn += 1
        player = self.actor = self.active
        state = self.players[player]
        state.turns += 1
        state.trance_used = state.trance_change_used = state.logic_drive_used = False
        self.attacks_made = 0
        for member in state.field:
            if member is not None:
                member.rested = False
        state.level_rested = [False] * len(state.level)
        if self.log is not None:
            hand = len(state.hand)
            self.note(player, f"-- turn {state.turns} (level {state.level_count}, hand {hand})")
        self.draw(player, d.DRAW_PHASE_DRAWS)
        self.charge(player, d.DRAW_PHASE_CHARGES)
        if self._check_over():
            return
        self.phase = Phase.LEVEL if state.hand else Phase.MAIN

    def _level_up(self, action: LevelUp) -> None:
        """R-TURN-3: face down on the first player's first turn; return one at 5 cards."""
        player = self.actor
        state = self.players[player]
        card = state.hand.pop(action.card)
        face_up = not (player == self.first_player and state.turns == 1)
        state.level.append(card)
        state.level_face_up.append(face_up)
        state.level_rested.append(False)
        self.note(player, f"levels up with {card.label() if face_up else 'a face-down card'}")
        if len(state.level) >= d.LEVEL_ZONE_RETURN_AT:
            self.phase = Phase.LEVEL_RETURN
        else:
            self.phase = Phase.MAIN

    def _return_level(self, action: ReturnLevel) -> None:
        state = self.players[self.actor]
        card = state.level.pop(action.card)
        del state.level_face_up[action.card]
        del state.level_rested[action.card]
        state.take(card)
        self.note(self.actor, f"returns {card.label()} from the level zone")
        self.phase = Phase.MAIN

    def _mobilize(self, action: Mobilize) -> None:
        """R-MOB: pay the cost, replace members on the circles, the member stands."""
        player = self.actor
        state = self.players[player]
        card = state.hand.pop(action.card)
        state.pay(card.cost or 0)
        member = Member(card, action.circles)
        state.place(member)
        self.note(player, f"mobilizes {card.label()} on {format_circles(action.circles)}")
        run_effects(self, player, card, Trigger.MOBILIZE, member)

    def _fuse(
        self, souls: list[Member], index: int, from_deck: bool, circles: tuple[int, ...]
    ) -> Member:
        """R-TRANCE: take the transunion, pay, and mobilize it with ``souls`` under it.

        A deck emptied by the search is refreshed after the transunion is mobilized.
        """
        player = self.actor
        state = self.players[player]
        card = (state.deck if from_deck else state.hand).pop(index)
        state.pay(card.cost or 0)
        soul_cards: list[Card] = []
        for soul in souls:
            state.remove_member(soul)
            soul_cards.append(soul.card)
            soul_cards.extend(soul.souls)
        member = Member(card, circles, tuple(soul_cards))
        state.place(member)
        if from_deck:
            if not state.deck:
                self.refresh(player)
            elif d.SHUFFLE_AFTER_DECK_SEARCH:
                self.rng.shuffle(state.deck)
        return member

    def _trance(self, action: Trance) -> None:
        player = self.actor
        state = self.players[player]
        foreigner = state.member_at(action.foreigner)
        assert foreigner is not None
        souls = [foreigner]
        if action.logicalist is None:
            state.my_logicalist_used = True
        else:
            logicalist = state.member_at(action.logicalist)
            assert logicalist is not None
            souls.insert(0, logicalist)
        state.trance_used = True
        member = self._fuse(souls, action.transunion, action.from_deck, action.circles)
        self.note(
            player,
            f"trances into {member.card.label()} on {format_circles(action.circles)}"
            f" (soul {len(member.souls)})",
        )
        run_effects(self, player, member.card, Trigger.MOBILIZE, member)

    def _trance_change(self, action: TranceChange) -> None:
        player = self.actor
        state = self.players[player]
        transunion = state.member_at(action.transunion)
        foreigner = state.member_at(action.foreigner)
        assert transunion is not None and foreigner is not None
        state.trance_change_used = True
        member = self._fuse([transunion, foreigner], action.form, action.from_deck, action.circles)
        self.note(player, f"trance changes into {member.card.label()} (soul {len(member.souls)})")
        run_effects(self, player, member.card, Trigger.MOBILIZE, member)

    def _logic_drive(self, action: LogicDrive) -> None:
        player = self.actor
        state = self.players[player]
        member = state.member_at(action.circle)
        assert member is not None
        state.logic_drive_used = True
        self.note(player, f"Logic Drive of {member.card.label()}")
        run_effects(self, player, member.card, Trigger.LOGIC_DRIVE, member)

    def _luck_drive(self, action: LuckDrive) -> None:
        player = self.actor
        self.players[player].pay(d.LUCK_DRIVE_COST)
        self.note(player, "Luck Drive")
        self.draw(player, d.LUCK_DRIVE_DRAWS)

    def _move(self, action: Move) -> None:
        state = self.players[self.actor]
        member = state.member_at(action.circle)
        assert member is not None
        state.remove_member(member)
        member.circles = action.circles
        state.place(member)
        self.note(self.actor, f"moves {member.card.label()} to {format_circles(action.circles)}")

    def _swap(self, action: Swap) -> None:
        state = self.players[self.actor]
        one = state.member_at(action.circle)
        other = state.member_at(action.other)
        assert one is not None and other is not None
        one.circles, other.circles = other.circles, one.circles
        state.field[action.circle - 1] = other
        state.field[action.other - 1] = one
        self.note(self.actor, f"swaps {action.circle} and {action.other}")

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
        self.note(player, f"{attacker.card.label()} attacks circle {action.target}")
        if target is None:
            run_effects(self, player, attacker.card, Trigger.ATTACK, attacker)
            if not self._check_over():
                self._destroy_gate(1 - player, action.target)
            if not self._check_over() and not self.can_attack():
                self._end_phase()
            return
        bonus = ([0, 0, 0], [0, 0, 0])
        battle = BattleState(
            player, attacker.circle, target.circle, action.target, bonus, 1 - player
        )
        self.battle = battle
        run_effects(self, player, attacker.card, Trigger.ATTACK, attacker)
        if self._check_over():
            return
        self.phase = Phase.INTERCEPT
        self.actor = 1 - player
        if not self.interceptors():
            self._start_definition(battle)

    def _destroy_gate(self, owner: int, circle: int) -> None:
        """R-BAT-1: flip the gate; its effect runs, except for the sixth (R-WIN-1)."""
        state = self.players[owner]
        if state.gate_destroyed[circle - 1]:
            self.note(owner, f"gate {circle} is already destroyed")
            return
        state.gate_destroyed[circle - 1] = True
        gate = state.gates[circle - 1]
        self.note(owner, f"gate {circle} {gate.label()} is destroyed ({state.gates_destroyed}/6)")
        if all(state.gate_destroyed):
            self.losers[owner] = True
            return
        run_effects(
            self,
            owner if d.GATE_EFFECT_FOR_OWNER else 1 - owner,
            gate,
            Trigger.GATE_DESTROYED,
            None,
        )

    def _intercept(self, action: Intercept) -> None:
        battle = self.battle
        assert battle is not None
        member = self.players[self.actor].member_at(action.circle)
        assert member is not None
        b.intercept(self, battle, member)
        if not self.interceptors():
            self._start_definition(battle)

    def _start_definition(self, battle: BattleState) -> None:
        """R-BAT-3: logic definition, the defender first."""
        self.phase = Phase.DEFINE
        battle.to_define = 1 - battle.attacker
        battle.passes = 0
        self._advance_definition(battle)

    def _advance_definition(self, battle: BattleState) -> None:
        """Alternate until both battle zones are full or both players pass in a row.

        A player who cannot define passes without being asked.
        """
        while True:
            if battle.passes >= 2 or not (
                b.has_room(self, battle, 0) or b.has_room(self, battle, 1)
            ):
                self._finish_battle(battle)
                return
            player = battle.to_define
            if b.can_define(self, battle, player):
                self.phase = Phase.DEFINE
                self.actor = player
                return
            battle.passes += 1
            battle.to_define = 1 - player

    def _define(self, action: Define) -> None:
        battle = self.battle
        assert battle is not None
        player = self.actor
        b.define(self, battle, player, action.card)
        if self._check_over():
            return
        battle.passes = 0
        battle.to_define = 1 - player
        self._advance_definition(battle)

    def _level_support(self, action: LevelSupport) -> None:
        b.level_support(self, self.actor)
        if not self._check_over():
            self.phase = Phase.DEFINE_FORCED

    def _finish_battle(self, battle: BattleState) -> None:
        b.resolve(self, battle)
        self.battle = None
        self.phase = Phase.BATTLE
        self.actor = self.active
        if not self.can_attack():
            self._end_phase()

    def _pass(self, action: Pass) -> None:
        phase = self.phase
        if phase is Phase.MAIN:
            self.phase = Phase.BATTLE
            if not self.can_attack():
                self._end_phase()
        elif phase is Phase.LEVEL:
            self.phase = Phase.MAIN
        elif phase is Phase.BATTLE:
            self._end_phase()
        elif phase is Phase.INTERCEPT:
            assert self.battle is not None
            self._start_definition(self.battle)
        else:
            battle = self.battle
            assert battle is not None
            battle.passes += 1
            battle.to_define = 1 - self.actor
            self._advance_definition(battle)

    def _end_phase(self) -> None:
        """R-TURN-6: paradox zones to the drop zone, turn effects end, hand limit."""
        for state in self.players:
            if state.paradox:
                state.drop.extend(state.paradox)
                state.paradox.clear()
            for member in state.field:
                if member is not None:
                    member.power_bonus = member.spirit_bonus = member.limit_bonus = 0
        self.up_paradox = None
        self._hand_limit()

    def _hand_limit(self) -> None:
        """R-ZONE-2: the first player over the hand limit discards, else the turn ends."""
        active = self.active
        for player in (active,) if d.HAND_LIMIT_TURN_PLAYER_ONLY else (active, 1 - active):
            if len(self.players[player].hand) > d.HAND_LIMIT:
                self.phase = Phase.DISCARD
                self.actor = player
                return
        self.actor = active
        self._next_turn()

    def _discard(self, action: Discard) -> None:
        state = self.players[self.actor]
        card = state.hand.pop(action.card)
        state.drop.append(card)
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
        self.phase = Phase.OVER
        summary = self.summarize(self.active)
        last = self.summaries[-1] if self.summaries else None
        if last is None or (last.player, last.turn) != (summary.player, summary.turn):
            self.summaries.append(summary)
        self.note(self.active, f"game over: {outcome}")


#: Decisions a player may decline with :class:`Pass`.
PASSABLE_PHASES = frozenset({Phase.LEVEL, Phase.MAIN, Phase.BATTLE, Phase.INTERCEPT, Phase.DEFINE})
_DEFINING = frozenset({Phase.DEFINE, Phase.DEFINE_FORCED})

_HANDLERS: dict[type, Callable[[Game, Any], None]] = {
    Mulligan: Game._mulligan,
    LevelUp: Game._level_up,
    ReturnLevel: Game._return_level,
    Mobilize: Game._mobilize,
    Move: Game._move,
    Swap: Game._swap,
    Trance: Game._trance,
    TranceChange: Game._trance_change,
    LogicDrive: Game._logic_drive,
    LuckDrive: Game._luck_drive,
    Attack: Game._attack,
    Intercept: Game._intercept,
    Define: Game._define,
    LevelSupport: Game._level_support,
    Discard: Game._discard,
    Pass: Game._pass,
}
