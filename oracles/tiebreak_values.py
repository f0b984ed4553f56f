"""Gacrux's tie-break checker (the FIDE TEC's, C.07 2026) as a test oracle, in-process.

The TRF text is handed to Gacrux as any other program would receive it; the
round to compute is given explicitly (``rounds``), because on a file whose
announced number of rounds was not reached Gacrux would otherwise count the
missing rounds as absences.

    from oracles.tiebreak_values import gacrux_tiebreaks
    ranks, values = gacrux_tiebreaks(text, ["BH/C1", "BH", "SB"], rounds=9)

``values[player][i]`` is Gacrux's value of the i-th code (a Decimal, an int or
None); ``ranks[player]`` its final rank. Everything else is our own code.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from engine.tiebreaks import Value
from oracles.gacrux_tiebreaks import gacrux_tournament

# Gacrux's names for what MTB26 calls the same thing
GACRUX_CODE = {"TPN": "SNO"}


def gacrux_tiebreaks(text: str, codes: list[str], *, rounds: int,
                     round_robin: bool = False) -> tuple[dict[int, int], dict[int, list]]:
    """``round_robin``: Gacrux computes as for a round robin (its ``pre_determined``: unplayed games
    as played, C.07 art. 15.2; direct encounter between players who all met)."""
    from gacrux.tiebreak import tiebreak

    tournament = gacrux_tournament(text)
    params = {"tiebreak": ["PTS", *codes], "check": False, "current_round": rounds, "unrated": None,
              "pre_determined": round_robin, "swiss": not round_robin}
    tb = tiebreak(tournament, rounds, params)
    result = tb.compute_tiebreaks(tournament, params)
    ranks, values = {}, {}
    for comp in result["competitors"]:
        ranks[comp["cid"]] = comp["rank"]
        values[comp["cid"]] = list(comp["tiebreakScore"][1:])
    return ranks, values


def comparable(acronym: str, ours: Value, rounds: int):
    """Our value in Gacrux's form: AOB rounded as it rounds it, numbers as Decimals."""
    v = ours.value
    if v is None:
        return None
    if acronym == "AOB":
        places = 2 if rounds < 9 else 3 if rounds < 27 else 4
        return Decimal(v).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return Decimal(v)


def same(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return Decimal(a) == Decimal(b)
