"""Malformed TRF input: every mistake is a one-line TrfError at the right line and columns."""

from __future__ import annotations

import random

import pytest

from engine import trf
from tests.data_paths import dutch


def _line(pid, rating, points, *blocks, name=None):
    name = name or f"Player {pid}"
    head = f"001 {pid:4d}      {name:<33} {rating:>4}{'':28}{points:>4} {pid:4d}"
    return (head + "".join(f"  {b:<8}" for b in blocks)).rstrip()


# A valid two-round event: the base every case below breaks in one place.
HEADER = ["012 Test Open", "142 5", "152 W"]
PLAYERS = {
    1: ("2200", "1.5", ["   2 w 1", "   3 b ="]),
    2: ("2100", "1.0", ["   1 b 0", "   4 w 1"]),
    3: ("2000", "1.0", ["   4 b =", "   1 w ="]),
    4: ("1900", "0.5", ["   3 w =", "   2 b 0"]),
}


def base_lines() -> list[str]:
    return HEADER + [_line(pid, r, pts, *blocks) for pid, (r, pts, blocks) in PLAYERS.items()]


def with_player(pid, *, rating=None, points=None, blocks=None, name=None) -> list[str]:
    """The base file with one player record rebuilt."""
    r, pts, bl = PLAYERS[pid]
    lines = base_lines()
    lines[len(HEADER) + pid - 1] = _line(pid, r if rating is None else rating, pts if points is None else points, *(bl if blocks is None else blocks), name=name)
    return lines


def with_header(*extra: str) -> list[str]:
    return HEADER + list(extra) + base_lines()[len(HEADER) :]


def replace_column(lines: list[str], line_no: int, column: int, text: str) -> list[str]:
    lines = list(lines)
    line = lines[line_no - 1].ljust(column - 1 + len(text))
    lines[line_no - 1] = line[: column - 1] + text + line[column - 1 + len(text) :]
    return lines


def test_base_file_is_valid() -> None:
    doc = trf.loads("\n".join(base_lines()), source="base.trf")
    assert doc.tournament.rounds_played == 2 and len(doc.tournament.players) == 4


P1 = len(HEADER) + 1  # line number of player 1's record

CASES = {
    # name: (lines, line number, columns, a fragment of the message)
    "id not a number": (replace_column(base_lines(), P1, 5, "  x1"), P1, (5, 8), "player id"),
    "id zero": (replace_column(base_lines(), P1, 5, "   0"), P1, (5, 8), "player id"),
    "duplicate id": (replace_column(base_lines(), P1 + 1, 5, "   1"), P1 + 1, (5, 8), "already used on line 4"),
    "rating not a number": (with_player(1, rating="22O0"), P1, (49, 52), "rating"),
    "sex letter": (replace_column(base_lines(), P1, 10, "q"), P1, (10, 10), "sex"),
    "text in a separator column": (replace_column(base_lines(), P1, 48, "x"), P1, (48, 48), "column 48"),
    "points not a number": (with_player(1, points="1.x5"), P1, (81, 84), "points"),
    "rank not a number": (replace_column(base_lines(), P1, 86, "  a1"), P1, (86, 89), "rank"),
    "unknown result code": (with_player(1, blocks=["   2 w Q", "   3 b ="]), P1, (99, 99), "result 'Q'"),
    "bad colour letter": (with_player(1, blocks=["   2 x 1", "   3 b ="]), P1, (97, 97), "colour 'x'"),
    "opponent id not a number": (with_player(1, blocks=["  2x w 1", "   3 b ="]), P1, (92, 95), "opponent"),
    "opponent that does not exist": (with_player(1, blocks=["   9 w 1", "   3 b ="]), P1, (92, 95), "opponent 9 has no player record"),
    "game against oneself": (with_player(1, blocks=["   1 w 1", "   3 b ="]), P1, (92, 95), "themself"),
    "opponent names someone else": (with_player(2, blocks=["   3 b 0", "   4 w 1"]), P1, (92, 99), "has opponent 3"),
    "wrong colours on both sides": (with_player(2, blocks=["   1 w 0", "   4 w 1"]), P1, (92, 99), "colours"),
    "results that do not match": (with_player(2, blocks=["   1 b =", "   4 w 1"]), P1, (92, 99), "results"),
    "forfeit win against a played loss": (
        with_player(1, blocks=["   2 w +", "   3 b ="]),
        P1,
        (92, 99),
        "results",
    ),
    "played game without colour": (with_player(1, blocks=["   2 - 1", "   3 b ="]), P1, (97, 97), "without a colour"),
    "played result without opponent": (with_player(1, blocks=["0000 - 1", "   3 b ="]), P1, (92, 99), "without an opponent"),
    "U with an opponent": (with_player(1, blocks=["   2 w U", "   3 b ="]), P1, (92, 99), "bye 'U' with opponent 2"),
    "bye with a colour": (with_player(1, points="1.5", blocks=["   2 w 1", "   3 b =", "0000 w H"]), P1, (117, 117), "colour 'w' without an opponent"),
    "opponent without result": (with_player(1, blocks=["   2 w 1", "   3 b"]), P1, (109, 109), "no result"),
    "line too short to hold a round block": (with_player(1, blocks=["   2 w 1", "   3"]), P1, (102, 109), "cut short"),
    "text between round blocks": (replace_column(base_lines(), P1, 100, "x"), P1, (100, 101), "text after the round 1 block"),
    "text inside a round block": (replace_column(base_lines(), P1, 96, "x"), P1, (96, 96), "inside the round 1 block"),
    "points that disagree": (with_player(1, points="2.0"), P1, (81, 84), "results give 1.5"),
    "points that count a pending bye twice": (
        with_player(1, points="2.5", blocks=["   2 w 1", "   3 b =", "0000 - H"]),
        P1,
        (81, 84),
        "1.5 or 2.0",
    ),
    "result in the round to pair": (with_player(1, blocks=["   2 w 1", "   3 b =", "0000 - +"]), P1, (112, 119), "round to pair"),
    "entries past the round to pair": (with_player(1, blocks=["   2 w 1", "   3 b =", "", "0000 - H"]), P1, (122, 129), "not paired yet"),
    "malformed 162 symbol": (with_header("162  Q 3.0"), 4, (6, 6), "scoring symbol"),
    "malformed 162 points": (with_header("162  W 3,0"), 4, (7, 10), "points"),
    "malformed 162 spacing": (with_header("162  W 3.0   D 1.0"), 4, (11, 14), "between scoring pairs"),
    "162 disagrees with BBW": (with_header("162  W 3.0", "BBW  2.0"), 5, (6, 8), "on line 4"),
    "malformed XXS": (with_header("XXS WW=3 QQ=1"), 4, (10, 13), "QQ=1"),
    "colour-dependent XXS": (with_header("XXS WW=1 BW=2"), 4, (10, 13), "colour-dependent"),
    "malformed BB line": (with_header("BBW x"), 4, (5, 5), "points 'x'"),
    "malformed XXC": (with_header("XXC green1"), 4, (5, 10), "initial colour"),
    "malformed 152": (with_header("152 X"), 4, (5, 5), "initial colour"),
    "152 and XXC disagree": (with_header("XXC black1"), 4, (5, 10), "on line 3"),
    "malformed XXR": (with_header("XXR five"), 4, (5, 8), "number of rounds"),
    "malformed 142": (with_header("142 0"), 4, (5, 5), "number of rounds"),
    "fewer rounds than played": (["012 Test Open", "142 1", *base_lines()[3:]], 2, (5, 5), "reach round 2"),
    "bad 240 type": (with_header("240 Q 003    1"), 4, (5, 5), "bye type"),
    "bad 240 round": (with_header("240 H 0x3    1"), 4, (7, 9), "round"),
    "240 for an unknown player": (with_header("240 H 003   42"), 4, (11, 14), "player 42"),
    "240 disagrees with the round columns": (with_header("240 H 001    1"), 4, (11, 14), "round 1 bye"),
    "bad 250 points": (with_header("250       x.0   1   2    1    2"), 4, (10, 13), "virtual points"),
    "bad 250 rounds": (with_header("250       1.0   3   2    1    2"), 4, (19, 21), "before first round"),
    "bad 260 id": (with_header("260   1   3    1    x"), 4, (18, 21), "forbidden id"),
    "260 with one player": (with_header("260   1   3    1"), 4, (13, 16), "at least two"),
    "XXP unknown player": (with_header("XXP 1 77"), 4, (7, 8), "player 77"),
    "XXA for an unknown player": (with_header("XXA   77  1.0"), 4, (5, 8), "player 77"),
    "XXZ not a number": (with_header("XXZ 1 b"), 4, (7, 7), "absent player id"),
}


def _two_pabs() -> list[str]:
    lines = base_lines()
    lines.append(_line(5, "1800", "1.0", "0000 - U", "0000 - Z"))
    lines.append(_line(6, "1700", "1.0", "0000 - U", "0000 - Z"))
    return lines


CASES["two U in one round"] = (_two_pabs(), 9, (92, 99), "second pairing-allocated bye")


@pytest.mark.parametrize("name", sorted(CASES))
def test_malformed_input(name: str) -> None:
    lines, line_no, columns, fragment = CASES[name]
    with pytest.raises(trf.TrfError) as info:
        trf.loads("\n".join(lines) + "\n", source="event.trf")
    err = info.value
    assert type(err) is trf.TrfError and isinstance(err, ValueError)
    assert (err.source, err.line, err.columns) == ("event.trf", line_no, columns), str(err)
    text = str(err)
    assert "\n" not in text and "\r" not in text
    assert text.startswith(f"event.trf:{line_no}:{columns[0]}-{columns[1]}: ")
    assert fragment in text
    assert ", expected " in text and err.expected


def test_there_are_many_distinct_cases() -> None:
    assert len(CASES) >= 20
    assert len({"\n".join(lines) for lines, *_ in CASES.values()}) == len(CASES)


def test_a_pending_bye_with_its_points_is_accepted() -> None:
    for points in ("1.5", "2.0"):
        doc = trf.loads("\n".join(with_player(1, points=points, blocks=["   2 w 1", "   3 b =", "0000 - H"])))
        assert 1 in doc.tournament.pending


def test_errors_are_picklable_values() -> None:
    import pickle

    with pytest.raises(trf.TrfError) as info:
        trf.loads("001")
    again = pickle.loads(pickle.dumps(info.value))
    assert str(again) == str(info.value) and again.line == 1


# -- fuzzing: whatever a corrupted file holds, the reader answers with a TrfError or a document -----

ALPHABET = "0123456789 wbWB-=+UHFZDLX.x,#é٣\t"


def _fixture_text() -> str:
    return dutch("dutch-2300001-n16-r9.trf").read_text()


def _mutations(text: str, count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        chars = list(text)
        kind = rng.random()
        pos = rng.randrange(len(chars))
        if kind < 0.7:
            chars[pos] = rng.choice(ALPHABET)
        elif kind < 0.85:
            del chars[pos]
        else:
            chars.insert(pos, rng.choice(ALPHABET))
        yield "".join(chars)


def test_fuzzed_fixture_raises_only_trf_errors() -> None:
    text = _fixture_text()
    outcomes = {"ok": 0, "error": 0}
    for mutated in _mutations(text, 200, seed=20260201):
        try:
            doc = trf.loads(mutated, source="fuzz.trf")
        except trf.TrfError as err:
            outcomes["error"] += 1
            assert "\n" not in str(err) and str(err).startswith("fuzz.trf:")
            assert 1 <= err.line <= mutated.count("\n") + 1
        else:
            outcomes["ok"] += 1
            trf.loads(trf.dumps(doc))  # whatever was accepted can be written and read again
    assert outcomes["error"] > 50  # the reader really checks what it reads


def test_fuzzed_header_records_raise_only_trf_errors() -> None:
    text = "\n".join(
        with_header(
            "162  W 3.0    D 1.0",
            "XXS W=3 D=1",
            "BBW  3.0",
            "250       1.0   1   2    1    2",
            "260   1   3    1    3",
            "XXA    1  1.0  1.0",
            "XXA    2  1.0  1.0",
            "XXP 2 4",
            "240 H 003    1",
            "XXZ 2",
        )
    )
    lines = text.split("\n")
    lines = [line[:80] + "    " + line[84:] if line.startswith("001") else line for line in lines]
    text = "\n".join(lines)
    trf.loads(text)
    for mutated in _mutations(text[: text.index("001")], 200, seed=7):
        try:
            trf.loads(mutated + text[text.index("001") :], source="fuzz.trf")
        except trf.TrfError as err:
            assert "\n" not in str(err) and str(err).startswith("fuzz.trf:")


@pytest.mark.parametrize("title", ["á", "XY", "AGM"])
def test_an_unknown_title_is_refused_at_its_columns(title: str) -> None:
    # A title the event cannot hold was once read here and refused later, with no line to point to.
    lines = base_lines()
    at = len(HEADER) + 1  # player 2's record
    lines[at] = lines[at][:10] + f"{title:<3}" + lines[at][13:]
    with pytest.raises(trf.TrfError) as err:
        trf.loads("\n".join(lines) + "\n")
    assert f":{at + 1}:11-13:" in str(err.value) and repr(title) in str(err.value)


@pytest.mark.parametrize("code", ["g", "wf", "IM", "wcm"])
def test_titles_spelt_out_or_as_trf_codes_are_read(code: str) -> None:
    lines = base_lines()
    at = len(HEADER) + 1
    lines[at] = lines[at][:10] + f"{code:<3}" + lines[at][13:]
    assert trf.loads("\n".join(lines) + "\n").tournament.player(2).title == code
