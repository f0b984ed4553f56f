#!/usr/bin/env python3
"""Whole-process CPU of `swisstui pair` on a 100-player TRF, beside the reference engine's.

    python benchmarks/pair_startup.py [--players 100] [--runs 11] [--reference PATH/bbpPairings.exe]

Other tournament programs call ``swisstui pair FILE.trf -p OUT`` once per round, as they call
JaVaFo or bbpPairings: what counts is the whole process, interpreter start and imports
included, not the pairing alone. A tournament of ``--players`` players and 9 rounds is played
through by our Dutch engine (``engine.systems.generate``, seed ``--seed``, every game played); the state before
round 5 is written as a TRF (bbpPairings' dialect) into a temporary folder, and each program
pairs round 5 from it ``--runs`` times. The figure is the CPU time (user + system) of the
child process, from ``os.wait4``, median of the runs: a machine busy with other work inflates
wall time far more than CPU time.

``--source`` runs the swisstui of another checkout (an older commit, to compare) the same way.
``--reference`` runs bbpPairings the same way (``--dutch FILE -p OUT``) and prints the ratio;
the goal of issue 28 is under 1.5 times. The script also says whether both wrote the same
pairing. Build the reference outside this repository (its public source,
github.com/BieremaBoyzProgramming/bbpPairings: ``make COMP=g++``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import trf  # noqa: E402
from engine.systems import generate, replay  # noqa: E402

GOAL = 1.5  # times the reference engine's CPU (issue 28, section 4)


def swisstui_command(source: Path) -> list[str]:
    """What the `swisstui` console script runs, with the swisstui and engine of ``source`` first on the path."""
    return [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(source)!r}); from swisstui.cli import main; "
            "sys.exit(main())"]


def write_input(folder: Path, players: int, seed: int) -> Path:
    """The TRF of the state before round 5 of a 9-round event our engine played through."""
    # No byes, forfeits or retirements: the reference engine refuses some ways of writing them.
    played = generate.generate(players, 9, seed, forfeit_rate=0, half_bye_rate=0, zero_bye_rate=0, retire_rate=0)
    path = folder / f"pair-{players}.trf"
    path.write_text(trf.dumps(replay.before_round(played, 5), dialect="bbp"), encoding="utf-8")
    return path


def cpu_of(argv: list[str], cwd: Path) -> float:
    """User + system CPU seconds of one run of ``argv`` (the child alone), which must succeed."""
    child = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    errors = child.stderr.read().decode("utf-8", "replace") if child.stderr else ""
    if child.stderr:
        child.stderr.close()
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed with exit code {child.returncode}:\n{errors}")
    return usage.ru_utime + usage.ru_stime


def median_cpu(argv: list[str], cwd: Path, runs: int) -> float:
    cpu_of(argv, cwd)  # one run first: the files it reads are then in the page cache for every run
    return statistics.median(cpu_of(argv, cwd) for _ in range(runs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--reference", type=Path, help="the bbpPairings executable")
    parser.add_argument("--source", type=Path, default=ROOT,
                        help="the checkout whose swisstui to run (default: this one; another one to compare)")
    a = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        source = write_input(folder, a.players, a.seed)
        ours_out, theirs_out = folder / "ours.txt", folder / "theirs.txt"
        ours = median_cpu([*swisstui_command(a.source.resolve()), "pair", str(source), "-p", str(ours_out)], folder, a.runs)
        print(f"{a.players} players, round 5, CPU (user+sys) median of {a.runs} runs")
        print(f"  swisstui pair   {ours:7.3f} s")
        if a.reference is None:
            return 0
        theirs = median_cpu([str(a.reference.resolve()), "--dutch", str(source), "-p", str(theirs_out)],
                            folder, a.runs)
        same = ours_out.read_text().split() == theirs_out.read_text().split()
        ratio = ours / theirs if theirs else float("inf")
        print(f"  bbpPairings     {theirs:7.3f} s")
        print(f"  ratio {ratio:.2f} (goal under {GOAL}): {'met' if ratio < GOAL else 'missed'}; "
              f"same pairing: {'yes' if same else 'NO'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
