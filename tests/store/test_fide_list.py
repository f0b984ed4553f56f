"""The FIDE rating list read in each published layout, and kept in the local database.

The lists are written by oracles/fide_lists.py at the columns of tests/data/spec/fide-rating-list.md:
combined with FOA, legacy combined, single-type, XML, and each inside a ZIP.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from swisstui.ratings import db as ratings_db
from swisstui.ratings.db import ImportFailed, RatingsDb, fold, import_list
from swisstui.ratings.fide_list import FideList, ListError
from oracles import fide_lists as F

CARLSEN = (1503014, "Carlsen, Magnus", "NOR", "M", "GM", "", "", "", 2831, 9, 10, 2823, 14, 20, 2886, 21, 20, 1990,
           "")


def rows(path: Path, rating_type: str | None = None) -> tuple[list[tuple], FideList]:
    source = FideList(path, rating_type)
    return [row for _, row in source.players()], source


def test_the_written_header_is_the_published_one():
    assert F.header(F.LAYOUTS["combined"]) == F.LAYOUTS["foa_header"]
    assert len(F.txt("combined").splitlines()[1]) == F.LAYOUTS["combined_width"]


@pytest.mark.parametrize("name, text, layout", [
    ("players_list_foa.txt", F.txt("combined"), "combined"),
    ("players_list.txt", F.txt("legacy"), "legacy"),
    ("players_list_xml_foa.xml", F.xml(), "xml"),
])
def test_combined_layouts_read_every_field(tmp_path, name, text, layout):
    found, source = rows(F.write(tmp_path / name, text))
    assert source.report.layout == layout and source.report.bad_count == 0
    assert [r[0] for r in found] == [p["id"] for p in F.PLAYERS]
    assert found[0] == CARLSEN
    assert found[1][:8] == (13300474, "Muzychuk, Mariya", "UKR", "F", "GM", "WGM", "", "")
    assert found[3][1] == "Špaček, Sébastien" and found[3][6] == "FA,NA"
    assert found[5][8:] == (0, 0, 0, 0, 0, 0, 0, 0, 0, None, "w")  # unrated everywhere, no birth year


@pytest.mark.parametrize("kind", ["standard", "rapid", "blitz"])
def test_single_type_lists(tmp_path, kind):
    text = F.txt("single", month="OCT26", kind=kind[0])
    found, source = rows(F.write(tmp_path / f"{kind}_oct26frl.txt", text))
    report = source.report
    assert (report.layout, report.month, report.rating_types) == (kind, "2026-10", (kind,))
    carlsen = dict(zip(ratings_db.COLUMNS, found[0]))
    expected = {"standard": (2831, 9, 10), "rapid": (2823, 14, 20), "blitz": (2886, 21, 20)}[kind]
    assert (carlsen[kind], carlsen[f"{kind}_games"], carlsen[f"{kind}_k"]) == expected
    others = [c for c in ("standard", "rapid", "blitz") if c != kind]
    assert all(carlsen[c] is None for c in others) and carlsen["birth"] == 1990


def test_single_type_list_whose_name_does_not_say_the_type(tmp_path):
    path = F.write(tmp_path / "list.txt", F.txt("single"))
    with pytest.raises(ListError, match=r"list.txt:1: .*OCT26.*--type"):
        rows(path)
    assert rows(path, "rapid")[0][0][11] == 2831  # --type rapid: the column is the rapid rating


@pytest.mark.parametrize("zip_name, member, text", [
    ("players_list_foa.zip", "players_list_foa.txt", F.txt("combined")),
    ("players_list.zip", "players_list.txt", F.txt("legacy")),
    ("standard_oct26frl.zip", "standard_oct26frl.txt", F.txt("single")),
    ("standard_oct26frl_xml.zip", "players_list_xml_foa.xml", F.xml()),
])
def test_zip_is_read_directly(tmp_path, zip_name, member, text):
    found, source = rows(F.write_zip(tmp_path / zip_name, member, text))
    assert source.report.source == f"{zip_name}:{member}"
    assert found[0][:5] == CARLSEN[:5] and len(found) == len(F.PLAYERS)


def test_offsets_come_from_the_header(tmp_path):
    """A list whose columns moved (a wider name, FOA before OTit) is read at its header's offsets."""
    moved = [["ID Number", 0], ["Name", 12], ["Fed", 80], ["Sex", 84], ["Tit", 88], ["WTit", 93], ["FOA", 98],
             ["OTit", 102], ["SRtng", 120], ["SGm", 126], ["SK", 130], ["RRtng", 133], ["RGm", 139], ["Rk", 143],
             ["BRtng", 146], ["BGm", 152], ["BK", 156], ["B-day", 159], ["Flag", 165]]
    found, _ = rows(F.write(tmp_path / "players_list_foa.txt", F.txt("combined", columns=moved)))
    assert found[0] == CARLSEN
    assert found[3][6] == "FA,NA" and found[4][-1] == "wi"


def test_a_long_other_title_spilling_into_foa(tmp_path):
    """FIDE's few 163-character lines: OTit runs one character into FOA and pushes the rest right."""
    text = F.txt("combined").splitlines()
    spilled = text[1][:94] + "FST,LSI,IA,FA,NA" + text[1][109:]
    assert len(spilled) == 163
    path = F.write(tmp_path / "players_list_foa.txt", "\n".join([text[0], spilled, *text[2:]]) + "\n")
    found, source = rows(path)
    assert source.report.bad_count == 0
    assert found[0] == CARLSEN[:6] + ("FST,LSI,IA,FA,NA",) + CARLSEN[7:]


def test_bad_lines_are_skipped_counted_and_named(tmp_path):
    good = F.txt("combined").splitlines()
    bad_rating = good[1][:113] + "28x1  " + good[1][119:]
    no_id = " " * 15 + good[2][15:]
    bad_sex = good[3][:80] + "X   " + good[3][84:]
    lines = [good[0], good[1], bad_rating, good[2], no_id, good[3], bad_sex, *good[4:]]
    found, source = rows(F.write(tmp_path / "players_list_foa.txt", "\n".join(lines) + "\n"))
    report = source.report
    assert len(found) == len(F.PLAYERS) and report.bad_count == 3
    assert [b.describe(report.source) for b in report.bad] == [
        "players_list_foa.txt:3: SRtng: '28x1' is not a number",
        "players_list_foa.txt:5: ID Number: no FIDE ID",
        "players_list_foa.txt:7: Sex: 'X' is not M or F",
    ]


def test_bad_xml_player_and_broken_xml(tmp_path):
    broken_rating = F.xml().replace("<rating>2501</rating>", "<rating>25O1</rating>")
    found, source = rows(F.write(tmp_path / "players_list_xml_foa.xml", broken_rating))
    assert len(found) == len(F.PLAYERS) - 1
    assert [b.describe(source.report.source, "player") for b in source.report.bad] == [
        "players_list_xml_foa.xml: player 2: rating: '25O1' is not a number"]
    cut = F.xml()[:-40]
    with pytest.raises(ListError, match=r"players_list_xml_foa.xml:\d+: column \d+: not well-formed XML"):
        rows(F.write(tmp_path / "players_list_xml_foa.xml", cut))


def test_latin1_file(tmp_path):
    """FIDE fixes no encoding: a list in Latin-1 keeps its accents and its columns."""
    path = F.write(tmp_path / "players_list_foa.txt", F.txt("combined", [dict(id=5, name="Zoë, Noël", fed="FRA")]),
                   encoding="latin-1")
    assert rows(path)[0][0][:3] == (5, "Zoë, Noël", "FRA")


def test_not_a_list(tmp_path):
    with pytest.raises(ListError, match=r"notes.txt:1: header: not a FIDE rating list"):
        rows(F.write(tmp_path / "notes.txt", "Round 1 pairings\nBoard 1\n"))


# -- the database ---------------------------------------------------------------------


def imported(tmp_path: Path, name: str = "standard_oct26frl.txt", text: str | None = None, month=None, db=None):
    path = F.write(tmp_path / name, text if text is not None else F.txt("combined"))
    return import_list(db or tmp_path / "r.sqlite", FideList(path), month)


def dump(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return list(conn.iterdump())


def test_month_from_name_option_and_header(tmp_path):
    assert imported(tmp_path, "players_list_foa_oct26.txt").info.month == "2026-10"
    assert imported(tmp_path, "players_list_foa.txt", month="2026-11").info.month == "2026-11"
    single = F.txt("single", month="DEC26")
    assert imported(tmp_path, "standard_rating_list.txt", single).info.month == "2026-12"  # the header's OCT26 token
    held = RatingsDb(tmp_path / "r.sqlite")
    assert [i.month for i in held.lists()] == ["2026-12", "2026-11", "2026-10"]
    assert held.list_info().month == "2026-12"  # the newest is used by default
    assert held.by_id(1503014).rapid is None  # the December list is standard only
    assert held.by_id(1503014, "2026-11").rapid == 2823
    with pytest.raises(LookupError, match=r"no list for 2025-01 \(held: 2026-12, 2026-11, 2026-10\)"):
        held.by_id(1503014, "2025-01")


def test_the_same_month_again_replaces_its_list(tmp_path):
    imported(tmp_path, month="2026-11")
    fewer = F.txt("combined", F.PLAYERS[:2])
    result = imported(tmp_path, "players_list_foa.txt", fewer, month="2026-11")
    assert result.replaced and result.info.players == 2
    db = RatingsDb(tmp_path / "r.sqlite")
    assert [i.month for i in db.lists()] == ["2026-11"] and db.by_id(623539) is None


def test_repeated_fide_id_is_a_bad_line(tmp_path):
    lines = F.txt("combined").splitlines()
    result = imported(tmp_path, "players_list_foa.txt", "\n".join([*lines, lines[2]]) + "\n", month="2026-11")
    assert result.info.players == len(F.PLAYERS) and result.report.bad_count == 1
    assert result.report.bad[0].describe("x") == "x:8: ID Number: 13300474 is on an earlier line too (this line left out)"


def test_too_many_bad_lines_import_nothing(tmp_path):
    imported(tmp_path, month="2026-10")
    before = dump(tmp_path / "r.sqlite")
    header, *body = F.txt("combined").splitlines()
    bad = [line[:113] + "abc   " + line[119:] for line in body] * 40
    with pytest.raises(ImportFailed, match=r"240 of 246 lines cannot be read"):
        imported(tmp_path, "players_list_foa.txt", "\n".join([header, *body, *bad]) + "\n", month="2026-11")
    assert dump(tmp_path / "r.sqlite") == before


def test_a_failed_import_leaves_the_database_as_it_was(tmp_path, monkeypatch):
    """One transaction: stopped after two batches were written (ctrl-C here), nothing of it remains."""
    imported(tmp_path, month="2026-10")
    before = dump(tmp_path / "r.sqlite")
    monkeypatch.setattr(ratings_db, "BATCH", 2)
    calls = []

    def stop(count: int) -> None:
        calls.append(count)
        if len(calls) == 2:
            raise KeyboardInterrupt

    path = F.write(tmp_path / "players_list_foa.txt", F.txt("combined"))
    for month in ("2026-10", "2026-11"):  # replacing a month held, adding a new one
        calls.clear()
        with pytest.raises(KeyboardInterrupt):
            import_list(tmp_path / "r.sqlite", FideList(path), month, progress=stop)
        assert dump(tmp_path / "r.sqlite") == before
    fresh = tmp_path / "new" / "fresh.sqlite"
    calls.clear()
    with pytest.raises(KeyboardInterrupt):
        import_list(fresh, FideList(path), "2026-11", progress=stop)
    assert not fresh.exists()


@pytest.mark.parametrize("query, ids", [
    ("1503014", [1503014]),
    ("Carlsen, M", [1503014]),
    ("carlsen", [1503014]),
    ("CARLSEN,MAGNUS", [1503014]),
    ("carls", [1503014, 34100001]),
    ("Spacek, Seb", [24116068]),
    ("špaček", [24116068]),
    ("vachier lagrave", [623539]),
    ("Vachier-Lag", [623539]),
    ("99", []),
    ("zz", []),
])
def test_find_by_id_and_name_prefix(tmp_path, query, ids):
    imported(tmp_path, month="2026-11")
    assert [p.fide_id for p in RatingsDb(tmp_path / "r.sqlite").find(query)] == ids


def test_fold():
    assert fold("Łukasik, Đorđe") == "lukasik dorde"
    assert fold("  Sørensen,  Zoë-Ann ") == "sorensen zoe ann"


def test_damaged_zip(tmp_path):
    """A download cut short or corrupted is refused as such, not reported as a bug."""
    path = F.write_zip(tmp_path / "players_list_foa.zip", "players_list_foa.txt", F.txt("combined") * 50)
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(64)
    path.write_bytes(bytes(data))
    with pytest.raises(ListError, match=r"players_list_foa.zip: the ZIP is damaged \(.*\): download it again"):
        rows(path)


def test_a_database_in_a_folder_with_uri_characters(tmp_path):
    folder = tmp_path / "club #1 ?50% data"
    folder.mkdir()
    imported(tmp_path, month="2026-11", db=folder / "r.sqlite")
    assert RatingsDb(folder / "r.sqlite").by_id(1503014).name == "Carlsen, Magnus"


def test_an_import_while_a_reader_keeps_the_database_open(tmp_path):
    """The player form keeps the database open between look-ups: a new month still imports."""
    imported(tmp_path, month="2026-10")
    reader = RatingsDb(tmp_path / "r.sqlite")
    assert reader.by_id(1503014) is not None and reader.by_name("carl")
    imported(tmp_path, month="2026-11")
    assert reader.list_info().month == "2026-11"
