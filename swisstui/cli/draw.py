"""``swisstui draw``: a round robin's pairing numbers drawn by lot, the seed recorded in the event's log."""

from __future__ import annotations

import argparse

from swisstui.cli.errors import EXIT_OK, EXIT_USAGE, CliError, session_refusals


def cmd_draw(args: argparse.Namespace) -> int:
    """Draw the numbers (a new seed unless one is given), or keep them (``--keep``), and print the list in
    number order."""
    from engine.systems.roundrobin.numbers import new_seed
    from swisstui.session.actions import Session

    if args.keep and (args.seed is not None or args.varma):
        raise CliError("--keep keeps the numbers the players have: no --seed or --varma with it", EXIT_USAGE)
    seed = new_seed() if args.seed is None else args.seed
    with session_refusals():
        session = Session.open(args.event, arbiter=args.arbiter)
        if args.keep:
            session.round_robin.keep_numbers()
        else:
            session.players.draw_numbers(seed, varma=args.varma)
    kind = " by the Varma tables" if args.varma else ""
    done = "kept as given (recorded in the event's log)" if args.keep else \
        f"drawn{kind} with seed {seed} (recorded in the event's log)"
    print(f"{args.event}: pairing numbers {done}; {session.event.settings.rounds} rounds")
    for p in sorted(session.event.players, key=lambda p: p.id):
        print(f"{p.id:3d}  {p.name}")
    return EXIT_OK
