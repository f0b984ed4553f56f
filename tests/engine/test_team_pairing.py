"""C.04.6 (2026) team pairing against the FIDE technical commission's engine (Gacrux).

tests/data/team/ holds seven complete team tournaments whose every round Gacrux paired
(its README). Each round is re-paired from the file as it stood before the round and
must give the same matches with the same team having White on board 1.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from engine.model.team_tournament import ColourType, RoundKind, Score
from engine.systems.team import pair_team
from engine.trf.team_pair import main
from engine.systems.team.colours import allocate
from engine.systems.team.facts import TeamFacts, colour_preference
from engine.trf.errors import TrfError
from engine.trf.team_read import read_team_trf
from engine.validate.team import check_team_round

DATA = Path(__file__).resolve().parents[1] / "data" / "team"
FILES = sorted(DATA.glob("*.trf"))
ROUND_LINE = re.compile(r"^### gacrux-pairing round\s+(\d+):(.*)$")


def recorded_rounds(text: str) -> dict[int, set[tuple[int, int]]]:
    """Gacrux's pairing of each round, from the file's ### lines."""
    rounds: dict[int, set[tuple[int, int]]] = {}
    for line in text.splitlines():
        m = ROUND_LINE.match(line)
        if m:
            halves = [p.split("-") for p in m.group(2).split()]
            rounds[int(m.group(1))] = {(int(w), int(b)) for w, b in halves}
    return rounds


def before_round(text: str, rnd: int) -> str:
    """The file as it stood when round ``rnd`` was paired: the players' rows cut after
    round ``rnd - 1``, the absences (240 Z) of later rounds left out."""
    out = []
    for line in text.splitlines():
        if line.startswith("001"):
            line = line[: 91 + 10 * (rnd - 1)].rstrip()
        elif line.startswith("240"):
            fields = line.split()
            if len(fields) > 2 and int(fields[2]) > rnd:
                continue
        elif line.startswith("###"):
            continue
        out.append(line)
    return "\n".join(out) + "\n"


def test_every_round_is_paired_as_gacrux_pairs_it() -> None:
    total = same = 0
    differing = []
    for path in FILES:
        text = path.read_text(encoding="latin-1")
        for rnd, expected in sorted(recorded_rounds(text).items()):
            event = read_team_trf(before_round(text, rnd), source=f"{path.name}@{rnd}")
            got = {(m.white, m.black) for m in pair_team(event).matches}
            assert check_team_round(event, got) == [], (path.name, rnd)
            total += 1
            if got == expected:
                same += 1
            else:
                differing.append(f"{path.name} round {rnd}: {sorted(got)} vs {sorted(expected)}")
    assert total == 51
    assert differing == []
    assert same == total


def test_reader_scores_equal_the_standings_of_record_310() -> None:
    for path in FILES:
        text = path.read_text(encoding="latin-1")
        event = read_team_trf(text, source=path.name)
        for line in text.splitlines():
            if line.startswith("310"):
                tpn = int(line[4:7])
                team = event.teams[tpn]
                assert team.score(Score.MATCH) == Fraction(line[54:60].strip()), (path.name, tpn)
                assert team.score(Score.GAME) == Fraction(line[61:67].strip()), (path.name, tpn)


def test_record_192_and_the_bye_are_read() -> None:
    event = read_team_trf((DATA / "team-d-0003.trf").read_text(encoding="latin-1"))
    assert (event.colour_type, event.primary, event.total_rounds, event.team_size) == (
        ColourType.A, Score.GAME, 11, 4)
    assert (event.bye_match_points, event.bye_game_points) == (Fraction(2), Fraction(4))
    byes = [r + 1 for r, x in enumerate(event.teams[16].rounds) if x.kind is RoundKind.BYE]
    assert byes == [3]
    event = read_team_trf((DATA / "team-d-0053.trf").read_text(encoding="latin-1"))
    assert (event.colour_type, event.primary) == (ColourType.NONE, Score.MATCH)


def test_a_forfeited_match_gives_no_colour_and_is_no_meeting() -> None:
    # record 330 of team-d-0013: the match of round 6 between teams 1 and 4 lost by forfeit
    text = (DATA / "team-d-0013.trf").read_text(encoding="latin-1")
    (line,) = [x for x in text.splitlines() if x.startswith("330")]
    rnd, a, b = (int(x) for x in line[7:].split())
    event = read_team_trf(text)
    r = event.teams[a].rounds[rnd - 1]
    assert (r.kind, r.opponent, r.played, r.white) == (RoundKind.MATCH, b, False, None)
    assert event.teams[b].rounds[rnd - 1].played is False


@pytest.mark.parametrize(
    ("kind", "cod", "csq", "last", "expected"),
    [
        (ColourType.A, -2, "bwbb", False, ("w", 2)),   # art. 1.7.1: difference below -1
        (ColourType.A, 0, "wwbb", False, ("w", 2)),    # art. 1.7.1: 0 and the last two Black
        (ColourType.A, 1, "wbw", False, None),         # art. 1.7.1: type A has nothing else
        (ColourType.B, 1, "wbw", False, ("b", 1)),     # art. 1.7.2: mild, difference +1
        (ColourType.B, 0, "wb", False, ("w", 1)),      # art. 1.7.2: mild, against the last colour
        (ColourType.B, 0, "wb", True, None),           # art. 1.7.2: not in the last round
        (ColourType.B, 0, "", False, None),            # yet to play
        (ColourType.NONE, -3, "bbb", False, None),     # art. 1.7: no preferences at all
    ],
)
def test_colour_preferences_of_article_1_7(kind: ColourType, cod: int, csq: str, last: bool,
                                           expected: tuple[str, int] | None) -> None:
    assert colour_preference(kind, cod, csq, last) == expected


def test_a_player_on_two_rosters_is_refused_with_the_line(tmp_path: Path) -> None:
    text = (DATA / "team-d-0031.trf").read_text(encoding="latin-1").splitlines()
    i = next(n for n, x in enumerate(text) if x.startswith("310   2"))
    j = next(n for n, x in enumerate(text) if x.startswith("310   1"))
    text[i] = text[i][:73] + text[j][73:78] + text[i][78:]
    with pytest.raises(TrfError) as err:
        read_team_trf("\n".join(text), source="bad.trf")
    assert str(err.value).startswith(f"bad.trf:{i + 1}:")
    assert "rosters of teams 1 and 2" in str(err.value)


def test_the_command_writes_the_checkers_protocol(tmp_path: Path) -> None:
    text = (DATA / "team-d-0045.trf").read_text(encoding="latin-1")
    trf = tmp_path / "before-2.trf"
    trf.write_text(before_round(text, 2), encoding="latin-1")
    out = tmp_path / "out.txt"
    assert main([str(trf), "-p", str(out)]) == 0
    lines = out.read_text().split("\n")
    assert int(lines[0]) == 4
    assert {tuple(int(x) for x in ln.split()) for ln in lines[1:5]} == recorded_rounds(text)[2]


def test_the_brackets_account_for_every_team_and_round_one_colours_by_4_3_1() -> None:
    text = (DATA / "team-d-0003.trf").read_text(encoding="latin-1")
    event = read_team_trf(before_round(text, 8))
    pairing = pair_team(event)
    paired = [t for b in pairing.brackets for t in b.residents + b.upfloaters]
    bye = [m.white for m in pairing.matches if m.black == 0]
    assert sorted(paired + bye) == sorted(set(event.teams) - event.absent_next)
    assert [b.score for b in pairing.brackets] == sorted((b.score for b in pairing.brackets), reverse=True)
    assert {frozenset(p) for b in pairing.brackets for p in b.pairs} == {
        frozenset((m.white, m.black)) for m in pairing.matches if m.black}
    first = pair_team(read_team_trf(before_round(text, 1)))
    assert {m.colour_rule for m in first.matches if m.black} == {"4.3.1"}


def test_the_validator_names_a_rematch_and_a_second_bye() -> None:
    text = (DATA / "team-d-0045.trf").read_text(encoding="latin-1")
    event = read_team_trf(before_round(text, 5))
    recorded = sorted(recorded_rounds(text)[5])
    (bye,) = [w for w, b in recorded if b == 0]
    played_before = next(r for r in event.teams[bye].rounds if r.kind is RoundKind.MATCH and r.played)
    had_bye = next(t for t, e in event.teams.items() if any(r.kind is RoundKind.BYE for r in e.rounds))
    assert check_team_round(event, recorded) == []
    problems = check_team_round(event, [(bye, played_before.opponent), (had_bye, 0)])
    assert f"[C1] art. 2.1.1: teams {bye} and {played_before.opponent} have already played each other" in problems
    assert f"[C2] art. 2.1.2: team {had_bye} has already received the pairing-allocated bye" in problems


def test_a_team_naming_a_missing_player_is_refused_with_the_line() -> None:
    lines = (DATA / "team-d-0031.trf").read_text(encoding="latin-1").splitlines()
    i = next(n for n, x in enumerate(lines) if x.startswith("310   3"))
    lines[i] = lines[i][:73] + " 999" + lines[i][77:]
    with pytest.raises(TrfError) as err:
        read_team_trf("\n".join(lines), source="bad.trf")
    assert str(err.value).startswith(f"bad.trf:{i + 1}:")
    assert "team 3 names player 999, who has no 001 record" in str(err.value)


def _team(tpn: int, primary: int, csq: str, pref: tuple[str, int] | None, secondary: int = 0) -> TeamFacts:
    cod = csq.count("w") - csq.count("b")
    return TeamFacts(tpn, Fraction(primary), Fraction(secondary), len(csq), cod, csq, False,
                     frozenset(), False, pref)


@pytest.mark.parametrize(
    ("a", "b", "type_b", "expected"),
    [
        # 4.3.2: only the second team (lower score) wants a colour: it gets it
        (_team(1, 4, "wb", None), _team(2, 2, "bwb", ("w", 2)), False, (2, 1, "4.3.2")),
        # 4.3.3: opposite preferences are both granted
        (_team(3, 4, "bb", ("w", 2)), _team(4, 4, "ww", ("b", 2)), False, (3, 4, "4.3.3")),
        # 4.3.4 (type B): the strong preference wins over the mild one of the first-team
        (_team(5, 4, "wbw", ("b", 1)), _team(6, 2, "ww", ("b", 2)), True, (5, 6, "4.3.4")),
        # 4.3.5: both want White (type A); White to the lower colour difference
        (_team(7, 4, "bbb", ("w", 2)), _team(8, 2, "wbb", ("w", 2)), False, (7, 8, "4.3.5")),
        # 4.3.6: equal differences: alternate from the last round they differed
        (_team(9, 4, "bw", None), _team(10, 2, "wb", None), False, (10, 9, "4.3.6")),
        # art. 4.2.2: equal primary scores, the higher secondary makes 12 the first-team;
        # the same histories, so 4.3.8 alternates 12's last colour (Black) to White
        (_team(11, 4, "wb", None, secondary=3), _team(12, 4, "wb", None, secondary=5), False, (12, 11, "4.3.8")),
        # 4.3.8: the same histories: alternate the first-team's last colour
        (_team(13, 4, "wb", None), _team(14, 2, "wb", None), False, (13, 14, "4.3.8")),
    ],
)
def test_colour_allocation_of_article_4_3(a: TeamFacts, b: TeamFacts, type_b: bool,
                                          expected: tuple[int, int, str]) -> None:
    assert allocate(a, b, secondary_used=True, type_b=type_b, initial_white=True) == expected
