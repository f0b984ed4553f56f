"""CSV registration reads sex, birth date or year, club, national ID and national rating under the header
names arbiters' lists use, normalised to what the event and its categories read; a bad value is a problem
naming the file, the line and the field, and its row is left out."""

from __future__ import annotations

import datetime as dt

from engine.awards.categories import Applicant, Category, qualifies
from swisstui.session.player_import import read_players_csv

LIST = """Name;Gender;Date of birth;Club;National ID;National rating
Berg, Anna;F;12.05.1990;Riverside;GER-1234;1850
Dahl, Ben;male;1961;Lakeside;GER-99;
Eck, Cleo;female;2011-02-28;;;1210
Falk, Dan;M;1975/00/00;Riverside;;
"""


def test_the_columns_are_read_and_normalised():
    preview = read_players_csv(LIST, "club.csv")
    assert preview.problems == []
    got = [{k: p[k] for k in ("name", "sex", "birth", "club", "national_id", "national_rating")}
           for p in preview.players]
    assert got == [
        {"name": "Berg, Anna", "sex": "w", "birth": "1990-05-12", "club": "Riverside", "national_id": "GER-1234",
         "national_rating": 1850},
        {"name": "Dahl, Ben", "sex": "m", "birth": "1961", "club": "Lakeside", "national_id": "GER-99",
         "national_rating": 0},
        {"name": "Eck, Cleo", "sex": "w", "birth": "2011-02-28", "club": "", "national_id": "",
         "national_rating": 1210},
        {"name": "Falk, Dan", "sex": "m", "birth": "1975", "club": "Riverside", "national_id": "",
         "national_rating": 0},
    ]


def test_what_was_read_puts_players_in_their_categories():
    # "F" and "female" are women for a category of sex "w"; 12.05.1990 has its year where ages read it
    preview = read_players_csv(LIST, "club.csv")
    people = [Applicant(i, 0, int(p["national_rating"]), str(p["birth"]), str(p["sex"]), "", str(p["club"]))
              for i, p in enumerate(preview.players, start=1)]
    women = Category("Women", sex="w")
    juniors = Category("U18", age="U18")
    over_30 = Category("Born 1990 or earlier", born_to=dt.date(1990, 12, 31))
    assert [p.id for p in people if qualifies(p, women, 2026)] == [1, 3]
    assert [p.id for p in people if qualifies(p, juniors, 2026)] == [3]
    assert [p.id for p in people if qualifies(p, over_30, 2026)] == [1, 2, 4]


def test_bad_values_name_the_file_the_line_and_the_field_and_their_rows_are_left_out():
    text = """name,sex,birth,national rating
"Good, One",w,1990,1500
"Bad, Sex",x,1990,
"Bad, Date",m,31.02.1990,
"Bad, Form",m,5/12/90,
"Bad, Year",m,1850,
"Bad, Rating",m,1990,18OO
"""
    preview = read_players_csv(text, "entries.csv")
    assert [p["name"] for p in preview.players] == ["Good, One"]
    assert preview.problems == [
        "entries.csv:3: sex: 'x' is not m or w (male, female and f are read too)",
        "entries.csv:4: birth: '31.02.1990' is not a date: no such day",
        "entries.csv:5: birth: '5/12/90' is not a year (1990) or a date (1990-05-12, 12.05.1990)",
        f"entries.csv:6: birth: '1850' is not a year of birth from 1880 to {dt.date.today().year}",
        "entries.csv:7: national_rating: '18OO' is not a rating from 0 to 9999",
    ]


# -- what the csv module itself refuses: named, the row left out, the rest read (issue 29, item 3) --


def test_old_mac_line_endings_are_read():
    """``printf 'Name;Rating\\rBerg, Anna;1900\\rDahl, Ben;1800\\r'``: CR alone ends each line."""
    preview = read_players_csv("Name;Rating\rBerg, Anna;1900\rDahl, Ben;1800\r", "mac.csv")
    assert preview.problems == []
    assert [(p["name"], p["rating"]) for p in preview.players] == [("Berg, Anna", 1900), ("Dahl, Ben", 1800)]
    assert preview.where == ["mac.csv:2", "mac.csv:3"]


def test_a_bare_cr_inside_a_field_is_a_problem_of_its_line_and_field():
    preview = read_players_csv("Name;Rating\nBerg\r Anna;1900\nDahl, Ben;1800\n", "entries.csv")
    assert preview.problems == [
        "entries.csv:2: Name: holds a control character, carriage return (U+000D), at character 5 of the line: "
        "names and details are one line of text"]
    assert [p["name"] for p in preview.players] == ["Dahl, Ben"] and preview.where == ["entries.csv:3"]


def test_a_field_over_the_csv_limit_is_a_problem_of_its_line_and_field():
    long = "x" * 140_000
    preview = read_players_csv(f"Name;Club;Rating\nOk, One;;1500\nBerg, Anna;\"{long}\";1900\nDahl, Ben;;1800\n",
                               "big.csv")
    assert preview.problems == [
        "big.csv:3: Club: a field of more than 131,072 characters: names and details are one line of text"]
    assert [p["name"] for p in preview.players] == ["Ok, One", "Dahl, Ben"]
    assert preview.where == ["big.csv:2", "big.csv:4"]


def test_a_header_the_reader_refuses_is_named_on_line_1():
    preview = read_players_csv("Na\rme;Rating\nBerg, Anna;1900\n", "head.csv")
    assert preview.players == []
    assert preview.problems == [
        "head.csv:1: column 1: holds a control character, carriage return (U+000D), at character 3 of the line: "
        "names and details are one line of text"]


def test_a_quoted_field_over_several_lines_is_named_by_the_line_it_starts_on():
    preview = read_players_csv('Name;Rating\n"Berg,\nAnna";1900\nDahl, Ben;1800\n', "multi.csv")
    assert preview.problems == ["multi.csv:2: name: 'Berg,\\nAnna' holds a control character, line feed (U+000A), "
                                "at character 6: names and details are one line of text"]
    assert preview.where == ["multi.csv:4"]
