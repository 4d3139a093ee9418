"""Policies: who answers the requests. A policy sees the game only through a :class:`View`.

* :class:`RandomPolicy` answers uniformly at random among the legal answers.
* :class:`ByRole` plays each seat with the policy given for its role (a table
  of heuristic Lords and Guards against random Pirates, say).
* :class:`HeuristicPolicy` plays each seat by its role, through one of four
  role policies that share the card sense of :class:`RolePolicy` and differ in
  whom they count as friends and foes (:meth:`RolePolicy.attitude`):

  - :class:`LordPolicy` fights whoever has publicly harmed it (or its known
    Guards, or shielded known Pirates) and, once the public role count leaves
    no doubt, every unknown character; it holds back against those it cannot
    read yet;
  - :class:`GuardPolicy` protects the Lord: rescues it first, cancels harm done
    to it, answers its emblem calls, and attacks whoever harms it;
  - :class:`PiratePolicy` attacks the Lord whenever it can, counts the Lord's
    helpers as foes and the Lord's attackers as friends, never rescues the Lord;
  - :class:`AncientPolicy` balances: while Sky Pirates live it keeps the Lord
    alive and hits whichever side is winning; once the Pirates are gone it
    removes the Guards and takes on the Lord last, never letting the Lord die
    while anyone but Ancients would survive.

Answers are built from what the view shows and checked against the legal
answers; only the play phase walks through every legal answer. A policy is not
the rules: the win rates they produce measure these policies, not the game.
"""

from __future__ import annotations

import random
from collections.abc import Container, Iterable, Mapping
from typing import Protocol

from lalcheck.games.lobasha.cards import Kind, PileEntry, Slot
from lalcheck.games.lobasha.engine.actions import (
    PASS,
    PICK_HAND,
    YES,
    Answer,
    Choose,
    Pick,
    Skill,
    Target,
    Use,
)
from lalcheck.games.lobasha.engine.core import HARMFUL, HELPFUL
from lalcheck.games.lobasha.engine.requests import Request
from lalcheck.games.lobasha.engine.view import View
from lalcheck.games.lobasha.setups import Role

HALF = 2


class Legal(Iterable[Answer], Container[object], Protocol):
    """The legal answers: iterable, and ``answer in legal`` checks one cheaply."""


class Policy(Protocol):
    """Chooses one of the legal answers to the view's request."""

    def choose(self, view: View, legal: Legal, rng: random.Random) -> Answer: ...


class RandomPolicy:
    """Any legal answer, uniformly at random."""

    def choose(self, view: View, legal: Legal, rng: random.Random) -> Answer:
        return rng.choice(list(legal))

    def __repr__(self) -> str:
        return "RandomPolicy()"


#: How much a card is worth keeping (the cheapest is discarded first).
KEEP = {
    "dodge": 6,
    "riposte": 6,
    "crystal": 7,
    "e-tank": 8,
    "undo": 5,
    "kill": 4,
    "thunder-kill": 4,
    "fire-kill": 4,
    "blast": 5,
    "big-chest": 6,
    "treasure-chest": 5,
    "extra": 3,
    "charge": 3,
}
#: Which of a foe's equipment to take or discard first.
GEAR_PRIORITY = {Slot.ARMOUR: 4, Slot.WEAPON: 3, Slot.DEFENSIVE: 2, Slot.ATTACK: 1}
#: Judgements whose matching result is good for the one judged.
GOOD_WHEN_MATCHED = frozenset({"paralysis-shock", "power-shortage", "defence-net", "self-repair"})


def keep_value(entry: PileEntry) -> int:
    kind = entry.kind
    if kind.id in KEEP:
        return KEEP[kind.id]
    return 3 if kind.kind is Kind.EQUIPMENT else 2


def is_kill(entry: PileEntry) -> bool:
    return entry.kind.subkind in ("kill", "blast")


class RolePolicy:
    """Card sense shared by every role; subclasses say who is a friend (:meth:`attitude`)."""

    def attitude(self, view: View, seat: int) -> float:
        """-2 (the foe to hit first) .. +2 (to protect): how this role sees ``seat``
        (worked out once per request)."""
        known = view.memo.get(seat)
        if known is None:
            known = view.memo[seat] = self.sees(view, seat)
        return known

    def sees(self, view: View, seat: int) -> float:
        """How this role sees ``seat`` (see :meth:`attitude`)."""
        raise NotImplementedError

    def protects(self, view: View, seat: int) -> bool:
        """Whether to rescue ``seat`` and cancel harm done to it."""
        return seat == view.seat or self.attitude(view, seat) > 0

    # -- reading the table -------------------------------------------------------------

    @staticmethod
    def loyalty(view: View, seat: int) -> float:
        """Public evidence that ``seat`` sides with the Lord (>0) or against it (<0)."""
        lord = view.lord()
        known = view.known_role(seat)
        if seat == lord or known is Role.GUARD:
            return 2.0
        if known in (Role.PIRATE, Role.ANCIENT):
            return -2.0
        score = float(-view.hostility(seat, lord))
        for other in range(view.players):
            role = view.known_role(other) if other != view.seat else None
            if role is Role.PIRATE:
                score += 0.5 * view.hostility(seat, other)
            elif role is Role.GUARD and other != lord:
                score -= 0.5 * view.hostility(seat, other)
        return score

    @staticmethod
    def foe_share(view: View) -> float:
        """Of the living characters whose role this seat cannot see, the share that are
        the Lord's enemies (Sky Pirates and Ancients)."""
        hidden = view.hidden_roles()
        total = sum(hidden.values())
        if total == 0:
            return 0.0
        return (hidden[Role.PIRATE] + hidden[Role.ANCIENT]) / total

    def for_the_lord(self, view: View, seat: int) -> float:
        """How the Lord's side reads ``seat``: from the public role count when it leaves no
        doubt, then the likeliest Ancient, then the public record of its acts."""
        if view.known_role(seat) is None:
            share = self.foe_share(view)
            if share >= 1:
                return -2.0
            if share <= 0:
                return 1.0
            if seat == self.suspect(view):
                return -1.5
        loyalty = self.loyalty(view, seat)
        if loyalty <= -1:
            return -2.0 if loyalty <= -2 else -1.0
        return 1.0 if loyalty >= 1 else 0.0

    @staticmethod
    def last_two(view: View) -> bool:
        return len(view.living()) == 2

    def suspect(self, view: View) -> int | None:
        """Once the Sky Pirates are all dead, the unknown character with the least loyalty
        (when one stands out): the likeliest Ancient."""
        hidden = view.hidden_roles()
        if hidden[Role.PIRATE] or not hidden[Role.ANCIENT]:
            return None
        unknown = [s for s in view.living() if view.known_role(s) is None]
        scores = sorted((self.loyalty(view, s), s) for s in unknown)
        if len(scores) >= 2 and scores[0][0] < scores[1][0]:
            return scores[0][1]
        return None

    # -- answering ----------------------------------------------------------------------

    def choose(self, view: View, legal: Legal, rng: random.Random) -> Answer:
        request = view.request
        assert request is not None
        answer: Answer = getattr(self, f"on_{request.ask.value}")(view, request, legal)
        if answer in legal:
            return answer
        return PASS if PASS in legal else next(iter(legal))

    def uses(
        self, view: View, legal: Legal, kinds: Container[str], targets: tuple[int, ...] = ()
    ) -> list[Use]:
        """Legal uses of one's hand cards of these kinds, cheapest first."""
        hand = sorted(view.hand(), key=keep_value)
        found = [Use(e.id, targets) for e in hand if e.kind.id in kinds]
        return [use for use in found if use in legal]

    def on_character(self, view: View, request: Request, legal: Legal) -> Answer:
        def rating(option: str) -> float:
            character = view.character_data(option)
            lord_bonus = 2 if view.role is Role.LORD and character.lord_candidate else 0
            return character.hp + 1.5 * len(character.skills) + lord_bonus

        return Choose(max(request.options, key=rating))

    def on_play(self, view: View, request: Request, legal: Legal) -> Answer:
        best: Answer = PASS
        best_score = 0.25
        for answer in legal:
            score = self.score_play(view, answer)
            if score > best_score:
                best, best_score = answer, score
        return best

    def on_discard(self, view: View, request: Request, legal: Legal) -> Answer:
        return self.cheapest(view, request.cards)

    def on_dodge(self, view: View, request: Request, legal: Legal) -> Answer:
        if request.reason == "rally":  # an emblem call: play a 閃 for the Lord?
            lord = request.target
            if lord is not None and self.protects(view, lord):
                found = self.uses(view, legal, {"dodge"})
                return found[0] if found else PASS
            return PASS
        for name in ("defence-net", "rally"):
            if Skill(name) in legal:
                return Skill(name)
        foe = request.source is not None and self.attitude(view, request.source) < 0
        kinds = ("riposte", "dodge") if foe else ("dodge", "riposte")
        for kind in kinds:
            found = self.uses(view, legal, {kind})
            if found:
                return found[0]
        return PASS

    def on_extra(self, view: View, request: Request, legal: Legal) -> Answer:
        target = request.target
        if target is not None and self.attitude(view, target) < 0:
            found = self.uses(view, legal, {"extra"})
            return found[0] if found else PASS
        return PASS

    def on_kill(self, view: View, request: Request, legal: Legal) -> Answer:
        found = self.uses(view, legal, {"kill", "thunder-kill", "fire-kill", "blast"})
        return found[0] if found else PASS

    def on_needle(self, view: View, request: Request, legal: Legal) -> Answer:
        found = self.uses(view, legal, {"extra", "dodge", "riposte"})
        if found:
            return found[0]
        return Skill("defence-net") if Skill("defence-net") in legal else PASS

    def on_wily(self, view: View, request: Request, legal: Legal) -> Answer:
        victim = request.target
        if victim is None:
            return PASS
        if self.attitude(view, victim) <= 0 or len(view.hand()) > 3:
            found = self.uses(
                view, legal, {"kill", "thunder-kill", "fire-kill", "blast"}, (victim,)
            )
            return found[0] if found else PASS
        return PASS

    def on_undo(self, view: View, request: Request, legal: Legal) -> Answer:
        target = request.target
        if target is None or not any(e.kind.id == "undo" for e in view.hand()):
            return PASS
        sign = -1 if request.reason in HARMFUL else 1 if request.reason in HELPFUL else 0
        weight = 2.0 if target == view.seat else self.attitude(view, target)
        value = sign * weight
        if (request.stands and value <= -1) or (not request.stands and value >= 1):
            found = self.uses(view, legal, {"undo"})
            return found[0] if found else PASS
        return PASS

    def on_rescue(self, view: View, request: Request, legal: Legal) -> Answer:
        dying = request.target
        if dying is None or not self.protects(view, dying):
            return PASS
        if Skill("last-stand") in legal:
            return Skill("last-stand")
        found = self.uses(view, legal, {"crystal", "e-tank", "charge", "instant-noodles"}, (dying,))
        return found[0] if found else PASS

    def on_take(self, view: View, request: Request, legal: Legal) -> Answer:
        owner = request.target
        assert owner is not None
        if self.attitude(view, owner) > 0 or owner == view.seat:
            for entry in view.judgement(owner):
                if entry.kind.subkind == "delayed":
                    return Pick(entry.id)
        gear = sorted(
            view.equipment(owner).items(), key=lambda item: -GEAR_PRIORITY.get(item[0], 0)
        )
        if gear and self.attitude(view, owner) < 0:
            return Pick(gear[0][1].id)
        if view.hand_size(owner):
            return PICK_HAND
        cards = [e for _, e in gear] + view.judgement(owner)
        return Pick(cards[0].id)

    def on_card(self, view: View, request: Request, legal: Legal) -> Answer:
        reason = request.reason
        cards = request.cards
        if not cards:
            return PASS
        if reason == "point-duel":
            return Pick(max(cards, key=lambda c: self.entry(view, c).rank))
        if reason == "chip-scatter":
            return Pick(max(cards, key=lambda c: keep_value(self.entry(view, c))))
        if reason == "fire-attack-discard":
            target = request.target
            if target is not None and self.attitude(view, target) < 0:
                return self.cheapest(view, cards)
            return PASS
        if reason == "bazooka":
            return Pick(cards[0])
        if reason == "cache":
            return self.cheapest(view, cards) if len(cards) >= 3 else PASS
        return self.cheapest(view, cards)

    def on_target(self, view: View, request: Request, legal: Legal) -> Answer:
        if not request.seats:
            return PASS
        best = min(request.seats, key=lambda s: (self.attitude(view, s), view.hp(s)))
        if self.attitude(view, best) < 0 or not request.optional:
            return Target(best)
        return PASS

    def on_option(self, view: View, request: Request, legal: Legal) -> Answer:
        reason = request.reason
        target = request.target
        foe = target is not None and self.attitude(view, target) < 0
        me = view.seat
        if reason == "minion":
            return YES
        if reason == "zero-knuckle":
            if "yes" in request.options:
                return YES if foe else PASS
            source = request.source
            friendly = source is not None and self.attitude(view, source) > 0
            return Choose("draw") if friendly or len(view.hand()) < 2 else Choose("discard")
        if reason == "water-gun":
            return YES if foe and target is not None and view.hp(target) > 2 * HALF else PASS
        if reason == "impact-drill":
            return YES if len(view.hand()) >= 4 else PASS
        if reason == "quencher":
            return YES if foe and target is not None and view.hp(target) > 3 * HALF else PASS
        if reason == "cache":
            return Choose("take") if view.aside_size(me) >= 2 else PASS
        if reason == "hibernate":
            return YES if not view.hand() and view.hp(me) == view.max_hp(me) else PASS
        if reason == "mimicry":
            for wanted in ("scavenge", "scout", "insulated", "rewrite", "purge"):
                for option in request.options:
                    if option.endswith(f":{wanted}"):
                        return Choose(option)
            return PASS
        return YES if "yes" in request.options else Choose(request.options[0])

    def on_judgement(self, view: View, request: Request, legal: Legal) -> Answer:
        target = request.target
        condition = view.judge_condition(request.reason)
        if target is None or request.card is None or condition is None:
            return PASS
        friend = target == view.seat or self.attitude(view, target) > 0
        want_match = (request.reason in GOOD_WHEN_MATCHED) == friend
        current = view.card(request.card)
        if current is not None and condition.matches(current.suit, current.rank) == want_match:
            return PASS
        for entry in sorted(view.hand(), key=keep_value):
            if condition.matches(entry.suit, entry.rank) == want_match:
                return Skill("rewrite", cards=(entry.id,))
        return PASS

    # -- the play phase -----------------------------------------------------------------

    def score_play(self, view: View, answer: Answer) -> float:
        """How good a play-phase answer looks (0 or less: not worth it)."""
        if isinstance(answer, Skill):
            return self.score_skill(view, answer)
        if not isinstance(answer, Use):
            return 0.0
        me = view.seat
        entry = self.entry(view, answer.card)
        kind = entry.kind
        if kind.kind is Kind.EQUIPMENT:
            return self.score_equipment(view, entry)
        if answer.mode == "cannon":
            return self.score_attack(view, answer, None, 1) - 1.5
        if kind.subkind in ("kill", "blast"):
            bonus = 0.5 if answer.mode in ("thunder", "fire") else 0.0
            strength = 2 if kind.subkind == "blast" else 1
            return self.score_attack(view, answer, entry, strength) + bonus
        kid = kind.id
        targets = answer.targets
        hand = view.hand()
        if kid in ("crystal", "e-tank"):
            missing = view.max_hp(me) - view.hp(me)
            return 4.0 if missing >= HALF or view.hp(me) <= HALF else 0.5
        if kid == "charge":
            kills = sum(1 for e in hand if is_kill(e) and e.kind.subkind == "kill")
            return 3.0 if kills and view.kills_used() == 0 and self.has_foe_in_range(view) else 0.0
        if kid == "minion":
            return 3.0
        if kid in ("treasure-chest", "big-chest"):
            return 6.0
        if kid == "chip-scatter":
            return 2.0
        if kid == "crystal-vein":
            return sum(
                (1 if self.protects(view, s) else -1)
                for s in view.living()
                if view.hp(s) < view.max_hp(s)
            )
        if kid in ("missile-spread", "pirate-raid"):
            return 1.2 * sum(-self.attitude(view, s) for s in view.living() if s != me)
        if kid == "terminal-link":
            return 0.3 if answer.mode == "receive" else 0.0
        if kid in ("paralysis-shock", "power-shortage"):
            return 3.0 * self.foe_weight(view, targets[0])
        if kid in ("dismantle", "grab-glove"):
            target = targets[0]
            if self.attitude(view, target) > 0 and view.judgement(target):
                return 2.5
            return 2.5 * self.foe_weight(view, target) + (0.5 if kid == "grab-glove" else 0)
        if kid in ("duel", "needle-array"):
            wanted = (
                ("kill", "thunder-kill", "fire-kill", "blast")
                if kid == "duel"
                else ("dodge", "riposte", "extra")
            )
            held = sum(1 for e in hand if e.kind.id in wanted)
            return (2.0 + held) * self.foe_weight(view, targets[0])
        if kid in ("roll", "delete"):
            return 3.5 * self.foe_weight(view, targets[0]) + (
                0.5 if answer.mode == "lose-hp" else 0
            )
        if kid == "fire-attack":
            return 1.5 * self.foe_weight(view, targets[0]) if len(hand) >= 4 else 0.0
        if kid == "instant-noodles":
            if me not in targets:
                return 0.0
            other = targets[1] if targets[0] == me else targets[0]
            kills = sum(1 for e in hand if is_kill(e))
            return (1.5 + kills) * self.foe_weight(view, other) if kills > 1 else 0.0
        if kid == "wily-will":
            wielder, victim = targets
            return 2.0 * self.foe_weight(view, wielder) + self.foe_weight(view, victim)
        if kid == "lv-down":
            return 1.5 * self.foe_weight(view, targets[0]) - 0.5
        if kid == "lv-up":
            return 1.5 if self.protects(view, targets[0]) else 0.0
        if kid == "nine-grid":
            return 0.5
        if kid == "regeneration-plan":
            theirs = sum(view.hand_size(s) for s in view.living() if self.attitude(view, s) < 0)
            return 1.0 if theirs > 2 * len(hand) + 4 else 0.0
        return 0.0

    def score_attack(self, view: View, use: Use, entry: PileEntry | None, strength: int) -> float:
        """A 殺 on foes only, weaker foes first; none into armour it cannot pass."""
        score = 0.0
        for target in use.targets:
            weight = self.foe_weight(view, target)
            if weight <= 0 or self.shielded(view, use, entry, target):
                return 0.0
            low = 1.0 if view.hp(target) <= 2 * HALF else 0.0
            shielded = 1.0 if view.has_minion(target) else 0.0  # a 雜兵 may stop it
            empty = 0.5 if view.hand_size(target) == 0 else 0.0
            score += (1.5 + strength + low - shielded) * weight + empty
        return score

    @staticmethod
    def shielded(view: View, use: Use, entry: PileEntry | None, target: int) -> bool:
        """Whether the target's armour makes this 殺 useless (光量盾, 套裝甲, 安全帽)."""
        me = view.seat
        weapon = view.equipment(me).get(Slot.WEAPON)
        if weapon is not None and weapon.kind.id == "energy-blade":
            return False
        armour = view.equipment(target).get(Slot.ARMOUR)
        if armour is None:
            return False
        if armour.kind.id == "photon-shield":
            return entry is not None and entry.colour.value == "black"
        if armour.kind.id == "suit-armour":
            return use.mode not in ("thunder", "fire") and (
                entry is None or entry.kind.element.value == "none"
            )
        if armour.kind.id == "hard-hat":
            return view.distance(me, target) > 1
        return False

    def score_equipment(self, view: View, entry: PileEntry) -> float:
        kind = entry.kind
        worn = view.equipment(view.seat).get(kind.slot) if kind.slot is not None else None
        if kind.id == "fortress" and view.hp(view.seat) <= 2 * HALF:
            return 0.0
        if not self.has_foe_in_range(view):  # reach a foe
            if kind.slot is Slot.WEAPON and (kind.range or 0) > view.attack_range(view.seat):
                return 4.5
            if kind.slot in (Slot.ATTACK, Slot.THRUSTER) and worn is None:
                return 4.5
        if worn is None:
            return 3.5
        if kind.slot is Slot.WEAPON and (kind.range or 0) > (worn.kind.range or 0):
            return 1.0
        return 0.0

    def score_skill(self, view: View, answer: Skill) -> float:
        if answer.name == "overload":
            me = view.seat
            around = [s for s in view.living() if s != me and view.distance(me, s) <= 1]
            return 1.5 * sum(-self.attitude(view, s) for s in around)
        if not answer.targets:
            return 0.0
        weight = self.foe_weight(view, answer.targets[0])
        if answer.name == "rock-buster":
            return 2.0 * weight
        if answer.name == "jam":
            high = max((e.rank for e in view.hand()), default=0)
            return weight if high >= 11 else 0.0
        return 1.5 * weight

    def foe_weight(self, view: View, seat: int) -> float:
        """How much hurting ``seat`` is wanted (0 when it is not a foe)."""
        return 0.0 if seat == view.seat else max(0.0, -self.attitude(view, seat))

    def has_foe_in_range(self, view: View) -> bool:
        me = view.seat
        return any(
            view.in_range(me, s) and self.attitude(view, s) < 0 for s in view.living() if s != me
        )

    # -- helpers ---------------------------------------------------------------------------

    @staticmethod
    def entry(view: View, card: int) -> PileEntry:
        entry = view.card(card)
        assert entry is not None, "a policy only names cards it can see"
        return entry

    def cheapest(self, view: View, cards: tuple[int, ...]) -> Answer:
        return Pick(min(cards, key=lambda c: keep_value(self.entry(view, c))))


class LordPolicy(RolePolicy):
    """The Island Lord: foes are those who have shown themselves against it."""

    def sees(self, view: View, seat: int) -> float:
        if seat == view.seat:
            return 2.0
        if self.last_two(view):
            return -2.0
        return self.for_the_lord(view, seat)


class GuardPolicy(RolePolicy):
    """A Guard: the Lord comes first; foes are those who harm the Lord."""

    def sees(self, view: View, seat: int) -> float:
        if seat == view.seat:
            return 1.5
        if seat == view.lord():
            return 2.0
        return self.for_the_lord(view, seat)

    def protects(self, view: View, seat: int) -> bool:
        return seat == view.lord() or super().protects(view, seat)


class PiratePolicy(RolePolicy):
    """A Sky Pirate: the Lord is the target; the Lord's helpers are foes, its enemies friends."""

    def sees(self, view: View, seat: int) -> float:
        if seat == view.seat:
            return 2.0
        if seat == view.lord() or self.last_two(view):
            return -2.0
        known = view.known_role(seat)
        if known is Role.PIRATE:
            return 1.5
        if known is None and view.hidden_roles()[Role.PIRATE] == 0:
            return -1.0
        loyalty = self.loyalty(view, seat)
        if loyalty >= 1:
            return -1.0
        return 1.0 if loyalty <= -1 else 0.0

    def protects(self, view: View, seat: int) -> bool:
        return seat != view.lord() and super().protects(view, seat)


class AncientPolicy(RolePolicy):
    """An Ancient: keep the balance while the Sky Pirates live, then fight alone."""

    def sees(self, view: View, seat: int) -> float:
        if seat == view.seat:
            return 2.0
        if view.known_role(seat) is Role.ANCIENT:
            return 1.0
        lord = view.lord()
        rivals = [
            s for s in view.living() if s != view.seat and view.known_role(s) is not Role.ANCIENT
        ]
        if view.pirates_alive() == 0:
            if seat == lord:
                return -2.0 if rivals == [lord] else 0.5
            return -2.0
        lord_weak = view.hp(lord) <= 2 * HALF
        if seat == lord:
            return 1.0 if lord_weak else -0.5 if view.hp(lord) > 3 * HALF else 0.0
        loyalty = self.loyalty(view, seat)
        if loyalty <= -1:
            return -1.5 if lord_weak else -0.5
        if loyalty >= 1:
            return 0.0 if lord_weak else -1.0
        return 0.0

    def protects(self, view: View, seat: int) -> bool:
        if seat == view.lord():
            rivals = [
                s
                for s in view.living()
                if s not in (seat, view.seat) and view.known_role(s) is not Role.ANCIENT
            ]
            return bool(rivals)
        return super().protects(view, seat)


ROLE_POLICIES: dict[Role, RolePolicy] = {
    Role.LORD: LordPolicy(),
    Role.GUARD: GuardPolicy(),
    Role.PIRATE: PiratePolicy(),
    Role.ANCIENT: AncientPolicy(),
}


class HeuristicPolicy:
    """Plays each seat by its own role's policy (see the module docstring)."""

    def choose(self, view: View, legal: Legal, rng: random.Random) -> Answer:
        return ROLE_POLICIES[view.role].choose(view, legal, rng)

    def __repr__(self) -> str:
        return "HeuristicPolicy()"


class ByRole:
    """Plays each seat with the policy of its role (a seat sees its own role)."""

    def __init__(self, policies: Mapping[Role, Policy]) -> None:
        self.policies = dict(policies)

    def choose(self, view: View, legal: Legal, rng: random.Random) -> Answer:
        return self.policies[view.role].choose(view, legal, rng)

    def __repr__(self) -> str:
        return f"ByRole({self.policies!r})"
