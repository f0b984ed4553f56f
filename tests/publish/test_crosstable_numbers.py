"""The published cross-table names each opponent by a number that belongs to one row only.

A place shared by several players (a tie the tie-breaks leave, or no tie-break
list at all) cannot name an opponent: "8" would be two players. Every row
carries its own line number (``#``), the cells refer to it, and the place is a
column of its own (``4=`` when shared). Checked on the weekend open, which has
no tie-break list, in the three forms.
"""

from __future__ import annotations

import csv
import re

from tests.publish.conftest import weekend_open
from tests.publish.html_read import table

CELL = re.compile(r"(\d+)([wb-])([10½+·-])")


def _text_rows(text: str) -> tuple[list[str], list[list[str]]]:
    """Cells cut at the columns the dashes under the header mark (a cell may be empty: a round not played)."""
    lines = text.splitlines()
    rule = next(i for i, line in enumerate(lines) if line.startswith("--") or line.startswith(" --"))
    spans = [m.span() for m in re.finditer(r"-+", lines[rule])]

    def cells(line: str) -> list[str]:
        return [line[a:b].strip() for a, b in spans]

    rows = []
    for line in lines[rule + 1:]:
        if not line.strip():
            break
        rows.append(cells(line.ljust(spans[-1][1])))
    return cells(lines[rule - 1].ljust(spans[-1][1])), rows


def _forms(out) -> dict[str, tuple[list[str], list[list[str]]]]:
    html = (out / "round-4-crosstable.html").read_text(encoding="utf-8")
    text = (out / "round-4-crosstable.txt").read_text(encoding="utf-8")
    rows = list(csv.reader((out / "round-4-crosstable.csv").open(encoding="utf-8")))
    return {"html": table(html), "txt": _text_rows(text), "csv": (rows[0], rows[1:])}


def test_every_opponent_reference_names_exactly_one_row(weekend_published):
    out, _ = weekend_published
    event = weekend_open()
    t = event.to_tournament()
    for form, (header, rows) in _forms(out).items():
        assert header == ["#", "Rk", "No", "Name", "Pts", "R1", "R2", "R3", "R4"], form
        numbers = [r[0] for r in rows]
        assert numbers == [str(i) for i in range(1, len(t.players) + 1)], f"{form}: each row numbered once"
        player_at = {r[0]: int(r[2]) for r in rows}
        checked = 0
        for r in rows:
            for rnd, cell in enumerate(r[5:], start=1):
                m = CELL.fullmatch(cell)
                if not m:
                    continue  # byes and rounds not played name nobody
                assert sum(1 for x in numbers if x == m.group(1)) == 1, f"{form}: {cell} names several rows"
                assert player_at[m.group(1)] == t.player(int(r[2])).entry(rnd).opponent, \
                    f"{form}: row {r[0]} round {rnd}: {cell} is not the opponent"
                checked += 1
        assert checked > 200, f"{form}: only {checked} games read"


def test_a_shared_place_is_shown_apart_from_the_line_number(weekend_published):
    out, _ = weekend_published
    for form, (_, rows) in _forms(out).items():
        places = [r[1] for r in rows]
        if form == "csv":
            # machine-readable: the engine's rank on every row, the tie seen from equal ranks
            assert places[:3] == ["1", "1", "1"] and places[3] == "4", form
        else:
            assert places[:4] == ["1=", "1=", "1=", "4="], form
        # in round 1 three leaders met the players on lines 41, 44 and 45: three different numbers
        assert len({r[5] for r in rows[:3]}) == 3, f"{form}: {[r[5] for r in rows[:3]]}"
