"""setup-hp: a seat's max HP is its character's, the Lord's raised at 5+ and 11+ (LBS-ROLE-5).

``hp`` on a seat is optional; where it is written it must be the character's
printed HP, plus 1 for the Island Lord at a table of 5 or more and plus 2 at
11 or more (as the table rules' bonus says).

Passes::

    seats:                         # 5 players: the Lord's 4 HP become 5
      - {character: blue-star, role: lord, hp: 5}
      - {character: crimson, role: pirate, hp: 4}
      - ...

Fails::

    seats:
      - {character: blue-star, role: lord, hp: 4}   # the bonus is missing
      - ...
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding
from lalcheck.games.lobasha.files import SetupContent
from lalcheck.games.lobasha.rules.character_hp import valid_hp
from lalcheck.games.lobasha.rules.context import Context, content, finding, title
from lalcheck.games.lobasha.setups import Role

ID = "setup-hp"
REFERENCE = "LBS-ROLE-5"
DESCRIPTION = "A seat's max HP is its character's printed HP, the Lord's plus 1 at 5+ and 2 at 11+."

HALF = 2


def _points(half_points: int) -> str:
    return str(half_points // HALF) if half_points % HALF == 0 else str(half_points / HALF)


def check(context: Context) -> Iterator[Finding]:
    setup = content(context, SetupContent)
    if setup is None:
        return
    rules = context.regulation
    players = len(setup.seats)
    for seat in setup.seats:
        hp = seat.get("hp")
        if hp is None:
            continue
        line = seat.line("hp")
        if not valid_hp(hp):
            yield finding(
                ID,
                f"{title(seat)}: HP {hp!r} is impossible; write a positive number of whole "
                f"or half points ({REFERENCE})",
                line,
            )
            continue
        reference = seat.get("character")
        character = setup.characters.find(reference) if setup.characters else None
        if character is None:
            continue  # setup-characters
        lord = seat.get("role") == Role.LORD.value
        bonus = rules.lord_bonus(players) if lord else 0
        wanted = character.hp + HALF * bonus
        if int(hp * HALF) == wanted:
            continue
        printed = _points(character.hp)
        if bonus:
            why = f"at {players} players the Lord's is {printed} + {bonus} = {_points(wanted)}"
        elif lord:
            why = f"at {players} players the Lord has no bonus: {printed}"
        else:
            why = f"{character.name}'s printed HP is {printed}"
        yield finding(ID, f"{title(seat)}: max HP {hp}, but {why} ({REFERENCE})", line)
