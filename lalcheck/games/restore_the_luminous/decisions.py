"""Every point the Restore the Luminous rules leave open, decided once.

The rules page (seed 003, cited by line as ``seed:NN``) is short and leaves
gaps; each gap is decided here, in one named constant, citing its open-point
id (``RTL-OPEN-n``, see ``docs/rules/restore-the-luminous.md``). Points the
project had to decide beyond that list are marked ``RTL-ENGINE-n``. Code reads
these names; it never repeats a decision inline.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- the rules themselves (numbers the seed states) -------------------------

#: RTL-DECK-1 (seed:59): main deck size, both ends included.
MAIN_DECK_MIN, MAIN_DECK_MAX = 40, 60
#: RTL-DECK-2 (seed:59): copies per card name.
MAX_COPIES = 3
#: RTL-SET-1 (seed:60): starting and maximum HP of the first and second player.
HP_FIRST, HP_SECOND = 9, 10
#: RTL-LP-2 / RTL-SET-4 (seed:69): LP at the start of the game, gained per start phase, cap.
LP_START, LP_PER_TURN, LP_CAP = 1, 1, 10
#: RTL-ZONE-2 (seed:101): gear per unit.
GEAR_PER_UNIT = 3
#: RTL-ZONE-5 (seed:106): hand limit.
HAND_LIMIT = 10
#: RTL-TURN-2 (seed:116, seed:193): draws in the draw phase, and on an evolution turn.
DRAWS, EVOLUTION_DRAWS = 1, 2
#: RTL-KW-CRITICAL (seed:199): damage a Critical unit deals when it wins a battle.
CRITICAL_DAMAGE = 1

# -- RTL-OPEN: the digest's open points ---------------------------------------

#: RTL-OPEN-1 (seed:61, seed:194): the leader is named once, outside the 40-60
#: main deck; a leader card inside the main deck is in the wrong section.
LEADER_OUTSIDE_MAIN_DECK = True

#: RTL-OPEN-2 (seed:60): the first player is drawn with the game's seeded random
#: source unless the caller names one; there is no mulligan (the opening hand is
#: kept as drawn).
MULLIGAN = "none"

#: RTL-OPEN-3 (seed:76 "ランク", seed:83 "レベル"): colourings allowed per turn by
#: leader rank; "level" in seed:83 is read as rank.
COLOURINGS_BY_RANK = {1: 1, 2: 2, 3: 3}

#: RTL-OPEN-4 (seed:49, seed:53): only the turn player's units and LP become
#: active, in that player's own start phase. LP left unspent at the end of your
#: turn are what you have for counters in the opponent's turn.
RECOVER_TURN_PLAYER_ONLY = True

#: RTL-OPEN-5 (seed:191-192): evolution happens on the player's OWN 4th and 7th
#: turns (own turn number -> new rank).
EVOLUTION_BY_OWN_TURN = {4: 2, 7: 3}


@dataclass(frozen=True, slots=True)
class Entry:
    """RTL-OPEN-6 (seed:198): how units enter the field."""

    enter_active: bool
    attack_on_entry_needs_gale_or_assault: bool


#: RTL-OPEN-6 (seed:198 Gale): units enter active (so they can Protect in the
#: opponent's turn) and cannot attack on their entry turn unless they have Gale
#: or Assault.
ENTRY = Entry(enter_active=True, attack_on_entry_needs_gale_or_assault=True)


@dataclass(frozen=True, slots=True)
class DeckOut:
    """RTL-OPEN-7 (seed:185): when an empty deck loses."""

    draw_phase_emptying_loses: bool
    damage_on_empty_deck_loses: bool


#: RTL-OPEN-7 (seed:185): damage or any card effect (effect draws included) that
#: leaves the deck at 0 loses at once; the draw-phase draw that takes the last
#: card does not, the next draw that cannot be made does. Damage that finds the
#: deck already empty cannot be taken, and loses too.
DECK_OUT = DeckOut(draw_phase_emptying_loses=False, damage_on_empty_deck_loses=True)

#: RTL-OPEN-8 (seed:22-23, seed:183): both players losing at the same moment
#: (the end of one effect or damage event) is a draw.
SIMULTANEOUS_LOSS_IS_DRAW = True

#: RTL-OPEN-9 (seed:40, seed:104): one stage slot for the whole table; a new
#: stage from either player replaces the current one, which goes to its owner's
#: graveyard without being destroyed. False: one stage slot per player.
SHARED_STAGE = True

#: RTL-OPEN-10 (seed:31, seed:176): only destruction gives a return on the way to
#: the graveyard (battle loss, zero power, Revenger, effects that say destroy).
#: Resolved arts, replaced stages and gear falling off with its unit do not.
RETURN_ONLY_WHEN_DESTROYED = True

#: RTL-OPEN-11 (seed:175): a return colours colourless LP in row order, active or
#: passive alike; what finds no colourless LP is lost; active/passive is unchanged.
RETURN_COLOURS_PASSIVE_LP = True


@dataclass(frozen=True, slots=True)
class Counters:
    """RTL-OPEN-12 (seed:126, seed:138, seed:204): counter slots and their cost."""

    cost_includes_colour: bool
    set_needs_counter_keyword: bool
    activatable_types: frozenset[str]


#: RTL-OPEN-12 (seed:138 vs seed:204): a Counter[x] cost is a full cost (level
#: and colour cost) paid with active LP like RTL-PAY. Setting a card costs
#: nothing, is face down and needs a free slot; only cards with Counter[x] may be
#: set (a card without it could never leave the slot again). A used counter arts
#: goes to the graveyard unless persistent; a counter unit enters the field.
COUNTERS = Counters(
    cost_includes_colour=True,
    set_needs_counter_keyword=True,
    activatable_types=frozenset({"arts", "unit"}),
)

#: RTL-OPEN-13 (seed:157-160): steps 7-9 (with counter window 2) run whenever the
#: battle phase is entered, even with no attack; skipping the battle phase skips
#: window 2.
COUNTER_WINDOW_2_WITHOUT_ATTACKS = True

#: RTL-OPEN-14 (seed:90, seed:95): an LP of the card's colour spent on the level
#: part keeps its colour (only the colour-cost LP turn colourless).
LEVEL_PART_KEEPS_COLOUR = True

#: RTL-OPEN-15 (seed:30, seed:75): a colour cost is always paid in the card's own
#: colour; every card has exactly one of the five colours.
COLOUR_COST_IN_CARD_COLOUR = True


@dataclass(frozen=True, slots=True)
class ProtectRules:
    """RTL-OPEN-16 (seed:140, seed:201): who may Protect and how often."""

    against_leader_attacks: bool
    per_attack: int


#: RTL-OPEN-16 (seed:140, seed:201): Protect works against attacks on the leader and on other units;
#: only an active Protect unit that is not already the target; at most one per
#: attack; after the switch the fight is a unit battle.
PROTECT = ProtectRules(against_leader_attacks=True, per_attack=1)

#: RTL-OPEN-17 (seed:207 "ゲーム1"): Reverse works once per game per player; the
#: comparison counts the card being placed; an excluded card is not damage, and
#: neither HP 0 nor deck-out from that damage event ends the game.
REVERSE_USES_PER_GAME = 1

#: RTL-OPEN-18 (seed:146, seed:154-155): N damage places N cards one at a time
#: (Reverse checked per card), then returns and Turnover resolve card by card in
#: placement order, then the loss conditions are checked (once, for the event).
LOSS_CHECK_AFTER_DAMAGE_EVENT = True


@dataclass(frozen=True, slots=True)
class KeywordDetails:
    """RTL-OPEN-19 (seed:209-214): Bind, Decoy, C-Accel and L-Boost details."""

    bind_decrease: int
    bound_unit_can_protect: bool
    decoy_binds_attacks: bool
    c_accel_colour_reverts: bool
    l_boost_enters_active: bool


#: RTL-OPEN-19 (seed:209-214): Bind drops by 1 at the end of each turn of the bound unit's
#: opponent and ends at 0; a bound unit cannot attack or Protect. With several
#: Decoy units the chooser picks among them; Decoy binds ability targets, not
#: attacks. Colours used by C-Accel turn colourless. L-Boost LP enter active
#: within the cap of 10.
KEYWORD_DETAILS = KeywordDetails(
    bind_decrease=1,
    bound_unit_can_protect=False,
    decoy_binds_attacks=False,
    c_accel_colour_reverts=True,
    l_boost_enters_active=True,
)

#: RTL-OPEN-20 (seed:31 top right, seed:174 same place as the colour cost): a
#: layout detail only; the card database stores the number under this field.
RETURN_VALUE_FIELD = "return_value"

#: RTL-OPEN-21 (seed:39): persistent arts sit in their own area; no limit (None).
PERSISTENT_ARTS_LIMIT: int | None = None

#: RTL-OPEN-22 (seed:106): hand overflow: the owner chooses which cards are
#: erased; the check runs after every resolved action. False: the newest cards go.
HAND_LIMIT_OWNER_CHOOSES = True

#: RTL-OPEN-23 (seed:135, seed:198, seed:200): Gale with Assault: on the entry
#: turn the leader is a legal target (Gale) and active units are too (Assault).
GALE_WITH_ASSAULT_MAY_HIT_LEADER = True

#: RTL-OPEN-24 (seed:202): Revenger applies even when the Revenger unit is itself
#: destroyed in that battle (it is a battle-end effect).
REVENGER_WHEN_DESTROYED_TOO = True

#: RTL-OPEN-25 (seed:136, seed:144, seed:153): the seed has no card texts, so the
#: timings a structured effect may use are named after the battle steps
#: (attacking, attacked, win, destroy), the damage step (turnover), the counter
#: windows, the turn's phases, and activated / continuous abilities.
TRIGGERS = (
    "on_play",
    "on_attack",
    "on_attacked",
    "on_win",
    "on_destroy",
    "turnover",
    "counter",
    "start_of_turn",
    "end_of_turn",
    "activated",
    "continuous",
    "while_active",
)

# -- RTL-ENGINE: what the engine had to decide beyond the digest's list -------

#: RTL-ENGINE-1 (seed:76 "無色LP1つ"): colouring takes the first ACTIVE colourless
#: LP, else the first passive one. A coloured LP can do all a colourless one can,
#: so this is never worse than any other choice.
COLOUR_ACTIVE_LP_FIRST = True

#: RTL-ENGINE-2 (seed:87-90): a payment names how many LP of each kind it spends;
#: within a kind the LP lowest in the row are spent, so that returns (which
#: colour from the top, RTL-OPEN-11) reach LP that are still active.
SPEND_FROM_ROW_BOTTOM = True

#: RTL-ENGINE-3 (seed:90): a level-0 card needs no LP of its colour (it spends none).
LEVEL_ZERO_NEEDS_NO_COLOUR = True

#: RTL-ENGINE-4 (seed:211-212): an activated ability (L-Accel, C-Accel, a
#: leader's active ability) may be used once per turn per card, in its owner's
#: main phase.
ACTIVATED_ONCE_PER_TURN = True

#: RTL-ENGINE-5 (seed:212): C-Accel takes the colour from passive LP before
#: active ones (an active coloured LP is worth more); the LP stay as they were.
C_ACCEL_FROM_PASSIVE_FIRST = True

#: RTL-ENGINE-6 (seed:133-146): an attack whose attacker or unit target left the
#: field before the battle (a counter, a zero-power destruction) ends with no
#: battle and no damage.
ATTACK_ENDS_WITHOUT_ITS_UNITS = True

#: RTL-ENGINE-7 (seed:215): a transformation form is looked up in the card
#: database; it is not a physical card taken from a zone.
TRANSFORM_FORM_FROM_DATABASE = True

#: RTL-ENGINE-8 (seed:194): a leader's per-rank abilities replace those of lower
#: ranks (the leader uses the entry of the highest rank it has reached).
LEADER_RANK_REPLACES_LOWER = True

#: RTL-ENGINE-9 (seed:210): a unit bound when it is destroyed has no "on destroy"
#: effect (its effects are negated at that moment).
BOUND_UNIT_ON_DESTROY = False

#: RTL-ENGINE-10 (seed:144): "on win" effects of the winner resolve before the
#: damage of Critical.
ON_WIN_BEFORE_CRITICAL = True

#: RTL-ENGINE-11: triggers that arise together resolve in a fixed order (the turn
#: player's first, then by position: leader, units, persistent arts, stage), each
#: as soon as it arises (a trigger raised while another resolves goes first).
TURN_PLAYER_TRIGGERS_FIRST = True

#: RTL-ENGINE-12 (seed:104): a stage's effects apply to both players; a stage's
#: start-of-turn and end-of-turn effects run for the turn player, whoever owns it.
STAGE_TRIGGERS_FOR_TURN_PLAYER = True

#: RTL-ENGINE-13 (seed:210): Bind negates the bound unit's abilities and
#: keywords, those its gear grants included, but not power bonuses it receives.
BIND_KEEPS_POWER_BONUSES = True

#: Not a rule: a game still running after this many turns (both players) is a
#: draw, so that a policy that never ends a game cannot hang a simulation.
MAX_TURNS = 200
