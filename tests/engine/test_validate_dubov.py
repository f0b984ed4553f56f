"""The validator on Dubov pairings (C.04.4.1): absolute [C3], colours of art. 5.2, art. 3.1 and [C5]-[C10]."""

from __future__ import annotations

import csv
from dataclasses import replace

import pytest

from engine import trf
from engine.model.tournament import Colour, Pairing, Player, ResultCode, RoundEntry, RoundPairing, Settings, Tournament
from engine.systems.dubov import pair
from engine.systems.replay import before_round, played_round
from engine.validate.check import validate
from engine.validate.violations import Severity
from tests.data_paths import DUBOV
from tests.engine.test_dubov import forfeit_below

W, B = Colour.WHITE, Colour.BLACK


def game(opp: int, colour: Colour, result: str) -> RoundEntry:
    return RoundEntry(opp, colour, ResultCode.parse(result))


def findings(found, severity: Severity) -> list[str]:
    return [v.rule for v in found if v.severity is severity]


def _consensus() -> list[tuple[str, int]]:
    present = {p.name for p in DUBOV.glob("*.trf")}
    with open(DUBOV / "consensus.csv", newline="") as fh:
        return [(n, int(r)) for n, r in list(csv.reader(fh))[1:] if n in present]


def _case(name: str, rnd: int) -> tuple[Tournament, RoundPairing]:
    t = trf.load(DUBOV / name).pairing_tournament()
    case = before_round(t, rnd)
    case = replace(case, settings=replace(case.settings, system="dubov-2026"))
    return case, played_round(t, rnd)


def test_reference_rounds_break_nothing_and_match_the_engine_on_every_criterion() -> None:
    rounds = _consensus()
    assert len(rounds) >= 100
    for name, rnd in rounds:
        case, ref = _case(name, rnd)
        ours = pair(case).as_round()
        found = validate(case, ref, reference=ours)
        assert findings(found, Severity.ABSOLUTE) == [] and findings(found, Severity.QUALITY) == [], (name, rnd)


def test_same_absolute_preference_is_absolute_without_a_topscorer_exception() -> None:
    # last round, 1 and 2 both had Black twice running: Dubov has no topscorer exception ([C3])
    hist = {
        1: [game(3, B, "1"), game(4, B, "1")],
        2: [game(4, B, "1"), game(3, B, "1")],
        3: [game(1, W, "0"), game(2, W, "0")],
        4: [game(2, W, "0"), game(1, W, "0")],
    }
    players = tuple(Player(i, f"P{i}", 2000, history=tuple(h)) for i, h in hist.items())
    t = Tournament(Settings(rounds=3, system="dubov"), players)
    bad = RoundPairing(3, (Pairing(1, 2), Pairing(3, 4)), None)
    assert "C.04.4.1 [C3]" in findings(validate(t, bad), Severity.ABSOLUTE)
    with pytest.raises(Exception):
        pair(t)  # 1-2 and 3-4 are both illegal and 1-3, 1-4 are rematches: no legal pairing


def test_reversed_colours_are_a_colour_finding() -> None:
    name, rnd = "dubovsim-232-p018-r09-s23263232.trf", 8
    case, ref = _case(name, rnd)
    flipped = RoundPairing(rnd, (Pairing(ref.boards[0].black, ref.boards[0].white), *ref.boards[1:]), ref.bye)
    rules = findings(validate(case, flipped), Severity.QUALITY)
    assert len(rules) == 1 and rules[0].startswith("C.04.4.1 art. 5.2.")


def test_upfloaters_of_lower_scores_are_a_c6_finding() -> None:
    # bracket of 3½: 9 and 10 need two upfloaters; 13 (3) and 18 (2) beat 16 and 11 (2½ both):
    # the highest-scored upfloater first
    name, rnd = "dubovsim-232-p018-r09-s23263232.trf", 8
    case, ref = _case(name, rnd)
    other = RoundPairing(rnd, tuple(Pairing(a, b) for a, b in (
        (2, 4), (3, 1), (8, 6), (7, 5), (9, 16), (11, 10), (13, 15), (12, 18), (17, 14))), None)
    assert findings(validate(case, other), Severity.ABSOLUTE) == []
    found = validate(case, other, reference=pair(case).as_round())
    assert findings(found, Severity.QUALITY)[:1] == ["C.04.4.1 [C6]"]


def test_pab_to_a_player_with_fewer_games_is_an_art_3_1_4_finding() -> None:
    t = forfeit_below()
    ours = pair(t).as_round()
    assert ours.bye == 4
    other = RoundPairing(2, (Pairing(2, 1), Pairing(4, 3)), 5)  # colours as art. 5.2 gives them
    assert findings(validate(t, other), Severity.ABSOLUTE) == []
    assert findings(validate(t, other), Severity.QUALITY) == []
    assert findings(validate(t, other, reference=ours), Severity.QUALITY) == ["C.04.4.1 art. 3.1.4"]


def test_the_tpns_follow_the_ratings_until_round_four_is_paired_then_the_list() -> None:
    """Art. 1.2.2: 3 (2100) entered late, after 1 and 2; until round 4 the checks rank it first.

    4 has not arrived yet (absent since round 1): it holds no TPN among those counted and keeps its own.
    """
    from engine.validate.dubov import DubovTpns, dubov_tpns
    from engine.validate.facts import RoundFacts

    absent = RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)
    players = (Player(1, "P1", 2000), Player(2, "P2", 1900), Player(3, "P3", 2100), Player(4, "P4", 2200))
    t = Tournament(Settings(rounds=7, system="dubov"), players, pending={4: absent})
    tpns = dubov_tpns(RoundFacts(t, 1, "dubov"))
    assert isinstance(tpns, DubovTpns)
    assert [tpns(pid) for pid in (1, 2, 3, 4)] == [2, 3, 1, 4]
    later = dubov_tpns(RoundFacts(t, 5, "dubov"))
    assert [later(pid) for pid in (1, 2, 3, 4)] == [1, 2, 3, 4]
