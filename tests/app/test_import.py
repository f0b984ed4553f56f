"""Importing players from CSV and TRF: preview first, problems named by line and field, one save."""

from __future__ import annotations

from swisstui import store
from swisstui.app import SwissApp
from swisstui.session.player_import import read_players, read_players_csv
from swisstui.screens.import_preview import ImportPreviewScreen
from tests.app.clipping import clipped
from tests.app.screen_text import open_import, screen_lines, screen_text
from tests.data_paths import dutch

SIZE = (80, 24)
FIXTURE = dutch("dutch-2300001-n16-r9.trf")

CSV = """Name;Rating;Title;Fed;FIDE id;Club;National rating
Ivanova, M.;2105;WFM;BUL;2900123;Plovdiv CC;2140
Smith, J.;;;ENG;;;
Bad, R.;twelve;;ENG;;;
Lee, K.;1880;XX;KOR;;;
"""


def test_csv_rows_and_problems():
    preview = read_players_csv(CSV, "club.csv")
    assert [p["name"] for p in preview.players] == ["Ivanova, M.", "Smith, J."]
    assert preview.players[0] == {"name": "Ivanova, M.", "rating": 2105, "title": "WFM", "federation": "BUL",
                                  "fide_id": 2900123, "birth": "", "sex": "",
                                  "club": "Plovdiv CC", "national_id": "", "national_rating": 2140,
                                  "k_factor": 0}
    assert preview.players[1]["rating"] == 0
    assert preview.problems == [
        "club.csv:4: rating: 'twelve' is not a rating from 0 to 3500",
        "club.csv:5: title: 'XX' is not one of GM IM WGM FM WIM CM WFM WCM",
    ]


def test_csv_without_a_name_column():
    preview = read_players_csv("rating,fed\n2000,NOR\n", "x.csv")
    assert preview.players == [] and preview.problems[0].startswith("x.csv:1: header: no name column")


def test_trf_players():
    preview = read_players(FIXTURE)
    assert len(preview.players) == 16 and not preview.problems
    assert all(p["name"] for p in preview.players)


async def test_import_from_the_players_screen(event_file):
    (event_file.parent / "club.csv").write_text(CSV + "Amber, J.;2402;IM;ENG;\n", encoding="utf-8")
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_import(pilot, "club.csv")
        assert isinstance(app.screen, ImportPreviewScreen)
        text = screen_text(app)
        assert "Import 2 players" in text
        assert "club.csv:4: rating" in text
        assert "Amber, J.: already registered, left out" in text
        assert event_file.read_text().count("[[players]]") == 9  # nothing saved by the preview
        await pilot.press("y")
        await pilot.pause()
    event = store.load(event_file)
    assert [(p.id, p.name) for p in event.players[9:]] == [(10, "Ivanova, M."), (11, "Smith, J.")]
    assert event.log[-1].action == "import"


async def test_cancelled_import_saves_nothing(event_file):
    (event_file.parent / "open.trf").write_bytes(FIXTURE.read_bytes())
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_import(pilot, "open.trf")
        assert "Import 16 players" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
    assert len(store.load(event_file).players) == 9


async def test_the_preview_shows_sex_and_year_of_birth_and_names_the_other_fields_read(event_file):
    """Categories go by sex and year of birth: the arbiter checks them before importing, at 80x24."""
    rows = "".join(f"Player{n:02d}, Long-Firstname;{1500 + n};;NOR;;{'w' if n % 2 else 'm'};19{60 + n}-05-12;;;\n"
                   for n in range(1, 21))
    (event_file.parent / "club.csv").write_text(
        "Name;Rating;Title;Fed;FIDE id;Sex;Date of birth;Club;National rating;K\n"
        "Ivanova-Petrova, Margarita Ale;2105;WFM;BUL;2900123;F;12.05.1990;Plovdiv CC;2140;\n"
        "Smith, John;1800;;ENG;;m;1975;;;40\n" + rows, encoding="utf-8")
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_import(pilot, "club.csv")
        assert isinstance(app.screen, ImportPreviewScreen)
        lines = screen_lines(app)
        header = next(line for line in lines if "Name" in line and "Born" in line)
        assert header.split("│")[1].split() == ["Name", "Rtg", "Title", "Fed", "FIDE", "id", "Sex", "Born", "List"]
        first = next(line for line in lines if "Ivanova" in line)
        assert first.split("│")[1].split()[-6:] == ["2105", "WFM", "BUL", "2900123", "w", "1990"]
        smith = next(line for line in lines if "Smith" in line)
        assert smith.split("│")[1].split() == ["Smith,", "John", "1800", "ENG", "m", "1975"]
        assert "also read: club (1 player) · national rating (1 player) · K (1 player)" in screen_text(app)
        assert not clipped(app), clipped(app)
        assert all(len(line) <= 80 for line in lines)


async def test_what_the_csv_module_refuses_is_a_problem_line_of_the_preview(event_file):
    """Old Mac line ends are read; a bare CR in a field and a field over 131,072 characters are problem lines
    naming the file and the line, and the app goes on (issue 29, item 3: it used to exit on ``_csv.Error``)."""
    (event_file.parent / "mac.csv").write_bytes(b"Name;Rating\rBerg, Anna;1900\rDahl, Ben;1800\r")
    (event_file.parent / "bad.csv").write_bytes(b"Name;Rating\nBerg\r Anna;1900\nEck, Cleo;1700\n"
                                                b"\"" + b"x" * 140_000 + b"\";1600\n")
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_import(pilot, "mac.csv")
        assert isinstance(app.screen, ImportPreviewScreen)
        assert "Import 2 players" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("i", *"bad.csv", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ImportPreviewScreen)
        text = screen_text(app)
        assert "Import 1 player" in text and "Eck, Cleo" in text
        assert "bad.csv:2: Name: holds a control character, carriage return" in text
        assert "bad.csv:4: Name: a field of more than 131,072 characters" in text
    assert len(store.load(event_file).players) == 9
