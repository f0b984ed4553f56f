"""Gacrux reading a team TRF-2026 file we wrote and pairing its next round (C.04.6), beside ours.

    python -m gacrux.pairingchecker -p -i FILE -d T

reads the system from record 192 (no ``-m``: it would override 192 with type A, match points
first) and prints the number of matches, then ``WHITE BLACK`` a line, ``T 0`` for the bye. Run as a
child process, the way the FIDE checker is run, so that it reads nothing but the file.
:func:`round_checks` writes the file as it stood before a round (our writer, on our reader's
document), has Gacrux and :func:`engine.systems.team.pair_team` pair it, and returns the three
pairings to compare with the recorded one; the suite and ``scripts/team_trf_roundtrip.py`` share it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from engine.model.registration import Registration
from engine.model.team_tournament import RoundKind
from engine.systems.team import pair_team
from engine.systems.team.generate import TeamEvent
from engine.trf.team_document import ForfeitedMatch, TeamEventHeader, TeamPlayer, TeamTrfDocument, before_round
from engine.trf.team_read import read_team_trf
from engine.trf.team_write import write_team_trf

Pairs = frozenset[tuple[int, int]]
_RECORDED = re.compile(r"^### gacrux-pairing round\s+(\d+):(.*)$")


class GacruxTeamError(RuntimeError):
    """Gacrux refused the file or printed something that is not a pairing."""


def recorded_rounds(text: str) -> dict[int, Pairs]:
    """The pairing of each round that a reference file holds in its ``### gacrux-pairing`` lines."""
    rounds: dict[int, Pairs] = {}
    for line in text.splitlines():
        m = _RECORDED.match(line)
        if m:
            halves = [p.split("-") for p in m.group(2).split()]
            rounds[int(m.group(1))] = frozenset((int(w), int(b)) for w, b in halves)
    return rounds


def gacrux_pairs(trf: Path) -> Pairs:
    """Gacrux's pairing of the round after the last one in ``trf``."""
    run = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-p", "-i", str(trf), "-d", "T"],
                         capture_output=True, text=True, check=False)
    lines = [ln.split() for ln in run.stdout.splitlines() if ln.strip()]
    if run.returncode != 0 or not lines or not lines[0][0].isdigit() or len(lines) != int(lines[0][0]) + 1:
        raise GacruxTeamError(f"gacrux on {trf}: exit {run.returncode}: {run.stdout.strip()} {run.stderr.strip()}")
    return frozenset((int(w), int(b)) for w, b in lines[1:])


@dataclass(frozen=True)
class RoundCheck:
    """One round paired from the file we wrote: by Gacrux, by us, and as recorded."""

    round: int
    gacrux: Pairs
    ours: Pairs
    recorded: Pairs


def round_checks(doc: TeamTrfDocument, recorded: dict[int, Pairs], folder: Path, name: str) -> list[RoundCheck]:
    """Every recorded round of ``doc``, paired from our written file as it stood before the round."""
    checks = []
    for rnd, expected in sorted(recorded.items()):
        path = folder / f"{name}-before-{rnd}.trf"
        text = write_team_trf(before_round(doc, rnd))
        path.write_text(text, encoding="utf-8")
        ours = frozenset((m.white, m.black) for m in pair_team(read_team_trf(text, str(path))).matches)
        checks.append(RoundCheck(rnd, gacrux_pairs(path), ours, expected))
    return checks


def generated_document(event: TeamEvent, *, baku: bool = False) -> TeamTrfDocument:
    """A generated event (:func:`engine.systems.team.generate.generate_team`, every board played by its roster
    player) as a team TRF document: a player record a roster player, the pairing's White of each match lost by
    forfeit as its 330 record, and ``baku`` for record 192's ``_BAKU`` (the table is the event's own)."""
    t = event.tournament
    players = tuple(TeamPlayer(p, Registration(f"Player, {p:04d}", rating=event.ratings[p]))
                    for team in t.teams.values() for p in team.players)
    forfeits = []
    for r, pairing in enumerate(event.pairings, start=1):
        for m in pairing.matches:
            rnd = t.teams[m.white].rounds[r - 1] if m.black else None
            if rnd is not None and rnd.kind is RoundKind.MATCH and not rnd.played:
                theirs = t.teams[m.black].rounds[r - 1]
                kind = "+-" if rnd.game_points > theirs.game_points else "-+" if theirs.game_points > rnd.game_points else "--"
                forfeits.append(ForfeitedMatch(r, m.white, m.black, kind))
    return TeamTrfDocument(t, tuple(sorted(players, key=lambda p: p.id)), TeamEventHeader(name="Generated team event"),
                           board_colours=("WB" * t.team_size)[: t.team_size], forfeits=tuple(forfeits), baku=baku)
