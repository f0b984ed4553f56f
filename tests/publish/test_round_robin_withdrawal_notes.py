"""How a withdrawal was handled, said under a round robin's cross-table: on the screen's table and in
the published one (issue 32, section 2: "each choice named in the settings and in the cross-table's notes").

The event is tests/store/test_roundrobin_withdrawal_session.py's: an 8-player double round robin whose
number 5 (Eriksen) withdrew after round 3, having played 3 of the 14 games (C.05 Annex 1's table of 8:
rounds 1-3 against 4, 8 and 6), fewer than half: annulled under the usual rule (FIDE Tournament Rules
art. 5.4.1). The expected lines are written out here, not read from the module that writes them; the names
come from the event, since the numbers were drawn by lot.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui.outputs.publish import publish
from tests.store.test_roundrobin_withdrawal_session import play_event

USUAL = [
    "A withdrawn player who completed fewer than half of their games has them annulled: not counted for "
    "anybody (FIDE Tournament Rules art. 5.4.1); at least half, they count (art. 5.4.2).",
    "The games a withdrawal leaves are forfeited: - for the player, + for the opponent (art. 5.4).",
    "A player absent from a round loses that game by forfeit (Laws of Chess art. 6.7.1).",
]


def withdrawal(name: str, fate: str) -> str:
    return f"5 {name} withdrew after round 3, 3 of 14 games played: their games are {fate}."


@pytest.mark.slow
def test_the_usual_rule_and_the_withdrawal_are_said_under_the_table_and_on_the_published_page(tmp_path: Path) -> None:
    session = play_event(tmp_path / "final.toml", {}, last_round=6, absent=(2, 6))
    name = {p.id: p.name for p in session.event.players}  # the numbers were drawn by lot
    absence = f"2 {name[2]} was absent in round 6: the game is forfeited."
    annulled = withdrawal(name[5], "annulled, out of everybody's score")
    assert session.round_robin.table().notes == [*USUAL, absence, annulled]  # in the order of the numbers
    # after round 2 nobody had withdrawn yet, nor been absent: the choices alone, as announced before round 1
    assert session.round_robin.table(2).notes == USUAL
    out = tmp_path / "pub"
    publish(session.event, out, 6)
    text = (out / "round-6-crosstable.txt").read_text(encoding="utf-8")
    assert text.rstrip("\n").split("\n")[-5:] == [*USUAL, absence, annulled]
    html = (out / "round-6-crosstable.html").read_text(encoding="utf-8")
    assert html.index("Cell: round") < html.index("FIDE Tournament Rules art. 5.4.1") < html.index(f"5 {name[5]} withdrew")


@pytest.mark.slow
def test_results_kept_and_games_not_played_are_said_as_the_settings_chose(tmp_path: Path) -> None:
    session = play_event(tmp_path / "final.toml", {"withdrawn-games": "kept", "left-games": "not-played"},
                         last_round=4)
    assert session.round_robin.table().notes == [
        "A withdrawn player's games count (the regulations).",
        "The games a withdrawal leaves are not played: no points either side (the regulations).",
        USUAL[2],
        withdrawal(session.event.player(5).name, "counted"),
    ]
