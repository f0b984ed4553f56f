"""A team round robin after a team withdraws: its remaining matches as the event's ``left-games`` says, as for a
round robin of players (FIDE Tournament Rules, Handbook C.06, art. 5.4). ``forfeited`` (the default): each match of
the table it no longer plays is stored as lost by it whole by forfeit, the opponent winning every board (TRF-2026
record 330); ``not-played``: the match is left off, nobody scores, the opponent has the round off. The schedule stays
the table's either way (C.05)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from engine import systems
from engine.model.catalogue import NOT_PLAYED, TEAM_LEFT_GAMES
from engine.model.team_tournament import RoundKind
from swisstui import store
from swisstui.outputs.trf_export import export_trf
from swisstui.session.actions import Session
from swisstui.store.team_records import TeamSettings
from tests.app.test_team_round_robin import gacrux_schedule

WITHDRAWN = 5


def _league(folder: Path, options: dict[str, str]) -> Session:
    """Eight teams of two boards, numbers kept, the table's round 1 played (White wins every board), then team 5
    withdraws."""
    info = systems.get("team-berger")
    event = store.new_event("Club league", 7, system=info.id, tiebreaks=info.tiebreaks, points=info.new_points(),
                            options=options)
    event.team = TeamSettings(2, bye_match_points=Decimal(0), bye_game_points=Decimal(0))
    store.create(event, folder / "league.toml")
    session = Session.open(folder / "league.toml")
    for t in range(1, 9):
        session.teams.add(f"Club {t}", [{"name": f"Club {t} {b}", "rating": 2300 - 30 * t - 10 * b} for b in (1, 2)])
    session.team_round_robin.keep_numbers()
    _play(session)
    session.teams.withdraw(WITHDRAWN)
    return session


def _play(session: Session) -> None:
    """Pair the next round and give White every board of each match played."""
    rnd = session.teams.pair().value
    for match in session.event.recorded_round(rnd).team.matches:
        if not match.forfeit:
            for board in (1, 2):
                session.teams.set_result(rnd, match.number, board, "1-0" if board % 2 else "0-1")


def _pair_with(table: set[tuple[int, int]]) -> tuple[int, int]:
    return next(p for p in table if WITHDRAWN in p)


def test_a_withdrawn_teams_matches_are_forfeited_by_default_the_opponent_winning_every_board(tmp_path: Path) -> None:
    session = _league(tmp_path, {})
    table = gacrux_schedule(8, "single")
    for rnd in range(2, 8):
        _play(session)
        stored = Session.open(session.path).event.recorded_round(rnd).team  # read back from the file
        white, black = _pair_with(table[rnd - 1])
        forfeited = [m for m in stored.matches if m.forfeit]
        assert [(m.white, m.black, m.forfeit) for m in forfeited] == \
            [(white, black, "white" if white == WITHDRAWN else "black")], rnd
        assert {(m.white, m.black) for m in stored.matches} == table[rnd - 1], rnd  # the schedule stays the table's
    t = session.teams.team_tournament()
    gone = t.teams[WITHDRAWN].rounds[1:]
    assert all(r.kind is RoundKind.MATCH and not r.played and r.match_points == 0 for r in gone)
    for rnd in range(2, 8):
        opponent = sum(_pair_with(table[rnd - 1])) - WITHDRAWN
        won = t.teams[opponent].rounds[rnd - 1]
        assert (won.opponent, won.played, won.forfeit_win, won.match_points, won.game_points) == \
            (WITHDRAWN, False, True, 2, Fraction(2)), rnd
    text = export_trf(session.event).text
    assert sum(1 for line in text.splitlines() if line.startswith("330 ")) == 6


def test_not_played_leaves_the_withdrawn_teams_matches_off_and_nobody_scores(tmp_path: Path) -> None:
    session = _league(tmp_path, {TEAM_LEFT_GAMES.id: NOT_PLAYED})
    table = gacrux_schedule(8, "single")
    for rnd in range(2, 5):
        _play(session)
        stored = session.event.recorded_round(rnd).team
        pair = _pair_with(table[rnd - 1])
        assert {(m.white, m.black) for m in stored.matches} == table[rnd - 1] - {pair}, rnd
        assert not any(m.forfeit for m in stored.matches)
    t = session.teams.team_tournament()
    assert [r.kind for r in t.teams[WITHDRAWN].rounds[1:]] == [RoundKind.ABSENT] * 3
    opponent = sum(_pair_with(table[1])) - WITHDRAWN
    assert t.teams[opponent].rounds[1].kind is RoundKind.ABSENT


def test_the_review_names_the_forfeit_and_its_article(tmp_path: Path) -> None:
    session = _league(tmp_path, {})
    proposal = session.teams.propose()
    pair = _pair_with(gacrux_schedule(8, "single")[1])
    assert proposal.forfeited == ((*pair, "white" if pair[0] == WITHDRAWN else "black"),)
    assert pair not in proposal.pairs
    note = next(s for s in proposal.steps if "withdrawn" in s.text)
    assert note.rule == "C.06 art. 5.4" and "lost by forfeit" in note.text
