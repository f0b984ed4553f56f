"""FIDE title norms (B.01 1.4) on hand-made events, one condition at a time, each figure worked by hand.

The applicant is player 1; in round r they meet player r + 1. The dp figures are those of
the table of B.02 8.1.1 (0.56 -> 43, 0.59 -> 65, 0.61 -> 80, 0.67 -> 125, 0.72 -> 166, 0.78 -> 220).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from engine.norms import NormEvent, Status, event_norms, player_norms
from engine.norms.certificate import certificate
from engine.norms.rules import by_title, norms_sought
from engine.norms.verdict import State, least_scores, swiss_exempt
from tests.engine.norm_events import IM_FIELD, IM_RESULTS, event

def verdict(t, norm, host="ENG", after=None, **kw):
    found = [v for v in player_norms(t, 1, NormEvent(rounds=t.settings.rounds, federation=host, **kw), after)
             if v.norm == norm]
    assert found, f"no {norm} norm sought"
    return found[0]


def test_the_regulations_table_of_least_scores():
    # 1.4.9's table, first rows for 9 and 10 games: Ra + dp(p) >= the performance of 1.4.8.
    # GM, 9 games: 7/9 = 0.78 -> 220 (2380 + 220 = 2600); 6½/9 = 0.72 -> 166, so from 2434; 6/9 = 0.67 -> 125, from 2475
    assert least_scores(by_title("GM"), 9)[:3] == [(2380, 2433, 7), (2434, 2474, Fraction(13, 2)), (2475, 2519, 6)]
    # IM, 9 games: 7 from the least average 2230 (2230 + 220 = 2450), 6½ from 2284
    assert least_scores(by_title("IM"), 9)[:2] == [(2230, 2283, 7), (2284, 2324, Fraction(13, 2))]
    # GM, 10 games: 8/10 -> 240 (2380 .. 2406), 7½ -> 193 (from 2407), 7 -> 149 (from 2451)
    assert least_scores(by_title("GM"), 10)[:3] == [(2380, 2406, 8), (2407, 2450, Fraction(15, 2)), (2451, 2489, 7)]


def test_an_im_norm_made_in_the_last_round():
    t = event(IM_FIELD, IM_RESULTS)
    # After round 8: 4½ of 8, Ra (2550+2400+2380+2300+2500+2350+2250+2300)/8 = 2378.75 -> 2379;
    # 4½/8 = 0.5625 -> 0.56 -> 43: Rp 2422 < 2450. Over nine games at Ra 2379, 5 (0.56) is short and
    # 5½ (0.61 -> 80, 2459) enough: 1 point of the 1 round left.
    before = verdict(t, "IM", after=8)
    assert before.status is Status.REACHABLE
    assert before.needed == 1 and before.remaining == 1
    assert before.ratings.average == 2379 and before.performance == 2422
    # After round 9: 5½ of 9, Ra 21450/9 = 2383.33 -> 2383; 0.61 -> 80: Rp 2463 >= 2450.
    made = verdict(t, "IM")
    assert made.status is Status.MADE
    assert made.score == Fraction(11, 2) and made.ratings.average == 2383 and made.performance == 2463
    assert all(c.state is State.OK for c in made.conditions)
    # The GM norm is out of reach: 2 GMs of 9, at least 3 needed (1.4.5), and Rp 2463 < 2600.
    gm = verdict(t, "GM")
    assert gm.status is Status.OUT and gm.failed[0].article == "1.4.5"


def test_the_last_round_lost_leaves_the_im_norm_out_of_reach():
    t = event(IM_FIELD, IM_RESULTS[:-1] + "0")
    out = verdict(t, "IM")
    # 4½/9 = 0.50 -> 0: Rp 2383
    assert out.status is Status.OUT and out.performance == 2383
    assert [c.article for c in out.failed] == ["1.4.8"]


def test_the_host_federations_share_stops_a_norm():
    # Same scores, but six of the nine opponents from ENG, the applicant's and the host's federation:
    # 1.4.4 allows 3/5 of 9, 5. Fewer than 20 foreign rated players: 1.4.3 (d) does not exempt it.
    field = [(r, t_, "ENG") if i in (0, 1, 4) else (r, t_, f) for i, (r, t_, f) in enumerate(IM_FIELD)]
    t = event(field, IM_RESULTS)
    out = verdict(t, "IM")
    assert out.status is Status.OUT
    assert out.failed[0].article == "1.4.4" and "6 of 9 opponents from ENG, at most 5" in out.failed[0].text
    # ENG opponents in rounds 1, 2, 4, 5, 6, 7. After round 6, 5 of 6: nine games would allow 5, so the norm
    # was still reachable; the sixth, in round 7, put it out of reach with two rounds to play.
    assert verdict(t, "IM", after=6).status is Status.REACHABLE
    after7 = verdict(t, "IM", after=7)
    assert after7.status is Status.OUT and after7.failed[0].text.startswith("6 of 7 opponents from ENG")


def test_the_swiss_exemption_lifts_the_federation_rules():
    # The same event with 24 more players, rated, none of the host federation, of 3 federations, all IMs:
    # 1.4.3 (d) holds in every round, so 1.4.3 and 1.4.4 are not applied and the norm is made.
    field = [(r, t_, "ENG") if i in (0, 1, 4) else (r, t_, f) for i, (r, t_, f) in enumerate(IM_FIELD)]
    t = event(field, IM_RESULTS, fillers=24)
    assert swiss_exempt(t, NormEvent(rounds=9, federation="ENG"), 9)
    made = verdict(t, "IM")
    assert made.exempt and made.status is Status.MADE
    # Not for a round robin, nor with 9 IMs among the foreigners (10 needed), nor with 2 federations.
    assert verdict(t, "IM", swiss=False).status is Status.OUT
    t9 = event(field, IM_RESULTS, fillers=24, filler_title="FM")
    assert not swiss_exempt(t9, NormEvent(rounds=9, federation="ENG"), 9)
    t2 = event(field, IM_RESULTS, fillers=24, filler_fed=("GER", "FRA"))
    # in round 1 the foreigners are the fillers (GER, FRA) and nobody else: two federations, 3 needed
    assert not swiss_exempt(t2, NormEvent(rounds=9, federation="ENG"), 9)
    t18 = event(field, IM_RESULTS, fillers=18)
    # in round 1: 18 fillers and the opponent of round 1, of ENG: 18 foreign rated players, 20 needed
    assert not swiss_exempt(t18, NormEvent(rounds=9, federation="ENG"), 9)


def test_fewer_than_nine_games():
    # 1.4.2: eight rounds cannot give nine games.
    t = event(IM_FIELD[:8], IM_RESULTS[:8])
    out = verdict(t, "IM")
    assert out.status is Status.OUT and out.failed[0].article == "1.4.2"
    # A forfeit win is not a game (1.4.1): 8 games played of 9 rounds.
    forfeit = verdict(event(IM_FIELD, "1=1=01=0+"), "IM")
    assert len(forfeit.games) == 8 and forfeit.failed[0].article == "1.4.2"
    # Nor a forfeit loss.
    lost = verdict(event(IM_FIELD, "1=1=01=0-"), "IM")
    assert len(lost.games) == 8 and lost.score == 4 + Fraction(1, 2)
    # Nor a pairing-allocated bye.
    bye = verdict(event(IM_FIELD, "1=1=01=0b"), "IM")
    assert len(bye.games) == 8 and bye.failed[0].article == "1.4.2"
    # With a round to come, eight games are still short but mendable.
    assert verdict(event(IM_FIELD, IM_RESULTS), "IM", after=8).conditions[0].state is State.PENDING


def test_two_federations_besides_the_applicants():
    # 1.4.3: a player of GER meets ENG eight times... (that breaks 1.4.4 too); here: GER and FRA only, plus ENG x4 ->
    # one other federation for an ENG applicant when all foreigners are GER.
    field = [(r, t_, "GER") if f != "ENG" else (r, t_, f) for r, t_, f in IM_FIELD]
    out = verdict(event(field, IM_RESULTS), "IM")
    assert out.status is Status.OUT
    assert [c.article for c in out.failed] == ["1.4.3"]
    assert "1 besides ENG's (GER)" in out.failed[0].text


def test_two_thirds_from_one_federation():
    # An applicant of NOR meeting seven ENG players of nine: 1.4.4 allows 2/3 of 9, 6.
    field = [(r, t_, "ENG") if i < 7 else (r, t_, f) for i, (r, t_, f) in enumerate(IM_FIELD)]
    out = verdict(event(field, IM_RESULTS, own="NOR"), "IM")
    assert [(c.article, c.name) for c in out.failed] == [("1.4.4", "one federation")]
    assert "7 of 9 opponents from ENG, at most 6" in out.failed[0].text


def test_half_the_opponents_title_holders():
    # 1.4.5: four of nine titled (CM counts for nothing): five needed.
    field = [(r, t_ if i in (0, 1, 2, 4) else "CM", f) for i, (r, t_, f) in enumerate(IM_FIELD)]
    out = verdict(event(field, IM_RESULTS), "IM")
    assert [(c.article, c.name) for c in out.failed] == [("1.4.5", "title-holders")]


def test_the_title_mix():
    # 1.4.5 (b): a third of the opponents, at least 3, GMs or IMs for an IM norm. Two here (the rest FMs).
    field = [(r, t_ if i in (0, 1) else "FM", f) for i, (r, t_, f) in enumerate(IM_FIELD)]
    out = verdict(event(field, IM_RESULTS), "IM")
    assert [(c.article, c.name) for c in out.failed] == [("1.4.5", "GM/IM opponents")]


def test_the_rating_floor_raises_the_lowest_opponent_only():
    # 1.4.6: for an IM norm the floor is 2050. Two opponents below it (1900 in round 4, 2000 in round 7):
    # only the lowest, 1900, is raised to 2050; 2000 stays.
    field = list(IM_FIELD)
    field[3] = (1900, "FM", "ENG")
    field[6] = (2000, "FM", "ENG")
    v = verdict(event(field, "1=1=01111"), "IM")
    assert v.ratings.raised == 3 and v.ratings.used[3] == 2050 and v.ratings.used[6] == 2000
    # Ra = (2550+2400+2380+2050+2500+2350+2000+2300+2420)/9 = 20950/9 = 2327.8 -> 2328;
    # 7/9 = 0.78 -> 220: Rp 2548
    assert v.ratings.average == 2328 and v.performance == 2548 and v.status is Status.MADE


def test_an_unrated_opponent_counts_1400_unless_raised():
    # Two unrated opponents: the first (lowest, round 4, ties go to the earlier round) raised to 2050, the other 1400.
    field = list(IM_FIELD)
    field[3] = (0, "", "ENG")
    field[6] = (0, "", "ENG")
    v = verdict(event(field, IM_RESULTS), "IM")
    assert v.ratings.used[3] == 2050 and v.ratings.used[6] == 1400
    # Ra = (2550+2400+2380+2050+2500+2350+1400+2300+2420)/9 = 20350/9 = 2261.1 -> 2261 (>= 2230)
    assert v.ratings.average == 2261


def test_the_least_average_of_the_opponents():
    # 1.4.7: a WIM's IM norm against a field averaging below 2230 fails on the average, whatever the score.
    field = [(r - 200, t_, f) for r, t_, f in IM_FIELD]
    out = verdict(event(field, "111111111", sex="F"), "IM")
    # Ra 2383 - 200 = 2183 < 2230
    assert out.ratings.average == 2183
    assert [c.article for c in out.failed] == ["1.4.7"]
    # the same player makes the WGM norm: 9/9 -> 800, Ra 2183 >= 2180 (1.4.7), WGM floor 2000
    assert verdict(event(field, "111111111", sex="F"), "WGM").status is Status.MADE


def test_who_seeks_which_norm():
    assert [n.title for n in norms_sought("", "M")] == ["GM", "IM"]
    assert [n.title for n in norms_sought("", "F")] == ["GM", "IM", "WGM", "WIM"]
    assert [n.title for n in norms_sought("IM", "M")] == ["GM"]
    assert [n.title for n in norms_sought("WGM", "F")] == ["GM", "IM"]
    assert norms_sought("GM", "M") == ()


def test_a_player_who_withdrew_has_no_rounds_left():
    t = event(IM_FIELD, IM_RESULTS)
    t = t.with_players(replace(p, status=type(p.status).WITHDRAWN) if p.id == 1 else p for p in t.players)
    assert verdict(t, "IM", after=8).status is Status.OUT


def test_the_norm_certificate_data():
    t = event(IM_FIELD, IM_RESULTS)
    ev = NormEvent(rounds=9, federation="ENG", name="Test Open", city="York", start="2026-05-01",
                   end="2026-05-09", chief_arbiter="Ann Arbiter 12345")
    made = [v for v in event_norms(t, ev) if v.status is Status.MADE]
    assert [(v.player, v.norm) for v in made] == [(1, "IM")]
    c = certificate(t, made[0], ev)
    assert c["applicant"]["name"] == "Applicant, Ann" and c["norm"] == "IM"
    assert (c["games"], c["points"], c["rating_average"], c["performance"]) == (9, 5.5, 2383, 2463)
    assert c["counts"]["titles"] == {"GM": 2, "IM": 4, "FM": 2, "WGM": 1}
    assert c["counts"]["own_federation"] == 3 and c["counts"]["host_federation"] == 3
    assert c["opponents"][8] | {} == {"round": 9, "name": "Player 10", "title": "IM", "federation": "ITA",
                                      "fide_id": None, "rating": 2420, "rating_used": 2420,
                                      "raised_to_floor": False, "colour": "w", "result": "1"}
    with pytest.raises(ValueError):
        certificate(t, verdict(t, "GM"), ev)


def test_a_performance_met_so_far_still_needs_points_in_the_rounds_left():
    # After round 5: 3 of 5, Ra (2550+2400+2380+2300+2500)/5 = 2426; 3/5 = 0.60 -> 72: Rp 2498, above 2450 now.
    # Over nine games at Ra 2426 the norm needs dp 24: 4½/9 (0.50 -> 0) is short, 5/9 (0.56 -> 43) enough,
    # so 2 of the 4 rounds left.
    v = verdict(event(IM_FIELD, IM_RESULTS), "IM", after=5)
    assert v.ratings.average == 2426 and v.performance == 2498
    assert [c.state for c in v.conditions if c.article == "1.4.8"] == [State.OK]
    assert v.status is Status.REACHABLE and v.needed == 2 and v.remaining == 4
    assert v.reason.startswith("needs 2 of the 4 rounds left")
