"""洛吧殺's hooks of ``lalcheck simulate`` and ``lalcheck play --players`` (contract §9).

:data:`SIMULATION` plays whole seeded games with the full engine: game ``i`` of
a run seeded ``S`` is seeded :func:`~lalcheck.simulation.runner.game_seed`
``(S, i)`` and tallied into a :class:`~.engine.RoleTally`, which adds up in any
order, so the core runner gives the same report for any ``--jobs``. ``play``
shows game 0 of such a run with the public log. Policies are chosen per role
(:class:`~.engine.ByRole`): the rates measure those policies at this table, not
the game itself.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.cells import cell_len

from lalcheck import __version__
from lalcheck.errors import UsageError
from lalcheck.games.lobasha.coverage import unmodelled_skills
from lalcheck.games.lobasha.data import GameData, read_characters, read_pile
from lalcheck.games.lobasha.engine import (
    ByRole,
    GameRecord,
    HeuristicPolicy,
    Policy,
    RandomPolicy,
    RoleTally,
    Setup,
    character_rates,
    play_game,
    role_rates,
    summary,
)
from lalcheck.games.lobasha.engine import decisions as d
from lalcheck.games.lobasha.engine.turn import OPENING_HAND
from lalcheck.games.lobasha.setups import ROLES, Role
from lalcheck.simulation import EVERY_SEAT, TableSettings
from lalcheck.simulation.runner import backend_for, game_seed, simulate
from lalcheck.simulation.stats import Proportion
from lalcheck.wording import plural

#: The policies by name; the first is the default.
POLICIES: Mapping[str, Policy] = {"heuristic": HeuristicPolicy(), "random": RandomPolicy()}
DEFAULT_POLICY = "heuristic"
#: The table of ``simulate`` and ``play`` without ``--players``.
DEFAULT_PLAYERS = 5
#: The side names of the text reports.
SIDES = {
    "lord": "the Lord and the Guards",
    "pirates": "the Sky Pirates",
    "ancients": "the Ancients",
}

#: The data files ``--pile`` and ``--character-set`` may replace, by file kind.
DATA_KINDS = ("pile", "characters")

PolicyNames = tuple[tuple[Role, str], ...]


def setup_of(files: Mapping[str, Path], players: int) -> Setup:
    """The bundled setup with a user's pile and character files in place of the samples'
    (each checked as ``lalcheck check`` would); a pile that cannot deal the opening
    hands or a character set too small for the table is a usage error."""
    unknown = sorted(set(files) - set(DATA_KINDS))
    if unknown:
        raise UsageError(f"洛吧殺 plays with no {', '.join(unknown)} file")
    setup = Setup.bundled()
    if files:
        bundled = setup.data
        pile = read_pile(files["pile"]) if "pile" in files else bundled.pile
        characters = read_characters(files.get("characters"))
        setup = Setup(GameData(bundled.cards, pile, characters, bundled.rules))
    cards = len(setup.pile.entries)
    if cards < players * OPENING_HAND:
        source = files.get("pile", "the sample pile")
        raise UsageError(
            f"{source} holds {plural(cards, 'card')} of the enabled sets; opening hands of "
            f"{OPENING_HAND} at a table of {players} take {players * OPENING_HAND}"
        )
    offered = sum(character.faction in d.OFFERED_FACTIONS for character in setup.data.characters)
    if offered < players:
        source = files.get("characters", "the sample character set")
        raise UsageError(
            f"{source} offers {plural(offered, 'character')} to choose from (factions "
            f"{', '.join(sorted(f.value for f in d.OFFERED_FACTIONS))}); a table of {players} "
            f"needs at least {players}"
        )
    return setup


def _unmodelled_lines(setup: Setup) -> list[str]:
    skills = unmodelled_skills(setup.data.characters)
    if not skills:
        return []
    return [
        f"not modelled: {plural(len(skills), 'skill')} the engine has no rules for, which never "
        f"take effect: {', '.join(skills)}"
    ]


def policy_names(policies: Mapping[str, str]) -> PolicyNames:
    """Each role's policy name: its own, else the one for every seat, else the default."""
    default = policies.get(EVERY_SEAT, DEFAULT_POLICY)
    return tuple((role, policies.get(role.value, default)) for role in ROLES)


def table_policy(names: PolicyNames) -> Policy:
    """One policy for every seat that plays each seat by its role's policy."""
    return ByRole({role: POLICIES[name] for role, name in names})


def _shown(names: PolicyNames) -> str:
    """``heuristic`` or ``lord heuristic, guard heuristic, pirate random, ancient random``."""
    distinct = {name for _, name in names}
    if len(distinct) == 1:
        return distinct.pop()
    return ", ".join(f"{role.value} {name}" for role, name in names)


@dataclass(frozen=True, slots=True)
class RoleJob:
    """The games of one ``simulate`` run, a core
    :class:`~lalcheck.simulation.runner.SimulationJob`: picklable, and game ``index``
    is fully determined by the job."""

    players: int
    seed: int
    policies: PolicyNames
    setup: Setup

    @property
    def series_count(self) -> int:
        return 1

    def play(self, series: int, index: int) -> GameRecord:
        policy = table_policy(self.policies)
        return play_game(self.players, self.setup, policy, game_seed(self.seed, index))

    def tally(self, records: Iterable[GameRecord]) -> RoleTally:
        return functools.reduce(RoleTally.add, records, self.empty())

    def empty(self) -> RoleTally:
        return RoleTally(self.players)


def _rate(rate: Proportion) -> dict[str, object]:
    return {"wins": rate.count, "games": rate.total, "rate": rate.value, "ci95": list(rate.ci95)}


def _percent(rate: Proportion) -> str:
    low, high = rate.ci95
    return f"{rate.value:6.1%}   [{low:.1%}, {high:.1%}]"


@dataclass(frozen=True, slots=True)
class RoleReport:
    """A finished ``simulate`` run: role (and character) win rates with 95% intervals."""

    seed: int
    policies: PolicyNames
    tally: RoleTally
    setup: Setup
    characters: bool

    def document(self) -> dict[str, object]:
        data = self.setup.data
        document: dict[str, object] = {
            "game": "lobasha",
            **summary(self.tally),
            "seed": self.seed,
            "policies": {role.value: name for role, name in self.policies},
            "engine": {"version": __version__, "round_limit": d.MAX_ROUNDS},
            "data": {
                "cards": {"name": data.cards.info.name, "version": data.cards.info.version},
                "pile": {"name": data.pile.name, "cards": len(self.setup.pile.entries)},
                "characters": {"name": data.characters.name, "count": len(data.characters)},
                "table_rules": data.rules.id,
                "sample": data.cards.info.sample or data.pile.sample or data.characters.sample,
                "not_modelled_skills": list(unmodelled_skills(data.characters)),
            },
        }
        if self.characters:
            names = data.characters
            document["characters"] = {
                character: {"name": names[character].name, **_rate(rate)}
                for character, rate in character_rates(self.tally).items()
            }
        return document

    def to_json(self) -> str:
        return json.dumps(self.document(), ensure_ascii=False, indent=2) + "\n"

    def to_text(self) -> str:
        tally = self.tally
        games = tally.games
        lines = [
            f"洛吧殺: {plural(games, 'game')} of {tally.players} players, seed {self.seed} "
            f"(policies: {_shown(self.policies)})",
            "",
            "  role        wins /  games    rate   95% CI",
        ]
        for role, rate in role_rates(tally).items():
            if rate.total:
                lines.append(f"  {role.value:<9} {rate.count:6} / {rate.total:6}  {_percent(rate)}")
        mean = tally.rounds / games if games else 0.0
        lines += [
            "",
            f"  mean rounds {mean:.1f} · unfinished {tally.unfinished} (round limit "
            f"{d.MAX_ROUNDS}) · drawn {tally.drawn} (piles exhausted)",
        ]
        if self.characters:
            names = self.setup.data.characters
            lines += ["", "  character           wins /  games    rate   95% CI"]
            for character, rate in character_rates(tally).items():
                name = names[character].english
                lines.append(f"  {name:<17} {rate.count:6} / {rate.total:6}  {_percent(rate)}")
        data = self.setup.data
        sample = " (sample data: illustrative, not official)" if data.pile.sample else ""
        lines += [
            "",
            f"data: {data.cards.info.name} {data.cards.info.version}, pile {data.pile.name!r}, "
            f"characters {data.characters.name!r}{sample}; table rules {data.rules.id}",
            *_unmodelled_lines(self.setup),
            "The rates measure these policies at this table, not the game itself.",
        ]
        return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class GameReport:
    """One game of ``play --players``: the public log and the result."""

    seed: int
    policies: PolicyNames
    record: GameRecord
    setup: Setup

    def to_json(self) -> str:
        record = self.record
        characters = self.setup.data.characters
        document = {
            "game": "lobasha",
            "players": record.players,
            "seed": self.seed,
            "game_seed": record.seed,
            "policies": {role.value: name for role, name in self.policies},
            "winner": record.winner.value if record.winner else None,
            "reason": record.reason.value,
            "rounds": record.rounds,
            "unfinished": record.unfinished,
            "seats": [
                {
                    "seat": seat.seat,
                    "character": seat.character,
                    "name": characters[seat.character].name,
                    "role": seat.role.value,
                    "won": seat.won,
                    "died_in_round": seat.died,
                }
                for seat in record.seats
            ],
            "log": list(record.log),
            "not_modelled_skills": list(unmodelled_skills(characters)),
        }
        return json.dumps(document, ensure_ascii=False, indent=2) + "\n"

    def to_text(self) -> str:
        record = self.record
        characters = self.setup.data.characters
        lines = [
            f"洛吧殺: {record.players} players, seed {self.seed} (game 0 of `lalcheck simulate "
            f"--seed {self.seed}`; policies: {_shown(self.policies)})",
            *record.log,
            "",
        ]
        if record.winner is None:
            lines.append(f"result: no winner ({record.reason.value}) after {record.rounds} rounds")
        else:
            lines.append(
                f"result: {SIDES[record.winner.value]} win ({record.reason.value}) after "
                f"{plural(record.rounds, 'round')}"
            )
        for seat in record.seats:
            character = characters[seat.character]
            fate = "won" if seat.won else "lost"
            died = f", died in round {seat.died}" if seat.died is not None else ""
            who = f"{character.name} ({character.english})"
            who += " " * max(1, 24 - cell_len(who))  # wide characters take two cells
            lines.append(f"  seat {seat.seat:<2} {who}{seat.role.value:<8} {fate}{died}")
        lines += _unmodelled_lines(self.setup)
        return "\n".join(lines) + "\n"


class LobashaSimulation:
    """The :class:`~lalcheck.simulation.TableSimulation` of 洛吧殺, on the bundled data."""

    min_players = d.MIN_PLAYERS
    max_players = d.MAX_PLAYERS
    default_players = DEFAULT_PLAYERS
    policies: Sequence[str] = tuple(POLICIES)
    default_policy = DEFAULT_POLICY
    groups: Sequence[str] = tuple(role.value for role in ROLES)
    data_kinds: Sequence[str] = DATA_KINDS

    def simulate(self, settings: TableSettings) -> RoleReport:
        names = policy_names(settings.policies)
        setup = setup_of(settings.files, settings.players)
        job = RoleJob(settings.players, settings.seed, names, setup)
        backend = settings.backend or backend_for(settings.jobs)
        (tally,) = simulate(job, settings.games, backend, settings.progress)
        return RoleReport(settings.seed, names, tally, setup, settings.characters)

    def play(
        self,
        players: int,
        seed: int,
        policies: Mapping[str, str],
        files: Mapping[str, Path] | None = None,
    ) -> GameReport:
        names = policy_names(policies)
        setup = setup_of(files or {}, players)
        record = play_game(players, setup, table_policy(names), game_seed(seed, 0), log=True)
        return GameReport(seed, names, record, setup)


SIMULATION = LobashaSimulation()
