"""Every point the 洛吧殺 rules leave open, decided once (docs/rules/lobasha.md, "Decisions").

Each constant cites the open point it settles (LBS-OPEN-n) and the line of the
rules document (seed 004, "l.") the question comes from. Engine code reads
these names and never repeats a decision inline. The last block holds the
engine's own limits, which are not rules.
"""

from __future__ import annotations

from lalcheck.games.lobasha.cards import CardSet, Slot
from lalcheck.games.lobasha.characters import Faction

# LBS-OPEN-1 (l.8, roles dealt at random; no counts given): the role table is
# data, data/lobasha/regulations/lalcheck-2026.yaml; the two-Ancient variant (from 8 players) is off
# unless a setup asks for it.
TWO_ANCIENTS_BY_DEFAULT = False
#: LBS-OPEN-1: supported table sizes.
MIN_PLAYERS = 2
MAX_PLAYERS = 12

# LBS-OPEN-2 (l.23, characters are never said to be chosen): the Lord picks first,
# openly, from every lord candidate plus a few random others; then each other
# player picks in secret from random offers; no character twice.
LORD_EXTRA_OFFERS = 2
OFFERS_PER_PLAYER = 3
#: LBS-OPEN-26: the one-against-many BOSS mode is out of scope; BOSS characters are never offered.
OFFERED_FACTIONS = frozenset({Faction.LO, Faction.ZA, Faction.GOD})

# LBS-OPEN-3 (l.12-13, "the Ancients win" / "the Lord and Guards win"): who among the dead wins.
DEAD_GUARDS_WIN = True
DEAD_PIRATES_WIN = True
DEAD_ANCIENTS_WIN = False

#: LBS-OPEN-4 (l.111, weapons "add" range): attack range without a weapon.
BASE_ATTACK_RANGE = 1

#: LBS-OPEN-5 (l.10, "kills"): the killer is the source of the damage (or HP loss, or
#: the user of the LV- that took the last max HP) that brought the victim down;
#: natural disasters have no source, so no reward and no penalty.
KILLER_IS_SOURCE = True

#: LBS-OPEN-6 (l.23, the dead leave the game): their hand, equipment, judgement
#: area, 雜兵 and set-aside cards go to the discard pile after rewards and penalties.
DEAD_CARDS_DISCARDED_AFTER_REWARDS = True

#: LBS-OPEN-7 (l.26-29, no copies, suits or ranks): the pile is data; the bundled games
#: play the sample pile data/lobasha/pile.yaml (``sample: true``).
SAMPLE_PILE = "pile"

#: LBS-OPEN-8 (l.141, 洛克炮 deals 1/2; l.160 頭盔 halves): HP and damage are integer
#: half points; alive means HP above 0; hand limit is whole HP (rounded down).
HALF = 2
#: LBS-OPEN-8: 頭盔 halves (rounded down to a half point) and never below half a point.
HELMET_FLOOR = 1
#: LBS-OPEN-8: additions (電, 毒焰彈, 套裝甲's fire) come before reductions (堡壘,
#: 頭盔, 防護晶片, skills); what is left at 0 or below is prevented.
ADDITIONS_BEFORE_REDUCTIONS = True

#: LBS-OPEN-9 (l.38): 電's bonus waits for the next 殺 that actually deals damage this
#: turn (轟 neither gains nor spends it) and lapses at the end of the turn.
CHARGE_WAITS_FOR_DAMAGE = True
#: LBS-OPEN-9: 電 on oneself in the play phase once per turn (its dying use is free).
CHARGES_PER_TURN = 1

#: LBS-OPEN-10 (l.31): 殺/轟 used on your own initiative in your turn count against the
#: limit; 殺 played in answer (決鬥, 空賊侵襲, 威利意志, 速食麵) do not.
KILLS_PER_TURN = 1
ANSWER_KILLS_COUNT = False

#: LBS-OPEN-11 (l.41-42): 轟 is a 殺 without element everywhere (answers, weapons,
#: 套裝甲, 光量盾) except its damage of 2 and 電.
BLAST_IS_A_KILL = True

#: LBS-OPEN-12 (l.44, l.46): the attacker answering a 還 may answer with 還 in turn; 額
#: voids any card played as a 閃 (閃, 還, a 防禦網 success).
RIPOSTE_ANSWERS_RIPOSTE = True
EXTRA_VOIDS_ANY_DODGE = True
#: LBS-OPEN-12: each 還 that stands once the attack is stopped strikes back once.
RIPOSTE_STRIKES_AFTER_BLOCK = True

#: LBS-OPEN-13 (l.51-52): one 雜兵 per character; nothing else takes or discards it;
#: it stops damage only (never HP loss); using it is the holder's choice each time.
MINIONS_PER_CHARACTER = 1
MINION_STOPS_HP_LOSS = False

#: LBS-OPEN-14 (l.78-85, l.108): no two delayed cards of one name in a judgement area; a
#: moving card skips players who hold one; 九宮格 never leaves play by itself; a
#: 離子炮 whose holder wears 賽爾法波特姆 is judged without effect and moves on.
NO_TWIN_DELAYED_CARDS = True
#: LBS-OPEN-14: a cancelled (撤銷操作) moving card moves on, a cancelled 麻痹電擊 or
#: 電力短缺 is discarded.
CANCELLED_MOVING_CARD_MOVES_ON = True

#: LBS-OPEN-15 (l.87): an 撤銷操作 window opens before each effect card takes effect on
#: each target; every living player is asked, in seat order from the current player,
#: so being asked tells nobody who holds one; each 撤銷操作 flips the outcome.
UNDO_ASKS_EVERY_LIVING_PLAYER = True

#: LBS-OPEN-16 (l.92): 速食麵's two targets are distinct and may include its user; the
#: second chosen starts; one 撤銷操作 on either target cancels the whole card.
NOODLES_USER_MAY_TAKE_PART = True

#: LBS-OPEN-17 (l.95, l.99-103): 刪除's user chooses the option (with the use); HP above a
#: lowered max drops to it; LV+ never heals. LV- needs 1 lost HP, so with half points max
#: HP never falls below half a point (the digest's "max HP 0 kills" case cannot arise).
#: LV+ (l.102) may target a character whose max HP is not above its printed (Lord:
#: raised) value, so one at exactly that value goes 1 above it: the digest's proposed cap
#: at the printed value contradicts the rules text, which wins. True restores the cap.
LV_UP_CAPPED_AT_PRINTED = False

#: LBS-OPEN-18 (l.105): 再生計畫 also hits its user (after the extra discard) and
#: never touches equipment.
REGEN_HITS_USER = True

#: LBS-OPEN-19 (l.138-139): 光劍's two targets sit next to each other, both in range;
#: Triple Slash is declared with the first 殺, ignores the 殺 limit, and ends the
#: play phase when its user cannot or will not go on.
TRIPLE_SLASH_KILLS = 3

#: LBS-OPEN-20 (l.127): a 殺 made of two cards is red or black when both cards are,
#: otherwise colourless (for 光量盾).
MIXED_COLOURS_ARE_COLOURLESS = True

#: LBS-OPEN-21 (l.147): 長加農炮 leaves the area by replacement, 拆卸, 抓取手套, 淬火器,
#: 威利意志, a penalty or death clean-up; the damage source is its former holder.
LONG_CANNON_SOURCE_IS_HOLDER = True

#: LBS-OPEN-22 (l.162): 堡壘 going on can start the dying procedure; it blocks
#: every kind of 閃 (閃, 還, 防禦網, a 閃 given by a skill).
FORTRESS_BLOCKS_EVERY_DODGE = True

#: LBS-OPEN-23 (l.109): equipment slots; 推進器 has its own, so it sits beside
#: another attack-distance card; 星際航行 is defensive (+4).
SLOTS = (Slot.WEAPON, Slot.ARMOUR, Slot.DEFENSIVE, Slot.ATTACK, Slot.THRUSTER, Slot.SPECIAL)

#: LBS-OPEN-24 (l.174, "你裝入的防禦距離裝備可以縮短"): a slip for attack distance; such
#: cards shorten your distance to others by their (negative) value.
ATTACK_DISTANCE_SHORTENS = True

#: LBS-OPEN-25 (l.179): 附加包 is of an unknown set and is in play by default.
DEFAULT_SETS = frozenset({CardSet.BASE, CardSet.DECADE, CardSet.UNKNOWN})

#: LBS-OPEN-26 (l.182-184): emblems are tags; 神 characters answer every emblem; lord
#: skills name the emblem they call.
GOD_ANSWERS_EVERY_EMBLEM = True

#: LBS-OPEN-27 (l.189, "判定的結果可被改動"): after a judgement card is turned up, every
#: living character with a judgement-changing skill is asked, in seat order.
JUDGEMENT_CAN_BE_CHANGED = True

#: LBS-OPEN-28 (l.17, drawing from the pile): an empty draw pile takes the shuffled
#: discard pile; when both are empty the game ends drawn.
RESHUFFLE_DISCARDS = True

#: LBS-OPEN-29 (l.14): seat index + 1 is the next player (下家).
NEXT_SEAT = 1

#: LBS-OPEN-30 (l.71): 晶片散落 reshuffles like a draw when the pile runs short; the
#: user takes first.
CHIP_SCATTER_USER_FIRST = True

#: LBS-OPEN-31 (l.10, "棄掉全部手牌和裝備"): the Lord's penalty for killing a Guard takes
#: hand and equipment, not the judgement area.
LORD_PENALTY_TAKES_JUDGEMENT_AREA = False

# -- points the digest does not list, settled here ---------------------------------

#: LBS-DIST-1 (l.20): two different characters are never nearer than 1, whatever
#: their equipment and skills.
MIN_DISTANCE = 1

#: LBS-HP-2 (l.23): each player, in turn, may rescue as often as they like before the
#: next is asked.
RESCUER_ASKED_UNTIL_PASS = True
#: LBS-STATE-2 (l.195): the other chained characters take the amount dealt to the
#: first before its own armour and skills; each applies its own.
CHAIN_SPREADS_AMOUNT_BEFORE_TARGET_REDUCTIONS = True
# LBS-CARD-NEEDLES (l.90), no constant (combat.demand_needle says it): in 針刺陣 the
# cards are only played: a 還 strikes no one back and an 額 voids nothing; a 防禦網
# success counts as a 閃.
#: LBS-EQ-CANNON (l.127): 火炮's two cards may also be played as a 殺 in answer.
CANNON_KILL_IN_ANSWERS = True
# LBS-EQ-LONGCANNON / LBS-EQ-GUARDCHIP / LBS-EQ-FORTRESS (l.147, l.155, l.162), no
# constant (core.equipment_left says it): leaving the area at death triggers nothing,
# since the dead never act.
#: LBS-CARD-NINEGRID (l.108): the duel 九宮格 gives is an effect that 撤銷操作 can cancel.
NINE_GRID_DUEL_CAN_BE_UNDONE = True

# -- engine limits (not rules) -------------------------------------------------------

#: A game still running after this many rounds ends unfinished (no winner).
MAX_ROUNDS = 100
#: A play phase ends after this many actions, so that no policy can stall a game.
MAX_PLAY_ACTIONS = 60
