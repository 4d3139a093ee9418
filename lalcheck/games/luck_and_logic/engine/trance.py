"""Trance and Trance Change (R-TRANCE; seed 000 "关于合体", seed 001 "TC", "my logicalist").

A trance fuses a logicalist (or an unused My Logicalist) and its partner
(:data:`decisions.TRANCE_PAIRS`) into a transunion from the hand or the deck,
mobilized on top of them; the two become its soul. When the wanted transunion is
not in the deck the player may refresh and take it from the new deck, the
penalty coming after it is mobilized (seed 000 line 144). A Trance Change fuses
a transunion with TC-「XX」 and a foreigner into a transunion of character XX;
the old transunion and its soul become the new one's soul (seed 001 line 156).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from lalcheck.games.luck_and_logic.abilities.model import Trigger
from lalcheck.games.luck_and_logic.cards import MEMBER_TYPES, Card, CardType
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine.actions import (
    Source,
    Trance,
    TranceChange,
    format_circles,
)
from lalcheck.games.luck_and_logic.engine.effects import fire, level_allows
from lalcheck.games.luck_and_logic.engine.state import GameState, Member, PlayerState, shapes

_TRANSUNION = CardType.TRANSUNION  # an enum class lookup is slow on CPython 3.11


def can_mobilize(state: PlayerState, card: Card) -> bool:
    """R-MOB: a member of level <= the player's level whose cost can be paid; a
    transunion also needs a level card of its color or world."""
    if card.type not in MEMBER_TYPES or (card.cost or 0) > len(state.cost):
        return False
    return level_allows(state.level, state.level_face_up, card)


def sources(state: PlayerState, wanted: Callable[[Card], bool]) -> list[tuple[int, Source, Card]]:
    """Mobilizable transunions that ``wanted`` accepts (it sees transunions only): in
    hand, in the deck, and in the drop zone when no card of that name is in the deck (a
    refresh finds them)."""
    found: list[tuple[int, Source, Card]] = []
    found.extend((i, Source.HAND, state.hand[i]) for i in _transunions(state, state.hand, wanted))
    found.extend((i, Source.DECK, state.deck[i]) for i in _transunions(state, state.deck, wanted))
    refresh = _transunions(state, state.drop, wanted)
    if refresh:
        in_deck = {card.name for card in state.deck}
        found.extend(
            (i, Source.REFRESH, state.drop[i]) for i in refresh if state.drop[i].name not in in_deck
        )
    return found


def _transunions(
    state: PlayerState, cards: list[Card], wanted: Callable[[Card], bool]
) -> list[int]:
    """Index of the first copy of each distinct mobilizable transunion among ``cards``
    that ``wanted`` accepts (as :func:`distinct_indices` would find it)."""
    seen: set[int] = set()
    indices = []
    for index, card in enumerate(cards):
        if card.type is _TRANSUNION and id(card) not in seen:
            seen.add(id(card))
            if wanted(card) and can_mobilize(state, card):
                indices.append(index)
    return indices


def _is_transunion(card: Card) -> bool:
    return card.type is CardType.TRANSUNION


def _form_of(character: str) -> Callable[[Card], bool]:
    """TC-「XX」: any transunion of character XX (seed 001 line 156)."""
    return lambda card: card.type is CardType.TRANSUNION and card.character == character


def pairs(state: PlayerState) -> Iterator[tuple[Member | None, Member]]:
    """(logicalist side, partner) pairs that may trance; None is an unused My Logicalist."""
    members = state.members()
    for first in members:
        for second in members:
            if first is second or (first.card.type, second.card.type) not in d.TRANCE_PAIRS:
                continue
            if first.card.type is second.card.type and first.circle > second.circle:
                continue  # two super logicalists: one order
            yield first, second
    if state.my_logicalist is not None and not state.my_logicalist_used:
        for partner in members:
            if partner.card.type is CardType.FOREIGNER:
                yield None, partner


def _on_top(circles: tuple[int, ...], souls: set[int]) -> bool:
    return not (d.TRANCE_ON_TOP_OF_SOUL and souls.isdisjoint(circles))


def trance_actions(state: PlayerState) -> Iterator[Trance]:
    """R-TRANCE: once per turn (the caller checks the phase and the counter)."""
    candidates = list(pairs(state))
    if not candidates:
        return
    found = sources(state, _is_transunion)
    for logicalist, partner in candidates:
        souls = set(partner.circles) | set(logicalist.circles if logicalist else ())
        first = None if logicalist is None else logicalist.circle
        for index, source, card in found:
            for circles in shapes(card.territory):
                if _on_top(circles, souls):
                    yield Trance(first, partner.circle, index, source, circles)


def trance_change_actions(state: PlayerState) -> Iterator[TranceChange]:
    """R-TRANCE: a transunion with TC and a foreigner fuse into its TC form."""
    members = state.members()
    foreigners = [m for m in members if m.card.type is CardType.FOREIGNER]
    for transunion in members:
        character = transunion.card.trance_change
        if not character or transunion.card.type is not CardType.TRANSUNION:
            continue
        found = sources(state, _form_of(character))
        for foreigner in foreigners:
            souls = set(foreigner.circles) | set(transunion.circles)
            for index, source, card in found:
                for circles in shapes(card.territory):
                    if _on_top(circles, souls):
                        yield TranceChange(
                            transunion.circle, foreigner.circle, index, source, circles
                        )


def _source_ok(
    state: PlayerState,
    index: int,
    source: Source,
    wanted: Callable[[Card], bool],
    circles: tuple[int, ...],
    souls: set[int],
) -> bool:
    found = {(i, s): card for i, s, card in sources(state, wanted)}
    card = found.get((index, source))
    return card is not None and circles in shapes(card.territory) and _on_top(circles, souls)


def is_legal_trance(state: PlayerState, action: Trance) -> bool:
    partner = state.member_at(action.partner)
    if partner is None:
        return False
    souls = set(partner.circles)
    if action.logicalist is None:
        if state.my_logicalist is None or state.my_logicalist_used:
            return False
        if partner.card.type is not CardType.FOREIGNER:
            return False
    else:
        logicalist = state.member_at(action.logicalist)
        if logicalist is None or logicalist is partner:
            return False
        types = (logicalist.card.type, partner.card.type)
        if types not in d.TRANCE_PAIRS:
            return False
        if types[0] is types[1] and logicalist.circle > partner.circle:
            return False
        souls.update(logicalist.circles)
    return _source_ok(
        state, action.transunion, action.source, _is_transunion, action.circles, souls
    )


def is_legal_trance_change(state: PlayerState, action: TranceChange) -> bool:
    transunion = state.member_at(action.transunion)
    foreigner = state.member_at(action.foreigner)
    if (
        transunion is None
        or foreigner is None
        or foreigner.card.type is not CardType.FOREIGNER
        or transunion.card.type is not CardType.TRANSUNION
        or not transunion.card.trance_change
    ):
        return False
    souls = set(transunion.circles) | set(foreigner.circles)
    wanted = _form_of(transunion.card.trance_change)
    return _source_ok(state, action.form, action.source, wanted, action.circles, souls)


def fuse(
    game: GameState,
    player: int,
    souls: list[Member],
    index: int,
    source: Source,
    circles: tuple[int, ...],
) -> Member:
    """Take the transunion, pay, and mobilize it with ``souls`` under it.

    A deck search shuffles the deck (refreshing a deck it emptied) after the
    transunion is mobilized; a refresh trance takes the card from the drop zone,
    makes the new deck, and takes the penalty after the mobilization.
    """
    state = game.players[player]
    if source is Source.REFRESH:
        card = state.drop.pop(index)
        new_deck, state.drop = state.drop, []
        if d.TRANCE_REFRESH_KEEPS_DECK:
            new_deck.extend(state.deck)
            game.rng.shuffle(new_deck)
        else:  # the drop zone, shuffled, goes under the cards still in the deck
            game.rng.shuffle(new_deck)
            new_deck.extend(state.deck)
        state.deck = new_deck
    else:
        card = (state.deck if source is Source.DECK else state.hand).pop(index)
    state.pay(card.cost or 0)
    soul_cards: list[Card] = []
    for soul in souls:
        state.remove_member(soul)
        soul_cards.append(soul.card)
        soul_cards.extend(soul.souls)
    member = game.new_member(card, circles, tuple(soul_cards))
    member.soul_character = next((s.soul_character for s in souls if s.soul_character), None)
    state.place(member)
    if source is Source.REFRESH:
        game.refresh_penalty(player)
    elif source is Source.DECK:
        if not state.deck:
            game.refresh(player)
        elif d.SHUFFLE_AFTER_DECK_SEARCH:
            game.rng.shuffle(state.deck)
    return member


def trance(game: GameState, player: int, action: Trance) -> Member:
    state = game.players[player]
    partner = state.member_at(action.partner)
    assert partner is not None
    souls = [partner]
    if action.logicalist is None:
        state.my_logicalist_used = True
    else:
        logicalist = state.member_at(action.logicalist)
        assert logicalist is not None
        souls.insert(0, logicalist)
    state.trance_used = True
    member = fuse(game, player, souls, action.transunion, action.source, action.circles)
    if action.logicalist is None and state.my_logicalist is not None:
        member.soul_character = state.my_logicalist.character
    if game.log is not None:
        game.note(
            player,
            f"trances into {member.card.label()} on {format_circles(action.circles)}"
            f" (soul {len(member.souls)})",
        )
    _fire_trance(game, player, member, action.source)
    return member


def trance_change(game: GameState, player: int, action: TranceChange) -> Member:
    state = game.players[player]
    transunion = state.member_at(action.transunion)
    foreigner = state.member_at(action.foreigner)
    assert transunion is not None and foreigner is not None
    state.trance_change_used = True
    member = fuse(game, player, [transunion, foreigner], action.form, action.source, action.circles)
    if game.log is not None:
        game.note(player, f"trance changes into {member.card.label()} (soul {len(member.souls)})")
    _fire_trance(game, player, member, action.source)
    return member


def _fire_trance(game: GameState, player: int, member: Member, source: Source) -> None:
    """A transunion mobilized by trance: its mobilize and trance abilities."""
    fire(game, player, Trigger.MOBILIZE, member=member, from_hand=source is Source.HAND)
    fire(game, player, Trigger.TRANCE, member=member, from_hand=source is Source.HAND)
