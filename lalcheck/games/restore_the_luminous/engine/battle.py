"""The battle phase (RTL-BAT): attacks, counter windows, Protect, battles.

:class:`BattlePhaseFrame` waits for attack declarations (step 1) or the end
declaration (step 7, then counter window 2 and step 9). Each attack is an
:class:`AttackFrame` running steps 2-6: attack triggers, counter window 1 (the
turn's first attack only), Protect, the battle or the damage, destruction and
Revenger. :class:`CounterWindowFrame` lets the defender reveal set counters,
paying each, then resolve them in the order they choose (RTL-BAT-3).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Self

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import CardType, Keyword, Trigger
from lalcheck.games.restore_the_luminous.engine.actions import (
    PASS,
    Action,
    Attack,
    DeclareCounter,
    Pass,
    Protect,
    ResolveCounter,
)
from lalcheck.games.restore_the_luminous.engine.continuous import has_keyword, power
from lalcheck.games.restore_the_luminous.engine.effects import (
    DamageFrame,
    EffectFrame,
    destroy_unit,
    leader_triggers,
    queue,
    resolve_arts,
    summon,
    unit_triggers,
)
from lalcheck.games.restore_the_luminous.engine.keywords import (
    attack_targets,
    may_attack,
    protectors,
)
from lalcheck.games.restore_the_luminous.engine.payment import payments
from lalcheck.games.restore_the_luminous.engine.state import (
    COLOURLESS,
    DONE,
    MORE,
    WAIT,
    Frame,
    GameState,
    Phase,
    PlayerState,
    distinct_indices,
)


class BattlePhaseFrame(Frame):
    """RTL-BAT-0: attack as often as the units allow, then end the battle phase."""

    __slots__ = ("finished",)
    phase = Phase.BATTLE

    def __init__(self) -> None:
        self.finished = False

    def copy(self) -> Self:
        other = type(self)()
        other.finished = self.finished
        return other

    def actor(self, game: GameState) -> int:
        return game.active

    def step(self, game: GameState) -> int:
        if self.finished:
            return DONE
        if any(may_attack(game, unit) for unit in game.players[game.active].units):
            return WAIT
        self._end(game)  # nothing can attack: declaring the end is all there is to do
        return DONE

    def legal(self, game: GameState) -> Iterator[Action]:
        for index, unit in enumerate(game.players[game.active].units):
            if may_attack(game, unit):
                for target in attack_targets(game, unit):
                    yield Attack(index, target)
        yield PASS

    def is_legal(self, game: GameState, action: object) -> bool:
        if isinstance(action, Attack):
            units = game.players[game.active].units
            if type(action.unit) is not int or not 0 <= action.unit < len(units):
                return False
            unit = units[action.unit]
            return may_attack(game, unit) and action.target in attack_targets(game, unit)
        return isinstance(action, Pass)

    def apply(self, game: GameState, action: Action) -> None:
        if isinstance(action, Pass):
            self._end(game)
            return
        assert isinstance(action, Attack)
        player = game.active
        unit = game.players[player].units[action.unit]
        unit.active = False  # RTL-STATE-2
        game.attacks += 1
        target = None
        if action.target is not None:
            target = game.players[1 - player].units[action.target].uid
        aim = "the leader" if target is None else game.find_unit(target)
        game.note(player, f"{unit.face.label()} attacks {aim}")
        if not unit.face.is_modelled:
            game.count_unmodelled(unit.face)
        game.frames.append(AttackFrame(unit.uid, target, 1 - player))

    def _end(self, game: GameState) -> None:
        """RTL-BAT-8: step 7, counter window 2, step 9 (RTL-OPEN-13)."""
        self.finished = True
        if d.COUNTER_WINDOW_2_WITHOUT_ATTACKS or game.attacks:
            game.frames.append(CounterWindowFrame(1 - game.active, None))


_TRIGGERS, _WINDOW, _PROTECT, _BATTLE, _DESTROY, _REVENGER, _END = range(7)


class AttackFrame(Frame):
    """One attack, steps 2 to 6 of seed §7 (RTL-BAT-2 to RTL-BAT-7)."""

    __slots__ = ("attacker", "defender", "losing", "revenge", "stage", "target")
    phase = Phase.PROTECT

    def __init__(self, attacker: int, target: int | None, defender: int) -> None:
        self.attacker = attacker
        self.target = target  # a unit id, None for the leader
        self.defender = defender
        self.stage = _TRIGGERS
        self.losing: list[int] = []
        self.revenge: list[tuple[int, int]] = []  # (victim, Revenger unit)

    def copy(self) -> Self:
        other = type(self)(self.attacker, self.target, self.defender)
        other.stage = self.stage
        other.losing = self.losing[:]
        other.revenge = self.revenge[:]
        return other

    def actor(self, game: GameState) -> int:
        return self.defender

    def _units_gone(self, game: GameState) -> bool:
        """RTL-ENGINE-6: the attacker, or the attacked unit, left the field."""
        if game.find_unit(self.attacker) is None:
            return True
        if self.target is not None and game.find_unit(self.target) is None:
            if d.ATTACK_ENDS_WITHOUT_ITS_UNITS:
                return True
            self.target = None
        return False

    def step(self, game: GameState) -> int:
        stage = self.stage
        if stage == _TRIGGERS:
            self.stage = _WINDOW
            self._attack_triggers(game)
            return MORE
        if stage == _WINDOW:
            self.stage = _PROTECT
            if game.attacks == 1:  # RTL-BAT-3: the turn's first attack only
                game.frames.append(CounterWindowFrame(self.defender, self.attacker))
            return MORE
        if stage in (_PROTECT, _BATTLE) and self._units_gone(game):
            game.note(self.defender, "the attack ends: its units left the field")
            return DONE
        if stage == _PROTECT:
            if protectors(game, self.defender, self.target):
                return WAIT
            self.stage = _BATTLE
            return MORE
        if stage == _BATTLE:
            self._battle(game)
            return MORE
        if stage == _DESTROY:
            self.stage = _REVENGER
            self._destroy(game, self.losing)
            return MORE
        if stage == _REVENGER:
            self.stage = _END
            victims = [
                victim
                for victim, revenger in self.revenge
                if d.REVENGER_WHEN_DESTROYED_TOO or game.find_unit(revenger) is not None
            ]
            self._destroy(game, victims)
            return MORE
        return DONE

    def _attack_triggers(self, game: GameState) -> None:
        """RTL-BAT-2: "when attacking", then "when attacked" (the unit or the leader)."""
        attacker = game.find_unit(self.attacker)
        assert attacker is not None
        frames = unit_triggers(game, attacker, Trigger.ON_ATTACK, self.attacker, self.target)
        target = game.find_unit(self.target) if self.target is not None else None
        if target is not None:
            frames += unit_triggers(game, target, Trigger.ON_ATTACKED, self.attacker, self.attacker)
        elif self.target is None:
            for frame in leader_triggers(game, self.defender, Trigger.ON_ATTACKED):
                frame.attacker = self.attacker
                frames.append(frame)
        queue(game, frames)

    def _battle(self, game: GameState) -> None:
        """RTL-BAT-5 against a unit (power, then "on win" and Critical); RTL-BAT-6
        against the leader (damage)."""
        attacker = game.find_unit(self.attacker)
        assert attacker is not None
        if self.target is None:
            self.stage = _END
            damage = attacker.face.damage or 0
            if damage:
                game.frames.append(DamageFrame(self.defender, damage))
            return
        self.stage = _DESTROY
        target = game.find_unit(self.target)
        assert target is not None
        for one, other in ((attacker, target), (target, attacker)):
            if has_keyword(game, one, Keyword.REVENGER):
                self.revenge.append((other.uid, one.uid))  # RTL-KW-REVENGER
        ours, theirs = power(game, attacker), power(game, target)
        game.note(attacker.owner, f"battle {ours} vs {theirs}")
        winners = [attacker] if ours > theirs else [target] if theirs > ours else []
        self.losing = [u.uid for u in (attacker, target) if u not in winners]
        frames: list[Frame] = []
        for winner in winners:
            loser = target if winner is attacker else attacker
            won = unit_triggers(game, winner, Trigger.ON_WIN, self.attacker, loser.uid)
            critical: list[Frame] = []
            if has_keyword(game, winner, Keyword.CRITICAL):  # RTL-KW-CRITICAL
                critical.append(DamageFrame(1 - winner.owner, d.CRITICAL_DAMAGE))
            frames += [*won, *critical] if d.ON_WIN_BEFORE_CRITICAL else [*critical, *won]
        queue(game, frames)

    def _destroy(self, game: GameState, uids: list[int]) -> None:
        """RTL-BAT-7: destroy the units still on the field, then their "on destroy"."""
        triggered: list[EffectFrame] = []
        for uid in uids:
            unit = game.find_unit(uid)
            if unit is not None:
                triggered += destroy_unit(game, unit)
        queue(game, triggered)

    def legal(self, game: GameState) -> Iterator[Action]:
        for index in protectors(game, self.defender, self.target):
            yield Protect(index)
        yield PASS

    def apply(self, game: GameState, action: Action) -> None:
        self.stage = _BATTLE
        if isinstance(action, Protect):
            unit = game.players[self.defender].units[action.unit]
            unit.active = False
            self.target = unit.uid
            game.note(self.defender, f"{unit.face.label()} protects")


class CounterWindowFrame(Frame):
    """RTL-BAT-3 / RTL-BAT-8: the defender reveals counters, paying each (RTL-KW-COUNTER,
    RTL-OPEN-12), then resolves them one by one in the order they choose."""

    __slots__ = ("attacker", "defender", "phase")

    def __init__(self, defender: int, attacker: int | None) -> None:
        self.defender = defender
        self.attacker = attacker  # window 1: the attacking unit; window 2: None
        self.phase = Phase.COUNTER  # declaring; then COUNTER_ORDER: resolving

    def copy(self) -> Self:
        other = type(self)(self.defender, self.attacker)
        other.phase = self.phase
        return other

    @property
    def ordering(self) -> bool:
        return self.phase is Phase.COUNTER_ORDER

    def actor(self, game: GameState) -> int:
        return self.defender

    def step(self, game: GameState) -> int:
        state = game.players[self.defender]
        if not self.ordering:
            if any(True for _ in self._declarations(state)):
                return WAIT
            self.phase = Phase.COUNTER_ORDER
        if not state.revealed:
            return DONE
        if len(state.revealed) == 1:
            self._resolve(game, 0)
            return MORE
        return WAIT

    def _declarations(self, state: PlayerState) -> Iterator[DeclareCounter]:
        active = state.active_counts()
        revealed_units = sum(1 for card in state.revealed if card.type is CardType.UNIT)
        room = state.unit_slots - len(state.units) - revealed_units
        for slot in distinct_indices(state.counters):
            card = state.counters[slot]
            ability = card.keyword(Keyword.COUNTER)
            if ability is None or ability.cost is None:
                continue
            if card.type is CardType.UNIT and room <= 0:
                continue
            if card.has(Keyword.PERSISTENT) and not state.has_persistent_room():
                continue
            cost = ability.cost
            kind = card.colour_kind if d.COUNTERS.cost_includes_colour else COLOURLESS
            for pay in payments(active, cost.level, kind, cost.colour_cost):
                yield DeclareCounter(slot, pay)

    def legal(self, game: GameState) -> Iterator[Action]:
        state = game.players[self.defender]
        if self.ordering:
            for index in distinct_indices(state.revealed):
                yield ResolveCounter(index)
            return
        yield from self._declarations(state)
        yield PASS

    def apply(self, game: GameState, action: Action) -> None:
        state = game.players[self.defender]
        if isinstance(action, Pass):
            self.phase = Phase.COUNTER_ORDER
        elif isinstance(action, DeclareCounter):
            card = state.counters.pop(action.slot)
            ability = card.keyword(Keyword.COUNTER)
            assert ability is not None and ability.cost is not None
            colour_cost = ability.cost.colour_cost if d.COUNTERS.cost_includes_colour else 0
            state.spend(action.pay, card.colour_kind, colour_cost)
            state.revealed.append(card)
            game.note(self.defender, f"reveals counter {card.label()}")
        else:
            assert isinstance(action, ResolveCounter)
            self._resolve(game, action.index)

    def _resolve(self, game: GameState, index: int) -> None:
        """A counter unit enters the field; a counter arts runs its counter effects and
        goes to the graveyard, or stays when persistent (RTL-KW-PERSIST)."""
        player = self.defender
        state = game.players[player]
        card = state.revealed.pop(index)
        if not card.is_modelled:
            game.count_unmodelled(card)
        if card.type is CardType.UNIT:
            frames = summon(game, player, card)
        else:
            frames = resolve_arts(game, player, card, Trigger.COUNTER)
        for frame in frames:
            frame.attacker = self.attacker
        queue(game, frames)
