"""`swisstui pair` starts only what pairing needs: other programs start it once a round.

The process is run as the console script runs it, and asked at its exit which modules it
loaded; what a pairing of a TRF file never uses (the screens, the templates, the event file's
TOML, the rating database, the other commands, the tie-breaks) must not be among them. Its
CPU time beside the reference engine is measured by ``benchmarks/pair_startup.py``, not here.
"""

from __future__ import annotations

import json
import subprocess
import sys

from engine import trf
from engine.systems import replay
from tests.data_paths import dutch

REPORT = (
    "import atexit, json, sys\n"
    "atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.stderr))\n"
    "from swisstui.cli import main\n"
    "sys.exit(main())\n"
)

NOT_FOR_PAIRING = {
    "textual", "rich", "jinja2", "tomllib", "tomli_w", "sqlite3", "csv", "secrets",
    "swisstui.store.event", "swisstui.store.read", "swisstui.store.write", "swisstui.store.files",
    "swisstui.store.history", "swisstui.session", "swisstui.app",
    "swisstui.cli.standings", "swisstui.cli.prizes", "swisstui.ratings",
    "engine.tiebreaks", "engine.awards", "engine.validate",
}


def test_pair_loads_no_module_pairing_does_not_need(tmp_path):
    full = trf.load(dutch("dutch-2300007-n10-r5.trf")).pairing_tournament()
    source = tmp_path / "in.trf"
    source.write_text(trf.dumps(replay.before_round(full, 4), dialect="bbp"))
    out = tmp_path / "out.txt"
    done = subprocess.run([sys.executable, "-I", "-c", REPORT, "pair", str(source), "-p", str(out)],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stderr.strip().splitlines()[-1]))
    assert "engine.systems.dutch" in loaded  # it did pair
    assert sorted(m for m in loaded if any(m == n or m.startswith(f"{n}.") for n in NOT_FOR_PAIRING)) == []
    played = replay.played_round(full, 4)
    lines = out.read_text().split("\n")
    pairs = {tuple(map(int, line.split())) for line in lines[1:1 + int(lines[0])]}
    assert pairs == {(b.white, b.black) for b in played.boards} | ({(played.bye, 0)} if played.bye else set())
