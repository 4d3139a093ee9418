"""The plugin interface: what a game brings to the game-neutral core.

A game is one package under ``lalcheck/games/<package>/`` whose ``GAME`` is a
:class:`Game`. The core (card databases, deck files, the checker, every report
format, regulations by date, the collection, the simulation runner) reads a
game only through these members:

- ``id``, ``title``, ``rules_reference``: what ``lalcheck games`` lists; every
  rule id a finding cites has an anchor in the rules reference (see
  :func:`rule_anchor`).
- ``card_model``: the schema of the game's card database and how one
  ``cards:`` entry becomes a card (a frozen dataclass satisfying
  :class:`GameCard`); ``sample_database``: the bundled sample.
- ``regulation_model``: the game's dated regulations (data files and schema).
- ``file_kinds``: what ``lalcheck check`` validates (a deck; a pile; ...), each
  with its reader, its rules (one module per rule id), its report counts.
- ``deck_layout`` and ``decklist``: how a deck file maps onto sections, and the
  text decklist's headers and section titles (games with player decks).
- ``search_fields`` and ``card_view``: ``lalcheck cards`` and ``collection list``.
- ``simulation``: the engine hooks of ``goldfish``, ``draw`` and ``play``;
  ``table_simulation``: those of ``simulate`` and ``play --players``, for a game
  played by a table without player decks (a hidden-role game).
- ``coverage``: which cards ``db coverage`` counts as structured (all of their
  text in a form the engine runs); a game without one has no unstructured text.
- ``card_list_import``, ``registration_sheet``: optional extras.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import yaml

    from lalcheck.db.model import CardDatabase, DatabaseInfo
    from lalcheck.decks import Deck, DeckFile, DeckLayout
    from lalcheck.findings import Finding
    from lalcheck.simulation import Simulation, TableSimulation


class GameCard(Protocol):
    """What the core reads of any game's card: one printing, named by its number."""

    @property
    def number(self) -> str: ...
    @property
    def name(self) -> str:
        """The card's identity: printings with the same name are one card."""

    @property
    def names(self) -> Mapping[str, str]: ...
    @property
    def type(self) -> str: ...
    @property
    def set(self) -> str | None: ...
    @property
    def release(self) -> dt.date | None: ...
    @property
    def text(self) -> str | None: ...
    @property
    def all_names(self) -> tuple[str, ...]: ...
    def label(self) -> str: ...


class CardNames:
    """Mixin of the naming every game's card shares (needs ``number``, ``name``, ``names``)."""

    __slots__ = ()
    number: str
    name: str
    names: Mapping[str, str]

    @property
    def all_names(self) -> tuple[str, ...]:
        """The identity name first, then every translation that differs from it."""
        extra = tuple(n for n in self.names.values() if n != self.name)
        return (self.name, *dict.fromkeys(extra))

    def label(self) -> str:
        """``BT01/008 「スイーツ系女子 小玲」``: number and name for messages."""
        return f"{self.number} 「{self.name}」"


class DatedRegulation(Protocol):
    """What the core reads of a regulation: which one it is and when it takes effect."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def effective(self) -> dt.date: ...
    def label(self) -> str: ...


class RuleInfo(Protocol):
    """What the core reads of a rule module (the SARIF rule list, the docs)."""

    ID: str
    REFERENCE: str
    DESCRIPTION: str
    __doc__: str | None


@dataclass(frozen=True, slots=True)
class Count:
    """One count of a checked file: ``counts`` in the JSON report, ``label value/target``
    in the text report (when ``shown``)."""

    key: str
    label: str
    value: int
    target: str | None = None
    shown: bool = True


@dataclass(frozen=True, slots=True)
class FileCheck:
    """What a file kind's rules see: the resolved file, the database, the regulation in
    force and the date, and the ``deck-syntax`` findings of choosing them."""

    deck: Deck[Any]
    db: CardDatabase[Any]
    regulation: Any
    as_of: dt.date
    setup_problems: tuple[Finding, ...] = ()


@dataclass(frozen=True, slots=True)
class FileKind:
    """A kind of file ``lalcheck check`` validates (a deck, a pile, a character set).

    ``read`` turns the document (its YAML root node) into a :class:`~lalcheck.decks.DeckFile`
    whose structural problems are ``deck-syntax`` findings; ``check`` runs every rule
    of ``rules`` and yields their findings; ``counts`` gives the report counts, whose
    keys are ``count_keys``.
    """

    id: str
    description: str
    schema: str
    read: Callable[[yaml.Node, str], DeckFile]
    check: Callable[[FileCheck], Iterable[Finding]]
    counts: Callable[[FileCheck], tuple[Count, ...]]
    count_keys: tuple[str, ...]
    rules: Mapping[str, RuleInfo]


#: A problem in a card database document: where (a path into it) and what is wrong.
DocumentProblem = tuple[tuple[str | int, ...], str]


@dataclass(frozen=True, slots=True)
class CardModel:
    """A game's card database format: its JSON Schema (a name for
    :func:`lalcheck.schemas.load_schema`), how a schema-valid entry becomes a card, and
    the entry field that is the card's unique number (``number``; 洛吧殺: ``id``).

    ``check``, when a game has one, finds what the schema cannot say in a
    schema-valid document (an effect that names an unknown card, say); the loader
    reports each problem with its file and line, and builds cards only from a
    document without problems.
    """

    schema: str
    card_from_dict: Callable[[Mapping[str, Any]], GameCard]
    check: Callable[[Mapping[str, Any]], Iterable[DocumentProblem]] | None = None
    number_key: str = "number"


@dataclass(frozen=True, slots=True)
class CoverageModel:
    """How ``db coverage`` measures a database of the game: ``structured`` tells whether
    all of a card's text has a form the engine runs (the others come up as "not
    modelled" in games), and ``basis`` says in one sentence what that means."""

    structured: Callable[[Any], bool]
    basis: str


@dataclass(frozen=True, slots=True)
class RegulationModel:
    """A game's dated regulations: the bundled folder (at least one regulation: every
    report names the one a file was checked under), the schema, and how a schema-valid
    document becomes a regulation."""

    folder: Path
    schema: str
    from_dict: Callable[[Mapping[str, Any]], DatedRegulation]


@dataclass(frozen=True, slots=True)
class SearchField:
    """A card field ``cards search`` and ``collection list`` filter on: the option
    ``--<name>``, the card attribute it compares, and ``parse``, which reads the
    option's text (:class:`~lalcheck.errors.UsageError` for an unknown value)."""

    name: str
    attribute: str
    parse: Callable[[str], Any]


@dataclass(frozen=True, slots=True)
class CardView:
    """How ``cards show`` prints every field of a card, and ``cards search`` one line."""

    details: Callable[[Any, CardDatabase[Any]], str]
    row: Callable[[Any], str]


@dataclass(frozen=True, slots=True)
class DecklistStyle:
    """Text decklists (``lalcheck import``/``export``): each section's title, the header
    spellings read (folded, see :func:`lalcheck.db.model.fold`), and the section of a
    card listed before any header, by its card type (default ``main``)."""

    titles: Mapping[str, str]
    headers: Mapping[str, str]
    type_sections: Mapping[str, str]


class ImportProblem(Protocol):
    """A row of an imported card list that could not be mapped."""

    def describe(self, source: str) -> str: ...


class CardListImport(Protocol):
    """What ``db import`` reads from a game's card-list import: the database document
    of the rows that map, how many rows there were, and the rest."""

    @property
    def document(self) -> Mapping[str, Any]: ...
    @property
    def rows(self) -> int: ...
    @property
    def cards(self) -> int: ...
    @property
    def problems(self) -> Sequence[ImportProblem]: ...
    @property
    def notes(self) -> Sequence[str]: ...


@dataclass(frozen=True, slots=True)
class Game:
    """Everything the core needs from one game (see the module docstring)."""

    id: str
    title: str
    rules_reference: str
    card_model: CardModel
    sample_database: Path
    regulation_model: RegulationModel
    file_kinds: Mapping[str, FileKind]
    search_fields: Mapping[str, SearchField]
    card_view: CardView
    deck_layout: DeckLayout | None = None
    decklist: DecklistStyle | None = None
    #: The engine hooks, imported only when a simulation runs (engines are slow to import).
    simulation: Callable[[], Simulation] | None = None
    #: None: the game's cards have no unstructured text, so every card counts as structured.
    coverage: CoverageModel | None = None
    table_simulation: Callable[[], TableSimulation] | None = None
    card_list_import: Callable[..., CardListImport] | None = None
    registration_sheet: Callable[[Deck[Any], DatabaseInfo], str] | None = None
    #: The file kind of a file without ``kind:``.
    default_kind: str = "deck"

    def rules(self) -> dict[str, RuleInfo]:
        """Every rule of every file kind, by id, in the kinds' order."""
        return {
            rule_id: rule
            for kind in self.file_kinds.values()
            for rule_id, rule in kind.rules.items()
        }

    def kind(self, kind_id: str | None) -> FileKind:
        """The file kind ``kind_id`` (None: the default); KeyError if the game has none."""
        return self.file_kinds[kind_id or self.default_kind]


#: Rule ids of the games' rules references: ``R-CON-2``, ``RTL-DECK-1``, ``LBS-CARD-KILL``.
RULE_ID = re.compile(r"[A-Z]+(?:-[A-Z0-9]+)+")


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule id in its game's rules reference: ``R-CON-2`` -> ``r-con-2``."""
    return rule_id.lower()
