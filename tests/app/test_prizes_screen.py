"""The prize list on a screen (``$`` on the standings): place and category prizes with their amounts,
shared amounts, "provisional after round N" before the end, each category's standings; all of it whole
at 80x24 (the table as drawn, not only its data)."""

from __future__ import annotations

import shutil
from pathlib import Path

from swisstui.app import SwissApp
from tests.app.clipping import clipped, drawn_cut
from tests.app.screen_text import burst, screen_text
from tests.cli.test_prizes_eligibility import EVENT as ELIGIBILITY_EVENT

SIZE = (80, 24)
SAMPLE = Path(__file__).resolve().parents[2] / "sample_events" / "club-rapid.toml"


def _rows(app) -> list[list[str]]:
    table = app.screen.query_one("#prizes")
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def _labels(app) -> list[str]:
    return [c.label.plain for c in app.screen.query_one("#prizes").columns.values()]


async def test_the_sample_prize_list_and_every_category_fit_80x24(tmp_path):
    path = tmp_path / "club-rapid.toml"
    shutil.copyfile(SAMPLE, path)
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "s", "dollar_sign")
        assert type(app.screen).__name__ == "PrizesScreen"
        text = screen_text(app)
        assert "provisional prizes · round 4" in text
        assert "provisional after round 4 of 5" in text
        rows = _rows(app)
        assert _labels(app) == ["List", "Pl", "Prize", "No", "Name", "Pts", "Paid", "Tie"]
        # the sample's place prizes 300, 200, 100; 2 and 5 tie on 3½ for places 1-2 and share 500
        assert [r[:3] for r in rows[:3]] == [["Overall", "1.", "300"], ["Overall", "2.", "200"],
                                             ["Overall", "3.", "100"]]
        assert {r[3]: (r[6], r[7]) for r in rows[:2]} == {"2": ("250", "shared 2"), "5": ("250", "shared 2")}
        assert [r[0] for r in rows[3:]][:4] == ["U1800", "Women", "Seniors 50+", "Seniors 50+"]
        assert ["Juniors U18", "1.", "40", "7", "Hansen, Olga", "1½", "40", ""] in rows
        problems = [f"prizes: {p}" for p in clipped(app) + drawn_cut(app)]
        for category in ("U1800", "Women", "Seniors 50+", "Juniors U18"):
            await burst(pilot, "c")
            assert f"{category} · standings after round 4" in screen_text(app)
            assert _labels(app) == ["Cat", "Rk", "No", "Name", "Rtg", "Born", "Pts"]
            if category == "Women":  # the sample's players 3, 8, 10 and 12 are registered "w"
                assert [r[2] for r in _rows(app)] == ["8", "3", "12", "10"]
            problems += [f"{category}: {p}" for p in clipped(app) + drawn_cut(app)]
        await burst(pilot, "c")  # back to the prize list
        assert _labels(app)[0] == "List"
        await burst(pilot, "left_square_bracket")
        assert "provisional prizes · round 3" in screen_text(app)
        await burst(pilot, "escape")
        assert type(app.screen).__name__ == "StandingsScreen"
    assert not problems, "\n".join(problems)


async def test_a_final_list_with_hort_shares_and_a_player_not_eligible(tmp_path):
    path = tmp_path / "final.toml"
    long_name = "Dee-Annabelle Featherstonehaugh-Worthington"  # longer than the screen gives a name
    text = ELIGIBILITY_EVENT.format(eligible='eligible = "not-withdrawn"').replace(
        'tie_rule = "shared"', 'tie_rule = "hort"').replace('name = "Bob"', f'name = "{long_name}"')
    path.write_text(text, encoding="utf-8")
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "s", "dollar_sign")
        shown = screen_text(app)
        assert "prizes after round 3" in shown and "provisional" not in shown
        assert "final: after round 3 of 3" in shown
        assert "not eligible: 4 Dee (1½): withdrew after round 2" in shown
        rows = {r[3]: r for r in _rows(app)}
        # Hort: 3 and 6 tie on 2 for places 2-3 (60, 30): each keeps half of his own, the halves pooled
        # (30 + 15 = 45) shared: 30 + 22.50 = 52.50 and 15 + 22.50 = 37.50 (tie-break order: 3 before 6)
        assert {pid: (rows[pid][6], rows[pid][7]) for pid in ("3", "6")} == {
            "3": ("52.50", "Hort 2"), "6": ("37.50", "Hort 2")}
        assert rows["2"][4].endswith("…") and rows["2"][6] == "20"  # 4 withdrew: 2 takes place 4 alone
        assert not clipped(app) + drawn_cut(app)
