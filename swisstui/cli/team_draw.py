"""``swisstui team EVENT draw``: a team round robin's numbers drawn by lot (the seed in the event's log), or
kept as registered (``--keep``); the event's rounds become the table's (C.05 Annex 1)."""

from __future__ import annotations

import argparse
from typing import Any

from swisstui.cli.errors import EXIT_USAGE, CliError


def add_draw_action(actions: argparse._SubParsersAction) -> None:
    """The ``draw`` action of ``swisstui team``."""
    a = actions.add_parser("draw", help="a team round robin (berger-teams): draw the teams' numbers by lot before "
                           "round 1 (the seed recorded in the event's log), or --keep them as registered")
    a.add_argument("--seed", type=int, help="the seed of the draw (default: a new one, printed and recorded)")
    a.add_argument("--keep", action="store_true", help="keep the numbers the teams were registered with")


def draw(session: Any, args: argparse.Namespace) -> None:
    """Draw or keep the numbers through ``session.team_round_robin`` and print the teams in number order."""
    from engine.systems.roundrobin.numbers import new_seed

    if args.keep and args.seed is not None:
        raise CliError("--keep keeps the teams' numbers: no --seed with it", EXIT_USAGE)
    if args.keep:
        session.team_round_robin.keep_numbers()
        said = "kept as registered"
    else:
        seed = new_seed() if args.seed is None else args.seed
        session.team_round_robin.draw_numbers(seed)
        said = f"drawn with seed {seed}"
    event = session.event
    print(f"team numbers {said} (recorded in the event's log); {event.settings.rounds} rounds")
    for team in event.teams:
        print(f"{team.id:3d}  {team.name}")
