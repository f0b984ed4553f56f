"""Another arbiter in another process: one operation on an event file through the same session calls.

    python arbiter_process.py late-entry PATH NAME RATING     register NAME, renumbering the list
    python arbiter_process.py rating PATH NUMBER RATING       set the rating of player NUMBER
    python arbiter_process.py result PATH ROUND BOARD RESULT  enter RESULT (1-0, 0-1, 1/2-1/2) on a board
    python arbiter_process.py correct PATH ROUND BOARD RESULT REASON   correct a board's result
    python arbiter_process.py clear PATH ROUND BOARD REASON   clear a board's result (a correction)
    python arbiter_process.py pair-again PATH PLAYER   un-publish the latest round, give PLAYER a half-point
                                                      bye in it, pair it again and publish it

Prints what it did; a refusal ends with exit code 1 and the reason.
"""

from __future__ import annotations

import sys
from pathlib import Path

from swisstui.session.actions import RESULT_KINDS, ActionError, Session


def main(argv: list[str]) -> int:
    what, path = argv[0], Path(argv[1])
    session = Session.open(path, arbiter="second process")
    try:
        if what == "late-entry":
            print(session.players.add(argv[2], rating=int(argv[3]), renumber=True).value)
        elif what == "rating":
            session.players.edit(int(argv[2]), rating=int(argv[3]))
        elif what == "result":
            kind = next(k for k in RESULT_KINDS if k.stored == argv[4])
            session.results.set_result(int(argv[2]), int(argv[3]), kind, seen="")
        elif what == "correct":
            kind = next(k for k in RESULT_KINDS if k.stored == argv[4])
            session.results.set_result(int(argv[2]), int(argv[3]), kind, argv[5], "BO")
        elif what == "pair-again":
            from engine.model.tournament import ResultCode

            number = session.history.unpublish().value
            session.players.request(int(argv[2]), number, ResultCode.HALF_BYE)
            session.pairing.propose()
            print(session.pairing.confirm().value)
        elif what == "clear":
            session.results.set_result(int(argv[2]), int(argv[3]), None, argv[4], "BO")
        else:
            raise SystemExit(f"unknown operation {what}")
    except ActionError as err:
        print(err)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
