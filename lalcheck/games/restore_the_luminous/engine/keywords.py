"""The keyword rules that shape a battle: who may attack whom, Protect, Decoy, Reverse.

The other keywords act where their moment is: Critical and Revenger in the
battle (:mod:`.battle`), Turnover in damage events, Counter in the counter
windows, Revive in the main phase, Hold, Bind, L-/C-Boost, Count and Transform
as effect verbs, L-/C-Accel as costs, Active and Persistent as where effects
live (:mod:`.effects`, :mod:`.continuous`).
"""

from __future__ import annotations

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import Card, Keyword
from lalcheck.games.restore_the_luminous.engine.continuous import has_keyword
from lalcheck.games.restore_the_luminous.engine.state import GameState, Unit


def entered_this_turn(game: GameState, unit: Unit) -> bool:
    """The unit came onto the field this turn."""
    return unit.entered == game.turn


def may_attack(game: GameState, unit: Unit) -> bool:
    """RTL-BAT-1: an active, unbound unit (RTL-KW-BIND) attacks; on its entry turn
    only with Gale (RTL-KW-GALE) or Assault (RTL-KW-ASSAULT), RTL-OPEN-6."""
    if not unit.active or unit.bind:
        return False
    if entered_this_turn(game, unit) and d.ENTRY.attack_on_entry_needs_gale_or_assault:
        return has_keyword(game, unit, Keyword.GALE) or has_keyword(game, unit, Keyword.ASSAULT)
    return True


def attack_targets(game: GameState, unit: Unit) -> list[int | None]:
    """RTL-BAT-1: opposing units the unit may attack (their indices) and None for
    the leader. Passive units and the leader; on the entry turn an Assault unit
    may hit active units too but not the leader, unless it also has Gale
    (RTL-KW-ASSAULT, RTL-OPEN-23)."""
    defender = game.players[1 - unit.owner]
    if entered_this_turn(game, unit) and has_keyword(game, unit, Keyword.ASSAULT):
        targets: list[int | None] = list(range(len(defender.units)))
        if d.GALE_WITH_ASSAULT_MAY_HIT_LEADER and has_keyword(game, unit, Keyword.GALE):
            targets.append(None)
        return targets
    targets = [index for index, other in enumerate(defender.units) if not other.active]
    targets.append(None)
    return targets


def protectors(game: GameState, defender: int, target: int | None) -> list[int]:
    """RTL-BAT-4, RTL-KW-PROTECT, RTL-OPEN-16: the defender's active Protect units
    other than the attacked one (``target`` its id, None for the leader)."""
    if target is None and not d.PROTECT.against_leader_attacks:
        return []
    found = []
    for index, unit in enumerate(game.players[defender].units):
        if not unit.active or unit.uid == target:
            continue
        if has_keyword(game, unit, Keyword.PROTECT) or (
            d.KEYWORD_DETAILS.bound_unit_can_protect
            and unit.bind
            and unit.face.has(Keyword.PROTECT)
        ):
            found.append(index)
    return found


def must_target_decoys(game: GameState, units: list[Unit]) -> list[Unit]:
    """RTL-KW-DECOY: of the opposing units an ability could pick, the Decoy ones if
    any (the chooser picks among them, RTL-OPEN-19); else all of them."""
    decoys = [unit for unit in units if has_keyword(game, unit, Keyword.DECOY)]
    return decoys or units


def reverses(game: GameState, player: int, card: Card) -> bool:
    """RTL-KW-REVERSE, RTL-OPEN-17: a damage card with Reverse is excluded when its
    owner, counting this card, has taken more damage than the opponent (once per game)."""
    state = game.players[player]
    return (
        card.has(Keyword.REVERSE)
        and state.reverse_used < d.REVERSE_USES_PER_GAME
        and len(state.damage) + 1 > len(game.players[1 - player].damage)
    )
