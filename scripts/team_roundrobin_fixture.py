"""Write the catalogue fixtures of the team round robins (``tests/engine/data/systems/team-berger*.trf``).

A league is run through the session as an arbiter runs it: the teams registered, their numbers kept
as registered, every round paired by ``session.teams.pair()`` (the catalogue's entry, the Berger
table) and every board given a result drawn from a seed. Each round is compared with Gacrux's
schedule for the number of teams (``tests/data/berger/rr-NN.csv``, Gacrux's ``berger`` tables)
before it is written: the ``### gacrux-pairing`` lines are Gacrux's rows, not ours. The event is
exported as a team TRF-2026 file; record 192 is replaced by the entry's own code (ETT26 names no
team round robin: docs/systems.md).

    .venv/bin/python scripts/team_roundrobin_fixture.py
"""

from __future__ import annotations

import csv
import random
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import systems  # noqa: E402
from swisstui import store  # noqa: E402
from swisstui.outputs.team_trf_export import export_team_trf  # noqa: E402
from swisstui.session.actions import Session  # noqa: E402
from swisstui.store.team_records import TeamSettings  # noqa: E402

RESULTS = ("1-0", "0-1", "1/2-1/2")
LEAGUES = (("team-berger", 8, 4, "single", 11), ("team-berger-double", 5, 2, "double-fide", 12))


def gacrux_rounds(teams: int, order: str) -> dict[int, set[tuple[int, int]]]:
    """Gacrux's schedule for ``teams`` numbers in ``order`` (single, double, double-fide), the bye as ``(t, 0)``."""
    rounds: dict[int, set[tuple[int, int]]] = {}
    with (ROOT / "tests" / "data" / "berger" / f"rr-{teams:02d}.csv").open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["system"] == order:
                rounds.setdefault(int(row["round"]), set()).add((int(row["white"]), int(row["black"])))
    return rounds


def league(system: str, teams: int, size: int, seed: int, folder: Path) -> Session:
    """The league of ``teams`` teams of ``size`` boards run through the session, every round played."""
    info = systems.get(system)
    rounds = info.rounds_for(teams)
    assert rounds is not None
    event = store.new_event(f"{system} league", rounds, system=system, tiebreaks=info.tiebreaks,
                            points=info.new_points())
    event.team = TeamSettings(size, bye_match_points=Decimal(0), bye_game_points=Decimal(0))  # a round off
    path = folder / f"{system}.toml"
    store.create(event, path)
    session = Session.open(path)
    for t in range(1, teams + 1):
        session.teams.add(f"Club {chr(64 + t)}", [{"name": f"Player {chr(64 + t)}{b}", "rating": 2200 - 20 * t - b}
                                                  for b in range(1, size + 1)])
    session.team_round_robin.keep_numbers()
    draw = random.Random(seed)
    for rnd in range(1, rounds + 1):
        session.teams.pair()
        for match in session.event.recorded_round(rnd).team.matches:
            for board in range(1, size + 1):
                session.teams.set_result(rnd, match.number, board, draw.choice(RESULTS))
    return session


def main() -> int:
    out = ROOT / "tests" / "engine" / "data" / "systems"
    with tempfile.TemporaryDirectory() as tmp:
        for system, teams, size, order, seed in LEAGUES:
            session = league(system, teams, size, seed, Path(tmp))
            reference = gacrux_rounds(teams, order)
            lines = []
            for rnd in range(1, session.event.rounds_paired + 1):
                stored = session.event.recorded_round(rnd).team
                ours = {(m.white, m.black) for m in stored.matches} | ({(stored.bye, 0)} if stored.bye else set())
                if ours != reference[rnd]:
                    print(f"{system}: round {rnd} is not Gacrux's: {sorted(ours)} vs {sorted(reference[rnd])}")
                    return 1
                shown = " ".join(f"{w}-{b}" for w, b in sorted(reference[rnd]))
                lines.append(f"### gacrux-pairing round {rnd:2d}: {shown}")
            text, _, _ = export_team_trf(session.event)
            code = systems.get(system).trf_code
            body = [f"192 {code}" if line.startswith("192 ") else line for line in text.splitlines()]
            at = next(i for i, line in enumerate(body) if line.startswith("192 ")) + 1
            head = [f"### {system}: {teams} teams, {size} boards, numbers kept as registered, results drawn "
                    f"with seed {seed}; rounds paired by the session, each equal to Gacrux's berger schedule "
                    f"({order}) below"]
            (out / f"{system}.trf").write_text("\n".join(body[:at] + head + lines + body[at:]) + "\n",
                                              encoding="latin-1")
            print(f"{system}: {session.event.rounds_paired} rounds, each Gacrux's")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
