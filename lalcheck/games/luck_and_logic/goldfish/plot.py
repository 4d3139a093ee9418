"""The Luck & Logic goldfish PNG (``--plot``): turns-to-win distribution and level curve."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from lalcheck.games.luck_and_logic.goldfish.report import GoldfishReport
from lalcheck.simulation.plot import require_matplotlib

#: Line styles of the decks in the level curve (colors stand for the levels).
_DECK_STYLES: tuple[Literal["-", "--", ":", "-."], ...] = ("-", "--", ":", "-.")


def plot_report(report: GoldfishReport, path: Path) -> None:
    """Write the report's PNG: the share of games won in each own turn (bars with
    95% intervals) with the share won by then (line), and the chance of level ≥ k
    by each own turn (one color per level, one line style per deck)."""
    require_matplotlib()
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    figure = Figure(figsize=(12, 5), layout="constrained")
    wins, levels = figure.subplots(1, 2)
    decks = report.decks
    width = 0.8 / len(decks)
    first = min((min(s.turns_to_win.histogram, default=1) for s in decks), default=1)
    last = max(stats.turns_to_win.last_turn for stats in decks)
    top_level = max(stats.tempo.max_level for stats in decks)
    for index, stats in enumerate(decks):
        label = stats.deck.name or Path(stats.deck.path).stem
        color, style = f"C{index}", _DECK_STYLES[index % len(_DECK_STYLES)]
        turns = stats.turns_to_win
        own_turns = list(range(first, turns.last_turn + 1))
        shares = [turns.share(t) for t in own_turns]
        offset = (index - (len(decks) - 1) / 2) * width
        wins.bar(
            [t + offset for t in own_turns],
            [share.value for share in shares],
            width,
            yerr=[
                [share.value - share.ci95[0] for share in shares],
                [share.ci95[1] - share.value for share in shares],
            ],
            capsize=3,
            color=color,
            alpha=0.6,
            label=f"{label}: won in this turn",
        )
        wins.plot(
            own_turns,
            [turns.by_turn(t).value for t in own_turns],
            color=color,
            linestyle=style,
            marker="o",
            label=f"{label}: won by this turn",
        )
        tempo = stats.tempo
        for level in range(1, tempo.max_level + 1):
            levels.plot(
                list(turns.turns),
                [tempo.level_at_least(t, level).value for t in turns.turns],
                color=f"C{level - 1}",
                linestyle=style,
                marker="o",
            )
    wins.set_title("Turns to win: the own turn in which the sixth gate fell")
    wins.set_xlabel("own turn")
    wins.set_ylabel("share of games (bars: 95% intervals)")
    wins.set_xlim(first - 0.6, last + 0.6)
    wins.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncols=2, fontsize="small")
    levels.set_title("Level curve: chance of level ≥ k by the end of each own turn")
    levels.set_xlabel("own turn")
    levels.set_xlim(0.6, last + 0.4)
    handles = [Line2D([], [], color=f"C{k - 1}", marker="o") for k in range(1, top_level + 1)]
    names = [f"level ≥ {k}" for k in range(1, top_level + 1)]
    if len(decks) > 1:
        handles += [
            Line2D([], [], color="black", linestyle=_DECK_STYLES[i % len(_DECK_STYLES)])
            for i in range(len(decks))
        ]
        names += [stats.deck.name or Path(stats.deck.path).stem for stats in decks]
    levels.legend(
        handles, names, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncols=4, fontsize="small"
    )
    for axes in (wins, levels):
        axes.set_ylim(0, 1.05)
        axes.yaxis.set_major_formatter(PercentFormatter(1.0))
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.grid(axis="y", alpha=0.3)
    figure.suptitle(
        f"Goldfish: {report.games} games per deck · seed {report.seed} · "
        f"going {report.going.value} · {report.policy} vs passive"
    )
    figure.savefig(path, dpi=110)
