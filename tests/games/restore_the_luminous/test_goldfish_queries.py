"""``lalcheck goldfish --query`` and paired comparison on Restore the Luminous decks
(contract §8): each phrase kind, the exact chance of a draw question against the
hypergeometric worked by hand, counts of one game by hand, errors pointing at the
column, and paired differences on the same seeds for any number of jobs."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from lalcheck.db import CardDatabase, load_database
from lalcheck.decks import read_deck
from lalcheck.games.restore_the_luminous.cards import Card, CardType, Colour
from lalcheck.games.restore_the_luminous.engine import DeckList
from lalcheck.games.restore_the_luminous.goldfish import goldfish
from lalcheck.games.restore_the_luminous.goldfish.queries import (
    LEADER_ABILITY,
    PLAYED,
    CardGroup,
    Observed,
    Vocabulary,
    drawn_by,
)
from lalcheck.simulation import DeckInfo, GoldfishSettings
from lalcheck.simulation.query import HAND, NamedCard, QueryError, parse_query
from lalcheck.simulation.runner import Going
from tests.conftest import CliRun
from tests.games.restore_the_luminous.test_goldfish import (
    BLUE_TIDE,
    RED_RUSH,
    RTL_DB,
    VANILLA,
    goldfish_json,
)


@pytest.fixture(scope="module")
def test_db() -> CardDatabase[Card]:
    return load_database(RTL_DB, use_cache=False)


def deck(test_db: CardDatabase[Card], path: Path = VANILLA) -> tuple[DeckInfo, DeckList]:
    read = read_deck(path, test_db)
    return DeckInfo.of_file(path, read.name), DeckList.from_deck(read, test_db)


def hypergeometric_at_least_one(copies: int, deck: int, drawn: int) -> float:
    return 1 - math.comb(deck - copies, drawn) / math.comb(deck, drawn)


@pytest.mark.parametrize(
    ("text", "key", "cards", "label"),
    [
        (
            "T01/005 by own turn 2",
            HAND,
            NamedCard("Test Unit 5"),
            "T01/005 「Test Unit 5」 in hand",
        ),
        ('"Test Unit 5" in hand by turn 2', HAND, NamedCard("Test Unit 5"), None),
        ("Test Unit 5 by own turn 2", HAND, NamedCard("Test Unit 5"), None),
        ("a unit by own turn 2", HAND, CardGroup(CardType.UNIT), "unit in hand"),
        ("2 arts by own turn 2", HAND, CardGroup(CardType.ARTS), "arts in hand"),
        ("a gear by own turn 2", HAND, CardGroup(CardType.GEAR), "gear in hand"),
        ("a stage by own turn 2", HAND, CardGroup(CardType.STAGE), "stage in hand"),
        ("3 red by own turn 2", HAND, CardGroup(colour=Colour.RED), "red in hand"),
        ("a level 3 by own turn 2", HAND, CardGroup(level=3), "level 3 in hand"),
        ("a level-3 unit by own turn 2", HAND, CardGroup(CardType.UNIT, level=3), None),
        ("a unit of level 3 by own turn 2", HAND, CardGroup(CardType.UNIT, level=3), None),
        ("2 red units by own turn 2", HAND, CardGroup(CardType.UNIT, Colour.RED), None),
        (
            "a level 2 blue arts played by own turn 4",
            PLAYED,
            CardGroup(CardType.ARTS, Colour.BLUE, 2),
            "level-2 blue arts played",
        ),
        ("a leader ability by own turn 3", LEADER_ABILITY, None, "leader ability"),
    ],
)
def test_each_phrase_kind_reads_into_its_subject(
    test_db: CardDatabase[Card], text: str, key: str, cards: object, label: str | None
) -> None:
    (term,) = parse_query(text, Vocabulary(test_db)).terms
    assert (term.subject.key, term.subject.cards) == (key, cards)
    assert term.subject.drawn is (key == HAND)
    if label is not None:
        assert term.subject.label == label


def test_a_card_group_matches_by_type_colour_and_level_and_never_the_leader(
    test_db: CardDatabase[Card],
) -> None:
    unit_5, arts, leader = (test_db.resolve(n).card for n in ("T01/005", "T01/A01", "T01/L01"))
    assert unit_5 is not None and arts is not None and leader is not None
    assert CardGroup(CardType.UNIT, Colour.RED, 5).matches(unit_5)
    assert not CardGroup(CardType.UNIT, level=2).matches(arts)
    assert CardGroup(level=2).matches(arts)
    assert not CardGroup(colour=Colour.RED, level=0).matches(leader)


def test_an_unknown_card_gets_did_you_mean_at_its_column(test_db: CardDatabase[Card]) -> None:
    with pytest.raises(QueryError) as caught:
        parse_query('a unit and "Test Unit 55" by own turn 2', Vocabulary(test_db))
    assert caught.value.column == 12
    assert "did you mean" in caught.value.problem and "Test Unit 5" in caught.value.problem
    with pytest.raises(QueryError, match="names 2 different cards"):
        parse_query("「試験の兵」 by own turn 2", Vocabulary(test_db))  # T01/007 and T01/008


def test_a_phrase_that_names_nothing_lists_what_a_query_counts(
    test_db: CardDatabase[Card],
) -> None:
    with pytest.raises(QueryError) as caught:
        parse_query("a level-3 wizard by own turn 2", Vocabulary(test_db))
    assert caught.value.column == 3 and "leader ability" in caught.value.problem


def test_drawn_by_counts_the_opening_hand_and_the_draw_phases_by_hand(
    test_db: CardDatabase[Card],
) -> None:
    """RTL-SET-2 (opening 5), RTL-SET-3 (no draw in the first player's first turn),
    RTL-TURN-2 (1 a draw phase), RTL-OPEN-5 (2 on the evolution turns 4 and 7)."""
    leader = test_db.resolve("T01/L01").card
    assert isinstance(leader, Card)
    first, second = drawn_by(leader, True), drawn_by(leader, False)
    assert [first(t) for t in range(1, 9)] == [5, 6, 7, 9, 10, 11, 13, 14]
    assert [second(t) for t in range(1, 9)] == [6, 7, 8, 10, 11, 12, 14, 15]


def test_a_draw_question_is_exactly_hypergeometric_and_the_games_land_near_it(
    test_db: CardDatabase[Card],
) -> None:
    """Six level-5 units in 42 cards: going first 5 cards by own turn 1, going second
    6, weighted half and half; the vanilla deck draws nothing else, so the simulated
    share's interval holds the exact chance."""
    query = parse_query("a level-5 unit by own turn 1", Vocabulary(test_db))
    settings = GoldfishSettings(400, 4, Going.BOTH, 15, "greedy", queries=(query,))
    (stats,) = goldfish([deck(test_db)], settings, test_db.info).decks
    (result,) = stats.query_results()
    exact = (hypergeometric_at_least_one(6, 42, 5) + hypergeometric_at_least_one(6, 42, 6)) / 2
    assert result.exact == pytest.approx(exact)
    low, high = result.simulated.ci95
    assert low <= exact <= high and result.simulated.total == 400


def test_two_cards_together_are_exact_by_hand(test_db: CardDatabase[Card]) -> None:
    """``T01/005 and T01/010`` in 5 of 42 cards (3 copies each): by inclusion-exclusion
    1 - 2·C(39,5)/C(42,5) + C(36,5)/C(42,5)."""
    query = parse_query("T01/005 and T01/010 by own turn 1", Vocabulary(test_db))
    _, cards = deck(test_db)
    exact = query.exact(cards.main, drawn_by(cards.leader, True))
    by_hand = 1 - (2 * math.comb(39, 5) - math.comb(36, 5)) / math.comb(42, 5)
    assert exact == pytest.approx(by_hand)


def test_played_and_leader_questions_have_no_exact_chance(test_db: CardDatabase[Card]) -> None:
    _, cards = deck(test_db)
    vocabulary = Vocabulary(test_db)
    for text in ("a unit played by own turn 2", "a unit and a leader ability by own turn 2"):
        assert parse_query(text, vocabulary).exact(cards.main, lambda t: 5 + t) is None


def test_one_game_counts_by_hand(test_db: CardDatabase[Card]) -> None:
    """Two own turns: 5 cards in hand at the start, 6 and then 8 (a unit returned)
    by the end of turns 1 and 2; a level-1 unit played in turn 1, a level-2 and an
    arts in turn 2; the leader's ability in turn 2. The game is over after turn 2:
    later turns keep its counts."""
    card = {n: test_db.resolve(n).card for n in ("T01/001", "T01/002", "T01/005", "T01/A01")}
    one, two, five, arts = (c for c in card.values() if isinstance(c, Card))
    observed = Observed(
        received=(one, five, five, two, arts, one, two, one),
        entered=(6, 8),
        played=((one,), (two, arts)),
        leader_abilities=(0, 1),
        opening=5,
    )
    vocabulary = Vocabulary(test_db)

    def count(text: str) -> int:
        (term,) = parse_query(text, vocabulary).terms
        return observed.count(term.subject, term.turn)

    assert count("a level-1 unit by own turn 1") == 2
    assert count("a level-1 unit by own turn 2") == 3
    assert count("T01/005 by own turn 9") == 2
    assert count("a level 2 by own turn 1") == 2  # T01/002 and the arts
    assert count("a unit played by own turn 1") == 1
    assert count("a level 2 played by own turn 2") == 2
    assert count("a leader ability by own turn 1") == 0
    assert count("a leader ability by own turn 5") == 1
    assert not parse_query("no arts by own turn 2", vocabulary).holds(observed)
    assert parse_query("exactly 2 T01/005 and a leader ability by own turn 2", vocabulary).holds(
        observed
    )


def test_the_cli_answers_queries_in_text_and_json(run: CliRun) -> None:
    query = '"Flame Lancer" by own turn 3'
    document = goldfish_json(run, RED_RUSH, "--games", "60", "--seed", "2", "--query", query)
    (answer,) = document["queries"]
    assert (answer["query"], answer["games"]) == (query, 60)
    assert answer["exact"] == pytest.approx(hypergeometric_at_least_one(3, 40, 7), abs=1e-4)
    text = run("goldfish", "-q", RED_RUSH, "--games", "60", "--seed", "2", "--query", query)
    assert text.exit_code == 0 and query in text.stdout and "exact" in text.stdout


def test_an_unparsable_query_exits_2_pointing_at_its_column(run: CliRun) -> None:
    result = run("goldfish", "-q", RED_RUSH, "--games", "5", "--query", "a unit by own turn x")
    assert result.exit_code == 2
    assert "query column 20" in result.output and "\n" + " " * 21 + "^" in result.output


def test_a_deck_against_itself_differs_by_nothing(test_db: CardDatabase[Card]) -> None:
    """The same deck on the same seeds plays the same games: every paired difference
    is 0, the mean turns to win exactly (every pair differs by 0), the shares with a
    score interval around 0 no wider than the independent one."""
    settings = GoldfishSettings(60, 3, Going.BOTH, 15, "greedy")
    report = goldfish([deck(test_db), deck(test_db)], settings, test_db.info)
    (comparison,) = report.comparisons
    wins = comparison.wins
    assert wins.games == 60 and wins.pairs_won == report.decks[0].win_turns().won
    assert wins.mean_turns_to_win is not None
    assert wins.mean_turns_to_win.paired.ci95 == (0.0, 0.0)
    for paired in (wins.not_won, *wins.win_by_turn.values()):
        low, high = paired.paired.ci95
        assert paired.paired.value == 0.0 and low <= 0.0 <= high
        assert paired.narrowing is None or paired.narrowing <= 1


def test_paired_comparison_is_the_same_for_any_jobs_in_text_and_json(run: CliRun) -> None:
    args = (RED_RUSH, BLUE_TIDE, "--games", "40", "--seed", "9", "--going", "both")
    one = goldfish_json(run, *args, "--jobs", "1")
    two = goldfish_json(run, *args, "--jobs", "2")
    assert one["comparison"] == two["comparison"] == one["comparisons"][0]
    comparison = one["comparison"]
    assert comparison["games"] == 40 and comparison["not_won"]["method"] == "paired"
    won_by = comparison["win_by_turn"]
    first, second = one["decks"][0]["win_by_turn"], one["decks"][1]["win_by_turn"]
    for turn, paired in won_by.items():
        assert paired["difference"] == pytest.approx(second[turn] - first[turn], abs=1e-4)
        low, high = paired["ci95"]
        assert low <= paired["difference"] <= high
    texts = [run("goldfish", "-q", *args, "--jobs", jobs).stdout for jobs in ("1", "2")]
    first, second = (text.split("\n", 1)[1] for text in texts)  # line 1: jobs, games/s
    assert first == second
    assert "this deck minus the first over 40 pairs of games" in texts[0]
