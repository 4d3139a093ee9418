"""Battle (R-BAT): the battling members' values, logic definition, intercepts and
judgement. Values and rules come from :mod:`lalcheck.games.luck_and_logic.engine.layers`.

Side 0 is the attacker, side 1 the defender.
"""

from __future__ import annotations

from lalcheck.games.luck_and_logic.abilities.model import Rule
from lalcheck.games.luck_and_logic.cards import LogicKind
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine import layers
from lalcheck.games.luck_and_logic.engine.effects import enter_battle_zone
from lalcheck.games.luck_and_logic.engine.pending import FaceUpParadox
from lalcheck.games.luck_and_logic.engine.state import (
    LIMIT,
    POWER,
    SPIRIT,
    BattleState,
    GameState,
    Member,
)

# Enum members read on the hot paths (an enum class lookup is slow on CPython 3.11).
_TIEBREAK_LIMIT, _DEFENDER_WINS_TIES = Rule.TIEBREAK_LIMIT, Rule.DEFENDER_WINS_TIES
_LOGIC_STAT = {LogicKind.POWER: POWER, LogicKind.SPIRIT: SPIRIT, LogicKind.LIMIT: LIMIT}


def side_of(battle: BattleState, player: int) -> int:
    return 0 if player == battle.attacker else 1


def player_of(battle: BattleState, side: int) -> int:
    return battle.attacker if side == 0 else 1 - battle.attacker


def battling_member(game: GameState, battle: BattleState, side: int) -> Member | None:
    """The attacking (side 0) or the attacked (side 1) member, while on the field."""
    if side:
        return game.players[1 - battle.attacker].member_by_uid(battle.defender_uid)
    return game.players[battle.attacker].member_by_uid(battle.attacker_uid)


def is_void(game: GameState, battle: BattleState) -> bool:
    """A battling member left the field: the battle ends without judgement (decisions, R-BAT)."""
    return battling_member(game, battle, 0) is None or battling_member(game, battle, 1) is None


def _member(game: GameState, battle: BattleState, side: int) -> Member:
    member = battling_member(game, battle, side)
    assert member is not None, "a battling member left the field"
    return member


def power(game: GameState, battle: BattleState, side: int) -> int:
    return layers.power(game, _member(game, battle, side))


def spirit(game: GameState, battle: BattleState, side: int) -> int:
    return layers.spirit(game, _member(game, battle, side))


def limit(game: GameState, battle: BattleState, side: int) -> int:
    return layers.limit(game, _member(game, battle, side))


def judged_by_spirit(game: GameState) -> bool:
    """R-BAT-5: a face-up paradox (or a rule effect) makes spirit decide."""
    return layers.judged_by_spirit(game)


def margin(game: GameState, battle: BattleState) -> int:
    """Attacker's value minus defender's under the current judgement (R-BAT-5)."""
    value = spirit if judged_by_spirit(game) else power
    return value(game, battle, 0) - value(game, battle, 1)


def attacker_wins(game: GameState, battle: BattleState, margin_now: int | None = None) -> bool:
    """R-BAT-5: the attacker wins with the same value or more, unless a rule says
    that a tie compares limit (the higher wins) or goes to the defender."""
    gap = margin(game, battle) if margin_now is None else margin_now
    if gap:
        return gap > 0
    if layers.rule_owners(game, _TIEBREAK_LIMIT):
        limits = limit(game, battle, 0) - limit(game, battle, 1)
        if limits:
            return limits > 0
    return not layers.rule_owners(game, _DEFENDER_WINS_TIES)


def rooms(game: GameState, battle: BattleState) -> tuple[bool, bool] | None:
    """R-BAT-3: whether the battling member of each player (0, then 1) has room for a
    card, its limit exceeding the cards in its battle zone; None when the battle is void
    (:func:`is_void`)."""
    attacker = battling_member(game, battle, 0)
    defender = battling_member(game, battle, 1)
    if attacker is None or defender is None:
        return None
    attacking = battle.attacker
    zones = game.players[attacking].battle, game.players[1 - attacking].battle
    attacker_room = layers.limit(game, attacker) > len(zones[0])
    defender_room = layers.limit(game, defender) > len(zones[1])
    return (attacker_room, defender_room) if attacking == 0 else (defender_room, attacker_room)


def can_level_support(game: GameState, player: int) -> bool:
    """R-BAT-3: a standing level card to rest, and a card to define afterwards."""
    state = game.players[player]
    return (bool(state.hand) or bool(state.deck)) and not all(state.level_rested)


def has_a_card_to_define(game: GameState, player: int) -> bool:
    """A hand card, or a level support that draws one (R-BAT-3)."""
    return bool(game.players[player].hand) or can_level_support(game, player)


def define(game: GameState, player: int, index: int) -> None:
    """R-BAT-3/4: put a hand card face up into the battle zone."""
    card = game.players[player].hand.pop(index)
    enter_battle_zone(game, player, card, from_hand=True)


def level_support(game: GameState, player: int) -> None:
    """R-BAT-3: rest a standing level card (face-down ones too) and draw 1."""
    state = game.players[player]
    state.level_rested[state.level_rested.index(False)] = True
    game.note(player, "level support")
    game.draw(player, 1)


def interceptors(game: GameState, battle: BattleState) -> list[Member]:
    """R-BAT-2: the defender's members that may intercept (decisions.INTERCEPT_READING)."""
    defender = 1 - battle.attacker
    if not layers.may_intercept(game, defender):
        return []
    official = d.INTERCEPT_READING is d.InterceptReading.OFFICIAL
    return [
        m
        for m in game.players[defender].members()
        if m.uid != battle.defender_uid
        and (
            m.card.logic is not None and m.card.logic.kind is LogicKind.POWER
            if official
            else m.card.type in d.INTERCEPTOR_TYPES
        )
    ]


def intercept_bonus(member: Member) -> tuple[int, int]:
    """What an interceptor adds: (stat index, value), by the intercept reading."""
    if d.INTERCEPT_READING is d.InterceptReading.OFFICIAL:
        return POWER, d.OFFICIAL_INTERCEPT_POWER
    logic = member.card.logic
    stat = _LOGIC_STAT.get(logic.kind) if logic is not None else None
    return (stat, logic.value) if stat is not None and logic is not None else (POWER, 0)


def intercept(game: GameState, battle: BattleState, member: Member) -> None:
    """R-BAT-2: a defender's member goes to the intercept zone; its logic (or the
    official +5000) helps the defender."""
    player = 1 - battle.attacker
    state = game.players[player]
    state.remove_member(member)
    state.intercept.append(member.card)
    state.drop.extend(member.souls)
    stat, value = intercept_bonus(member)
    battle.bonus[1][stat] += value
    if game.log is not None:
        game.note(player, f"intercepts with {member.card.label()}")


def judge(game: GameState, battle: BattleState) -> tuple[Member, Member] | None:
    """R-BAT-5: the winner and the loser (None for a battle without both members);
    a losing defender retreats face down with its soul into the cost zone."""
    if is_void(game, battle):
        game.note(battle.attacker, "the battle ends: a battling member left the field")
        return None
    attacker, defender = _member(game, battle, 0), _member(game, battle, 1)
    logged = game.log is not None
    by = ("spirit" if judged_by_spirit(game) else "power") if logged else ""
    if attacker_wins(game, battle):
        state = game.players[1 - battle.attacker]
        state.remove_member(defender)
        state.cost.append(defender.card)
        state.cost.extend(defender.souls)
        if logged:
            game.note(battle.attacker, f"wins the battle by {by}; {defender.card.label()} retreats")
        return attacker, defender
    if logged:
        game.note(1 - battle.attacker, f"wins the battle by {by}")
    return defender, attacker


def clear(game: GameState) -> None:
    """R-BAT-6: battle zone cards (the face-up paradox excepted, which goes to the
    paradox zone) and intercept cards go to the drop zone; battle-long rules end."""
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
    game.rules_until = tuple(r for r in game.rules_until if r[2].value != "battle")
