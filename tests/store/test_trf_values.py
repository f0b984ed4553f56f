"""Values no real event needs and TRF cannot hold are refused where they enter, naming the field.

A five-digit rating, a twelve-digit FIDE id, a pairing number past 9999, or a
line break or escape sequence in a name would shift TRF's columns, split its
lines or reach the terminal as a command (``engine.trf.fields``). Every entry
path refuses them and saves nothing: a hand-edited event file (file, line,
field), the player actions behind the app's forms, a CSV or TRF list of players,
a TRF import, the command line. A long name, which TRF cuts, stays accepted
(tests/cli/test_trf_export.py checks its warning).
"""

from __future__ import annotations

import re

import pytest

from engine import trf
from engine.trf.fields import number_problem, registration_problem, text_problem
from swisstui import store
from swisstui.session.actions import ActionError, Session
from swisstui.cli import main
from swisstui.store.details import DetailsError, parse as parse_details
from swisstui.store.event import PlayerRecord
from swisstui.session.player_import import read_players_csv, read_players

CLEAR = "\x1b[2J"


@pytest.fixture
def event_file(tmp_path):
    event = store.new_event("Spring Open", 5)
    event.players = [PlayerRecord(1, "Amber, J.", 2400), PlayerRecord(2, "Berg, K.", 2300)]
    path = tmp_path / "spring.toml"
    store.save(event, path)
    return path


def player_file(**fields: str) -> str:
    """An event file with one player whose keys are written as given (TOML values)."""
    lines = ['schema = 1', '[event]', 'name = "Open"', '[settings]', 'rounds = 5', '[[players]]', 'id = 1']
    lines += [f"{key} = {value}" for key, value in fields.items()]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("key, value, message", [
    ("rating", "10000", "expected an integer from 0 to 9999, got 10000"),
    ("rating", "-1", "expected an integer of at least 0, got -1"),
    ("fide_id", "100000000000", "expected an integer from 1 to 99999999999"),
    ("federation", '"NO\\nR"', "holds a control character, line feed (U+000A), at character 3"),
    ("birth", '"1990\\u009b"', "holds a control character"),
    ("sex", '"\\u0007"', "holds a control character, U+0007, at character 1"),
])
def test_an_event_file_value_trf_cannot_hold_is_a_located_error(key, value, message):
    text = player_file(name='"Amber, J."', **{key: value})
    with pytest.raises(store.EventFileError) as err:
        store.loads(text, path="e.toml")
    assert (err.value.path, err.value.line, err.value.field) == ("e.toml", 9, f"players.{key}")
    assert message in err.value.message


def test_an_escape_sequence_in_a_name_is_a_located_error_showing_it_escaped():
    with pytest.raises(store.EventFileError) as err:
        store.loads(player_file(name='"Smith\\u001b[2J"'), path="e.toml")
    assert str(err.value) == ("e.toml:8: players.name: 'Smith\\x1b[2J' holds a control character, ESC (U+001B), "
                              "at character 6: names and details are one line of text")
    assert "\x1b" not in str(err.value)


def test_a_pairing_number_past_9999_is_a_located_error():
    text = player_file(name='"Amber, J."').replace("id = 1", "id = 10000")
    with pytest.raises(store.EventFileError) as err:
        store.loads(text, path="e.toml")
    assert (err.value.line, err.value.field) == (7, "players.id")


@pytest.mark.parametrize("key", ["city", "chief_arbiter", "time_control", "federation"])
def test_event_details_with_a_line_break_are_a_located_error(key):
    text = f'schema = 1\n[event]\nname = "Open"\n{key} = "a\\r\\nb"\n[settings]\nrounds = 5\n'
    with pytest.raises(store.EventFileError) as err:
        store.loads(text, path="e.toml")
    assert (err.value.line, err.value.field) == (4, f"event.{key}")


def test_a_deputy_arbiter_with_a_line_break_is_a_located_error():
    text = 'schema = 1\n[event]\nname = "Open"\ndeputy_arbiters = ["A", "B\\nC"]\n[settings]\nrounds = 5\n'
    with pytest.raises(store.EventFileError) as err:
        store.loads(text, path="e.toml")
    assert (err.value.line, err.value.field) == (4, "event.deputy_arbiters")


def test_the_rules_name_the_first_field_that_does_not_fit():
    assert registration_problem({"name": "Ann", "rating": 9999, "fide_id": 99999999999}) is None
    assert registration_problem({"name": "Ann", "rating": 10000})[0] == "rating"
    assert registration_problem({"fide_id": 10**11})[0] == "fide_id"
    assert registration_problem({"federation": "N\u2028O"})[0] == "federation"
    assert number_problem("rating", -5) == "-5 is negative"
    assert text_problem("Tab\there") is not None and text_problem("Łukasz, Ørsted-Ünal ½") is None


@pytest.mark.parametrize("fields, named", [
    ({"name": "Smith" + CLEAR}, "name"),
    ({"name": "Ann", "rating": 10000}, "rating"),
    ({"name": "Ann", "rating": -1}, "rating"),
    ({"name": "Ann", "fide_id": 10**11}, "fide id"),
    ({"name": "Ann", "federation": "NO\nR"}, "federation"),
])
def test_registering_a_value_trf_cannot_hold_is_refused_and_nothing_saved(event_file, fields, named):
    before = event_file.read_bytes()
    session = Session.open(event_file)
    name = fields.pop("name")
    with pytest.raises(ActionError) as err:
        session.players.add(name, **fields)
    assert str(err.value).startswith(f"{named}: ")
    assert event_file.read_bytes() == before


def test_editing_in_a_value_trf_cannot_hold_is_refused_and_nothing_saved(event_file):
    before = event_file.read_bytes()
    session = Session.open(event_file)
    with pytest.raises(ActionError, match=r"^rating: 12000 is not a rating TRF can hold \(0 to 9999\)"):
        session.players.edit(1, rating=12000)
    with pytest.raises(ActionError, match=r"^name: 'Amber\\x1b\[2J' holds a control character, ESC"):
        session.players.edit(1, name="Amber" + CLEAR)
    with pytest.raises(ActionError, match="^fide id: "):
        session.players.import_list([{"name": "Ok", "fide_id": 10**12}])
    assert event_file.read_bytes() == before


def test_a_csv_list_with_values_trf_cannot_hold_names_the_line_and_field():
    text = 'name,rating,fideid,fed\n"Smith\x1b[2J",2000,,NOR\nLee,2100,123456789012,NOR\n"Two\nLines",1900,,SWE\nOk,1800,,DEN\n'
    preview = read_players_csv(text, "list.csv")
    assert [p["name"] for p in preview.players] == ["Ok"]
    assert preview.problems[0].startswith("list.csv:2: name: 'Smith\\x1b[2J' holds a control character, ESC")
    assert preview.problems[1].startswith("list.csv:3: fide_id: 123456789012 has more than the 11 digits")
    assert preview.problems[2].startswith("list.csv:4: name: 'Two\\nLines' holds a control character, line feed")


PLAYER = f"001 {1:4d} m{'':>3} {'Amber, J.':<33} {2400:>4} {'NOR':<3} {1503014:>11} {'1990/01/01':<10} {'0.0':>4} {1:>4}"


def test_a_trf_record_with_a_control_character_is_refused_at_its_column(tmp_path, capsys):
    line = PLAYER.replace("Amber, J.", "Amber\x1b[2J")
    with pytest.raises(trf.TrfError) as err:
        trf.loads("012 Open\n" + line + "\n", source="in.trf")
    assert (err.value.line, err.value.columns) == (2, (20, 20))
    assert "ESC (U+001B)" in err.value.what
    path = tmp_path / "in.trf"  # a raw ESC is not text at all (swisstui.store.text_input); a C1 CSI is a character
    path.write_text("012 Open\n" + PLAYER.replace("Amber, J.", "Amber\u009b2J.") + "\n", encoding="utf-8")
    assert main(["import", str(path), "-o", str(tmp_path / "e.toml"), "--rounds", "5"]) == 3
    assert f"{path}:2:20-20: a control character, " in capsys.readouterr().err
    assert not (tmp_path / "e.toml").exists()
    preview = read_players(path)  # the app's import of a registration list
    assert preview.players == [] and "U+009B, in column 20" in preview.problems[0]


def test_a_windows_1252_trf_reads_its_letters_not_control_characters(tmp_path):
    path = tmp_path / "cp1252.trf"
    path.write_bytes(("012 Open\n" + PLAYER.replace("Amber, J.   ", "Šimek, Žofie") + "\n").encode("cp1252"))
    assert trf.load(path).tournament.by_id[1].name == "Šimek, Žofie"
    assert read_players(path).players[0]["name"] == "Šimek, Žofie"


def test_a_dos_end_of_file_mark_is_not_a_control_character_in_a_record():
    assert trf.loads("012 Open\n" + PLAYER + "\n\x1a").tournament.by_id[1].name == "Amber, J."


def test_an_event_name_that_is_not_one_line_is_refused_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "new.toml"
    assert main(["new", str(path), "--name", "Open" + CLEAR, "--rounds", "5"]) == 2
    assert "event name 'Open\\x1b[2J' holds a control character, ESC" in capsys.readouterr().err
    assert not path.exists()
    source = tmp_path / "in.trf"
    source.write_text("012 Open\n" + PLAYER + "\n", encoding="utf-8")
    assert main(["import", str(source), "-o", str(path), "--rounds", "5", "--name", "A\nB"]) == 3
    assert "event name 'A\\nB' holds a control character" in capsys.readouterr().err
    assert not path.exists()


def test_the_details_screen_refuses_a_line_break_naming_the_field():
    with pytest.raises(DetailsError, match="^Chief arbiter: holds a control character, line feed"):
        parse_details({"name": "Open", "chief_arbiter": "Ann\nBo"}, rounds=5)


BIDI = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]


@pytest.mark.parametrize("mark", BIDI, ids=[f"U+{ord(c):04X}" for c in BIDI])
def test_a_bidirectional_control_is_refused_as_control_characters_are(mark, tmp_path, capsys):
    """U+202E in "Amber\u202e.J" draws "Amber" then the rest of the line backwards, on a screen and in
    the published pages: every path that refuses an escape character refuses it, naming it."""
    import unicodedata

    named = f"{unicodedata.name(mark)} (U+{ord(mark):04X})"
    assert text_problem(f"Amber{mark}, J.") == (f"holds a control character, {named}, at character 6: "
                                                "names and details are one line of text")
    with pytest.raises(store.EventFileError) as err:
        store.loads(player_file(name=f'"Amber\\u{ord(mark):04x}, J."'), path="e.toml")
    assert (err.value.line, err.value.field) == (8, "players.name") and named in err.value.message
    assert mark not in str(err.value)
    with pytest.raises(DetailsError, match="^City: holds a control character, " + re.escape(named)):
        parse_details({"name": "Open", "city": f"Gent{mark}"}, rounds=5)
    preview = read_players_csv(f"name,rating\nAmber{mark}x,2000\nOk,1800\n", "list.csv")
    assert [p["name"] for p in preview.players] == ["Ok"] and named in preview.problems[0]
    with pytest.raises(trf.TrfError) as trf_err:
        trf.loads("012 Open\n" + PLAYER.replace("Amber, J.", f"Amber{mark}J.") + "\n", source="in.trf")
    assert (trf_err.value.line, trf_err.value.columns) == (2, (20, 20))
    path = tmp_path / "new.toml"
    assert main(["new", str(path), "--name", f"Open{mark}", "--rounds", "5"]) == 2
    assert named in capsys.readouterr().err and not path.exists()


def test_a_file_with_a_right_to_left_override_publishes_no_page(tmp_path, capsys):
    """Written before the rule, a file with U+202E in a name is refused
    with the place of the name, instead of pages whose line after the name is drawn backwards."""
    from swisstui.store.event import Board

    event = store.new_event("Spring Open", 5)
    event.players = [PlayerRecord(1, "Amber, J.", 2400), PlayerRecord(2, "Berg, K.", 2300)]
    rnd = event.ensure_round(1)
    rnd.boards, rnd.published = [Board(1, 1, 2, "1-0")], True
    path = tmp_path / "old.toml"
    store.save(event, path)
    path.write_text(path.read_text(encoding="utf-8").replace("Amber, J.", "Amber\u202e, J."), encoding="utf-8")
    assert main(["publish", str(path), "--to", str(tmp_path / "web")]) != 0
    assert "players.name" in capsys.readouterr().err
    assert not [page for page in tmp_path.glob("web/*") if "\u202e" in page.read_text(encoding="utf-8")]
