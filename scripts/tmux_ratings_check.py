#!/usr/bin/env python3
"""The player form against a full-size FIDE list, in a real terminal at 80x24 (tmux).

    .venv/bin/python scripts/tmux_ratings_check.py [--players 1900000] [--keep DIR]

Writes a deterministic list of ``--players`` players in FIDE's combined layout
(``players_list_foa.txt``, the writer of benchmarks/ratings_import.py), imports it with
``swisstui ratings import`` (the real import path, in a child process), copies
sample_events/weekend-open.toml with its rounds taken out (so the new player is a
registration, not a late entry), and opens it in tmux at 80x24. Then, as an arbiter would:
``p``, ``a``, the FIDE ID of a rated player of the list typed into the FIDE id field, the
match checked and chosen (``↓``, ``enter``), the form checked and saved, ``a`` again and the
first letters of a surname typed, every match checked to start with them.

Prints what it saw (the screens) and the times: writing the list, importing it, and each
key-to-screen delay (tmux polled every 10 ms, so the delays include up to that much). Exits
with 1 when a check fails, naming it. tests/app/test_tmux_ratings.py runs it on a small list.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.ratings_import import write_list  # noqa: E402
from swisstui import store  # noqa: E402
from swisstui.ratings.db import ListPlayer, RatingsDb, fold  # noqa: E402

MONTH = "2026-11"
SAMPLE = ROOT / "sample_events" / "weekend-open.toml"


class CheckFailed(Exception):
    pass


class Pane:
    """One tmux session at 80x24 running the app."""

    def __init__(self, command: str, env: dict[str, str]) -> None:
        if shutil.which("tmux") is None:
            raise CheckFailed("tmux is not installed")
        self.name = f"swisstui-ratings-{uuid.uuid4().hex[:8]}"
        exports = " ".join(f"{k}={v}" for k, v in env.items())
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24",
                        f"env {exports} {command}; sleep 30"], check=True)

    def screen(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], check=True, capture_output=True,
                              text=True).stdout

    def keys(self, *keys: str, literal: bool = False) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *(["-l"] if literal else []), *keys], check=True)

    def wait(self, check, what: str, timeout: float = 30.0) -> tuple[str, float]:
        """The screen once ``check(screen)`` holds, and the seconds it took; :class:`CheckFailed` otherwise."""
        start = time.perf_counter()
        screen = ""
        while time.perf_counter() - start < timeout:
            screen = self.screen()
            if check(screen):
                return screen, time.perf_counter() - start
            time.sleep(0.01)
        raise CheckFailed(f"{what} never appeared in {timeout:.0f} s; the screen was:\n{screen}")

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def matches(screen: str) -> list[str]:
    """The match lines the form shows under its fields (``Name · FED T · rating · ID · born``)."""
    inner = [line.strip()[3:] for line in screen.splitlines() if line.strip().startswith("│ │")]  # the box's rows
    return [row.rstrip(" │").strip() for row in inner if " · " in row]


def field(screen: str, label: str) -> str:
    """The text of the form's field ``label`` as the screen shows it."""
    for line in screen.splitlines():
        row = line.strip().strip("│").strip()
        if row.startswith(label + " "):
            return row[len(label):].strip()
    return ""


def prepare(folder: Path, players: int) -> tuple[Path, Path, dict[str, float]]:
    """The list written and imported, and the event copy; returns the database, the event and the times."""
    times = {}
    listing = folder / "players_list_foa.txt"
    start = time.perf_counter()
    write_list(listing, players)
    times["write_list_s"] = time.perf_counter() - start
    db = folder / "ratings.sqlite"
    db.unlink(missing_ok=True)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "swisstui.cli", "ratings", "import", str(listing), "--db", str(db),
                           "--month", MONTH], capture_output=True, text=True, cwd=ROOT)
    times["import_s"] = time.perf_counter() - start
    if done.returncode != 0:
        raise CheckFailed(f"the import failed ({done.returncode}): {done.stderr}")
    print(done.stdout.strip())
    event = store.load(SAMPLE)
    event.rounds, event.log = [], []
    copy = folder / "weekend-open.toml"
    copy.unlink(missing_ok=True)
    store.save(event, copy)
    return db, copy, times


def target(db: Path) -> ListPlayer:
    """A rated player from the middle of the list, with a year of birth: the one the arbiter registers."""
    ratings = RatingsDb(db)
    count = ratings.list_info(MONTH).players
    table = f"players_{MONTH.replace('-', '_')}"
    row = ratings.conn.execute(f"SELECT fide_id FROM {table} WHERE standard > 0 AND birth IS NOT NULL AND fide_id >= "
                               f"(SELECT fide_id FROM {table} ORDER BY fide_id LIMIT 1 OFFSET ?) ORDER BY fide_id "
                               "LIMIT 1", (count // 2,)).fetchone()
    found = ratings.by_id(row[0], MONTH)
    ratings.close()
    assert found is not None
    return found


def drive(pane: Pane, player: ListPlayer, event: Path) -> dict[str, float]:
    """The arbiter's keys, each followed by the screen it should bring; returns the delays."""
    times = {}
    _, times["app_start_s"] = pane.wait(lambda s: "Weekend" in s or "players" in s, "the app")
    pane.keys("p")
    pane.wait(lambda s: "No" in s and "Rating" in s, "the players screen")
    pane.keys("a")
    pane.wait(lambda s: "Add player" in s and "FIDE id" in s, "the player form")
    pane.keys("Tab", "Tab", "Tab", "Tab")  # name, rating, title, federation -> FIDE id
    time.sleep(0.2)
    pane.keys(str(player.fide_id), literal=True)
    label_start = f"{player.name} · "
    screen, times["fide_id_match_s"] = pane.wait(
        lambda s: any(m.startswith(label_start) and f" · {player.fide_id}" in m for m in matches(s)),
        f"the match for FIDE ID {player.fide_id}")
    print(f"\n--- FIDE ID {player.fide_id} typed ({times['fide_id_match_s']:.3f} s to the match) ---\n{screen}")
    pane.keys("Down")
    time.sleep(0.2)
    pane.keys("Enter")
    screen, times["fill_s"] = pane.wait(lambda s: field(s, "Name") == player.name and "FIDE list" not in s,
                                        "the form filled")
    filled = {label: field(screen, label) for label in ("Rating", "Federation", "FIDE id", "Birth")}
    if filled != {"Rating": str(player.standard), "Federation": player.federation, "FIDE id": str(player.fide_id),
                  "Birth": str(player.birth)}:
        raise CheckFailed(f"the form holds {filled}, not the list's {player}")
    print(f"--- chosen: the form filled ({times['fill_s']:.3f} s) ---\n{screen}")
    pane.keys("Enter")
    screen, times["saved_s"] = pane.wait(lambda s: "Add player" not in s and player.name in s, "the player saved")
    saved = next((p for p in store.load(event).players if p.fide_id == player.fide_id), None)
    if saved is None or (saved.name, saved.rating, saved.k_factor) != (player.name, player.standard, player.standard_k):
        raise CheckFailed(f"the player saved is {saved}, not {player.name} {player.standard} K {player.standard_k}")
    print(f"--- saved as number {saved.id}: {saved.name}, {saved.rating}, {saved.federation}, K {saved.k_factor} ---")
    prefix = fold(player.name.split(",")[0])[:4]
    pane.keys("a")
    pane.wait(lambda s: "Add player" in s and "FIDE id" in s, "the player form, again")
    time.sleep(0.2)
    pane.keys(prefix, literal=True)
    screen, times["prefix_matches_s"] = pane.wait(lambda s: len(matches(s)) == 5, f"five matches for {prefix!r}")
    print(f"\n--- {prefix!r} typed ({times['prefix_matches_s']:.3f} s to the matches) ---\n{screen}")
    wrong = [m for m in matches(screen) if not fold(m.split(" · ")[0]).startswith(prefix)]
    if wrong:
        raise CheckFailed(f"matches that do not start with {prefix!r}: {wrong}")
    pane.keys("Escape")
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_900_000)
    parser.add_argument("--keep", type=Path, help="write the list, database and event here (default: a temporary "
                                                  "folder, removed afterwards)")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="tmux-ratings-"))
    folder.mkdir(parents=True, exist_ok=True)
    pane = None
    try:
        db, event, times = prepare(folder, args.players)
        player = target(db)
        env = {"SWISSTUI_RATINGS_DB": str(db), "SWISSTUI_CONFIG": str(folder / "preferences.toml"),
               "PYTHONPATH": str(ROOT)}
        pane = Pane(f"{sys.executable} -m swisstui.cli open {event}", env)
        times |= drive(pane, player, event)
    except CheckFailed as err:
        print(f"FAILED: {err}")
        return 1
    finally:
        if pane is not None:
            pane.close()
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"\nOK: {args.players:,} players; " + ", ".join(f"{k} {v:.3f}" for k, v in times.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
