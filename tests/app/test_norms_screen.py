"""The title norms screen (``N``) at 80x24 in a real terminal: the IM norm made in the last round, whole."""

from __future__ import annotations

import pytest

from tests.app.tmux import Terminal
from tests.cli.norm_files import im_norm_file


@pytest.mark.slow
def test_the_norms_screen_shows_the_norm_made_and_the_one_round_earlier(tmp_path):
    path = im_norm_file(tmp_path / "york.toml")
    with Terminal(path) as term:
        term.wait_for("Next:", timeout=60)
        term.type("N")
        # the table's columns are measured once the app is idle: wait for the row drawn at its widths
        screen = term.wait_for("York Norm Open", "title norms · after round 9", "Applicant, Ann  ENG", "esc home",
                               timeout=60)
        lines = screen.splitlines()
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines), screen
        assert "after round 9 of 9 · host federation ENG · 1 made, 0 reachable" in lines[1], screen
        assert lines[2].split() == ["No", "Name", "Fed", "Norm", "Status", "Pts", "Ra", "Rp"], screen
        assert lines[3].split() == ["1", "Applicant,", "Ann", "ENG", "IM", "made", "5½/9", "2383", "2463"], screen
        # the conditions of the norm under the cursor, each with its article, every one met
        assert "1 Applicant, Ann, IM norm made: Rp 2463 on Ra 2383 from 9 games" in screen, screen
        for line in ("✓ 1.4.1 games: 9 played, 9 needed", "✓ 1.4.4 own federation: 3 of 9 opponents from ENG",
                     "✓ 1.4.5 GM/IM opponents: 6 of 9", "✓ 1.4.8 (a) average: Ra 2383, 2230 needed",
                     "✓ 1.4.8 performance: Rp 2463, 2450 needed", "✓ 1.4.8 (b) least score: 5½ of 9, 35% needed"):
            assert line in screen, screen
        assert "esc home" in lines[-1], screen  # the footer is on the last line: nothing was pushed off
        term.type("[")
        screen = term.wait_for("title norms · after round 8", "needs 1/1  4½/8", timeout=60)
        lines = screen.splitlines()
        assert lines[3].split() == ["1", "Applicant,", "Ann", "ENG", "IM", "needs", "1/1", "4½/8", "2379", "2422"]
        assert "IM norm reachable: needs 1 of the 1 round left" in screen, screen
        assert "○ 1.4.1 games: 8 played, 9 needed" in screen
        assert "○ 1.4.8 performance: Rp 2422, 2450 needed: 5½ of 9 at Ra 2379" in screen
