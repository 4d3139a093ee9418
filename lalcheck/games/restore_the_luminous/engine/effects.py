"""Card effects, zone moves and damage events.

:class:`EffectFrame` runs one structured effect step by step; a step whose
target is chosen waits for the controller's :class:`~.actions.Choose` when
there is more than one candidate (Decoy narrows them, RTL-KW-DECOY). A
:class:`DamageFrame` is one damage event: cards placed one at a time with
Reverse, then returns and Turnover choices in placement order, then the loss
check (RTL-BAT-6, RTL-BAT-7, RTL-OPEN-18). Both are atomic: losses and the
hand limit are checked once they are finished (RTL-OPEN-8).

Zone moves keep the return rule in one place: a card destroyed to its owner's
graveyard, or placed in the damage zone, colours colourless LP (RTL-COL-3);
nothing else does (RTL-OPEN-10).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Self

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import (
    CHOSEN,
    COLOUR_INDEX,
    Card,
    CardType,
    Effect,
    Keyword,
    Recipient,
    Selector,
    Step,
    Trigger,
    Verb,
)
from lalcheck.games.restore_the_luminous.engine.actions import (
    PASS,
    USE_TURNOVER,
    Action,
    Choose,
    Pass,
    UseTurnover,
)
from lalcheck.games.restore_the_luminous.engine.continuous import (
    condition_holds,
    has_keyword,
    passes,
    power,
)
from lalcheck.games.restore_the_luminous.engine.keywords import must_target_decoys, reverses
from lalcheck.games.restore_the_luminous.engine.state import (
    DONE,
    MORE,
    WAIT,
    Frame,
    GameState,
    Permanent,
    Phase,
    Unit,
)


@dataclass(frozen=True, slots=True)
class Source:
    """Where an effect comes from: ``kind`` is unit, gear (``uid`` its unit), arts or
    stage (``uid`` the permanent, None once resolved), leader, or card (a card
    resolving from the hand, a counter slot or the damage zone)."""

    kind: str
    card: Card
    uid: int | None = None


# -- zone moves ------------------------------------------------------------------


def draw(game: GameState, player: int, count: int, *, by_effect: bool) -> None:
    """Draw ``count`` cards. A draw the deck cannot give loses (RTL-WIN-2); an effect
    draw that empties the deck loses at once, a draw-phase one does not (RTL-OPEN-7)."""
    state = game.players[player]
    for _ in range(count):
        if not state.deck:
            game.losers[player] = True
            game.note(player, "cannot draw: deck out")
            return
        card = state.deck.pop()
        state.hand.append(card)
        state.received.append(card)
        game.note(player, f"draws {card.label()}")
        if not state.deck and (by_effect or d.DECK_OUT.draw_phase_emptying_loses):
            game.losers[player] = True
            game.note(player, "the deck is empty: deck out")


def give_return(game: GameState, player: int, card: Card) -> None:
    """RTL-COL-3: colour as many colourless LP as the card's return value in its
    colour, from the top of the row (RTL-OPEN-11); the rest is lost."""
    if card.return_value:
        state = game.players[player]
        coloured = _colour_from_top(state.lp_kind, state.lp_active, card, card.return_value)
        if coloured:
            game.note(player, f"return: {coloured} LP {card.colour}")


def _colour_from_top(kinds: list[int], active: list[bool], card: Card, count: int) -> int:
    coloured = 0
    for index, kind in enumerate(kinds):
        if coloured == count:
            break
        if kind == 0 and (d.RETURN_COLOURS_PASSIVE_LP or active[index]):
            kinds[index] = card.colour_kind
            coloured += 1
    return coloured


def to_graveyard(game: GameState, player: int, card: Card, *, destroyed: bool) -> None:
    """A card goes to its owner's graveyard; a destroyed one returns (RTL-OPEN-10)."""
    game.players[player].graveyard.append(card)
    if destroyed or not d.RETURN_ONLY_WHEN_DESTROYED:
        give_return(game, player, card)


def enter_field(game: GameState, player: int, card: Card) -> Unit:
    """A unit comes onto the field (RTL-TYPE-UNIT), active (RTL-OPEN-6)."""
    unit = Unit(game.new_uid(), card, player, game.turn, d.ENTRY.enter_active)
    game.players[player].units.append(unit)
    return unit


def summon(game: GameState, player: int, card: Card) -> list[EffectFrame]:
    """A unit comes onto the field (played, revived or from a counter slot); its
    "on play" effects are due."""
    unit = enter_field(game, player, card)
    return unit_triggers(game, unit, Trigger.ON_PLAY)


def resolve_arts(game: GameState, player: int, card: Card, trigger: Trigger) -> list[EffectFrame]:
    """An arts resolves: a persistent one stays on the field (RTL-KW-PERSIST), any
    other goes to the graveyard as it resolves, not destroyed (RTL-TYPE-ARTS)."""
    if card.has(Keyword.PERSISTENT):
        arts = Permanent(game.new_uid(), card, player)
        game.players[player].persistent.append(arts)
        return card_effects(player, card, trigger, arts.uid)
    to_graveyard(game, player, card, destroyed=False)
    return card_effects(player, card, trigger)


def _leave_field(game: GameState, unit: Unit) -> None:
    """Take a unit off the field; its gear goes to the graveyard (RTL-ZONE-2), not
    destroyed; a transformed unit is its own card again (RTL-KW-TRANSFORM)."""
    state = game.players[unit.owner]
    state.units.remove(unit)
    for gear in unit.gear:
        to_graveyard(game, unit.owner, gear, destroyed=False)
    unit.gear = []


def destroy_unit(game: GameState, unit: Unit) -> list[EffectFrame]:
    """Destroy a unit: it and its gear go to the graveyard, the unit's card returns,
    and its "on destroy" effects are due (RTL-BAT-7, RTL-DMG-4)."""
    bound = unit.bind > 0
    _leave_field(game, unit)
    to_graveyard(game, unit.owner, unit.card, destroyed=True)
    game.note(unit.owner, f"{unit.card.label()} is destroyed")
    if bound and not d.BOUND_UNIT_ON_DESTROY:
        return []
    source = Source("card", unit.card)
    return [
        EffectFrame(unit.owner, source, effect)
        for effect in unit.card.effects_for(Trigger.ON_DESTROY)
    ]


def bounce_unit(game: GameState, unit: Unit) -> None:
    """A unit returns to its owner's hand (not destroyed: no return)."""
    _leave_field(game, unit)
    game.players[unit.owner].hand.append(unit.card)
    game.players[unit.owner].received.append(unit.card)
    game.note(unit.owner, f"{unit.card.label()} returns to the hand")


def destroy_permanent(game: GameState, permanent: Permanent) -> None:
    """Destroy a persistent arts or a stage (to its owner's graveyard, with return)."""
    state = game.players[permanent.owner]
    if permanent in state.persistent:
        state.persistent.remove(permanent)
    else:
        game.stages[game.stages.index(permanent)] = None
    to_graveyard(game, permanent.owner, permanent.card, destroyed=True)
    game.note(permanent.owner, f"{permanent.card.label()} is destroyed")


def place_stage(game: GameState, player: int, card: Card) -> Permanent:
    """RTL-TYPE-STAGE, RTL-OPEN-9: the new stage replaces the one in its slot, which
    goes to its owner's graveyard without being destroyed."""
    index = game.stage_index(player)
    old = game.stages[index]
    if old is not None:
        to_graveyard(game, old.owner, old.card, destroyed=False)
        game.note(old.owner, f"{old.card.label()} is replaced")
    stage = game.stages[index] = Permanent(game.new_uid(), card, player)
    return stage


def queue(game: GameState, frames: Sequence[Frame]) -> None:
    """Push frames so that the first of them runs first."""
    game.frames.extend(reversed(frames))


# -- triggers --------------------------------------------------------------------


def unit_triggers(
    game: GameState,
    unit: Unit,
    trigger: Trigger,
    attacker: int | None = None,
    opponent: int | None = None,
) -> list[EffectFrame]:
    """The unit's effects (and its gear's) for ``trigger``; none while bound."""
    if unit.bind:
        return []
    found = []
    if not unit.face.is_modelled and trigger in (Trigger.ON_ATTACK, Trigger.ON_PLAY):
        game.count_unmodelled(unit.face)
    for effect in unit.face.effects_for(trigger):
        found.append(EffectFrame(unit.owner, Source("unit", unit.face, unit.uid), effect))
    for gear in unit.gear:
        for effect in gear.effects_for(trigger):
            found.append(EffectFrame(unit.owner, Source("gear", gear, unit.uid), effect))
    for frame in found:
        frame.attacker = attacker
        frame.opponent = opponent
    return found


def leader_triggers(game: GameState, player: int, trigger: Trigger) -> list[EffectFrame]:
    """The leader's abilities at its rank for ``trigger`` (RTL-EVO-3)."""
    state = game.players[player]
    source = Source("leader", state.leader)
    return [
        EffectFrame(player, source, effect)
        for effect in state.leader.abilities_at(state.rank)
        if effect.trigger is trigger
    ]


def phase_triggers(game: GameState, player: int, trigger: Trigger) -> list[EffectFrame]:
    """Start- or end-of-turn effects: the turn player's leader, units and persistent
    arts, then every stage for the turn player (RTL-ENGINE-11, RTL-ENGINE-12)."""
    state = game.players[player]
    found = leader_triggers(game, player, trigger)
    for unit in state.units:
        found.extend(unit_triggers(game, unit, trigger))
    for arts in state.persistent:
        for effect in arts.card.effects_for(trigger):
            found.append(EffectFrame(player, Source("arts", arts.card, arts.uid), effect))
    for stage in game.stages:
        if stage is not None:
            controller = player if d.STAGE_TRIGGERS_FOR_TURN_PLAYER else stage.owner
            for effect in stage.card.effects_for(trigger):
                source = Source("stage", stage.card, stage.uid)
                found.append(EffectFrame(controller, source, effect))
    return found


def card_effects(
    player: int, card: Card, trigger: Trigger, uid: int | None = None
) -> list[EffectFrame]:
    """A resolving card's effects for ``trigger`` (``uid``: it stays as a permanent)."""
    kind = "card" if uid is None else ("stage" if card.type is CardType.STAGE else "arts")
    source = Source(kind, card, uid)
    return [EffectFrame(player, source, effect) for effect in card.effects_for(trigger)]


# -- effects ---------------------------------------------------------------------


class EffectFrame(Frame):
    """One effect resolving, step by step; waits when its controller picks a target."""

    __slots__ = ("attacker", "candidates", "controller", "effect", "index", "opponent", "source")
    atomic = True
    phase = Phase.TARGET

    def __init__(self, controller: int, source: Source, effect: Effect) -> None:
        self.controller = controller
        self.source = source
        self.effect = effect
        self.index = -1  # -1: the condition is still to be checked
        self.candidates: list[Choose] | None = None
        self.attacker: int | None = None  # the battle this effect belongs to
        self.opponent: int | None = None

    def copy(self) -> Self:
        other = type(self)(self.controller, self.source, self.effect)
        other.index = self.index
        other.candidates = self.candidates
        other.attacker = self.attacker
        other.opponent = self.opponent
        return other

    def actor(self, game: GameState) -> int:
        return self.controller

    def _count(self, game: GameState) -> int:
        uid = self.source.uid
        if uid is None or self.source.kind == "gear":
            return 0
        holder = game.find_unit(uid) if self.source.kind == "unit" else game.find_permanent(uid)
        return holder.count if holder is not None else 0

    def step(self, game: GameState) -> int:
        steps = self.effect.steps
        if self.index < 0:
            if not condition_holds(game, self.controller, self.effect.condition, self._count(game)):
                return DONE
            self.index = 0
            game.note(self.controller, f"{self.source.card.label()}: {self.effect.trigger}")
        if self.index >= len(steps):
            return DONE
        step = steps[self.index]
        if step.target in CHOSEN:
            candidates = self.choices(game, step)
            if len(candidates) > 1:
                self.candidates = candidates
                return WAIT
            if candidates:
                self.apply(game, candidates[0])
                return MORE
            self.index += 1  # nothing to pick: the step does nothing
            return MORE
        perform(game, self, step, self.fixed_targets(game, step))
        self.index += 1
        return MORE

    def legal(self, game: GameState) -> Iterator[Action]:
        return iter(self.candidates or ())

    def apply(self, game: GameState, action: Action) -> None:
        assert isinstance(action, Choose)
        step = self.effect.steps[self.index]
        self.candidates = None
        self.index += 1
        unit = game.players[action.player].units[action.unit]
        if action.gear is not None:
            destroy_gear(game, unit, action.gear)
        else:
            perform(game, self, step, [unit])

    # -- targets ---------------------------------------------------------------

    def choices(self, game: GameState, step: Step) -> list[Choose]:
        """The targets the controller may pick for ``step`` (RTL-KW-DECOY applied)."""
        me = self.controller
        them = 1 - me
        if step.target is Selector.CHOSEN_ENEMY_GEAR:
            return [
                Choose(them, index, gear)
                for index, unit in enumerate(game.players[them].units)
                for gear in range(len(unit.gear))
            ]
        own: list[Unit] = []
        enemy: list[Unit] = []
        if step.target in (Selector.CHOSEN_OWN_UNIT, Selector.CHOSEN_UNIT):
            own = self.filtered(game, step, game.players[me].units)
        if step.target in (Selector.CHOSEN_ENEMY_UNIT, Selector.CHOSEN_UNIT):
            enemy = self.filtered(game, step, game.players[them].units)
            decoys = must_target_decoys(game, enemy)
            if decoys is not enemy:
                own, enemy = [], decoys
        units = game.players[me].units
        others = game.players[them].units
        return [Choose(me, units.index(u)) for u in own] + [
            Choose(them, others.index(u)) for u in enemy
        ]

    def filtered(self, game: GameState, step: Step, units: list[Unit]) -> list[Unit]:
        """The units that pass the step's filter."""
        wanted = step.filter
        return [
            unit
            for unit in units
            if passes(
                wanted,
                unit,
                power(game, unit),
                wanted.keyword is None or has_keyword(game, unit, wanted.keyword),
            )
        ]

    def fixed_targets(self, game: GameState, step: Step) -> list[Unit | Permanent]:
        """The targets of a step whose selector picks no one by choice."""
        target = step.target
        if target is None:
            return []
        me = self.controller
        if target is Selector.SELF:
            uid = self.source.uid
            if uid is None:
                return []
            holder = game.find_unit(uid) if self.source.kind == "unit" else game.find_permanent(uid)
            return [holder] if holder is not None else []
        if target in (Selector.EQUIPPED, Selector.ATTACKER, Selector.BATTLE_OPPONENT):
            uid = {
                Selector.EQUIPPED: self.source.uid,
                Selector.ATTACKER: self.attacker,
                Selector.BATTLE_OPPONENT: self.opponent,
            }[target]
            unit = game.find_unit(uid) if uid is not None else None
            return [unit] if unit is not None else []
        pools = {
            Selector.ALL_OWN_UNITS: game.players[me].units,
            Selector.ALL_ENEMY_UNITS: game.players[1 - me].units,
            Selector.ALL_UNITS: [*game.players[me].units, *game.players[1 - me].units],
            Selector.OTHER_OWN_UNITS: [
                u for u in game.players[me].units if u.uid != self.source.uid
            ],
        }
        return list(self.filtered(game, step, pools[target]))


def perform(
    game: GameState, frame: EffectFrame, step: Step, targets: Sequence[Unit | Permanent]
) -> None:
    """Do one step of an effect to its targets."""
    me = frame.controller
    state = game.players[me]
    verb = step.verb
    units = [t for t in targets if isinstance(t, Unit)]
    if verb is Verb.DRAW:
        draw(game, me, step.value, by_effect=True)
    elif verb is Verb.DAMAGE:
        players = {
            Recipient.OPPONENT: (1 - me,),
            Recipient.YOU: (me,),
            Recipient.BOTH: (1 - me, me),
        }[step.recipient]
        queue(game, [DamageFrame(player, step.value) for player in players])
    elif verb is Verb.POWER:
        for unit in units:
            unit.power_mod += step.value
    elif verb is Verb.DESTROY:
        triggered: list[EffectFrame] = []
        for target in targets:
            if isinstance(target, Unit):
                if target in game.players[target.owner].units:
                    triggered.extend(destroy_unit(game, target))
            else:
                destroy_permanent(game, target)
        queue(game, triggered)
    elif verb is Verb.HOLD:
        for unit in units:
            unit.active = False
            unit.hold = True
    elif verb is Verb.BIND:
        for unit in units:
            unit.bind = max(unit.bind, step.value)
    elif verb is Verb.READY:
        for unit in units:
            unit.active = True
    elif verb is Verb.BOUNCE:
        for unit in units:
            bounce_unit(game, unit)
    elif verb is Verb.L_BOOST:
        state.gain_lp(step.value, active=d.KEYWORD_DETAILS.l_boost_enters_active)
    elif verb is Verb.C_BOOST:
        colour = step.colour or frame.source.card.colour
        state.colour_lp(COLOUR_INDEX[colour], step.value, active_first=d.COLOUR_ACTIVE_LP_FIRST)
    elif verb is Verb.COUNT:
        _change_count(game, frame.source, step.value)
    elif verb is Verb.TRANSFORM:
        _transform(game, frame.source, step)
    elif verb is Verb.GRANT:
        assert step.keyword is not None
        for unit in units:
            unit.grants.append(step.keyword)


def _change_count(game: GameState, source: Source, change: int) -> None:
    """RTL-KW-COUNT: the source's count goes up or down (never below 0)."""
    if source.uid is None:
        return
    holder = (
        game.find_unit(source.uid) if source.kind == "unit" else game.find_permanent(source.uid)
    )
    if holder is not None:
        holder.count = max(0, holder.count + change)


def _transform(game: GameState, source: Source, step: Step) -> None:
    """RTL-KW-TRANSFORM: the unit takes its form's card, keeping its state."""
    unit = game.find_unit(source.uid) if source.uid is not None else None
    if unit is not None and step.form is not None:
        unit.form = game.forms[step.form]
        game.note(unit.owner, f"{unit.card.label()} transforms into {unit.form.label()}")


def destroy_gear(game: GameState, unit: Unit, index: int) -> None:
    """Destroy one gear card on a unit (to its owner's graveyard, with return)."""
    gear = unit.gear.pop(index)
    to_graveyard(game, unit.owner, gear, destroyed=True)
    game.note(unit.owner, f"{gear.label()} is destroyed")


# -- damage ----------------------------------------------------------------------


class DamageFrame(Frame):
    """One damage event against ``player``'s leader (RTL-DMG, RTL-OPEN-18)."""

    __slots__ = ("amount", "deck_out", "immune", "index", "placed", "player", "returned")
    atomic = True
    phase = Phase.TURNOVER

    def __init__(self, player: int, amount: int) -> None:
        self.player = player
        self.amount = amount
        self.placed: list[Card] | None = None
        self.index = 0
        self.returned = False
        self.immune = False  # RTL-OPEN-17: Reverse excluded a card of this event
        self.deck_out = False

    def copy(self) -> Self:
        other = type(self)(self.player, self.amount)
        other.placed = self.placed[:] if self.placed is not None else None
        other.index = self.index
        other.returned = self.returned
        other.immune = self.immune
        other.deck_out = self.deck_out
        return other

    def actor(self, game: GameState) -> int:
        return self.player

    def _place(self, game: GameState) -> list[Card]:
        """RTL-DMG-1: move cards from the top of the deck one at a time; Reverse."""
        state = game.players[self.player]
        placed = []
        for _ in range(self.amount):
            if not state.deck:
                self.deck_out = self.deck_out or d.DECK_OUT.damage_on_empty_deck_loses
                break
            card = state.deck.pop()
            if reverses(game, self.player, card):
                state.excluded.append(card)
                state.reverse_used += 1
                self.immune = True
                game.note(self.player, f"{card.label()} reverses: excluded")
            else:
                state.damage.append(card)
                placed.append(card)
            if not state.deck:
                self.deck_out = True
        game.note(self.player, f"takes {len(placed)} damage (HP {state.hp})")
        return placed

    def step(self, game: GameState) -> int:
        if self.placed is None:
            self.placed = self._place(game)
            if not d.LOSS_CHECK_AFTER_DAMAGE_EVENT:
                self.check_loss(game)
        placed = self.placed
        while self.index < len(placed):
            card = placed[self.index]
            if not self.returned:
                self.returned = True
                give_return(game, self.player, card)
            if card.has(Keyword.TURNOVER):
                return WAIT
            self._next()
        if d.LOSS_CHECK_AFTER_DAMAGE_EVENT:
            self.check_loss(game)
        return DONE

    def check_loss(self, game: GameState) -> None:
        """RTL-WIN-1, RTL-WIN-2, RTL-WIN-3: HP 0 or an emptied deck loses, unless
        Reverse protected this event."""
        if self.immune:
            return
        if game.players[self.player].hp <= 0 or self.deck_out:
            game.losers[self.player] = True

    def _next(self) -> None:
        self.index += 1
        self.returned = False

    def legal(self, game: GameState) -> Iterator[Action]:
        yield USE_TURNOVER
        yield PASS

    def apply(self, game: GameState, action: Action) -> None:
        assert self.placed is not None and isinstance(action, UseTurnover | Pass)
        card = self.placed[self.index]
        self._next()
        if isinstance(action, UseTurnover):
            game.note(self.player, f"turnover of {card.label()}")
            queue(game, card_effects(self.player, card, Trigger.TURNOVER))
