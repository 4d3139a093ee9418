"""Building the 洛吧殺 models from files the core has read and checked.

* :func:`card_from_dict` — one schema-valid ``cards:`` entry of the card database
  (the core validates the database first, ``schemas/lobasha/cards.schema.json``);
* :func:`table_rules_from_dict` — one schema-valid regulation (the table rules);
  :class:`ValueError` for what a schema cannot say (role counts that do not add
  up, a table size without a role mix);
* :func:`pile_of` and :func:`characters_of` — a pile or a character file that
  ``lalcheck check`` found no error in.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from lalcheck.decks import Deck
from lalcheck.games.lobasha.cards import (
    INFINITE_RANGE,
    Answers,
    CardKind,
    CardSet,
    Colour,
    Effect,
    Element,
    JudgeCondition,
    Kind,
    Pile,
    PileEntry,
    Slot,
    Suit,
    Targets,
    parse_rank,
    parse_suit,
)
from lalcheck.games.lobasha.characters import (
    Character,
    CharacterSet,
    Faction,
    Gender,
    Skill,
    SkillKind,
)
from lalcheck.games.lobasha.files import CharacterContent, Item, PileContent
from lalcheck.games.lobasha.setups import LordBonus, Role, RoleMix, TableRules

#: HP is kept in half points (LBS-OPEN-8): printed 3.5 is 7.
HALF = 2


# -- the card database -------------------------------------------------------------------------


def card_from_dict(card: Mapping[str, Any]) -> CardKind:
    """A card kind from one schema-valid entry of the card database."""
    targets = card.get("targets")
    answers = card.get("answers")
    rescue = card.get("rescue") or {}
    weapon_range = card.get("range")
    return CardKind(
        id=card["id"],
        name=card["names"]["zh_Hant"],
        english=card["names"]["en"],
        kind=Kind(card["kind"]),
        subkind=card["subkind"],
        set=CardSet(card["set"]),
        rule=card["rule"],
        text=card.get("text", ""),
        element=Element(card.get("element", Element.NONE.value)),
        slot=Slot(card["slot"]) if "slot" in card else None,
        range=INFINITE_RANGE if weapon_range == "inf" else weapon_range,
        distance=card.get("distance", 0),
        locked=card.get("locked", False),
        targets=None
        if targets is None
        else Targets(
            who=targets["who"],
            count=targets.get("count", 1),
            min_count=targets.get("min_count"),
            reach=targets.get("reach"),
            needs=tuple(targets.get("needs", ())),
        ),
        answers=None
        if answers is None
        else Answers(tuple(answers["cards"]), answers.get("count", 1)),
        rescue=rescue.get("amount", 0),
        rescue_self_only=rescue.get("self_only", False),
        extra_cost=card.get("extra_cost", 0),
        once_per_turn=card.get("once_per_turn", False),
        judge=_judge(card.get("judge")),
        effects=tuple(
            Effect(step["do"], tuple((key, value) for key, value in step.items() if key != "do"))
            for step in card.get("effects", ())
        ),
    )


def _judge(judge: Mapping[str, Any] | None) -> JudgeCondition | None:
    if judge is None:
        return None
    ranks = judge.get("ranks")
    return JudgeCondition(
        frozenset(Suit(suit) for suit in judge.get("suits", ())),
        Colour(judge["colour"]) if "colour" in judge else None,
        (ranks[0], ranks[1]) if ranks else None,
    )


# -- the table rules ---------------------------------------------------------------------------


def table_rules_from_dict(data: Mapping[str, Any]) -> TableRules:
    """The table rules of a schema-valid regulation; ValueError naming what does not hold."""
    low, high = data["players"]["min"], data["players"]["max"]
    mixes = _mixes(data["roles"], "roles")
    variant = _mixes(data.get("two_ancients", ()), "two_ancients")
    missing = [str(count) for count in range(low, high + 1) if count not in mixes]
    if low > high:
        raise ValueError(f"players: min {low} is above max {high}")
    if missing:
        raise ValueError(f"roles: no role mix for {', '.join(missing)} players")
    return TableRules(
        id=data["id"],
        name=data.get("name", ""),
        effective=dt.date.fromisoformat(data["effective"]),
        min_players=low,
        max_players=high,
        mixes=mixes,
        two_ancient_mixes=variant,
        lord_bonuses=tuple(
            LordBonus(row["players"], row["bonus"]) for row in data["lord_hp_bonus"]
        ),
        notes=data.get("notes", ""),
    )


def _mixes(rows: Any, key: str) -> dict[int, RoleMix]:
    mixes: dict[int, RoleMix] = {}
    for index, row in enumerate(rows):
        players = row["players"]
        counts = {role: row.get(role.value, 0) for role in Role}
        if sum(counts.values()) != players:
            raise ValueError(
                f"{key}[{index}]: the roles add up to {sum(counts.values())}, not {players}"
            )
        if players in mixes:
            raise ValueError(f"{key}[{index}]: a second role mix for {players} players")
        mixes[players] = RoleMix(players, counts)
    return mixes


# -- checked files -----------------------------------------------------------------------------


def pile_of(deck: Deck[CardKind]) -> Pile:
    """The pile of a checked pile file: each entry ``copies`` times, in file order."""
    content: PileContent = deck.file.content
    entries: list[PileEntry] = []
    for entry, line in zip(deck.entries, content.entries, strict=True):
        suit, rank = parse_suit(line.suit), parse_rank(line.rank)
        assert entry.card is not None and suit is not None and rank is not None, "not checked"
        entries.extend(
            PileEntry(len(entries) + copy, entry.card, suit, rank) for copy in range(line.copies)
        )
    header = content.header
    return Pile(header.name or deck.path, header.sample, header.notes, tuple(entries))


def characters_of(content: CharacterContent) -> CharacterSet:
    """The character set of a checked character file."""
    header = content.header
    characters = {item.get("id"): _character(item) for item in content.characters}
    return CharacterSet(header.name or "", header.sample, header.notes, characters)


def _character(item: Item) -> Character:
    names = item.get("names")
    return Character(
        id=item.get("id"),
        name=names["zh_Hant"],
        english=names["en"],
        hp=int(item.get("hp") * HALF),
        gender=Gender(item.get("gender")),
        faction=Faction(item.get("faction")),
        emblems=frozenset(item.get("emblems") or ()),
        skills=tuple(_skill(skill) for skill in item.items("skills")),
        lord_candidate=item.get("lord_candidate") is True,
    )


def _skill(item: Item) -> Skill:
    names = item.get("names")
    return Skill(
        id=item.get("id"),
        name=names["zh_Hant"],
        english=names["en"],
        kinds=frozenset(SkillKind(kind) for kind in item.get("kinds") or ()),
        text=item.get("text") or "",
        emblem=item.get("emblem"),
        timing=item.get("timing") or "",
    )
