"""The review's explanation of a C.04.6 (2026) team pairing, checked against the text.

Two hand-built events whose pairing is worked out here from the articles (the bye
passed over by art. 3.4.1 and barred by [C2]; the sets of upfloaters in the order of
art. 3.5.3-3.5.4, the very example of the text), the identifier example of art. 3.6.2,
and a fixture round (tests/data/team/) whose every step must account for the pairing.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from engine.model.explain import Step, TraceEvent, render
from engine.model.team_tournament import ColourType, RoundKind, Score, TeamEntry, TeamRound, TeamTournament
from engine.systems.team import NoTeamPairing, pair_team
from engine.systems.team.narrate import explain, identifier
from engine.trf.team_pair import main
from engine.trf.team_read import read_team_trf
from tests.engine.test_team_pairing import before_round

DATA = Path(__file__).resolve().parents[1] / "data" / "team"
BOARDS = 4

# a match: (team with White on board 1, the other, White's game points out of BOARDS)
Match = tuple[int, int, float]


def played(teams: int, rounds: list[tuple[list[Match], list[int]]], *, total: int, primary: Score,
           colours: ColourType) -> TeamTournament:
    """A team event after ``rounds`` (each: its matches and its byes; a team in neither was absent)."""
    entries = {t: TeamEntry(t, f"Team {t}", ()) for t in range(1, teams + 1)}
    bye_mp, bye_gp = Fraction(1), Fraction(BOARDS, 2)      # art. 1.4: a drawn match's points
    for matches, byes in rounds:
        seen: set[int] = set()
        for white, black, gw in matches:
            gpw, gpb = Fraction(gw), Fraction(BOARDS) - Fraction(gw)
            mpw = Fraction(2) if gpw > gpb else Fraction(1) if gpw == gpb else Fraction(0)
            entries[white].rounds.append(TeamRound(RoundKind.MATCH, black, True, True, gpw, mpw))
            entries[black].rounds.append(TeamRound(RoundKind.MATCH, white, True, False, gpb, 2 - mpw))
            seen |= {white, black}
        for t in byes:
            entries[t].rounds.append(TeamRound(RoundKind.BYE, game_points=bye_gp, match_points=bye_mp))
            seen.add(t)
        for t in set(entries) - seen:
            entries[t].rounds.append(TeamRound(RoundKind.ABSENT))
    return TeamTournament(entries, total, BOARDS, colour_type=colours, primary=primary,
                          bye_match_points=bye_mp, bye_game_points=bye_gp)


def steps(trace: tuple[TraceEvent, ...], step: Step, bracket: int | None = None) -> list[TraceEvent]:
    return [e for e in trace if e.step is step and (bracket is None or e.bracket == bracket)]


def bye_event() -> TeamTournament:
    """Five teams before round 4 of 7: team 1 has met 2, 3 and 4; 2 and 3 had the bye."""
    return played(5, [
        ([(1, 2, 3), (3, 4, 2)], []),                 # 5 absent
        ([(3, 1, 1), (4, 5, 3)], [2]),
        ([(1, 4, 3), (2, 5, 2.5)], [3]),
    ], total=7, primary=Score.MATCH, colours=ColourType.A)


def test_the_bye_passes_over_a_team_without_which_the_rest_cannot_be_paired() -> None:
    # Match points: 1: 6, 2: 3, 4: 3, 3: 2, 5: 0. [C2] (art. 2.1.2) bars 2 and 3 (byes).
    # Art. 3.4.2 puts 5 first (lowest score), but without 5 team 1, who has met 2, 3
    # and 4, has no opponent: 3.4.1 passes it over for 4 (score 3, three matches).
    event = bye_event()
    pairing = pair_team(event)
    assert pairing.bye_passed_over == (5,)
    assert (4, 0, "bye") in {(m.white, m.black, m.colour_rule) for m in pairing.matches}
    trace = explain(event, pairing)
    (bye,) = steps(trace, Step.BYE)
    assert bye.rule == "C.04.6 art. 3.4" and bye.players == (4,)
    assert "passed over: 5" in bye.text and "(3.4.1)" in bye.text
    assert "2 (bye in round 2), 3 (bye in round 3)" in bye.text
    assert bye.data["skipped"] == [5] and bye.data["ineligible"] == [2, 3]


def test_an_upfloater_of_a_lower_score_when_the_higher_ones_were_met() -> None:
    # Top-scoregroup {1} (6 points) takes one upfloater [C4]; the best score [C5] would be
    # 2 (3 points), then 3 (2): 1 met both [C1], so 5 (0 points) upfloats. 5 floated in
    # round 3 (0 against 2's 1 point): [C7] counts it; 1 floated too: [C10] counts 1.
    event = bye_event()
    pairing = pair_team(event)
    first, second = pairing.brackets
    assert (first.residents, first.upfloaters, first.pairs) == ((1,), (5,), ((1, 5),))
    assert first.failed_profiles == (((Fraction(3),), "C1"), ((Fraction(2),), "C1"))
    assert (first.c6_kept, first.c7_floaters) == (True, 1)
    assert (second.residents, second.upfloaters, second.pairs) == ((2,), (3,), ((2, 3),))
    trace = explain(event, pairing)
    rejected = [e.text for e in steps(trace, Step.REJECTED, 1)]
    assert rejected == [
        "upfloaters of scores (3) passed over: no such set lets the bracket be paired without a second meeting",
        "upfloaters of scores (2) passed over: no such set lets the bracket be paired without a second meeting",
    ]
    (paired,) = steps(trace, Step.PAIRED, 1)
    assert (paired.data["c8"], paired.data["c10"]) == (0, 1)
    # art. 4.3.2 both times: 5 (Black twice, CD -2) wants White, 1 (WBW, CD +1) nothing under
    # type A; 3 (WW) wants Black, 2 (BW) nothing. First-teams by score (4.2.1): 1 and 2.
    assert {(m.white, m.black, m.colour_rule) for m in pairing.matches if m.black} == {
        (5, 1, "4.3.2"), (2, 3, "4.3.2")}
    colours = {e.data["white"]: e for e in steps(trace, Step.COLOUR)}
    assert colours[5].rule == "C.04.6 art. 4.3.2" and colours[5].data["first_team"] == 1
    assert "1: none, 5: simple White" in colours[5].text and "higher score, 4.2.1" in colours[5].text


def sets_event() -> TeamTournament:
    """Ten teams before round 6 of 6, game points first, no colour preferences: 4, 7, 9 have
    12 points and have all met; 2, 6, 8 have 10; 1, 3, 5 have 8½; 10 has 6½ (art. 3.5.4's
    example with other scores). 2, 6 and 1 have met both 7 and 9."""
    rounds: list[tuple[list[Match], list[int]]] = [
        ([(7, 4, 1.5), (9, 2, 3), (10, 1, 3), (6, 5, 4), (8, 3, 3.5)], []),
        ([(7, 9, 0.5), (10, 3, 1), (1, 8, 1.5), (4, 6, 3), (2, 5, 3)], []),
        ([(7, 2, 2.5), (9, 4, 1.5), (10, 5, 2.5), (1, 3, 4), (6, 8, 2.5)], []),
        ([(7, 6, 3.5), (9, 1, 2), (4, 3, 2.5), (10, 2, 0), (5, 8, 4)], []),
        ([(7, 1, 4), (9, 6, 2), (4, 8, 1.5), (2, 3, 0.5)], [5]),   # 10 absent
    ]
    return played(10, rounds, total=6, primary=Score.GAME, colours=ColourType.NONE)


def test_the_sets_of_upfloaters_in_the_order_of_article_3_5_4() -> None:
    event = sets_event()
    scores = {t: e.score(Score.GAME) for t, e in event.teams.items()}
    assert [scores[t] for t in (4, 7, 9, 2, 6, 8, 1, 3, 5, 10)] == [12] * 3 + [10] * 3 + [Fraction(17, 2)] * 3 + [
        Fraction(13, 2)]
    pairing = pair_team(event)
    first = pairing.brackets[0]
    # [C4]: 7 and 9 each need an upfloater they have not met, so one upfloater cannot do and
    # three are needed; [C5]: all three of 10 points ({2, 6, 8}) fail [C1] (2 and 6 have met 7
    # and 9), so two of 10 and one of 8½. The sets of that profile in the text's order:
    # {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < {2,8,3} ...; the first four fail [C1]
    # (2, 6 and 1 have met 7 and 9); {2,8,3} pairs legally, leaves 6-10 and 1-5, and
    # keeps [C6] (6 can still be paired with one upfloater, 10).
    assert first.residents == (4, 7, 9)
    assert first.upfloaters == (2, 8, 3)
    assert first.passed_over == (((2, 6, 1), "C1"), ((2, 6, 3), "C1"), ((2, 6, 5), "C1"), ((2, 8, 1), "C1"))
    assert [p for p, _ in first.failed_profiles] == [
        (Fraction(10),), (Fraction(17, 2),), (Fraction(13, 2),), (Fraction(10),) * 3]
    assert first.c6_kept
    # art. 3.6.2-3.6.4: 2 can only meet 4, and of 3-9, 7-8 (identifier 2 3 7 4 9 8) and
    # 3-7, 8-9 (2 3 8 4 7 9) the first is smaller
    assert first.pairs == ((2, 4), (3, 9), (7, 8))
    trace = explain(event, pairing)
    (proposal,) = steps(trace, Step.PROPOSAL, 1)
    assert proposal.data["pairs"] == [[2, 7], [3, 8], [4, 9]]
    texts = [e.text for e in steps(trace, Step.REJECTED, 1)]
    assert [t for t in texts if t.startswith("set ")] == [
        "set {2, 6, 1} passed over: the bracket with it has no pairing without a second meeting",
        "set {2, 6, 3} passed over: the bracket with it has no pairing without a second meeting",
        "set {2, 6, 5} passed over: the bracket with it has no pairing without a second meeting",
        "set {2, 8, 1} passed over: the bracket with it has no pairing without a second meeting",
    ]
    assert [t for t in texts if "met in round" in t] == [
        "2-7: they met in round 3", "3-8: they met in round 1", "4-9: they met in round 3"]
    (paired,) = steps(trace, Step.PAIRED, 1)
    assert "pairs: 2-4, 3-9, 7-8 (identifier 2 3 7 4 9 8)" in paired.text
    # the 10-point scoregroup is 6 alone: 1 would leave 5-10 (met) [C3], 5 met 6 [C1]: 10 upfloats
    second = pairing.brackets[1]
    assert (second.residents, second.upfloaters) == ((6,), (10,))
    assert second.failed_profiles == (((Fraction(17, 2),), "C1/C3"),)
    assert any(e.step is Step.NOTE and "[C7] and [C10]" in e.text for e in trace)   # last round


def test_the_identifier_of_article_3_6_2() -> None:
    # the text's example: 11-24 16-6 10-9 8-4 is identified by 4 6 9 11 8 16 10 24
    assert identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


def test_a_fixture_round_is_told_whole() -> None:
    # team-d-0003 round 8: 2 and 8 absent (withdrawn), five brackets
    text = (DATA / "team-d-0003.trf").read_text(encoding="latin-1")
    event = read_team_trf(before_round(text, 8))
    pairing = pair_team(event)
    trace = explain(event, pairing)
    opened = steps(trace, Step.BRACKET)
    assert len(opened) == len(pairing.brackets)
    told = [t for e in opened for t in e.players]
    assert sorted(told) == sorted(t for t in event.teams if t not in event.absent_next
                                  and all(m.white != t or m.black for m in pairing.matches))
    for no, (e, b) in enumerate(zip(opened, pairing.brackets), start=1):
        assert e.data["residents"] == list(b.residents) and e.data["upfloaters"] == list(b.upfloaters)
        assert [f.id for f in e.facts] == [*b.residents, *b.upfloaters]
        (paired,) = steps(trace, Step.PAIRED, no)
        assert paired.data["pairs"] == [list(p) for p in sorted(b.pairs)]
    colours = steps(trace, Step.COLOUR)
    assert [(e.data["white"], e.data["black"], e.rule) for e in colours] == [
        (m.white, m.black, f"C.04.6 art. {m.colour_rule}") for m in pairing.matches if m.black]
    assert any(e.text == "not paired this round (absent or withdrawn): 2, 8" for e in trace)
    # the pairing of 6 and 13 is rejected for their meeting of round 5, which the file records
    six = next(ln for ln in text.splitlines() if ln.startswith("310   6"))
    board_one = int(six[73:].split()[0])
    row = next(ln for ln in text.splitlines() if ln.startswith(f"001 {board_one:4d}"))
    opponent = int(row[91 + 40: 95 + 40])
    thirteen = next(ln for ln in text.splitlines() if ln.startswith("310  13"))
    assert opponent in {int(p) for p in thirteen[73:].split()}
    assert "6-13: they met in round 5" in [e.text for e in steps(trace, Step.REJECTED)]
    assert render(trace).count("Bracket ") == len(pairing.brackets)


def test_the_command_prints_the_explanation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (DATA / "team-d-0045.trf").read_text(encoding="latin-1")
    trf = tmp_path / "before-5.trf"
    trf.write_text(before_round(text, 5), encoding="latin-1")
    assert main([str(trf), "-p", str(tmp_path / "out.txt"), "--explain"]) == 0
    shown = capsys.readouterr().out
    event = read_team_trf(before_round(text, 5))
    assert shown == render(explain(event, pair_team(event))) + "\n"
    assert "Bye\n" in shown and "Colours\n" in shown and "(C.04.6 art. 3.4)" in shown


def test_a_match_won_by_forfeit_bars_the_bye_and_is_named() -> None:
    # round 1: 1-2 lost by 2 by forfeit (no meeting, no colour), 3 had the bye; in round 2
    # [C2] (art. 2.1.2) bars 1 (forfeit win) and 3 (bye): 2 gets the bye, 1 and 3 meet
    event = played(3, [([], [3])], total=3, primary=Score.MATCH, colours=ColourType.A)
    event.teams[1].rounds[0] = TeamRound(RoundKind.MATCH, 2, False, None, Fraction(BOARDS), Fraction(2),
                                         forfeit_win=True)
    event.teams[2].rounds[0] = TeamRound(RoundKind.MATCH, 1, False, None, Fraction(0), Fraction(0))
    pairing = pair_team(event)
    assert {(m.white, m.black) for m in pairing.matches} == {(1, 3), (2, 0)}
    (bye,) = steps(explain(event, pairing), Step.BYE)
    assert "barred by [C2] (art. 2.1.2): 1 (won round 1 by forfeit), 3 (bye in round 1)" in bye.text
    assert "passed over" not in bye.text


def test_a_round_with_no_legal_pairing_says_so_of_the_whole_round() -> None:
    # four teams that have all met: round 4 has no pairing at all (art. 3.3.3)
    event = played(4, [([(1, 2, 2), (3, 4, 2)], []), ([(1, 3, 2), (2, 4, 2)], []), ([(1, 4, 2), (2, 3, 2)], [])],
                   total=5, primary=Score.MATCH, colours=ColourType.A)
    with pytest.raises(NoTeamPairing, match=r"the 4 teams to pair have no pairing in which no two of them meet again"):
        pair_team(event)
