#!/usr/bin/env python3
"""Cross-check our Dutch engine against Gacrux, round by round.

    python scripts/oracle_gacrux.py --seed 1 --count 200 [--players 7-60] [--rounds 5-11] [--jobs 2] [--keep DIR]
    python scripts/oracle_gacrux.py --fixtures [DIR] [--jobs 2] [--keep DIR]

Generated mode: for each seed a random tournament is played with our engine
(engine.systems.generate); its size, length, point system and rates of forfeits, byes
and retirements are drawn from the seed (see :func:`plan`), so a seed alone
reproduces a case. For every round r the tournament as it stood before round r
(engine.systems.replay.before_round) is paired by our engine and by Gacrux, and the two
are compared: same pairs, same colours, same bye.

Fixture mode: Gacrux alone pairs every round of the reference files (paired by
bbpPairings v6; DIR defaults to ``../shared/fixtures/dutch`` beside the
repository) and is compared with the recorded round. This says how far
Gacrux itself can be trusted as an oracle.

Every mismatching round is printed; with ``--keep DIR`` the TRF Gacrux was
given is written to ``DIR/<case>-r<round>.trf`` and the lines to
``DIR/mismatches.txt``. The last line is ``agree N/M rounds``.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import trf  # noqa: E402

from engine.model.tournament import PointSystem, Tournament  # noqa: E402
from engine.systems import generate, replay  # noqa: E402
from engine.systems import pair  # noqa: E402
from oracles.gacrux import (  # noqa: E402
    OracleError,
    OracleInputMismatch,
    OracleNoPairing,
    as_round,
    compare,
    gacrux_pair,
    play_until_stuck,
    round_to_pair,
    trf_for_gacrux,
)


FIXTURES = ROOT.parent / "shared" / "fixtures" / "dutch"  # the reference sets beside the repository
PLAYERS = (7, 60)
ROUNDS = (5, 11)


def plan(seed: int, players: tuple[int, int] = PLAYERS, rounds: tuple[int, int] = ROUNDS) -> dict:
    """The generator arguments for ``seed``: by default 7-60 players, 5-11 rounds, one tournament in five 3-1-0."""
    rng = random.Random(f"oracle-gacrux-{seed}")
    three_one = rng.random() < 0.2
    return dict(
        players=rng.randint(*players),
        rounds=rng.randint(*rounds),
        seed=seed,
        draw_rate=rng.choice((0.1, 0.3, 0.5)),
        forfeit_rate=rng.choice((0.0, 0.02, 0.05, 0.1)),
        half_bye_rate=rng.choice((0.0, 0.01, 0.03, 0.06)),
        zero_bye_rate=rng.choice((0.0, 0.005, 0.02, 0.04)),
        retire_rate=rng.choice((0.0, 0.005, 0.02, 0.05)),
        points=PointSystem(win=Decimal(3), draw=Decimal(1)) if three_one else PointSystem(),
    )


def describe(args: dict) -> str:
    pts = "3-1-0" if args["points"].win == 3 else "1-½-0"
    return (f"{args['players']}p {args['rounds']}r {pts} draws {args['draw_rate']} forfeits {args['forfeit_rate']} "
            f"H {args['half_bye_rate']} Z {args['zero_bye_rate']} retire {args['retire_rate']}")


@dataclass
class RoundOutcome:
    case: str
    round: int
    status: str  # "agree", "agree-no-pairing" (neither engine can pair the round), "pairs", "colours", "input", "no-pairing", "error", "ours-error"
    detail: str = ""
    text: str = ""  # the TRF given to Gacrux, kept for mismatches


def _fmt(rp) -> str:
    boards = " ".join(f"{b.white}-{b.black}" for b in sorted(rp.boards, key=lambda b: min(b.white, b.black)))
    return boards + (f" bye {rp.bye}" if rp.bye is not None else "")


def _against_gacrux(case: str, before, ours, colourless=()) -> RoundOutcome:
    r = before.next_round
    text = trf_for_gacrux(before)
    try:
        theirs = gacrux_pair(before, text=text)
    except OracleInputMismatch as exc:
        return RoundOutcome(case, r, "input", str(exc), text)
    except OracleNoPairing as exc:
        return RoundOutcome(case, r, "no-pairing", str(exc), text)
    except (OracleError, Exception) as exc:  # a crash inside Gacrux is a finding, not a stop
        return RoundOutcome(case, r, "error", f"{type(exc).__name__}: {exc}", text)
    diff = compare(ours, theirs, colourless)
    if diff is None:
        return RoundOutcome(case, r, "agree")
    return RoundOutcome(case, r, diff.kind, f"{diff}\n    ours   {_fmt(ours)}\n    Gacrux {_fmt(theirs)}", text)


def run_seed(seed: int, players: tuple[int, int] = PLAYERS, rounds: tuple[int, int] = ROUNDS) -> list[RoundOutcome]:
    args = plan(seed, players, rounds)
    case = f"seed-{seed}"
    try:
        t, stuck = play_until_stuck(**args)
    except generate.GenerationError as exc:  # a malformed pairing of ours, not a field that cannot be paired
        return [RoundOutcome(case, 0, "ours-error", f"{describe(args)}: {exc}")]
    out = []
    for r in range(1, t.rounds_played + 1):
        before = replay.before_round(t, r)
        if not before.to_pair():
            continue
        try:
            ours = as_round(pair(before))
        except Exception as exc:
            out.append(RoundOutcome(case, r, "ours-error", f"{type(exc).__name__}: {exc}", trf_for_gacrux(before)))
            continue
        outcome = _against_gacrux(case, before, ours)
        if outcome.status != "agree":
            outcome.detail = f"[{describe(args)}] {outcome.detail}"
        out.append(outcome)
    if stuck:
        out.append(_no_pairing_round(case, args, t))
    return out


def _no_pairing_round(case: str, args: dict, t: Tournament) -> RoundOutcome:
    """Our engine found no legal pairing for ``t.next_round`` (C.04.3 art. 1.9.3): Gacrux must not find one either."""
    before = round_to_pair(t)
    r = before.next_round
    text = trf_for_gacrux(before)
    try:
        theirs = gacrux_pair(before, text=text)
    except OracleNoPairing:
        return RoundOutcome(case, r, "agree-no-pairing")
    except Exception as exc:
        return RoundOutcome(case, r, "error", f"[{describe(args)}] {type(exc).__name__}: {exc}", text)
    return RoundOutcome(case, r, "pairs", f"[{describe(args)}] ours: no legal pairing; Gacrux {_fmt(theirs)}", text)


def run_fixture(path: str) -> list[RoundOutcome]:
    t = trf.load(path).pairing_tournament()
    case = Path(path).stem
    out = []
    for r in range(1, t.rounds_played + 1):
        before = replay.before_round(t, r)
        if not before.to_pair():
            continue
        ref = replay.played_round(t, r)
        out.append(_against_gacrux(case, before, ref, replay.colourless_boards(t, r)))
    return out


def _range(text: str) -> tuple[int, int]:
    lo, _, hi = text.partition("-")
    try:
        lo_n, hi_n = int(lo), int(hi or lo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range like 7-60") from None
    if not 1 <= lo_n <= hi_n:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range like 7-60")
    return lo_n, hi_n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1, help="first seed (generated mode)")
    ap.add_argument("--count", type=int, default=50, help="number of seeds (generated mode)")
    ap.add_argument("--players", type=_range, default=PLAYERS, metavar="LO-HI", help="field sizes (default 7-60)")
    ap.add_argument("--rounds", type=_range, default=ROUNDS, metavar="LO-HI", help="tournament lengths (default 5-11)")
    ap.add_argument("--fixtures", nargs="?", const=str(FIXTURES), metavar="DIR",
                    help=f"run Gacrux on every round of the reference files in DIR instead (default {FIXTURES})")
    ap.add_argument("--keep", metavar="DIR", help="write the TRF of every mismatching round here")
    ap.add_argument("--jobs", type=int, default=2)
    opts = ap.parse_args(argv)

    if opts.fixtures:
        tasks = sorted(str(p) for p in Path(opts.fixtures).glob("*.trf"))
        if not tasks:
            ap.error(f"no .trf files in {opts.fixtures}")
        work, label = run_fixture, "Gacrux vs reference"
    else:
        tasks = list(range(opts.seed, opts.seed + opts.count))
        work, label = functools.partial(run_seed, players=opts.players, rounds=opts.rounds), "ours vs Gacrux"
    keep = Path(opts.keep) if opts.keep else None
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
        log = (keep / "mismatches.txt").open("a", encoding="utf-8")
    start = time.monotonic()
    counts: dict[str, int] = {}
    with multiprocessing.Pool(opts.jobs) as pool:
        for outcomes in pool.imap_unordered(work, tasks):
            for o in outcomes:
                counts[o.status] = counts.get(o.status, 0) + 1
                if o.status.startswith("agree"):
                    continue
                line = f"{o.case} round {o.round}: {o.status}: {o.detail}"
                print(line, flush=True)
                if keep:
                    log.write(line + "\n")
                    log.flush()
                    if o.text:
                        (keep / f"{o.case}-r{o.round}.trf").write_text(o.text, encoding="utf-8")
    if keep:
        log.close()
    total = sum(counts.values())
    print(f"{label}: {len(tasks)} tournaments, {time.monotonic() - start:.0f} s; "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    agreed = sum(v for k, v in counts.items() if k.startswith("agree"))
    print(f"agree {agreed}/{total} rounds")
    return 0 if agreed == total else 1


if __name__ == "__main__":
    sys.exit(main())
