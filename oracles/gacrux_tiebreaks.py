"""Gacrux's tie-break checker reading a TRF file's own tie-break list (202/212) and rank column.

The FIDE TEC's checker (``gacrux.tiebreak``) takes the list from the file when it is
given none, computes the standings after ``rounds`` and, in check mode, compares
each player's rank with the rank written in columns 86-89. That is exactly what
a rating officer's program does with our TRF26 export, so the export is checked
end to end: our 202 record as another program reads it, our ranks as it
recomputes them.

    from oracles.gacrux_tiebreaks import gacrux_rank_check
    check = gacrux_rank_check(text, rounds=9)
    check.codes      # the list Gacrux read, e.g. ["PTS", "BH/C1", "BH", "SB"]
    check.identical  # every written rank is the rank Gacrux computes

``with_records`` and ``rank_column`` put a 202 record into a reference file and
read the rank column back, for the tests and the script that use the check.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass


@dataclass(frozen=True)
class RankCheck:
    codes: tuple[str, ...]  # the rank order Gacrux read from the file (PTS first)
    ranks: dict[int, int]  # Gacrux's rank of each player
    identical: bool  # Gacrux's verdict: every rank in columns 86-89 is the one it computes


def gacrux_tournament(text: str) -> dict:
    """Gacrux's reading of a TRF text (its tournament structure); raises when Gacrux refuses the file."""
    from gacrux.trf2json import trf2json

    chessfile = trf2json()
    with contextlib.redirect_stdout(io.StringIO()):
        chessfile.parse_file(text, 0)
    status = chessfile.chessjson["status"]
    if status.get("code", 0) > 400:
        raise RuntimeError(f"gacrux refused the file: {status}")
    return chessfile.get_tournament(1)


def gacrux_rank_check(text: str, *, rounds: int) -> RankCheck:
    """Gacrux's check of the ranks written in ``text`` under the list ``text`` announces."""
    from gacrux.tiebreak import tiebreak

    tournament = gacrux_tournament(text)
    read = tuple(tournament.get("rankOrder", ()))
    params = {"tiebreak": [], "check": True, "current_round": rounds, "unrated": None,
              "pre_determined": False, "swiss": True}
    result = tiebreak(tournament, rounds, params).compute_tiebreaks(tournament, params)
    ranks = {comp["cid"]: comp["rank"] for comp in result["competitors"]}
    return RankCheck(read, ranks, bool(result.get("check", False)))


def with_records(text: str, *records: str) -> str:
    """The TRF text with header records added just before its first player record."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    return "\n".join(lines[:first] + list(records) + lines[first:]) + "\n"


def rank_column(text: str) -> dict[int, int]:
    """Columns 86-89 of every player record: the rank written, by player id."""
    return {int(line[4:8]): int(line[85:89]) for line in text.splitlines() if line.startswith("001")}
