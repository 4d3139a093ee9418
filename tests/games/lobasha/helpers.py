"""Scenario building for the 洛吧殺 tests: fixed roles and characters, arranged cards.

Rule ids are those of docs/rules/lobasha.md; "seed l.N" is line N of the rules
document the game was built from (seed 004, Traditional Chinese).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from lalcheck.games.lobasha.cards import Pile, PileEntry, Slot, Suit
from lalcheck.games.lobasha.characters import CharacterSet
from lalcheck.games.lobasha.data import GameData, bundled_data, read_characters
from lalcheck.games.lobasha.engine import Answer, Ask, Game, Request, Setup
from lalcheck.games.lobasha.engine.actions import PASS
from lalcheck.games.lobasha.engine.state import Table
from lalcheck.games.lobasha.setups import Role

FIXTURES = Path(__file__).parent / "fixtures"
ROLES = {"L": Role.LORD, "G": Role.GUARD, "P": Role.PIRATE, "A": Role.ANCIENT}
HALF = 2


@functools.cache
def scenario_data() -> GameData:
    """The bundled data with the plain (skill-less) test characters added."""
    data = bundled_data()
    plain = read_characters(FIXTURES / "plain-characters.yaml")
    characters = CharacterSet(
        "bundled + plain", True, "", {**data.characters.entries, **plain.entries}
    )
    entries = list(data.pile.entries)
    for kind, suit, rank in EXTRA_ENTRIES:
        entries.append(PileEntry(len(entries), data.cards[kind], suit, rank))
    pile = Pile("bundled + test", True, "", tuple(entries))
    return GameData(data.cards, pile, characters, data.rules)


#: Second copies the sample pile lacks, for scenarios about cards that move on.
EXTRA_ENTRIES = (
    ("eden", Suit.HEART, 1),
    ("ion-cannon", Suit.CLUB, 1),
    ("nine-grid", Suit.DIAMOND, 1),
    ("crystal-vein", Suit.HEART, 1),
)


def take(t: Table, spec: str) -> int:
    """Remove from the draw pile the first entry matching ``kind[:suit[:rank]]``."""
    kind, _, rest = spec.partition(":")
    suit, _, rank = rest.partition(":")
    for entry in reversed(t.draw_pile):
        card = t.card(entry)
        if card.kind.id != kind or (suit and card.suit is not Suit(suit)):
            continue
        if rank and card.rank != int(rank):
            continue
        t.draw_pile.remove(entry)
        return entry
    raise LookupError(f"no {spec} left in the draw pile")


def scenario(
    roles: str = "LP",
    characters: Sequence[str] | None = None,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    equipment: Mapping[int, Sequence[str]] | None = None,
    judgement: Mapping[int, Sequence[str]] | None = None,
    hp: Mapping[int, float] | None = None,
    max_hp: Mapping[int, float] | None = None,
    top: Sequence[str] = (),
    chained: Sequence[int] = (),
    flipped: Sequence[int] = (),
    seed: int = 0,
    arrange: Callable[[Table], None] | None = None,
) -> Game:
    """A game whose seat ``i`` has role ``roles[i]`` (L, G, P, A) and character
    ``characters[i]`` (plain ones by default); after the deal every hand is emptied and
    the named cards are given instead. ``top`` is put on the draw pile, first drawn
    first (the Lord's draw phase takes the first two). HP values are in points."""
    players = len(roles)
    setup = Setup(
        scenario_data(),
        roles=tuple(ROLES[r] for r in roles),
        characters=tuple(characters or ["plain-male", "plain-female"] * (players // 2 + 1))[
            :players
        ],
    )

    def place(t: Table) -> None:
        for holder in t.seats:
            t.draw_pile.extend(holder.hand)
            holder.hand.clear()
        for seat, specs in (hands or {}).items():
            t.seats[seat].hand.extend(take(t, spec) for spec in specs)
        for seat, specs in (equipment or {}).items():
            for spec in specs:
                entry = take(t, spec)
                slot = t.kind(entry).slot
                assert slot is not None
                t.seats[seat].equipment[slot] = entry
        for seat, specs in (judgement or {}).items():
            t.seats[seat].judgement.extend(take(t, spec) for spec in specs)
        for seat, value in (max_hp or {}).items():
            t.seats[seat].max_hp = int(value * HALF)
        for seat, value in (hp or {}).items():
            t.seats[seat].hp = int(value * HALF)
        for seat in chained:
            t.seats[seat].chained = True
        for seat in flipped:
            t.seats[seat].flipped = True
        on_top = [take(t, spec) for spec in top]
        t.draw_pile.extend(reversed(on_top))
        if arrange is not None:
            arrange(t)

    return Game.new(players, setup, seed, arrange=place, log=True)


def held(game: Game, seat: int, kind: str, nth: int = 0) -> int:
    """The entry id of the ``nth`` card of ``kind`` in ``seat``'s hand."""
    t = game.table
    found = [e for e in t.seats[seat].hand if t.kind(e).id == kind]
    return found[nth]


def worn(game: Game, seat: int, slot: Slot) -> int:
    return game.table.seats[seat].equipment[slot]


def skip_to(game: Game, wanted: Callable[[Request], bool]) -> Request:
    """Pass every request (or give the first legal answer where passing is not allowed,
    such as a discard) until one that ``wanted`` accepts, which is returned."""
    while True:
        request = game.request
        assert request is not None, "the game ended first"
        if wanted(request):
            return request
        game.push(PASS if game.is_legal(PASS) else next(iter(game.legal_actions())))


def pass_rescues(game: Game) -> None:
    """Nobody rescues: pass while a rescue is asked (the game may end)."""
    while game.request is not None and game.request.ask is Ask.RESCUE:
        game.push(PASS)


def until(game: Game, seat: int, ask: Ask, reason: str | None = None) -> Request:
    """Pass everything until ``seat`` is asked ``ask`` (with ``reason`` when given)."""
    return skip_to(
        game,
        lambda r: r.seat == seat and r.ask is ask and (reason is None or r.reason == reason),
    )


def answer(game: Game, given: Answer) -> None:
    """Push a legal answer (fails the test when it is not legal)."""
    assert game.is_legal(given), f"{given} is not legal for {game.request}"
    game.push(given)


def play(game: Game, seat: int, given: Answer) -> None:
    """Pass until ``seat``'s play phase asks, then answer it."""
    until(game, seat, Ask.PLAY)
    answer(game, given)


def hp(game: Game, seat: int) -> float:
    return game.table.seats[seat].hp / HALF


def hand_kinds(game: Game, seat: int) -> list[str]:
    t = game.table
    return [t.kind(e).id for e in t.seats[seat].hand]
