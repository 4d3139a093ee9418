"""The game: setup (RTL-SET), the run loop, state-based checks (RTL-BAT-9, RTL-ZONE-5, RTL-WIN).

:class:`Game` is a :class:`~.state.GameState` that knows its legal actions
(generated lazily, python-chess style, by the top frame of the stack) and
applies them with :meth:`Game.push`. Everything no player decides runs inside
``push`` until the next decision. Between any two steps the engine destroys
units whose power is 0 or less; once no effect or damage event is resolving it
ends the game if a player has lost and makes a player over the hand limit erase.
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.engine.actions import Action
from lalcheck.games.restore_the_luminous.engine.continuous import (
    layered_power,
    stage_effects,
    static_effects,
)
from lalcheck.games.restore_the_luminous.engine.deck import DeckList
from lalcheck.games.restore_the_luminous.engine.effects import (
    EffectFrame,
    destroy_unit,
    draw,
    queue,
)
from lalcheck.games.restore_the_luminous.engine.phases import EraseFrame, TurnFrame
from lalcheck.games.restore_the_luminous.engine.state import (
    DONE,
    WAIT,
    EndReason,
    GameState,
    Outcome,
    PlayerState,
)
from lalcheck.simulation import engine
from lalcheck.simulation.engine import IllegalActionError as IllegalActionError

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
    ) -> Game:
        """RTL-SET: shuffle both decks, pick the first player (seeded, RTL-OPEN-2,
        unless given), HP 9 and 10 (RTL-SET-1), 1 LP each (RTL-SET-4), opening hands
        by leader (RTL-SET-2); then run to the first decision."""
        if first_player not in (None, 0, 1):
            raise ValueError(f"first_player must be 0 or 1, not {first_player}")
        players = (
            PlayerState(deck_a.leader, list(deck_a.main), d.HP_FIRST),
            PlayerState(deck_b.leader, list(deck_b.main), d.HP_FIRST),
        )
        game = cls(seed, players, 0, {**deck_a.forms, **deck_b.forms}, log=log)
        rng = game.rng
        if first_player is None:
            first_player = rng.randrange(2)
        game.first_player = game.active = first_player
        players[1 - first_player].max_hp = d.HP_SECOND
        for player, state in enumerate(players):
            rng.shuffle(state.deck)
            opening = state.leader.opening_hand
            assert opening is not None
            draw(game, player, opening, by_effect=False)
        game.openings = (tuple(players[0].hand), tuple(players[1].hand))
        game.note(first_player, "goes first")
        game.frames.append(TurnFrame())
        game.run()
        return game

    # -- queries ---------------------------------------------------------------

    def legal_actions(self) -> LegalActions:
        """The legal actions of the player to act (:attr:`actor`)."""
        return LegalActions(self)

    def generate_legal_actions(self) -> Iterator[Action]:
        """Every legal action, one per distinct outcome (copies of a card count once)."""
        if self.outcome is not None:
            return iter(())
        return self.frames[-1].legal(self)

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` is one of :meth:`generate_legal_actions`."""
        if self.outcome is not None:
            return False
        return self.frames[-1].is_legal(self, action)

    # -- applying actions ------------------------------------------------------

    def push(self, action: Action) -> None:
        """Apply the actor's action, then run the game on to the next decision.

        The action is not checked: use :meth:`is_legal` (or ``action in
        game.legal_actions()``) for actions from outside.
        """
        if self.outcome is not None:
            raise IllegalActionError("the game is over")
        self.actions.append(action)
        self.frames[-1].apply(self, action)
        self.run()

    def push_legal(self, action: Action) -> None:
        """Apply ``action`` after checking that it is legal."""
        engine.push_legal(self, action)

    def run(self) -> None:
        """Step the frames until one waits for a decision or the game ends."""
        frames = self.frames
        while self.outcome is None:
            self.destroy_powerless()
            if not self._resolving():
                if self.losers[0] or self.losers[1]:
                    self._end_by_loss()
                    return
                over = self.over_hand_limit()
                if over is not None and not isinstance(frames[-1], EraseFrame):
                    frames.append(EraseFrame(over))
            index = len(frames) - 1
            result = frames[index].step(self)
            if result == WAIT:
                return
            if result == DONE:
                del frames[index]

    def _resolving(self) -> bool:
        """Whether an effect or a damage event is still resolving (an atomic frame)."""
        return any(frame.atomic for frame in self.frames)

    def destroy_powerless(self) -> None:
        """RTL-BAT-9: a unit with power 0 or less is destroyed at once, with its
        return and "on destroy" effects."""
        if not (self.players[0].units or self.players[1].units) or self._no_unit_can_be_powerless():
            return
        statics = static_effects(self)
        stages = stage_effects(self)
        order = (self.active, 1 - self.active) if d.TURN_PLAYER_TRIGGERS_FIRST else (0, 1)
        doomed = [
            unit
            for player in order
            for unit in self.players[player].units
            if layered_power(unit, statics, stages, self) <= 0
        ]
        triggered: list[EffectFrame] = []
        for unit in doomed:
            player = unit.owner
            if unit in self.players[player].units:
                self.note(player, f"{unit.face.label()} has no power left")
                triggered += destroy_unit(self, unit)
        queue(self, triggered)

    def _no_unit_can_be_powerless(self) -> bool:
        """A quick sufficient test: every unit's own power and this turn's changes are
        above 0 and nothing on the table lowers power continuously (gear and other
        continuous effects then only add)."""
        for stage in self.stages:
            if stage is not None and stage.card.lowers_power:
                return False
        for state in self.players:
            if state.leader.lowers_power:
                return False
            for arts in state.persistent:
                if arts.card.lowers_power:
                    return False
            for unit in state.units:
                face = unit.face
                if face.lowers_power or (face.power or 0) + unit.power_mod <= 0:
                    return False
                for gear in unit.gear:
                    if gear.lowers_power:
                        return False
        return True

    def over_hand_limit(self) -> int | None:
        """RTL-ZONE-5: a player holding more than 10 cards, the turn player first."""
        for player in (self.active, 1 - self.active):
            if len(self.players[player].hand) > d.HAND_LIMIT:
                return player
        return None

    def _end_by_loss(self) -> None:
        """RTL-WIN-1 / RTL-WIN-2; both at once: RTL-OPEN-8."""
        lost_a, lost_b = self.losers
        if lost_a and lost_b:
            if d.SIMULTANEOUS_LOSS_IS_DRAW:
                self.finish(Outcome(None, EndReason.BOTH_LOST))
            else:
                self.finish(Outcome(self.active, EndReason.BOTH_LOST))
            return
        loser = 0 if lost_a else 1
        reason = EndReason.HP if self.players[loser].hp <= 0 else EndReason.DECK_OUT
        self.finish(Outcome(1 - loser, reason))
