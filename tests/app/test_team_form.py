"""The form that registers a team: what it reads from each field, and a field that does not read named, the
form kept open with what was typed and nothing registered."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.team_form import FormError, parse_team
from swisstui.store.team_records import TeamSettings
from tests.app.screen_text import burst, notifications, wait_until


def test_the_form_reads_players_in_board_order_and_reserves() -> None:
    raw = {"name": " Rooks ", "short": "RKS", "federation": "nor", "club": "Oslo SK", "captain": "Berg",
           "board1": "Hansen, Ola, 2210", "board2": "Berg 1980", "board3": "Lie, Kari", "reserves": "Moe 1500; Dahl, Per"}
    team = parse_team(raw, 3)
    assert (team.name, team.short, team.federation, team.club, team.captain) == ("Rooks", "RKS", "NOR", "Oslo SK", "Berg")
    assert team.roster == ({"name": "Hansen, Ola", "rating": 2210}, {"name": "Berg", "rating": 1980},
                           {"name": "Lie, Kari", "rating": 0})
    assert team.reserves == ({"name": "Moe", "rating": 1500}, {"name": "Dahl, Per", "rating": 0})


@pytest.mark.parametrize("field, text, said", [
    ("name", "", "Team: a team needs a name"),
    ("federation", "NORW", "Federation: three letters"),
    ("board2", "", "Board 2: a player needs a name"),
    ("board1", "Hansen 4100", "Board 1: rating 4100"),
    ("reserves", "2100", "Reserve 1: a player needs a name"),
])
def test_a_field_that_does_not_read_is_named(field: str, text: str, said: str) -> None:
    raw = {"name": "Rooks", "board1": "A 2000", "board2": "B 1900", "reserves": ""} | {field: text}
    with pytest.raises(FormError, match=said) as err:
        parse_team(raw, 2)
    assert err.value.field == field


async def test_a_bad_rating_keeps_the_form_open_and_registers_nothing(tmp_path: Path) -> None:
    event = store.new_event("League", 5, system="fide-team")
    event.team = TeamSettings(2)
    path = tmp_path / "league.toml"
    store.create(event, path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, "p", "a")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamFormScreen", "the form")
        await burst(pilot, *"Rooks", "enter", "enter", "enter", "enter", "enter", *"Hansen 2210", "enter",
                    *"Berg 9999", "enter", "enter")
        await wait_until(pilot, lambda: any("Board 2: rating 9999" in n for n in notifications(app)), "the refusal")
        assert type(app.screen).__name__ == "TeamFormScreen" and app.focused is not None
        assert app.focused.id == "board2" and app.focused.value == "Berg 9999"  # type: ignore[attr-defined]
        await burst(pilot, "ctrl+u", *"Berg 1980", "ctrl+s")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamsScreen", "the teams again")
    teams = store.load(path).teams
    assert [(t.name, len(t.roster)) for t in teams] == [("Rooks", 2)]
