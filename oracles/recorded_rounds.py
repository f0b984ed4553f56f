"""Reference rounds of a fixture tournament, rebuilt as (tournament before round r, round r).

The project's TRF reader and replay module are the normal way to do this; this
small reader exists so the validator's tests, its conformance script and its
benchmark depend on nothing but the model, engine.model.tournament (the validator must stay
independent of the pairing code and its helpers). The callers say which
folder of tournaments to read.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

from engine.model.tournament import (
    Colour,
    Pairing,
    Player,
    PlayerStatus,
    PointSystem,
    ResultCode,
    RoundEntry,
    RoundPairing,
    Settings,
    Tournament,
)

ROUND0 = 91  # first round block of a TRF 001 line


def _entry(block: str) -> RoundEntry:
    opponent = int(block[0:4]) if block[0:4].strip() not in ("", "0000") else None
    colour = Colour(block[5]) if block[5] in "wb" else Colour.NONE
    return RoundEntry(opponent, colour, ResultCode.parse(block[7]))


def read_fixture(path: Path) -> Tournament:
    """A complete fixture tournament: players with every round, rounds and initial colour as the checker infers them."""
    players = []
    points = PointSystem()
    for line in path.read_text().splitlines():
        if line.startswith("001"):
            pid = int(line[4:8])
            body = line[ROUND0:]
            blocks = [body[i : i + 8].ljust(8) for i in range(0, len(body), 10) if body[i : i + 8].strip()]
            players.append(Player(pid, line[14:47].strip(), int(line[48:52] or 0), history=tuple(map(_entry, blocks))))
        elif line.startswith("162"):
            values = {line[i]: Decimal(line[i + 1 : i + 5].strip()) for i in range(5, len(line) - 4, 9)}
            points = PointSystem(win=values.get("W", Decimal(1)), draw=values.get("D", Decimal("0.5")))
    rounds = max(len(p.history) for p in players)
    return Tournament(Settings(rounds=rounds, initial_colour=_initial_colour(players), points=points), tuple(players),
                      name=path.stem)


def _initial_colour(players: list[Player]) -> Colour:
    """The round-1 colour of the top paired player, reversed once per higher player who had the bye."""
    flips = 0
    for p in sorted(players, key=lambda p: p.id):
        e = p.entry(1)
        if not e.was_paired:
            continue
        if e.colour in (Colour.WHITE, Colour.BLACK):
            return e.colour if flips % 2 == 0 else e.colour.opposite
        flips += 1
    return Colour.WHITE


def before_round(t: Tournament, r: int) -> Tournament:
    """The tournament as it stood before round r was paired: byes and absences of round r become pending."""
    players = []
    pending = {}
    for p in t.players:
        e = p.entry(r)
        if not e.was_paired:
            pending[p.id] = e
        players.append(replace(p, history=p.history[: r - 1], status=PlayerStatus.ACTIVE))
    return Tournament(t.settings, tuple(players), name=t.name, pending=pending)


def played_round(t: Tournament, r: int) -> RoundPairing:
    """Round r as recorded: every pair (forfeits included) with its colours, the PAB receiver."""
    boards = []
    bye = None
    for p in t.players:
        e = p.entry(r)
        if e.opponent is not None and e.colour is Colour.WHITE:
            boards.append(Pairing(p.id, e.opponent))
        elif e.code is ResultCode.PAB:
            bye = p.id
    return RoundPairing(r, tuple(boards), bye)


def fixture_files(folder: Path) -> list[Path]:
    """The tournaments in ``folder``, in name order."""
    return sorted(folder.glob("*.trf"))
