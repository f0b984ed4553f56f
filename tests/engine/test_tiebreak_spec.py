"""Tie-break codes (MTB26), editions and the B.02 rating tables."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.tiebreaks import Edition, TieBreakError, format_list, parse, parse_list
from engine.tiebreaks import rating as rt


def test_codes_and_modifiers():
    bh = parse("bh/c1")
    assert (bh.acronym, bh.cut_low, bh.cut_high, bh.code) == ("BH", 1, 0, "BH/C1")
    m2 = parse("BH/M2")
    assert (m2.cut_low, m2.cut_high) == (2, 2)
    assert parse("KS/L-2").limit == Decimal(-1)
    assert parse("ARO/U1400").unrated_rating == 1400
    assert parse("GE").acronym == "REP"  # the name before August 2024
    assert parse("TPN").ascending and not parse("TPN/R").ascending
    assert parse("DE/P").forfeits_played


def test_the_list_keeps_its_order_and_skips_pts():
    tbs = parse_list("PTS,BH/C1,BH,SB,DE")
    assert format_list(tbs) == "BH/C1,BH,SB,DE"
    assert parse_list("") == ()


@pytest.mark.parametrize("bad", ["XYZ", "DE/C1", "BH/Q", "SB/L+1", "WIN/U1400", "BH/F", "BH,,SB"])
def test_errors_name_the_code(bad):
    with pytest.raises(TieBreakError) as exc:
        parse_list(bad)
    assert bad.split(",")[0].split("/")[0] in str(exc.value) or "empty" in str(exc.value)


def test_editions():
    assert Edition.parse("C07-2024") is Edition.C07_2024
    with pytest.raises(TieBreakError):
        Edition.parse("2025")


def test_rating_tables_agree_with_the_expanded_fide_tables():
    from gacrux import fidetables  # the same B.02 tables, written out per point
    assert [rt.dp(p) for p in range(101)] == fidetables.ScoreToDp
    for diff in range(0, 801):
        assert rt.expected_hundredths(2000 + diff, 2000) == fidetables.DiffToPd[diff], diff
    assert rt.expected_hundredths(1000, 1800) == 0


def test_performance_examples():
    assert rt.average_rating([2000, 2001]) == 2001  # 2000.5 rounds up
    assert rt.performance(Decimal("1.5"), [2000, 2100, 2200]) == 2100
    assert rt.performance(Decimal(3), [2000, 2100, 2200]) == 2900
    assert rt.perfect_performance(Decimal(0), [2000, 2100]) == 1200
    assert rt.perfect_performance(Decimal(2), [2000, 2100]) == 2100 + 736  # 100 %: above 735 everywhere
    r = rt.perfect_performance(Decimal("1.5"), [2000, 2100, 2200])
    assert sum(rt.expected_hundredths(r, o) for o in (2000, 2100, 2200)) >= 150
    assert sum(rt.expected_hundredths(r - 1, o) for o in (2000, 2100, 2200)) < 150
