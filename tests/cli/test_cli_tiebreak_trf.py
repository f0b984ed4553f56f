"""The tie-break list and the ranks through ``import`` and ``export``, event files in between.

Every fifth Dutch reference tournament gets a tie-break list as record 202 (four
lists in turn, every individual tie-break of a Swiss among them), is imported,
exported as the rating report, and the report imported again: the list comes
back the same, the rank column holds the standings under that list, the
re-imported event has the same standings, and its export is the same text.
tests/engine/test_trf_tiebreaks.py does the same through TRF alone on all 154
Dutch tournaments (the dutch-hard ones hold a forfeit loss without an opponent,
``0000 - -``, which an event file has no board for).
"""

from __future__ import annotations

import pytest

from engine.awards.standings import standings
from oracles.gacrux_tiebreaks import rank_column, with_records
from swisstui import store
from swisstui.cli import main
from tests.data_paths import DUTCH, dutch, tournaments

FILES = tournaments(DUTCH)[::5]
LISTS = ["BH/C1,BH,SB,DE,WIN", "PS,BH,ARO,TPR", "DE,BH/M1,STD,TPN/R,RTNG",
         "SB/C1,AOB/F,WON,BPG,BWG,REP,PTP,APRO,APPO,FB/C1,PS/C1,ARO/M1,BH/C2,SB/M1"]


def with_202(text: str, codes: str) -> str:
    return with_records(text, f"202 {codes}")


@pytest.mark.slow
def test_every_reference_tournament_keeps_its_list_and_ranks(tmp_path, capsys):
    assert len(FILES) == 30
    source, first, second = tmp_path / "in.trf", tmp_path / "a.toml", tmp_path / "b.toml"
    report, again = tmp_path / "report.trf", tmp_path / "again.trf"
    ranks_compared = tied_by_points = 0
    for i, path in enumerate(FILES):
        codes = LISTS[i % len(LISTS)]
        source.write_text(with_202(path.read_text(encoding="latin-1"), codes), encoding="utf-8")
        assert main(["import", str(source), "-o", str(first), "--force"]) == 0
        event = store.load(first)
        assert event.settings.tiebreaks == tuple(codes.split(",")), path.name
        assert main(["export", str(first), "--trf", str(report)]) == 0
        text = report.read_text(encoding="utf-8")
        assert f"\n202 {codes}\n" in text and f"\n212 PTS,{codes}\n" in text, path.name
        expected = standings(event.to_tournament())
        assert rank_column(text) == expected.rank_of, path.name

        assert main(["import", str(report), "-o", str(second), "--force"]) == 0
        back = store.load(second)
        assert back.settings.tiebreaks == event.settings.tiebreaks, path.name
        assert standings(back.to_tournament()).rank_of == expected.rank_of, path.name
        assert main(["export", str(second), "--trf", str(again)]) == 0
        assert again.read_text(encoding="utf-8") == text, path.name
        ranks_compared += len(expected.rows)
        points = [row.points for row in expected.rows]
        tied_by_points += sum(1 for row in expected.rows if points.count(row.points) > 1)
    capsys.readouterr()
    # the ranks were decided by the lists, not by points alone
    assert ranks_compared > 1500 and tied_by_points > ranks_compared // 2


def test_import_names_the_bad_code_and_writes_no_event(tmp_path, capsys):
    source, event = tmp_path / "in.trf", tmp_path / "e.toml"
    source.write_text(with_202(dutch("dutch-2300007-n10-r5.trf").read_text(encoding="latin-1"), "BH/C1,SB/X"))
    assert main(["import", str(source), "-o", str(event)]) == 3
    err = capsys.readouterr().err
    assert f"{source}:2:11-14: unknown modifier /X in 'SB/X'" in err
    assert not event.exists()


def test_export_warns_when_the_edition_cannot_travel(tmp_path, capsys):
    event_path, out = tmp_path / "e.toml", tmp_path / "out.trf"
    assert main(["new", str(event_path), "--name", "Open", "--rounds", "5", "--tiebreaks", "BH,SB"]) == 0
    assert main(["export", str(event_path), "--trf", str(out)]) == 0
    assert "tie-break" not in capsys.readouterr().err  # the rating report's missing header records are another warning
    text = event_path.read_text().replace('tiebreak_edition = "c07-2026"', 'tiebreak_edition = "c07-2024"')
    if "tiebreak_edition" not in text:
        text = text.replace('tiebreaks = ["BH", "SB"]', 'tiebreaks = ["BH", "SB"]\ntiebreak_edition = "c07-2024"')
    event_path.write_text(text)
    assert store.load(event_path).settings.tiebreak_edition == "c07-2024"
    assert main(["export", str(event_path), "--trf", str(out)]) == 0
    assert "follow the c07-2024 tie-break rules" in capsys.readouterr().err
    assert "202 BH,SB" in out.read_text().splitlines()
