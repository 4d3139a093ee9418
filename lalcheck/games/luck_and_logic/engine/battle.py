"""Battle (R-BAT): the battling members' values, logic definition, paradoxes and judgement.

Side 0 is the attacker, side 1 the defender.
"""

from __future__ import annotations

from lalcheck.games.luck_and_logic.cards import Card, LogicKind, Trigger
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine.effects import run_effects
from lalcheck.games.luck_and_logic.engine.state import (
    LIMIT,
    POWER,
    SPIRIT,
    BattleState,
    FaceUpParadox,
    GameState,
    Member,
)

_LOGIC_STAT = {LogicKind.POWER: POWER, LogicKind.SPIRIT: SPIRIT, LogicKind.LIMIT: LIMIT}


def side_of(battle: BattleState, player: int) -> int:
    return 0 if player == battle.attacker else 1


def battling_member(game: GameState, battle: BattleState, side: int) -> Member:
    """The attacking (side 0) or the attacked (side 1) member."""
    if side == 0:
        member = game.players[battle.attacker].member_at(battle.attacker_circle)
    else:
        member = game.players[1 - battle.attacker].member_at(battle.defender_circle)
    assert member is not None, "a battling member left the field"
    return member


def power(game: GameState, battle: BattleState, side: int) -> int:
    """Power with turn boosts, battle logic and, for the attacker, +1000 per soul (R-TRANCE)."""
    member = battling_member(game, battle, side)
    value = (member.card.power or 0) + member.power_bonus + battle.bonus[side][POWER]
    if side == 0:
        value += d.SOUL_POWER * len(member.souls)
    return value


def spirit(game: GameState, battle: BattleState, side: int) -> int:
    member = battling_member(game, battle, side)
    return (member.card.spirit or 0) + member.spirit_bonus + battle.bonus[side][SPIRIT]


def limit(game: GameState, battle: BattleState, side: int) -> int:
    member = battling_member(game, battle, side)
    return (member.card.limit or 0) + member.limit_bonus + battle.bonus[side][LIMIT]


def judged_by_spirit(game: GameState) -> bool:
    """R-BAT-5: a face-up paradox in a battle or paradox zone makes spirit decide."""
    return game.up_paradox is not None


def margin(game: GameState, battle: BattleState) -> int:
    """Attacker's value minus defender's under the current judgement; >= 0 wins (R-BAT-5)."""
    value = spirit if judged_by_spirit(game) else power
    return value(game, battle, 0) - value(game, battle, 1)


def has_room(game: GameState, battle: BattleState, player: int) -> bool:
    """R-BAT-3: the battling member's limit exceeds the cards in the battle zone."""
    return limit(game, battle, side_of(battle, player)) > len(game.players[player].battle)


def can_level_support(game: GameState, player: int) -> bool:
    """R-BAT-3: a standing level card to rest, and a card to define afterwards."""
    state = game.players[player]
    return (bool(state.hand) or bool(state.deck)) and not all(state.level_rested)


def can_define(game: GameState, battle: BattleState, player: int) -> bool:
    if not has_room(game, battle, player):
        return False
    return bool(game.players[player].hand) or can_level_support(game, player)


def define(game: GameState, battle: BattleState, player: int, index: int) -> None:
    """R-BAT-3/4: put a hand card face up into the battle zone and apply its logic."""
    state = game.players[player]
    card = state.hand.pop(index)
    state.battle.append(card)
    side = side_of(battle, player)
    logic = card.logic
    game.note(player, f"defines {card.label()}")
    if logic is not None:
        stat = _LOGIC_STAT.get(logic.kind)
        if stat is not None:
            battle.bonus[side][stat] += logic.value
        elif logic.kind is LogicKind.PARADOX and not _define_paradox(game, player, card):
            return  # cancelled: face down, it gives no logic, its effects included
    if card.effects or not card.type.is_member:
        run_effects(game, player, card, Trigger.DEFINE, battling_member(game, battle, side))


def _define_paradox(game: GameState, player: int, card: Card) -> bool:
    """R-BAT-4: a face-up paradox in either battle zone or paradox zone, whoever owns
    it, cancels the newly defined one: both turn face down. Otherwise the new one is
    the battle's one face-up paradox. Returns whether it stays face up."""
    up = game.up_paradox
    if up is not None:
        game.up_paradox = None
        game.note(player, f"paradox {card.label()} cancels {up.card.label()}: both face down")
        return False
    game.up_paradox = FaceUpParadox(player, card, in_battle=True)
    return True


def level_support(game: GameState, player: int) -> None:
    """R-BAT-3: rest a standing level card (face-down ones too) and draw 1."""
    state = game.players[player]
    state.level_rested[state.level_rested.index(False)] = True
    game.note(player, "level support")
    game.draw(player, 1)


def intercept(game: GameState, battle: BattleState, member: Member) -> None:
    """R-BAT-2: a defender's member goes to the intercept zone; its logic helps the defender."""
    player = 1 - battle.attacker
    state = game.players[player]
    state.remove_member(member)
    state.intercept.append(member.card)
    state.drop.extend(member.souls)
    logic = member.card.logic
    if logic is not None:
        stat = _LOGIC_STAT.get(logic.kind)
        if stat is not None:
            battle.bonus[1][stat] += logic.value
    game.note(player, f"intercepts with {member.card.label()}")


def resolve(game: GameState, battle: BattleState) -> bool:
    """R-BAT-5 and R-BAT-6: judge, retreat a losing defender, clear the battle zones.

    Returns True when the attacker won (ties go to the attacker).
    """
    attacker_won = margin(game, battle) >= 0
    defender = 1 - battle.attacker
    by = "spirit" if judged_by_spirit(game) else "power"
    if attacker_won:
        member = battling_member(game, battle, 1)
        state = game.players[defender]
        state.remove_member(member)
        state.cost.append(member.card)
        state.cost.extend(member.souls)
        game.note(battle.attacker, f"wins the battle by {by}; {member.card.label()} retreats")
    else:
        game.note(defender, f"wins the battle by {by}")
    up = game.up_paradox
    for player in (0, 1):
        state = game.players[player]
        if up is not None and up.in_battle and up.owner == player:
            state.battle.remove(up.card)
            state.paradox.append(up.card)
        state.drop.extend(state.battle)
        state.battle.clear()
        state.drop.extend(state.intercept)
        state.intercept.clear()
    if up is not None and up.in_battle:
        game.up_paradox = FaceUpParadox(up.owner, up.card, in_battle=False)
    return attacker_won
