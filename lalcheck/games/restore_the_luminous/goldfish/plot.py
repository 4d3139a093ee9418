"""The Restore the Luminous goldfish PNG (``--plot``): the share of games in which the
opponent's HP reached 0 by each own turn, and the opponent's mean HP by own turn."""

from __future__ import annotations

from pathlib import Path

from lalcheck.games.restore_the_luminous.goldfish.report import GoldfishReport
from lalcheck.simulation.plot import require_matplotlib


def plot_report(report: GoldfishReport, path: Path) -> None:
    """Write the report's PNG, one line per deck in each panel (the win shares with
    their 95% intervals as a band)."""
    require_matplotlib()
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    figure = Figure(figsize=(12, 5), layout="constrained")
    won, health = figure.subplots(1, 2)
    for index, stats in enumerate(report.decks):
        label = stats.deck.name or Path(stats.deck.path).stem
        turns = list(stats.turns)
        shares = [stats.win_turns().by_turn(t) for t in turns]
        colour = f"C{index}"
        won.plot(turns, [s.value for s in shares], marker="o", color=colour, label=label)
        won.fill_between(
            turns, [s.ci95[0] for s in shares], [s.ci95[1] for s in shares], color=colour, alpha=0.2
        )
        hp = [stats.mean(stats.tally.opponent_hp, t) for t in turns]
        health.plot(turns, hp, marker="o", color=colour, label=label)
    won.set_title("Opponent's HP brought to 0 by the end of each own turn")
    won.set_ylim(0, 1.05)
    won.yaxis.set_major_formatter(PercentFormatter(1.0))
    health.set_title("Opponent's mean HP at the end of each own turn")
    health.set_ylim(bottom=0)
    for axes in (won, health):
        axes.set_xlabel("own turn")
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.grid(alpha=0.3)
        axes.legend(fontsize="small")
    settings = report.settings
    figure.suptitle(
        f"Goldfish: {settings.games} games per deck · seed {settings.seed} · going "
        f"{settings.going.value} · {settings.policy} vs {report.opponent.policy_name}"
    )
    figure.savefig(path, dpi=110)
