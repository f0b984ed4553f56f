"""A round's pairings that hold several games, as the event file keeps them: a match and its games.

The individual Swiss keeps one game a pairing, a :class:`swisstui.store.event.Board`, and its
files stay as they are. A format whose pairing is a match of several games (the
Double-Swiss: two games with reversed colours, C.04.5) keeps each game with its own
result, never a match result: the match's score is the engine's to compute from them
(:func:`engine.model.matches.match_score`), so the file cannot contradict itself.

The units are players until teams are registered (team rosters come with the team
format, C.04.6): the match's first game names them, its first White first.
``Event.to_tournament``, the individual systems' snapshot, holds no game of a round of
matches: a format that pairs matches reads them as the model's matches
(:mod:`swisstui.store.event_matches`).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class GameRecord:
    """One game of a match; ``result`` is one of :data:`swisstui.store.event.RESULTS` or ``""`` while it is on."""

    white: int
    black: int
    result: str = ""

    @property
    def players(self) -> tuple[int, int]:
        return (self.white, self.black)


@dataclass
class MatchRecord:
    """A pairing of several games between two units, ``number`` its place in publishing order."""

    number: int
    games: list[GameRecord] = field(default_factory=list)

    @property
    def home(self) -> int:
        """The unit listed first: White in the match's first game."""
        return self.games[0].white

    @property
    def away(self) -> int:
        return self.games[0].black

    @property
    def players(self) -> tuple[int, int]:
        return (self.home, self.away)
