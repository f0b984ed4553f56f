"""Events survive dumps/loads unchanged, and the engine's model survives Event conversion."""

from __future__ import annotations

import dataclasses
import datetime as dt
import tomllib
from decimal import Decimal

import pytest

from engine import trf
from engine.model.tournament import (
    Colour,
    ForbiddenPair,
    Player,
    PlayerStatus,
    PointSystem,
    ResultCode,
    RoundEntry,
    Settings,
    Tournament,
)
from swisstui import store
from swisstui.store.event import (
    RESULT_ALIASES,
    RESULTS,
    Board,
    ChangeRecord,
    Event,
    EventInfo,
    LogEntry,
    PlayerRecord,
    RoundRecord,
    new_event,
    result_codes,
)
from tests.data_paths import dutch

# A fixed, varied subset: forfeits, PABs, half- and zero-point byes, 3-1-0 scoring, 7 to 245 players.
FIXTURE_SUBSET = [
    "dutch-2300001-n16-r9.trf",
    "dutch-2300003-n245-r10.trf",
    "dutch-2300004-n27-r6.trf",
    "dutch-2300023-n100-r8.trf",
    "dutch-2300032-n26-r9.trf",
    "dutch-2300039-n57-r9.trf",
]

UTC = dt.timezone.utc


def full_event() -> Event:
    """An event that uses every part of the format."""
    event = new_event(
        'Open "Ünïcode" \\ Cup',
        7,
        "dutch",
        initial_colour=Colour.BLACK,
        points=PointSystem(win=Decimal(3), draw=Decimal(1), pab=Decimal(0), half_bye=Decimal("1.5")),
        tiebreaks=["BH/C1", "BH", "SB"],
        info=EventInfo(
            city="Zürich",
            federation="SUI",
            start=dt.date(2026, 3, 14),
            end=dt.date(2026, 3, 16),
            chief_arbiter="IA Jane Roe",
            deputy_arbiters=["FA John Doe", "NA Émile"],
            time_control="90'+30\"",
        ),
    )
    event.players = [
        PlayerRecord(1, "Alpha, Ann", 2405, "IM", "ENG", 400123, "1990/05/01", "w"),
        PlayerRecord(2, "Beta, Bob", 2210, "FM", "GER", 4611, "1985", "m"),
        PlayerRecord(3, "Gamma\tGil", 1900),
        PlayerRecord(4, "Delta, Dee", 0, status="withdrawn", withdrawn_after=1),
        PlayerRecord(5, "Eps\u007filon, Eve", 1750, federation="FRA"),
        PlayerRecord(6, "Zeta, Zoe", 1600),
    ]
    event.forbidden = [ForbiddenPair(frozenset({1, 2})), ForbiddenPair(frozenset({3, 5, 6}), 2, 4)]
    r1 = event.ensure_round(1)
    r1.published = True
    r1.date = dt.date(2026, 3, 14)
    r1.boards = [Board(1, 1, 4, "1-0"), Board(2, 5, 2, "+/-"), Board(3, 3, 6, "1/2-1/2u")]
    r1.changes = [
        ChangeRecord("pairing", "players 2 and 5 asked to play", board=2, old="2-6", new="5-2", by="CA",
                     at=dt.datetime(2026, 3, 14, 9, 58, tzinfo=UTC)),
        ChangeRecord("result", "score sheet misread", board=3, old="1-0", new="1/2-1/2u"),
    ]
    r2 = event.ensure_round(2)
    r2.published = True
    r2.boards = [Board(1, 2, 1, ""), Board(3, 6, 5, "-/-")]
    r2.bye = 3
    r2.requests = {4: ResultCode.ZERO_BYE}
    event.ensure_round(4).requests = {1: ResultCode.HALF_BYE, 6: ResultCode.ABSENT, 5: ResultCode.FULL_BYE}
    event.log = [
        LogEntry("FIDE mode left", "testing a manual pairing", round=2, by="CA",
                 at=dt.datetime(2026, 3, 14, 18, 30, 5, tzinfo=UTC)),
        LogEntry("withdrawn: 4 Delta, Dee after round 1"),
    ]
    event.fide_mode = False
    event.result_keys = "papi"
    event.revision = 41
    return event


def test_full_event_round_trips_through_text():
    event = full_event()
    event.players[2].name, event.players[4].name = "Gamma Gil", "Epsilon, Eve"
    text = store.dumps(event)
    again = store.loads(text)
    assert again == event
    assert store.dumps(again) == text


def test_control_characters_are_written_escaped_and_refused_on_reading_with_the_line():
    """The writer escapes them (valid TOML); the reader refuses them: TRF and the screens hold one line of text."""
    text = store.dumps(full_event())
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if "Gamma" in row)
    with pytest.raises(store.EventFileError) as err:
        store.loads(text)
    assert (err.value.line, err.value.field) == (line, "players.name")
    assert "tab (U+0009), at character 6" in err.value.message


def test_writer_output_is_what_tomllib_reads():
    """The hand-laid-out text parses to the values written (checked against the raw TOML, not our reader)."""
    doc = tomllib.loads(store.dumps(full_event()))
    assert doc["schema"] == 1
    assert doc["event"]["name"] == 'Open "Ünïcode" \\ Cup'
    assert doc["event"]["start"] == dt.date(2026, 3, 14)
    assert doc["settings"]["scoring"] == {"win": 3.0, "draw": 1.0, "loss": 0.0, "absent": 0.0, "pab": 0.0, "half_bye": 1.5}
    assert doc["players"][2]["name"] == "Gamma\tGil"
    assert doc["players"][4]["name"] == "Eps\u007filon, Eve"
    assert doc["rounds"][0]["boards"][1] == {"board": 2, "white": 5, "black": 2, "result": "+/-"}
    assert doc["rounds"][1]["byes"] == {"4": "zero"}
    assert doc["rounds"][2]["byes"] == {"1": "half", "5": "full", "6": "absent"}
    assert doc["rounds"][0]["changes"][0]["at"] == dt.datetime(2026, 3, 14, 9, 58, tzinfo=UTC)
    assert doc["log"][0]["round"] == 2


def test_boards_are_one_per_line():
    text = store.dumps(full_event())
    assert '  { board = 2, white = 5, black = 2, result = "+/-" },' in text.splitlines()


def test_every_result_string_maps_to_a_pair_of_codes():
    for text, (white, black) in RESULTS.items():
        assert result_codes(text) == (white, black)
    assert result_codes("") is None
    assert result_codes("1-0") == (ResultCode.WIN, ResultCode.LOSS)
    assert result_codes("-/-") == (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)
    assert result_codes("1-0u") == (ResultCode.WIN_UNRATED, ResultCode.LOSS_UNRATED)


def test_hand_typed_aliases_are_read_and_written_canonically():
    event = full_event()
    event.players[2].name, event.players[4].name = "Gamma Gil", "Epsilon, Eve"
    text = store.dumps(event).replace('result = "1/2-1/2u"', 'result = "½-½u"')
    again = store.loads(text)
    assert again.rounds[0].boards[2].result == RESULT_ALIASES["½-½u"] == "1/2-1/2u"


def test_unset_optional_keys_take_their_defaults():
    text = 'schema = 1\n[event]\nname = "Minimal"\n[settings]\nrounds = 3\n'
    event = store.loads(text)
    assert event.settings == Settings(rounds=3)
    assert (event.revision, event.fide_mode, event.result_keys, event.acceleration) == (0, True, "default", "none")
    assert event.players == [] and event.rounds == []


def test_system_alias_is_stored_as_its_id():
    text = 'schema = 1\n[event]\nname = "x"\n[settings]\nsystem = "FIDE_DUTCH_2025"\nrounds = 3\n'
    assert store.loads(text).settings.system == "dutch-2026"


# -- to_tournament ---------------------------------------------------------------------


def test_to_tournament_scores_colours_and_pending():
    event = full_event()
    t = event.to_tournament()
    assert t.rounds_played == 2
    # Round 1: 1 beat 4; 5 won by forfeit against 2; 3-6 drew in less than a move. Round 2: 1-2 unfinished.
    assert t.player(1).entry(1) == RoundEntry(4, Colour.WHITE, ResultCode.WIN)
    assert t.player(2).entry(1) == RoundEntry(5, Colour.BLACK, ResultCode.FORFEIT_LOSS)
    assert t.player(1).entry(2) == RoundEntry(2, Colour.BLACK, ResultCode.ABSENT)  # paired, no result yet
    assert t.player(3).entry(2) == RoundEntry(None, Colour.NONE, ResultCode.PAB)
    assert t.player(4).entry(2) == RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)
    assert [t.score(pid) for pid in range(1, 7)] == [3, 0, 1, 0, 3, 1]  # 3-1-0 and a PAB worth 0
    assert t.colours(3) == (Colour.WHITE,)  # an unrated game is played for pairing
    assert t.colours(5) == ()  # forfeits carry no colour
    assert t.player(4).withdrawn and not t.player(1).withdrawn
    assert t.pending == {}  # round 3 has no requests; round 4's are not due yet
    assert t.settings.forbidden == (ForbiddenPair(frozenset({1, 2})), ForbiddenPair(frozenset({3, 5, 6}), 2, 4))
    assert t.settings.initial_colour is Colour.BLACK


def test_to_tournament_through_an_earlier_round():
    event = full_event()
    event.ensure_round(3).requests = {2: ResultCode.HALF_BYE}
    t = event.to_tournament(through_round=1)
    assert t.rounds_played == 1 and t.next_round == 2
    assert dict(t.pending) == {4: RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)}
    assert t.player(4).withdrawn  # withdrew after round 1: not paired from round 2 on
    assert not event.to_tournament(through_round=0).player(4).withdrawn  # but paired in round 1
    t2 = event.to_tournament()
    assert dict(t2.pending) == {2: RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)}


def test_to_tournament_on_an_empty_event():
    event = new_event("Empty", 5)
    event.players = [PlayerRecord(1, "A"), PlayerRecord(2, "B")]
    event.ensure_round(1).requests = {2: ResultCode.HALF_BYE}
    t = event.to_tournament()
    assert t.rounds_played == 0 and t.next_round == 1
    assert [p.id for p in t.to_pair()] == [1]


# -- from_tournament ---------------------------------------------------------------


def _player(pid: int, *entries: RoundEntry) -> Player:
    return Player(pid, f"P{pid}", history=entries)


FULL = RoundEntry(None, Colour.NONE, ResultCode.FULL_BYE)
HALF = RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)


def test_from_tournament_orders_boards_as_published():
    """C.04.2 art. 3.6 worked example (general-handling.md, example 3): C, A, B.

    Pairs (score of the higher-ranked player, sum of scores, TPN of the higher-ranked player):
    A = 4-5 (3, 6, #4), B = 1-6 (3, 5.5, #1), C = 2-3 (3, 6, #2).
    """

    def game(opp: int, colour: Colour, code: ResultCode) -> RoundEntry:
        return RoundEntry(opp, colour, code)

    three = (FULL, FULL, FULL)
    players = [
        _player(1, *three, game(6, Colour.WHITE, ResultCode.DRAW)),
        _player(2, *three, game(3, Colour.BLACK, ResultCode.WIN)),
        _player(3, *three, game(2, Colour.WHITE, ResultCode.LOSS)),
        _player(4, *three, game(5, Colour.WHITE, ResultCode.FORFEIT_WIN)),
        _player(5, *three, game(4, Colour.BLACK, ResultCode.FORFEIT_LOSS)),
        _player(6, FULL, FULL, HALF, game(1, Colour.BLACK, ResultCode.DRAW)),
    ]
    t = Tournament(Settings(rounds=5), tuple(players), name="Order")
    event = Event.from_tournament(t)
    r4 = event.rounds[3]
    assert [(b.number, b.white, b.black, b.result) for b in r4.boards] == [
        (1, 3, 2, "0-1"),
        (2, 4, 5, "+/-"),
        (3, 1, 6, "1/2-1/2"),
    ]
    assert event.rounds[0].requests == {pid: ResultCode.FULL_BYE for pid in range(1, 7)}
    assert event.name == "Order"


def test_from_tournament_refuses_asymmetric_games():
    players = [
        _player(1, RoundEntry(2, Colour.WHITE, ResultCode.WIN)),
        _player(2, RoundEntry(1, Colour.BLACK, ResultCode.WIN)),
    ]
    with pytest.raises(ValueError, match="do not fit one game"):
        Event.from_tournament(Tournament(Settings(rounds=3), tuple(players)))
    players = [_player(1, RoundEntry(2, Colour.WHITE, ResultCode.WIN)), _player(2), _player(3, RoundEntry(2, Colour.WHITE, ResultCode.WIN))]
    with pytest.raises(ValueError, match="does not have 1"):
        Event.from_tournament(Tournament(Settings(rounds=3), tuple(players)))


def test_from_tournament_keeps_pending_requests_and_withdrawals():
    players = [
        _player(1, RoundEntry(2, Colour.WHITE, ResultCode.WIN)),
        _player(2, RoundEntry(1, Colour.BLACK, ResultCode.LOSS)),
        dataclasses.replace(_player(3, RoundEntry(None, Colour.NONE, ResultCode.PAB)), status=PlayerStatus.WITHDRAWN),
    ]
    t = Tournament(Settings(rounds=3), tuple(players), pending={2: HALF})
    event = Event.from_tournament(t, name="Given")
    assert event.name == "Given"
    assert event.player(3).status == "withdrawn" and event.player(3).withdrawn_after == 1
    assert event.rounds[1] == RoundRecord(2, requests={2: ResultCode.HALF_BYE})
    back = store.loads(store.dumps(event)).to_tournament()
    assert dict(back.pending) == {2: HALF}
    assert back.player(3).withdrawn


@pytest.mark.parametrize("name", FIXTURE_SUBSET)
def test_fixture_round_trips_through_the_event_file(name):
    """TRF -> Tournament -> Event -> TOML -> Event -> Tournament keeps every player's every round."""
    t = trf.load(dutch(name)).tournament
    event = Event.from_tournament(t)
    text = store.dumps(event)
    again = store.loads(text, path=name)
    assert again == event
    back = again.to_tournament()
    assert back.rounds_played == t.rounds_played
    assert back.settings == t.settings
    assert dict(back.pending) == dict(t.pending)
    for p in t.players:
        q = back.player(p.id)
        assert dataclasses.replace(q, history=()) == dataclasses.replace(p, history=())
        assert [q.entry(r) for r in range(1, t.rounds_played + 1)] == [p.entry(r) for r in range(1, t.rounds_played + 1)]
        assert back.score(p.id) == t.score(p.id)


@pytest.mark.parametrize("name", FIXTURE_SUBSET[:2])
def test_fixture_snapshots_before_each_round_match(name):
    """to_tournament(through_round=r) is the tournament as it stood before round r + 1 was paired."""
    t = trf.load(dutch(name)).tournament
    event = Event.from_tournament(t)
    for r in range(0, t.rounds_played):
        snap = event.to_tournament(through_round=r)
        assert snap.rounds_played == r
        for p in t.players:
            assert snap.score(p.id) == t.score(p.id, r)
            assert snap.colours(p.id) == t.colours(p.id, r + 1)
            assert snap.opponents(p.id) == t.opponents(p.id, r + 1)


def test_virtual_points_round_trip():
    """Explicit acceleration points (TRF 250 / XXA) survive the event file and reach the pairing score."""
    from engine.model.tournament import Acceleration

    accelerations = (Acceleration(1, Decimal(1), 1, 2), Acceleration(2, Decimal("0.5"), 1, 1))
    players = tuple(Player(pid, f"P{pid}") for pid in range(1, 5))
    t = Tournament(Settings(rounds=5, accelerations=accelerations), players)
    event = Event.from_tournament(t)
    text = store.dumps(event)
    assert "  { player = 2, points = 0.5, first_round = 1, last_round = 1 }," in text.splitlines()
    back = store.loads(text).to_tournament()
    assert back.settings.accelerations == accelerations
    assert back.pairing_score(1) == 1 and back.pairing_score(2) == Decimal("0.5")


def test_trf_title_codes_become_titles():
    players = (Player(1, "A", title="g"), Player(2, "B", title="wf"), Player(3, "C", title="IM"), Player(4, "D"))
    event = Event.from_tournament(Tournament(Settings(rounds=3), players))
    assert [p.title for p in event.players] == ["GM", "WFM", "IM", ""]
    text = store.dumps(event).replace('title = "WFM"', 'title = "wfm"')
    assert store.loads(text).player(2).title == "WFM"  # hand-typed lower case is accepted
