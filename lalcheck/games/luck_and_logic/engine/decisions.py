"""Every point the rules digest leaves open, decided once (shared/rules/luck-and-logic.md).

Each constant names the rule id it settles. Code reads these names; it never
repeats the decision inline.
"""

from __future__ import annotations

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
#: R-TRANCE: power a transunion gains per soul card while attacking.
SOUL_POWER = 1000

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
# R-TRANCE Trance Change (no constant: one flag says it): "a second trance in the
# same turn" is read as its own once-per-turn use, beside the turn's trance: it
# needs no trance before it and does not use the turn's trance up.
#: R-TRANCE: super logicalists count as logicalists for trance and intercept.
LOGICALIST_TYPES = frozenset({CardType.LOGICALIST, CardType.SUPER_LOGICALIST})
#: R-BAT-2: card types that may intercept.
INTERCEPTOR_TYPES = LOGICALIST_TYPES | {CardType.FOREIGNER}
# R-TURN-4 move/swap (no constant: the action shapes say it): a member moves onto
# circles that fit its territory and are empty (or its own); two members swap
# only when both take a single circle.
#: R-BAT-1: the owner of a destroyed gate gets its effect (never for the sixth).
GATE_EFFECT_FOR_OWNER = True
# R-BAT-3 (no constant: the action says it): level support rests the first
# standing level card; which one never matters (attacks count face-up cards,
# rested or not).
# R-BAT-4 (no constant: the digest is explicit): any face-up paradox, the
# defining player's own included, cancels a newly defined one and both turn face
# down. A paradox's logic value is not used: its logic is the change of judgement;
# a cancelled (face-down) paradox has no logic, so its define effects do not run.
# R-BAT-5 (no constant): a face-up paradox in the paradox zone still makes spirit
# decide the turn's later battles, until the end phase empties the zone.
#: R-ZONE-1: a refresh needs cards in the drop zone; with an empty drop zone the
#: deck stays empty, nothing is drawn and no penalty is taken. False: the refresh
#: happens anyway and counts as a penalty for R-WIN-2, with no card to remove.
REFRESH_NEEDS_DROP_CARDS = True
#: R-TURN-0: mulligan order: the first player decides first; bottomed cards go
#: under the deck in hand order (the last chosen ends at the very bottom).
FIRST_PLAYER_MULLIGANS_FIRST = True
#: Not a rule: a game still running after this many turns (both players) is a
#: draw, so a policy that never ends a game cannot hang a simulation.
MAX_TURNS = 200
