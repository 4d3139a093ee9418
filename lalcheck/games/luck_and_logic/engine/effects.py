"""The interpreter of structured card effects (``effects:`` in the card database).

The vocabulary (:class:`~lalcheck.games.luck_and_logic.cards.Effect`): on a trigger (mobilize,
attack, define, gate_destroyed, logic_drive) a card draws N, charges N (top N
deck cards into the cost zone) or boosts power, spirit or limit by X until the
end of the battle or the turn. A boost raises the member the effect belongs to;
for ``define``, the defining player's battling member. Ability text with no
structured form is not executed: each time such a card has its moment
(mobilized, attacking, defined, its gate destroyed) it is counted in
:attr:`GameState.unmodelled`, so reports can say how much was not modelled.
"""

from __future__ import annotations

from lalcheck.games.luck_and_logic.cards import Action, Card, Duration, Stat, Trigger
from lalcheck.games.luck_and_logic.engine.state import LIMIT, POWER, SPIRIT, GameState, Member

_STAT_INDEX = {Stat.POWER: POWER, Stat.SPIRIT: SPIRIT, Stat.LIMIT: LIMIT}


def run_effects(
    game: GameState, owner: int, card: Card, trigger: Trigger, member: Member | None
) -> None:
    """Run ``card``'s effects for ``trigger``; count it when its text is unmodelled."""
    effects = card.effects
    if not effects:
        if card.text:
            game.count_unmodelled(card)
        return
    for effect in effects:
        if effect.trigger is not trigger:
            continue
        if effect.action is Action.DRAW:
            game.draw(owner, effect.value)
        elif effect.action is Action.CHARGE:
            game.charge(owner, effect.value)
        elif member is not None and effect.stat is not None:
            boost(game, owner, member, _STAT_INDEX[effect.stat], effect.value, effect.until)
        game.note(owner, f"{card.label()}: {effect.action} {effect.value}")


def boost(
    game: GameState,
    owner: int,
    member: Member,
    stat: int,
    value: int,
    until: Duration | None,
) -> None:
    """Raise a member's power, spirit or limit until the end of the turn or the battle.

    A battle-long boost outside a battle of that member has nothing to last for.
    """
    if until is Duration.TURN:
        if stat == POWER:
            member.power_bonus += value
        elif stat == SPIRIT:
            member.spirit_bonus += value
        else:
            member.limit_bonus += value
        return
    battle = game.battle
    if battle is None:
        return
    side = 0 if owner == battle.attacker else 1
    circle = battle.attacker_circle if side == 0 else battle.defender_circle
    if game.players[owner].member_at(circle) is member:
        battle.bonus[side][stat] += value
