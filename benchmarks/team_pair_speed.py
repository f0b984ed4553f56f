#!/usr/bin/env python3
"""Whole-process CPU of the C.04.6 team pairing on a large team TRF, beside Gacrux's.

    python benchmarks/team_pair_speed.py [--teams 200] [--boards 4] [--rounds 9]
                                         [--round 2 5 8 9] [--runs 3] [--seed 31] [--no-gacrux]

A team tournament of ``--teams`` teams is played by the random team event generator
(engine/systems/team/generate.py, seed ``--seed``: type A colours, match points first,
a few absent teams, withdrawals and matches lost by forfeit, every board played by its
roster player). For each round of ``--round``, the state before it is written as a
team TRF-2026 file in the reference corpus's records (001, 142, 152, 192, 240 Z, 310,
320, 330, 352; the text is built here, the project has no team TRF writer yet), and
``python -m engine.trf.team_pair FILE -p OUT`` pairs it ``--runs`` times; then Gacrux
(``python -m gacrux.pairingchecker -p -i FILE``, from this Python's environment) pairs
the same file the same way. The figure is the child's CPU time (user + system,
``os.wait4``), interpreter start and imports included, median of the runs: issue 31 asks
for under 1 s at 200 teams. Each line says whether both gave the same pairing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.model.team_tournament import ColourType, RoundKind, Score, TeamTournament  # noqa: E402
from engine.systems.team.generate import Rates, TeamEvent, before_round, generate_team  # noqa: E402

RATES = Rates(absent=0.01, withdraw=0.002, player_missing=0.0, match_forfeit=0.01)


def code_192(t: TeamTournament) -> str:
    """Record 192 for the event's colour model and scores (primary first; one score when the
    other is not used for colours)."""
    colour = {ColourType.A: "_TYPEA", ColourType.B: "_TYPEB", ColourType.NONE: ""}[t.colour_type]
    scores = ["MP", "GP"] if t.primary is Score.MATCH else ["GP", "MP"]
    return "FIDE_TEAM" + colour + "_" + "_".join(scores if t.secondary_used else scores[:1])


def trf_before(event: TeamEvent, rnd: int) -> str:
    """The team TRF text of ``event`` as it stood when round ``rnd`` was paired (with
    record 250 lines for the virtual points of an accelerated event, C.04.7)."""
    state = before_round(event, rnd)
    boards = state.team_size
    seq = ("WB" * boards)[:boards]                      # the team with White has White on boards 1, 3, ...
    rows: dict[int, list[str]] = {p: [] for t in state.teams.values() for p in t.players}
    forfeits: list[str] = []
    for r in range(1, rnd):
        white_of = {m.white: m.black for m in event.pairings[r - 1].matches if m.black}
        for tpn, team in state.teams.items():
            entry = team.rounds[r - 1]
            if entry.kind is not RoundKind.MATCH:
                code = "U" if entry.kind is RoundKind.BYE else "Z"
                for p in team.players:
                    rows[p].append(f"  0000 - {code}")
                continue
            has_white = tpn in white_of
            for game in entry.boards:
                own_white = has_white == (seq[game.board - 1] == "W")
                rows[game.player].append(f"  {game.opponent:4d} {'w' if own_white else 'b'} {game.result.value}")
            if entry.forfeit_win:
                white, black = (tpn, entry.opponent) if has_white else (entry.opponent, tpn)
                forfeits.append(f"330 {'+-' if white == tpn else '-+'} {r:03d} {white:3d} {black:3d}")
    lines = ["012 Team pairing benchmark", f"142 {state.total_rounds}",
             f"152 {'W' if state.initial_colour_white else 'B'}", f"192 {code_192(state)}", f"352 {seq}"]
    for team in state.teams.values():
        for p in team.players:
            lines.append(f"001 {p:4d} m    {'Player ' + str(p):<33} {event.ratings[p]:4d} FID {p:>11} "
                         f"{'2000/01/01':>10} {0.0:4.1f} {p:4d}" + "".join(rows[p]))
    for tpn, team in state.teams.items():
        lines.append(f"310 {tpn:3d} {team.name:<32} {'T' + format(tpn, '03d'):<5} {2000:6d} "
                     f"{float(team.score(Score.MATCH)):6.1f} {float(team.score(Score.GAME)):6.1f} {tpn:3d}  "
                     + " ".join(f"{p:4d}" for p in team.players))
    byes = [next((t for t, e in state.teams.items() if e.rounds[r].kind is RoundKind.BYE), 0) for r in range(rnd - 1)]
    lines.append(f"320 {float(state.bye_match_points):4.1f} {float(state.bye_game_points):4.1f}"
                 + "".join(f" {t:03d}" for t in byes))
    lines.extend(forfeits)
    for tpn, table in sorted(state.virtual.items()):
        for r, points in enumerate(table[:rnd], start=1):
            lines.append(f"250 {float(points):4.1f} {0.0:4.1f} {r:3d} {r:3d} {tpn:4d} {tpn:4d}")
    if state.absent_next:
        lines.append(f"240 Z {rnd:03d}" + "".join(f" {t:4d}" for t in sorted(state.absent_next)))
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


def gacrux_pairs(trf: Path) -> set[tuple[int, int]]:
    """Gacrux's pairing of the file: (white, black) pairs, (team, 0) for the bye."""
    argv = [sys.executable, "-m", "gacrux.pairingchecker", "-p", "-i", str(trf)]
    data = json.loads(subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, check=True).stdout)
    return {(int(w), int(b)) for w, b in (data.get("pairingResult") or {}).get("pairs") or []}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--teams", type=int, default=200)
    ap.add_argument("--boards", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--round", type=int, nargs="+", default=[2, 5, 8, 9], help="the rounds to pair")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--no-gacrux", action="store_true", help="time ours only")
    a = ap.parse_args()
    event = generate_team(a.teams, a.boards, a.rounds, a.seed, reserves=0, colour_type=ColourType.A,
                          primary=Score.MATCH, rates=RATES)
    print(f"{a.teams} teams, {a.boards} boards, {a.rounds} rounds (seed {a.seed}); CPU s, process included, "
          f"median of {a.runs}")
    with tempfile.TemporaryDirectory() as tmp:
        for rnd in a.round:
            trf, out = Path(tmp) / f"before-{rnd}.trf", Path(tmp) / f"out-{rnd}.txt"
            trf.write_text(trf_before(event, rnd), encoding="latin-1")
            state: TeamTournament = before_round(event, rnd)
            present = len(state.teams) - len(state.absent_next)
            ours = statistics.median(cpu([sys.executable, "-m", "engine.trf.team_pair", str(trf), "-p", str(out)])
                                     for _ in range(a.runs))
            line = f"round {rnd} ({present} teams to pair): ours {ours:.2f} s"
            if not a.no_gacrux:
                argv = [sys.executable, "-m", "gacrux.pairingchecker", "-p", "-i", str(trf)]
                theirs = statistics.median(cpu(argv) for _ in range(a.runs))
                got = {tuple(int(x) for x in ln.split()) for ln in out.read_text().splitlines()[1:]}
                line += f", Gacrux {theirs:.2f} s; same pairing: {got == gacrux_pairs(trf)}"
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
