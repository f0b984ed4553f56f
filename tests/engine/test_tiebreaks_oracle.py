"""Our tie-breaks against Gacrux's checker (FIDE TEC, C.07 2026) on fixture tournaments.

A fixed subset of the reference tournaments (tests/data/fixtures): forfeits,
double forfeits, requested byes, late entries, withdrawals, 3-1-0 scoring. ``scripts/tiebreak_conformance.py`` runs them all.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import trf
from engine.tiebreaks import Crosstable, parse_list, rank
from tests.data_paths import FIXTURES, dutch, tournaments
from oracles.tiebreak_values import comparable, gacrux_tiebreaks, same

FILES = [dutch("dutch-2300007-n10-r5.trf"), dutch("dutch-2300117-n142-r6.trf"),
         *tournaments(FIXTURES / "dutch-hard")]
VALUES = ("WIN,WON,BPG,BWG,PS,PS/C1,REP,STD,TPN,BH,BH/C1,BH/C2,BH/M1,SB,SB/C1,SB/M1,AOB,"
          "ARO,ARO/C1,TPR,PTP,APRO,APPO,RTNG")


def test_the_subset_is_there():
    assert len(FILES) == 6


def _load(path: Path):
    text = path.read_text(encoding="latin-1")
    return text, Crosstable(trf.loads(text, source=str(path)).tournament)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("codes", [VALUES, "FB,FB/C1"])  # Gacrux wants FB in a run of its own
def test_values_match_gacrux(path, codes):
    text, ct = _load(path)
    tbs = parse_list(codes)
    ours = rank(ct, tbs)
    _, theirs = gacrux_tiebreaks(text, [tb.code for tb in tbs], rounds=ct.after)
    diffs = [(pid, tb.code, comparable(tb.acronym, ours.values[pid][i], ct.after), theirs[pid][i])
             for pid in ct.ids for i, tb in enumerate(tbs)
             if not same(comparable(tb.acronym, ours.values[pid][i], ct.after), theirs[pid][i])]
    assert diffs == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("codes", ["BH/C1,BH,SB,DE,WIN", "PS,BH,ARO,TPR", "DE,BH/M1,STD,TPN"])
def test_ranking_matches_gacrux(path, codes):
    text, ct = _load(path)
    tbs = parse_list(codes)
    ours = rank(ct, tbs)
    ranks, theirs = gacrux_tiebreaks(text, [tb.code for tb in tbs], rounds=ct.after)
    assert {p: ours.rank[p] for p in ct.ids} == ranks
    de = [i for i, tb in enumerate(tbs) if tb.acronym == "DE"]
    assert {p: [ours.values[p][i].value for i in de] for p in ct.ids} == {p: [theirs[p][i] for i in de] for p in ct.ids}
