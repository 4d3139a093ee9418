"""The turn (RTL-TURN): start, draw, main 1, battle, main 2, end; the hand limit.

:class:`TurnFrame` sits at the bottom of the stack and runs turn after turn.
:class:`MainFrame` is a main phase: colour LP, play cards (choosing which LP
pay), set counters, Revive, use activated abilities, then pass (main 1 may
skip the battle phase). :class:`EraseFrame` makes a player over the hand
limit erase cards of their choice (RTL-ZONE-5, RTL-OPEN-22).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Self

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import (
    COLOUR_INDEX,
    Card,
    CardType,
    Effect,
    Keyword,
    Trigger,
)
from lalcheck.games.restore_the_luminous.engine.actions import (
    NO_PAYMENT,
    PASS,
    SKIP_BATTLE,
    Action,
    Activate,
    ColourLP,
    Erase,
    Pass,
    Play,
    Revive,
    SetCounter,
    SkipBattle,
)
from lalcheck.games.restore_the_luminous.engine.battle import BattlePhaseFrame
from lalcheck.games.restore_the_luminous.engine.continuous import condition_holds
from lalcheck.games.restore_the_luminous.engine.effects import (
    EffectFrame,
    Source,
    card_effects,
    draw,
    phase_triggers,
    place_stage,
    queue,
    resolve_arts,
    summon,
)
from lalcheck.games.restore_the_luminous.engine.payment import is_payment, payments
from lalcheck.games.restore_the_luminous.engine.state import (
    COLOURLESS,
    DONE,
    MORE,
    WAIT,
    EndReason,
    Frame,
    GameState,
    Outcome,
    Phase,
    PlayerState,
    distinct_indices,
    is_first_copy,
)

_START, _DRAW, _MAIN1, _BATTLE, _MAIN2, _END, _CLEANUP = range(7)


class TurnFrame(Frame):
    """The turn in progress (always the bottom frame)."""

    __slots__ = ("evolved", "skip_battle", "stage")
    phase = Phase.MAIN

    def __init__(self) -> None:
        self.stage = _START
        self.evolved = False
        self.skip_battle = False

    def copy(self) -> Self:
        other = type(self)()
        other.stage = self.stage
        other.evolved = self.evolved
        other.skip_battle = self.skip_battle
        return other

    def actor(self, game: GameState) -> int:
        return game.active

    def legal(self, game: GameState) -> Iterator[Action]:
        return iter(())

    def apply(self, game: GameState, action: Action) -> None:
        raise AssertionError("the turn itself takes no decision")

    def step(self, game: GameState) -> int:
        stage = self.stage
        player = game.active
        state = game.players[player]
        if stage == _START:
            self._start(game, state)
            self.stage = _DRAW
            queue(game, phase_triggers(game, player, Trigger.START_OF_TURN))
        elif stage == _DRAW:
            self.stage = _MAIN1
            if not (player == game.first_player and state.turns == 1):  # RTL-SET-3
                draw(game, player, d.EVOLUTION_DRAWS if self.evolved else d.DRAWS, by_effect=False)
        elif stage == _MAIN1:
            self.stage = _BATTLE
            state.start_lp = len(state.lp_kind)
            state.start_colours = state.colour_counts()
            game.frames.append(MainFrame(first=True))
        elif stage == _BATTLE:
            self.stage = _MAIN2
            if not self.skip_battle:
                game.frames.append(BattlePhaseFrame())
        elif stage == _MAIN2:
            self.stage = _END
            game.frames.append(MainFrame(first=False))
        elif stage == _END:
            self.stage = _CLEANUP
            queue(game, phase_triggers(game, player, Trigger.END_OF_TURN))
        else:
            self._cleanup(game)
        return MORE

    def _start(self, game: GameState, state: PlayerState) -> None:
        """RTL-TURN-1: LP +1 and recovery; evolution on own turns 4 and 7 (RTL-EVO-1)."""
        game.turn += 1
        game.attacks = 0
        state.turns += 1
        state.colourings = 0
        state.leader_used = 0
        state.played = []
        self.skip_battle = False
        for unit in state.units:
            unit.used = 0
        for arts in state.persistent:
            arts.used = 0
        rank = d.EVOLUTION_BY_OWN_TURN.get(state.turns)
        self.evolved = rank is not None
        if rank is not None:
            state.rank = rank
        state.gain_lp(d.LP_PER_TURN)
        players = (state,) if d.RECOVER_TURN_PLAYER_ONLY else game.players
        for each in players:
            each.recover()
        rank_note = f", evolves to rank {rank}" if rank is not None else ""
        game.note(game.active, f"-- turn {state.turns} (LP {len(state.lp_kind)}{rank_note})")

    def _cleanup(self, game: GameState) -> None:
        """RTL-TURN-6: this turn's changes end; Bind wears off (RTL-KW-BIND); next turn."""
        player = game.active
        for state in game.players:
            for unit in state.units:
                unit.power_mod = 0
                unit.grants.clear()
        for unit in game.players[1 - player].units:
            unit.bind = max(0, unit.bind - d.KEYWORD_DETAILS.bind_decrease)
        game.summaries.append(game.summarize(player))
        if game.turn >= d.MAX_TURNS:
            game.finish(Outcome(None, EndReason.TURN_LIMIT))
            return
        game.active = 1 - player
        self.stage = _START


def activated_abilities(game: GameState, player: int) -> Iterator[tuple[str, int, Effect, int]]:
    """Activated abilities the player owns: (source kind, index, effect, used bits bit)."""
    state = game.players[player]
    kinds: list[tuple[str, int, tuple[Effect, ...], int]] = [
        ("leader", 0, state.leader.abilities_at(state.rank), state.leader_used)
    ]
    for index, unit in enumerate(state.units):
        if not unit.bind:  # RTL-KW-BIND: its abilities are negated
            kinds.append(("unit", index, unit.face.effects, unit.used))
    for index, arts in enumerate(state.persistent):
        kinds.append(("arts", index, arts.card.effects, arts.used))
    for kind, index, effects, used in kinds:
        number = 0
        for effect in effects:
            if effect.trigger is Trigger.ACTIVATED:
                yield kind, index, effect, (used >> number) & 1
                number += 1


def _source_count(game: GameState, player: int, kind: str, index: int) -> int:
    state = game.players[player]
    if kind == "unit":
        return state.units[index].count
    if kind == "arts":
        return state.persistent[index].count
    return 0


class MainFrame(Frame):
    """RTL-TURN-3 / RTL-TURN-5: a main phase of the turn player."""

    __slots__ = ("finished", "first")
    phase = Phase.MAIN

    def __init__(self, first: bool) -> None:
        self.first = first
        self.finished = False

    def copy(self) -> Self:
        other = type(self)(self.first)
        other.finished = self.finished
        return other

    def actor(self, game: GameState) -> int:
        return game.active

    def step(self, game: GameState) -> int:
        return DONE if self.finished else WAIT

    # -- legal actions -------------------------------------------------------------

    def legal(self, game: GameState) -> Iterator[Action]:
        state = game.players[game.active]
        yield from self.colourings(state)
        yield from self.plays(state)
        yield from self.counters(state)
        yield from self.revives(state)
        yield from self.activations(game)
        yield PASS
        if self.first:
            yield SKIP_BATTLE

    @staticmethod
    def colourings(state: PlayerState) -> Iterator[ColourLP]:
        """RTL-COL-1 / RTL-COL-2: while the rank allows and a colourless LP exists."""
        if state.colourings >= d.COLOURINGS_BY_RANK[state.rank]:
            return
        if COLOURLESS not in state.lp_kind:
            return
        for index in distinct_indices(state.hand):
            yield ColourLP(index)

    @staticmethod
    def gear_hosts(state: PlayerState) -> list[int]:
        """RTL-ZONE-2: units with room for another gear."""
        return [i for i, unit in enumerate(state.units) if len(unit.gear) < d.GEAR_PER_UNIT]

    @staticmethod
    def plays(state: PlayerState) -> Iterator[Play]:
        active = state.active_counts()
        room = len(state.units) < state.unit_slots
        hosts = MainFrame.gear_hosts(state)
        for index in distinct_indices(state.hand):
            card = state.hand[index]
            if not playable_from_hand(state, card, room, hosts):
                continue
            for pay in payments(active, card.level, card.colour_kind, card.colour_cost):
                if card.type is CardType.GEAR:
                    for host in hosts:
                        yield Play(index, pay, host)
                else:
                    yield Play(index, pay)

    @staticmethod
    def counters(state: PlayerState) -> Iterator[SetCounter]:
        """RTL-ZONE-4, RTL-OPEN-12: set a card in a free counter slot."""
        if len(state.counters) >= state.counter_slots:
            return
        for index in distinct_indices(state.hand):
            card = state.hand[index]
            if card.has(Keyword.COUNTER) or not d.COUNTERS.set_needs_counter_keyword:
                yield SetCounter(index)

    @staticmethod
    def revives(state: PlayerState) -> Iterator[Revive]:
        """RTL-KW-REVIVE: a graveyard unit with Revive, paying its Revive cost."""
        if len(state.units) >= state.unit_slots:
            return
        active = state.active_counts()
        for index in distinct_indices(state.graveyard):
            card = state.graveyard[index]
            ability = card.keyword(Keyword.REVIVE)
            if card.type is not CardType.UNIT or ability is None or ability.cost is None:
                continue
            cost = ability.cost
            for pay in payments(active, cost.level, card.colour_kind, cost.colour_cost):
                yield Revive(index, pay)

    @staticmethod
    def activations(game: GameState) -> Iterator[Activate]:
        """RTL-KW-LACCEL, RTL-KW-CACCEL, RTL-ENGINE-4: activated abilities not yet
        used this turn whose condition holds and whose cost can be paid."""
        player = game.active
        state = game.players[player]
        active = state.active_counts()
        colours = state.colour_counts()
        numbers: dict[tuple[str, int], int] = {}
        for kind, index, effect, used in activated_abilities(game, player):
            number = numbers.get((kind, index), 0)
            numbers[(kind, index)] = number + 1
            if used and d.ACTIVATED_ONCE_PER_TURN:
                continue
            count = _source_count(game, player, kind, index)
            if not condition_holds(game, player, effect.condition, count):
                continue
            if any(colours[COLOUR_INDEX[c] - 1] < n for c, n in effect.cost.c_accel):
                continue
            if effect.cost.l_accel:
                for pay in payments(active, effect.cost.l_accel, COLOURLESS, 0):
                    yield Activate(kind, index, number, pay)
            else:
                yield Activate(kind, index, number, NO_PAYMENT)

    def is_legal(self, game: GameState, action: object) -> bool:
        state = game.players[game.active]
        if isinstance(action, Play):
            if not is_first_copy(state.hand, action.card):
                return False
            card = state.hand[action.card]
            hosts = self.gear_hosts(state)
            room = len(state.units) < state.unit_slots
            if not playable_from_hand(state, card, room, hosts):
                return False
            wrong_host = (
                action.on not in hosts if card.type is CardType.GEAR else action.on is not None
            )
            if wrong_host:
                return False
            active = state.active_counts()
            return is_payment(action.pay, active, card.level, card.colour_kind, card.colour_cost)
        if isinstance(action, ColourLP):
            return (
                state.colourings < d.COLOURINGS_BY_RANK[state.rank]
                and COLOURLESS in state.lp_kind
                and is_first_copy(state.hand, action.card)
            )
        if isinstance(action, SkipBattle):
            return self.first
        if isinstance(action, Pass):
            return True
        return super().is_legal(game, action)

    # -- applying --------------------------------------------------------------------

    def apply(self, game: GameState, action: Action) -> None:
        player = game.active
        state = game.players[player]
        if isinstance(action, Pass):
            self.finished = True
        elif isinstance(action, SkipBattle):
            self.finished = True
            turn = game.frames[0]
            assert isinstance(turn, TurnFrame)
            turn.skip_battle = True
        elif isinstance(action, ColourLP):
            card = state.hand.pop(action.card)
            state.erased.append(card)
            state.colour_lp(card.colour_kind, 1, active_first=d.COLOUR_ACTIVE_LP_FIRST)
            state.colourings += 1
            game.note(player, f"colours an LP {card.colour} with {card.label()}")
        elif isinstance(action, Play):
            play_card(game, player, state.hand.pop(action.card), action)
        elif isinstance(action, SetCounter):
            state.counters.append(state.hand.pop(action.card))
            game.note(player, "sets a counter")
        elif isinstance(action, Revive):
            card = state.graveyard.pop(action.card)
            ability = card.keyword(Keyword.REVIVE)
            assert ability is not None and ability.cost is not None
            state.spend(action.pay, card.colour_kind, ability.cost.colour_cost)
            state.played.append(card)
            game.note(player, f"revives {card.label()}")
            queue(game, summon(game, player, card))
        else:
            assert isinstance(action, Activate)
            activate(game, player, action)


def playable_from_hand(state: PlayerState, card: Card, room: bool, hosts: list[int]) -> bool:
    """Whether the card has somewhere to go: a unit slot, a unit for gear (RTL-TYPE)."""
    if card.type is CardType.UNIT:
        return room
    if card.type is CardType.GEAR:
        return bool(hosts)
    if card.has(Keyword.PERSISTENT):
        return state.has_persistent_room()
    return card.type is not CardType.LEADER


def play_card(game: GameState, player: int, card: Card, action: Play) -> None:
    """RTL-PAY: pay, then the card goes where its type says and its effects run."""
    state = game.players[player]
    state.spend(action.pay, card.colour_kind, card.colour_cost)
    state.played.append(card)
    game.note(player, f"plays {card.label()}")
    if not card.is_modelled:
        game.count_unmodelled(card)
    frames: list[EffectFrame]
    if card.type is CardType.UNIT:
        frames = summon(game, player, card)
    elif card.type is CardType.GEAR:
        assert action.on is not None
        host = state.units[action.on]
        host.gear.append(card)
        source = Source("gear", card, host.uid)
        frames = [EffectFrame(player, source, e) for e in card.effects_for(Trigger.ON_PLAY)]
    elif card.type is CardType.STAGE:
        stage = place_stage(game, player, card)
        frames = card_effects(player, card, Trigger.ON_PLAY, stage.uid)
    else:
        frames = resolve_arts(game, player, card, Trigger.ON_PLAY)
    queue(game, frames)


def activate(game: GameState, player: int, action: Activate) -> None:
    """Pay an activated ability's cost (L-Accel LP passive, C-Accel colours) and run it."""
    state = game.players[player]
    effect: Effect | None = None
    number = 0
    for kind, index, candidate, _ in activated_abilities(game, player):
        if (kind, index) == (action.source, action.index):
            if number == action.ability:
                effect = candidate
                break
            number += 1
    assert effect is not None
    bit = 1 << action.ability
    if action.source == "leader":
        state.leader_used |= bit
        state.leader_abilities += 1
        source = Source("leader", state.leader)
    elif action.source == "unit":
        unit = state.units[action.index]
        unit.used |= bit
        source = Source("unit", unit.face, unit.uid)
    else:
        arts = state.persistent[action.index]
        arts.used |= bit
        source = Source("arts", arts.card, arts.uid)
    state.spend(action.pay)
    for colour, count in effect.cost.c_accel:
        state.use_colour(COLOUR_INDEX[colour], count)
    game.note(player, f"activates {source.card.label()}")
    game.frames.append(EffectFrame(player, source, effect))


class EraseFrame(Frame):
    """RTL-ZONE-5: a hand above the limit loses cards to the erased pile."""

    __slots__ = ("player",)
    phase = Phase.ERASE

    def __init__(self, player: int) -> None:
        self.player = player

    def copy(self) -> Self:
        return type(self)(self.player)

    def actor(self, game: GameState) -> int:
        return self.player

    def step(self, game: GameState) -> int:
        hand = game.players[self.player].hand
        if len(hand) <= d.HAND_LIMIT:
            return DONE
        if d.HAND_LIMIT_OWNER_CHOOSES:
            return WAIT
        self._erase(game, len(hand) - 1)
        return MORE

    def legal(self, game: GameState) -> Iterator[Action]:
        for index in distinct_indices(game.players[self.player].hand):
            yield Erase(index)

    def apply(self, game: GameState, action: Action) -> None:
        assert isinstance(action, Erase)
        self._erase(game, action.card)

    def _erase(self, game: GameState, index: int) -> None:
        state = game.players[self.player]
        card = state.hand.pop(index)
        state.erased.append(card)
        game.note(self.player, f"erases {card.label()} (hand limit)")
