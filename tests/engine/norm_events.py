"""Hand-made events for the title norm tests (B.01 1.4): an applicant meeting a chosen field, one opponent a round."""

from __future__ import annotations

from dataclasses import replace

from engine.model.tournament import Tournament
from tests.engine.handmade import build

_BOARD = {"1": "1-0", "=": "=", "0": "0-1", "+": "+-", "-": "-+"}

# The IM norm event: nine opponents (rating, title, federation), the host ENG, the applicant ENG.
IM_FIELD = [(2550, "GM", "GER"), (2400, "IM", "FRA"), (2380, "IM", "ESP"), (2300, "FM", "ENG"),
            (2500, "GM", "NED"), (2350, "IM", "ENG"), (2250, "FM", "ENG"), (2300, "WGM", "POL"),
            (2420, "IM", "ITA")]
IM_RESULTS = "1=1=01=01"  # 5½ of 9, the last round won


def event(field, results, *, own="ENG", title="", sex="M", rounds=None, fillers=0, filler_fed=("GER", "FRA", "NED"),
          filler_title="IM", filler_absent=None) -> Tournament:
    """The applicant (1) meets player r + 1 in round r with the result ``results[r - 1]`` (their score:
    1, =, 0, + forfeit win, - forfeit loss, b the pairing-allocated bye, h a half-point bye); ``fillers`` more
    players, rated 2300, of ``filler_fed`` in turn and ``filler_title``, draw with each other every round, but the
    pair ``k`` (players 100 + 2k and 101 + 2k) is absent in the rounds ``filler_absent[k]``."""
    absent = filler_absent or {}
    n = len(field)
    ids = [(1, 2200)] + [(i + 2, rating) for i, (rating, _, _) in enumerate(field)]
    filler_ids = [(100 + i, 2300) for i in range(fillers)]
    rounds_boards = []
    for r, res in enumerate(results, start=1):
        boards = ["1 bye" if res == "b" else "1 half" if res == "h" else f"1-{r + 1} {_BOARD[res]}"]
        boards += [f"{100 + i}-{101 + i} =" for i in range(0, fillers - 1, 2) if r not in absent.get(i // 2, ())]
        rounds_boards.append(boards)
    t = build(ids + filler_ids, rounds_boards, total_rounds=rounds or n)
    people = []
    for p in t.players:
        if p.id == 1:
            people.append(replace(p, title=title, federation=own, sex=sex, name="Applicant, Ann"))
        elif p.id < 100:
            rating, t_, fed = field[p.id - 2]
            people.append(replace(p, rating=rating, title=t_, federation=fed))
        else:
            i = p.id - 100
            people.append(replace(p, title=filler_title, federation=filler_fed[i % len(filler_fed)]))
    return t.with_players(people)
