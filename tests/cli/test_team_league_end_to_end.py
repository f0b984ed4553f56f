"""A 12-team, 4-board, 7-round league run from the command line, every round checked against Gacrux.

The event is created with ``swisstui new``, its teams imported from a CSV file, and each round
paired with ``swisstui team EVENT pair`` (each command reads the file from disk and writes it
back): default lineups, one lineup changed (a reserve on board 4), one refused (out of board
order), results entered board by board (a board forfeit), a match forfeited whole, a team absent
from a round. Before each round the test writes a team TRF-2026 file from the stored event file
with its own small code below (tomllib and the fixtures' layout, tests/data/team/README.md), and
Gacrux, the FIDE technical commission's engine, pairs it: its pairing must be the one stored. At
the end the standings printed are compared with the test's own count of the boards.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from swisstui.cli import main

TEAMS, BOARDS, ROUNDS = 12, 4, 7
POINTS = {"1": Decimal(1), "+": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0), "-": Decimal(0)}
CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "+/-": ("+", "-"), "-/+": ("-", "+")}


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- the test's own TRF-2026 writer ------------------------------------------------------------


def board_codes(match: dict, board: dict | None, number: int) -> tuple[str, str]:
    """(White's code, Black's code) of a board; a match forfeited whole gives every board to the other team."""
    side = match.get("forfeit")
    if side is None:
        assert board is not None
        return CODES[board["result"]]
    white_team_has_white = number % 2 == 1  # the team with White on board 1 has White on boards 1, 3
    loser_white = (side == "white") == white_team_has_white
    return ("-", "+") if loser_white else ("+", "-")


def team_trf(doc: dict, upto: int) -> str:
    """The tournament after round ``upto`` as a team TRF-2026 file, the absences of round ``upto + 1`` given."""
    team = doc["settings"]["team"]
    size = team["size"]
    teams = {t["id"]: t for t in doc["teams"]}
    players = {p["id"]: p for p in doc["players"]}
    entries: dict[int, list[str]] = {p: [] for p in players}
    score = {p: Decimal(0) for p in players}
    mp = {t: Decimal(0) for t in teams}
    gp = {t: Decimal(0) for t in teams}
    byes, absences, forfeits = [], {}, []
    rounds = {r["number"]: r for r in doc.get("rounds", [])}
    bye_mp, bye_gp = Decimal(str(team["bye_match_points"])), Decimal(str(team["bye_game_points"]))
    for number in range(1, upto + 1):
        rnd = rounds[number]
        seated: set[int] = set()
        for match in rnd.get("team_matches", []):
            rows = {b["board"]: b for b in rnd.get("team_boards", []) if b["match"] == match["match"]}
            w, b = match["white"], match["black"]
            got = {w: Decimal(0), b: Decimal(0)}
            for i in range(1, size + 1):
                row = rows.get(i)
                white_team, black_team = (w, b) if i % 2 == 1 else (b, w)
                white = row["white"] if row else teams[white_team]["roster"][i - 1]
                black = row["black"] if row else teams[black_team]["roster"][i - 1]
                wc, bc = board_codes(match, row, i)
                entries[white].append(f"  {black:4d} w {wc}")
                entries[black].append(f"  {white:4d} b {bc}")
                seated |= {white, black}
                for pid, code, tid in ((white, wc, white_team), (black, bc, black_team)):
                    score[pid] += POINTS[code]
                    got[tid] += POINTS[code]
            gp[w] += got[w]
            gp[b] += got[b]
            mp[w] += 2 if got[w] > got[b] else 1 if got[w] == got[b] else 0
            mp[b] += 2 if got[b] > got[w] else 1 if got[w] == got[b] else 0
            if "forfeit" in match:
                forfeits.append(f"330 {'-+' if match['forfeit'] == 'white' else '+-'} {number:03d} {w:3d} {b:3d}")
        bye = rnd.get("team_bye", 0)
        byes.append(bye)
        if bye:
            mp[bye] += bye_mp
            gp[bye] += bye_gp
            for pid in teams[bye]["roster"]:
                entries[pid].append("  0000 - U")
                score[pid] += bye_gp / size
                seated.add(pid)
        if rnd.get("absent_teams"):
            absences[number] = rnd["absent_teams"]
        for pid in players:
            if pid not in seated:
                entries[pid].append("  0000 - Z")
    upcoming = rounds.get(upto + 1, {})
    if upcoming.get("absent_teams"):
        absences[upto + 1] = upcoming["absent_teams"]
    lines = [f"012 {doc['event']['name']}", f"142 {doc['settings']['rounds']}",
             f"152 {'W' if doc['settings'].get('initial_colour', 'white') == 'white' else 'B'}",
             f"162  W 1.0    D 0.5    L 0.0    A 0.0    P{float(bye_gp / size):4.1f}",
             "192 FIDE_TEAM_TYPEA_MP_GP", "352 " + "".join("W" if i % 2 == 0 else "B" for i in range(size))]
    for pid, p in sorted(players.items()):
        lines.append(f"001 {pid:4d} {'':4} {p['name'][:33]:<33} {p.get('rating', 0):4d} {'':<3} {'':>11} {'':>10} "
                     f"{float(score[pid]):4.1f} {pid:4d}" + "".join(entries[pid]))
    for tid, t in sorted(teams.items()):
        members = t["roster"] + t.get("reserves", [])
        lines.append(f"310 {tid:3d} {t['name'][:32]:<32} {'':<5} {0:6d} {float(mp[tid]):6.1f} {float(gp[tid]):6.1f} "
                     f"{tid:3d}  " + " ".join(f"{pid:4d}" for pid in members))
    lines.append(f"320 {float(bye_mp):4.1f} {float(bye_gp):4.1f}" + "".join(f" {t:03d}" for t in byes))
    for number, absent in sorted(absences.items()):
        lines.append(f"240 Z {number:03d}" + "".join(f" {t:4d}" for t in sorted(absent)))
    return "\n".join(lines + forfeits) + "\n"


def gacrux_pairs(trf: Path) -> set[tuple[int, int]]:
    """Gacrux's pairing of the next round of ``trf`` (record 192 names the system): (white, black), black 0 the bye."""
    done = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-p", "-i", str(trf)],
                          capture_output=True, text=True, timeout=600)
    data = json.loads(done.stdout)
    assert data["status"]["code"] == 0, data["status"]
    return {(int(w), int(b)) for w, b in data["pairingResult"]["pairs"]}


def stored_pairs(doc: dict, number: int) -> set[tuple[int, int]]:
    rnd = next(r for r in doc["rounds"] if r["number"] == number)
    pairs = {(m["white"], m["black"]) for m in rnd["team_matches"]}
    return pairs | ({(rnd["team_bye"], 0)} if "team_bye" in rnd else set())


# -- the league ----------------------------------------------------------------------------------


def teams_csv() -> str:
    rows = ["team,board,name,rating,federation"]
    for t in range(1, TEAMS + 1):
        for b in range(1, BOARDS + 2):  # board 5: the reserve
            rows.append(f"Team {t:02d},{b},Player {t:02d}-{b},{2400 - 40 * t - 10 * b},ENG")
    return "\n".join(rows) + "\n"


@pytest.mark.slow
def test_a_twelve_team_league_is_paired_as_gacrux_pairs_it(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    event = tmp_path / "league.toml"
    event_arg = str(event)
    code, out, _ = cli(capsys, "new", event_arg, "--name", "County League", "--rounds", str(ROUNDS),
                       "--system", "fide-team", "--team-size", str(BOARDS), "--bye-points", "1,2")
    assert code == 0
    (tmp_path / "teams.csv").write_text(teams_csv(), encoding="utf-8")
    assert cli(capsys, "team", event_arg, "import", str(tmp_path / "teams.csv"))[0] == 0
    rng = random.Random(31)  # the results, fixed before any pairing was seen
    for number in range(1, ROUNDS + 1):
        if number == 3:
            assert cli(capsys, "team", event_arg, "absent", "3", "12")[0] == 0
        doc = tomllib.loads(event.read_text(encoding="utf-8"))
        trf = tmp_path / f"before-{number}.trf"
        trf.write_text(team_trf(doc, number - 1), encoding="latin-1")
        code, out, err = cli(capsys, "team", event_arg, "pair")
        assert code == 0, err
        doc = tomllib.loads(event.read_text(encoding="utf-8"))
        assert stored_pairs(doc, number) == gacrux_pairs(trf), f"round {number}"
        rnd = next(r for r in doc["rounds"] if r["number"] == number)
        if number == 1:
            # default lineups: the roster; team 1 puts its reserve (player 5) on board 4, team 2 is refused
            assert cli(capsys, "team", event_arg, "lineup", "1", "1", "1,2,3,5")[0] == 0
            code, _, err = cli(capsys, "team", event_arg, "lineup", "1", "2", "7,6,8,9")
            assert code == 2 and "breaks its board order" in err
        if number == 3:
            assert "team_bye" in rnd and 12 not in {t for m in rnd["team_matches"] for t in (m["white"], m["black"])}
        for match in rnd["team_matches"]:
            if number == 4 and match["match"] == 2:
                assert cli(capsys, "team", event_arg, "forfeit", "4", "2", "black")[0] == 0
                continue
            for board in range(1, BOARDS + 1):
                result = rng.choice(("1-0", "0-1", "1/2-1/2", "1-0", "0-1"))
                if number == 2 and match["match"] == 1 and board == 3:
                    result = "+/-"  # a board forfeit
                code, out, err = cli(capsys, "team", event_arg, "result", str(number), str(match["match"]),
                                     str(board), result)
                assert code == 0, err
    doc = tomllib.loads(event.read_text(encoding="utf-8"))
    assert [r["number"] for r in doc["rounds"]] == list(range(1, ROUNDS + 1))
    first = doc["rounds"][0]
    team_one = next(m for m in first["team_matches"] if 1 in (m["white"], m["black"]))
    boards = [b for b in first["team_boards"] if b["match"] == team_one["match"]]
    assert 5 in {boards[3]["white"], boards[3]["black"]}  # the reserve played board 4
    # the standings printed, against the test's own count of every board (team_trf's tally)
    trf_text = team_trf(doc, ROUNDS)
    counted = {int(line[4:7]): (Decimal(line[54:60]), Decimal(line[61:67]))
               for line in trf_text.splitlines() if line.startswith("310")}
    code, out, _ = cli(capsys, "team", event_arg, "standings")
    printed = {}
    header = out.splitlines()[2]  # the scores right-aligned under MP and GP, the tie-break columns after them
    mp_end, gp_end = header.index("  MP") + 4, header.index("  GP") + 4
    for line in out.splitlines()[3:]:
        if not line[:3].strip().isdigit():
            continue  # the note under the table
        number, mp, gp = int(line.split()[1]), line[mp_end - 4:mp_end].strip(), line[gp_end - 5:gp_end].strip()
        printed[number] = (Decimal(mp.replace("½", ".5") if mp != "½" else "0.5"),
                           Decimal(gp.replace("½", ".5") if gp != "½" else "0.5"))
    assert printed == counted
    assert sum(mp for mp, _ in counted.values()) == 2 * (6 * ROUNDS - 1) + 1  # 2 a match, the bye's 1 in round 3
