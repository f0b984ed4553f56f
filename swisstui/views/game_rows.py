"""A round of matches of several games (the Double-Swiss, C.04.5) as the results screen's rows: one a game.

The results screen enters one result a row, as on a board; a match's games are its rows
in the order played, each labelled ``match.game`` (``3.2``: match 3, game 2) and with its
own White and Black, so a key goes to one game and the match's score follows from them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameRow:
    """One game of a match, in the shape of a board: ``number`` is its row (1, 2, ... down the screen)."""

    number: int
    match: int
    game: int
    white: int
    black: int
    result: str

    @property
    def label(self) -> str:
        return f"{self.match}.{self.game}"

    @property
    def players(self) -> tuple[int, int]:
        return (self.white, self.black)


def game_rows(matches: Sequence[Any]) -> list[GameRow]:
    """The games of ``matches`` (the round's ``MatchRecord`` list, publishing order), a row each."""
    rows: list[GameRow] = []
    for m in matches:
        for g, game in enumerate(m.games, start=1):
            rows.append(GameRow(len(rows) + 1, m.number, g, game.white, game.black, game.result))
    return rows
