"""setup-roles: the roles at a table are the table rules' mix for its size (LBS-ROLE-6).

How many Guards, Sky Pirates and Ancients sit with the one Island Lord depends
on the number of players, as the role table of the regulation says
(LBS-OPEN-1); ``two_ancients: true`` asks for its two-Ancient variant.

Passes::

    seats:                        # 4 players: lord, guard, pirate, ancient
      - {character: blue-star, role: lord}
      - {character: ironguard, role: guard}
      - {character: crimson, role: pirate}
      - {character: mender, role: ancient}

Fails::

    seats:
      - {character: blue-star, role: lord}
      - {character: ironguard, role: lord}     # two Lords
      - {character: crimson, role: pirate}
      - {character: mender, role: captain}     # not a role
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping

from lalcheck.findings import Finding
from lalcheck.games.lobasha.files import SetupContent
from lalcheck.games.lobasha.rules.context import Context, content, finding, title
from lalcheck.games.lobasha.setups import ROLES, Role

ID = "setup-roles"
REFERENCE = "LBS-ROLE-6"
DESCRIPTION = "The seats' roles are the role table's mix for the number of players."


def _mix(counts: Mapping[Role, int]) -> str:
    return ", ".join(f"{counts[role]} {role.value}" for role in ROLES if counts.get(role))


def check(context: Context) -> Iterator[Finding]:
    setup = content(context, SetupContent)
    if setup is None:
        return
    rules = context.regulation
    roles: Counter[Role] = Counter()
    valid = True
    for seat in setup.seats:
        role = seat.get("role")
        if role in {r.value for r in Role}:
            roles[Role(role)] += 1
            continue
        valid = False
        shown = "no role" if role is None else f"{role!r} is not a role"
        yield finding(
            ID,
            f"{title(seat)}: {shown}; roles are {', '.join(r.value for r in ROLES)} ({REFERENCE})",
            seat.line("role"),
        )
    players = len(setup.seats)
    if not valid or not rules.seats(players):
        return  # setup-players
    wanted = rules.mix(players, two_ancients=setup.two_ancients).counts
    if all(roles[role] == wanted.get(role, 0) for role in ROLES):
        return
    variant = ", two-Ancient variant" if setup.two_ancients else ""
    yield finding(
        ID,
        f"{players} players are dealt {_mix(wanted)} (table rules {rules.id}{variant}); "
        f"this setup has {_mix(roles)} (LBS-OPEN-1)",
        context.deck.file.field_lines.get("seats"),
    )
