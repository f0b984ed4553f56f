"""A generated team event published: a 12-team, 4-board, 7-round league played through the session
(``swisstui generate --teams``' generator), every round published into one folder, each page read back
and compared with the event file read here as plain TOML, and the standings with this file's own count.

The count below shares nothing with swisstui's scoring: a board's result gives its players 1, ½ or 0
(a forfeit 1 or 0), a match lost whole by forfeit gives the other team every board, a match is won by
more game points (2 match points), drawn on equal ones (1), and the bye scores 1 match point and one
game point a board (the event's [settings.team] defaults, C.04.6(2026) art. 1.4).
"""

from __future__ import annotations

import tomllib
from fractions import Fraction

import pytest

from swisstui import store
from swisstui.cli.team_generate import TeamRates, generate_team_event
from tests.publish.html_read import links, read, table

pytestmark = pytest.mark.slow

TEAMS, BOARDS, ROUNDS, SEED = 12, 4, 7, 3
RATES = TeamRates(draw=0.3, board_forfeit=0.04, match_forfeit=0.05, absent=0.02)
"""Seed 3 at these rates holds what a league evening holds: board forfeits, two matches lost whole, an
absent team and so a bye."""

SCORES = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (Fraction(1, 2), Fraction(1, 2)), "+/-": (1, 0),
          "-/+": (0, 1), "-/-": (0, 0)}


@pytest.fixture(scope="module")
def league(tmp_path_factory):
    """(the event file as plain TOML, the folder every round was published into)."""
    from swisstui.outputs.publish import publish

    base = tmp_path_factory.mktemp("team-league")
    path = base / "league.toml"
    generate_team_event(path, TEAMS, BOARDS, ROUNDS, SEED, rates=RATES)
    event = store.load(path)
    out = base / "published"
    for number in range(1, ROUNDS + 1):
        publish(event, out, number)
    return tomllib.loads(path.read_text(encoding="utf-8")), out


def _points(value: Fraction) -> str:
    whole, half = divmod(Fraction(value) * 2, 2)
    return f"{int(whole) if whole or not half else ''}{'½' if half else ''}"


def _team_of(raw: dict) -> dict[int, int]:
    return {p: t["id"] for t in raw["teams"] for p in (*t["roster"], *t.get("reserves", []))}


def _names(raw: dict) -> tuple[dict[int, str], dict[int, str]]:
    return {t["id"]: t["name"] for t in raw["teams"]}, {p["id"]: p["name"] for p in raw["players"]}


def _boards(rnd: dict, match: int) -> list[dict]:
    return sorted((b for b in rnd.get("team_boards", []) if b["match"] == match), key=lambda b: b["board"])


def _match_score(rnd: dict, m: dict) -> tuple[Fraction, Fraction]:
    """Game points of (the team with White on board 1, the other), counted from the file."""
    if m.get("forfeit"):
        return {"white": (Fraction(0), Fraction(BOARDS)), "black": (Fraction(BOARDS), Fraction(0)),
                "both": (Fraction(0), Fraction(0))}[m["forfeit"]]
    a = b = Fraction(0)
    for board in _boards(rnd, m["match"]):
        white, black = SCORES[board["result"]]
        if board["board"] % 2:  # the team with White on board 1 has White on boards 1, 3, ...
            a, b = a + white, b + black
        else:
            a, b = a + black, b + white
    return a, b


def hand_count(raw: dict) -> dict[int, tuple[Fraction, Fraction, int]]:
    """(match points, game points, matches played or forfeited) of every team after the last round."""
    mp = {t["id"]: Fraction(0) for t in raw["teams"]}
    gp = dict(mp)
    matches = {t: 0 for t in mp}
    for rnd in raw["rounds"]:
        for m in rnd.get("team_matches", []):
            a, b = _match_score(rnd, m)
            gp[m["white"]] += a
            gp[m["black"]] += b
            both_lost = m.get("forfeit") == "both"
            mp[m["white"]] += 0 if both_lost else 2 if a > b else 1 if a == b else 0
            mp[m["black"]] += 0 if both_lost else 2 if b > a else 1 if a == b else 0
            played = not m.get("forfeit")
            matches[m["white"]] += played
            matches[m["black"]] += played
        if "team_bye" in rnd:
            mp[rnd["team_bye"]] += 1
            gp[rnd["team_bye"]] += BOARDS
    return {t: (mp[t], gp[t], matches[t]) for t in mp}


def test_the_generated_league_holds_what_the_test_checks(league):
    raw, _ = league
    rounds = raw["rounds"]
    assert len(rounds) == ROUNDS and len(raw["teams"]) == TEAMS
    assert sum(1 for r in rounds for m in r["team_matches"] if m.get("forfeit")) >= 2
    assert any(b["result"] in ("+/-", "-/+") for r in rounds for b in r["team_boards"])
    assert any("team_bye" in r and r.get("absent_teams") for r in rounds)
    assert all(b["result"] for r in rounds for b in r["team_boards"]
               if not next(m for m in r["team_matches"] if m["match"] == b["match"]).get("forfeit"))


def test_each_round_s_matches_page_gives_every_board_its_players_and_colours(league):
    raw, out = league
    teams, players = _names(raw)
    short = {t["id"]: t.get("short") or t["name"] for t in raw["teams"]}  # a board row names a team short
    team_of = _team_of(raw)
    for rnd in raw["rounds"]:
        head, rows = table((out / f"round-{rnd['number']}-pairings.html").read_text(encoding="utf-8"))
        assert head == ["M", "Bd", "Team", "White", "Result", "Black", "Team"]
        expected = []
        for m in rnd["team_matches"]:
            a, b = _match_score(rnd, m)
            score = f"{_points(a)}-{_points(b)}"
            if m.get("forfeit"):
                score += f" (forfeited by {teams[m[m['forfeit']]] if m['forfeit'] != 'both' else 'both'})"
            expected.append([str(m["match"]), "", "", teams[m["white"]], score, teams[m["black"]], ""])
            for board in _boards(rnd, m["match"]):
                with_white = m["white"] if board["board"] % 2 else m["black"]  # boards 1, 3: the team "with White"
                other = m["black"] if with_white == m["white"] else m["white"]
                assert team_of[board["white"]] == with_white and team_of[board["black"]] == other
                result = board["result"]
                if m.get("forfeit"):
                    lost = m[m["forfeit"]] if m["forfeit"] != "both" else 0
                    result = "-/-" if not lost else "+/-" if lost == other else "-/+"
                expected.append([str(m["match"]), str(board["board"]), short[with_white], players[board["white"]],
                                 result.replace("1/2", "½"), players[board["black"]], short[other]])
        assert rows == expected, f"round {rnd['number']}"
        page = (out / f"round-{rnd['number']}-pairings.html").read_text(encoding="utf-8")
        if "team_bye" in rnd:
            assert f"Pairing-allocated bye: {teams[rnd['team_bye']]} ({rnd['team_bye']})" in page
        for absent in rnd.get("absent_teams", []):
            assert f"Not paired: {teams[absent]} ({absent}), absent" in page


def test_the_standings_are_the_hand_count(league):
    """The scores are the hand count; the order among teams level on both is the catalogue's list's
    (MPvGP, EMGSB/C1, BH:MP/C1, EDE: the engine's ranking, checked against Gacrux elsewhere)."""
    raw, out = league
    teams, _ = _names(raw)
    counted = hand_count(raw)
    head, rows = table((out / f"round-{ROUNDS}-standings.html").read_text(encoding="utf-8"))
    assert head == ["Rk", "No", "Team", "MP", "GP", "Pld", "MPVGP", "EMGSB/C1", "BH:MP/C1", "EDE"]
    assert sorted(r[1:6] for r in rows) == sorted([str(t), teams[t], _points(counted[t][0]), _points(counted[t][1]),
                                                   str(counted[t][2])] for t in counted)
    keys = [counted[int(r[1])][:2] for r in rows]
    assert keys == sorted(keys, reverse=True)  # match points, then game points (MPvGP, C.07 13.1)
    assert [Fraction(r[6]) for r in rows] == [counted[int(r[1])][1] for r in rows]  # MPvGP: the game points
    for i, row in enumerate(rows):  # a place is shared only by teams equal on both scores
        if row[0].endswith("="):
            level = [r for r in rows if r[0] == row[0]]
            assert len({tuple(counted[int(r[1])][:2]) for r in level}) == 1
            assert row[0] == f"{rows.index(level[0]) + 1}="
        else:
            assert row[0] == str(i + 1)
    csv_rows = (out / f"round-{ROUNDS}-standings.csv").read_text(encoding="utf-8").splitlines()
    assert csv_rows[0] == "Rk,No,Team,MP,GP,Pld,MPVGP,EMGSB/C1,BH:MP/C1,EDE"
    assert len(csv_rows) == TEAMS + 1


def test_the_board_standings_are_the_hand_count(league):
    raw, out = league
    _, players = _names(raw)
    counted: dict[tuple[int, int], list[Fraction]] = {}
    for rnd in raw["rounds"]:
        for m in rnd["team_matches"]:
            if m.get("forfeit"):
                continue  # a match lost whole credits no player
            for board in _boards(rnd, m["match"]):
                for pid, score in zip((board["white"], board["black"]), SCORES[board["result"]]):
                    if pid:
                        record = counted.setdefault((board["board"], pid), [Fraction(0), Fraction(0)])
                        record[0] += score
                        record[1] += 1
    head, rows = table((out / f"round-{ROUNDS}-boards.html").read_text(encoding="utf-8"))
    assert head == ["Bd", "Rk", "Name", "Team", "Pts", "Rds", "%", "Rtd", "Perf"]
    by_name = {v: k for k, v in players.items()}
    shown = {(int(r[0]), by_name[r[2]]): [r[4], r[5]] for r in rows}
    assert shown == {key: [_points(pts), str(int(games))] for key, (pts, games) in counted.items()}
    for board in range(1, BOARDS + 1):  # board prizes: the best performance first (the engine's order)
        perf = [int(r[8]) for r in rows if r[0] == str(board) and r[8]]
        assert perf == sorted(perf, reverse=True), f"board {board} not by performance"


def test_the_cross_table_names_each_opponent_colour_and_score(league):
    raw, out = league
    counted = hand_count(raw)
    order = sorted(counted, key=lambda t: (-counted[t][0], -counted[t][1], t))
    line = {t: i for i, t in enumerate(order, start=1)}
    head, rows = table((out / f"round-{ROUNDS}-crosstable.html").read_text(encoding="utf-8"))
    assert head == ["#", "Rk", "No", "Team", "MP", "GP", *(f"R{r}" for r in range(1, ROUNDS + 1))]
    cells = {int(r[2]): r[6:] for r in rows}
    for number, rnd in enumerate(raw["rounds"], start=1):
        for m in rnd["team_matches"]:
            a, b = _match_score(rnd, m)
            for team, other, colour, mine, theirs in ((m["white"], m["black"], "w", a, b),
                                                      (m["black"], m["white"], "b", b, a)):
                if m.get("forfeit"):
                    expected = f"{line[other]}{'+' if mine > theirs else '-'}"
                else:
                    expected = f"{line[other]}{colour}{_points(mine)}"
                assert cells[team][number - 1] == expected, f"team {team}, round {number}"
        if "team_bye" in rnd:
            assert cells[rnd["team_bye"]][number - 1] == "bye"
        for absent in rnd.get("absent_teams", []):
            assert cells[absent][number - 1] == "-"


def test_the_index_links_every_round_s_team_lists(league):
    _, out = league
    index = (out / "index.html").read_text(encoding="utf-8")
    found = links(index)
    for number in range(1, ROUNDS + 1):
        for kind in ("pairings", "results", "standings", "boards", "crosstable"):
            for ext in ("html", "txt", "csv"):
                assert f"round-{number}-{kind}.{ext}" in found
        assert f"round-{number}-alphabetical.html" not in found
    assert "Board standings" in index and "Team standings" in index
    assert f"{ROUNDS} of {ROUNDS}" in index  # every match of every round finished
    assert "MPVGP, EMGSB/C1, BH:MP/C1, EDE" in index  # the catalogue's list for a team event
    page = (out / "round-3-boards.html").read_text(encoding="utf-8")
    assert [href for href in links(page) if href.startswith("round-")] == [  # the page itself is not a link
        f"round-3-{kind}.html" for kind in ("pairings", "results", "standings", "crosstable")]
    for number in range(1, ROUNDS + 1):  # the paper for the hall of each round (tests/publish/test_team_paper.py)
        assert {f"paper/round-{number}-{kind}.html" for kind in ("slips", "scoresheets", "wall")} <= set(found)
    assert read(page).body  # the page holds its table
