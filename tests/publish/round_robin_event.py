"""Round robins played through the session, for the published lists and the screens of a round robin.

The players are registered, the numbers drawn by lot from a fixed seed, every round paired by the
catalogue's entry and confirmed, and the results set in a fixed cycle (White wins, a draw, Black wins),
so the files and the values checked come from the same operations the app uses.
"""

from __future__ import annotations

from pathlib import Path

NAMES = ("Adams, Michael", "Berg, Bettina", "Carlsen, Carl", "Dahl, Dagny", "Eklund, Erik", "Falk, Frida",
         "Gustafsson, Gunnar", "Hansen, Helga", "Ivarsson, Ingrid", "Jonsson, Jan", "Karlsson, Klara",
         "Lind, Lars", "Magnusson, Maja", "Nilsson, Nils", "Olsson, Olga", "Persson, Per", "Quist, Quentin",
         "Rask, Rolf", "Strand, Stina", "Tornqvist-Wallenberg, Tove")
FEDERATIONS = ("SWE", "NOR", "DEN", "FIN")


def result_for(round_number: int, white: int, black: int) -> str:
    """The cycle of results the helpers enter: 1-0, 1/2-1/2, 0-1 by round and board."""
    return ("1-0", "1/2-1/2", "0-1")[(white * 3 + black + round_number) % 3]


def played_round_robin(path: Path, players: int, system: str = "berger", played: int = 0, seed: int = 2026) -> Path:
    """A round robin of ``players`` at ``path`` with ``played`` rounds paired and their results in."""
    from swisstui.session.actions import Session, create_event
    from swisstui.store.result_keys import RESULT_KINDS

    kinds = {k.stored: k for k in RESULT_KINDS}
    create_event(path, "Club final", 7, system)
    session = Session.open(path, arbiter="Anna")
    for i in range(players):
        session.players.add(NAMES[i], rating=2400 - 37 * i, federation=FEDERATIONS[i % 4])
    session.players.draw_numbers(seed)
    for number in range(1, played + 1):
        session.pairing.propose()
        session.pairing.confirm()
        for b in session.event.recorded_round(number).boards:
            session.results.set_result(number, b.number, kinds[result_for(number, b.white, b.black)])
    return path
