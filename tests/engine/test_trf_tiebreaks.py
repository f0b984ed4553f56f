"""The event's tie-break list as TRF26 records 202/212 (MTB26 codes) and the tie-broken ranks.

Reading: 202 (or 212 after its PTS) becomes ``Settings.tiebreaks``; a code C.07
does not define, a modifier its article does not allow, a 212 that does not open
with PTS, or 202 and 212 naming different lists is a TrfError at the line and
columns of the entry. Writing: every dialect carries 202 and 212, and the rank
column holds the standings under the list (players still tied share a rank);
Gacrux's checker, reading the same file, agrees with every rank.
"""

from __future__ import annotations

import pytest

from engine import trf
from engine.awards.standings import standings
from oracles.gacrux_tiebreaks import gacrux_rank_check, rank_column
from oracles.gacrux_tiebreaks import with_records as add_records
from tests.data_paths import FIXTURES, dutch, tournaments

SMALL = dutch("dutch-2300007-n10-r5.trf")
EVERY = tournaments(FIXTURES / "dutch") + tournaments(FIXTURES / "dutch-hard")
# forfeits, double forfeits, requested byes, late entries, withdrawals, 3-1-0 scoring
GACRUX_FILES = [SMALL, dutch("dutch-2300117-n142-r6.trf"), *tournaments(FIXTURES / "dutch-hard")]
LISTS = ["BH/C1,BH,SB,DE,WIN", "PS,BH,ARO,TPR", "DE,BH/M1,STD,TPN", "SB/C1,AOB,WON,BPG,BWG,REP,PTP,APRO,APPO,RTNG"]
# for the round trip: every individual tie-break of a Swiss and most modifiers, in turn
ROUND_TRIP_LISTS = [*LISTS[:2], "DE,BH/M1,STD,TPN/R,RTNG",
                    "SB/C1,AOB/F,WON,BPG,BWG,REP,PTP,APRO,APPO,FB/C1,PS/C1,ARO/M1,BH/C2,SB/M1"]


def with_records(path, *records: str) -> str:
    """The file with header records added just before its first player record."""
    return add_records(path.read_text(encoding="latin-1"), *records)


def test_202_becomes_the_event_list_in_its_normal_form():
    doc = trf.loads(with_records(SMALL, "202 bh/c1, BH,sb,GE,DE"))
    assert doc.tournament.settings.tiebreaks == ("BH/C1", "BH", "SB", "REP", "DE")


@pytest.mark.parametrize("records", [["212 PTS,BH/C1,SB"], ["202 PTS,BH/C1,SB"], ["202 BH/C1,SB", "212 PTS,BH/C1,SB"]])
def test_212_and_a_leading_pts_in_202_give_the_same_list(records):
    assert trf.loads(with_records(SMALL, *records)).tournament.settings.tiebreaks == ("BH/C1", "SB")


def test_no_record_no_list_and_an_empty_202_is_an_empty_list():
    assert trf.loads(SMALL.read_text(encoding="latin-1")).tournament.settings.tiebreaks == ()
    assert trf.loads(with_records(SMALL, "202")).tournament.settings.tiebreaks == ()


BAD = {
    # records: (which record is wrong, its columns, a fragment of the message)
    "unknown code": (["202 BH/C1,XYZ,SB"], 0, (11, 13), "unknown tie-break 'XYZ'"),
    "unknown modifier": (["202 BH,SB/Q"], 0, (8, 11), "unknown modifier /Q"),
    "cut on a tie-break without cuts": (["202 BH,WIN/C1"], 0, (8, 13), "WIN takes no Cut"),
    "self-defined tie-break": (["202 OTHER_AGE"], 0, (5, 13), "unknown tie-break 'OTHER_AGE'"),
    "team score": (["202 BH:MP"], 0, (5, 9), "unknown tie-break 'BH:MP'"),
    "empty entry": (["202 BH,,SB"], 0, (8, 8), "empty entry"),
    "trailing comma": (["202 BH,SB,"], 0, (11, 11), "empty entry"),
    "blank instead of a comma": (["202 BH C1"], 0, (5, 9), "unknown tie-break 'BH C1'"),
    "PTS inside 202": (["202 BH,PTS"], 0, (8, 10), "PTS inside"),
    "212 without PTS": (["212 BH,SB"], 0, (5, 6), "212 starts with 'BH'"),
    "empty 212": (["212"], 0, (5, 7), "212 starts with 'nothing'"),
    "Koya in a Swiss": (["202 BH,KS"], 0, (8, 9), "KS is for round robins only"),
    "two 202 records": (["202 BH", "202 SB"], 1, (1, 3), "a second 202 record"),
    "202 and 212 differ": (["202 BH,SB", "212 PTS,SB,BH"], 1, (5, 13), "212 orders PTS,SB,BH but 202 on line {first}"),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_an_ill_formed_list_is_an_error_at_its_line_and_columns(case):
    records, which, (first, last), fragment = BAD[case]
    header = next(i for i, text in enumerate(SMALL.read_text().splitlines()) if text.startswith("001"))
    line = header + 1 + which
    fragment = fragment.format(first=header + 1)
    with pytest.raises(trf.TrfError) as err:
        trf.loads(with_records(SMALL, *records), source="event.trf")
    assert err.value.line == line and err.value.columns == (first, last), str(err.value)
    assert fragment in str(err.value) and str(err.value).startswith(f"event.trf:{line}:")


@pytest.mark.parametrize("dialect", sorted(trf.DIALECTS))
def test_every_dialect_writes_202_and_212(dialect):
    t = trf.loads(with_records(SMALL, "202 BH/C1,BH,SB,DE")).tournament
    lines = trf.dumps(t, dialect=dialect).splitlines()
    assert "202 BH/C1,BH,SB,DE" in lines and "212 PTS,BH/C1,BH,SB,DE" in lines
    assert trf.loads(trf.dumps(t, dialect=dialect)).tournament.settings.tiebreaks == t.settings.tiebreaks


def test_the_rank_column_holds_the_tie_broken_standings():
    t = trf.loads(with_records(SMALL, "202 BH/C1,BH,SB,DE")).tournament
    ranks = rank_column(trf.dumps(t))
    assert ranks == standings(t).rank_of
    # players 3, 6 and 8 share 2.5 points: pairing-number order would rank them 3, 6, 8
    assert (ranks[8], ranks[6], ranks[3]) == (4, 5, 6)
    # without a list the old order stays: points, then pairing number
    plain = rank_column(trf.dumps(trf.loads(SMALL.read_text(encoding="latin-1")).tournament))
    assert (plain[3], plain[6], plain[8]) == (4, 5, 6)


def test_a_changed_list_is_rewritten_and_an_emptied_one_removed():
    from dataclasses import replace

    doc = trf.loads(with_records(SMALL, "202 BH,SB", "212 PTS,BH,SB"))
    same = trf.dumps(doc).splitlines()
    assert "202 BH,SB" in same and "212 PTS,BH,SB" in same
    t = doc.tournament
    changed = doc.with_tournament(replace(t, settings=replace(t.settings, tiebreaks=("SB", "WIN"))))
    lines = trf.dumps(changed).splitlines()
    assert "202 SB,WIN" in lines and "212 PTS,SB,WIN" in lines and "202 BH,SB" not in lines
    emptied = doc.with_tournament(replace(t, settings=replace(t.settings, tiebreaks=())))
    assert not [line for line in trf.dumps(emptied).splitlines() if line[:3] in ("202", "212")]


@pytest.mark.parametrize("path", GACRUX_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("codes", LISTS)
def test_gacrux_reads_our_202_and_finds_every_rank_right(path, codes):
    t = trf.loads(with_records(path, f"202 {codes}")).tournament
    text = trf.dumps(t)
    check = gacrux_rank_check(text, rounds=t.rounds_played)
    assert check.codes == ("PTS", *codes.split(","))
    assert check.identical and check.ranks == rank_column(text)


def test_gacrux_sees_a_wrong_rank():
    """The oracle can fail: one rank changed in the written file is caught."""
    t = trf.loads(with_records(SMALL, "202 BH/C1,BH,SB,DE")).tournament
    lines = trf.dumps(t).splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    lines[i] = lines[i][:85] + "   2" + lines[i][89:]
    assert not gacrux_rank_check("\n".join(lines) + "\n", rounds=5).identical


@pytest.mark.slow
def test_every_reference_tournament_round_trips_its_list_and_ranks():
    """Exported with a list and read back: the same list, the same ranks, the same text."""
    assert len(EVERY) == 154
    compared = tied = 0
    for i, path in enumerate(EVERY):
        codes = ROUND_TRIP_LISTS[i % len(ROUND_TRIP_LISTS)]
        t = trf.loads(with_records(path, f"202 {codes}")).tournament
        expected = standings(t)
        text = trf.dumps(t)
        assert rank_column(text) == expected.rank_of, path.name
        back = trf.loads(text).tournament
        assert back.settings.tiebreaks == tuple(codes.split(",")), path.name
        assert standings(back).rank_of == expected.rank_of, path.name
        assert trf.dumps(back) == text, path.name
        compared += len(expected.rows)
        points = [row.points for row in expected.rows]
        tied += sum(1 for row in expected.rows if points.count(row.points) > 1)
    # most ranks were decided by the lists, not by points alone
    assert compared == 9827 and tied > compared // 2
