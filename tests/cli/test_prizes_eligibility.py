"""``[prizes] eligible``: a player the regulations exclude (withdrew, or missed a round) takes no prize and
joins no pool; the prize passes down to the next eligible player, ties across the prize boundary included.

The event below, worked by hand (no tie-break list):

    round 1: 1-2 1-0, 3-4 0-1, 5-6 0-1
    round 2: 1-4 ½-½, 3-5 1-0, 6 the pairing-allocated bye, 2 a half-point bye
    round 3: 1-5 1-0, 6-2 0-1, 3 the pairing-allocated bye; 4 withdrew after round 2

Places pay 100, 60, 30, 20, shared on equal points (also across the last prize).
"""

from __future__ import annotations

import json

from swisstui.cli import main

EVENT = '''schema = 1
[event]
name = "Eligibility"
start = 2026-05-02

[settings]
rounds = 3

[prizes]
tie_rule = "shared"
{eligible}
places = [100, 60, 30, 20]

[[players]]
id = 1
name = "Ann"

[[players]]
id = 2
name = "Bob"

[[players]]
id = 3
name = "Cid"

[[players]]
id = 4
name = "Dee"
status = "withdrawn"
withdrawn_after = 2

[[players]]
id = 5
name = "Eve"

[[players]]
id = 6
name = "Fay"

[[rounds]]
number = 1
published = true
boards = [{{ board = 1, white = 1, black = 2, result = "1-0" }}, {{ board = 2, white = 3, black = 4, result = "0-1" }}, {{ board = 3, white = 5, black = 6, result = "0-1" }}]

[[rounds]]
number = 2
published = true
bye = 6
byes = {{ 2 = "half" }}
boards = [{{ board = 1, white = 1, black = 4, result = "1/2-1/2" }}, {{ board = 2, white = 3, black = 5, result = "1-0" }}]

[[rounds]]
number = 3
published = true
bye = 3
boards = [{{ board = 1, white = 1, black = 5, result = "1-0" }}, {{ board = 2, white = 6, black = 2, result = "0-1" }}]
'''

# 1: 1 + ½ + 1; 2: 0 + ½ (bye) + 1; 3: 0 + 1 + 1 (PAB); 4: 1 + ½, withdrawn; 5: 0 + 0 + 0; 6: 1 + 1 (PAB) + 0
POINTS = {1: 2.5, 2: 1.5, 3: 2, 4: 1.5, 5: 0, 6: 2}


def _prizes(tmp_path, capsys, eligible: str | None, fmt: str = "json"):
    path = tmp_path / "EVENT.toml"
    path.write_text(EVENT.format(eligible=f'eligible = "{eligible}"' if eligible else ""), encoding="utf-8")
    assert main(["prizes", str(path), "--format", fmt]) == 0
    out = capsys.readouterr().out
    return json.loads(out) if fmt == "json" else out


def _paid(doc: dict) -> dict[int, float]:
    return {row["number"]: row["paid"] for row in doc["prizes"] if row["number"] is not None}


def test_everybody_is_eligible_by_default(tmp_path, capsys):
    # 1 takes 100; 3 and 6 tie on 2 for places 2-3: (60 + 30) / 2 = 45 each; 2 takes the 20 of place 4 and
    # 4, tied with 2 on 1½ across the last prize, joins the pool: 10 each.
    doc = _prizes(tmp_path, capsys, None)
    assert {row["number"]: row["points"] for row in doc["prizes"]} == {pid: POINTS[pid] for pid in (1, 2, 3, 4, 6)}
    assert doc["eligible"] == "all" and doc["not_eligible"] == []
    assert _paid(doc) == {1: 100, 3: 45, 6: 45, 2: 10, 4: 10}


def test_a_withdrawn_player_is_passed_over_at_the_tie_across_the_last_prize(tmp_path, capsys):
    # 4 (1½, withdrawn) no longer joins 2 at the boundary: 2 takes the 20 alone.
    doc = _prizes(tmp_path, capsys, "not-withdrawn")
    assert _paid(doc) == {1: 100, 3: 45, 6: 45, 2: 20}
    assert doc["not_eligible"] == [{"number": 4, "name": "Dee", "why": "withdrew after round 2"}]


def test_only_players_of_every_round_the_prize_passes_down(tmp_path, capsys):
    # 4 withdrew and 2 took a half-point bye: both out. The pairing-allocated byes of 3 and 6 do not count
    # against them. The 20 of place 4 passes down to the next eligible player, 5 with 0 points.
    doc = _prizes(tmp_path, capsys, "every-round")
    assert _paid(doc) == {1: 100, 3: 45, 6: 45, 5: 20}
    assert {row["number"]: row["why"] for row in doc["not_eligible"]} == {
        2: "did not play round 2 (half-point bye)", 4: "withdrew after round 2"}


def test_the_prize_list_says_who_is_not_eligible_and_why(tmp_path, capsys):
    text = _prizes(tmp_path, capsys, "not-withdrawn", fmt="text")
    assert "A player who withdrew is not eligible for prizes" in text
    assert "not eligible: 4 Dee (1½): withdrew after round 2" in text


def test_an_unknown_rule_is_refused_naming_the_key(tmp_path, capsys):
    path = tmp_path / "EVENT.toml"
    path.write_text(EVENT.format(eligible='eligible = "finishers"'), encoding="utf-8")
    assert main(["prizes", str(path)]) != 0
    err = capsys.readouterr().err
    assert "eligible" in err and "not-withdrawn" in err
