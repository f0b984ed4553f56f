"""A team event whose reserves played, whose lineups left boards empty or changed the board order, written as a
team TRF-2026 file and read back without loss: record 310 lists each team's players in board order (the roster,
then the reserves who played), and record 300 ("out-of-(default)order") gives each lineup that is not the team's
players who sat in that order, one a board. Gacrux reads every export and pairs the next round as the session did."""

from __future__ import annotations

import itertools
from decimal import Decimal
from pathlib import Path

import pytest

from engine.trf.team_load import read_team_document
from oracles.gacrux_team import gacrux_pairs
from swisstui import store
from swisstui.outputs.trf_export import export_trf
from swisstui.session.actions import Session
from swisstui.store.event import Event
from swisstui.store.team_records import TeamSettings
from tests.cli.test_team_trf_round_trip import imported, view

# (round, team): the lineup set after pairing, by place in the team's board order (0-based; None: an empty board);
# a team that has the round's bye keeps none
LINEUPS = {
    (1, 1): (2, 0),        # the reserve on board 1 above the roster's first: out of order (record 300)
    (1, 2): (0, None),     # the last board left empty: an unoccupied board (record 300)
    (1, 4): (0, 2),        # the reserve in for the second player: the default order, no record 300
    (2, 2): (None, 2),     # board 1 empty, the reserve on board 2 (record 300)
    (2, 5): (1, 0),        # the roster's two players swapped (record 300)
    (3, 3): (0, 2),
    (3, 5): (2, 1),
    (4, 1): (0, 1),
    (4, 2): (2, 0),
    (4, 3): (1, 2),
    (4, 5): (0, 2),
}


def _played(event: Event) -> dict[str, object]:
    """:func:`view` of ``event`` with the reserves who have not played yet left out (the export leaves them out,
    with a warning: record 310 lists the players a team fielded)."""
    seated = {p for rnd in event.rounds for m in rnd.team.matches for b in m.boards for p in (b.white, b.black)}
    shown = view(event)
    shown["teams"] = [(tid, name, short, roster, [p for p in reserves if p in seated])
                      for tid, name, short, roster, reserves in shown["teams"]]  # type: ignore[attr-defined]
    kept = {p for team in shown["teams"] for p in (*team[3], *team[4])}  # type: ignore[attr-defined]
    shown["players"] = [(pid, fields) for pid, fields in shown["players"] if pid in kept]  # type: ignore[attr-defined]
    return shown


def _league(folder: Path) -> Session:
    """Five teams of two boards and a reserve, under lineup = "warn" (a changed board order accepted)."""
    event = store.new_event("Reserves League", 5, system="fide-team")
    event.team = TeamSettings(2, bye_game_points=Decimal(2), lineup="warn")
    store.create(event, folder / "league.toml")
    session = Session.open(folder / "league.toml")
    for t in range(1, 6):
        session.teams.add(f"Team {t}", [{"name": f"Player {t}{b}", "rating": 2200 - 40 * t - b} for b in range(2)],
                          [{"name": f"Reserve {t}", "rating": 1500 + t}])
    return session


def _play(session: Session, rnd: int) -> set[tuple[int, int]]:
    """The round's lineups of LINEUPS, then a result on every board (a forfeit where a side is empty); the
    (round, team) of each lineup set that is not the team's players in their board order, none empty."""
    event = session.event
    out_of_order = set()
    for (r, tid), places in LINEUPS.items():
        if r == rnd and event.recorded_round(rnd).team.match_of(tid) is not None:
            order = event.team_record(tid).board_order
            session.teams.set_lineup(rnd, tid, [0 if k is None else order[k] for k in places])
            if None in places or list(places) != sorted(places):  # type: ignore[type-var]
                out_of_order.add((rnd, tid))
    results = itertools.cycle(("1-0", "1/2-1/2", "0-1", "1-0", "0-1"))
    for match in session.event.recorded_round(rnd).team.matches:
        for board in match.boards:
            result = "-/-" if not board.white and not board.black else "-/+" if not board.white \
                else "+/-" if not board.black else next(results)
            session.teams.set_result(rnd, match.number, board.board, result)
    return out_of_order


@pytest.mark.slow
def test_reserves_and_lineups_out_of_order_are_written_read_back_and_paired_by_gacrux(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = _league(tmp_path)
    expected: set[tuple[int, int]] = set()
    for rnd in range(1, 5):
        if rnd > 1:  # Gacrux pairs the next round from our export as the session does
            trf = tmp_path / f"before-{rnd}.trf"
            trf.write_text(export_trf(session.event).text, encoding="latin-1")
            theirs = gacrux_pairs(trf)
        session.teams.pair()
        stored = session.event.recorded_round(rnd).team
        if rnd > 1:
            assert {(m.white, m.black) for m in stored.matches} | {(stored.bye, 0)} == theirs, rnd
        expected |= _play(session, rnd)
        text = export_trf(session.event).text
        written = {(int(line[4:7]), int(line[8:11])) for line in text.splitlines() if line.startswith("300")}
        assert written == expected, rnd
        again = imported(tmp_path, capsys, text, f"after-{rnd}")
        assert _played(again) == _played(session.event), rnd
        assert export_trf(again).text == text
    assert len(expected) >= 5 and {r for r, _ in expected} >= {1, 2, 3}
    doc = read_team_document(text)
    team1 = doc.tournament.teams[1]
    assert team1.players == (1, 2, 3)  # record 310: the roster, then the reserve who played
    assert [b.player for b in team1.rounds[0].boards] == [3, 1]
    assert any(line.startswith("300 001   1 ") and line.endswith(" 0003 0001") for line in text.splitlines())
