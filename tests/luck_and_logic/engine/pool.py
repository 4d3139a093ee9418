"""A small card pool, decks and position helpers, independent of the sample database."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from lalcheck.games.luck_and_logic.abilities.parse import AbilityError, parse_effects
from lalcheck.games.luck_and_logic.cards import Card, CardType, Color, Logic, LogicKind, World
from lalcheck.games.luck_and_logic.engine import DeckList, Game
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine.state import Member

Y, B = Color.YELLOW, Color.BLUE
SEPTPIA, MONOLIUM = World.SEPTPIA, World.MONOLIUM


def written(card_type: CardType, *entries: dict[str, Any]) -> list[dict[str, Any]]:
    """Abilities as the database writes them (the ability language), checked now so
    that a bad fixture fails where it is written."""
    problems: list[AbilityError] = []
    parse_effects(list(entries), ("effects",), card_type, problems)
    assert not problems, problems
    return list(entries)


def auto(trigger: str, *steps: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """An auto ability: ``auto("attack", {"effect": "draw"})``."""
    return {"kind": "auto", "trigger": trigger, "do": list(steps), **fields}


#: "(Soul) power +1000 while attacking" (R-TRANCE), on the pool's soul cards.
SOUL_1000 = 1000


def member(
    number: str,
    kind: CardType,
    *,
    level: int = 1,
    cost: int = 0,
    territory: int = 1,
    power: int = 3000,
    spirit: int = 1,
    limit: int = 2,
    logic: Logic | None = None,
    color: Color = Y,
    world: World = SEPTPIA,
    effects: Sequence[dict[str, Any]] = (),
    text: str | None = None,
    trance_change: str | None = None,
    character: str | None = None,
    soul: int | Sequence[dict[str, Any]] | None = None,
) -> Card:
    if soul is None and kind in (CardType.LOGICALIST, CardType.FOREIGNER):
        soul = SOUL_1000
    return Card(
        number=number,
        name=f"Test {number}",
        type=kind,
        color=color,
        world=world,
        level=level,
        cost=cost,
        territory=territory,
        power=power,
        spirit=spirit,
        limit=limit,
        logic=logic or Logic(LogicKind.POWER, 1000),
        effects=effects,
        text=text,
        trance_change=trance_change,
        character=character,
        soul=soul,
    )


LOGICALIST = member("T/001", CardType.LOGICALIST, power=3000, logic=Logic(LogicKind.POWER, 1000))
LOGICALIST_DRAW = member(
    "T/002",
    CardType.LOGICALIST,
    power=2500,
    effects=written(CardType.LOGICALIST, auto("mobilize", {"effect": "draw"})),
    text="When mobilized, draw 1.",
)
FOREIGNER = member(
    "T/003",
    CardType.FOREIGNER,
    territory=2,
    power=4500,
    color=B,
    world=MONOLIUM,
    logic=Logic(LogicKind.SPIRIT, 1),
)
FOREIGNER_SMALL = member(
    "T/004", CardType.FOREIGNER, power=4000, logic=Logic(LogicKind.POWER, 2000)
)
TRANSUNION_2 = member(
    "T/005",
    CardType.TRANSUNION,
    level=2,
    cost=1,
    territory=2,
    power=8000,
    spirit=2,
    limit=3,
    logic=Logic(LogicKind.POWER, 2000),
)
TRANSUNION_3 = member(
    "T/006",
    CardType.TRANSUNION,
    level=3,
    cost=2,
    territory=4,
    power=10000,
    spirit=3,
    color=B,
    world=MONOLIUM,
    effects=written(CardType.TRANSUNION, {"kind": "logic_drive", "do": [{"effect": "draw"}]}),
    text="[LD] Draw 1.",
)
TRANSUNION_4 = member(
    "T/007",
    CardType.TRANSUNION,
    level=4,
    cost=3,
    territory=1,
    power=12000,
    spirit=3,
    limit=3,
    effects=written(
        CardType.TRANSUNION,
        auto("attack", {"effect": "boost", "stat": "power", "value": 2000, "until": "battle"}),
    ),
    trance_change="Eight",
)
TC_FORM = member(
    "T/008", CardType.TRANSUNION, level=4, cost=2, power=15000, spirit=4, character="Eight"
)
TACTICS = Card(
    number="T/009",
    name="Test T/009",
    type=CardType.TACTICS,
    color=Y,
    world=SEPTPIA,
    logic=Logic(LogicKind.TACTICS, 0),
    effects=written(
        CardType.TACTICS,
        auto("define", {"effect": "boost", "stat": "power", "value": 3000, "until": "battle"}),
    ),
    text="Power +3000 for this battle.",
)
TACTICS_UNMODELLED = Card(
    number="T/010",
    name="Test T/010",
    type=CardType.TACTICS,
    color=Y,
    logic=Logic(LogicKind.TACTICS, 0),
    text="Something the vocabulary cannot say.",
)
PARADOX = Card(
    number="T/011",
    name="Test T/011",
    type=CardType.PARADOX,
    color=B,
    world=MONOLIUM,
    logic=Logic(LogicKind.PARADOX, 0),
    paradox_rule="Compare spirit.",
    effects=written(CardType.PARADOX, {"kind": "paradox_rule", "modifiers": []}),
)
GATE = Card(number="T-G01", name="Test gate 1", type=CardType.GATE, gate_number=1)
GATE_DRAW = Card(
    number="T-G02",
    name="Test gate 2",
    type=CardType.GATE,
    gate_number=2,
    effects=written(CardType.GATE, auto("gate_destroyed", {"effect": "draw"})),
    text="Draw 1.",
)
GATE_CHARGE = Card(
    number="T-G03",
    name="Test gate 3",
    type=CardType.GATE,
    gate_number=3,
    effects=written(CardType.GATE, auto("gate_destroyed", {"effect": "charge"})),
    text="Charge 1.",
)
GATE_TEXT = Card(
    number="T-G04", name="Test gate 4", type=CardType.GATE, gate_number=4, text="Unmodelled."
)
GATE_PLAIN = Card(number="T-G05", name="Test gate 5", type=CardType.GATE, gate_number=5)
MY_LOGICALIST = Card(
    number="T/ML1",
    name="Test My Logicalist",
    character="Test Heroine",
    type=CardType.MY_LOGICALIST,
    color=Y,
    world=SEPTPIA,
)


def repeat(*counted: tuple[Card, int]) -> tuple[Card, ...]:
    return tuple(card for card, count in counted for _ in range(count))


#: R-CON-11's recommended shape: 8 paradox, 10 + 10 first-level members, 6 + 6 + 6
#: transunions, 4 tactics.
MAIN = repeat(
    (LOGICALIST, 6),
    (LOGICALIST_DRAW, 4),
    (FOREIGNER, 6),
    (FOREIGNER_SMALL, 4),
    (TRANSUNION_2, 6),
    (TRANSUNION_3, 6),
    (TRANSUNION_4, 4),
    (TC_FORM, 2),
    (TACTICS, 2),
    (TACTICS_UNMODELLED, 2),
    (PARADOX, 8),
)
GATES = repeat((GATE, 2), (GATE_DRAW, 2), (GATE_CHARGE, 2), (GATE_TEXT, 2), (GATE_PLAIN, 2))


def make_deck(name: str = "test", *, my_logicalist: bool = False) -> DeckList:
    return DeckList(MAIN, GATES, my_logicalist=MY_LOGICALIST if my_logicalist else None, name=name)


def take(cards: list[Card], wanted: Iterable[Card]) -> list[Card]:
    """Remove one copy of each wanted card from ``cards`` (by identity) and return them."""
    taken = []
    for card in wanted:
        index = next(i for i, c in enumerate(cards) if c is card)
        taken.append(cards.pop(index))
    return taken


def main_phase_game(first_player: int = 0, seed: int = 1, **kwargs: bool) -> Game:
    """A game set up and both players kept, at the first player's level phase."""
    from lalcheck.games.luck_and_logic.engine import Mulligan

    game = Game.new(make_deck("a", **kwargs), make_deck("b", **kwargs), seed, first_player)
    game.push(Mulligan())
    game.push(Mulligan())
    return game


def give(game: Game, player: int, cards: Iterable[Card], zone: str = "hand") -> None:
    """Move copies of ``cards`` from wherever they are (deck, else hand) into a zone."""
    state = game.players[player]
    for card in cards:
        for source in (state.deck, state.hand, state.drop):
            if any(c is card for c in source):
                take(source, [card])
                break
        else:
            raise AssertionError(f"no {card.number} left for player {player}")
        getattr(state, zone).append(card)


def field(game: Game, player: int, card: Card, circles: tuple[int, ...]) -> Member:
    """Put a copy of ``card`` (taken from deck or hand) on the field."""
    state = game.players[player]
    for source in (state.deck, state.hand):
        if any(c is card for c in source):
            take(source, [card])
            break
    else:
        raise AssertionError(f"no {card.number} left for player {player}")
    placed = game.new_member(card, circles)
    state.place(placed)
    return placed


def set_level(game: Game, player: int, cards: Iterable[Card], face_up: bool = True) -> None:
    state = game.players[player]
    for card in cards:
        give(game, player, [card], "level")
        state.level_face_up.append(face_up)
        state.level_rested.append(False)


def at_main(game: Game, level: Iterable[Card] = (), cost: int = 0) -> Game:
    """Put the active player in its main phase with these face-up level cards and
    ``cost`` cards (taken from the deck) in the cost zone."""
    from lalcheck.games.luck_and_logic.engine import Phase

    player = game.active
    state = game.players[player]
    set_level(game, player, level)
    for _ in range(cost):
        state.cost.append(state.deck.pop(0))
    game.phase = Phase.MAIN
    game.actor = player
    return game


def clear_hand(game: Game, player: int) -> None:
    """Put the player's hand back at the bottom of the deck."""
    state = game.players[player]
    state.deck[:0] = state.hand
    state.hand.clear()


def check_invariants(game: Game, decks: tuple[DeckList, DeckList]) -> None:
    """Every card in exactly one zone, 50 main + 10 gate cards per player, the field
    consistent with its members, no negative or impossible counts."""
    for player, state in enumerate(game.players):
        deck = decks[player]
        owned = Counter(map(id, state.all_cards()))
        extra = (deck.my_logicalist,) if deck.my_logicalist is not None else ()
        assert owned == Counter(map(id, deck.main + deck.gates + deck.secret_tools + extra))
        assert sum(owned.values()) == 60 + len(deck.secret_tools) + len(extra)
        for index, member in enumerate(state.field):
            if member is not None:
                assert index + 1 in member.circles
                assert all(state.field[c - 1] is member for c in member.circles)
        assert len(state.gates) == 6
        if d.REFRESH_NEEDS_DROP_CARDS:
            assert len(state.removed) == 4 + state.penalties
        else:  # an empty drop zone refreshes without a card to remove
            assert 4 <= len(state.removed) <= 4 + state.penalties
        assert len(state.level) == len(state.level_face_up) == len(state.level_rested)
        returning = game.phase.name == "LEVEL_RETURN" or (
            game.choice is not None and game.choice.kind.value == "level"
        )
        assert len(state.level) <= 4 or returning or game.outcome is not None
        uids = [m.uid for m in state.members()]
        assert all(uids) and len(set(uids)) == len(uids), "each member has its own uid"
        assert 0 <= state.penalties <= 2 and state.refreshes >= state.penalties
        if game.battle is None:
            assert not state.battle and not state.intercept
    assert 0 <= game.attacks_made <= game.players[game.active].face_up_level_count
    if game.outcome is None:
        assert game.legal_actions(), "a game in progress always offers an action"
        waiting = game.phase.name == "CHOOSE"
        assert waiting == (game.choice is not None), "a choice waits exactly in CHOOSE"
        assert waiting or not game.queue, "abilities wait only for a choice"
        if game.battle is not None and game.phase.name in ("INTERCEPT", "DEFINE"):
            battle = game.battle
            assert game.players[battle.attacker].member_by_uid(battle.attacker_uid)
            assert game.players[1 - battle.attacker].member_by_uid(battle.defender_uid)


# -- a deck that uses every part of the ability language (for fuzzing) ---------------------


def with_abilities(base: Card, number: str, *entries: dict[str, Any], **fields: Any) -> Card:
    """A copy of ``base`` with these abilities (written as the database writes them)."""
    from dataclasses import replace

    return replace(base, number=number, effects=written(base.type, *entries), **fields)


def _boost(stat: str, value: int, until: str, target: Any = "self") -> dict[str, Any]:
    return {"effect": "boost", "stat": stat, "value": value, "until": until, "target": target}


def secret_tool(number: str, level: int, *steps: dict[str, Any]) -> Card:
    """A secret tool of ``level`` whose skill runs ``steps``."""
    return Card(
        number=number,
        name=f"Test {number}",
        type=CardType.SECRET_TOOL,
        level=level,
        effects=written(CardType.SECRET_TOOL, {"kind": "skill", "do": list(steps)}),
    )


_OPPONENT = {"choose": "opponent", "optional": True}
ABILITY_CARDS = (
    with_abilities(
        LOGICALIST,
        "T/X01",
        auto("mobilize", {"effect": "search", "filter": {"type": "transunion"}}, from_hand=True),
        auto("paradox_link", {"effect": "draw"}, once_per_turn=True),
    ),
    with_abilities(
        LOGICALIST,
        "T/X02",
        {
            "kind": "activated",
            "once_per_turn": True,
            "cost": [{"cost": "rest_self"}, {"cost": "stock", "count": 1}],
            "do": [{"effect": "transmute", "level": 4}, {"effect": "transmute", "level": 2}],
        },
        auto("battle_lost", {"effect": "charge"}),
    ),
    with_abilities(
        FOREIGNER,
        "T/X03",
        auto("attacked", {"effect": "return_to_hand", "target": "self"}, optional=True),
        auto("intercept", _boost("power", 1000, "battle", "battling")),
        soul=written(
            CardType.TRANSUNION,
            {
                "kind": "continuous",
                "if": [{"condition": "attacking"}],
                "modifiers": [{"stat": "power", "value": 1000}],
            },
            auto("trance", {"effect": "draw"}),
        ),
    ),
    with_abilities(
        FOREIGNER_SMALL,
        "T/X04",
        {
            "kind": "activated",
            "cost": [{"cost": "discard"}, {"cost": "rest_level"}],
            "do": [{"effect": "mobilize", "from": "drop", "filter": {"level_at_most": 1}}],
        },
        auto("battle_won", {"effect": "destroy_gate"}, once_per_turn=True),
    ),
    with_abilities(
        TRANSUNION_2,
        "T/X05",
        {"kind": "continuous", "exsoul": 2, "modifiers": [{"stat": "power", "value": 2000}]},
        auto(
            "attack", {"effect": "rest", "target": _OPPONENT}, {"effect": "move", "target": "self"}
        ),
        {
            "kind": "logic_drive",
            "cost": [{"cost": "stock", "count": 1}],
            "do": [{"effect": "soul_from_deck"}],
        },
    ),
    with_abilities(
        TRANSUNION_3,
        "T/X06",
        auto("trance", {"effect": "level_up"}),
        auto("attack", {"effect": "rule", "rule": "no_intercept", "until": "battle"}, exsoul=2),
        {
            "kind": "logic_drive",
            "do": [{"effect": "mobilize", "from": "deck", "filter": {"type": "logicalist"}}],
        },
    ),
    with_abilities(
        TRANSUNION_4,
        "T/X07",
        {
            "kind": "continuous",
            "if": [{"condition": "row", "row": "back"}],
            "modifiers": [
                {"stat": "spirit", "value": 1, "to": {"all": "own", "filter": {"row": "front"}}}
            ],
        },
        auto("attack", {"effect": "retreat", "target": _OPPONENT, "to": "cost"}),
        auto(
            "turn_start",
            {"effect": "add_to_hand", "filter": {"type": "paradox"}},
            **{"if": [{"condition": "hand", "at_most": 2}]},
        ),
        auto("turn_end", {"effect": "stand", "target": "self"}),
        trance_change="Eight",
    ),
    with_abilities(
        LOGICALIST_DRAW,
        "T/X08",
        auto("level_up", _boost("spirit", -1, "turn", {"all": "opponent"})),
        auto("attacked", {"effect": "define_from_deck"}),
        {
            "kind": "activated",
            "cost": [{"cost": "retreat_self"}],
            "do": [{"effect": "return_to_deck", "target": _OPPONENT}],
        },
    ),
    with_abilities(
        TACTICS,
        "T/X09",
        auto("define", _boost("limit", 1, "battle", "battling"), from_hand=True),
        auto("define", {"effect": "gate_again"}, {"effect": "discard"}),
    ),
    with_abilities(
        PARADOX,
        "T/X10",
        {
            "kind": "paradox_rule",
            "modifiers": [
                {"rule": "tiebreak_limit"},
                {
                    "stat": "spirit",
                    "value": 1,
                    "per_soul": True,
                    "to": {"all": "any", "filter": {"battling": True}},
                },
            ],
        },
        auto("define", {"effect": "draw"}),
    ),
    with_abilities(
        PARADOX,
        "T/X11",
        {"kind": "paradox_rule", "modifiers": [{"rule": "defender_wins_ties"}]},
        {"kind": "continuous", "modifiers": [{"stat": "power", "value": -1000, "to": "opposing"}]},
    ),
    with_abilities(
        TRANSUNION_4,
        "T/X12",
        {
            "kind": "continuous",
            "if": [{"condition": "paradox"}],
            "modifiers": [{"stat": "spirit", "value": 1}],
        },
        character="Eight",
    ),
)
ABILITY_GATES = (
    GATE_DRAW,
    with_abilities(
        GATE, "T-GX1", auto("gate_destroyed", _boost("spirit", 1, "turn", {"choose": "own"}))
    ),
    with_abilities(
        GATE, "T-GX2", auto("gate_destroyed", {"effect": "search", "filter": {"type": "paradox"}})
    ),
    GATE_CHARGE,
    GATE_PLAIN,
)
ABILITY_TOOLS = (
    secret_tool("T/S01", 1, _boost("power", 1000, "turn", {"choose": "own"})),
    secret_tool("T/S02", 2, {"effect": "draw"}, {"effect": "discard"}),
    secret_tool(
        "T/S03", 3, {"effect": "mobilize", "from": "drop", "filter": {"type": "foreigner"}}
    ),
    secret_tool("T/S04", 4, {"effect": "gate_again"}),
)


def ability_deck(name: str = "abilities", *, my_logicalist: bool = True) -> DeckList:
    """50 main cards using every trigger, cost, condition, choice and effect kind."""
    x = {card.number: card for card in ABILITY_CARDS}
    main = repeat(
        (x["T/X01"], 4),
        (x["T/X02"], 4),
        (x["T/X08"], 2),
        (x["T/X03"], 4),
        (x["T/X04"], 4),
        (FOREIGNER, 2),
        (x["T/X05"], 6),
        (x["T/X06"], 6),
        (x["T/X07"], 4),
        (x["T/X12"], 2),
        (x["T/X09"], 2),
        (TACTICS, 2),
        (x["T/X10"], 4),
        (x["T/X11"], 4),
    )
    gates = repeat(*((gate, 2) for gate in ABILITY_GATES))
    return DeckList(
        main,
        gates,
        secret_tools=ABILITY_TOOLS,
        my_logicalist=MY_LOGICALIST if my_logicalist else None,
        name=name,
    )
