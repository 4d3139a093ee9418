"""The interpreter of the card-ability language
(:mod:`lalcheck.games.luck_and_logic.abilities.model`).

Events (a member attacks, a card is defined, the turn starts…) are passed to
:func:`fire`, which queues every auto ability that hears them and whose
conditions hold (R-ABL; the order is a decision in :mod:`decisions`).
Activated abilities and Logic Drives are queued by :func:`activate`.
:func:`resolve` runs the queue: an ability's costs, then its steps, one
instruction at a time. An instruction that needs a player's decision (which
member, which card, whether to use an optional ability) stops the run with a
:class:`~lalcheck.games.luck_and_logic.engine.pending.Choice`; the game offers its options as
:class:`~lalcheck.games.luck_and_logic.engine.actions.Choose` actions and :func:`choose` (or
:func:`decline`) carries on. Rule changes never happen here: boosts and rules are
recorded, and :mod:`lalcheck.games.luck_and_logic.engine.layers` reads them.

A card whose text has no structured form is counted in
:attr:`GameState.unmodelled` each time it has its moment, never skipped silently.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from lalcheck.games.luck_and_logic.abilities.model import (
    BROADCAST_TRIGGERS,
    Abilities,
    Ability,
    AddToHand,
    Boost,
    ChangeRule,
    Charge,
    Cost,
    CostKind,
    DefineFromDeck,
    Destination,
    DestroyGate,
    Discard,
    Draw,
    Duration,
    Effect,
    GateAgain,
    Kind,
    LevelUp,
    MobilizeCard,
    MoveMember,
    Remove,
    Rest,
    Search,
    SoulFromDeck,
    Stand,
    Stat,
    Target,
    TargetKind,
    Transmute,
    Trigger,
)
from lalcheck.games.luck_and_logic.cards import Card, CardType, Color, LogicKind
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine import layers
from lalcheck.games.luck_and_logic.engine.moves import member_moves, move_member
from lalcheck.games.luck_and_logic.engine.pending import (
    Choice,
    ChoiceKind,
    FaceUpParadox,
    ParadoxPick,
    Pending,
    Resolution,
)
from lalcheck.games.luck_and_logic.engine.state import (
    CIRCLES,
    LIMIT,
    POWER,
    SPIRIT,
    GameState,
    Member,
    distinct_indices,
    shapes,
)

# Enum members read on the hot paths: on CPython 3.11 reading a member off an enum
# class goes through the enum metaclass's attribute hook, a module global does not.
_LOGIC_DRIVE, _PARADOX_LINK = Kind.LOGIC_DRIVE, Trigger.PARADOX_LINK
_STAT_INDEX = {Stat.POWER: POWER, Stat.SPIRIT: SPIRIT, Stat.LIMIT: LIMIT}
_TRANSUNION, _COLORLESS = CardType.TRANSUNION, Color.COLORLESS
_LOGIC_STAT = {LogicKind.POWER: POWER, LogicKind.SPIRIT: SPIRIT, LogicKind.LIMIT: LIMIT}
Option = tuple[int, ...]
#: When a card with unstructured text is counted as not modelled: mobilized,
#: attacking, defined, its gate destroyed.
_MOMENTS = frozenset({Trigger.MOBILIZE, Trigger.ATTACK, Trigger.DEFINE, Trigger.GATE_DESTROYED})


# -- queueing abilities --


def fire(
    game: GameState,
    player: int,
    trigger: Trigger,
    *,
    card: Card | None = None,
    member: Member | None = None,
    from_hand: bool = False,
) -> None:
    """Queue the auto abilities that hear ``trigger``.

    ``member`` (a member of ``player``'s, on the field or just gone from it) or
    ``card`` (a card defined as logic, a gate) is what happened; broadcast
    triggers are heard by each of ``player``'s members on the field.
    """
    found: list[Resolution] = []
    if trigger in BROADCAST_TRIGGERS:
        listeners = game.players[player].members()
        if trigger is _PARADOX_LINK and not d.PARADOX_LINK_WHOLE_FIELD:
            listeners = [m for m in listeners if layers.battle_side(game, m) >= 0]
        for listener in listeners:
            if listener.souls or trigger in listener.card.abilities.auto:  # else it hears nothing
                _hear(game, player, listener, trigger, from_hand, found)
    elif member is not None:
        if trigger in _MOMENTS and member.card.has_unmodelled_text:
            game.count_unmodelled(member.card)
        _hear(game, player, member, trigger, from_hand, found)
    elif card is not None:
        if trigger in _MOMENTS and card.has_unmodelled_text:
            game.count_unmodelled(card)
        for index, ability in card.abilities.auto.get(trigger, ()):
            if (from_hand or not ability.from_hand) and layers.applies(game, player, None, ability):
                found.append(Resolution(player, card, ability, 0, (0, id(card), index)))
    if found:
        game.queue = (*game.queue, *found)


def _hear(
    game: GameState,
    player: int,
    member: Member,
    trigger: Trigger,
    from_hand: bool,
    found: list[Resolution],
) -> None:
    """Queue ``member``'s auto abilities (its soul cards' included) on ``trigger``.

    An ability's key counts its place among all the member's abilities, as
    :func:`activated_abilities` does."""
    if not member.souls:  # the usual case: the card's own abilities only
        heard = member.card.abilities.auto.get(trigger)
        if heard:
            _queue(game, player, member, member.card, -1, 0, heard, from_hand, found)
        return
    offset = 0
    for source, position, abilities in _ability_sets(member):
        heard = abilities.auto.get(trigger)
        if heard:
            _queue(game, player, member, source, position, offset, heard, from_hand, found)
        offset += len(abilities.items)


def _queue(
    game: GameState,
    player: int,
    member: Member,
    source: Card,
    position: int,
    offset: int,
    heard: tuple[tuple[int, Ability], ...],
    from_hand: bool,
    found: list[Resolution],
) -> None:
    """Queue the abilities of ``member`` that ``source`` prints (at soul ``position``,
    numbered from ``offset``) and that heard the trigger, when they may resolve."""
    used = game.players[player].used
    for local, ability in heard:
        if ability.from_hand and not from_hand:
            continue
        key = (member.uid, position, offset + local)
        if ability.once_per_turn and key in used:
            continue
        if layers.applies(game, player, member, ability):
            found.append(Resolution(player, source, ability, member.uid, key, from_hand=from_hand))


def _ability_sets(member: Member) -> tuple[tuple[Card, int, Abilities], ...]:
    """The member's card's abilities, then each soul card's (position in the soul)."""
    own = (member.card, -1, member.card.abilities)
    if not member.souls:
        return (own,)
    return (
        own,
        *(
            (soul, position, soul.soul_abilities)
            for position, soul in enumerate(member.souls)
            if soul.soul_abilities is not None and soul.soul_abilities.items
        ),
    )


def activated_abilities(member: Member) -> Iterator[tuple[int, Card, int, Ability]]:
    """``(index, card printing it, soul position, ability)`` of a member's 【起】 and
    【LD】 abilities; ``index`` counts over all its abilities (actions name it)."""
    card = member.card
    if not member.souls:
        for local, ability in card.abilities.usable:
            yield local, card, -1, ability
        return
    offset = 0
    for source, position, abilities in _ability_sets(member):
        for local, ability in abilities.usable:
            yield offset + local, source, position, ability
        offset += len(abilities.items)


def can_use(game: GameState, player: int, member: Member, index: int) -> Ability | None:
    """The activated ability or Logic Drive ``index`` of ``member`` if ``player`` may
    use it now (main phase checks are the caller's): see :func:`may_use`."""
    for position_index, _source, position, ability in activated_abilities(member):
        if position_index == index:
            return ability if may_use(game, player, member, position, index, ability) else None
    return None


def may_use(
    game: GameState, player: int, member: Member, position: int, index: int, ability: Ability
) -> bool:
    """Whether ``player`` may use ``member``'s ability ``index`` (at soul ``position``,
    as :func:`activated_abilities` gives it) now: R-LD, 【1回合1次】, EXsoul,
    conditions and costs."""
    state = game.players[player]
    # R-LD: a transunion with soul, one Logic Drive per player per turn.
    if ability.kind is _LOGIC_DRIVE and (state.logic_drive_used or not member.souls):
        return False
    if ability.once_per_turn and (member.uid, position, index) in state.used:
        return False
    if not layers.applies(game, player, member, ability):
        return False
    return all(_payable(game, player, member, cost) for cost in ability.costs)


def activate(game: GameState, player: int, member: Member, index: int) -> Ability:
    """Queue the activated ability or Logic Drive ``index`` of ``member`` (legal)."""
    for position_index, source, position, ability in activated_abilities(member):
        if position_index == index:
            if ability.kind is _LOGIC_DRIVE:
                game.players[player].logic_drive_used = True
            key = (member.uid, position, index)
            game.queue = (*game.queue, Resolution(player, source, ability, member.uid, key))
            return ability
    raise ValueError(f"{member.card.number} has no activated ability {index}")


# -- running the queue --


def resolve(game: GameState) -> bool:
    """Run queued abilities until the queue is empty (True) or a player must choose
    (False: :attr:`GameState.choice` says what). A lost game stops it."""
    while game.queue:
        if game.losers[0] or game.losers[1]:
            game.queue = ()
            break
        head = game.queue[0]
        if isinstance(head, ParadoxPick):
            game.choice = Choice(
                head.owner,
                ChoiceKind.PARADOX,
                ((0,), (1,)),
                False,
                f"two face-up paradoxes: {head.new.label()} (0) or the older one (1) face down",
            )
            return False
        choice = _advance(game, head)
        if choice is not None:
            game.choice = choice
            return False
    game.choice = None
    return True


def choose(game: GameState, option: Option) -> None:
    """Carry out the waiting choice with one of its options."""
    head = game.queue[0]
    game.choice = None
    if isinstance(head, ParadoxPick):
        _replace(game, head)
        _pick_paradox(game, head, new_face_down=option == (0,))
        return
    if not head.started:
        _start(game, head)
        return
    instruction = _instruction(head)
    if isinstance(instruction, Cost):
        _discard_for(game, head, instruction, option)
        return
    _applied(
        game, head, instruction, HANDLERS[type(instruction)].apply(game, head, instruction, option)
    )


def decline(game: GameState) -> None:
    """Pass on the waiting (optional) choice: decline the ability, or end the step."""
    head = game.queue[0]
    game.choice = None
    assert isinstance(head, Resolution)
    if not head.started:
        game.note(head.owner, f"{head.card.label()}: declined")
        _replace(game, head)
        return
    instruction = _instruction(head)
    assert not isinstance(instruction, Cost)
    _finish_step(game, head, instruction)


def _moved_in_queue(game: GameState, old: Resolution, new: Resolution) -> Resolution:
    """Put ``new`` in the place of ``old`` and return it."""
    _replace(game, old, new)
    return new


def _replace(game: GameState, old: Pending, *new: Pending) -> None:
    """Put ``new`` where ``old`` waits in the queue (nothing: ``old`` is done)."""
    queue = game.queue
    for index, item in enumerate(queue):
        if item is old:
            game.queue = (*queue[:index], *new, *queue[index + 1 :])
            return


def _instruction(res: Resolution) -> Cost | Effect:
    costs = res.ability.costs
    if res.pc < len(costs):
        return costs[res.pc]
    return res.ability.steps[res.pc - len(costs)]


def bearer_of(game: GameState, res: Resolution) -> Member | None:
    """The member the resolving ability belongs to, while it is on its owner's field."""
    return game.players[res.owner].member_by_uid(res.bearer)


def _advance(game: GameState, res: Resolution) -> Choice | None:
    """One instruction of the queue's first ability; a Choice when a player must decide."""
    ability = res.ability
    if not res.started:
        state = game.players[res.owner]
        bearer = bearer_of(game, res)
        if (ability.once_per_turn and res.key in state.used) or not all(
            _payable(game, res.owner, bearer, cost) for cost in ability.costs
        ):
            _replace(game, res)
            return None
        if ability.asks_first:
            return Choice(res.owner, ChoiceKind.USE, ((1,),), True, f"use {_describe(res)}?")
        res = _start(game, res)
    if res.pc >= len(ability.costs) + len(ability.steps):
        _replace(game, res)
        return None
    instruction = _instruction(res)
    if isinstance(instruction, Cost):
        return _pay(game, res, instruction)
    return _run(game, res, instruction)


def _describe(res: Resolution) -> str:
    return f"{res.card.label()} {res.ability}"


def _start(game: GameState, res: Resolution) -> Resolution:
    """The ability resolves: 【1回合1次】 is used up now."""
    if res.ability.once_per_turn:
        state = game.players[res.owner]
        state.used = state.used | {res.key}
    if game.log is not None:
        game.note(res.owner, f"{res.card.label()}: {res.ability}")
    return _moved_in_queue(game, res, res.moved(started=True))


def _next(game: GameState, res: Resolution) -> None:
    _replace(game, res, res.moved(res.pc + 1, -1))


# -- costs --


def _payable(game: GameState, player: int, bearer: Member | None, cost: Cost) -> bool:
    state = game.players[player]
    kind = cost.kind
    if kind is CostKind.REST_SELF:
        return bearer is not None and not bearer.rested
    if kind is CostKind.RETREAT_SELF:
        return bearer is not None
    if kind is CostKind.STOCK:
        return len(state.cost) >= cost.count
    if kind is CostKind.REST_LEVEL:
        return state.level_rested.count(False) >= cost.count
    return sum(1 for card in state.hand if layers.card_matches(card, cost.filter)) >= cost.count


def _pay(game: GameState, res: Resolution, cost: Cost) -> Choice | None:
    state = game.players[res.owner]
    kind = cost.kind
    bearer = bearer_of(game, res)
    if kind is CostKind.DISCARD:
        if res.left < 0:
            started = res.moved(left=cost.count)
            _replace(game, res, started)
            res = started
        options = _distinct(state.hand, lambda card: layers.card_matches(card, cost.filter))
        if len(options) == 1:
            _discard_for(game, res, cost, options[0])
            return None
        return Choice(res.owner, ChoiceKind.HAND, options, False, f"discard for {_describe(res)}")
    if kind is CostKind.REST_SELF and bearer is not None:
        bearer.rested = True
    elif kind is CostKind.RETREAT_SELF and bearer is not None:
        state.drop_member(bearer)
    elif kind is CostKind.STOCK:
        state.pay(cost.count)
    elif kind is CostKind.REST_LEVEL:
        for _ in range(cost.count):
            state.level_rested[state.level_rested.index(False)] = True
    _next(game, res)
    return None


def _discard_for(game: GameState, res: Resolution, cost: Cost, option: Option) -> None:
    """A discard cost: one chosen hand card to the drop zone."""
    state = game.players[res.owner]
    card = state.hand.pop(option[0])
    state.drop.append(card)
    game.note(res.owner, f"discards {card.label()}")
    if res.left > 1:
        _replace(game, res, res.moved(left=res.left - 1))
    else:
        _next(game, res)


# -- steps --


class Handler:
    """How one kind of step runs.

    ``options`` returns None when the step needs no decision (``apply`` then gets
    ``()``), else the options (an empty tuple: nothing to do). ``apply`` returns
    whether one repetition of the step was used up, or None when it moved the
    ability on itself.
    """

    optional = False
    #: The step runs ``count`` times, one choice each (else once, ``count`` at once).
    repeating = False

    def repeats(self, step: Effect) -> int:
        return getattr(step, "count", 1) if self.repeating else 1

    def options(self, game: GameState, res: Resolution, step: Effect) -> tuple[Option, ...] | None:
        return None

    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool | None:
        raise NotImplementedError

    def finish(self, game: GameState, res: Resolution, step: Effect) -> None:
        """After the last repetition (or a pass)."""

    def choice_kind(self, step: Effect) -> ChoiceKind:
        return ChoiceKind.MEMBER


def _run(game: GameState, res: Resolution, step: Effect) -> Choice | None:
    handler = HANDLERS[type(step)]
    if not handler.repeating and res.left < 0:
        options = handler.options(game, res, step)
        if options is None:  # the common case: one step, no decision
            if handler.apply(game, res, step, ()) is not None:
                _finish_step(game, res, step)
            return None
        res = _moved_in_queue(game, res, res.moved(left=1))
    elif res.left < 0:
        res = _moved_in_queue(game, res, res.moved(left=handler.repeats(step)))
    if res.left == 0:
        _finish_step(game, res, step)
        return None
    options = handler.options(game, res, step)
    if options is None:
        _applied(game, res, step, handler.apply(game, res, step, ()))
        return None
    if not options:
        _finish_step(game, res, step)
        return None
    optional = handler.optional or (isinstance(step, _TARGETED) and _target(step).optional)
    if len(options) == 1 and not optional:
        _applied(game, res, step, handler.apply(game, res, step, options[0]))
        return None
    return Choice(res.owner, handler.choice_kind(step), options, optional, _describe(res))


def _applied(game: GameState, res: Resolution, step: Effect, consumed: bool | None) -> None:
    """Count one repetition of the step done; the last one finishes it."""
    if consumed is None:
        return
    left = res.left - 1 if consumed else res.left
    if left > 0:
        _replace(game, res, res.moved(left=left))
    else:
        _finish_step(game, res, step)


def _finish_step(game: GameState, res: Resolution, step: Effect) -> None:
    HANDLERS[type(step)].finish(game, res, step)
    _next(game, res)


def _distinct(cards: list[Card], wanted: Callable[[Card], bool]) -> tuple[Option, ...]:
    """Options naming the first copy of each distinct card that qualifies."""
    return tuple((index,) for index in distinct_indices(cards, wanted))


class _Count(Handler):
    """Draw or charge ``count`` at once."""

    def __init__(self, act: Callable[[GameState, int, int], None]) -> None:
        self.act = act

    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        assert isinstance(step, Draw | Charge)
        self.act(game, res.owner, step.count)
        return True


class _Discard(Handler):
    repeating = True

    def choice_kind(self, step: Effect) -> ChoiceKind:
        return ChoiceKind.HAND

    def options(self, game: GameState, res: Resolution, step: Effect) -> tuple[Option, ...]:
        assert isinstance(step, Discard)
        hand = game.players[res.owner].hand
        return _distinct(hand, lambda card: layers.card_matches(card, step.filter))

    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        state = game.players[res.owner]
        card = state.hand.pop(option[0])
        state.drop.append(card)
        game.note(res.owner, f"discards {card.label()}")
        return True


class _Search(Handler):
    """Search the deck, or take from the drop zone, up to ``count`` cards to hand."""

    optional = True
    repeating = True

    def __init__(self, zone: str) -> None:
        self.zone = zone

    def choice_kind(self, step: Effect) -> ChoiceKind:
        return ChoiceKind.DECK if self.zone == "deck" else ChoiceKind.DROP

    def options(self, game: GameState, res: Resolution, step: Effect) -> tuple[Option, ...]:
        assert isinstance(step, Search | AddToHand)
        cards = getattr(game.players[res.owner], self.zone)
        return _distinct(cards, lambda card: layers.card_matches(card, step.filter))

    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        state = game.players[res.owner]
        card = getattr(state, self.zone).pop(option[0])
        state.take(card)
        game.note(res.owner, f"adds {card.label()} to hand from the {self.zone}")
        return True

    def finish(self, game: GameState, res: Resolution, step: Effect) -> None:
        if self.zone == "deck":
            refresh_or_shuffle(game, res.owner)


def refresh_or_shuffle(game: GameState, player: int) -> None:
    """After a deck search: shuffle, or refresh a deck the search emptied (R-ZONE-1)."""
    state = game.players[player]
    if not state.deck:
        game.refresh(player)
    elif d.SHUFFLE_AFTER_DECK_SEARCH:
        game.rng.shuffle(state.deck)


def _target(step: Effect) -> Target:
    assert isinstance(step, _TARGETED)
    return step.target


def targets(game: GameState, res: Resolution, target: Target) -> list[Member]:
    """The members a non-choosing target names now (those on the field)."""
    kind = target.kind
    if kind is TargetKind.SELF:
        bearer = bearer_of(game, res)
        return [bearer] if bearer is not None else []
    if kind is TargetKind.BATTLING or kind is TargetKind.OPPOSING:
        battle = game.battle
        if battle is None:
            return []
        player = res.owner if kind is TargetKind.BATTLING else 1 - res.owner
        side = 0 if player == battle.attacker else 1
        member = game.players[player].member_by_uid(battle.uid(side))
        return [member] if member is not None else []
    return [
        member
        for player in layers.sides(res.owner, target.side)
        for member in game.players[player].members()
        if layers.member_matches(game, member, target.filter, res.bearer)
    ]


def _member_options(game: GameState, res: Resolution, target: Target) -> tuple[Option, ...]:
    found = []
    for player in layers.sides(res.owner, target.side):
        for member in game.players[player].members():
            if layers.member_matches(game, member, target.filter, res.bearer):
                found.append((player, member.circle))
    return tuple(found)


class _OnMembers(Handler):
    """A step acting on its target members (chosen, or all the target names)."""

    def __init__(self, act: Callable[[GameState, Resolution, Effect, int, Member], None]) -> None:
        self.act = act

    def options(self, game: GameState, res: Resolution, step: Effect) -> tuple[Option, ...] | None:
        target = _target(step)
        if target.kind is TargetKind.CHOOSE:
            return _member_options(game, res, target)
        return None

    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        if option:
            player, circle = option
            member = game.players[player].member_at(circle)
            if member is not None:
                self.act(game, res, step, player, member)
            return True
        for member in targets(game, res, _target(step)):
            self.act(game, res, step, layers.owner_of(game, member), member)
        return True


def _stand(game: GameState, res: Resolution, step: Effect, player: int, member: Member) -> None:
    member.rested = isinstance(step, Rest)


def _boost(game: GameState, res: Resolution, step: Effect, player: int, member: Member) -> None:
    assert isinstance(step, Boost)
    stat = _STAT_INDEX[step.stat]
    if step.until is Duration.TURN:
        if stat == POWER:
            member.power_bonus += step.value
        elif stat == SPIRIT:
            member.spirit_bonus += step.value
        else:
            member.limit_bonus += step.value
        return
    side = layers.battle_side(game, member)
    if side >= 0:  # a battle-long boost outside a battle of that member has nothing to last for
        battle = game.battle
        assert battle is not None
        battle.bonus[side][stat] += step.value


def _remove(game: GameState, res: Resolution, step: Effect, player: int, member: Member) -> None:
    assert isinstance(step, Remove)
    leave_field(game, player, member, step.to)


def leave_field(game: GameState, player: int, member: Member, to: Destination) -> None:
    """A member leaves the field with its soul: retreat (drop or cost zone), to
    hand, or to the deck (the member card; its soul goes to the drop zone)."""
    state = game.players[player]
    state.remove_member(member)
    card = member.card
    if to is Destination.DROP:
        state.drop.append(card)
        state.drop.extend(member.souls)
    elif to is Destination.COST:
        state.cost.append(card)
        state.cost.extend(member.souls)
    else:
        state.drop.extend(member.souls)
        if to is Destination.HAND:
            state.take(card)
        elif to is Destination.DECK_TOP:
            state.deck.append(card)
        else:
            state.deck.insert(0, card)
    game.note(player, f"{card.label()} leaves the field to {to.value.replace('_', ' ')}")


class _Move(Handler):
    def choice_kind(self, step: Effect) -> ChoiceKind:
        return ChoiceKind.MOVE

    def options(self, game: GameState, res: Resolution, step: Effect) -> tuple[Option, ...]:
        assert isinstance(step, MoveMember)
        target = step.target
        if target.kind is TargetKind.CHOOSE:
            members = [
                (player, member)
                for player in layers.sides(res.owner, target.side)
                for member in game.players[player].members()
                if layers.member_matches(game, member, target.filter, res.bearer)
            ]
        else:
            members = [(layers.owner_of(game, m), m) for m in targets(game, res, target)]
        return tuple(
            (player, member.circle, *circles)
            for player, member in members
            for circles in member_moves(game.players[player], member)
        )

    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        player, circle, *circles = option
        move_member(game, player, circle, tuple(circles))
        return True


class _Mobilize(Handler):
    optional = True

    def choice_kind(self, step: Effect) -> ChoiceKind:
        return ChoiceKind.MOBILIZE

    def options(self, game: GameState, res: Resolution, step: Effect) -> tuple[Option, ...]:
        assert isinstance(step, MobilizeCard)
        state = game.players[res.owner]
        cards = getattr(state, step.source)
        found = []
        for (index,) in _distinct(cards, lambda card: _mobilizable(game, res.owner, card, step)):
            for circles in shapes(cards[index].territory):
                found.append((index, *circles))
        return tuple(found)

    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        assert isinstance(step, MobilizeCard)
        index, *circles = option
        state = game.players[res.owner]
        card = getattr(state, step.source).pop(index)
        if not step.ignore_cost:
            state.pay(card.cost or 0)
        member = game.new_member(card, tuple(circles))
        state.place(member)
        game.note(res.owner, f"mobilizes {card.label()} from the {step.source}")
        fire(game, res.owner, Trigger.MOBILIZE, member=member, from_hand=step.source == "hand")
        return True

    def finish(self, game: GameState, res: Resolution, step: Effect) -> None:
        assert isinstance(step, MobilizeCard)
        if step.source == "deck":
            refresh_or_shuffle(game, res.owner)


def _mobilizable(game: GameState, player: int, card: Card, step: MobilizeCard) -> bool:
    if not card.type.is_member or not layers.card_matches(card, step.filter):
        return False
    state = game.players[player]
    if not step.ignore_cost and (card.cost or 0) > len(state.cost):
        return False
    if not d.EFFECT_MOBILIZE_CHECKS_LEVEL:
        return True
    return level_allows(state.level, state.level_face_up, card)


def level_allows(level: list[Card], face_up: list[bool], card: Card) -> bool:
    """R-MOB: level ≤ the player's level; a transunion also needs a face-up level card
    of its color or world."""
    if card.level is None or card.level > len(level):
        return False
    if card.type is not _TRANSUNION:
        return True
    return any(
        (up or d.FACE_DOWN_LEVEL_CARD_ENABLES_TRANSUNION) and shares_color_or_world(card, other)
        for other, up in zip(level, face_up, strict=True)
    )


def shares_color_or_world(card: Card, other: Card) -> bool:
    """R-MOB: same color (colorless only if ``decisions.COLORLESS_IS_A_COLOR``) or
    same world (world-less cards share none)."""
    color = card.color
    if (
        color is not None
        and other.color is color
        and (color is not _COLORLESS or d.COLORLESS_IS_A_COLOR)
    ):
        return True
    return card.world is not None and other.world is card.world


class _LevelUp(Handler):
    """Put the top deck card face up into the level zone; at 5 cards one returns."""

    repeating = True

    def choice_kind(self, step: Effect) -> ChoiceKind:
        return ChoiceKind.LEVEL

    def options(self, game: GameState, res: Resolution, step: Effect) -> tuple[Option, ...] | None:
        state = game.players[res.owner]
        if len(state.level) < d.LEVEL_ZONE_RETURN_AT:
            return None
        return tuple((index,) for index in state.distinct_level_cards())

    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        state = game.players[res.owner]
        if option:
            returned = state.level.pop(option[0])
            del state.level_face_up[option[0]]
            del state.level_rested[option[0]]
            state.take(returned)
            game.note(res.owner, f"returns {returned.label()} from the level zone")
            return True
        card = game.take_top(res.owner)
        if card is None:
            return True
        state.level.append(card)
        state.level_face_up.append(True)
        state.level_rested.append(False)
        game.note(res.owner, f"levels up with {card.label()} from the deck")
        fire(game, res.owner, Trigger.LEVEL_UP)
        return len(state.level) < d.LEVEL_ZONE_RETURN_AT


class _DestroyGate(Handler):
    def choice_kind(self, step: Effect) -> ChoiceKind:
        return ChoiceKind.GATE

    def options(self, game: GameState, res: Resolution, step: Effect) -> tuple[Option, ...]:
        opponent = game.players[1 - res.owner]
        return tuple(
            (circle,)
            for circle in CIRCLES
            if not opponent.gate_destroyed[circle - 1] and opponent.field[circle - 1] is None
        )

    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        destroy_gate(game, 1 - res.owner, option[0])
        return True


class _GateAgain(Handler):
    def choice_kind(self, step: Effect) -> ChoiceKind:
        return ChoiceKind.GATE

    def options(self, game: GameState, res: Resolution, step: Effect) -> tuple[Option, ...]:
        state = game.players[res.owner]
        seen: set[int] = set()
        found = []
        for circle in CIRCLES:
            gate = state.gates[circle - 1]
            if state.gate_destroyed[circle - 1] and gate.abilities and id(gate) not in seen:
                seen.add(id(gate))
                found.append((circle,))
        return tuple(found)

    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        gate = game.players[res.owner].gates[option[0] - 1]
        game.note(res.owner, f"gate {option[0]} {gate.label()} activates again")
        fire(game, res.owner, Trigger.GATE_DESTROYED, card=gate)
        return True


class _Rule(Handler):
    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        assert isinstance(step, ChangeRule)
        game.rules_until = (*game.rules_until, (res.owner, step.rule, step.until))
        return True


class _Transmute(Handler):
    """錬成(X): choose a secret tool of level ≤ X not used by this ability; its skill
    runs at once, then this ability goes on (seed 001 "秘具")."""

    def choice_kind(self, step: Effect) -> ChoiceKind:
        return ChoiceKind.TOOL

    def options(self, game: GameState, res: Resolution, step: Effect) -> tuple[Option, ...]:
        assert isinstance(step, Transmute)
        tools = game.players[res.owner].secret_tools
        seen: set[int] = set()
        found = []
        for index, tool in enumerate(tools):
            if index in res.tools or id(tool) in seen:
                continue
            if (tool.level or 0) <= step.level and tool.abilities.skills:
                seen.add(id(tool))
                found.append((index,))
        return tuple(found)

    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> None:
        index = option[0]
        tool = game.players[res.owner].secret_tools[index]
        game.note(res.owner, f"錬成: {tool.label()}")
        skills = tuple(
            Resolution(res.owner, tool, skill, 0, (0, id(tool), position))
            for position, skill in enumerate(tool.abilities.skills)
            if layers.applies(game, res.owner, None, skill)
        )
        moved_on = res.moved(res.pc + 1, -1, tools=(*res.tools, index))
        _replace(game, res, *skills, moved_on)
        return None


class _DefineFromDeck(Handler):
    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        battle = game.battle
        if battle is None:
            return True
        side = 0 if res.owner == battle.attacker else 1
        member = game.players[res.owner].member_by_uid(battle.uid(side))
        if member is None:
            return True
        state = game.players[res.owner]
        if d.DEFINE_FROM_DECK_NEEDS_ROOM and layers.limit(game, member) <= len(state.battle):
            return True
        card = game.take_top(res.owner)
        if card is not None:
            enter_battle_zone(game, res.owner, card, from_hand=False)
        return True


class _SoulFromDeck(Handler):
    def apply(self, game: GameState, res: Resolution, step: Effect, option: Option) -> bool:
        assert isinstance(step, SoulFromDeck)
        member = bearer_of(game, res)
        if member is None:
            return True
        for _ in range(step.count):
            card = game.take_top(res.owner)
            if card is None:
                break
            member.souls = (*member.souls, card)
        game.players[res.owner].note_reach(member)
        return True


_TARGETED = (Stand, Rest, Remove, Boost, MoveMember)

HANDLERS: dict[type, Handler] = {
    Draw: _Count(lambda game, player, count: game.draw(player, count)),
    Charge: _Count(lambda game, player, count: game.charge(player, count)),
    Discard: _Discard(),
    Search: _Search("deck"),
    AddToHand: _Search("drop"),
    Stand: _OnMembers(_stand),
    Rest: _OnMembers(_stand),
    Remove: _OnMembers(_remove),
    MoveMember: _Move(),
    Boost: _OnMembers(_boost),
    MobilizeCard: _Mobilize(),
    LevelUp: _LevelUp(),
    DestroyGate: _DestroyGate(),
    GateAgain: _GateAgain(),
    ChangeRule: _Rule(),
    Transmute: _Transmute(),
    DefineFromDeck: _DefineFromDeck(),
    SoulFromDeck: _SoulFromDeck(),
}


# -- events the rules share with effects --


def destroy_gate(game: GameState, owner: int, circle: int) -> None:
    """R-BAT-1: flip the gate; its effect runs, except for the sixth (R-WIN-1)."""
    state = game.players[owner]
    if state.gate_destroyed[circle - 1]:
        game.note(owner, f"gate {circle} is already destroyed")
        return
    state.gate_destroyed[circle - 1] = True
    gate = state.gates[circle - 1]
    if game.log is not None:
        game.note(owner, f"gate {circle} {gate.label()} is destroyed ({state.gates_destroyed}/6)")
    if all(state.gate_destroyed):
        game.losers[owner] = True
        return
    fire(game, owner if d.GATE_EFFECT_FOR_OWNER else 1 - owner, Trigger.GATE_DESTROYED, card=gate)


def enter_battle_zone(game: GameState, player: int, card: Card, *, from_hand: bool) -> None:
    """R-BAT-3/4: a card goes face up into ``player``'s battle zone as logic.

    Its logic strengthens the battling member; its define abilities trigger (those
    that need the hand only when it came from there, seed 000 line 189). A paradox
    also triggers its owner's paradox link abilities, then meets the face-up paradox
    rules (seed 000 "关于逆理逻辑"): an opponent's cancels it (both face down), an
    own one makes the player choose one to turn face down.
    """
    battle = game.battle
    assert battle is not None
    state = game.players[player]
    state.battle.append(card)
    side = 0 if player == battle.attacker else 1
    logic = card.logic
    if game.log is not None:
        game.note(player, f"defines {card.label()}" + ("" if from_hand else " from the deck"))
    paradox = logic is not None and logic.kind is LogicKind.PARADOX
    if logic is not None and not paradox:
        stat = _LOGIC_STAT.get(logic.kind)
        if stat is not None:
            battle.bonus[side][stat] += logic.value
    fire(game, player, Trigger.DEFINE, card=card, from_hand=from_hand)
    if not paradox:
        return
    fire(game, player, Trigger.PARADOX_LINK)
    up = game.up_paradox
    if up is None:
        game.up_paradox = FaceUpParadox(player, card, in_battle=True)
    elif up.owner != player:
        game.up_paradox = None
        game.note(player, f"paradox {card.label()} cancels {up.card.label()}: both face down")
    else:
        game.up_paradox = FaceUpParadox(player, card, in_battle=True)
        game.queue = (ParadoxPick(player, card, up), *game.queue)


def _pick_paradox(game: GameState, pick: ParadoxPick, *, new_face_down: bool) -> None:
    """R-BAT-4: the chosen paradox turns face down, the other stays face up."""
    if new_face_down:
        game.up_paradox = pick.older
        game.note(pick.owner, f"turns {pick.new.label()} face down; the other stays face up")
    else:
        game.note(pick.owner, f"turns the older paradox face down; {pick.new.label()} stays up")


__all__ = [
    "HANDLERS",
    "activate",
    "can_use",
    "choose",
    "decline",
    "destroy_gate",
    "enter_battle_zone",
    "fire",
    "resolve",
]
