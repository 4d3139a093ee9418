"""What a game is played with: the data files and the table options."""

from __future__ import annotations

from dataclasses import dataclass, field

from lalcheck.games.lobasha.cards import CardSet, Pile
from lalcheck.games.lobasha.data import GameData, bundled_data
from lalcheck.games.lobasha.engine import decisions as d
from lalcheck.games.lobasha.setups import Role


@dataclass(frozen=True, slots=True)
class Setup:
    """The data and options of a game (everything but the player count and the seed).

    ``sets`` are the card sets in the pile (LBS-OPEN-25); ``two_ancients`` the
    role-table variant (LBS-OPEN-1). ``roles`` and ``characters`` fix them by
    seat instead of dealing and choosing them (scenarios, puzzles).
    """

    data: GameData
    sets: frozenset[CardSet] = d.DEFAULT_SETS
    two_ancients: bool = d.TWO_ANCIENTS_BY_DEFAULT
    roles: tuple[Role, ...] | None = None
    characters: tuple[str, ...] | None = None
    _piles: dict[frozenset[CardSet], Pile] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def bundled(
        cls,
        *,
        sets: frozenset[CardSet] = d.DEFAULT_SETS,
        two_ancients: bool = d.TWO_ANCIENTS_BY_DEFAULT,
        roles: tuple[Role, ...] | None = None,
        characters: tuple[str, ...] | None = None,
    ) -> Setup:
        """The bundled cards, sample pile, sample characters and role table."""
        return cls(bundled_data(d.SAMPLE_PILE), sets, two_ancients, roles, characters)

    @property
    def pile(self) -> Pile:
        """The pile entries of the enabled sets (computed once)."""
        pile = self._piles.get(self.sets)
        if pile is None:
            pile = self._piles[self.sets] = self.data.pile.enabled(self.sets)
        return pile

    def roles_for(self, players: int) -> tuple[Role, ...]:
        """The roles to deal at a table of ``players`` (LBS-ROLE-6, LBS-OPEN-1)."""
        if not d.MIN_PLAYERS <= players <= d.MAX_PLAYERS:
            raise ValueError(
                f"洛吧殺 is played by {d.MIN_PLAYERS} to {d.MAX_PLAYERS}, not {players}"
            )
        return self.data.rules.mix(players, two_ancients=self.two_ancients).roles()

    def lord_bonus(self, players: int) -> int:
        """LBS-ROLE-5: the Lord's extra max HP, in whole points."""
        return self.data.rules.lord_bonus(players)
