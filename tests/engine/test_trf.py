"""TRF reading and writing against the reference fixtures and hand-built files."""

from __future__ import annotations

import functools
import importlib.util
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from engine import trf
from engine.model.tournament import (
    Acceleration,
    Colour,
    ForbiddenPair,
    Player,
    PointSystem,
    ResultCode,
    RoundEntry,
    Settings,
    Tournament,
)
from tests import data_paths

DATA = Path(__file__).parent / "data"
DUTCH = data_paths.tournaments(data_paths.DUTCH)
BURSTEIN = data_paths.tournaments(data_paths.BURSTEIN)
ALL = DUTCH + BURSTEIN

D = Decimal


@functools.lru_cache(maxsize=None)
def _load(path: Path) -> trf.TrfDocument:
    return trf.load(path)


def _ids(paths):
    return [p.name for p in paths]


def _checker():
    """The reference pairing checker, copied into tests/data.

    Its reading of a TRF file is the reference for the initial colour and the cut before each round.
    """
    path = data_paths.checker()
    if "check_pairings" not in sys.modules:
        spec = importlib.util.spec_from_file_location("check_pairings", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["check_pairings"] = module
        spec.loader.exec_module(module)
    return sys.modules["check_pairings"]


def _line(pid, name, rating, points, rank, *blocks):
    """A player record built column by column, as trf.md section 1 lays it out."""
    head = f"001 {pid:4d}      {name:<33} {rating:4d}{'':28}{points:>4} {rank:4d}"
    assert len(head) == 89
    return (head + "".join(f"  {b:<8}" for b in blocks)).rstrip()


# -- the reference fixtures -------------------------------------------------------------------


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_fixture_round_trips_and_scores_match(path: Path) -> None:
    text = path.read_text()
    doc = _load(path)
    out = trf.dumps(doc)
    # every player record field for field, every other record verbatim, same order
    assert out.splitlines() == text.splitlines()
    again = trf.loads(out)
    assert again.tournament == doc.tournament
    t = doc.tournament
    assert len(t.players) == sum(1 for line in text.splitlines() if line.startswith("001"))
    for p in t.players:
        assert t.score(p.id) == doc.declared_points[p.id], p.id


def test_fixture_fields_are_read_from_their_columns() -> None:
    doc = trf.load(data_paths.dutch("dutch-2300001-n16-r9.trf"))
    t = doc.tournament
    assert t.name == "AutoTest Tournament 2300001"
    assert t.settings.system == "dutch-2026"  # 092 FIDE_DUTCH_2025 is the 2026 rules (trf.md 2.2)
    assert t.settings.rounds == 9 and not doc.rounds_given and not doc.initial_colour_given
    p1 = t.player(1)
    assert (p1.name, p1.rating) == ("Test0001 Player0001", 2391)
    assert p1.history[0] == RoundEntry(9, Colour.BLACK, ResultCode.WIN)
    assert p1.history[3] == RoundEntry(7, Colour.BLACK, ResultCode.DRAW)
    assert t.player(2).history[4] == RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)
    assert t.player(11).history[4] == RoundEntry(None, Colour.NONE, ResultCode.PAB)
    assert t.player(3).history[5] == RoundEntry(4, Colour.WHITE, ResultCode.FORFEIT_WIN)
    assert t.player(4).history[5] == RoundEntry(3, Colour.BLACK, ResultCode.FORFEIT_LOSS)
    assert doc.ranks[1] == 1 and doc.ranks[5] == 2 and doc.ranks[8] == 12
    assert t.rounds_played == 9 and not t.pending
    assert doc.header[0] == "012 AutoTest Tournament 2300001"
    assert doc.header[1:17] == tuple(range(1, 17))
    assert doc.header[17:] == ("", "092 FIDE_DUTCH_2025")


def test_burstein_fixture_names_its_system() -> None:
    doc = trf.load(BURSTEIN[0])
    assert doc.tournament.settings.system == "burstein-2026"


def test_three_one_zero_fixture() -> None:
    path = data_paths.dutch("dutch-2300023-n100-r8.trf")
    doc = trf.load(path)
    points = doc.tournament.settings.points
    assert (points.win, points.draw, points.loss, points.absent) == (D(3), D(1), D(0), D(0))
    assert points.pab_points == D(3)
    t = doc.tournament
    # player 1: forfeit loss, win, win, loss, win, draw, draw, win
    assert t.score(1) == D(14) == doc.declared_points[1]
    assert t.score(1, after_round=2) == D(3)
    files_310 = [p for p in DUTCH if "162  W 3.0    D 1.0" in p.read_text()]
    assert len(files_310) == 20
    for p in files_310:
        assert trf.load(p).tournament.settings.points == PointSystem(win=D(3), draw=D(1))


def test_initial_colour_is_inferred_like_the_checker() -> None:
    cp = _checker()
    for path in ALL:
        expected = cp.read_trf(path).first_colour
        got = trf.infer_initial_colour(_load(path).tournament)
        assert (got.value if got else None) == expected, path.name


def test_pairing_tournament_carries_the_inferred_colour() -> None:
    doc = _load(data_paths.dutch("dutch-2300001-n16-r9.trf"))
    assert doc.tournament.settings.initial_colour is Colour.WHITE  # not given: the default
    assert doc.pairing_tournament().settings.initial_colour is Colour.BLACK  # player 1 had black in round 1
    given = trf.loads("152 W\n" + "\n".join(line for line in data_paths.dutch("dutch-2300001-n16-r9.trf").read_text().splitlines()))
    assert given.pairing_tournament().settings.initial_colour is Colour.WHITE


def test_initial_colour_inference_counts_round_one_byes() -> None:
    def player(pid, entry):
        return Player(pid, f"P{pid}", history=(entry,))

    pab = RoundEntry(None, Colour.NONE, ResultCode.PAB)
    t = Tournament(
        Settings(rounds=5),
        (player(1, pab), player(2, RoundEntry(3, Colour.WHITE, ResultCode.WIN)), player(3, RoundEntry(2, Colour.BLACK, ResultCode.LOSS))),
    )
    assert trf.infer_initial_colour(t) is Colour.BLACK  # player 2's white, flipped once for player 1's bye
    absent = RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)
    t2 = t.with_players([player(1, absent), *t.players[1:]])
    assert trf.infer_initial_colour(t2) is Colour.WHITE  # an absence is not a pairing: no flip
    assert trf.infer_initial_colour(Tournament(Settings(rounds=5), ())) is None


# -- the round to pair ---------------------------------------------------------------------


@pytest.mark.parametrize("style", ["trfx", "trf26"])
def test_checker_cuts_read_with_pending_entries(style: str) -> None:
    cp = _checker()
    path = data_paths.dutch("dutch-2300001-n16-r9.trf")
    ref = cp.read_trf(path)
    for r in range(1, ref.rounds + 1):
        doc = trf.loads(cp.case_before_round(ref, r, style))
        t = doc.tournament
        assert t.rounds_played == r - 1 and t.next_round == r
        assert t.settings.rounds == 9 and doc.rounds_given and doc.initial_colour_given
        assert t.settings.initial_colour is Colour.BLACK  # inferred by the checker: player 1 was black in round 1
        assert all(len(p.history) <= r - 1 for p in t.players)
        if r == 5:  # player 2 asked for a half-point bye in round 5
            assert dict(t.pending) == {2: RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)}
            assert doc.declared_points[2] == t.score(2) + D("0.5")
        else:
            assert not t.pending


CUT_SUBSET = ALL[::30]  # a fixed spread over both folders


@pytest.mark.parametrize("path", CUT_SUBSET, ids=_ids(CUT_SUBSET))
def test_every_checker_cut_reads_writes_and_reads_back(path: Path) -> None:
    """Each round as the checker hands it to an engine: the pending round, its points, every dialect."""
    cp = _checker()
    ref = cp.read_trf(path)
    full = _load(path).tournament
    for r in range(1, ref.rounds + 1):
        text = cp.case_before_round(ref, r, "trf26")
        doc = trf.loads(text)
        t = doc.tournament
        assert t.rounds_played == r - 1
        for p in t.players:
            assert p.history == full.player(p.id).history[: r - 1]
            if p.id in t.pending:
                assert t.pending[p.id] == full.player(p.id).entry(r)
                assert not full.player(p.id).entry(r).was_paired
        assert trf.dumps(doc) == text
        for dialect in trf.DIALECTS:
            assert trf.loads(trf.dumps(doc, dialect=dialect)).tournament == t, dialect


def test_pending_half_bye_with_and_without_its_points() -> None:
    cp = _checker()
    path = data_paths.dutch("dutch-2300001-n16-r9.trf")
    ref = cp.read_trf(path)
    lines = cp.case_before_round(ref, 4, "trf26").splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("001    7"))
    # player 7 scored 1 + 0 + 1 in rounds 1-3 and now requests a half-point bye for round 4
    for points in ("2.0", "2.5"):
        line = lines[i][:80] + points.rjust(4) + lines[i][84:] + "  0000 - H"
        doc = trf.loads("\n".join(lines[:i] + [line] + lines[i + 1 :]))
        t = doc.tournament
        assert t.pending[7] == RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)
        assert t.score(7) == D(2) and len(t.player(7).history) == 3
        assert 7 not in {p.id for p in t.to_pair()}
        # written back in the round-4 column, and read back the same
        out = trf.dumps(doc)
        assert line in out.splitlines()
        assert trf.loads(out).tournament == t


def test_pending_entries_of_every_requestable_kind() -> None:
    text = "\n".join(
        [
            "142 3",
            _line(1, "A", 2000, "1.0", 1, "   2 w 1"),
            _line(2, "B", 1900, "0.0", 3, "   1 b 0", "0000 - Z"),
            _line(3, "C", 1800, "1.0", 2, "0000 - U", "0000 - F"),
            _line(4, "D", 1700, "0.5", 4, "0000 - H", "0000 - H"),
            _line(5, "E", 1600, "0.0", 5, "0000 - Z", "0000 - -"),
            _line(6, "F", 1500, "0.0", 5, "", "0000 -"),
        ]
    )
    t = trf.loads(text).tournament
    assert t.rounds_played == 1
    assert {pid: e.code for pid, e in t.pending.items()} == {
        2: ResultCode.ZERO_BYE,
        3: ResultCode.FULL_BYE,
        4: ResultCode.HALF_BYE,
        5: ResultCode.FORFEIT_LOSS,
        6: ResultCode.ABSENT,
    }
    assert [p.id for p in t.to_pair()] == [1]
    assert t.player(6).history == ()  # a blank round-1 block is "not paired"
    assert trf.loads(trf.dumps(trf.loads(text))).tournament == t


def test_late_entry_with_pending_bye_is_padded_when_written() -> None:
    t = Tournament(
        Settings(rounds=4),
        (
            Player(1, "A", history=(RoundEntry(2, Colour.WHITE, ResultCode.WIN),)),
            Player(2, "B", history=(RoundEntry(1, Colour.BLACK, ResultCode.LOSS),)),
            Player(3, "C"),
        ),
        pending={3: RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)},
    )
    out = trf.dumps(t)
    line3 = next(line for line in out.splitlines() if line.startswith("001    3"))
    assert line3[91:] == "0000 -    0000 - H"
    assert line3[80:84] == " 0.5"
    assert trf.loads(out).tournament == t


# -- configuration records ---------------------------------------------------------------------


PAIR = [
    _line(1, "A", 2000, "1.0", 1, "   2 w 1"),
    _line(2, "B", 1900, "0.0", 2, "   1 b 0"),
    _line(3, "C", 1800, "0.0", 3),
    _line(4, "D", 1700, "0.0", 3),
]


UNSCORED = [line[:80] + "    " + line[84:] for line in PAIR]  # points column left blank: any scoring fits


def _settings(*records: str, players=UNSCORED) -> trf.TrfDocument:
    return trf.loads("\n".join([*records, *players]))


def test_rounds_and_initial_colour_records() -> None:
    for records, rounds, colour in [
        (("142 7", "152 B"), 7, Colour.BLACK),
        (("XXR 9", "XXC white1"), 9, Colour.WHITE),
        (("XXR 9", "XXC black1 rank"), 9, Colour.BLACK),
        (("142 11", "XXR 11", "152 w", "XXC white1"), 11, Colour.WHITE),
    ]:
        doc = _settings(*records)
        assert doc.tournament.settings.rounds == rounds
        assert doc.tournament.settings.initial_colour is colour
        assert doc.rounds_given and doc.initial_colour_given
        assert doc.file_order_is_rank == ("XXC black1 rank" in records)
    doc = _settings()
    assert doc.tournament.settings.rounds == 1 and not doc.rounds_given  # the round columns written
    assert doc.tournament.settings.initial_colour is Colour.WHITE and not doc.initial_colour_given


def test_record_162_every_symbol() -> None:
    doc = _settings("162  W 3.0    D 1.0    L 0.0    A 0.5    P 2.0    X 1.0")
    assert doc.tournament.settings.points == PointSystem(win=D(3), draw=D(1), loss=D(0), absent=D("0.5"), pab=D(2))
    # bbpPairings writes Z for A
    assert _settings("162  W 2.0    Z 0.0").tournament.settings.points == PointSystem(win=D(2), absent=D(0))
    # players' declared points are checked under the event's scoring
    players = [
        _line(1, "A", 2000, "3.0", 1, "   2 w 1"),
        _line(2, "B", 1900, "0.0", 2, "   1 b 0"),
        _line(3, "C", 1800, "2.0", 3, "0000 - U"),
    ]
    doc = _settings("162  W 3.0    D 1.0    P 2.0", players=players)
    assert doc.tournament.score(3) == D(2)


def test_bbp_scoring_lines() -> None:
    players = [
        _line(1, "A", 2000, "3.0", 1, "   2 w 1"),
        _line(2, "B", 1900, "0.0", 2, "   1 b 0"),
        _line(3, "C", 1800, "1.5", 3, "0000 - U"),
    ]
    doc = _settings("BBW  3.0", "BBD  1.0", "BBL  0.0", "BBZ  0.0", "BBF  0.0", "BBU  1.5", players=players)
    assert doc.tournament.settings.points == PointSystem(win=D(3), draw=D(1), loss=D(0), absent=D(0), pab=D("1.5"))


def test_javafo_scoring_line() -> None:
    doc = _settings("XXS WW=3 BW=3 WD=1 BD=1 WL=0 BL=0 ZPB=0 HPB=1.5 FPB=2 PAB=2.5 FW=3 FL=0")
    assert doc.tournament.settings.points == PointSystem(
        win=D(3), draw=D(1), loss=D(0), absent=D(0), pab=D("2.5"), half_bye=D("1.5"), full_bye=D(2), forfeit_win=D(3)
    )
    assert _settings("XXS W=3 D=1").tournament.settings.points == PointSystem(win=D(3), draw=D(1))


def test_record_192_selects_the_system() -> None:
    assert _settings("192 FIDE_BURSTEIN").tournament.settings.system == "burstein-2026"
    assert _settings("192 FIDE_DUTCH_2017").tournament.settings.system == "dutch-2017"
    baku = _settings("192 FIDE_DUTCH_2025_BAKU").tournament.settings
    assert baku.system == "dutch-2026" and baku.acceleration == "baku"  # and Baku is applied (C.04.7)
    # a code swisstui reads but cannot pair is kept as it is, never quietly the default; pairing it is
    # an error naming the record (tests/engine/test_trf_foreign_system.py)
    doc = _settings("192 BERGER_ROUNDROBIN")
    assert doc.tournament.settings.system == "BERGER_ROUNDROBIN"
    with pytest.raises(trf.TrfError, match="BERGER_ROUNDROBIN"):
        doc.require_pairable()


def test_accelerations_250_and_xxa() -> None:
    from_250 = _settings("250       1.0   1   2    1    2", "250       0.5   3   3    1    1")
    expected = (
        Acceleration(1, D(1), 1, 2),
        Acceleration(1, D("0.5"), 3, 3),
        Acceleration(2, D(1), 1, 2),
    )
    assert from_250.tournament.settings.accelerations == expected
    from_xxa = _settings("XXA    1  1.0  1.0  0.5", "XXA    2  1.0  1.0")
    assert from_xxa.tournament.settings.accelerations == expected
    both = _settings("250       1.0   1   2    1    2", "250       0.5   3   3    1    1", "XXA    1  1.0  1.0  0.5", "XXA    2  1.0  1.0")
    assert both.tournament.settings.accelerations == expected
    t = from_250.tournament
    assert t.pairing_score(1, 2) == t.score(1, 1) + 1
    assert t.pairing_score(3, 2) == t.score(3, 1)


def test_declared_points_may_include_virtual_points() -> None:
    """bbpPairings accepts a points column with the acceleration of the round to pair added."""
    lines = [
        _line(1, "A", 2000, "2.0", 1, "   2 w 1"),
        _line(2, "B", 1900, "0.0", 2, "   1 b 0"),
    ]
    doc = _settings("142 5", "XXA    1  1.0  1.0", players=lines)
    assert doc.declared_points[1] == D(2) and doc.tournament.score(1) == D(1)
    with pytest.raises(trf.TrfError):
        _settings("142 5", "XXA    1  1.0  0.0", players=lines)  # no virtual points in round 2
    assert doc.system_code is None
    assert _settings("192 FIDE_DUTCH_2025_BAKU").system_code == "FIDE_DUTCH_2025_BAKU"


def test_forbidden_pairs_260_and_xxp() -> None:
    doc = _settings("142 5", "260   1   3    1    3", "260   1   5    2    4", "XXP 3 4", "XXP 2 4")
    assert doc.tournament.settings.forbidden == (
        ForbiddenPair(frozenset({1, 3}), 1, 3),
        ForbiddenPair(frozenset({2, 4}), 1, None),
        ForbiddenPair(frozenset({3, 4}), 1, None),
    )
    t = doc.tournament
    assert t.is_forbidden(1, 3, 3) and not t.is_forbidden(1, 3, 4) and t.is_forbidden(4, 3, 9)
    # without the number of rounds, "to round 5" stays as written
    assert _settings("260   1   5    2    4").tournament.settings.forbidden == (ForbiddenPair(frozenset({2, 4}), 1, 5),)


def test_byes_240_and_xxz_for_the_round_to_pair() -> None:
    doc = _settings("240 H 002    3", "XXZ 4")
    assert doc.tournament.settings.rounds == 2  # no 142: the rounds shown, the round to pair included
    assert {pid: e.code for pid, e in doc.tournament.pending.items()} == {3: ResultCode.HALF_BYE, 4: ResultCode.ZERO_BYE}
    # a 240 for a round already played must agree with the round columns, and is kept as written
    players = [
        _line(1, "A", 2000, "1.0", 1, "   2 w 1"),
        _line(2, "B", 1900, "0.0", 2, "   1 b 0"),
        _line(3, "C", 1800, "0.5", 3, "0000 - H"),
    ]
    doc = _settings("240 H 001    3", players=players)
    assert not doc.tournament.pending
    assert trf.dumps(doc).splitlines()[0] == "240 H 001    3"


def test_unknown_records_comments_and_blank_lines_are_kept() -> None:
    lines = [
        "### a ruler 1234567890",
        "012 Spring Open",
        "022 Somewhere",
        "GER    1 national rating line that we do not use",
        "310    1 team record",
        "",
        *PAIR[:2],
        "### between players",
        *PAIR[2:],
        "202 BH/C1,BH,SB",
        "ZZZ odd line",
    ]
    text = "\n".join(lines) + "\n"
    assert trf.dumps(trf.loads(text)) == text


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_endings(newline: str) -> None:
    text = newline.join(["012 Open", "142 3", *PAIR]) + newline
    doc = trf.loads(text)
    assert doc.tournament.settings.rounds == 3 and len(doc.tournament.players) == 4
    assert trf.dumps(doc) == "\n".join(["012 Open", "142 3", *PAIR]) + "\n"


def test_load_falls_back_to_latin1_and_names_the_file(tmp_path: Path) -> None:
    name_line = _line(1, "Müller, Jörg", 2000, "1.0", 1, "   2 w 1")
    path = tmp_path / "latin.trf"
    path.write_bytes("\n".join([name_line, PAIR[1]]).encode("latin-1"))
    assert trf.load(path).tournament.player(1).name == "Müller, Jörg"
    path.write_bytes("\n".join([name_line, PAIR[1]]).encode("utf-8"))
    assert trf.load(path).tournament.player(1).name == "Müller, Jörg"
    bad = tmp_path / "bad.trf"
    bad.write_text(PAIR[0] + "\n")
    with pytest.raises(trf.TrfError) as info:
        trf.load(bad)
    assert str(info.value).startswith(f"{bad}:1:")


# -- writing ------------------------------------------------------------------------------


def _small_tournament(points=PointSystem(), **settings) -> Tournament:
    w, b = Colour.WHITE, Colour.BLACK
    players = (
        Player(1, "Alpha, Ann", 2100, "FM", "ENG", 12345678, "1990/01/02", "w", history=(RoundEntry(3, w, ResultCode.WIN), RoundEntry(2, b, ResultCode.DRAW))),
        Player(2, "Beta, Bob", 2000, history=(RoundEntry(4, w, ResultCode.WIN), RoundEntry(1, w, ResultCode.DRAW))),
        Player(3, "Gamma, Gil", 1900, history=(RoundEntry(1, b, ResultCode.LOSS), RoundEntry(4, b, ResultCode.LOSS))),
        Player(4, "Delta, Dee", 1800, history=(RoundEntry(2, b, ResultCode.LOSS), RoundEntry(3, w, ResultCode.WIN))),
    )
    return Tournament(
        Settings(rounds=5, initial_colour=Colour.BLACK, points=points, **settings),
        players,
        name="Club Open",
        pending={1: RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)},
    )


def test_dumps_tournament_trf26_follows_the_columns() -> None:
    t = _small_tournament()
    lines = trf.dumps(t).splitlines()
    assert lines[:4] == ["012 Club Open", "142 5", "152 B", "192 FIDE_DUTCH_2026"]
    assert lines[4] == "240 H 003    1"
    p1 = lines[5]
    assert p1[:4] == "001 " and p1[4:8] == "   1" and p1[9] == "w" and p1[10:13] == " FM"
    assert p1[14:47].rstrip() == "Alpha, Ann" and p1[48:52] == "2100" and p1[53:56] == "ENG"
    assert p1[57:68] == "   12345678" and p1[69:79] == "1990/01/02"
    assert p1[80:84] == " 2.0" and p1[85:89] == "   1"  # 1 + 0.5 + the pending 0.5
    assert p1[91:] == "   3 w 1     2 b =  0000 - H"
    back = trf.loads("\n".join(lines))
    assert back.tournament == t
    assert [back.ranks[i] for i in (1, 2, 3, 4)] == [1, 2, 4, 3]


def test_dumps_tournament_non_standard_points_and_constraints() -> None:
    t = _small_tournament(
        points=PointSystem(win=D(3), draw=D(1)),
        accelerations=(Acceleration(1, D(1), 1, 2), Acceleration(2, D(1), 1, 2)),
        forbidden=(ForbiddenPair(frozenset({3, 4}), 1, None), ForbiddenPair(frozenset({1, 2}), 2, 4)),
    )
    lines = trf.dumps(t).splitlines()
    assert "162  W 3.0    D 1.0" in lines
    assert "250       1.0   1   2    1    2" in lines
    assert "260   1   5    3    4" in lines and "260   2   4    1    2" in lines
    assert not any(line.startswith(("XX", "BB")) for line in lines)
    for dialect in ("trf26", "javafo"):
        assert trf.loads(trf.dumps(t, dialect=dialect)).tournament == t, dialect
    # bbpPairings knows no round limits: a pair forbidden in the round to pair is forbidden outright
    bbp = trf.loads(trf.dumps(t, dialect="bbp")).tournament
    assert bbp.settings.forbidden == (ForbiddenPair(frozenset({3, 4})), ForbiddenPair(frozenset({1, 2})))
    assert bbp.settings.accelerations == t.settings.accelerations


def test_dialect_javafo_adds_xx_lines() -> None:
    t = _small_tournament(points=PointSystem(win=D(3), draw=D(1)), accelerations=(Acceleration(2, D(1), 1, 2),), forbidden=(ForbiddenPair(frozenset({3, 4})),))
    lines = trf.dumps(t, dialect="javafo").splitlines()
    for expected in ("142 5", "152 B", "XXR 5", "XXC black1", "XXS W=3.0 D=1.0 L=0.0 ZPB=0.0 FL=0.0", "XXA    2  1.0  1.0", "XXP 3 4", "260   1   5    3    4"):
        assert expected in lines


def test_dialect_bbp() -> None:
    t = _small_tournament(points=PointSystem(win=D(3), draw=D(1), absent=D(0)))
    lines = trf.dumps(t, dialect="bbp").splitlines()
    assert "XXR 5" in lines and "XXC black1" in lines
    assert "192 FIDE_DUTCH" in lines
    assert "BBW  3.0" in lines and "BBD  1.0" in lines and "BBZ  0.0" in lines
    # no 162: bbpPairings v6.0.0 refuses A and its later sources refuse Z; the BB? lines say it to both
    assert not any(line.startswith(("142", "152", "162", "240")) for line in lines)
    with_absent = _small_tournament(points=PointSystem(win=D(3), draw=D(1), absent=D(1)))
    bbp = trf.dumps(with_absent, dialect="bbp").splitlines()
    assert "BBZ  1.0" in bbp and "BBF  1.0" in bbp and not any(line.startswith("162") for line in bbp)
    assert "162  W 3.0    D 1.0    A 1.0" in trf.dumps(with_absent).splitlines()
    # a document read from TRF-2026 has its 162 left out for bbp, the BB? lines written instead
    doc = trf.loads(trf.dumps(with_absent))
    from_doc = trf.dumps(doc, dialect="bbp").splitlines()
    assert "BBZ  1.0" in from_doc and not any(line.startswith("162") for line in from_doc)
    assert trf.loads("\n".join(from_doc)).tournament.settings.points == with_absent.settings.points


def test_trf26_writes_xxs_when_162_cannot_say_it() -> None:
    t = _small_tournament(points=PointSystem(half_bye=D(0)))
    lines = trf.dumps(t).splitlines()
    assert "XXS W=1.0 D=0.5 L=0.0 ZPB=0.0 FL=0.0 HPB=0.0" in lines
    assert trf.loads("\n".join(lines)).tournament.settings.points == t.settings.points
    with pytest.raises(ValueError):
        trf.dumps(t, dialect="bbp")


def test_document_keeps_records_until_the_tournament_changes() -> None:
    players = [_line(1, "A", 2000, "3.0", 1, "   2 w 1"), _line(2, "B", 1900, "0.0", 2, "   1 b 0")]
    text = "\n".join(["012 Open", "XXR 5", "162  W 3.0    D 1.0", *players, "XXC white1"]) + "\n"
    doc = trf.loads(text)
    # the forms javafo wants and the file lacks come before the players; the rest stays in place
    assert trf.dumps(doc, dialect="javafo").splitlines()[:6] == ["012 Open", "XXR 5", "162  W 3.0    D 1.0", "142 5", "152 W", "XXS W=3.0 D=1.0 L=0.0 ZPB=0.0 FL=0.0"]
    changed = doc.with_tournament(
        Tournament(
            Settings(rounds=7, points=PointSystem(win=D(2), draw=D(1))),
            doc.tournament.players,
            name="Open",
        )
    )
    lines = trf.dumps(changed).splitlines()
    assert lines[:3] == ["012 Open", "XXR 7", "162  W 2.0    D 1.0"]
    assert lines[3:5] == ["142 7", "152 W"]  # trf26 forms of what the file gave; no 192: neither given nor changed
    assert lines[5][80:84] == " 2.0"  # points rewritten for the new scoring
    assert lines[-1] == "XXC white1"
    assert trf.loads("\n".join(lines)).tournament == changed.tournament


def test_spec_worked_example() -> None:
    """trf.md section 7: round 3 to pair, player 1 has asked for a half-point bye."""
    path = DATA / "worked_example.trf"
    doc = trf.load(path)
    t = doc.tournament
    assert t.name == "Club Open" and t.settings.rounds == 5 and t.settings.initial_colour is Colour.WHITE
    assert t.settings.system == "dutch-2026"
    assert t.settings.points.pab_points == D(1) and t.settings.points.absent == D(0)
    assert t.rounds_played == 2 and dict(t.pending) == {1: RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)}
    assert doc.declared_points[1] == D(2) == t.score(1) + D("0.5")
    assert [p.id for p in t.to_pair()] == [2, 3, 4]
    assert t.have_met(4, 2) and t.have_met(4, 3) and not t.have_met(2, 3)
    assert trf.dumps(doc) == path.read_text()
    # the bbp form of the same file: no 162 (the scoring is the default), 192 FIDE_DUTCH
    bbp = trf.dumps(doc, dialect="bbp").splitlines()
    assert not any(line.startswith("162") for line in bbp) and "192 FIDE_DUTCH" in bbp
    assert "XXR 5" in bbp and "XXC white1" in bbp
