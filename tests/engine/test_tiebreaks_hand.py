"""C.07 tie-breaks on small tournaments computed by hand (docs/tiebreaks.md, ../spec tiebreaks.md §6).

Each table below was worked out on paper from the articles cited; the engine
must reproduce every number, edition by edition.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.awards.standings import standings
from engine.model.tournament import Colour, Player, PlayerStatus, ResultCode, RoundEntry, Settings, Tournament
from engine.tiebreaks import Category, Crosstable, Edition, parse_list, rank

W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE
C = ResultCode


def _game(history: dict[int, list], r: int, white: int, black: int, result: str) -> None:
    """Record round ``r``: ``result`` is "1-0", "0-1", "=", "+-" (white wins by forfeit) or "-+"."""
    codes = {"1-0": (C.WIN, C.LOSS), "0-1": (C.LOSS, C.WIN), "=": (C.DRAW, C.DRAW),
             "+-": (C.FORFEIT_WIN, C.FORFEIT_LOSS), "-+": (C.FORFEIT_LOSS, C.FORFEIT_WIN)}[result]
    history[white][r - 1] = RoundEntry(black, W, codes[0])
    history[black][r - 1] = RoundEntry(white, B, codes[1])


def _bye(history, r, pid, code) -> None:
    history[pid][r - 1] = RoundEntry(None, N, code)


def _tournament(n: int, rounds: int, fill, *, withdrawn=(), ratings=None, tiebreaks=()) -> Tournament:
    history = {pid: [None] * rounds for pid in range(1, n + 1)}
    fill(history)
    assert all(e is not None for h in history.values() for e in h), "every round of every player is set"
    players = [Player(pid, f"Player {pid}", rating=(ratings or {}).get(pid, 2000 - 10 * pid),
                      status=PlayerStatus.WITHDRAWN if pid in withdrawn else PlayerStatus.ACTIVE,
                      history=tuple(h)) for pid, h in history.items()]
    return Tournament(Settings(rounds=rounds, tiebreaks=tuple(tiebreaks)), tuple(players))


def worked_example() -> Tournament:
    """tiebreaks.md §6: P (1) beats A (2), half-point bye, draws B (3), wins by forfeit against C (4),
    loses to D (5). C loses that forfeit and withdraws. Players 6-10 fill the rounds."""
    P, A, Bp, Cp, D = 1, 2, 3, 4, 5

    def fill(h):
        _game(h, 1, P, A, "1-0"), _game(h, 1, Bp, 6, "1-0"), _game(h, 1, Cp, 7, "1-0")
        _game(h, 1, D, 9, "1-0"), _game(h, 1, 8, 10, "=")
        _bye(h, 2, P, C.HALF_BYE), _game(h, 2, A, 6, "1-0"), _game(h, 2, Bp, 7, "1-0")
        _game(h, 2, Cp, 8, "0-1"), _game(h, 2, D, 10, "1-0"), _bye(h, 2, 9, C.PAB)
        _game(h, 3, P, Bp, "="), _game(h, 3, A, 7, "1-0"), _game(h, 3, Cp, 9, "0-1")
        _game(h, 3, D, 6, "1-0"), _game(h, 3, 8, 10, "=")
        _game(h, 4, P, Cp, "+-"), _game(h, 4, A, 8, "1-0"), _game(h, 4, Bp, 9, "0-1")
        _game(h, 4, D, 7, "0-1"), _game(h, 4, 6, 10, "=")
        _game(h, 5, D, P, "1-0"), _bye(h, 5, Cp, C.ZERO_BYE), _game(h, 5, A, 10, "0-1")
        _game(h, 5, Bp, 8, "0-1"), _game(h, 5, 9, 6, "="), _bye(h, 5, 7, C.PAB)

    return _tournament(10, 5, fill, withdrawn=(Cp,))


def values(t: Tournament, codes: str, edition: Edition = Edition.C07_2026, player: int = 1) -> dict[str, Decimal]:
    ct = Crosstable(t, edition=edition)
    tbs = parse_list(codes)
    ranked = rank(ct, tbs)
    return {tb.code: ranked.values[player][i].value for i, tb in enumerate(tbs)}


def test_worked_example_scores_as_the_text_states_them():
    ct = Crosstable(worked_example())
    assert [ct.score[p] for p in (1, 2, 3, 4, 5)] == [3, 3, Decimal("2.5"), 1, 4]
    assert ct.adjusted[4] == Decimal("1.5")  # 16.3: C's last-round zero-point bye (withdrawn) counts as a draw
    assert ct.rounds[4][4].category is Category.BYE_AT_END
    assert ct.rounds[4][3].category is Category.FORFEIT_LOSS
    assert ct.rounds[1][1].category is Category.BYE_THEN_PLAYED


def test_worked_example_2026():
    got = values(worked_example(), "BH,BH/C1,SB,PS,PS/C1,WIN,WON,REP,STD")
    assert got == {"BH": Decimal("13.5"), "BH/C1": Decimal("11.0"), "SB": Decimal("7.0"),
                   "PS": Decimal("10.5"), "PS/C1": Decimal("9.5"), "WIN": 2, "WON": 1, "REP": 4,
                   "STD": Decimal("3.0")}


@pytest.mark.parametrize("edition", [Edition.C07_2024, Edition.C07_2023])
def test_worked_example_before_the_caps(edition):
    # 2023/2024 texts: the dummy has the player's own final score, 3.0, in rounds 2 and 4
    got = values(worked_example(), "BH,SB", edition)
    assert got == {"BH": Decimal("15.5"), "SB": Decimal("3.0") + Decimal("1.5") + Decimal("1.25") + 3 + 0}


def test_worked_example_pre_2023_virtual_opponent():
    # round 2: 1 (before) + ½ (the bye's missing half) + ½ × 3 later rounds = 3.0
    # round 4: 2 (before) + 0 + ½ × 1 = 2.5
    got = values(worked_example(), "BH", Edition.PRE_2023)
    assert got == {"BH": Decimal("3.0") + Decimal("3.0") + Decimal("2.5") + Decimal("2.5") + 4}


def test_worked_example_ratings_count_games_only():
    t = worked_example()
    got = values(t, "ARO,TPR")
    opp = [t.player(p).rating for p in (2, 3, 5)]
    aro = round(sum(opp) / 3)
    assert got == {"ARO": aro, "TPR": aro}  # 1.5 / 3 = 0.50 -> dp 0


def late_entry() -> Tournament:
    """Five players, three rounds; player 5 enters in round 2 (round 1 not paired: zero)."""

    def fill(h):
        _game(h, 1, 1, 2, "1-0"), _game(h, 1, 3, 4, "="), _bye(h, 1, 5, C.ABSENT)
        _game(h, 2, 3, 1, "1-0"), _game(h, 2, 5, 2, "1-0"), _bye(h, 2, 4, C.PAB)
        _game(h, 3, 1, 5, "="), _game(h, 3, 2, 4, "1-0"), _bye(h, 3, 3, C.HALF_BYE)

    return _tournament(5, 3, fill)


def test_late_entry_table():
    t = late_entry()
    s = standings(t, tiebreaks="BH,BH/C1,DE,REP,WIN,WON")
    table = {r.player: (r.rank, r.points, *[v.value for v in r.values]) for r in s.rows}
    assert table == {
        3: (1, 2, Decimal("4.5"), Decimal("3.0"), 0, 2, 1, 1),
        1: (2, Decimal("1.5"), Decimal("4.5"), Decimal("3.5"), 0, 3, 1, 1),
        4: (3, Decimal("1.5"), Decimal("4.5"), Decimal("3.5"), 0, 3, 1, 0),
        5: (4, Decimal("1.5"), Decimal("4.0"), Decimal("2.5"), 0, 2, 1, 1),
        2: (5, 1, Decimal("4.5"), Decimal("3.0"), 0, 3, 1, 1),
    }
    # 1 and 4 never met: DE cannot separate them (art. 6.3); WON does (4's win was the PAB)
    assert [r.player for r in s.rows] == [3, 1, 4, 5, 2]


def test_late_entry_under_the_2024_text():
    # no cap: the dummies of 3's half-point bye and 4's bye have the player's own score
    s = standings(late_entry(), tiebreaks="BH", edition="c07-2024")
    assert {r.player: r.values[0].value for r in s.rows} == {
        1: Decimal("4.5"), 2: Decimal("4.5"), 3: Decimal("5.0"), 4: Decimal("4.5"), 5: Decimal("4.0")}


def test_direct_encounter_ranks_a_group_that_met_completely():
    # 1, 2, 3 all on 1.5: among themselves 1 beat 2, 2 beat 3, 3 drew 1 -> 1.5, 1, 0.5 (art. 6.2)
    def fill(h):
        _game(h, 1, 1, 2, "1-0"), _game(h, 1, 3, 4, "1-0"), _game(h, 1, 5, 6, "1-0")
        _game(h, 2, 2, 3, "1-0"), _game(h, 2, 1, 5, "0-1"), _game(h, 2, 4, 6, "=")
        _game(h, 3, 3, 1, "="), _game(h, 3, 2, 6, "="), _game(h, 3, 4, 5, "0-1")

    s = standings(_tournament(6, 3, fill), tiebreaks="DE")
    assert [(r.player, r.points, r.rank, r.values[0].value) for r in s.rows][:4] == [
        (5, 3, 1, 0), (1, Decimal("1.5"), 2, 1), (2, Decimal("1.5"), 3, 2), (3, Decimal("1.5"), 4, 3)]

    def fill2(h):  # 1, 2, 3 tied on 1 point among themselves: a cycle, DE cannot separate them
        _game(h, 1, 1, 2, "1-0"), _game(h, 1, 3, 4, "1-0")
        _game(h, 2, 2, 3, "1-0"), _game(h, 2, 1, 4, "1-0")
        _game(h, 3, 3, 1, "1-0"), _game(h, 3, 2, 4, "1-0")

    s = standings(_tournament(4, 3, fill2), tiebreaks="DE,TPN")
    assert [r.player for r in s.rows] == [1, 2, 3, 4]
    assert [r.values[0].value for r in s.rows[:3]] == [0, 0, 0]
    assert [r.rank for r in s.rows] == [1, 2, 3, 4]  # TPN broke what DE could not


def test_forfeits_do_not_count_for_direct_encounter_unless_announced():
    def fill(h):
        _game(h, 1, 1, 2, "-+"), _game(h, 1, 3, 4, "1-0")
        _game(h, 2, 1, 3, "1-0"), _game(h, 2, 2, 4, "1-0")

    t = _tournament(4, 2, fill)
    assert standings(t, tiebreaks="DE").rows[0].values[0].value == 0  # 1 and 2 tied, no game between them
    s = standings(t, tiebreaks="DE/P")
    assert [r.player for r in s.rows[:2]] == [2, 1]


def test_virtual_points_never_enter_the_standings():
    from dataclasses import replace

    from engine.model.tournament import Acceleration
    t = late_entry()
    accelerated = replace(t, settings=replace(t.settings, accelerations=(Acceleration(2, Decimal(1), 1, 3),)))
    a = standings(accelerated, tiebreaks="BH,SB,PS")
    b = standings(t, tiebreaks="BH,SB,PS")
    assert [(r.player, r.points, [v.value for v in r.values]) for r in a.rows] == \
        [(r.player, r.points, [v.value for v in r.values]) for r in b.rows]


def test_standings_after_an_earlier_round():
    s = standings(worked_example(), after_round=2, tiebreaks="BH")
    assert s.row(1).points == Decimal("1.5")
    # after 2 rounds the 16.4.2 cap is a draw x 2 = 1.0: P's half-point bye dummy is min(1.5, 1.0);
    # A had 1 point after round 2
    assert s.row(1).values[0].value == Decimal(1) + Decimal("1.0")


def round_robin(rounds_played: int = 3) -> Tournament:
    """Four players, a single round robin (Berger tables), 1 beats everybody, 2-3 drawn, 3 beats 4, 4 forfeits to 2."""

    def fill(h):
        _game(h, 1, 1, 4, "1-0"), _game(h, 1, 2, 3, "=")
        _game(h, 2, 4, 3, "0-1"), _game(h, 2, 1, 2, "1-0")
        _game(h, 3, 2, 4, "+-"), _game(h, 3, 3, 1, "0-1")

    t = _tournament(4, 3, fill)
    from dataclasses import replace
    return replace(t, settings=replace(t.settings, system="round-robin"))


def test_koya_in_a_round_robin():
    # scores 1: 3, 2: 1.5, 3: 1.5, 4: 0; 50 % of 3 games = 1.5, so 1, 2 and 3 count
    s = standings(round_robin(), tiebreaks="KS,KS/L+1")
    ks = {r.player: [v.value for v in r.values] for r in s.rows}
    assert ks[1] == [Decimal(2), 0]  # 2 and 3 count; with the limit half a point higher (2.0), nobody but 1
    assert ks[2] == [Decimal("0.5"), 0]  # the draw with 3; the forfeit win over 4 does not count (4 has 0)
    assert ks[3] == [Decimal("0.5"), 0]


def test_round_robin_refuses_buchholz_and_counts_forfeits_as_games_for_sb():
    import pytest

    from engine.tiebreaks import TieBreakError
    with pytest.raises(TieBreakError, match="round robins"):
        standings(round_robin(), tiebreaks="BH")
    sb = {r.player: r.values[0].value for r in standings(round_robin(), tiebreaks="SB").rows}
    # 2: draw with 3 (1.5 × ½) + loss to 1 + forfeit win over 4 as a game (0 × 1) = 0.75
    assert sb[2] == Decimal("0.75")


def test_a_game_still_in_progress():
    t = worked_example()
    from dataclasses import replace

    p1 = t.player(1)
    d = t.player(5)
    pending = [replace(p1, history=p1.history[:4] + (RoundEntry(5, B, C.ABSENT),)),
               replace(d, history=d.history[:4] + (RoundEntry(1, W, C.ABSENT),))]
    t2 = t.with_players([p for p in t.players if p.id not in (1, 5)] + pending)
    got = values(t2, "STD,WIN,REP")
    # R5 is elected to play (REP 4: only the R2 bye is missing) and scores nothing yet (STD 0 for it)
    assert got == {"STD": Decimal("3.0"), "WIN": 2, "REP": 4}
