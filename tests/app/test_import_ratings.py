"""Registration lists completed from the FIDE rating list: what a row leaves empty, the list fills."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from swisstui import store
from swisstui.app import SwissApp
from swisstui.session.player_import import read_players
from swisstui.ratings.db import import_list
from swisstui.ratings.fide_list import FideList
from swisstui.screens.import_preview import ImportPreviewScreen
from oracles import fide_lists as F
from tests.app.screen_text import choose_line, notifications, open_import, screen_text
from tests.data_paths import dutch

SIZE = (80, 24)

ENTRIES = """Name;FIDE id;Rating;Fed;Title
;1503014;;;
Muzychuk, M.;13300474;2400;;
;45000012;;;
;99999999;;;
Local, Player;;1500;ENG;
"""


@pytest.fixture
def rating_list(tmp_path) -> Path:
    """The November list imported into the database the tests use (SWISSTUI_RATINGS_DB)."""
    path = F.write(tmp_path / "players_list_foa.txt", F.txt("combined"))
    import_list(Path(os.environ["SWISSTUI_RATINGS_DB"]), FideList(path), "2026-11")
    return path


def test_rows_with_a_fide_id_are_completed(tmp_path, rating_list):
    preview = read_players(F.write(tmp_path / "entries.csv", ENTRIES))
    by_id = {p["fide_id"]: p for p in preview.players}
    assert by_id[1503014] == {"name": "Carlsen, Magnus", "rating": 2831, "title": "GM", "federation": "NOR",
                              "fide_id": 1503014, "birth": "1990", "sex": "m", "club": "", "national_id": "",
                              "national_rating": 0, "k_factor": 10}  # SK 10: the K of the list, kept
    muzychuk = by_id[13300474]  # what the file gives stays: the name and the rating
    assert (muzychuk["name"], muzychuk["rating"], muzychuk["federation"], muzychuk["sex"]) == \
        ("Muzychuk, M.", 2400, "UKR", "w")
    assert by_id[45000012]["rating"] == 0 and by_id[45000012]["name"] == "Okafor, Ngozi"
    assert by_id[None]["name"] == "Local, Player" and by_id[None]["federation"] == "ENG"
    assert preview.rating_list == "2026-11"
    assert preview.completed == [
        "entries.csv:2: Carlsen, Magnus (1503014): name, federation, title, sex, birth, rating, k_factor",
        "entries.csv:3: Muzychuk, M. (13300474): federation, title, sex, birth, k_factor",
        "entries.csv:4: Okafor, Ngozi (45000012): name, federation, sex",
    ]
    assert preview.problems == ["entries.csv:5: name: empty, and FIDE ID 99999999 is not in the 2026-11 rating list"]


def test_the_events_rating_type_is_taken(tmp_path, rating_list):
    preview = read_players(F.write(tmp_path / "entries.csv", ENTRIES), "blitz")
    assert [p["rating"] for p in preview.players[:2]] == [2886, 2400]
    assert [p["k_factor"] for p in preview.players[:2]] == [20, 20]  # BK, where the standard K (SK) is 10


def test_without_a_rating_list_nothing_is_completed(tmp_path):
    assert not Path(os.environ["SWISSTUI_RATINGS_DB"]).exists()
    preview = read_players(F.write(tmp_path / "entries.csv", ENTRIES))
    assert [p["name"] for p in preview.players] == ["Muzychuk, M.", "Local, Player"]
    assert preview.players[0]["federation"] == "" and preview.completed == []
    assert preview.problems[0] == ("entries.csv:2: name: empty, and FIDE ID 1503014 cannot be completed: no FIDE "
                                   "rating list imported ('swisstui ratings import')")


async def test_the_preview_says_which_rows_were_completed(event_file, rating_list):
    event = store.load(event_file)
    event.rating_type = "rapid"
    store.save(event, event_file)
    (event_file.parent / "entries.csv").write_text(ENTRIES, encoding="utf-8")
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_import(pilot, "entries.csv")
        assert isinstance(app.screen, ImportPreviewScreen)
        text = screen_text(app)
        assert "Import 4 players" in text
        assert "✓ 3 rows completed from the 2026-11 FIDE list (rapid ratings)" in text
        carlsen = next(line for line in text.splitlines() if "Carlsen" in line)
        assert "2823" in carlsen and carlsen.rstrip(" │┃").endswith("✓")  # the rapid rating, marked
        local = next(line for line in text.splitlines() if "Local, Player" in line)
        assert "✓" not in local
        await pilot.press("y")
        await pilot.pause()
    players = store.load(event_file).players[9:]
    assert [(p.name, p.rating, p.federation, p.sex, p.birth) for p in players[:2]] == [
        ("Carlsen, Magnus", 2823, "NOR", "m", "1990"), ("Muzychuk, M.", 2400, "UKR", "w", "1992")]


async def test_rating_type_in_the_settings_and_the_event_file(event_file):
    assert "rating_type" not in event_file.read_text()  # the default is not written
    app = SwissApp(event_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert "Rating       ● standard" in screen_text(app)
        await choose_line(pilot, "rating:rapid")
        assert "Rating       ● rapid" in screen_text(app)
    assert store.load(event_file).rating_type == "rapid"
    assert 'rating_type = "rapid"' in event_file.read_text()
    bad = event_file.read_text().replace('rating_type = "rapid"', 'rating_type = "bullet"')
    event_file.write_text(bad)
    with pytest.raises(store.EventFileError, match="rating_type"):
        store.load(event_file)


async def test_a_new_rating_type_says_who_keeps_the_old_types_ratings(event_file):
    """Registered players keep their rating and K; the arbiter is told, and how to take the new type's."""
    event = store.load(event_file)
    for pid, fide_id in ((1, 1503014), (2, 2900123)):
        event.player(pid).fide_id = fide_id
    store.save(event, event_file)
    app = SwissApp(event_file)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await choose_line(pilot, "rating:blitz")
        said = notifications(app)
    assert said[-1] == ("rating type blitz saved; 2 players with a FIDE ID keep standard ratings and K: R on the "
                        "players screen takes the blitz ones from the FIDE list")
    assert store.load(event_file).rating_type == "blitz"


def test_a_trf_list_is_completed_too(tmp_path, rating_list):
    lines = dutch("dutch-2300001-n16-r9.trf").read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    lines[first] = lines[first][:57] + f"{1503014:>11}" + lines[first][68:]  # FIDE ID, columns 58-68
    preview = read_players(F.write(tmp_path / "open.trf", "\n".join(lines) + "\n"))
    player = preview.players[0]
    assert (player["name"], player["rating"], player["federation"], player["title"], player["birth"]) == \
        ("Test0001 Player0001", 2391, "NOR", "GM", "1990")  # the file's name and rating are kept
    assert preview.completed == ["open.trf: player 1: Test0001 Player0001 (1503014): federation, title, sex, birth, k_factor"]
    assert len(preview.players) == 16 and not preview.problems


def test_a_300_player_registration_list_of_fide_ids_is_completed_from_the_list(tmp_path):
    """An open's entry list as clubs send it, FIDE IDs only, against a list of 3,000 players: every row
    comes back with the name, federation, title, birth year and rating the list gives."""
    players = [dict(id=100000 + 37 * i, name=f"Player{i:04d}, Entrant", fed=("GER", "FRA", "ESP")[i % 3],
                    tit=("", "FM", "IM")[i % 3], s=1400 + (i * 7) % 1200, sk=20, bday=1950 + i % 60)
               for i in range(3000)]
    path = F.write(tmp_path / "players_list_foa.txt", F.txt("combined", players))
    import_list(Path(os.environ["SWISSTUI_RATINGS_DB"]), FideList(path), "2026-11")
    chosen = players[::10]  # 300 of them
    entries = "Name;FIDE id\n" + "".join(f";{p['id']}\n" for p in chosen)
    preview = read_players(F.write(tmp_path / "open.csv", entries))
    assert preview.problems == [] and len(preview.players) == 300
    got = {p["fide_id"]: p for p in preview.players}
    for p in chosen:
        row = got[p["id"]]
        assert (row["name"], row["federation"], row["title"], row["rating"], row["birth"]) == \
            (p["name"], p["fed"], p["tit"], p["s"], str(p["bday"]))
    assert len(preview.completed) == 300
