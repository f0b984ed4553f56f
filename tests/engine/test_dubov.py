"""The Dubov system (C.04.4.1, 2026): worked examples of the spec and reference rounds.

The reference rounds are those of ``tests/data/fixtures/dubov`` that both
independent Dubov engines (a C++ one and py4swiss) pair exactly as the file
does (``consensus.csv``, copied from the shared fixtures).
"""

from __future__ import annotations

import csv
from decimal import Decimal

import pytest

from engine import trf
from engine.model.explain import Step
from engine.model.terms import Strength
from engine.model.tournament import Colour, Player, ResultCode, RoundEntry, Settings, Tournament
from engine.systems import get
from engine.systems.dubov import pair
from engine.systems.dubov.players import DubovPlayer, aro, dubov_colour_state, max_upfloats
from engine.systems.dubov.subgroups import middle_out, pair_bracket
from engine.systems.replay import before_round, colourless_boards, played_round
from tests.data_paths import DUBOV as DATA

W, B = Colour.WHITE, Colour.BLACK


def game(opp: int, colour: Colour, result: str) -> RoundEntry:
    return RoundEntry(opp, colour, ResultCode.parse(result))


def boards(result) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in result.boards]


# -- definitions (art. 1) ------------------------------------------------------------


def test_aro_rounds_half_up() -> None:
    # spec worked example: 6451/3 = 2150.33 -> 2150; 4301/2 = 2150.5 -> 2151
    assert aro([2100, 2200, 2151]) == 2150
    assert aro([2100, 2201]) == 2151
    assert aro([]) == 0


@pytest.mark.parametrize(("rounds", "maxt"), [(4, 2), (5, 3), (9, 3), (10, 4), (14, 4), (15, 5)])
def test_maximum_upfloats(rounds: int, maxt: int) -> None:
    assert max_upfloats(rounds) == maxt


def test_no_game_means_a_mild_preference_for_black() -> None:
    state = dubov_colour_state(())
    assert (state.preference, state.strength) == (B, Strength.MILD)
    assert dubov_colour_state((W,)).preference is B
    assert dubov_colour_state((B, B)).strength is Strength.ABSOLUTE


def test_middle_out_sequence_numbers() -> None:
    # art. 4.3.3 example: A..G numbered D, C, E, B, F, A, G
    assert ["ABCDEFG"[i] for i in middle_out(7)] == list("DCEBFAG")
    assert ["ABCDEF"[i] for i in middle_out(6)] == list("CDBEAF")


# -- a bracket (art. 3.2.3-3.2.6) ---------------------------------------------------------


def seeker(pid: int, tpn: int, aro_value: int, pref: Colour, opponents: tuple[int, ...] = ()) -> DubovPlayer:
    last = pref.opposite
    return DubovPlayer(pid, tpn - 1, 2000, Decimal(1), Decimal(1), aro_value, dubov_colour_state((pref, last)), 2,
                       True, 0, (), False, False, frozenset(opponents))


def ok(a: DubovPlayer, b: DubovPlayer) -> bool:
    return b.id not in a.opponents


def test_low_aro_meets_the_strongest_black_seeker() -> None:
    # spec worked example: S1 = W2 (ARO 1980), W1 (ARO 2050); G2 = B1 (TPN 3), B2 (TPN 9)
    w1, w2 = seeker(7, 7, 2050, W), seeker(12, 12, 1980, W)
    b1, b2 = seeker(3, 3, 0, B), seeker(9, 9, 0, B)
    done = pair_bracket([b1, w1, b2, w2], ok)
    assert done.s1 == (12, 7)
    assert done.pairs == ((12, 3), (7, 9))


def test_next_transposition_when_they_have_met() -> None:
    w1, w2 = seeker(7, 7, 2050, W), seeker(12, 12, 1980, W, (3,))
    b1, b2 = seeker(3, 3, 0, B, (12,)), seeker(9, 9, 0, B)
    done = pair_bracket([b1, w1, b2, w2], ok)
    assert done.pairs == ((12, 9), (7, 3))
    assert (12, 3, "illegal") in done.skipped


def test_unequal_subgroups_shift_the_middle_black_seeker() -> None:
    # one White seeker, three Black seekers: one Black seeker moves to G1 (art. 3.2.4.2),
    # the first in middle-out order of TPNs 2, 5, 9 is TPN 5
    w = seeker(1, 1, 2000, W)
    bs = [seeker(2, 2, 0, B), seeker(5, 5, 0, B), seeker(9, 9, 0, B)]
    done = pair_bracket([w, *bs], ok)
    assert done.shifted_second == (5,)
    assert done.s1 == (5, 1) or done.s1 == (1, 5)
    assert len(done.pairs) == 2


# -- whole rounds ---------------------------------------------------------------------


def fresh(n: int, rounds: int = 5) -> Tournament:
    return Tournament(Settings(rounds=rounds, system="dubov"), tuple(Player(i, f"P{i}", 2500 - 10 * i)
                                                                      for i in range(1, n + 1)))


def test_round_one_halves_and_alternating_colours() -> None:
    r = pair(fresh(10))
    assert boards(r) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]
    assert r.bye is None


def test_round_one_odd_field_bye_to_the_largest_tpn() -> None:
    r = pair(fresh(5))
    assert r.bye == 5
    assert boards(r) == [(1, 3), (4, 2)]


def forfeit_below() -> Tournament:
    """After round 1 of five players: 1, 2 won, 3, 4 lost a game, 5 (largest TPN) lost by forfeit."""
    hist = {
        1: [game(4, W, "1")],
        2: [game(3, B, "1")],
        3: [game(2, W, "0")],
        4: [game(1, B, "0")],
        5: [RoundEntry(None, Colour.NONE, ResultCode.FORFEIT_LOSS)],
    }
    players = tuple(Player(i, f"P{i}", 2500 - 10 * i, history=tuple(h)) for i, h in hist.items())
    return Tournament(Settings(rounds=5, system="dubov"), players)


def test_pab_goes_to_the_player_with_more_games() -> None:
    # art. 3.1.4: among the lowest scores the PAB goes to a player with the most games played:
    # 5 has no game, so 4 (the largest TPN among those with one) gets it
    assert pair(forfeit_below()).bye == 4


def test_registered_as_dubov_2026() -> None:
    assert get("dubov").module == "engine.systems.dubov"
    assert get("FIDE_DUBOV").id == "dubov-2026"


# -- reference rounds ------------------------------------------------------------------


def _rounds(listing: str) -> list[tuple[str, int]]:
    present = {p.name for p in DATA.glob("*.trf")}
    with open(DATA / listing, newline="") as fh:
        rows = list(csv.reader(fh))[1:]
    return [(name, int(rnd)) for name, rnd, *_ in rows if name in present]


CONSENSUS = _rounds("consensus.csv")


def test_the_subset_is_large_enough() -> None:
    assert len(CONSENSUS) >= 100
    assert len({name for name, _ in CONSENSUS}) >= 15


@pytest.mark.parametrize("name", sorted({name for name, _ in CONSENSUS}))
def test_consensus_rounds_identical(name: str) -> None:
    t = trf.load(DATA / name).pairing_tournament()
    for rnd in sorted(r for n, r in CONSENSUS if n == name):
        ref = played_round(t, rnd)
        got = pair(before_round(t, rnd))
        unknown = colourless_boards(t, rnd)
        assert got.bye == ref.bye, f"round {rnd}: bye"
        assert {frozenset((b.white, b.black)) for b in got.boards} == {
            frozenset((b.white, b.black)) for b in ref.boards}, f"round {rnd}: pairs"
        want = {(b.white, b.black) for b in ref.boards if frozenset((b.white, b.black)) not in unknown}
        assert want <= set(boards(got)), f"round {rnd}: colours"


@pytest.mark.parametrize("line", ["092 Individual FIDE Dubov", "092 Individual: Swiss-System (Dubov)", "192 FIDE_DUBOV",
                                  "192 fide_dubov"])
def test_trf_names_dubov(line: str) -> None:
    text = (DATA / "dubov-011-p008-r07-s22260011.trf").read_text()
    text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("092")) + "\n" + line + "\n"
    doc = trf.loads(text)
    assert doc.tournament.settings.system == "dubov-2026"
    assert "192 FIDE_DUBOV" in trf.dumps(doc.tournament, dialect="javafo").splitlines()


def test_a_plain_swiss_description_is_not_a_system() -> None:
    text = (DATA / "dubov-011-p008-r07-s22260011.trf").read_text().replace("092 Individual FIDE Dubov",
                                                                              "092 Individual: Swiss-System")
    assert trf.loads(text).tournament.settings.system == "dutch-2026"


def test_bracket_events_carry_each_players_facts_with_the_aro() -> None:
    t = trf.load(DATA / "dubovsim-232-p018-r09-s23263232.trf").pairing_tournament()
    case = before_round(t, 8)
    trace = pair(case).trace
    brackets = [e for e in trace if e.step is Step.BRACKET]
    assert brackets and all(tuple(f.id for f in e.facts) == e.players for e in brackets)
    first = brackets[0]  # 2 (6½) takes 4 (4½) as its upfloater
    assert first.data["residents"] == [2] and first.data["upfloaters"] == [4]
    aro = {f.id: f.extra["ARO"] for f in first.facts}
    assert aro == {2: 2046, 4: 1951}


# -- art. 1.2.2: pairing numbers follow the ratings until round 4 is paired ------------------


def test_rating_change_resorts_pairing_numbers_before_round_4() -> None:
    # 3's rating was corrected to 2300 after the list was made: by art. 1.2.2 the TPNs are
    # recomputed, 1 (2400), 3 (2300), 2 (2200), 4 (2100). Round 1: the upper half 1, 3 meets
    # the lower half 2, 4: 1-2 (TPN 1 odd: the initial colour, White), 4-3 (TPN 2 even).
    from engine.validate.check import validate

    t = Tournament(Settings(rounds=5, system="dubov"),
                   tuple(Player(i, f"P{i}", r) for i, r in enumerate([2400, 2200, 2300, 2100], start=1)))
    r = pair(t)
    assert boards(r) == [(1, 2), (4, 3)]
    findings = [v for v in validate(t, r.as_round()) if v.severity.name != "NOTE"]
    assert findings == []


def test_pairing_numbers_stand_from_round_5() -> None:
    from dataclasses import replace

    from engine.systems.dubov.players import pairing_ranks

    t = Tournament(Settings(rounds=7, system="dubov"),
                   tuple(Player(i, f"P{i}", r) for i, r in enumerate([2400, 2200, 2300, 2100], start=1)))
    assert pairing_ranks(t) == {1: 0, 3: 1, 2: 2, 4: 3}
    played = {1: [game(2, W, "1"), game(3, B, "="), game(4, W, "1"), game(2, B, "0")],
              2: [game(1, B, "0"), game(4, W, "1"), game(3, B, "0"), game(1, W, "1")],
              3: [game(4, W, "="), game(1, W, "="), game(2, W, "1"), game(4, B, "1")],
              4: [game(3, B, "="), game(2, B, "0"), game(1, B, "0"), game(3, W, "0")]}
    later = t.with_players(replace(p, history=tuple(played[p.id])) for p in t.players)
    assert later.next_round == 5
    assert pairing_ranks(later) == {1: 0, 2: 1, 3: 2, 4: 3}
