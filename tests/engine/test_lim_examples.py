"""The worked examples of the Lim text (C.04.4.3 art. 4.2-4.3; seed 000 sections 11.2-11.3), step for step.

Each test builds a scoregroup of six players whose histories force exactly the
exchanges of the table, and checks every arrangement the engine writes down,
in order, not only the pairs it keeps.
"""

from __future__ import annotations

from engine.model.explain import Step
from engine.systems.lim import Options, pair_with
from engine.systems.lim.exchanges import candidates, proposal
from tests.engine.handmade import boards, build


def exchanges(result, rules=("C.04.4.3 art. 4.2", "C.04.4.3 art. 4.3")):
    return [(e.data["player"], e.data["number"], [f"{a}-{b}" for a, b in e.data["pairs"]])
            for e in result.trace if e.step is Step.EXCHANGE and e.rule in rules]


def test_the_order_of_opponents_of_the_tables():
    # 4.2: #1 of six tries 4, 5, 6, then 3, 2; 4.3: with 1-6 kept, #2 tries 4, 5, then 3
    assert candidates([1, 2, 3, 4, 5, 6]) == [4, 5, 6, 3, 2]
    assert candidates([2, 3, 4, 5]) == [4, 5, 3]
    assert proposal([1, 2, 3, 4, 5, 6]) == [(1, 4), (2, 5), (3, 6)]
    # upward the mirror image (4.1.2): the lowest ranked is scrutinised first
    assert candidates([6, 5, 4, 3, 2, 1]) == [3, 2, 1, 4, 5]


# Six players on 2 points after four drawn rounds: the median group (score = half the rounds
# played), paired downward. #1 has met 4, 5, 6 and 3, so it walks the whole column of 4.2.
ALL_OF_4_2 = [
    ["1-4 =", "2-5 =", "3-6 ="],
    ["5-1 =", "6-2 =", "4-3 ="],
    ["1-6 =", "2-3 =", "5-4 ="],
    ["3-1 =", "4-2 =", "6-5 ="],
]


def test_table_4_2_every_exchange_for_player_1():
    result = pair_with(build(range(1, 7), ALL_OF_4_2, total_rounds=7), Options())
    proposed = next(e for e in result.trace if e.step is Step.PROPOSAL)
    assert [f"{a}-{b}" for a, b in proposed.data["pairs"]] == ["1-4", "2-5", "3-6"]
    assert exchanges(result) == [
        (1, 1, ["1-5", "2-4", "3-6"]),
        (1, 2, ["1-6", "2-4", "3-5"]),
        (1, 3, ["1-3", "2-5", "4-6"]),
        (1, 4, ["1-2", "3-5", "4-6"]),
    ]
    first = [e for e in result.trace if e.step is Step.EXCHANGE][0]
    assert first.data["failed"] == (1, 4) and "rematch" in first.data["reason"]
    # colours (art. 5): 1 and 2 both WBWB, due White, identical: in the median group the higher
    # ranked gets it (5.4) and no exchange can help (#1 has met everyone else); 3 (WBBW) is due
    # Black, 5 (BWWB) White; 4 and 6 both BWBW, due Black: 4, the higher ranked, gets it
    assert exchanges(result, ("C.04.4.3 art. 5.2",)) == []
    assert sorted(boards(result)) == sorted(["1-2", "5-3", "6-4"])


# 4.3: #1 has met 4 and 5 (so 1-6); #2 has met 4, 5 and 3, so with 1-6 kept #2 runs out and #1's
# opponent is exchanged again (1-3, 2-6); 4-5 have met too, so the last row 1-2, 3-5, 4-6 is reached.
# Players 7, 8 and 9 (withdrawn) were opponents in earlier rounds; everybody drew.
TABLE_4_3 = [
    ["1-4 =", "2-5 =", "3-7 =", "6-8 ="],
    ["5-1 =", "4-2 =", "7-6 =", "8-3 ="],
    ["2-3 =", "4-5 =", "1-7 =", "6-9 ="],
]


def test_table_4_3_exchanges_for_player_2_and_back_to_player_1():
    t = build(range(1, 10), TABLE_4_3, total_rounds=7, withdrawn=(7, 8, 9))
    result = pair_with(t, Options())
    assert exchanges(result) == [
        (1, 1, ["1-5", "2-4", "3-6"]),
        (1, 2, ["1-6", "2-4", "3-5"]),
        (2, 1, ["1-6", "2-5", "3-4"]),
        (2, 2, ["1-6", "2-3", "4-5"]),
        (1, 3, ["1-3", "2-6", "4-5"]),
        (1, 4, ["1-2", "3-5", "4-6"]),
    ]
    # 4.2 tables the exchanges for #1, 4.3 those for #2 (the review cited 4.2 for both)
    assert [e.data["player"] for e in result.trace if e.rule == "C.04.4.3 art. 4.3"] == [2, 2]
    # second scrutiny (5.2): 3 must have White (two Blacks running) and 5 is due White too;
    # 3's first opponent due Black that leaves 5 and 6 compatible is 4: exchange 3-4, 5-6
    colour = exchanges(result, ("C.04.4.3 art. 5.2",))
    assert colour == [(3, 2, ["3-4", "5-6"])]
    assert sorted(boards(result)) == sorted(["2-1", "3-4", "5-6"])
