"""A whole evening in a real terminal (tmux, 80x24): a 5-round club event from nothing to final standings.

On the way: an imported list, a player added by hand, a requested bye, a late entry
after round 2 (who changes number is shown and accepted), a withdrawal, a board
changed by hand with its reason, and a correction of an earlier result. Keys go in
as bursts, as over SSH; every screen is read with capture-pane.
"""

from __future__ import annotations

import re

import pytest

from swisstui import store
from swisstui.cli import main
from tests.app.tmux import Terminal

NAMES = (
    "Berg, Anna", "Costa, Ben", "Dubois, Clara", "Eriksen, David", "Fischer, Elena", "Garcia, Farid",
    "Horvat, Greta", "Ivanova, Hugo", "Jansen, Ines", "Kovacs, Jonas", "Larsen, Katya", "Moreau, Liam",
    "Novak, Maja", "Okafor, Nils", "Petrov, Olga", "Quinn, Pavel", "Rossi, Rosa", "Sato, Sven",
    "Tanaka, Tara", "Uysal, Umar",
)


def boards_in(screen: str) -> int:
    match = re.search(r"(\d+) of (\d+) in", screen)
    assert match, screen
    return int(match.group(2))


def enter_round(term: Terminal, number: int, keys: str = "1=0") -> None:
    """Enter every result of the round on the screen: exactly one key per board."""
    screen = term.wait_for(f"round {number} results · 0 of")
    total = boards_in(screen)
    typed = (keys * total)[:total]
    term.type(typed)
    screen = term.wait_for(f"{total} of {total} in · saved")
    assert "Bd" in screen and "White" in screen and "Black" in screen, screen


def pair_and_publish(term: Terminal, number: int) -> str:
    term.type("n")
    screen = term.wait_for(f"round {number} proposed", timeout=60)
    assert "Brackets" in screen
    term.type("c")
    screen = term.wait_for(f"Publish round {number}")
    term.type("y")
    return screen


@pytest.mark.slow
def test_a_whole_evening_at_80x24(tmp_path):
    path = tmp_path / "club.toml"
    assert main(["new", str(path), "--name", "Club Night", "--rounds", "5"]) == 0
    lines = ["name,rating"] + [f'"{name}",{2200 - 20 * n}' for n, name in enumerate(NAMES)]
    (tmp_path / "players.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with Terminal(path) as term:
        screen = term.wait_for("Register the players")
        assert "Club Night · Dutch · round 0 of 5" in screen

        # registration: the list imported after its preview, one more player typed in one burst
        term.type("p", "i")
        term.wait_for("Import players")
        term.type("players.csv", "Enter")
        term.wait_for("Import 20 players")
        term.type("y")
        term.wait_for("Uysal, Umar")
        term.type("a", "Vidal, Wim", "Tab", "1790", "Tab", "Tab", "ESP", "Enter")
        term.wait_for("registered as number 21")
        screen = term.wait_gone("Add player")
        assert "Vidal, Wim" in screen and "ESP" in screen

        # round 1
        pair_and_publish(term, 1)
        enter_round(term, 1)

        # Quinn asks for a half-point bye in round 2
        term.type("p", "/quinn", "Enter", "b")
        term.wait_for("½-bye r2")
        term.type("Escape")
        term.wait_for("Berg, Anna", "Costa, Ben")  # the whole list again
        term.wait_gone("Search")
        pair_and_publish(term, 2)
        screen = enter_round_with_bye(term, 2, "Quinn, Pavel")

        # a late entry after round 2: who changes number is shown, and accepted
        term.type("p", "a", "Young, Xenia", "Tab", "2105", "Enter")
        screen = term.wait_for("Late entry", "y give")
        assert "Young, Xenia" in screen and "Ruiz" not in screen
        term.type("y")
        term.wait_for("Young, Xenia")
        # a withdrawal
        term.type("/sato", "Enter", "w")
        term.wait_for("Withdraw")
        term.type("y")
        term.wait_for("withdrawn after r2")
        term.type("Escape")
        term.wait_for("Berg, Anna", "Costa, Ben")  # the whole list again
        term.wait_gone("Search")

        # round 3 with a board changed by hand: the colours of board 1 swapped, with a reason
        term.type("n")
        term.wait_for("round 3 proposed", timeout=60)
        term.type("a")
        screen = term.wait_for("Boards · round 3")
        white, black = first_board(screen)
        term.type("e", "Tab", "C-u", str(black), "Tab", "C-u", str(white), "Enter")
        term.wait_for("Reason")
        term.type("players agreed to swap colours", "Enter")
        term.wait_for("edited")
        # marks and legend at 80 columns (once the notices over the footer lines have timed out)
        screen = term.wait_for("hand: changed by hand", timeout=20)
        assert "hand" in screen.split("hand: changed by hand")[0]
        term.type("c")
        screen = term.wait_for("Publish round 3")
        assert "differ from the engine's pairing" in screen
        term.type("y")
        enter_round(term, 3)

        # round 4 paired, then a correction of round 3's first board: a reason, a name, a warning
        pair_and_publish(term, 4)
        term.wait_for("round 4 results · 0 of")
        term.type("[")
        term.wait_for("round 3 results")
        term.type("Home", "c", "0")
        screen = term.wait_for("Correct a result", "Reason", "By")
        assert "Round(s) 4 were paired on the old result" in screen
        term.type("score sheet misread", "Tab", "IA Roe", "Enter")
        screen = term.wait_gone("Correct a result")
        assert "0-1" in screen.splitlines()[2], screen  # board 1 of round 3, corrected
        term.type("]")
        enter_round(term, 4, "=10")
        pair_and_publish(term, 5)
        enter_round(term, 5, "01=")

        # the final screens
        term.type("h")
        screen = term.wait_for("All rounds played")
        term.type("s")
        screen = term.wait_for("standings after round 5")
        term.type("x")
        screen = term.wait_for("cross-table")
        assert "R5" in screen
        term.type("p")
        screen = term.wait_for("all 5 rounds paired")
        term.type("g")
        screen = term.wait_for("score groups")
        term.type("t")
        screen = term.wait_for("settings", "FIDE mode")
        term.type("d")
        screen = term.wait_for("event details", "Chief arbiter")
        term.type("Escape")  # alone: escape and a key in one write read as alt+key, in any terminal
        term.wait_gone("event details")
        term.type("?")
        screen = term.wait_for("Keys · escape closes")
        term.type("Escape", "q")

    event = store.load(path)
    assert len(event.players) == 22 and event.rounds_paired == 5
    assert all(b.result for r in event.rounds for b in r.boards)
    quinn = next(p for p in event.players if p.name == "Quinn, Pavel")
    assert event.round(2).requests.get(quinn.id) is not None
    young = next(p for p in event.players if p.name == "Young, Xenia")
    assert event.round(1).requests.get(young.id) and event.round(2).requests.get(young.id)
    assert next(p for p in event.players if p.name == "Sato, Sven").withdrawn
    kinds = [c.kind for r in event.rounds for c in r.changes]
    assert kinds.count("pairing") == 1 and kinds.count("result") == 1
    correction = next(c for r in event.rounds for c in r.changes if c.kind == "result")
    assert (correction.reason, correction.by) == ("score sheet misread", "IA Roe")


def enter_round_with_bye(term: Terminal, number: int, name: str) -> str:
    screen = term.wait_for(f"round {number} results · 0 of")
    assert "half bye" in screen and name in screen  # the requested bye, under the boards
    enter_round(term, number)
    return screen


def first_board(screen: str) -> tuple[int, int]:
    """White's and Black's numbers on board 1 of the boards view."""
    for line in screen.splitlines():
        match = re.match(r"\W*1\s+(\d+) .*?–\s+(\d+) ", line)
        if match:
            return int(match.group(1)), int(match.group(2))
    raise AssertionError(f"no board 1 on the screen:\n{screen}")
