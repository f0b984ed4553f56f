"""The player form finds players of a generated FIDE list by FIDE ID and by name prefix, in tmux at 80x24.

Runs scripts/tmux_ratings_check.py (the check made against the full 1.9-million-player list)
on a list of 20,000: the list written in FIDE's layout, imported by ``swisstui ratings
import``, the app driven key by key in a real terminal. Without tmux this fails.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from swisstui.ratings.db import fold
from tests.app.tmux import require_tmux

ROOT = Path(__file__).resolve().parents[2]


def test_the_form_finds_a_player_by_fide_id_and_by_name_prefix_in_a_real_terminal(tmp_path):
    require_tmux()
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "tmux_ratings_check.py"), "--players", "20000",
                           "--keep", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "imported the 2026-11 list (standard, rapid, blitz) from players_list_foa.txt: 20000 players" in out
    typed = re.search(r"--- FIDE ID (\d+) typed", out)
    saved = re.search(r"--- saved as number 65: (.+), (\d+), ([A-Z]{3}), K (10|20|40) ---", out)
    assert typed and saved, out
    prefix = re.search(r"--- '(\w{4})' typed", out)
    assert prefix and fold(saved.group(1)).startswith(prefix.group(1)), out  # the surname of the player saved
    assert re.search(r"^OK: 20,000 players; .*fide_id_match_s [\d.]+, .*prefix_matches_s [\d.]+$", out, re.MULTILINE)
