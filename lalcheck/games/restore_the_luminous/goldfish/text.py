"""The goldfish report as text, and one sample game seen from the goldfishing side
(``lalcheck draw``)."""

from __future__ import annotations

import json
import re

from lalcheck.games.restore_the_luminous.cards import COLOURS, Card
from lalcheck.games.restore_the_luminous.engine import GameRecord, TurnSummary
from lalcheck.games.restore_the_luminous.engine.state import PLAYER_NAMES
from lalcheck.games.restore_the_luminous.goldfish.report import (
    Comparison,
    DeckStats,
    GoldfishReport,
)
from lalcheck.games.restore_the_luminous.goldfish.runner import GOLDFISHER, Opponent
from lalcheck.games.restore_the_luminous.goldfish.tally import Result, result_of
from lalcheck.simulation.paired import Paired
from lalcheck.simulation.stats import Proportion
from lalcheck.wording import plural

#: A line of the engine log: ``T3 A: plays …`` (turn 0 is the setup).
_LOG_LINE = re.compile(r"T(\d+) ([A-Z]): (.*)")
#: The engine's header of a player's own turn: ``-- turn 2 (LP 3)``.
_TURN_HEADER = re.compile(r"-- turn (\d+)")


def _percent(share: Proportion) -> str:
    low, high = share.ci95
    return f"{100 * share.value:5.1f}% [{100 * low:.1f}–{100 * high:.1f}]"


def _opponent(opponent: Opponent) -> str:
    if opponent.source is not None:
        return f"the deck {opponent.source} (greedy)"
    return f"a {opponent.kind.value} opponent"


def _deck_block(stats: DeckStats, max_turns: int) -> list[str]:
    lines = [stats.deck.title + ("" if stats.deck.legal else "  (not legal: --force)")]
    turns = stats.win_turns()
    mean = turns.mean
    average = f"mean {mean.value:.2f} [{mean.ci95[0]:.2f}–{mean.ci95[1]:.2f}]" if mean else "-"
    lines.append(
        f"  opponent's HP to 0 by own turn: {average} · not won by own turn {max_turns}: "
        f"{turns.games - turns.won}/{turns.games}"
    )
    for side in stats.sides if len(stats.sides) > 1 else ():
        side_turns = stats.win_turns(side)
        side_mean = side_turns.mean
        lines.append(
            f"    going {side}: mean {side_mean.value:.2f}" if side_mean else f"    going {side}: -"
        )
    lines.append("  won by own turn (cumulative, 95% interval):")
    for turn in stats.turns:
        lines.append(f"    {turn:>2}  {_percent(turns.by_turn(turn))}")
    hand = stats.cards.leader.opening_hand
    lines.append(f"  opening hand of {hand} (no mulligan): at least one, exact vs simulated")
    for odds in stats.opening():
        lines.append(
            f"    {odds.group:<14} {odds.copies:>2} cards  exact {100 * odds.exact:5.1f}%  "
            f"simulated {_percent(odds.simulated)}"
        )
    colours = stats.colours
    lines.append(
        "  own turn: LP · LP of each colour (games with one) · cards played by level · "
        "opponent's HP"
    )
    for turn in stats.turns:
        colour_text = ", ".join(
            f"{colour} {stats.mean(stats.tally.colour_lp, turn, colour):.2f} "
            f"({100 * stats.share(stats.tally.coloured, turn, colour).value:.0f}%)"
            for colour in colours
        )
        curve = " ".join(
            f"L{level} {stats.mean(stats.tally.played, turn, level):.2f}" for level in stats.levels
        )
        lines.append(
            f"    {turn:>2}  LP {stats.mean(stats.tally.lp, turn):.2f} · {colour_text} · "
            f"{curve} · HP {stats.mean(stats.tally.opponent_hp, turn):.2f}"
        )
    results = ", ".join(f"{name} {count}" for name, count in stats.results().items() if count)
    lines.append(f"  results: {results}")
    unmodelled = stats.unmodelled()
    if unmodelled:
        cards = ", ".join(f"{c['number']} ×{c['occasions']}" for c in unmodelled[:5])
        lines.append(f"  card text the engine could not run: {cards}")
    answers = stats.query_results()
    if answers:
        lines.append("  queries: simulated (95% interval) · exact where it is a pure draw question")
    for result in answers:
        exact = "" if result.exact is None else f" · exact {100 * result.exact:5.1f}%"
        lines.append(f"    {result.query.text}")
        lines.append(f"      {_percent(result.simulated)}{exact}")
    return lines


def _difference(paired: Paired, percent: bool) -> str:
    def shown(value: float) -> str:
        return f"{100 * value:+.1f}%" if percent else f"{value:+.2f}"

    difference, independent = paired.paired, paired.independent
    low, high = difference.ci95
    mark = " *" if difference.significant else ""
    return (
        f"{shown(difference.value)} [{shown(low)} – {shown(high)}]{mark} "
        f"(independent [{shown(independent.ci95[0])} – {shown(independent.ci95[1])}])"
    )


def _comparison_block(comparison: Comparison, max_turns: int) -> list[str]:
    wins = comparison.wins
    lines = [
        f"{comparison.deck.title}",
        f"  against {comparison.baseline.title}: this deck minus the first over "
        f"{plural(wins.games, 'pair')} of games on the same seeds (95% paired interval; "
        "* excludes 0)",
    ]
    if wins.mean_turns_to_win is not None:
        lines.append(
            f"    mean own turns to win ({wins.pairs_won} pairs both won): "
            f"{_difference(wins.mean_turns_to_win, percent=False)}"
        )
    for turn, paired in wins.win_by_turn.items():
        lines.append(f"    won by own turn {turn:>2}: {_difference(paired, percent=True)}")
    lines.append(f"    not won by own turn {max_turns}: {_difference(wins.not_won, percent=True)}")
    return lines


def format_report(report: GoldfishReport) -> str:
    """The readable report: the run's settings, then a block per deck."""
    settings = report.settings
    lines = [
        f"{plural(settings.games, 'game')} per deck · seed {settings.seed} · going "
        f"{settings.going.value} · {settings.policy} player against "
        f"{_opponent(report.opponent)} · {plural(report.workers, 'job')} · "
        f"{report.games_per_second:.0f} games/s",
        f"card database {report.database.name} {report.database.version}"
        + (" (sample data)" if report.database.sample else ""),
    ]
    for stats in report.decks:
        lines += ["", *_deck_block(stats, settings.max_turns)]
    for comparison in report.comparisons:
        lines += ["", *_comparison_block(comparison, settings.max_turns)]
    for log in report.logs:
        lines += ["", f"game {log.index} (seed {log.record.seed}): {log.record.outcome}"]
        lines += [f"  {line}" for line in log.record.log]
    return "\n".join(lines) + "\n"


def format_report_json(report: GoldfishReport) -> str:
    """The JSON document of the report."""
    return json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n"


def _hand(cards: tuple[Card, ...]) -> list[str]:
    return [
        f"  {card.label()} ({card.type.value} L{card.level} {card.colour.value})" for card in cards
    ]


def own_turn_events(record: GameRecord) -> dict[int, list[str]]:
    """The log lines of each of the goldfishing player's own turns, the opponent's
    prefixed ``opponent:`` and its draws (hidden information) left out."""
    mine = PLAYER_NAMES[GOLDFISHER]
    events: dict[int, list[str]] = {}
    current: int | None = None
    for line in record.log:
        match = _LOG_LINE.fullmatch(line)
        assert match is not None, f"unexpected log line {line!r}"
        player, text = match[2], match[3]
        header = _TURN_HEADER.match(text)
        if header is not None:
            current = int(header[1]) if player == mine else None
            if current is not None:
                events[current] = [text[header.end() :].strip()]
        elif current is not None and (player == mine or not text.startswith("draws ")):
            events[current].append(text if player == mine else f"opponent: {text}")
    return events


def _summary_line(summary: TurnSummary | None) -> str:
    if summary is None:
        return "  → the game ended"
    colours = ", ".join(
        f"{colour.value} {count}"
        for colour, count in zip(COLOURS, summary.colours, strict=True)
        if count
    )
    return (
        f"  → LP {summary.lp}{f' ({colours})' if colours else ''} at the start · rank "
        f"{summary.rank} · {plural(summary.units, 'unit')} · hand {summary.hand} · "
        f"opponent's HP {summary.opponent_hp}"
    )


def format_sample(
    record: GameRecord, *, title: str, policy: str, opponent: Opponent, turns: int | None
) -> str:
    """One game with its log from the goldfishing side: the opening hand, then each own
    turn and a line on how it ended, up to ``turns`` own turns."""
    going = "first" if record.first_player == GOLDFISHER else "second"
    lines = [
        title,
        f"game 0 (game seed {record.seed}) · going {going} · {policy} player against "
        f"{_opponent(opponent)}",
        "",
        "Opening hand (kept as drawn, RTL-OPEN-2):",
        *_hand(record.openings[GOLDFISHER]),
    ]
    summaries = {s.turn: s for s in record.turns_of(GOLDFISHER)}
    events = own_turn_events(record)
    last = record.turns[GOLDFISHER]
    shown = last if turns is None else min(turns, last)
    for turn in range(1, shown + 1):
        header, *happened = events.get(turn, [""])
        lines += ["", f"Own turn {turn} {header}".rstrip()]
        lines += [f"  {event}" for event in happened]
        lines.append(_summary_line(summaries.get(turn)))
    if shown < last:
        lines += ["", f"… {plural(last - shown, 'more own turn')} not shown (--turns {shown})"]
    result = result_of(record, GOLDFISHER, last)
    what = "the opponent's HP reached 0" if result is Result.WON else result.value
    lines += ["", f"Result: {what} in own turn {last} ({record.outcome})"]
    return "\n".join(lines) + "\n"
