"""Moving members between circles (R-TURN-4; seed 000 【4】 "可以自由地移放在别的圆阵中，
也可进行替换"): the main-phase move, and the ``move`` effect.

A member of any territory moves onto any circles that fit it. Members already
there are displaced onto the circles it left, circle for circle in ascending
order; the move is legal only when each of them lands on circles that fit its own
territory. So a swap is a move, and nobody is dropped by moving. Stand/rest
states and boosts stay with each member.
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.games.luck_and_logic.engine.state import GameState, Member, PlayerState, shapes


def displaced(
    state: PlayerState, member: Member, circles: tuple[int, ...]
) -> list[tuple[Member, tuple[int, ...]]] | None:
    """Where the members on ``circles`` go if ``member`` moves there; None if they cannot."""
    old, new = set(member.circles), set(circles)
    taken = sorted(new - old)
    freed = sorted(old - new)
    landing = dict(zip(taken, freed, strict=True))
    moved: list[tuple[Member, tuple[int, ...]]] = []
    for circle in taken:
        occupant = state.field[circle - 1]
        if occupant is None or occupant is member or any(m is occupant for m, _ in moved):
            continue
        if not all(c in landing for c in occupant.circles):
            return None  # it stands partly outside the circles the mover takes
        destination = tuple(sorted(landing[c] for c in occupant.circles))
        if destination not in shapes(occupant.card.territory):
            return None
        moved.append((occupant, destination))
    return moved


def equivalent(one: Member, other: Member) -> bool:
    """Two members whose exchange changes nothing a player could tell."""
    return (
        one.card is other.card
        and one.rested == other.rested
        and one.souls == other.souls
        and one.power_bonus == other.power_bonus
        and one.spirit_bonus == other.spirit_bonus
        and one.limit_bonus == other.limit_bonus
    )


def member_moves(state: PlayerState, member: Member) -> Iterator[tuple[int, ...]]:
    """The circles ``member`` may move onto, one per distinct outcome."""
    for circles in shapes(member.card.territory):
        if circles == member.circles:
            continue
        moved = displaced(state, member, circles)
        if moved is None:
            continue
        if len(moved) == 1 and moved[0][1] == member.circles:
            other = moved[0][0]
            if equivalent(member, other):
                continue  # exchanging two equivalent members changes nothing
            if other.circles == circles and other.circle < member.circle:
                continue  # a plain exchange: named once, by the member on the lower circle
        yield circles


def move_member(game: GameState, player: int, circle: int, circles: tuple[int, ...]) -> None:
    """Move the member at ``circle`` onto ``circles``, displacing as :func:`displaced` says."""
    state = game.players[player]
    member = state.member_at(circle)
    assert member is not None
    moved = displaced(state, member, circles)
    assert moved is not None, "an illegal move"
    for other, _ in moved:
        state.remove_member(other)
    state.remove_member(member)
    member.circles = circles
    for other, destination in moved:
        other.circles = destination
    for placed in (member, *(other for other, _ in moved)):
        for c in placed.circles:
            state.field[c - 1] = placed
    if game.log is not None:
        game.note(player, f"moves {member.card.label()} to {'+'.join(map(str, circles))}")
