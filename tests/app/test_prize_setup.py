"""The prizes set up from the keyboard (issue 30 item 4): categories, place and category prizes and the
sharing rule typed in the app, each field checked as it is typed and named when it does not read, written to
the event file, shown in the prize list, and each change one entry of the history that ``u`` takes back."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

from engine.awards.prizes import Prize
from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.dialogs import ConfirmScreen
from tests.app.screen_text import burst, notifications, screen_text, wait_until

SIZE = (80, 24)
SAMPLE = Path(__file__).resolve().parents[2] / "sample_events" / "club-rapid.toml"


def without_prizes(path: Path) -> Path:
    """The sample club event (four rounds played) with its ``[prizes]`` and ``[[categories]]`` taken out."""
    text = SAMPLE.read_text(encoding="utf-8")
    start, end = text.index("[prizes]"), text.index("[[players]]")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    assert store.load(path).prizes.places == () and store.load(path).prizes.categories == ()
    return path


async def choose(pilot, option_id: str) -> None:
    """Highlight the line ``option_id`` of the set-up screen and press enter on it."""
    menu = pilot.app.screen.query_one("#setup")
    menu.highlighted = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == option_id)
    await burst(pilot, "enter")


async def type_field(pilot, field: str, text: str) -> None:
    """Clear the form's field and type ``text`` into it, key by key."""
    box = pilot.app.screen.query_one(f"#f-{field}")
    box.focus()
    await pilot.pause()
    await burst(pilot, *(["backspace"] * len(box.value)), *text)


def problems(app) -> str:
    return str(app.screen.query_one("#problems").render())


async def test_two_categories_and_three_prizes_typed_in_the_app_reach_the_file_the_list_and_the_history(tmp_path):
    path = without_prizes(tmp_path / "club.toml")
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "s", "dollar_sign", "e")
        assert type(app.screen).__name__ == "PrizeSetupScreen"
        await choose(pilot, "rule:tie_rule:shared")
        await choose(pilot, "places")
        await type_field(pilot, "prizes", "300 Cup")
        await burst(pilot, "enter")

        await choose(pilot, "add")
        await type_field(pilot, "name", "U1800")
        await type_field(pilot, "band", "18OO")  # letters O for zeros: named at the field as typed
        assert "Rating: '18OO' is not a band" in problems(app)
        assert "! Rating" in screen_text(app)
        await type_field(pilot, "band", "-1799")
        await type_field(pilot, "age", "Uxx")
        assert "Age: 'Uxx' is not an age" in problems(app) and "Rating" not in problems(app)
        await type_field(pilot, "age", "")
        await type_field(pilot, "prizes", "60,,")
        assert "Prizes: prize 2 is empty: give it an amount or a name" in problems(app)
        await burst(pilot, "enter")  # refused while a field does not read: the form stays
        assert type(app.screen).__name__ == "PrizeFieldsForm"
        await type_field(pilot, "prizes", "60")
        assert problems(app) == ""
        await burst(pilot, "enter")
        assert type(app.screen).__name__ == "PrizeSetupScreen"

        await choose(pilot, "add")
        await type_field(pilot, "name", "u1800")  # a name taken, whatever the case
        assert "Name: there is a category 'u1800' already" in problems(app)
        await type_field(pilot, "name", "Women")
        await type_field(pilot, "sex", "w")
        await type_field(pilot, "prizes", "40")
        await burst(pilot, "enter")
        shown = screen_text(app)
        assert "Category  U1800 · -1799 · 60" in shown and "Category  Women · w · 40" in shown

        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        assert doc["prizes"] == {"tie_rule": "shared", "prefer": "place", "places": [{"amount": 300, "name": "Cup"}]}
        assert doc["categories"] == [{"name": "U1800", "rating_max": 1799, "prizes": [60]},
                                     {"name": "Women", "sex": "w", "prizes": [40]}]

        await burst(pilot, "escape")  # the prize list of round 4, with the three prizes
        assert type(app.screen).__name__ == "PrizesScreen"
        table = app.screen.query_one("#prizes")
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        # the sharing rule typed: 2 and 5 tie on 3½ for the one place prize and share its 300; the Cup
        # is not shared and goes with the place the tie-break gives
        assert [r[:4] + r[6:] for r in rows] == [["Overall", "1.", "300 + Cup", "2", "150 + Cup", "shared 2"],
                                                 ["Overall", "2.", "-", "5", "150", "shared 2"],
                                                 ["U1800", "1.", "60", "11", "60", ""],
                                                 ["Women", "1.", "40", "8", "40", ""]]

        await burst(pilot, "l")
        await wait_until(pilot, lambda: "u undoes: prizes (category Women added: prizes 40)" in screen_text(app),
                         "the history with the last change")
        await burst(pilot, "u")
        assert isinstance(app.screen, ConfirmScreen)
        await burst(pilot, "y")
        await wait_until(pilot, lambda: len(store.load(path).prizes.categories) == 1, "the undo saved")
    rules = store.load(path).prizes
    assert [c.category.name for c in rules.categories] == ["U1800"]
    assert rules.categories[0].prizes == (Prize(1, Decimal(60)),)
    assert rules.places == (Prize(1, Decimal(300), "Cup"),) and rules.tie_rule == "shared"
    assert not [n for n in notifications(app) if "error" in n.lower()]


async def test_the_set_up_is_reached_from_the_settings_and_the_palette_and_removes_a_category(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "t")
        menu = app.screen.query_one("#settings")
        menu.highlighted = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "prizes")
        assert "3 place prizes, 4 categories" in str(menu.get_option_at_index(menu.highlighted).prompt)
        await burst(pilot, "enter")
        assert type(app.screen).__name__ == "PrizeSetupScreen"
        setup = app.screen.query_one("#setup")
        setup.highlighted = next(i for i in range(setup.option_count) if setup.get_option_at_index(i).id == "cat:1")
        await burst(pilot, "delete")
        assert isinstance(app.screen, ConfirmScreen) and "Remove the category Women" in app.screen.question
        await burst(pilot, "y")
        assert [c.category.name for c in store.load(path).prizes.categories] == ["U1800", "Seniors 50+",
                                                                                 "Juniors U18"]
        await burst(pilot, "h", "ctrl+p")
        await burst(pilot, *"prize set")
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await burst(pilot, "enter")
        assert type(app.screen).__name__ == "PrizeSetupScreen"
