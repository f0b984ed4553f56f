"""``swisstui result``: a result of a round of matches (the Double-Swiss, C.04.5), a game or a match at once.

``swisstui result EVENT.toml ROUND MATCH 1-0 1/2-1/2`` enters both games of a match,
``... MATCH 2-0`` a match by its total where only one pair of games gives it, ``--game N``
one game. A correction needs ``--reason``. The session writes it under the event's lock,
as the results screen does (:mod:`swisstui.session.match_results`).
"""

from __future__ import annotations

import argparse

from swisstui.cli.errors import EXIT_OK, session_refusals


def add_result_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("result", help="enter a result of a match of several games (Double-Swiss): a game, or the match")
    p.add_argument("event", help="the event file (TOML)")
    p.add_argument("round", type=int, help="the round")
    p.add_argument("match", type=int, help="the match, as published")
    p.add_argument("result", nargs="+",
                   help="the games' results in order (1-0 1/2-1/2), or the match's total, White of game 1 first "
                        "(2-0, 0-2); with --game, that game's result (1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, ...)")
    p.add_argument("--game", type=int, help="enter this game only (1, 2)")
    p.add_argument("--reason", default="", help="why a result already entered is corrected (required then)")
    p.add_argument("--arbiter", default="", help="the name the history records the result under")


def cmd_result(args: argparse.Namespace) -> int:
    from swisstui.session.actions import ActionError, Session, Unchanged

    with session_refusals():
        session = Session.open(args.event, arbiter=args.arbiter)
        if args.game is not None:
            if len(args.result) != 1:
                raise ActionError("--game takes one result")
            outcome = session.matches.set_game_result(args.round, args.match, args.game, args.result[0],
                                                      args.reason, args.arbiter)
        else:
            outcome = session.matches.set_match_result(args.round, args.match, " ".join(args.result),
                                                       args.reason, args.arbiter)
    match = session.event.round(args.round).matches[args.match - 1]  # type: ignore[union-attr]  # checked by the session
    games = ", ".join(f"{g.white}-{g.black} {g.result or '(no result)'}" for g in match.games)
    said = "already so" if isinstance(outcome, Unchanged) else "entered"
    print(f"{args.event}: round {args.round}, match {args.match}: {games} ({said})")
    return EXIT_OK
