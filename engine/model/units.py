"""Who is paired: a unit, a player on their own or a team of players in a fixed board order.

The individual systems pair players and read ``engine.model.tournament.Player``
as they always have; a :class:`Unit` is the wider word the formats to come pair: the
FIDE Swiss system for teams (C.04.6) pairs teams, the Double-Swiss (C.04.5) players.
A player's unit has the player's pairing number as its id and the player as its only
member, so an individual event is the case of one-member units.

A team's roster is in the fixed board order the regulations require it to keep
(C.04.6: the team's players in the order of their boards); reserves follow the
roster and may replace a roster player in a round's lineup (the lineup itself comes
with the team format). Pure values: no I/O, nothing of the application.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass



class UnitKind(enum.Enum):
    """What a unit is: the catalogue's ``unit`` declaration names the same two words."""

    PLAYER = "player"
    TEAM = "team"


class UnitError(ValueError):
    """A unit that cannot exist: a team without players, a player twice in one team."""


@dataclass(frozen=True, slots=True)
class Unit:
    """A competitor: its pairing number ``id``, its name and its players.

    ``roster`` is the players' pairing numbers in board order (a player's own unit:
    the player alone); ``reserves`` the players who may come in for them (teams only).
    """

    id: int
    name: str
    kind: UnitKind
    roster: tuple[int, ...]
    reserves: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.roster:
            raise UnitError(f"unit {self.id} ({self.name}) has no players")
        members = self.roster + self.reserves
        if len(set(members)) != len(members):
            twice = sorted({m for m in members if members.count(m) > 1})
            raise UnitError(f"unit {self.id} ({self.name}) lists player {twice[0]} twice")
        if self.kind is UnitKind.PLAYER and (self.roster != (self.id,) or self.reserves):
            raise UnitError(f"a player's unit holds the player alone: unit {self.id} lists {list(members)}")

    @classmethod
    def player(cls, player_id: int, name: str) -> Unit:
        """The unit of one player: the player's pairing number and name, the player alone."""
        return cls(player_id, name, UnitKind.PLAYER, (player_id,))

    @classmethod
    def team(cls, team_id: int, name: str, roster: tuple[int, ...], reserves: tuple[int, ...] = ()) -> Unit:
        """A team: ``roster`` in its fixed board order, then its ``reserves``."""
        return cls(team_id, name, UnitKind.TEAM, tuple(roster), tuple(reserves))

    @property
    def members(self) -> tuple[int, ...]:
        """Every player of the unit: the roster in board order, then the reserves."""
        return self.roster + self.reserves

    @property
    def size(self) -> int:
        """Boards the unit fills: 1 for a player, the roster's length for a team."""
        return len(self.roster)
