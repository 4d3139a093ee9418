"""Test cards, decks and positions for the Restore the Luminous engine, independent
of the bundled sample database; and the invariants every position keeps."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import COLOURS, Card, card_from_mapping
from lalcheck.games.restore_the_luminous.engine import DeckList, Game, Pass, Phase
from lalcheck.games.restore_the_luminous.engine.continuous import power
from lalcheck.games.restore_the_luminous.engine.state import Unit

#: LP row letters: c colourless, r u g y k the colours; upper case: passive.
_KIND_LETTERS = "c" + "".join("rugyk"[i] for i in range(len(COLOURS)))


def card(number: str, type: str = "unit", **fields: Any) -> Card:
    """A test card through the real loader (red, level 1, vanilla unless told)."""
    entry: dict[str, Any] = {
        "number": number,
        "name": fields.pop("name", f"Test {number}"),
        "type": type,
        "colour": fields.pop("colour", "red"),
        "level": fields.pop("level", 1),
        "colour_cost": fields.pop("colour_cost", 0),
        "return_value": fields.pop("return_value", 1),
    }
    if type == "unit":
        entry["power"] = fields.pop("power", 2000)
        entry["damage"] = fields.pop("damage", 1)
    if type == "leader":
        entry.update(opening_hand=5, unit_slots=3, counter_slots=2, level=0, colour_cost=0)
        entry["return_value"] = 0
    entry.update(fields)
    built = card_from_mapping(entry)
    assert isinstance(built, Card), built
    return built


def counter_arts(number: str, *steps: dict[str, Any], level: int = 1, colour_cost: int = 0) -> Card:
    """A blue arts with Counter[level, blue colour_cost] whose counter effect does ``steps``."""
    return card(
        number,
        "arts",
        colour="blue",
        keywords=[{"id": "counter", "cost": {"level": level, "colour_cost": colour_cost}}],
        effects=[{"when": "counter", "do": list(steps)}],
    )


LEADER = card("T/L01", "leader")
FILLER = card("T/001", power=1000, name="Filler")
FILLER_B = card("T/002", power=1000, name="Filler B", colour="blue")


def deck(*cards: Card, leader: Card = LEADER, filler: Card = FILLER, size: int = 40) -> DeckList:
    """A deck of ``cards`` topped up to ``size`` with vanilla filler units."""
    main = list(cards) + [filler] * (size - len(cards))
    forms: dict[str, Card] = {}
    return DeckList(leader, tuple(main), forms)


def new_game(deck_a: DeckList | None = None, deck_b: DeckList | None = None, seed: int = 0) -> Game:
    """A game with A first, at A's first main phase."""
    game = Game.new(deck_a or deck(), deck_b or deck(filler=FILLER_B), seed, first_player=0)
    assert game.phase is Phase.MAIN and game.actor == 0
    return game


def set_hand(game: Game, player: int, cards: Iterable[Card]) -> None:
    """Replace a hand (the old hand goes under the deck, so cards stay counted)."""
    state = game.players[player]
    state.deck[:0] = state.hand
    state.hand[:] = list(cards)


def set_lp(game: Game, player: int, row: str) -> None:
    """Set an LP row from letters (``rrcC``: two active red, one active and one
    passive colourless)."""
    state = game.players[player]
    state.lp_kind[:] = [_KIND_LETTERS.index(letter.lower()) for letter in row]
    state.lp_active[:] = [letter.islower() for letter in row]


def lp_row(game: Game, player: int) -> str:
    """The LP row as letters (see :func:`set_lp`)."""
    state = game.players[player]
    letters = (_KIND_LETTERS[k] for k in state.lp_kind)
    return "".join(
        letter if active else letter.upper()
        for letter, active in zip(letters, state.lp_active, strict=True)
    )


def put_unit(
    game: Game, player: int, card: Card, *, active: bool = True, new: bool = False
) -> Unit:
    """A unit on the field; ``new``: it entered this turn."""
    unit = Unit(game.new_uid(), card, player, game.turn if new else game.turn - 1, active)
    game.players[player].units.append(unit)
    return unit


def to_battle(game: Game) -> None:
    """End A's main phase 1; the battle phase waits for an attack."""
    game.push(Pass())
    assert game.phase is Phase.BATTLE, game.phase


def pass_until(game: Game, phase: Phase, player: int | None = None, limit: int = 200) -> None:
    """Pass (or take the first choice) until ``phase`` is reached for ``player``."""
    for _ in range(limit):
        if game.phase is phase and (player is None or game.actor == player):
            return
        actions = list(game.legal_actions())
        game.push(Pass() if Pass() in actions else actions[0])
    raise AssertionError(f"{phase} not reached")


def check_invariants(game: Game, decks: tuple[DeckList, DeckList]) -> None:
    """Card conservation, HP bounds, slot limits and LP accounting (see the fuzz test)."""
    waiting = game.outcome is None and not any(frame.atomic for frame in game.frames)
    for player, state in enumerate(game.players):
        owned = state.all_cards() + [
            stage.card for stage in game.stages if stage is not None and stage.owner == player
        ]
        assert Counter(map(id, owned)) == Counter(map(id, decks[player].main)), "card conservation"
        expected_hp = d.HP_FIRST if player == game.first_player else d.HP_SECOND
        assert state.max_hp == expected_hp
        assert 0 <= state.hp <= state.max_hp
        assert len(state.units) <= state.unit_slots == decks[player].leader.unit_slots
        assert len(state.counters) <= state.counter_slots == decks[player].leader.counter_slots
        for unit in state.units:
            assert len(unit.gear) <= d.GEAR_PER_UNIT and unit.bind >= 0 and unit.count >= 0
            assert unit.owner == player
            if waiting:
                assert power(game, unit) > 0, "RTL-BAT-9: no unit is left at 0 power"
        assert len(state.lp_kind) == len(state.lp_active)
        assert min(d.LP_CAP, d.LP_START + state.turns) <= len(state.lp_kind) <= d.LP_CAP
        assert all(0 <= kind <= len(COLOURS) for kind in state.lp_kind)
        assert state.rank == 1 + (state.turns >= 4) + (state.turns >= 7)
        assert state.colourings <= d.COLOURINGS_BY_RANK[state.rank]
        assert state.reverse_used <= d.REVERSE_USES_PER_GAME
        if waiting and game.phase in (Phase.MAIN, Phase.BATTLE):
            assert len(state.hand) <= d.HAND_LIMIT, "RTL-ZONE-5"
    assert sum(stage is not None for stage in game.stages) <= len(game.stages)
    if game.outcome is None:
        assert game.legal_actions(), "a game in progress always offers an action"
