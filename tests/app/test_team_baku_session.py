"""Baku acceleration (C.04.7 art. 1) in a team event run through the session: announced as for an individual
Swiss (``swisstui new --accelerate baku``, ``settings.set_acceleration``, the event file's ``acceleration``),
refused with game points first (C.04.7 art. 1.4.4), and every round paired with the virtual match points,
each one as Gacrux pairs the team TRF-2026 file the test writes of the event before that round.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from engine.model.registration import Registration
from swisstui import store
from swisstui.cli import main
from swisstui.session.action_errors import ActionError
from swisstui.session.actions import Session
from swisstui.store.team_records import TeamSettings
from engine.trf.team_document import TeamEventHeader, TeamPlayer, TeamTrfDocument
from engine.trf.team_write import write_team_trf
from oracles.gacrux_team import gacrux_pairs

TEAMS, BOARDS, ROUNDS = 20, 4, 7


def _event(folder: Path, **options: str) -> Session:
    event = store.new_event("Baku league", ROUNDS, system="fide-team", acceleration="baku", options=options)
    event.team = TeamSettings(BOARDS)
    store.create(event, folder / "league.toml")
    session = Session.open(folder / "league.toml")
    for t in range(1, TEAMS + 1):
        session.teams.add(f"Team {t:02d}", [{"name": f"Player {t:02d}{b}", "rating": 2400 - 15 * t - b}
                                            for b in range(BOARDS)])
    return session


def _trf_before_round(session: Session) -> str:
    """The event as it stands, before the round to pair, as a team TRF-2026 file (record 250 included)."""
    t = session.teams.team_tournament()
    players = tuple(TeamPlayer(p.id, Registration(p.name, rating=p.rating)) for p in session.event.players)
    return write_team_trf(TeamTrfDocument(t, tuple(sorted(players, key=lambda p: p.id)),
                                          TeamEventHeader(name="Baku league"),
                                          board_colours=("WB" * BOARDS)[:BOARDS], baku=True))


@pytest.mark.slow  # seven Gacrux runs, a child process each
def test_an_accelerated_20_team_event_pairs_every_round_as_gacrux(tmp_path: Path) -> None:
    session = _event(tmp_path)
    session.teams.absent(1, 3)           # team 3 misses round 1: placed as a late entry (C.04.7 art. 1.3)
    table = session.teams.team_tournament().virtual
    assert session.event.acceleration_table() == ()   # no player of a team event gets virtual points
    assert "player = 1, points" not in session.path.read_text(encoding="utf-8")
    # art. 1.2: 19 teams to pair, GA = 2 x ceil(19 / 4) = 10 of them, TPN 1-11 with 3 absent; art. 1.4: the
    # first ceil(7 / 2) = 4 rounds accelerated, 2 match points before rounds 1-2, 1 before rounds 3-4
    assert sorted(table) == list(range(1, 12))
    assert set(table.values()) == {(Fraction(2), Fraction(2), Fraction(1), Fraction(1))}
    rng = random.Random(31)
    for rnd in range(1, ROUNDS + 1):
        trf = tmp_path / f"before-{rnd}.trf"
        trf.write_text(_trf_before_round(session), encoding="latin-1")
        session = Session.open(session.path)
        assert session.teams.pair().value == rnd
        stored = session.event.recorded_round(rnd).team
        ours = {(m.white, m.black) for m in stored.matches} | ({(stored.bye, 0)} if stored.bye else set())
        assert ours == gacrux_pairs(trf), rnd
        if rnd == 1:                     # GA and GB paired apart: no match crosses TPN 11 / 12
            assert all((m.white <= 11) == (m.black <= 11) for m in stored.matches)
        for match in stored.matches:
            for board in match.boards:
                session.teams.set_result(rnd, match.number, board.board, rng.choice(("1-0", "0-1", "1/2-1/2")))
    assert session.event.rounds_paired == ROUNDS
    # the table stays the one made from round 1's teams, and the standings hold no virtual point
    t = session.teams.team_tournament()
    assert t.virtual == table
    rounds = [session.event.recorded_round(n).team for n in range(1, ROUNDS + 1)]
    given = sum(2 * len(r.matches) + (1 if r.bye else 0) for r in rounds)   # 2/1/0: two a match, 1 the bye
    assert sum(e.score(t.primary) for e in t.teams.values()) == given


def test_baku_with_game_points_first_is_refused_naming_article_1_4_4(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"C\.04\.7 art\. 1\.4\.4"):
        store.new_event("GP league", ROUNDS, system="fide-team", acceleration="baku", options={"team_score": "GP"})
    session = _event(tmp_path)
    with pytest.raises(ActionError, match=r"Primary score GP: .*C\.04\.7 art\. 1\.4\.4"):
        session.settings.set_option("team_score", "GP")
    session.settings.set_acceleration("none")
    session.settings.set_option("team_score", "GP")
    with pytest.raises(ActionError, match=r"C\.04\.7 art\. 1\.4\.4"):
        session.settings.set_acceleration("baku")
    with pytest.raises(ActionError, match="Baku acceleration or none"):
        session.settings.set_acceleration("custom")
    assert Session.open(session.path).teams.team_tournament().virtual == {}


def test_an_event_file_announcing_baku_with_game_points_first_is_refused_at_the_field(tmp_path: Path) -> None:
    session = _event(tmp_path)
    text = session.path.read_text(encoding="utf-8")
    assert 'acceleration = "baku"' in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("[settings.options]\n", "[settings.options]\nteam_score = \"GP\"\n", 1)
                   if "[settings.options]" in text else text.replace("[settings.team]", "[settings.options]\n"
                                                                     "team_score = \"GP\"\n\n[settings.team]", 1),
                   encoding="utf-8")
    with pytest.raises(store.EventFileError) as err:
        store.load(bad)
    message = str(err.value)
    assert "bad.toml" in message and "acceleration" in message and "C.04.7 art. 1.4.4" in message


def test_new_offers_baku_for_a_team_event_and_refuses_it_with_game_points_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "baku.toml"
    assert main(["new", str(path), "--name", "Baku", "--rounds", "7", "--system", "fide-team", "--team-size", "4",
                 "--accelerate", "baku"]) == 0
    assert "Baku acceleration, teams of 4 boards" in capsys.readouterr().out
    assert store.load(path).acceleration == "baku"
    code = main(["new", str(tmp_path / "gp.toml"), "--name", "GP", "--rounds", "7", "--system", "fide-team",
                 "--team-size", "4", "--accelerate", "baku", "--team_score", "GP"])
    assert code != 0 and "C.04.7 art. 1.4.4" in capsys.readouterr().err
    assert not (tmp_path / "gp.toml").exists()
