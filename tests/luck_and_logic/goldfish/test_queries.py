"""``--query`` for Luck & Logic: the words it reads, exact values worked out by hand,
and simulated values that agree with them."""

from __future__ import annotations

import math
import re

import pytest

from lalcheck.db import CardDatabase
from lalcheck.games.luck_and_logic.cards import CardType
from lalcheck.games.luck_and_logic.engine import DeckList, PassivePolicy
from lalcheck.games.luck_and_logic.goldfish import DeckInfo, goldfish, runner
from lalcheck.games.luck_and_logic.goldfish.queries import (
    GATES,
    LOGIC_DRIVE,
    REFRESH,
    TRANCE,
    CardGroup,
    NamedCard,
    Vocabulary,
    drawn_by,
)
from lalcheck.simulation.opponent import Opponent
from lalcheck.simulation.query import Query, QueryError, parse_query


def read(text: str, db: CardDatabase) -> Query:
    return parse_query(text, Vocabulary(db))


@pytest.mark.parametrize(
    ("phrase", "key", "cards"),
    [
        ("BT01/002", "hand", NamedCard("Starlit Prefect Rin")),
        ('"Starlit Prefect Rin" in hand', "hand", NamedCard("Starlit Prefect Rin")),
        ("Starlit Prefect Rin", "hand", NamedCard("Starlit Prefect Rin")),
        ("paradoxes", "hand", CardGroup(frozenset({CardType.PARADOX}))),
        ("tactics in hand", "hand", CardGroup(frozenset({CardType.TACTICS}))),
        ("level-4 transunion", "hand", CardGroup(frozenset({CardType.TRANSUNION}), 4)),
        ("transunion of level 4", "hand", CardGroup(frozenset({CardType.TRANSUNION}), 4)),
        (
            "level 4 transunions mobilized",
            "mobilized",
            CardGroup(frozenset({CardType.TRANSUNION}), 4),
        ),
        ("members mobilized", "mobilized", CardGroup(None)),
        ("trance", TRANCE, None),
        ("logic drives", LOGIC_DRIVE, None),
        ("gates destroyed", GATES, None),
        ("refresh", REFRESH, None),
    ],
)
def test_phrases(phrase: str, key: str, cards: object, sample_db: CardDatabase) -> None:
    (term,) = read(f"a {phrase} by own turn 2", sample_db).terms
    assert (term.subject.key, term.subject.cards) == (key, cards)
    assert term.subject.drawn is (key == "hand")


def test_level_alone_means_the_non_transunion_members_of_the_opening_groups(
    sample_db: CardDatabase,
) -> None:
    (term,) = read("2 level 1 by own turn 1", sample_db).terms
    selector = term.subject.cards
    assert isinstance(selector, CardGroup) and selector.level == 1
    assert CardType.TRANSUNION not in (selector.types or ())
    assert {CardType.LOGICALIST, CardType.FOREIGNER} <= (selector.types or frozenset())


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("a BT01/0002 by own turn 2", 3, "did you mean BT01/002"),
        ('a "Starlit Prefect Rim" by own turn 2', 3, "did you mean"),
        ("a dragon by own turn 2", 3, "unknown card 'dragon'"),
        ("a level by own turn 2", 3, "a query counts a card number"),
    ],
)
def test_unknown_cards_get_did_you_mean_with_the_column(
    text: str, column: int, message: str, sample_db: CardDatabase
) -> None:
    with pytest.raises(QueryError) as raised:
        read(text, sample_db)
    assert raised.value.column == column
    assert message in raised.value.problem


def hypergeometric_none(population: int, copies: int, draws: int) -> float:
    return math.comb(population - copies, draws) / math.comb(population, draws)


def test_exact_values_worked_out_by_hand(
    septpia: tuple[DeckInfo, DeckList], sample_db: CardDatabase
) -> None:
    main = septpia[1].main
    assert drawn_by(3) == 11  # 5, then 2 a turn (R-TURN-0, R-TURN-2)
    # 1 copy of BT01/002 and 8 paradoxes; inclusion-exclusion over 11 cards
    both = read("at least 1 of BT01/002 and at least 1 paradox in hand by own turn 3", sample_db)
    none_rin, none_paradox = hypergeometric_none(50, 1, 11), hypergeometric_none(50, 8, 11)
    neither = math.comb(41, 11) / math.comb(50, 11)
    assert both.exact(main, drawn_by) == pytest.approx(1 - none_rin - none_paradox + neither)
    # 6 level-4 transunions (BT01/007 and SD01-007, 3 each) in 9 cards
    level4 = read("a level-4 transunion by own turn 2", sample_db)
    assert level4.exact(main, drawn_by) == pytest.approx(1 - hypergeometric_none(50, 6, 9))
    # 15 level-1 logicalists and foreigners; exactly 2 in the first 7 cards
    two = read("exactly 2 level 1 by own turn 1", sample_db)
    expected = math.comb(15, 2) * math.comb(35, 5) / math.comb(50, 7)
    assert two.exact(main, drawn_by) == pytest.approx(expected)
    assert read("a trance by own turn 3", sample_db).exact(main, drawn_by) is None
    assert (
        read("a level-4 transunion mobilized by own turn 4", sample_db).exact(main, drawn_by)
        is None
    )


def test_a_player_who_keeps_and_never_draws_more_sees_the_exact_chances(
    septpia: tuple[DeckInfo, DeckList],
    sample_db: CardDatabase,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The passive policy keeps its hand and never draws an extra card, so the cards in
    # its hand by own turn N are the first 5 + 2N of the deck: what `exact` counts.
    monkeypatch.setitem(runner.POLICIES, "passive", PassivePolicy)  # type: ignore[index]
    texts = (
        "at least 1 of BT01/002 and at least 1 paradox in hand by own turn 3",
        "a level-4 transunion by own turn 2",
        "exactly 2 level 1 by own turn 1",
        "no tactics by own turn 4",
        "(a BT01/007 or a SD01-007) and 2 paradoxes by own turn 5",
    )
    queries = [read(text, sample_db) for text in texts]
    report = goldfish(
        [septpia],
        games=3000,
        database=sample_db.info,
        seed=5,
        policy="passive",
        opponent=Opponent.passive(),
        max_turns=5,
        queries=queries,
    )
    for result in report.decks[0].queries:
        assert result.exact is not None
        standard_error = math.sqrt(result.exact * (1 - result.exact) / 3000)
        # a fixed seed: deterministic; four standard errors
        assert result.simulated.value == pytest.approx(result.exact, abs=4 * standard_error), (
            result.query.text
        )


#: Log lines of the goldfishing player (A) that the observer counts, and the lines of
#: the opponent (B) whose gates fall.
CARD = re.compile(r"(\S+) 「[^」]*」")
ENTERS_HAND = re.compile(r"T(\d+) A: (?:draws |returns |adds )(.*)")
MOBILIZED = re.compile(r"T(\d+) A: (?:mobilizes|trances into|trance changes into) (\S+) 「")
TRANCED = re.compile(r"T(\d+) A: (?:trances into|trance changes into) ")
LOGIC_DRIVE = re.compile(r"T(\d+) A: Logic Drive of ")
REFRESHED = re.compile(r"T(\d+) A: refreshes ")
GATE_FALLS = re.compile(r"T(\d+) B: gate \d \S+ 「[^」]*」 is destroyed")


def by_own_turn(log: tuple[str, ...], pattern: re.Pattern[str], last_turn: int) -> list[str]:
    """The matches of ``pattern`` in the log up to game turn ``last_turn``."""
    return [m for line in log if (m := pattern.match(line)) and int(m[1]) <= last_turn]


def test_what_a_query_counts_is_what_the_game_log_shows(
    septpia: tuple[DeckInfo, DeckList], sample_db: CardDatabase
) -> None:
    """Counted by hand from each game's log: the cards that entered the hand (the kept
    hand, then draws, returns and searches), the members mobilized, trances, Logic
    Drives, refreshes and the opponent's gates destroyed by the end of each own turn."""
    from lalcheck.games.luck_and_logic.engine import play_game
    from lalcheck.games.luck_and_logic.goldfish import DEFAULT_OPPONENT, rival
    from lalcheck.games.luck_and_logic.goldfish.queries import Observer
    from lalcheck.games.luck_and_logic.goldfish.runner import GOLDFISHER, POLICIES, turn_limit
    from lalcheck.simulation.runner import game_seed

    _, cards = septpia
    opponent = rival(cards, DEFAULT_OPPONENT)
    checked = 0
    for index in range(12):
        first = index % 2 == 0
        observer = Observer(GOLDFISHER)
        record = play_game(
            cards,
            opponent.deck,
            (POLICIES["greedy"](), opponent.make_policy()),
            game_seed(3, index),
            first_player=GOLDFISHER if first else 1,
            log=True,
            turn_limit=turn_limit(8, first),
            observe=observer,
        )
        observed = observer.observed()
        kept = [card.number for card in record.openings[GOLDFISHER].kept]
        for own, marks in enumerate(observed.turns, start=1):
            last = 2 * own - 1 if first else 2 * own
            if own == len(observed.turns) and record.summaries[-1].player == GOLDFISHER:
                last = 10**6  # the game ended in this own turn: every line counts
            entered = kept + [
                number
                for m in by_own_turn(record.log, ENTERS_HAND, last)
                if int(m[1]) >= 1
                for number in CARD.findall(m[2])
            ]
            assert [c.number for c in observed.entered[: marks.entered]] == entered
            mobilized = [m[2] for m in by_own_turn(record.log, MOBILIZED, last)]
            assert [c.number for c in observed.mobilized[: marks.mobilized]] == mobilized
            assert marks.trances == len(by_own_turn(record.log, TRANCED, last))
            assert marks.logic_drives == len(by_own_turn(record.log, LOGIC_DRIVE, last))
            assert marks.refreshes == len(by_own_turn(record.log, REFRESHED, last))
            assert marks.gates == len(by_own_turn(record.log, GATE_FALLS, last))
            checked += 1
    assert checked > 40
