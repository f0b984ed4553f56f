"""``swisstui ratings update EVENT.toml``: every change shown, asked, applied as one undoable change, refused
once round 1 is paired."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from swisstui import store
from swisstui.session.actions import Session
from swisstui.cli import main
from swisstui.store.event import Board, PlayerRecord
from oracles import fide_lists as F

PLAYERS = (
    PlayerRecord(1, "Carlsen, M.", 2800, "GM", "NOR", 1503014),  # the list: "Carlsen, Magnus", 2831, SK 10
    PlayerRecord(2, "Spacek, S.", 2200, "", "SVK", 24116068),  # the list: "Špaček, Sébastien" CZE FM 2210, SK 20
    PlayerRecord(3, "Okafor, Ngozi", 1500, "", "NGR", 45000012),  # unrated in every list: the 1500 is kept
    PlayerRecord(4, "Ghost, G.", 1700, "", "ENG", 99999999),  # not in the list
    PlayerRecord(5, "Local, P.", 1600, "", "ENG"),  # no FIDE ID
    PlayerRecord(6, "Carlsson, Mia", 1985, "WFM", "SWE", 34100001, k_factor=20),  # already as the list says
)

SHOWN = [
    "    1 Carlsen, M. (1503014)",
    "        name: Carlsen, M. -> Carlsen, Magnus",
    "        rating: 2800 -> 2831",
    "        K: none -> 10",
    "    2 Spacek, S. (24116068)",
    "        name: Spacek, S. -> Špaček, Sébastien",
    "        federation: SVK -> CZE",
    "        title: none -> FM",
    "        rating: 2200 -> 2210",
    "        K: none -> 20",
    "    4 Ghost, G.: FIDE ID 99999999 is not in the 2026-11 list (kept as it is)",
    "    3 Okafor, Ngozi: no standard rating in the 2026-11 list (kept: 1500)",
    "  no FIDE ID, not looked up: 5 Local, P.",
]


def run(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "swisstui.cli", *args], capture_output=True, text=True,
                          env=os.environ.copy(), **kwargs)


@pytest.fixture
def event(tmp_path) -> Path:
    """Six registered players and the November list (combined) in the tests' database."""
    path = F.write(tmp_path / "players_list_foa.txt", F.txt("combined"))
    assert main(["ratings", "import", str(path), "--month", "2026-11"]) == 0
    ev = store.new_event("Autumn Open", 5)
    ev.players = [PlayerRecord(**{**p.__dict__}) for p in PLAYERS]
    store.save(ev, tmp_path / "autumn.toml")
    return tmp_path / "autumn.toml"


def test_every_change_is_shown_then_applied_as_one_change_that_undo_takes_back(event):
    before = store.load(event)
    proc = run("ratings", "update", str(event), "--yes", "--arbiter", "Chief")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == f"{event}: the 2026-11 FIDE list (standard) against 6 players"
    assert lines[1:14] == SHOWN
    assert lines[14] == (f"{event}: 2 players from the 2026-11 FIDE list (standard): name 2, federation 1, title 1, "
                        "rating 2, K 2; 'u' in the history (l) takes it back")
    assert lines[15:] == ["note: the pairing numbers no longer follow rating, title, name (C.04.2 art. 2.2): '#' on "
                          "the players screen sorts them"]
    after = store.load(event).players
    assert [(p.name, p.federation, p.title, p.rating, p.k_factor) for p in after[:2]] == [
        ("Carlsen, Magnus", "NOR", "GM", 2831, 10), ("Špaček, Sébastien", "CZE", "FM", 2210, 20)]
    assert after[2:] == before.players[2:]  # what the list lacks is kept as it was
    session = Session.open(event)
    last = session.history.undo_candidate()
    assert (last.action, last.by, last.round) == ("ratings-update", "Chief", 1)
    session.history.undo(last.revision)
    assert store.load(event).players == before.players


def test_a_rapid_event_takes_the_rapid_rating_and_k(event):
    ev = store.load(event)
    ev.rating_type = "rapid"
    store.save(ev, event)
    proc = run("ratings", "update", str(event), "--yes")
    assert proc.returncode == 0, proc.stderr
    # Carlsen: RRtng 2823, Rk 20; Špaček has no rapid rating (kept 2200, no K taken); Mia: RRtng 1900, Rk 20.
    assert "    1 Carlsen, M. (1503014)\n        name: Carlsen, M. -> Carlsen, Magnus\n        rating: 2800 -> 2823\n" \
        "        K: none -> 20\n" in proc.stdout
    assert "    2 Spacek, S.: no rapid rating in the 2026-11 list (kept: 2200)" in proc.stdout.splitlines()
    players = store.load(event).players
    assert [(p.rating, p.k_factor) for p in (players[0], players[1], players[5])] == [(2823, 20), (2200, 0), (1900, 20)]


def _on_a_terminal(event: Path, answer: bytes) -> tuple[int, str]:
    """The command run with a terminal as standard input, answering the question with ``answer``."""
    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "swisstui.cli", "ratings", "update", str(event)],
                                stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=os.environ.copy())
        os.write(master, answer)
        out, err = proc.communicate(timeout=60)
    finally:
        os.close(master)
        os.close(slave)
    assert not err, err
    return proc.returncode, out


def test_the_question_on_a_terminal_no_changes_nothing_yes_applies(event):
    before = event.read_bytes()
    code, out = _on_a_terminal(event, b"n\n")
    assert code == 0
    assert "apply these 8 changes to 2 players? [y/N] nothing changed" in out
    assert event.read_bytes() == before
    code, out = _on_a_terminal(event, b"y\n")
    assert code == 0 and "2 players from the 2026-11 FIDE list" in out
    assert store.load(event).players[0].rating == 2831


def test_without_a_terminal_and_without_yes_nothing_changes(event):
    before = event.read_bytes()
    proc = run("ratings", "update", str(event), stdin=subprocess.DEVNULL)
    assert proc.returncode == 2
    assert proc.stderr == ("swisstui ratings: not asked: standard input is not a terminal; give --yes to apply "
                           "without asking (nothing changed)\n")
    assert event.read_bytes() == before


def test_refused_once_round_1_is_paired(event):
    ev = store.load(event)
    ev.ensure_round(1).boards = [Board(1, 1, 2), Board(2, 3, 4), Board(3, 5, 6)]
    store.save(ev, event)
    before = event.read_bytes()
    proc = run("ratings", "update", str(event), "--yes")
    assert proc.returncode == 2
    assert proc.stderr == (f"swisstui ratings: {event}: round 1 is paired: the ratings stay those pairing began with "
                           "(C.04.2 art. 2.1-2.3: one rating list for every player, the pairing numbers ranked from "
                           "it); a single wrong rating can still be corrected by hand on the player (art. 4.3); "
                           "nothing changed\n")
    assert event.read_bytes() == before


def test_another_month_and_the_errors(event, tmp_path):
    missing = run("ratings", "update", str(event), "--list", "2026-09", "--yes")
    assert (missing.returncode, missing.stderr) == (2, "swisstui ratings: no list for 2026-09 (held: 2026-11)\n")
    nodb = run("ratings", "update", str(event), "--db", str(tmp_path / "none.sqlite"))
    assert nodb.returncode == 5 and "no rating database: import a list first" in nodb.stderr
    proc = run("ratings", "update", str(event), "--yes")
    again = run("ratings", "update", str(event), "--yes")
    assert proc.returncode == again.returncode == 0
    assert again.stdout.splitlines()[-1] == "nothing to update: the event agrees with the list"


def test_a_field_changed_in_the_file_since_the_changes_were_shown_stops_the_update(event):
    from swisstui.session.actions import ActionError
    from swisstui.session.rating_update import plan_update
    from swisstui.ratings.db import RatingsDb

    session = Session.open(event)
    plan = plan_update(session.event, RatingsDb())
    other = Session.open(event)  # another arbiter corrects Carlsen's rating meanwhile
    other.players.edit(1, rating=2810)
    before = event.read_bytes()
    with pytest.raises(ActionError, match=r"^1 Carlsen, M.: rating is now 2810 in the file \(changed meanwhile\)"):
        session.players.update_ratings(plan)
    assert event.read_bytes() == before
