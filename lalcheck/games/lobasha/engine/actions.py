"""Every answer a player gives, as a small frozen value (python-chess style moves).

Cards are named by their pile entry id (:attr:`PileEntry.id`), characters by
seat. What an answer means depends on the request it answers: ``Use`` plays a
card (in the play phase, or as a 閃, 殺, rescue or 撤銷操作 in answer), ``Pick``
names one card (to discard, show, take or point-duel with), ``PickHand`` takes
an unseen card from someone's hand, ``Skill`` uses a skill or an equipment
ability, ``Choose`` picks a named option, ``Target`` picks a character, and
``Pass`` declines (or ends the play phase).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Use:
    """Use or play the hand card ``card``.

    ``targets`` are seats in the order chosen; ``extra`` are further hand cards
    the use takes (the second card of a 火炮 殺, the extra discard of LV±/再生計畫);
    ``mode`` picks a variant: ``thunder``/``fire`` (雷電劍, 火焰噴射器), ``cannon``
    (火炮: ``card`` and ``extra`` together as a 殺), ``triple`` (光劍's Triple
    Slash), ``receive`` (終端接口's receive data) or a 刪除 option.
    """

    card: int
    targets: tuple[int, ...] = ()
    extra: tuple[int, ...] = ()
    mode: str = ""

    def __str__(self) -> str:
        parts = [f"use #{self.card}"]
        if self.extra:
            parts.append("+" + "+".join(f"#{c}" for c in self.extra))
        if self.mode:
            parts.append(f"[{self.mode}]")
        if self.targets:
            parts.append("on " + ",".join(f"seat {t}" for t in self.targets))
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Pick:
    """Name one card: a hand card of one's own, or a visible card of the character concerned."""

    card: int

    def __str__(self) -> str:
        return f"pick #{self.card}"


@dataclass(frozen=True, slots=True)
class PickHand:
    """Take one unseen card from the hand of the character concerned (chosen at random)."""

    def __str__(self) -> str:
        return "pick a hand card"


@dataclass(frozen=True, slots=True)
class Skill:
    """Use a skill or an equipment ability by id, with targets and cards when it takes them."""

    name: str
    targets: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()

    def __str__(self) -> str:
        parts = [f"skill {self.name}"]
        if self.cards:
            parts.append("with " + ",".join(f"#{c}" for c in self.cards))
        if self.targets:
            parts.append("on " + ",".join(f"seat {t}" for t in self.targets))
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick a named option of the request (a character id, ``yes``, ``draw``...)."""

    option: str

    def __str__(self) -> str:
        return f"choose {self.option}"


@dataclass(frozen=True, slots=True)
class Target:
    """Pick one character."""

    seat: int

    def __str__(self) -> str:
        return f"target seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: play no card, use no ability, end the play phase."""

    def __str__(self) -> str:
        return "pass"


Answer = Use | Pick | PickHand | Skill | Choose | Target | Pass

PASS = Pass()
PICK_HAND = PickHand()
YES = Choose("yes")
