"""``swisstui draw``: a round robin's pairing numbers drawn by lot, the seed recorded in the event's log."""

from __future__ import annotations

import argparse

from swisstui.cli.errors import EXIT_BAD_INPUT, EXIT_FILE, EXIT_OK, EXIT_USAGE, CliError


def cmd_draw(args: argparse.Namespace) -> int:
    """Draw the numbers (a new seed unless one is given) and print the seed and the list in number order."""
    from engine.systems.roundrobin.numbers import new_seed
    from swisstui.session.actions import ActionError, EventFileProblem, NotSaved, Session

    seed = new_seed() if args.seed is None else args.seed
    try:
        session = Session.open(args.event, arbiter=args.arbiter)
        session.players.draw_numbers(seed, varma=args.varma)
    except NotSaved as err:
        raise CliError(str(err), EXIT_FILE) from None
    except EventFileProblem as err:
        raise CliError(str(err), EXIT_BAD_INPUT) from None
    except ActionError as err:
        raise CliError(str(err), EXIT_USAGE) from None
    kind = " by the Varma tables" if args.varma else ""
    print(f"{args.event}: pairing numbers drawn{kind} with seed {seed} (recorded in the event's log); "
          f"{session.event.settings.rounds} rounds")
    for p in sorted(session.event.players, key=lambda p: p.id):
        print(f"{p.id:3d}  {p.name}")
    return EXIT_OK
