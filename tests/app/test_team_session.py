"""A team event run through the session (``session.teams``), round by round, on reference tournaments Gacrux paired.

Each tournament of tests/data/team/ is replayed as an arbiter would run it: the teams registered
with their players, each round's absences announced, the round paired by the session (through the
catalogue's ``fide-team`` entry, checked by the validator, stored with default lineups), then
every board's result entered from the file (a match lost whole by forfeit as one). Each round's
pairing must be the one Gacrux made: the same matches, the same team with White on board 1, the
same bye. The file is read by the small reader below, not by the engine's team reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from engine.model.tournament import Colour, ResultCode
from swisstui import store
from swisstui.session.action_errors import ActionError
from swisstui.session.actions import Session
from swisstui.store.board_results import result_from_codes
from swisstui.store.team_records import TeamSettings

DATA = Path(__file__).resolve().parents[1] / "data" / "team"
GACRUX = re.compile(r"^### gacrux-pairing round\s+(\d+):(.*)$")


class Reference:
    """What the tests need of a team TRF-2026 file, read field by field from its records."""

    def __init__(self, path: Path) -> None:
        self.rounds = 0
        self.code = ""
        self.white_first = True
        self.bye = (Decimal(1), Decimal(0))
        self.teams: dict[int, tuple[str, list[int]]] = {}
        self.players: dict[int, tuple[str, int, list[tuple[int, str, str]]]] = {}
        self.absent: dict[int, set[int]] = {}
        self.forfeits: dict[int, dict[tuple[int, int], str]] = {}
        self.pairings: dict[int, set[tuple[int, int]]] = {}
        for line in path.read_text(encoding="latin-1").splitlines():
            tag = line[:3]
            if tag == "142":
                self.rounds = int(line[4:])
            elif tag == "152":
                self.white_first = line[4:].strip() == "W"
            elif tag == "192":
                self.code = line[4:].strip()
            elif tag == "320":
                fields = line[4:].split()
                self.bye = (Decimal(fields[0]), Decimal(fields[1]))
            elif tag == "310":
                self.teams[int(line[4:7])] = (line[12:44].strip(), [int(x) for x in line[73:].split()])
            elif tag == "240":
                _, _, rnd, *teams = line.split()  # 240 Z RRR TTTT ...: the teams absent in round RRR
                self.absent.setdefault(int(rnd), set()).update(int(t) for t in teams)
            elif tag == "330":
                _, signs, rnd, white, black = line.split()
                self.forfeits.setdefault(int(rnd), {})[(int(white), int(black))] = signs
            elif tag == "001":
                games = [(int(line[i:i + 4]), line[i + 5], line[i + 7]) for i in range(91, len(line), 10)]
                self.players[int(line[4:8])] = (line[14:47].strip(), int(line[48:52] or 0), games)
            elif GACRUX.match(line):
                m = GACRUX.match(line)
                assert m is not None
                self.pairings[int(m.group(1))] = {tuple(map(int, p.split("-"))) for p in m.group(2).split()}  # type: ignore[misc]

    @property
    def size(self) -> int:
        return len(next(iter(self.teams.values()))[1])

    def options(self) -> dict[str, str]:
        """Record 192's words as the entry's options: the colour type, the primary score."""
        words = self.code.split("_")[2:]
        colours = "A" if "TYPEA" in words else "B" if "TYPEB" in words else "none"
        scores = [w for w in words if w in ("MP", "GP")]
        options = {}
        if colours != "A":
            options["team_colours"] = colours
        if scores and scores[0] == "GP":
            options["team_score"] = "GP"
        return options


def run(path: Path, folder: Path,
        before_pair: Callable[[Path, int], None] | None = None) -> tuple[Session, Reference, list[str]]:
    """The reference tournament ``path`` run through a session; the rounds whose pairing differs from Gacrux's.

    ``before_pair(event_file, round)`` is called once the round's absences are announced, before it is paired."""
    ref = Reference(path)
    event = store.new_event(path.stem, ref.rounds, system="fide-team", options=ref.options(),
                            initial_colour=Colour.WHITE if ref.white_first else Colour.BLACK)
    event.team = TeamSettings(ref.size, bye_match_points=ref.bye[0], bye_game_points=ref.bye[1])
    file = folder / f"{path.stem}.toml"
    store.create(event, file)
    session = Session.open(file)
    for tid, (name, roster) in sorted(ref.teams.items()):
        players = [{"name": ref.players[p][0], "rating": ref.players[p][1]} for p in roster]
        assert session.teams.add(name, players).value == tid
    number_of = {p: i for i, p in enumerate(p for _, (_, roster) in sorted(ref.teams.items()) for p in roster)}
    ours = {old: new + 1 for old, new in number_of.items()}  # the session numbers players in registration order
    differing = []
    for rnd in range(1, ref.rounds + 1):
        for team in sorted(ref.absent.get(rnd, ())):
            session.teams.absent(rnd, team)
        session = Session.open(file)  # reloaded from disk between steps
        if before_pair is not None:
            before_pair(file, rnd)
        assert session.teams.pair().value == rnd
        stored = session.event.recorded_round(rnd).team
        got = {(m.white, m.black) for m in stored.matches} | ({(stored.bye, 0)} if stored.bye else set())
        if got != ref.pairings[rnd]:
            differing.append(f"round {rnd}: {sorted(got)} vs {sorted(ref.pairings[rnd])}")
            break
        for match in stored.matches:
            side = ref.forfeits.get(rnd, {}).get((match.white, match.black))
            if side is not None:
                session.teams.forfeit(rnd, match.number, {"-+": "white", "+-": "black", "--": "both"}[side])
                continue
            for board in match.boards:
                white_team, black_team = match.side_of_board(board.board)
                original = ref.teams[white_team][1][board.board - 1]
                opponent, colour, code = ref.players[original][2][rnd - 1]
                mine, theirs = ResultCode.parse(code), None
                other = ref.teams[black_team][1][board.board - 1]
                theirs = ResultCode.parse(ref.players[other][2][rnd - 1][2])
                assert ours[original] == board.white or colour not in "wb"
                session.teams.set_result(rnd, match.number, board.board, result_from_codes(mine, theirs))
    return session, ref, differing


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.trf")))
def test_every_round_paired_through_the_session_is_gacruxs(tmp_path: Path, name: str) -> None:
    """The seven files (tests/data/team/README.md): the six record-192 codes, byes, absent and withdrawn teams,
    board forfeits, matches forfeited whole; 51 rounds in all."""
    session, ref, differing = run(DATA / name, tmp_path)
    assert differing == []
    assert session.event.rounds_paired == ref.rounds


def test_the_team_tournament_scores_as_the_reference_standings(tmp_path: Path) -> None:
    """Record 310 gives each team's final match and game points: ours, from the boards entered, are the same."""
    session, ref, _ = run(DATA / "team-d-0053.trf", tmp_path)
    t = session.teams.team_tournament()
    text = (DATA / "team-d-0053.trf").read_text(encoding="latin-1")
    for line in text.splitlines():
        if line.startswith("310"):
            tid = int(line[4:7])
            assert (t.teams[tid].score(t.primary), t.teams[tid].score(t.secondary)) == \
                (Decimal(line[54:60]), Decimal(line[61:67])), tid


def _league(folder: Path, teams: int = 5, size: int = 2) -> Session:
    event = store.new_event("League", 3, system="fide-team")
    event.team = TeamSettings(size)
    store.create(event, folder / "league.toml")
    session = Session.open(folder / "league.toml")
    for t in range(1, teams + 1):
        session.teams.add(f"T{t}", [{"name": f"P{t}{b}", "rating": 2000 - 10 * t} for b in range(size)],
                          [{"name": f"R{t}", "rating": 1000}])
    return session


def test_lineups_default_to_the_present_players_and_are_refused_with_the_rule(tmp_path: Path) -> None:
    session = _league(tmp_path)
    # team 1 (players 1, 2, reserve 3): player 2 is absent from round 1, so the reserve sits on board 2
    session.players.request(2, 1, ResultCode.ABSENT)
    session.teams.pair()
    match = session.event.recorded_round(1).team.match_of(1)
    assert match is not None and match.lineup(1) == [1, 3]
    with pytest.raises(ActionError, match="breaks its board order: player 1 is listed before player 3"):
        session.teams.set_lineup(1, 1, [3, 1])
    with pytest.raises(ActionError, match="player 4 is not in team 1"):
        session.teams.set_lineup(1, 1, [1, 4])
    with pytest.raises(ActionError, match="fields too few players: 1 for 2 boards"):
        session.teams.set_lineup(1, 1, [1])
    with pytest.raises(ActionError, match="player 2 .* does not play round 1"):
        session.teams.set_lineup(1, 1, [1, 2])
    session.teams.set_lineup(1, 1, [1, 0])  # the last board left empty: a board forfeit to come
    assert Session.open(session.path).event.recorded_round(1).team.match_of(1).lineup(1) == [1, 0]  # type: ignore[union-attr]


def test_results_by_board_give_the_match_score_and_refuse_what_cannot_be(tmp_path: Path) -> None:
    session = _league(tmp_path)
    session.teams.pair()
    match = session.event.recorded_round(1).team.matches[0]
    assert session.teams.set_result(1, 1, 1, "1-0").value == "1 - 0 (1 board to play)"
    assert session.teams.set_result(1, 1, 2, "1/2-1/2").value == "1½ - ½"
    with pytest.raises(ActionError, match="board 2 has 1/2-1/2: correct it"):
        session.teams.set_result(1, 1, 2, "0-1")
    # board 2: the team with White on board 1 has Black there, so its player wins by forfeit with "-/+"
    assert session.teams.set_result(1, 1, 2, "-/+", correct=True).value == "2 - 0"
    with pytest.raises(ActionError, match="unknown result"):
        session.teams.set_result(1, 1, 1, "2-0")
    with pytest.raises(ActionError, match="has board results"):
        session.teams.forfeit(1, 1, "white")
    with pytest.raises(ActionError, match="no result: enter every board before pairing round 2"):
        session.teams.pair()
    t = session.teams.team_tournament()
    white = t.teams[match.white].rounds[0]
    assert (white.game_points, white.match_points, white.played) == (2, 2, True)


def test_a_match_forfeited_whole_is_no_meeting_and_scores_every_board(tmp_path: Path) -> None:
    session = _league(tmp_path, teams=4)
    session.teams.pair()
    first, second = session.event.recorded_round(1).team.matches
    session.teams.forfeit(1, first.number, "black")
    for board in (1, 2):
        session.teams.set_result(1, second.number, board, "1-0")
    t = session.teams.team_tournament()
    won, lost = t.teams[first.white].rounds[0], t.teams[first.black].rounds[0]
    assert (won.game_points, won.match_points, won.played, won.forfeit_win) == (2, 2, False, True)
    assert (lost.game_points, lost.match_points, lost.played) == (0, 0, False)


def test_an_absent_or_withdrawn_team_is_not_paired(tmp_path: Path) -> None:
    session = _league(tmp_path, teams=5)
    session.teams.absent(1, 5)
    session.teams.pair()
    rnd = session.event.recorded_round(1).team
    assert rnd.bye is None and 5 not in {t for m in rnd.matches for t in m.teams} and rnd.absent == [5]
    for m in rnd.matches:
        for b in m.boards:
            session.teams.set_result(1, m.number, b.board, "1/2-1/2")
    session.teams.withdraw(1)
    session.teams.pair()
    rnd = session.event.recorded_round(2).team
    assert 1 not in {t for m in rnd.matches for t in m.teams} and rnd.bye is None
    with pytest.raises(ActionError, match="round 1 is paired: the teams are fixed"):
        session.teams.add("Late", [{"name": "X"}, {"name": "Y"}])


def test_an_individual_event_has_no_teams(tmp_path: Path, event_file: Path) -> None:
    with pytest.raises(ActionError, match="is not a team event"):
        Session.open(event_file).teams.pair()


def test_an_individual_event_cannot_take_a_system_of_teams(event_file: Path) -> None:
    with pytest.raises(ActionError, match="pairs teams, and this is an individual event"):
        Session.open(event_file).settings.set_system("fide-team")


def test_teams_are_numbered_by_the_average_rating_of_their_roster(tmp_path: Path) -> None:
    session = _league(tmp_path, teams=3)  # ratings 1990, 1980, 1970: already in order
    session.teams.add("Strong", [{"name": "S1", "rating": 2500}, {"name": "S2", "rating": 2100}])  # average 2300
    session.teams.absent(2, 4)
    moved = session.teams.order_by_strength().value
    assert moved == {1: 2, 2: 3, 3: 4, 4: 1}
    event = Session.open(session.path).event
    assert [(t.id, t.name) for t in event.teams] == [(1, "Strong"), (2, "T1"), (3, "T2"), (4, "T3")]
    assert event.recorded_round(2).team.absent == [1]
    assert session.teams.order_by_strength().value == {}


def test_a_board_result_is_undone_from_the_history(tmp_path: Path) -> None:
    session = _league(tmp_path, teams=4)
    session.teams.pair()
    session.teams.set_result(1, 1, 1, "1-0")
    made = session.teams.set_result(1, 1, 2, "0-1")
    assert made.value == "2 - 0"  # board 2: the team with White on board 1 has Black, and wins it
    candidate = session.history.undo_candidate()
    assert candidate is not None and candidate.revision == made.revision
    session.history.undo(candidate.revision)
    boards = Session.open(session.path).event.recorded_round(1).team.matches[0].boards
    assert [b.result for b in boards] == ["1-0", ""]
