"""Indicative cross-check of the Double-Swiss pairer against the `pairing-core` package (not endorsed).

    .venv/bin/pip install pairing-core==0.4.1   # test-only; not a dependency of swisstui
    .venv/bin/python scripts/doubleswiss_pairing_core.py [--count N] [--first-seed S] [--max-players P]

Plays random events (engine/systems/doubleswiss/simulate.py) with our pairer; before
each round, hands pairing-core the same state (scores, first-game colours, opponents
of played matches, PAB and forfeit-win flags, matches played, last-round floats) and
compares the bye, the pairs and who has White in game 1. Prints each difference
with the state needed to decide it, then the totals.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing_core.fide2026.api import pair_2026  # noqa: E402
from pairing_core.fide2026.models import P26Player, P26Request  # noqa: E402

from engine.model.matches import Match, MatchScoring  # noqa: E402
from engine.model.tournament import Colour  # noqa: E402
from engine.model.units import Unit  # noqa: E402
from engine.systems.doubleswiss.history import histories  # noqa: E402
from engine.systems.doubleswiss.simulate import play_event  # noqa: E402

_C = {Colour.WHITE: "W", Colour.BLACK: "B", Colour.NONE: "u"}


class Comparison:
    """Collects the differences between the two engines, round by round."""

    def __init__(self, initial: str, rounds: int) -> None:
        self.initial = initial
        self.rounds = rounds
        self.compared = 0
        self.same = 0
        self.differ_pairs = 0
        self.differ_colours = 0
        self.differ_bye = 0
        self.oracle_failed = 0
        self.lines: list[str] = []

    def __call__(
        self, units: Sequence[Unit], matches: Sequence[Match], before: Sequence[Sequence[Match]], scoring: MatchScoring
    ) -> list[str]:
        state = histories(units, before, scoring)
        players = tuple(
            P26Player(
                id=h.tpn,
                tpn=h.tpn,
                score=float(h.score),
                colors="".join(_C[c] for c in h.colours),
                opponents=tuple(sorted(o for o in h.opponents if o in state)),
                last_float="U" if h.floated_last_round else "",
                got_pab=h.had_pab,
                forfeit_win=h.forfeit_win,
                played=h.matches_played,
            )
            for h in state.values()
        )
        rnd = len(before) + 1
        request = P26Request(
            players=players,
            ruleset="double-2026",
            round_number=rnd,
            total_rounds=self.rounds,
            is_last_round=rnd == self.rounds,
            initial_colour=self.initial,
            max_steps=2_000_000,
        )
        self.compared += 1
        try:
            theirs = pair_2026(request)
        except Exception as err:  # the oracle's own limits (step budget, impossible)
            self.oracle_failed += 1
            self.lines.append(f"round {rnd}: pairing-core gave up: {type(err).__name__}: {err}")
            return []
        ours_pairs = {(m.home.id, m.away.id) for m in matches if m.away is not None}
        ours_bye = next((m.home.id for m in matches if m.is_bye), None)
        their_pairs = {(p.white_id, p.black_id) for p in theirs.pairs}
        if ours_bye != theirs.bye_id:
            self.differ_bye += 1
            self.lines.append(f"round {rnd}: bye ours {ours_bye}, pairing-core {theirs.bye_id}")
        elif {frozenset(p) for p in ours_pairs} != {frozenset(p) for p in their_pairs}:
            self.differ_pairs += 1
            self.lines.append(
                f"round {rnd}: pairs differ: ours only {sorted(ours_pairs - their_pairs)}, "
                f"pairing-core only {sorted(their_pairs - ours_pairs)}"
            )
        elif ours_pairs != their_pairs:
            self.differ_colours += 1
            self.lines.append(
                f"round {rnd}: colours differ: ours {sorted(ours_pairs - their_pairs)}, "
                f"pairing-core {sorted(their_pairs - ours_pairs)}"
            )
        else:
            self.same += 1
        return []


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--max-players", type=int, default=40)
    a = ap.parse_args()
    totals = [0, 0, 0, 0, 0, 0]
    for seed in range(a.first_seed, a.first_seed + a.count):
        players = 7 + seed * 7919 % (a.max_players - 6)
        rounds = 5 + seed % 7
        initial = "W" if seed % 2 else "B"
        cmp = Comparison(initial, rounds)
        colour = Colour.WHITE if initial == "W" else Colour.BLACK  # the same drawn colour for both engines
        report = play_event(seed, cmp, players=players, rounds=rounds, initial_colour=colour)
        for line in cmp.lines:
            print(f"seed {seed} ({players} players, {rounds} rounds) {line}")
        if report.unpairable:
            print(f"seed {seed}: ours could not pair {report.unpairable}")
        counts = (cmp.compared, cmp.same, cmp.differ_pairs, cmp.differ_colours, cmp.differ_bye, cmp.oracle_failed)
        for i, v in enumerate(counts):
            totals[i] += v
    print(
        f"{a.count} events, {totals[0]} rounds compared: {totals[1]} identical, {totals[2]} with other pairs, "
        f"{totals[3]} with the same pairs and other colours, {totals[4]} with another bye, "
        f"{totals[5]} where pairing-core gave up"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
