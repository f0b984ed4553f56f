"""``swisstui ratings update EVENT.toml``: the event's players brought up to date with the FIDE list.

Every change is printed first (rating of the event's type, K, title, federation, name; and
what the list lacks), then asked about on the terminal; ``--yes`` applies without asking
(scripts), and without a terminal to ask on nothing is changed. The change is one entry of
the event's history, undone like any other. Refused once round 1 is paired
(:func:`swisstui.session.rating_update.refusal`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from swisstui.cli.errors import EXIT_BAD_INPUT, EXIT_FILE, EXIT_OK, EXIT_USAGE, CliError
from swisstui.cli.visible import visible


def add_update_command(inner: argparse._SubParsersAction, db_help: str) -> None:
    q = inner.add_parser("update", help="update the ratings, titles, federations and names of an event's players "
                                        "from the FIDE list (before round 1), after showing each change")
    q.add_argument("event", type=Path, help="the event file (TOML)")
    q.add_argument("--list", dest="month", help="the list of this month, YYYY-MM (default: the newest held)")
    q.add_argument("--yes", action="store_true", help="apply without asking (for scripts)")
    q.add_argument("--db", type=Path, help=db_help)
    q.add_argument("--arbiter", default="", help="the name the history records the change under")


def cmd_update(args: argparse.Namespace, db_path: Path, month: str | None) -> int:
    import sqlite3  # here, not at the top: the parser of every command, pair too, is built with this module

    from swisstui.session.actions import ActionError, EventFileProblem, NotSaved, Session
    from swisstui.session.rating_update import plan_update, refusal
    from swisstui.ratings.db import RatingsDb, Unreadable

    try:
        session = Session.open(args.event, arbiter=args.arbiter)
    except EventFileProblem as err:
        raise CliError(str(err), EXIT_BAD_INPUT) from None
    refused = refusal(session.event)
    if refused is not None:
        raise CliError(f"{args.event}: {refused}; nothing changed", EXIT_USAGE)
    db = RatingsDb(db_path)
    if not db.exists():
        raise CliError(f"{db.path}: no rating database: import a list first ('swisstui ratings import FILE')",
                       EXIT_FILE)
    try:
        plan = plan_update(session.event, db, month)
    except LookupError as err:
        raise CliError(str(err), EXIT_USAGE if month else EXIT_FILE) from None
    except sqlite3.Error as err:  # db.Unreadable names the path itself
        raise CliError(str(err) if isinstance(err, Unreadable) else f"{db.path}: cannot be read: {err}",
                       EXIT_FILE) from None
    finally:
        db.close()
    print(visible(f"{args.event}: the {plan.month} FIDE list ({plan.rating_type}) against "
                  f"{len(session.event.players)} players"))
    for line in plan.lines():  # names from the event and the list: shown as they are, never obeyed by the terminal
        print(f"  {visible(line)}")
    if not plan.updates:
        print("nothing to update: the event agrees with the list")
        return EXIT_OK
    if not args.yes and not _ask(f"apply these {plan.changes} changes to {len(plan.updates)} players? [y/N] "):
        print("nothing changed")
        return EXIT_OK
    try:
        said = session.players.update_ratings(plan).value
    except NotSaved as err:
        raise CliError(str(err), EXIT_FILE) from None
    except ActionError as err:
        raise CliError(f"{err}; nothing changed", EXIT_USAGE) from None
    print(visible(f"{args.event}: {said}; 'u' in the history (l) takes it back"))
    if not session.players.numbers_in_order():
        print("note: the pairing numbers no longer follow rating, title, name (C.04.2 art. 2.2): '#' on the players "
              "screen sorts them")
    return EXIT_OK


def _ask(question: str) -> bool:
    """Yes only when a person at a terminal says so: without one, nothing is applied (``--yes`` is for scripts)."""
    if not sys.stdin.isatty():
        raise CliError("not asked: standard input is not a terminal; give --yes to apply without asking "
                       "(nothing changed)", EXIT_USAGE)
    try:
        answer = input(question)
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")
