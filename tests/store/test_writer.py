"""The writer: tomli-w writes every value, the layout is the one people read, nothing changes on the way back.

Every sample event is written back byte for byte, and 1000 generated events — names and
texts with quotes, backslashes, byte-order marks, non-BMP characters — read back as the
same event, parse to exactly the data the writer meant, and are written identically again.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import systems
from engine.model.tournament import TITLES, Acceleration, Colour, ForbiddenPair, PointSystem, ResultCode, Settings
from engine.tiebreaks import Edition
from engine.trf.fields import CONTROL
from swisstui import store
from swisstui.store import EventFileError
from swisstui.store.event import (
    CHANGE_KINDS,
    RESULT_KEY_LAYOUTS,
    RESULTS,
    Board,
    ChangeRecord,
    Event,
    EventInfo,
    LogEntry,
    PlayerRecord,
    RoundRecord,
)

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"

# What breaks hand-made TOML writers: quotes, backslashes, a byte-order mark, non-BMP characters. Control
# characters and line separators are refused by the reader (engine.trf.fields): the writer's escaping of
# them is checked in test_roundtrip.py.
AWKWARD = '"\\\'' + "\ufeff\u00ad\U0001d11e\U0001f600ä½ "
TEXT = st.one_of(
    st.text(st.sampled_from(AWKWARD + "ab, "), max_size=12),
    # any character UTF-8 can carry on one line of text, but the direction controls (U+202A-U+202E,
    # U+2066-U+2069) the reader refuses as it refuses control characters (engine.trf.fields.CONTROL)
    st.text(st.characters(exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=12).filter(
        lambda s: CONTROL.search(s) is None),
)
NAME = TEXT.filter(lambda s: s.strip() != "")  # a player needs a name
POINTS = st.decimals(min_value=0, max_value=100, places=2)
RESULT_POINTS = st.decimals(min_value=0, max_value=10, places=2)  # a file holds at most 10 for one result
TIMEZONES = st.sampled_from([None, dt.timezone.utc, dt.timezone(dt.timedelta(hours=5, minutes=30)),
                             dt.timezone(dt.timedelta(hours=-3))])
WHEN = st.none() | st.datetimes(timezones=TIMEZONES)
REQUESTABLE = [code for code in ResultCode if code.is_requestable]
# Strategies that do not depend on what was drawn are built once, here: building one inside a
# composite builds and checks it again for every example, which took most of this file's time.
# the systems of players: an event of teams holds teams and their lists (tests/store/test_team_event_file.py)
SYSTEM = st.sampled_from([s.id for s in systems.SYSTEMS if s.unit is systems.Unit.PLAYER])
FIRST_COLOUR = st.sampled_from([Colour.WHITE, Colour.BLACK])
POINT_SYSTEM = st.tuples(*[RESULT_POINTS] * 4, *[st.none() | RESULT_POINTS] * 4)
EDITION = st.sampled_from([e.value for e in Edition])
START = st.none() | st.dates()
DEPUTIES = st.lists(TEXT, max_size=3)
LOG = st.lists(st.builds(LogEntry, TEXT, TEXT, st.none() | st.integers(1, 9), TEXT, WHEN), max_size=3)
REVISION = st.integers(0, 10**6)
RESULT_KEYS = st.sampled_from(RESULT_KEY_LAYOUTS)
WITHDRAWN_AFTER = {total: st.none() | st.integers(0, total) for total in range(1, 6)}
RATING = st.integers(0, 3000)
TITLE = st.sampled_from(("",) + TITLES)
FIDE_ID = st.none() | st.integers(1, 10**10)
REQUEST = st.sampled_from(REQUESTABLE)
PUBLISHED_RESULT = st.sampled_from(["", *RESULTS])
CHANGES = st.lists(st.builds(ChangeRecord, st.sampled_from(CHANGE_KINDS), TEXT, st.none() | st.integers(1, 9), TEXT,
                             TEXT, TEXT, WHEN), max_size=2)
DATE = st.none() | st.dates()


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_every_sample_is_written_back_byte_for_byte(path):
    text = path.read_text(encoding="utf-8")
    event = store.loads(text, path=path.name)
    assert store.dumps(event) == text
    assert tomllib.loads(text, parse_float=Decimal) == store.document(event)


# codes every system allows (the Buchholz family is refused in round robins, KS outside them)
TIEBREAK_CODES = st.sampled_from(["DE", "WIN", "WON", "BPG", "BWG", "PS/C1", "REP", "STD", "TPN/R", "SB/M1",
                                  "SB/P", "ARO/C2", "TPR/U1400", "PTP", "APRO", "APPO", "RTNG"])
TIEBREAK_LIST = st.lists(TIEBREAK_CODES, max_size=3)


@st.composite
def events(draw) -> Event:
    """A valid event using every part of the format, with awkward text wherever text goes."""
    total = draw(st.integers(1, 5))
    ids = list(range(1, draw(st.integers(0, 9)) + 1))
    paired = draw(st.integers(0, total)) if ids else 0
    players = [draw(players_(pid, total)) for pid in ids]
    settings_ = Settings(
        rounds=total,
        system=draw(SYSTEM),
        initial_colour=draw(FIRST_COLOUR),
        points=PointSystem(*draw(POINT_SYSTEM)),
        tiebreaks=tuple(draw(TIEBREAK_LIST)),
        tiebreak_edition=draw(EDITION),
        accelerations=tuple(draw(st.lists(accelerations(ids, total), max_size=3))) if ids else (),
    )
    start = draw(START)
    info = EventInfo(
        city=draw(TEXT), federation=draw(TEXT), start=start,
        end=None if start is None else draw(st.none() | st.dates(min_value=start)),
        chief_arbiter=draw(TEXT), deputy_arbiters=draw(DEPUTIES), time_control=draw(TEXT),
    )
    rounds: list[RoundRecord] = []
    for number in range(1, paired + 1):
        rounds.append(draw(paired_round(number, players, last=number == paired)))
        if not rounds[-1].paired:  # everybody has withdrawn: no later round can be paired
            break
    if (not rounds or rounds[-1].paired) and len(rounds) < total and ids and draw(st.booleans()):
        rounds.append(draw(requests_only(len(rounds) + 1, players)))
    forbidden = draw(st.lists(
        st.builds(ForbiddenPair, st.frozensets(st.sampled_from(ids), min_size=2), st.integers(1, total),
                  st.none() | st.integers(total, total + 2)),
        max_size=2)) if len(ids) >= 2 else []
    log = draw(LOG)
    return Event(
        name=draw(TEXT), settings=settings_, players=players, rounds=rounds, forbidden=forbidden, info=info,
        log=log, revision=draw(REVISION), fide_mode=draw(st.booleans()),
        result_keys=draw(RESULT_KEYS),
    )


@st.composite
def players_(draw, pid: int, total: int) -> PlayerRecord:
    withdrawn_after = draw(WITHDRAWN_AFTER[total])
    return PlayerRecord(
        id=pid, name=draw(NAME), rating=draw(RATING), title=draw(TITLE),
        federation=draw(TEXT), fide_id=draw(FIDE_ID), birth=draw(TEXT), sex=draw(TEXT),
        status="active" if withdrawn_after is None else "withdrawn", withdrawn_after=withdrawn_after,
    )


@st.composite
def accelerations(draw, ids: list[int], total: int) -> Acceleration:
    first = draw(st.integers(1, total))
    return Acceleration(draw(st.sampled_from(ids)), draw(POINTS), first, draw(st.integers(first, total)))


@st.composite
def paired_round(draw, number: int, players: list[PlayerRecord], last: bool) -> RoundRecord:
    """Round ``number``: some players sit out with a request, the rest are paired, an odd one gets the bye."""
    playing = draw(st.permutations([p.id for p in players if p.plays_in(number)]))
    out = draw(st.integers(0, max(0, len(playing) - 1)))
    requests = {pid: draw(REQUEST) for pid in playing[:out]}
    seated = playing[out:]
    published = not last or draw(st.booleans())
    results = PUBLISHED_RESULT if published else st.just("")
    boards = [Board(n, seated[2 * n - 2], seated[2 * n - 1], draw(results)) for n in range(1, len(seated) // 2 + 1)]
    bye = seated[-1] if len(seated) % 2 else None
    if not boards and bye is None:  # a paired round needs a board or a bye
        published = False
    changes = draw(CHANGES)
    date = draw(DATE)
    return RoundRecord(number, boards, bye, requests, published, changes, date)


@st.composite
def requests_only(draw, number: int, players: list[PlayerRecord]) -> RoundRecord:
    """The round after the last paired one: known absences and requested byes only."""
    ids = [p.id for p in players if p.plays_in(number)]
    chosen = draw(st.lists(st.sampled_from(ids), unique=True)) if ids else []
    return RoundRecord(number, requests={pid: draw(REQUEST) for pid in chosen})


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(events())
def test_generated_events_survive_writing_and_reading(event):
    text = store.dumps(event)
    assert tomllib.loads(text, parse_float=Decimal) == store.document(event)  # the text says what was meant
    again = store.loads(text)
    assert again == event  # nothing is lost or changed
    assert store.dumps(again) == text  # and the next save writes the same bytes


def test_text_escaped_by_hand_reads_as_the_same_event():
    """TOML escapes typed by hand read as the characters they stand for, and are written back as one line."""
    event = store.loads('schema = 1\n[event]\nname = "A\\u00e9 \\"q\\" \\\\"\n[settings]\nrounds = 1\n')
    assert event.name == 'Aé "q" \\'
    assert store.loads(store.dumps(event)) == event
    assert 'name = "Aé \\"q\\" \\\\"' in store.dumps(event).splitlines()


def test_a_control_character_escaped_by_hand_is_refused_with_its_line_and_field():
    with pytest.raises(EventFileError) as err:
        store.loads('schema = 1\n[event]\nname = "A\\tB"\n[settings]\nrounds = 1\n', path="e.toml")
    assert str(err.value).startswith("e.toml:3: event.name: 'A\\tB' holds a control character, tab (U+0009)")


def test_boards_line_up_in_columns():
    """Player numbers align to the event's widest (here 24), board numbers to the round's last board."""
    event = store.new_event("Columns", 3)
    event.players = [PlayerRecord(pid, f"P{pid}") for pid in range(1, 25)]
    first = event.ensure_round(1)
    first.boards = [Board(n, n, n + 12, "1-0") for n in range(1, 13)]
    first.published = True
    event.ensure_round(2).boards = [Board(1, 2, 1), Board(2, 4, 3)]
    lines = store.dumps(event).splitlines()
    assert '  { board =  9, white =  9, black = 21, result = "1-0" },' in lines
    assert '  { board = 12, white = 12, black = 24, result = "1-0" },' in lines
    assert '  { board = 2, white =  4, black =  3, result = "" },' in lines


def test_lines_kept_from_the_last_save_are_those_a_fresh_writer_writes():
    """dumps keeps the lines of each player and round from the last save (store.write._entries):
    after any change, the text is the one written with nothing kept."""
    from swisstui.store import write

    def fresh(event: Event) -> str:
        write._entries.clear()
        return store.dumps(event)

    event = store.loads((SAMPLES / "weekend-open.toml").read_text(encoding="utf-8"))
    store.dumps(event)
    event.rounds[3].boards[0].result = "0-1"
    event.players[3].name = "Renamed, Player"
    assert store.dumps(event) == fresh(event)
    store.dumps(event)
    event.players.append(PlayerRecord(1000, "Thousand, Player"))  # every board's columns widen
    text = store.dumps(event)
    assert text == fresh(event) and "white =    " in text
    del event.players[-1]
    event.rounds[0].boards[0].white, event.rounds[0].boards[0].black = (event.rounds[0].boards[0].black,
                                                                        event.rounds[0].boards[0].white)
    assert store.dumps(event) == fresh(event)
