"""Text views of goldfish reports and sample games: rich tables rendered to a string."""

from __future__ import annotations

import json
from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.text import Text

from lalcheck.games.luck_and_logic.cards import Card
from lalcheck.games.luck_and_logic.goldfish.aggregate import Result
from lalcheck.games.luck_and_logic.goldfish.report import (
    Comparison,
    DeckStats,
    GoldfishReport,
    SampleLog,
    TurnsToWin,
)
from lalcheck.games.luck_and_logic.goldfish.sample import SampleGame
from lalcheck.simulation.opponent import OpponentKind
from lalcheck.simulation.paired import Paired
from lalcheck.simulation.runner import Going
from lalcheck.simulation.stats import Difference, Proportion
from lalcheck.simulation.text import bar, interval, percent, render
from lalcheck.simulation.text import section as _section
from lalcheck.simulation.text import table as _table
from lalcheck.wording import plural, visible


def format_report(report: GoldfishReport) -> str:
    """The text report of a goldfish run: header, then each deck, comparisons and logs."""
    parts: list[RenderableType] = [_header(report)]
    for stats in report.decks:
        parts.extend(_deck(stats, report.max_turns))
    for comparison in report.comparisons:
        parts.append(_comparison(comparison, report.max_turns))
    opponent = report.opponent.describe()
    text = render(parts) + "".join(_log(log, opponent) for log in report.logs)
    return visible(text, keep="\n")  # deck titles and card names hold no terminal escapes


def _header(report: GoldfishReport) -> Text:
    database = report.database
    sample = " (sample data)" if database.sample else ""
    opponent = report.opponent
    lines = [
        f"Goldfish: {report.games} games per deck · seed {report.seed} · "
        f"going {report.going.value} · games stop after own turn {report.max_turns}",
        f"  {report.policy} player vs {opponent.describe()}",
    ]
    if opponent.kind is not OpponentKind.DECK:
        gates = f"those of {report.opponent_gates}" if report.opponent_gates else "the deck's own"
        lines.append(f"  the opponent's gates: {gates}")
    lines += [
        f"  card database {database.name} {database.version}{sample}",
        f"  engine {report.engine_version}",
        f"  {report.games * len(report.decks)} games in {report.elapsed_s:.2f} s: "
        f"{report.games_per_second:,.0f} games/s with {plural(report.jobs, 'job')}",
    ]
    return Text("\n".join(lines))


def _deck(stats: DeckStats, max_turns: int) -> list[RenderableType]:
    deck = stats.deck
    legal = "" if deck.legal else "  (NOT a legal deck: played because of --force)"
    title = Text(f"\n{deck.title}{legal}\n  sha256 {deck.sha256}", style="bold")
    parts: list[RenderableType] = [title, _opening(stats), _turns_to_win(stats, max_turns)]
    if stats.by_going:
        parts.append(_by_going(stats.by_going))
    parts.extend([_tempo(stats), _refresh_and_unmodelled(stats, max_turns)])
    if stats.queries:
        parts.append(_queries(stats))
    return parts


def _queries(stats: DeckStats) -> Group:
    table = _table("query", "simulated", "95% CI", "exact")
    for result in stats.queries:
        table.add_row(
            result.query.text,
            percent(result.simulated.value),
            interval(result.simulated.ci95),
            "—" if result.exact is None else percent(result.exact),
        )
    return _section(
        "\nQueries: the share of games in which each held",
        table,
        "exact: the hypergeometric chance of a pure draw question (5 cards, then 2 a turn; "
        "no mulligan or extra draws).",
    )


def _opening(stats: DeckStats) -> Group:
    opening = stats.opening
    table = _table(
        "group",
        "copies",
        "exact",
        "simulated",
        "95% CI",
        "kept ≥1",
        "kept mean",
    )
    for group in opening.groups:
        table.add_row(
            group.group,
            str(group.copies),
            percent(group.exact),
            percent(group.simulated.value),
            interval(group.simulated.ci95),
            percent(group.kept.value),
            f"{group.kept_mean:.2f}",
        )
    mulligans = opening.mulligans
    return _section(
        "Opening hand: at least one in the 5 cards before the mulligan (exact: hypergeometric)",
        table,
        f"Mulligan in {percent(mulligans.value)} of games (95% CI {interval(mulligans.ci95)}), "
        f"{opening.bottomed_mean:.2f} cards to the bottom on average.",
    )


def _turns_to_win(stats: DeckStats, max_turns: int) -> Group:
    turns = stats.turns_to_win
    table = _table(
        "turn",
        "games",
        "share",
        "95% CI",
        "by then",
        "95% CI",
        "",
    )
    peak = max((turns.share(t).value for t in turns.turns), default=0.0) or 1.0
    first = min(turns.histogram, default=1)
    for turn in range(first, turns.last_turn + 1):
        share, cumulative = turns.share(turn), turns.by_turn(turn)
        table.add_row(
            str(turn),
            str(share.count),
            percent(share.value),
            interval(share.ci95),
            percent(cumulative.value),
            interval(cumulative.ci95),
            Text(bar(share.value / peak), justify="left"),
        )
    return _section(
        "Turns to win: the own turn in which the sixth gate fell",
        table,
        f"{_win_summary(turns, max_turns)}\n{_stopped(stats, max_turns)}",
    )


def _win_summary(turns: TurnsToWin, max_turns: int) -> str:
    mean = turns.mean
    average = (
        f"mean {mean.value:.2f} own turns (95% CI {mean.ci95[0]:.2f} – {mean.ci95[1]:.2f})"
        if mean
        else "no game won"
    )
    not_won = Proportion(turns.not_won, turns.games)
    return (
        f"{average} · not won by own turn {max_turns}: {turns.not_won} "
        f"({percent(not_won.value)}) · lost to refresh: {turns.lost_to_refresh}"
    )


def _stopped(stats: DeckStats, max_turns: int) -> str:
    return f"{plural(stats.stopped, 'game')} stopped undecided after own turn {max_turns}"


def _by_going(sides: Mapping[str, TurnsToWin]) -> Group:
    last = max(turns.last_turn for turns in sides.values())
    table = _table(
        "own turn",
        *(f"{side} ({turns.games} games)" for side, turns in sides.items()),
    )
    for turn in range(1, last + 1):
        table.add_row(str(turn), *(percent(turns.by_turn(turn).value) for turns in sides.values()))
    means = " · ".join(
        f"{side}: mean {mean.value:.2f}" if (mean := turns.mean) else f"{side}: no game won"
        for side, turns in sides.items()
    )
    return _section("Going first and second: games won by each own turn", table, means)


def _tempo(stats: DeckStats) -> Group:
    tempo = stats.tempo
    turns = stats.turns_to_win.turns
    levels = range(1, tempo.max_level + 1)
    members = range(1, tempo.max_members + 1)
    level_table = _table("own turn", *(f"≥{k}" for k in levels))
    member_table = _table("own turn", *(f"≥{n}" for n in members))
    for turn in turns:
        level_table.add_row(
            str(turn), *(percent(tempo.level_at_least(turn, k).value) for k in levels)
        )
        member_table.add_row(
            str(turn), *(percent(tempo.members_at_least(turn, n).value) for n in members)
        )
    return Group(
        _section("Level: chance of level ≥ k by the end of each own turn", level_table),
        _section(
            "Members: chance of having had ≥ n members on the field by each own turn",
            member_table,
        ),
    )


def _refresh_and_unmodelled(stats: DeckStats, max_turns: int) -> Text:
    refreshed, lost = stats.games_with_refresh, stats.lost_to_refresh
    lines = [
        f"Refresh: {percent(refreshed.value)} of games refreshed by own turn {max_turns} "
        f"(95% CI {interval(refreshed.ci95)});",
        f"  {percent(lost.value)} lost to refresh (95% CI {interval(lost.ci95)}).",
    ]
    if stats.unmodelled:
        occasions = sum(card.occasions for card in stats.unmodelled)
        lines.append(
            f"Not modelled: ability text came up {occasions} times without effect, "
            f"in {percent(stats.unmodelled_games.value)} of games;\n"
            "  the figures leave these effects out:"
        )
        lines.extend(
            f"  {card.occasions:>7}  {card.number} 「{card.name}」" for card in stats.unmodelled
        )
    else:
        lines.append("Not modelled: no ability text without a structured effect came up.")
    return Text("\n".join(lines))


def _comparison(comparison: Comparison, max_turns: int) -> Group:
    table = _table("measure", "diff", "95% CI (paired)", "independent", "width", "")

    def shown(value: float, ci: tuple[float, float], unit: str) -> tuple[str, str]:
        if unit == "%":
            return f"{value:+.1%}", interval(ci, signed=True)
        return f"{value:+.2f}", f"{ci[0]:+.2f} – {ci[1]:+.2f}"

    def row(name: str, measure: Paired | Difference, unit: str = "%") -> None:
        difference = measure.paired if isinstance(measure, Paired) else measure
        value, ci = shown(difference.value, difference.ci95, unit)
        if isinstance(measure, Paired):
            independent = shown(measure.independent.value, measure.independent.ci95, unit)[1]
            narrowing = measure.narrowing
            width = "" if narrowing is None else f"{narrowing:.0%}"
        else:
            independent, width = "(independent)", ""
        table.add_row(name, value, ci, independent, width, "*" if difference.significant else "")

    if comparison.mean_turns_to_win is not None:
        row("mean turns to win", comparison.mean_turns_to_win, unit="turns")
    for turn, paired in comparison.win_by_turn.items():
        row(f"won by turn {turn}", paired)
    row(f"not won by turn {max_turns}", comparison.not_won)
    row("mulligan rate", comparison.mulligan_rate)
    return _section(
        f"\n{comparison.deck.title}\n  against {comparison.baseline.title}",
        table,
        f"diff: this deck minus the first over {comparison.games} pairs of games on the "
        f"same seeds (turns to win: the {comparison.pairs_won} pairs both won); width: the "
        "paired interval's width over the independent one; * marks a paired interval that "
        "excludes 0.",
    )


def _log(log: SampleLog, opponent: str) -> str:
    """A sample game's log, unwrapped (A is the deck, B the opponent)."""
    going = "going first" if log.going_first else "going second"
    header = (
        f"\nSample game {log.index} (seed {log.seed}, {going}; A: the deck, "
        f"B: the {opponent}): {log.outcome}"
    )
    return "\n".join([header, *(f"  {line}" for line in log.lines)]) + "\n"


def format_report_json(report: GoldfishReport) -> str:
    """The JSON document of contract §6."""
    return json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n"


# -- lalcheck draw ------------------------------------------------------------------


def describe(card: Card) -> str:
    """``BT01/003 「Sunspear Maiden Helia」 foreigner L1``."""
    level = f" L{card.level}" if card.type.is_member and card.level is not None else ""
    return f"{card.label()} {card.type.value.replace('_', ' ')}{level}"


def format_sample(
    game: SampleGame, *, title: str, policy: str, opponent: str, turns: int | None = None
) -> str:
    """One sample game: opening hand, mulligan, then up to ``turns`` own turns."""
    going = Going.FIRST if game.going_first else Going.SECOND
    opening = game.opening
    lines = [
        title,
        f"game {game.index} (game seed {game.seed}) · going {going.value} · "
        f"{policy} player vs {opponent}",
        "",
        "Opening hand:",
        *(f"  {describe(card)}" for card in opening.hand),
    ]
    if opening.bottomed:
        lines.append(f"Mulligan: {len(opening.bottomed)} to the bottom:")
        lines.extend(f"  {describe(card)}" for card in opening.bottomed)
        lines.append("  drew:")
        lines.extend(f"  {describe(card)}" for card in game.mulligan_drew)
        lines.append("Kept hand:")
        lines.extend(f"  {describe(card)}" for card in opening.kept)
    else:
        lines.append("Mulligan: keeps all five.")
    shown = game.turns if turns is None else game.turns[:turns]
    for turn in shown:
        lines.extend(["", f"Own turn {turn.number}"])
        lines.extend(f"  {event}" for event in turn.events)
        if (summary := turn.summary) is not None:
            lines.append(
                f"  → level {summary.level} ({summary.face_up_level} face up) · "
                f"{plural(summary.members, 'member')} · gates {summary.gates_destroyed}/6 · "
                f"hand {summary.hand} · refreshes {summary.refreshes}"
            )
    if len(shown) < len(game.turns):
        hidden = plural(len(game.turns) - len(shown), "more own turn")
        lines.extend(["", f"… {hidden} not shown (--turns {len(shown)})"])
    lines.extend(["", f"Result: {_result(game)}"])
    return visible("\n".join(lines), keep="\n") + "\n"


def _result(game: SampleGame) -> str:
    if game.result is Result.WON:
        return f"won in own turn {game.last_turn}: the sixth gate fell"
    return f"{game.result.value.replace('_', ' ')} (own turn {game.last_turn})"
