#!/usr/bin/env python3
"""Whole-process CPU of the C.04.6 team pairing on a large team TRF, beside Gacrux's.

    python benchmarks/team_pair_speed.py [--teams 200] [--boards 4] [--rounds 9]
                                         [--round 5] [--runs 5] [--gacrux]

A team tournament of ``--teams`` teams is played through by our engine (random board
results, seed ``--seed``, every team present); the state before round ``--round`` is
written as a team TRF-2026 file (records 001, 142, 152, 192, 310, 320, 352, as the
reference corpus holds them) and ``python -m engine.trf.team_pair FILE -p OUT`` pairs it
``--runs`` times. The figure is the child's CPU time (user + system, ``os.wait4``),
interpreter start and imports included, median of the runs: issue 31 asks for under 1 s
at 200 teams. ``--gacrux`` runs ``python -m gacrux.pairingchecker -p -i FILE`` on the
same file the same way and says whether both gave the same pairing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.model.team_tournament import ColourType, RoundKind, Score, TeamEntry, TeamRound, TeamTournament  # noqa: E402
from engine.systems.team import pair_team  # noqa: E402

CODE = "FIDE_TEAM_TYPEA_MP_GP"
RESULT = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}


def simulate(teams: int, boards: int, rounds: int, upto: int, seed: int) -> str:
    """Play ``upto`` rounds with our engine and return the TRF text before round ``upto + 1``."""
    rng = random.Random(seed)
    seq = ("WB" * boards)[:boards]
    ratings = sorted((rng.randint(1400, 2700) for _ in range(teams * boards)), reverse=True)
    roster = {t: tuple(range((t - 1) * boards + 1, t * boards + 1)) for t in range(1, teams + 1)}
    event = TeamTournament(
        teams={t: TeamEntry(t, f"Team {t:03d}", roster[t]) for t in roster},
        total_rounds=rounds, team_size=boards, colour_type=ColourType.A, primary=Score.MATCH,
        bye_match_points=Fraction(1), bye_game_points=Fraction(boards, 2))
    rows: dict[int, list[str]] = {p: [] for ps in roster.values() for p in ps}
    for _ in range(upto):
        for match in pair_team(event).matches:
            w, b = match.white, match.black
            if b == 0:
                event.teams[w].rounds.append(TeamRound(RoundKind.BYE, game_points=event.bye_game_points,
                                                       match_points=event.bye_match_points))
                for p in roster[w]:
                    rows[p].append("  0000 - U")
                continue
            gw = gb = Fraction(0)
            for i, (pw, pb) in enumerate(zip(roster[w], roster[b])):
                res = rng.choice("10=")
                other = {"1": "0", "0": "1", "=": "="}[res]
                cw = "w" if seq[i] == "W" else "b"
                rows[pw].append(f"  {pb:4d} {cw} {res}")
                rows[pb].append(f"  {pw:4d} {'b' if cw == 'w' else 'w'} {other}")
                gw += RESULT[res]
                gb += RESULT[other]
            mw = Fraction(2) if gw > gb else Fraction(1) if gw == gb else Fraction(0)
            event.teams[w].rounds.append(TeamRound(RoundKind.MATCH, b, True, True, gw, mw))
            event.teams[b].rounds.append(TeamRound(RoundKind.MATCH, w, True, False, gb, 2 - mw))
    lines = ["012 Team pairing benchmark", f"142 {rounds}", "152 W", f"192 {CODE}", f"352 {seq}"]
    for t, players in roster.items():
        for p in players:
            lines.append(f"001 {p:4d} m    {'Player ' + str(p):<33} {ratings[p - 1]:4d} FID {p:>11} "
                         f"{'2000/01/01':>10} {0.0:4.1f} {p:4d}" + "".join(rows[p]))
    for t, players in roster.items():
        team = event.teams[t]
        lines.append(f"310 {t:3d} {team.name:<32} {'T' + format(t, '03d'):<5} {2000:6d} {float(team.score(Score.MATCH)):6.1f} "
                     f"{float(team.score(Score.GAME)):6.1f} {t:3d}  " + " ".join(f"{p:4d}" for p in players))
    byes = [next((t for t, e in event.teams.items() if e.rounds[r].kind is RoundKind.BYE), 0) for r in range(upto)]
    lines.append(f"320 {1.0:4.1f} {boards / 2:4.1f}" + "".join(f" {t:03d}" for t in byes))
    return "\n".join(lines) + "\n"


def cpu(argv: list[str]) -> float:
    """User + system CPU seconds of one run of ``argv``."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.stdout.close() if proc.stdout else None
    proc.stderr.close() if proc.stderr else None
    if status != 0:
        raise SystemExit(f"{' '.join(argv)} failed with status {status}")
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--teams", type=int, default=200)
    ap.add_argument("--boards", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--round", type=int, default=5, help="the round to pair")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--gacrux", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trf = Path(tmp) / "before.trf"
        out = Path(tmp) / "out.txt"
        trf.write_text(simulate(a.teams, a.boards, a.rounds, a.round - 1, a.seed), encoding="latin-1")
        ours = statistics.median(cpu([sys.executable, "-m", "engine.trf.team_pair", str(trf), "-p", str(out)])
                                 for _ in range(a.runs))
        print(f"{a.teams} teams, {a.boards} boards, round {a.round}: ours {ours:.2f} s CPU (median of {a.runs})")
        if a.gacrux:
            argv = [sys.executable, "-m", "gacrux.pairingchecker", "-p", "-i", str(trf)]
            theirs = statistics.median(cpu(argv) for _ in range(a.runs))
            got = {tuple(int(x) for x in ln.split()) for ln in out.read_text().splitlines()[1:]}
            data = json.loads(subprocess.run(argv, capture_output=True, text=True, cwd=ROOT).stdout)
            ref = {tuple(p) for p in (data.get("pairingResult") or {}).get("pairs") or []}
            print(f"Gacrux {theirs:.2f} s CPU; same pairing: {got == ref}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
