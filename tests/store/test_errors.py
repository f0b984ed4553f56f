"""Malformed event files: each problem is one EventFileError naming the exact line and field."""

from __future__ import annotations

import random

import pytest

from swisstui import store
from swisstui.store import EventFileError

BASE = """\
schema = 1

[event]
name = "Test Open"
revision = 3

[settings]
system = "dutch-2026"
rounds = 5

[[players]]
id = 1
name = "Ann"
rating = 2100

[[players]]
id = 2
name = "Bob"
rating = 2000

[[players]]
id = 3
name = "Cid"
rating = 1900

[[rounds]]
number = 1
published = true
boards = [
  { board = 1, white = 1, black = 2, result = "1-0" },
]
bye = 3
"""

LINES = BASE.splitlines()


def replace_line(number: int, text: str) -> str:
    lines = list(LINES)
    lines[number - 1] = text
    return "\n".join(lines) + "\n"


def insert_after(number: int, *texts: str) -> str:
    lines = list(LINES)
    lines[number:number] = list(texts)
    return "\n".join(lines) + "\n"


def append(*texts: str) -> str:
    return BASE + "\n".join(texts) + "\n"


def test_base_document_is_valid():
    event = store.loads(BASE)
    assert [p.id for p in event.players] == [1, 2, 3]
    assert event.rounds[0].bye == 3
    assert LINES[29].strip().startswith("{ board = 1")  # line 30, as the cases below assume


CASES = [
    # (id, text, line, field, words in the message)
    ("toml-syntax", replace_line(14, "rating = = 2100"), 14, "", "not valid TOML"),
    ("toml-duplicate-key", insert_after(14, "rating = 2200"), 15, "", "not valid TOML"),
    ("schema-too-new", replace_line(1, "schema = 7"), 1, "schema",
     "version 7 is newer than this swisstui understands (1); upgrade swisstui"),
    ("schema-missing", replace_line(1, "# no schema"), 1, "schema", "missing"),
    ("wrong-type-int", replace_line(14, 'rating = "abc"'), 14, "players.rating", "expected an integer, got 'abc'"),
    ("duplicate-pairing-number", replace_line(22, "id = 1"), 22, "players.id",
     "pairing number 1 is already used by the player on line 12"),
    ("unknown-key", replace_line(19, "ratng = 2000"), 19, "players.ratng", "unknown key; did you mean 'rating'?"),
    ("unknown-system", replace_line(8, 'system = "swiss-x"'), 8, "settings.system", "unknown pairing system 'swiss-x'"),
    ("opponent-missing", replace_line(30, '  { board = 1, white = 1, black = 9, result = "1-0" },'), 30,
     "rounds.boards.black", "player 9 does not exist"),
    ("twice-in-round", replace_line(32, "bye = 1"), 32, "rounds.bye", "player 1 is twice in round 1 (board 1 and the bye)"),
    ("unknown-result", replace_line(30, '  { board = 1, white = 1, black = 2, result = "1-1" },'), 30,
     "rounds.boards.result", "unknown result '1-1'"),
    ("pab-as-board-with-result", replace_line(30, '  { board = 1, white = 1, black = 0, result = "1-0" },'), 30,
     "rounds.boards.black", "pairing-allocated bye is written `bye = <player>`"),
    ("paired-after-withdrawal", insert_after(24, 'status = "withdrawn"', "withdrawn_after = 0"), 34, "rounds.bye",
     "player 3 withdrew after round 0 but is paired in round 1"),
    ("withdrawn-without-round", insert_after(24, 'status = "withdrawn"'), 25, "players.withdrawn_after",
     "add withdrawn_after"),
    ("round-twice", append("", "[[rounds]]", "number = 1"), 35, "rounds.number", "round 1 appears twice"),
    ("rounds-out-of-order", replace_line(9, "rounds = 5\n\n[[rounds]]\nnumber = 3").replace("number = 1", "number = 2"),
     30, "rounds.number", "rounds out of order: round 2 comes after round 3"),
    ("more-rounds-than-settings", replace_line(9, "rounds = 0").replace("rounds = 0", "rounds = 1")
     + "\n[[rounds]]\nnumber = 2\n", 35, "rounds.number", "round 2 is beyond the 1 rounds in settings.rounds"),
    ("paired-round-after-gap", replace_line(27, "number = 2"), 27, "rounds.number", "round 2 is paired but round 1 is not"),
    ("wrong-type-bool", replace_line(28, 'published = "yes"'), 28, "rounds.published", "expected true or false, got 'yes'"),
    ("result-in-unpublished-round", replace_line(28, "published = false"), 30, "rounds.boards.result",
     "round 1 is not published"),
    ("unknown-request", replace_line(32, 'byes = { 3 = "quarter" }'), 32, "rounds.byes", "'quarter' is not one of"),
    ("bad-choice-suggests", insert_after(9, 'initial_colour = "whit"'), 10, "settings.initial_colour",
     "did you mean 'white'?"),
    ("unknown-title", insert_after(13, 'title = "GMX"'), 14, "players.title", "unknown title 'GMX'"),
    ("negative-points", insert_after(9, "", "[settings.scoring]", "win = -1"), 12, "settings.scoring.win",
     "expected a number of points, got -1"),
    ("date-in-quotes", insert_after(4, 'start = "2026-03-14"'), 5, "event.start", "without quotes"),
    ("forbidden-unknown-player", append("", "[[forbidden]]", "players = [1, 7]"), 35, "forbidden.players",
     "player 7 does not exist"),
    ("board-twice", replace_line(31, '  { board = 1, white = 3, black = 2, result = "" },\n]').replace("bye = 3", ""),
     31, "rounds.boards.board", "board 1 appears twice in round 1"),
    ("board-order", replace_line(30, '  { board = 2, white = 1, black = 2, result = "1-0" },\n'
                                     '  { board = 1, white = 3, black = 4, result = "" },').replace("bye = 3", ""),
     31, "rounds.boards.board", "board 1 listed after board 2: list boards in publishing order"),
    ("missing-required-name", replace_line(18, "# no name"), 16, "players.name", "missing"),
    ("player-plays-themself", replace_line(30, '  { board = 1, white = 1, black = 1, result = "1-0" },'), 30,
     "rounds.boards.black", "cannot play against themself"),
]


@pytest.mark.parametrize(("text", "line", "field", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_malformed_event(text, line, field, words):
    with pytest.raises(EventFileError) as info:
        store.loads(text, path="EVENT.toml")
    err = info.value
    assert (err.line, err.field) == (line, field), str(err)
    assert words in err.message
    assert str(err).startswith(f"EVENT.toml:{line}: ")
    assert "\n" not in str(err)


def test_error_in_array_of_tables_form_names_the_right_board():
    """Boards may also be written as [[rounds.boards]] tables; the line is still exact."""
    text = BASE.split("boards = [")[0] + (
        "bye = 3\n"
        "\n"
        "[[rounds.boards]]\n"
        "board = 1\n"
        "white = 1\n"
        "black = 2\n"
        'result = "1-0"\n'
        "\n"
        "[[rounds.boards]]\n"
        "board = 2\n"
        "white = 4\n"
        "black = 3\n"
    )
    with pytest.raises(EventFileError) as info:
        store.loads(text, path="E.toml")
    assert str(info.value) == "E.toml:39: rounds.boards.white: player 4 does not exist"


def test_error_message_is_one_line_with_path_line_field():
    err = EventFileError("EVENT.toml", 14, "players.rating", "expected an integer, got 'abc'")
    assert str(err) == "EVENT.toml:14: players.rating: expected an integer, got 'abc'"
    assert str(EventFileError("E.toml", None, "", "no such event file")) == "E.toml: no such event file"


def test_load_reports_missing_and_non_utf8_files(tmp_path):
    with pytest.raises(EventFileError, match="no such event file"):
        store.load(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_bytes(BASE.encode() + b'\n# caf\xe9\n')
    with pytest.raises(EventFileError) as info:
        store.load(bad)
    assert info.value.line == 34 and "UTF-8" in info.value.message


def _mutations(rng: random.Random, text: str) -> str:
    lines = text.splitlines()
    i = rng.randrange(len(lines))
    kind = rng.randrange(6)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(rng.randrange(len(lines)), lines[i])
    elif kind == 2 and "=" in lines[i]:
        key = lines[i].split("=")[0]
        lines[i] = key + "= " + rng.choice(['"x"', "-3", "0", "true", "[]", "{}", "1.5", "2026-01-01", '"1-0"', "99"])
    elif kind == 3 and lines[i]:
        j = rng.randrange(len(lines[i]))
        lines[i] = lines[i][:j] + rng.choice('[]{}"=,.# 0a\\') + lines[i][j + 1 :]
    elif kind == 4:
        lines.insert(i, rng.choice(["[[rounds]]", "[[players]]", "[event]", "number = 2", "id = 4", 'name = "Dee"']))
    else:
        lines[i] = lines[i].replace("1", "2")
    return "\n".join(lines) + "\n"


def test_nothing_but_event_file_errors_escape():
    """Random damage to a valid file: either it still loads or one EventFileError explains why."""
    rng = random.Random(20260214)
    failures = 0
    for _ in range(400):
        text = BASE
        for _ in range(rng.randint(1, 3)):
            text = _mutations(rng, text)
        try:
            store.loads(text, path="EVENT.toml")
        except EventFileError as err:
            failures += 1
            assert str(err).startswith("EVENT.toml")
            assert "\n" not in str(err)
    assert failures > 100  # the damage was real


def test_unclosed_array_is_reported_at_the_last_line():
    text = BASE.replace("]\nbye = 3\n", "")
    with pytest.raises(EventFileError) as info:
        store.loads(text, path="E.toml")
    assert info.value.line == 30 and "at the end of the file" in info.value.message


def test_points_must_be_finite():
    text = insert_after(9, "", "[settings.scoring]", "win = nan")
    with pytest.raises(EventFileError) as info:
        store.loads(text, path="E.toml")
    assert (info.value.line, info.value.field) == (12, "settings.scoring.win")


def test_virtual_points_name_existing_players():
    text = insert_after(9, "virtual_points = [", "  { player = 1, points = 1.0, first_round = 1, last_round = 2 },",
                        "  { player = 8, points = 1.0, first_round = 1, last_round = 2 },", "]")
    with pytest.raises(EventFileError) as info:
        store.loads(text, path="E.toml")
    assert str(info.value) == "E.toml:12: settings.virtual_points.player: player 8 does not exist"


def test_tiebreak_list_is_checked_against_c07(tmp_path):
    """An unknown code, or one the system forbids, names the file, line and entry; nothing is guessed."""
    import pytest

    from swisstui import store
    from swisstui.store.event import new_event

    event = new_event("Open", 5, tiebreaks=["BH/C1", "BH"])
    path = tmp_path / "e.toml"
    store.save(event, path)
    good = path.read_text(encoding="utf-8")
    assert store.load(path).settings.tiebreaks == ("BH/C1", "BH")
    for bad, message in (('"BH/C1", "BUCHHOLZ"', "unknown tie-break 'BUCHHOLZ'"),
                         ('"BH/C1", "KS"', "KS is for round robins only"),
                         ('"DE/C1"', "DE takes no Cut")):
        path.write_text(good.replace('"BH/C1", "BH"', bad), encoding="utf-8")
        with pytest.raises(store.EventFileError) as exc:
            store.load(path)
        line = next(i for i, text in enumerate(good.splitlines(), 1) if text.startswith("tiebreaks"))
        assert f":{line}: settings.tiebreaks" in str(exc.value) and message in str(exc.value)


def test_tiebreak_edition_round_trips_and_is_omitted_when_default(tmp_path):
    from dataclasses import replace

    from swisstui import store
    from swisstui.store.event import new_event

    event = new_event("Open", 5, tiebreaks=["BH"])
    assert "tiebreak_edition" not in store.dumps(event)
    event.settings = replace(event.settings, tiebreak_edition="c07-2024")
    text = store.dumps(event)
    assert 'tiebreak_edition = "c07-2024"' in text
    assert store.loads(text).settings.tiebreak_edition == "c07-2024"


@pytest.mark.parametrize(("text", "line", "field", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_malformed_event_read_by_sections(text, line, field, words, monkeypatch):
    """Large files are parsed section by section (store.parse): every problem is reported the same way."""
    monkeypatch.setattr(store.parse, "SMALL", 0)
    with pytest.raises(EventFileError) as info:
        store.loads(text, path="EVENT.toml")
    assert (info.value.line, info.value.field) == (line, field), str(info.value)
    assert words in info.value.message
