"""Every point the rules digest leaves open, decided once (shared/rules/luck-and-logic.md).

Each constant names the rule id it settles. Code reads these names; it never
repeats the decision inline.
"""

from __future__ import annotations

from enum import StrEnum

from lalcheck.games.luck_and_logic.cards import CardType

#: R-TURN-0: cards drawn for the opening hand.
OPENING_HAND = 5
#: R-TURN-2: cards drawn in the draw phase, then cards charged into the cost zone.
DRAW_PHASE_DRAWS = 2
DRAW_PHASE_CHARGES = 1
#: R-TURN-3: the level zone never keeps this many cards; one returns to hand.
LEVEL_ZONE_RETURN_AT = 5
#: R-ZONE-2: hand limit, enforced in the end phase.
HAND_LIMIT = 8
#: R-ZONE-2 / R-TURN-6: the digest does not say whose hand the end phase checks;
#: only the turn player's (the other player may keep more than 8 until their own
#: end phase). False: the turn player discards first, then the other player.
HAND_LIMIT_TURN_PLAYER_ONLY = True
#: R-WIN-2: penalty cards in the remove zone that lose the game.
LOSING_PENALTIES = 2
#: R-LUCK: cost zone cards a Luck Drive sends to the drop zone, and cards it draws.
LUCK_DRIVE_COST = 3
LUCK_DRIVE_DRAWS = 1
# R-TRANCE soul (no constant: the card data says it): a transunion gains the soul
# abilities of its soul cards (seed 000 "关于合体": "将得到使者与定理者成为灵魂时的效果"),
# read from each card's ``soul`` field; ``soul: 1000`` is the usual "(Soul) power
# +1000 while attacking". A soul card without a ``soul`` field gives nothing.

#: R-MOB: a face-down level card (the first player's first) shows no color or
#: world, so it does not enable a transunion.
FACE_DOWN_LEVEL_CARD_ENABLES_TRANSUNION = False
#: R-MOB: "a card of the same color" -- colorless is not a color, so a colorless
#: transunion needs a level card of its world, and a colorless level card enables
#: a transunion only through its world. (A card without a world never shares one.)
COLORLESS_IS_A_COLOR = False
#: R-MOB / R-LUCK: cost is paid from the top of the cost zone (the newest cards).
#: The cost zone is face down and ordered, so only this order matters.
COST_PAID_FROM_TOP = True
#: R-TRANCE: after a transunion is taken from the deck the deck is shuffled
#: (the usual rule after a search; the digest is silent).
SHUFFLE_AFTER_DECK_SEARCH = True
#: R-TRANCE: the transunion is mobilized "on top of" its soul: at least one of
#: the circles it takes held the logicalist or the foreigner (or, for a Trance
#: Change, the old transunion or the foreigner). Players choose the transunion
#: knowingly, so the digest's failed search (both to the drop zone) never happens.
TRANCE_ON_TOP_OF_SOUL = True
#: R-TRANCE (seed 000 "关于合体" line 144): when the wanted transunion is not in the
#: deck the player may refresh and take it from the new deck; the penalty comes
#: after it is mobilized. The seed does not say what becomes of the cards still in
#: the deck: True, they are shuffled into the new deck with the drop zone. False:
#: the drop zone, shuffled, goes under them.
TRANCE_REFRESH_KEEPS_DECK = True
# R-TRANCE Trance Change (no constant: one flag says it): "a second trance in the
# same turn" is read as its own once-per-turn use, beside the turn's trance: it
# needs no trance before it and does not use the turn's trance up. The form is any
# transunion of the character named by TC-「XX」 (seed 001 "TC" line 156).
#: R-TRANCE super logicalists (not in the seeds; the fan wiki): two super
#: logicalists may trance, and a super logicalist with a foreigner, but not with an
#: ordinary logicalist. Each pair is (the "logicalist" side, its partner).
TRANCE_PAIRS = frozenset(
    {
        (CardType.LOGICALIST, CardType.FOREIGNER),
        (CardType.SUPER_LOGICALIST, CardType.FOREIGNER),
        (CardType.SUPER_LOGICALIST, CardType.SUPER_LOGICALIST),
    }
)
#: The types that may stand on the "logicalist" side of a trance (My Logicalist aside).
LOGICALIST_TYPES = frozenset(first for first, _ in TRANCE_PAIRS)


class InterceptReading(StrEnum):
    """R-BAT-2: who may intercept and what an intercept gives."""

    #: Seed 000 [2]: any logicalist or foreigner (super logicalists too) other than
    #: the attacked member; its logic strengthens the defender; limit does not count.
    SEED = "seed"
    #: The fan wiki and the official INTERCEPT field: only members with power
    #: logic intercept, each giving power +OFFICIAL_INTERCEPT_POWER.
    OFFICIAL = "official"


#: R-BAT-2: which reading is played (default: the seed's).
INTERCEPT_READING = InterceptReading.SEED
OFFICIAL_INTERCEPT_POWER = 5000
#: R-BAT-2, seed reading: card types that may intercept.
INTERCEPTOR_TYPES = frozenset({CardType.LOGICALIST, CardType.SUPER_LOGICALIST, CardType.FOREIGNER})
# R-TURN-4 move/swap (no constant: the action says it; seed 000 【4】 "可以自由地移放在
# 别的圆阵中，也可进行替换"): a member of any territory moves onto any circles that fit
# it; the members standing there are displaced onto the circles it left, circle
# for circle in ascending order, and the move is legal only if each lands on
# circles that fit its own territory (a swap is such a move). Nobody is dropped
# by a move, and stand/rest states are kept.
#: R-BAT-1: the owner of a destroyed gate gets its effect (never for the sixth).
GATE_EFFECT_FOR_OWNER = True
# R-BAT-3 (no constant: the action says it): level support rests the first
# standing level card; which one never matters (attacks count face-up cards,
# rested or not).
# R-BAT-4 (no constant: seed 000 "关于逆理逻辑" is explicit): a paradox put face up into
# the battle zone triggers its auto abilities and its owner's members' paradox
# link abilities at once, even if it is then turned face down. An opponent's
# face-up paradox cancels it (both face down); with two face-up paradoxes of their
# own the player chooses one to turn face down and the other stays face up. A
# face-down paradox gives no logic and its paradox rule does not hold.
#: R-BAT-4 paradox link (seed 000 line 199: "角色的自动逆理联动效果"): every member of
#: the paradox's owner on the field hears it. False: only the battling member.
PARADOX_LINK_WHOLE_FIELD = True
# R-BAT-5 (no constant): a face-up paradox in the paradox zone still makes spirit
# decide the turn's later battles, until the end phase empties the zone.
#: R-ZONE-1: a refresh needs cards in the drop zone; with an empty drop zone the
#: deck stays empty, nothing is drawn and no penalty is taken. False: the refresh
#: happens anyway and counts as a penalty for R-WIN-2, with no card to remove.
REFRESH_NEEDS_DROP_CARDS = True
#: R-TURN-0: mulligan order: the first player decides first; bottomed cards go
#: under the deck in hand order (the last chosen ends at the very bottom).
FIRST_PLAYER_MULLIGANS_FIRST = True
# R-ABL secret tools (no constant: the seed does not say a tool leaves; seed 001
# "秘具" note 2 only forbids one ability to use the same card twice): a tool used by
# a 錬成(X) stays in the secret tool zone and later abilities may use it again.
# R-ABL trigger order (no constant: the seeds do not order triggers): abilities that
# trigger at one moment resolve in the order they triggered, the turn player's
# moment first (an attack: the attacker's, then the attacked member's); abilities
# triggered while one resolves wait until it is done; a 錬成(X) runs the chosen
# skill at once. An auto ability's conditions (EXsoul included) are checked when it
# triggers, an activated one's when it is used; costs and 【1回合1次】 when it resolves.
# R-ABL 【起】 (no constant: seed 000 【4】 lists them there): activated abilities and
# Logic Drives are main-phase actions of the turn player. turn_start abilities run
# after the stand phase, before the draw phase; battle_won / battle_lost after the
# losing member retreated, before the battle zones are cleared.
# R-BAT (no constant: the seeds do not say): a battle whose attacking or attacked
# member leaves the field (an effect retreats or returns it) ends at once without
# judgement, its zones cleared as after any battle.
#: R-ABL: power, spirit and limit lowered by effects never go below 0.
STATS_FLOOR = 0
#: R-BAT-3: an effect that puts the deck's top card into the battle zone does so
#: only while the battling member's limit leaves room, like a definition.
DEFINE_FROM_DECK_NEEDS_ROOM = True
#: R-MOB: an effect that mobilizes from the deck or drop zone still needs the
#: card's level and, for a transunion, its color or world in the level zone;
#: "ignoring costs" waives only the cost.
EFFECT_MOBILIZE_CHECKS_LEVEL = True
#: Not a rule: a game still running after this many turns (both players) is a
#: draw, so a policy that never ends a game cannot hang a simulation.
MAX_TURNS = 200
