"""Baku acceleration (C.04.7 art. 1) in team TRF-2026 files: record 192's ``_BAKU`` and record 250's
virtual match points read by the pairing's reader and the whole-file loader, written back, paired by
``python -m engine.trf.team_pair`` and ``swisstui pair``, and by Gacrux identically on files we write.

C.04.7 art. 1.4 allows the method for team events, art. 1.4.4 not with game points first. Record 250
(C.02.03 Annex A): match points 5-8, game points 10-13, rounds 15-17 and 19-21, teams 23-26 and 28-31.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from engine.model.team_tournament import RoundKind, Score, TeamRound
from engine.systems.team import pair_team
from engine.systems.team.acceleration import baku
from engine.systems.team.generate import Rates, generate_team
from engine.trf.errors import TrfError
from engine.trf.team_document import before_round
from engine.trf.team_load import read_team_document
from engine.trf.team_pair import main as team_pair
from engine.trf.team_read import read_team_trf, round_one
from engine.trf.team_write import write_team_trf
from swisstui.cli import main as swisstui_main
from oracles.gacrux_team import generated_document, round_checks

DATA = Path(__file__).resolve().parents[1] / "data" / "team"
TWO, ONE, NONE = Fraction(2), Fraction(1), Fraction(0)


def _lines(name: str) -> list[str]:
    return (DATA / name).read_text(encoding="latin-1").splitlines()


def _with(lines: list[str], code: str, *extra: str) -> str:
    """The file with record 192 ``code`` and ``extra`` records after record 352."""
    out = [f"192 {code}" if ln.startswith("192") else ln for ln in lines]
    i = next(i for i, ln in enumerate(out) if ln.startswith("352"))
    return "\n".join(out[: i + 1] + list(extra) + out[i + 1:]) + "\n"


def test_a_baku_code_without_250_records_gives_bakus_table_from_the_teams_paired_in_round_1() -> None:
    # team-d-0031: 12 teams, 5 rounds, all paired in round 1: GA = 2 x ceil(12 / 4) = 6 teams, the
    # first ceil(5 / 2) = 3 rounds accelerated, 2 match points before rounds 1-2 and 1 before 3 (art. 1.4)
    text = _with(_lines("team-d-0031.trf"), "FIDE_TEAM_TYPEA_MP_GP_BAKU")
    doc = read_team_document(text)
    t = doc.tournament
    assert doc.baku and sorted(t.virtual) == list(range(1, 7)) and len(t.teams) == 12
    assert set(t.virtual.values()) == {(TWO, TWO, ONE)}
    assert t.virtual == baku(round_one(t)) == read_team_trf(text).virtual
    written = write_team_trf(doc)
    lines = written.splitlines()
    assert "192 FIDE_TEAM_TYPEA_MP_GP_BAKU" in lines
    assert [ln for ln in lines if ln.startswith("250")] == ["250  2.0  0.0   1   2    1    6",
                                                             "250  1.0  0.0   3   3    1    6"]
    assert read_team_document(written) == doc


def test_record_250_is_read_as_gacrux_reads_it_and_overrides_the_baku_code() -> None:
    # one round range and one team range a line; a blank last round or last team is the first
    text = _with(_lines("team-d-0031.trf"), "FIDE_TEAM_TYPEA_MP_GP_BAKU",
                 "250  2.0  0.0   1   2    3    5", "250  1.0  0.0   4        7", "250  0.5 0.0    3   3   12   12")
    t = read_team_trf(text)
    assert t.virtual == {3: (TWO, TWO, NONE, NONE), 4: (TWO, TWO, NONE, NONE), 5: (TWO, TWO, NONE, NONE),
                         7: (NONE, NONE, NONE, ONE), 12: (NONE, NONE, Fraction(1, 2), NONE)}
    assert t.virtual_points(7, 4) == ONE and t.virtual_points(7, 5) == NONE
    doc = read_team_document(text)
    assert doc.tournament == t and doc.other == ()      # 250 is the model's, not a record kept aside
    again = read_team_document(write_team_trf(doc))
    assert again == doc


def test_250_records_without_the_baku_code_are_written_back_without_it() -> None:
    text = _with(_lines("team-d-0031.trf"), "FIDE_TEAM_TYPEB_MP", "250  1.0  0.0   1   1    1    2")
    doc = read_team_document(text)
    assert not doc.baku and doc.tournament.virtual == {1: (ONE,), 2: (ONE,)}
    written = write_team_trf(doc).splitlines()
    assert "192 FIDE_TEAM_TYPEB_MP" in written and "250  1.0  0.0   1   1    1    2" in written


def test_acceleration_with_game_points_first_is_refused_naming_article_1_4_4() -> None:
    lines = _lines("team-d-0031.trf")
    i = next(i for i, ln in enumerate(lines) if ln.startswith("192"))
    with pytest.raises(TrfError) as err:
        read_team_trf(_with(lines, "FIDE_TEAM_TYPEA_GP_MP_BAKU"), source="gp.trf")
    assert (err.value.source, err.value.line, err.value.columns) == ("gp.trf", i + 1, (5, 30))
    assert "C.04.7 art. 1.4.4" in str(err.value)
    with pytest.raises(TrfError, match=r"C\.04\.7 art\. 1\.4\.4") as err:
        read_team_document(_with(lines, "FIDE_TEAM_GP", "250  2.0  0.0   1   1    1    1"))
    assert err.value.line == i + 3                       # the 250 record, after 192 and 352


def test_a_250_record_naming_no_team_or_with_virtual_game_points_is_refused_at_its_columns() -> None:
    lines = _lines("team-d-0031.trf")
    at = next(i for i, ln in enumerate(lines) if ln.startswith("352")) + 2
    with pytest.raises(TrfError, match="record 250 names team 13") as err:
        read_team_trf(_with(lines, "FIDE_TEAM_TYPEA_MP_GP", "250  2.0  0.0   1   1   12   13"))
    assert (err.value.line, err.value.columns) == (at, (23, 31))
    with pytest.raises(TrfError, match="virtual game points") as err:
        read_team_document(_with(lines, "FIDE_TEAM_TYPEA_MP_GP", "250  0.0  2.0   1   1    1    1"))
    assert (err.value.line, err.value.columns) == (at, (10, 13))
    with pytest.raises(TrfError, match="record 250 match points") as err:
        read_team_trf(_with(lines, "FIDE_TEAM_TYPEA_MP_GP", "250  x.0  0.0   1   1    1    1"))
    assert err.value.columns == (5, 8)


def test_an_accelerated_document_with_game_points_first_is_not_written() -> None:
    doc = read_team_document(_with(_lines("team-d-0031.trf"), "FIDE_TEAM_TYPEA_MP_GP_BAKU"))
    gp = dataclasses.replace(doc, tournament=dataclasses.replace(doc.tournament, primary=Score.GAME))
    with pytest.raises(ValueError, match=r"C\.04\.7 art\. 1\.4\.4"):
        write_team_trf(gp)


def _accelerated(seed: int, teams: int) -> tuple[str, list[tuple[int, int]]]:
    """A generated 5-round accelerated event written before round 2, and its round 2 as generated."""
    event = generate_team(teams, 4, 5, seed, reserves=0, accelerated=True,
                          rates=Rates(absent=0.0, withdraw=0.0, player_missing=0.0, match_forfeit=0.0))
    doc = generated_document(event, baku=True)
    text = write_team_trf(before_round(doc, 2))
    return text, sorted((m.white, m.black) for m in event.pairings[1].matches)


def test_team_pair_and_swisstui_pair_pair_an_accelerated_file_with_its_virtual_points(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, expected = _accelerated(3, 16)
    path = tmp_path / "baku.trf"
    path.write_text(text, encoding="latin-1")
    plain = tmp_path / "plain.trf"                     # the same file without its virtual points
    plain.write_text("".join(ln + "\n" for ln in text.splitlines() if not ln.startswith("250"))
                     .replace("_BAKU\n", "\n"), encoding="latin-1")
    out = tmp_path / "out.txt"
    assert team_pair([str(path), "-p", str(out)]) == 0
    ours = sorted(tuple(map(int, ln.split())) for ln in out.read_text().splitlines()[1:])
    assert ours == expected
    assert team_pair([str(plain), "-p", str(out)]) == 0
    assert sorted(tuple(map(int, ln.split())) for ln in out.read_text().splitlines()[1:]) != expected
    capsys.readouterr()
    assert swisstui_main(["pair", str(path)]) == 0
    assert sorted(tuple(map(int, ln.split())) for ln in capsys.readouterr().out.splitlines()[1:]) == expected


@pytest.mark.slow  # some 30 Gacrux runs, a child process each
def test_gacrux_pairs_every_round_of_accelerated_files_we_write_as_generated(tmp_path: Path) -> None:
    compared = 0
    for seed, teams, rounds in ((11, 20, 7), (12, 13, 5), (13, 30, 9), (14, 9, 5)):
        event = generate_team(teams, 4, rounds, seed, reserves=0, accelerated=True,
                              rates=Rates(absent=0.05, withdraw=0.01, player_missing=0.0, match_forfeit=0.03))
        doc = generated_document(event, baku=True)
        assert doc.tournament.virtual            # Baku's table, written as 250 records
        generated = {r: frozenset((m.white, m.black) for m in p.matches) for r, p in enumerate(event.pairings, 1)}
        for check in round_checks(doc, generated, tmp_path, f"s{seed}"):
            assert check.gacrux == check.recorded, (seed, check.round)
            assert check.ours == check.recorded, (seed, check.round)
            compared += 1
    assert compared == 7 + 5 + 9 + 5
    # and the 250 records are what made the difference: without them, round 1 pairs otherwise
    first = before_round(generated_document(generate_team(20, 4, 7, 11, reserves=0, accelerated=True)), 1)
    bare = dataclasses.replace(first, tournament=dataclasses.replace(first.tournament, virtual={}))
    assert pair_team(read_team_trf(write_team_trf(bare))).matches != \
        pair_team(read_team_trf(write_team_trf(first))).matches


def test_bakus_groups_are_the_teams_paired_in_round_1_in_a_file_before_it_and_after_it() -> None:
    # C.04.7 art. 1.2-1.3: team 3 absent from round 1 leaves 11 to pair, GA = 2 x ceil(11 / 4) = 6 of them,
    # so the last GA team is TPN 7 and team 3, placed as a late entry, is in GA
    doc = before_round(read_team_document("".join(ln + "\n" for ln in _lines("team-d-0031.trf"))), 1)
    cut = dataclasses.replace(doc, baku=True, tournament=dataclasses.replace(doc.tournament, absent_next=frozenset({3})))
    text = write_team_trf(cut)
    assert "240 Z 001    3" in text.splitlines() and "\n250 " not in text     # the table left to _BAKU
    assert sorted(read_team_trf(text).virtual) == [1, 2, 3, 4, 5, 6, 7]
    later = read_team_trf(text)
    for tpn, team in later.teams.items():                   # round 1 played: 3 absent, the others' results
        team.rounds.append(TeamRound(RoundKind.ABSENT) if tpn == 3 else TeamRound(RoundKind.BYE))
    assert round_one(later).absent_next == frozenset({3})
    assert sorted(baku(round_one(later))) == [1, 2, 3, 4, 5, 6, 7]
