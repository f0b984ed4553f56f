"""Replaying a recorded event: who was to be paired in each round."""

from __future__ import annotations

from engine import trf

from engine.systems import replay


def record(pid: int, name: str, rating: int, points: str, *rounds: str) -> str:
    """A TRF player record with its fields in their columns (round blocks from column 92)."""
    line = f"001 {pid:4d}      {name:<33} {rating:4d}" + " " * 28 + f"{points:>4} {pid:4d}"
    for block in rounds:
        line += "  " + block
    return line


# Player 3 played round 1 and then withdrew: the record has no blocks for rounds 2 and 3.
TEXT = "\n".join([
    "012 Short records",
    "142 3",
    record(1, "Alpha, A.", 2000, "2.5", "   2 w 1", "   4 b 1", "   5 w ="),
    record(2, "Beta, B.", 1900, "1.0", "   1 b 0", "   5 b 1", "   4 w 0"),
    record(3, "Gamma, C.", 1800, "1.0", "   4 w 1"),
    record(4, "Delta, D.", 1700, "1.0", "   3 b 0", "   1 w 0", "   2 b 1"),
    record(5, "Eps, E.", 1600, "1.5", "0000 - U", "   2 w 0", "   1 b ="),
]) + "\n"


def test_a_record_without_a_round_block_was_not_paired_in_that_round():
    t = trf.loads(TEXT).pairing_tournament()
    before = replay.before_round(t, 2)
    assert 3 in before.pending and not before.pending[3].was_paired
    assert sorted(p.id for p in before.to_pair()) == [1, 2, 4, 5]
