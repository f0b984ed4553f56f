"""An 8-team, 4-board league run as a team round robin through the session, from registration to standings.

The teams are registered, their numbers drawn by lot (``session.team_round_robin``), and every round
paired by ``session.teams.pair()`` through the catalogue's ``team-berger`` entry: each round must be the
Berger table's row for the teams' numbers as Gacrux's schedule has it (``tests/data/berger/rr-08.csv``)
and as Gacrux's ``pairing_berger`` pairs the league written as a round robin of eight players (the teams'
numbers, each match a game won, drawn or lost). Results are entered board by board from the table
below; the standings are compared with the test's own count: match points, then MPVGP, EDE, EMGSB.
"""

from __future__ import annotations

import csv
from decimal import Decimal
from pathlib import Path

import pytest

from engine import systems
from engine.model.tournament import Colour, Player, ResultCode, RoundEntry, Settings, Tournament
from engine.systems.roundrobin import numbers
from oracles.gacrux_berger import gacrux_berger_round
from swisstui import store
from swisstui.outputs.team_standings import team_rows, team_tiebreaks
from swisstui.session.action_errors import ActionError
from swisstui.session.actions import Session
from swisstui.store.team_records import TeamSettings
from tests.data_paths import berger

CLUBS = ("Albatros", "Bishops", "Castle", "Dragons", "Eagles", "Falcons", "Gambit", "Hydra")
SEED = 2026

# Each match by the teams' numbers (after the draw), lower number first: that team's result on boards 1-4.
RESULTS = {
    (1, 2): "====", (1, 3): "=1==", (1, 4): "101=", (1, 5): "0=0=", (1, 6): "=010", (1, 7): "=010",
    (1, 8): "=10=", (2, 3): "10=1", (2, 4): "0011", (2, 5): "0=11", (2, 6): "1===", (2, 7): "===1",
    (2, 8): "10==", (3, 4): "0=00", (3, 5): "1100", (3, 6): "=011", (3, 7): "=11=", (3, 8): "0111",
    (4, 5): "11=1", (4, 6): "=010", (4, 7): "00==", (4, 8): "10=0", (5, 6): "===1", (5, 7): "=00=",
    (5, 8): "0100", (6, 7): "===1", (6, 8): "1=1=", (7, 8): "11=0",
}
POINTS = {"1": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0)}


def gacrux_schedule(teams: int, order: str) -> list[set[tuple[int, int]]]:
    rounds: dict[int, set[tuple[int, int]]] = {}
    with berger(teams).open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["system"] == order:
                rounds.setdefault(int(row["round"]), set()).add((int(row["white"]), int(row["black"])))
    return [rounds[r] for r in sorted(rounds)]


def new_league(folder: Path, system: str = "berger-teams", teams: int = 8, size: int = 4) -> Session:
    info = systems.get(system)
    event = store.new_event("Club league", 1, system=info.id, tiebreaks=info.tiebreaks, points=info.new_points())
    event.team = TeamSettings(size, bye_match_points=Decimal(0), bye_game_points=Decimal(0))
    store.create(event, folder / "league.toml")
    session = Session.open(folder / "league.toml")
    for t, club in enumerate(CLUBS[:teams]):
        session.teams.add(club, [{"name": f"{club} {b}", "rating": 2300 - 30 * t - 10 * b} for b in range(1, size + 1)])
    return session


def as_players(session: Session, teams: int) -> Tournament:
    """The league so far as a round robin of players: a team is its number, a match a game (its match points)."""
    history: dict[int, list[RoundEntry]] = {t: [] for t in range(1, teams + 1)}
    t = session.teams.team_tournament()
    for tid, entry in t.teams.items():
        for rnd in entry.rounds:
            if rnd.opponent == 0:
                history[tid].append(RoundEntry(None, Colour.NONE, ResultCode.PAB))
                continue
            result = {2: ResultCode.WIN, 1: ResultCode.DRAW, 0: ResultCode.LOSS}[int(rnd.match_points)]
            history[tid].append(RoundEntry(rnd.opponent, Colour.WHITE if rnd.white else Colour.BLACK, result))
    return Tournament(Settings(rounds=t.total_rounds, system="FIDE_ROUNDROBIN"),
                      tuple(Player(p, f"Team {p}", history=tuple(h)) for p, h in history.items()))


def enter_results(session: Session, rnd: int) -> None:
    for match in session.event.recorded_round(rnd).team.matches:
        low, high = sorted((match.white, match.black))
        for board, mark in enumerate(RESULTS[(low, high)], start=1):
            white_team, _ = match.side_of_board(board)
            result = {"1": "1-0", "=": "1/2-1/2", "0": "0-1"}[mark] if white_team == low else \
                {"1": "0-1", "=": "1/2-1/2", "0": "1-0"}[mark]
            session.teams.set_result(rnd, match.number, board, result)


def test_a_league_of_eight_clubs_is_paired_by_the_berger_table_and_ranked_by_its_tiebreaks(tmp_path: Path) -> None:
    session = new_league(tmp_path)
    with pytest.raises(ActionError, match="team round robin"):  # the draw is a round robin's
        Session.open(tmp_path / "league.toml").round_robin.keep_numbers()
    drawn = session.team_round_robin.draw_numbers(SEED).value
    assert drawn == numbers.draw_by_lot(list(range(1, 9)), SEED)  # the same seed, the same numbers
    event = session.event
    assert [t.name for t in event.teams] == [CLUBS[old - 1] for old, _ in sorted(drawn.items(), key=lambda kv: kv[1])]
    assert event.settings.rounds == 7
    assert f"seed {SEED}" in event.log[-1].text
    # the rosters keep their players: Albatros's players are 1-4 whatever its number
    assert next(t for t in event.teams if t.name == "Albatros").roster == [1, 2, 3, 4]
    table = gacrux_schedule(8, "single")
    for rnd in range(1, 8):
        session = Session.open(tmp_path / "league.toml")  # each step from the file
        oracle = gacrux_berger_round(as_players(session, 8))
        assert session.teams.pair().value == rnd
        stored = session.event.recorded_round(rnd).team
        ours = {(m.white, m.black) for m in stored.matches}
        assert stored.bye is None and ours == table[rnd - 1], f"round {rnd}"
        assert ours == {(b.white, b.black) for b in oracle.boards} and oracle.bye is None, f"round {rnd}"
        enter_results(session, rnd)
    with pytest.raises(ActionError, match="all 7 rounds are paired"):
        session.teams.pair()
    # the test's own count: match points 2/1/0 from the boards, then MPVGP (game points), EDE, EMGSB
    rows = team_rows(session.event)
    assert [(place, tpn, mp, gp) for place, tpn, _, mp, gp, _ in rows] == [
        (1, 2, 11, 16), (2, 6, 8, 15), (3, 7, 8, 15), (4, 3, 7, 14),
        (5, 1, 6, 13), (6, 8, 6, 13), (7, 4, 5, Decimal("14.5")), (8, 5, 5, Decimal("11.5"))]
    standings = team_tiebreaks(session.event)
    assert standings is not None and [tb.code for tb in standings.tiebreaks] == ["MPVGP", "EDE", "EMGSB"]
    emgsb = {t: standings.values[t][2].value for t in (6, 7, 1, 8, 4, 5)}
    # 6 and 7: 8 MP and 15 GP each; 6 won their match 2½-1½ (EDE). 1 and 8: 6 MP, 13 GP, their match
    # drawn 2-2; EMGSB (opponents' MP x GP scored against them) 93 against 88½. 4 and 5: GP 14½ against 11½.
    assert emgsb[1] == 93 and emgsb[8] == Decimal("88.5")


def test_a_double_league_of_five_gives_the_odd_team_its_round_off(tmp_path: Path) -> None:
    session = new_league(tmp_path, "berger-teams-double", teams=5, size=2)
    session.team_round_robin.keep_numbers()
    assert session.event.settings.rounds == 10
    table = gacrux_schedule(5, "double-fide")
    for rnd in range(1, 11):
        session.teams.pair()
        stored = session.event.recorded_round(rnd).team
        got = {(m.white, m.black) for m in stored.matches} | {(stored.bye, 0)}
        assert got == table[rnd - 1], f"round {rnd}"
        for match in stored.matches:
            for board in (1, 2):
                session.teams.set_result(rnd, match.number, board, "1/2-1/2")
    t = session.teams.team_tournament()
    # every team: 8 matches drawn 1-1 (8 MP, 8 GP) and two rounds off worth nothing
    assert {tid: (e.score(t.primary), e.score(t.secondary)) for tid, e in t.teams.items()} == \
        {tid: (8, 8) for tid in range(1, 6)}


def test_the_numbers_are_settled_before_round_1_and_a_swiss_has_no_team_draw(tmp_path: Path) -> None:
    session = new_league(tmp_path)
    session.team_round_robin.keep_numbers()
    session.teams.pair()
    with pytest.raises(ActionError, match="settled before round 1"):
        session.team_round_robin.draw_numbers(1)
    event = store.new_event("Swiss", 5, system="fide-team")
    event.team = TeamSettings(2)
    store.create(event, tmp_path / "swiss.toml")
    with pytest.raises(ActionError, match="a team Swiss numbers its teams by strength"):
        Session.open(tmp_path / "swiss.toml").team_round_robin.draw_numbers(1)


def test_a_team_round_robin_refuses_a_buchholz_in_its_list(tmp_path: Path) -> None:
    session = new_league(tmp_path)
    text = (tmp_path / "league.toml").read_text(encoding="utf-8")
    (tmp_path / "league.toml").write_text(text.replace('tiebreaks = ["MPVGP", "EDE", "EMGSB"]',
                                                        'tiebreaks = ["MPVGP", "BH:GP"]'), encoding="utf-8")
    from swisstui.session.actions import EventFileProblem

    with pytest.raises(EventFileProblem, match=r"league.toml:12: settings.tiebreaks: BH:GP must not be used "
                                               r"in round robins \(C.07 art. 8\)"):
        Session.open(tmp_path / "league.toml")
    assert session.event.settings.tiebreaks == ("MPVGP", "EDE", "EMGSB")


def test_the_settings_take_a_team_list_and_refuse_a_buchholz_in_a_round_robin(tmp_path: Path) -> None:
    session = new_league(tmp_path)
    session.settings.set_tiebreaks("EDE,MPvGP,EGGSB/C1")
    assert Session.open(tmp_path / "league.toml").event.settings.tiebreaks == ("EDE", "MPVGP", "EGGSB/C1")
    with pytest.raises(ActionError, match=r"SSSC is built of a Buchholz \(C.07 art. 13.4\)"):
        session.settings.set_tiebreaks("MPVGP,SSSC")
    with pytest.raises(ActionError, match=r"BH must not be used in round robins \(C.07 art. 8\)"):
        session.settings.set_tiebreaks("BH")



def test_home_says_to_draw_the_numbers_before_round_1(tmp_path: Path) -> None:
    from swisstui.views.team_rows import team_next_step

    session = new_league(tmp_path)
    assert team_next_step(session.event) == ("Round 1: 8 teams registered. A round robin's numbers come first "
                                             "(C.05): swisstui team EVENT draw, or draw --keep.")
    session.team_round_robin.draw_numbers(5)
    assert team_next_step(session.event) == "Round 1: 8 teams registered. Pair it with n."


async def test_d_on_the_teams_screen_draws_the_numbers(tmp_path: Path) -> None:
    from swisstui.app import SwissApp
    from tests.app.screen_text import burst, wait_until

    new_league(tmp_path)
    path = tmp_path / "league.toml"
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, "p")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamsScreen", "the teams")
        await burst(pilot, "D", "y")
        await wait_until(pilot, lambda: any(e.action == "team-draw" for e in store.load(path).log), "the draw")
    event = store.load(path)
    seed = int(event.log[-1].text.split()[1].rstrip(":"))
    assert event.settings.rounds == 7
    drawn = numbers.draw_by_lot(list(range(1, 9)), seed)  # the seed in the log gives the numbers again
    assert [t.name for t in event.teams] == [CLUBS[old - 1] for old, _ in sorted(drawn.items(), key=lambda kv: kv[1])]


def test_an_absent_teams_match_is_left_off_and_the_schedule_stays(tmp_path: Path) -> None:
    session = new_league(tmp_path, size=2)
    session.team_round_robin.keep_numbers()
    session.teams.absent(2, 5)
    table = gacrux_schedule(8, "single")
    for rnd in (1, 2, 3):
        session.teams.pair()
        stored = session.event.recorded_round(rnd).team
        got = {(m.white, m.black) for m in stored.matches}
        # C.05: the schedule never changes; round 2's 8-5 is left off and team 8 has no match that round
        assert got == (table[1] - {(8, 5)} if rnd == 2 else table[rnd - 1]), f"round {rnd}"
        for match in stored.matches:
            for board in (1, 2):
                session.teams.set_result(rnd, match.number, board, "1-0")
    t = session.teams.team_tournament()
    assert [r.kind.value for r in t.teams[8].rounds] == ["match", "absent", "match"]
