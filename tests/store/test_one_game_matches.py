"""The individual Swiss is the one-game match: every recorded round read as the model's matches checks and scores as the engine's Tournament does.

Each board becomes a match of one game between two one-player units, the pairing-allocated
bye the bye of a match. On the event files of the previous format, every round passes
the model's round check (every player to pair in one match or the bye, no rematch) and
each player's total of match scores, plus what their requested byes score, is the
score the Tournament gives them.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from engine.model.match_rounds import check_round
from engine.model.matches import MatchScoring, match_score
from swisstui import store
from swisstui.store.event_matches import matches_before, round_matches, units
from tests.data_paths import FORMAT_2026_11

PAIRED = ["club-rapid.toml", "weekend-open.toml", "open-300.toml", "imported-trf-forfeits-byes.toml"]


@pytest.mark.parametrize("name", PAIRED)
def test_every_round_is_a_round_of_one_game_matches_and_scores_as_the_tournament(name: str) -> None:
    event = store.load(FORMAT_2026_11 / name)
    t = event.to_tournament()
    scoring = MatchScoring(event.settings.points)
    totals = {p.id: Decimal(0) for p in event.players}
    for number in range(1, event.rounds_paired + 1):
        matches = round_matches(event, number)
        # A player neither paired nor excused in a round of a file is absent from it (how an imported TRF
        # records "0000 - -": open-300's round 2): the units to pair are those of the round's pairings.
        in_round = {uid for m in matches for uid in m.units}
        to_pair = [u for u in units(event, number) if u.id in in_round]
        assert len(to_pair) == len(in_round)  # nobody paired who may not be (withdrawn, excused)
        assert check_round(to_pair, matches, matches_before(event, number)) == [], f"round {number}"
        for m in matches:
            assert len(m.games) == (0 if m.is_bye else 1)
            score = match_score(m, scoring)
            totals[m.home.id] += score.home
            if m.away is not None:
                totals[m.away.id] += score.away
        for pid, code in event.recorded_round(number).requests.items():
            totals[pid] += event.settings.points.points(code)
    assert totals == {p.id: t.score(p.id) for p in t.players}


def test_the_files_hold_what_the_check_needs(tmp_path: Path) -> None:
    """Forfeits, byes and requests are in the files the test above reads, so the scores it compares are not all 1-0s."""
    text = "".join((FORMAT_2026_11 / name).read_text(encoding="utf-8") for name in PAIRED)
    assert '"+/-"' in text or '"-/+"' in text
    assert "bye = " in text and "byes = " in text
