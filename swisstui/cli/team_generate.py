"""Random team events (``swisstui generate --teams N --boards B --rounds R -o EVENT.toml``): the tests' and the
benchmarks' source of team events, played as an arbiter plays one.

The individual generator (:mod:`engine.systems.generate`) plays a tournament in the engine's model; a team
event is played here through the session instead (``session.teams``: registration, the pairing by the
catalogue's ``fide-team`` entry checked by the validator, board results with the individual keys, a match
forfeited whole, an absent team), so that every generated event is one the application itself would have
written, and every round is paired by the same path an arbiter's is. Every random choice comes from one
``random.Random(seed)``: the same arguments give the same file.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from pathlib import Path

from engine import systems
from engine.model.tournament import Colour
from swisstui.cli.errors import EXIT_NO_PAIRING, EXIT_OK, EXIT_USAGE, CliError
from swisstui import store
from swisstui.session.actions import Session
from swisstui.session.team_actions import NewTeam
from swisstui.store.team_records import TeamSettings

LOWEST_RATING = 1200
HIGHEST_RATING = 2600
TEAM_SYSTEM = "fide-team"


@dataclass(frozen=True)
class TeamRates:
    """How often each random event happens: drawn games, a board lost by forfeit, a match forfeited whole,
    a team absent from a round (announced before the round is paired)."""

    draw: float = 0.3
    board_forfeit: float = 0.02
    match_forfeit: float = 0.01
    absent: float = 0.01


class TeamGenerationError(RuntimeError):
    """A round could not be paired or entered; the file holds the rounds played before it."""


def generate_team_event(path: Path, teams: int, boards: int, rounds: int, seed: int, *,
                        rates: TeamRates = TeamRates(), reserves: int = 1, overwrite: bool = False) -> Session:
    """Write a team event of ``teams`` teams of ``boards`` boards at ``path`` and play ``rounds`` rounds in it.

    Teams are registered strongest first with their players in rating order (the board order
    C.04.6 art. 1.1 expects: the regulations fix it before round 1), ``reserves`` more players each;
    the colour of round 1's first board is drawn by lot (C.04.6(2026) art. 1.7 and C.04.3 art. 5.1).
    Each round: a team is absent with ``rates.absent`` (never more than leaves two teams), the round
    is paired through the session with the default lineups, then every match is played and entered as
    its match card, one write a match (each board: Elo expectation, ``rates.draw`` draws, a forfeit with
    ``rates.board_forfeit``) or, with ``rates.match_forfeit``, forfeited whole by one team (TRF-2026
    record 330).
    Returns the session on the finished file.
    """
    if teams < 2 or boards < 1 or rounds < 1:
        raise ValueError("a random team event needs at least two teams, one board and one round")
    rng = random.Random(seed)
    colour = rng.choice((Colour.WHITE, Colour.BLACK))
    info = systems.get(TEAM_SYSTEM)
    event = store.new_event(f"Random team event {seed}", rounds, system=info.id, initial_colour=colour,
                            tiebreaks=info.tiebreaks, points=info.new_points())
    event.team = TeamSettings(size=boards)
    store.create(event, path, overwrite=overwrite)
    session = Session.open(path)
    strengths = sorted((rng.randint(LOWEST_RATING + 200, HIGHEST_RATING - 200) for _ in range(teams)), reverse=True)
    registered = []
    for number, strength in enumerate(strengths, start=1):
        ratings = sorted((max(LOWEST_RATING, min(HIGHEST_RATING, strength + rng.randint(-200, 200)))
                          for _ in range(boards + reserves)), reverse=True)
        players = [{"name": f"Player {number:03d}.{board}", "rating": r} for board, r in enumerate(ratings, start=1)]
        registered.append(NewTeam(f"Team {number:03d}", tuple(players[:boards]), tuple(players[boards:]),
                                  short=f"T{number:03d}"))
    session.teams.add_many(registered)
    for number in range(1, rounds + 1):
        _announce_absent(session, number, teams, rng, rates.absent)
        try:
            session.teams.pair()
        except Exception as err:  # ActionError: no legal pairing (C.04.6 art. 3.3.3) or a refusal
            raise TeamGenerationError(f"round {number} (seed {seed}): {err}") from err
        _play_round(session, number, rng, rates)
    return session


def _announce_absent(session: Session, number: int, teams: int, rng: random.Random, rate: float) -> None:
    """Teams absent from round ``number``, announced before it is paired; at least two teams stay to pair."""
    absent = 0
    for team in range(1, teams + 1):
        if teams - absent > 2 and rng.random() < rate:
            session.teams.absent(number, team)
            absent += 1


def _play_round(session: Session, number: int, rng: random.Random, rates: TeamRates) -> None:
    rnd = session.event.round(number)
    assert rnd is not None
    ratings = {p.id: p.rating or LOWEST_RATING for p in session.event.players}
    for match in list(rnd.team.matches):
        if rng.random() < rates.match_forfeit:
            session.teams.forfeit(number, match.number, rng.choice(("white", "black")))
            continue
        card = [_board_result(ratings.get(board.white, LOWEST_RATING), ratings.get(board.black, LOWEST_RATING),
                              rng, rates) for board in match.boards]
        session.teams.set_match_results(number, match.number, card)  # the match card: one write a match


def _board_result(white: int, black: int, rng: random.Random, rates: TeamRates) -> str:
    """One board's result in the event file's keys: a forfeit with ``rates.board_forfeit``, else a game."""
    if rng.random() < rates.board_forfeit:
        return rng.choice(("+/-", "-/+"))
    if rng.random() < rates.draw:
        return "1/2-1/2"
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    return "1-0" if rng.random() < expected else "0-1"


MAX_TEAMS = 500
MAX_BOARDS = 12
MAX_ROUNDS = 99


def cmd_generate_teams(args: argparse.Namespace) -> int:
    """``swisstui generate --teams N [--boards B] --rounds R [--seed S] [--draw-rate X] [--forfeit-rate X]
    -o EVENT.toml``: a random team event, written as an event file."""
    if not 2 <= args.teams <= MAX_TEAMS or not 1 <= args.boards <= MAX_BOARDS or not 1 <= args.rounds <= MAX_ROUNDS:
        raise CliError(f"need 2 to {MAX_TEAMS} teams, 1 to {MAX_BOARDS} boards and 1 to {MAX_ROUNDS} rounds",
                       EXIT_USAGE)
    if args.players is not None:
        raise CliError("--players and --teams: give one (--teams makes a team event of --boards players a team)",
                       EXIT_USAGE)
    for name in ("draw_rate", "forfeit_rate"):
        if not 0 <= getattr(args, name) <= 1:
            raise CliError(f"--{name.replace('_', '-')} must be between 0 and 1", EXIT_USAGE)
    rates = TeamRates(draw=args.draw_rate, board_forfeit=args.forfeit_rate, match_forfeit=args.forfeit_rate / 2,
                      absent=args.forfeit_rate / 2)
    try:
        generate_team_event(args.output, args.teams, args.boards, args.rounds, args.seed, rates=rates)
    except store.ExistsError:
        raise CliError(f"{args.output}: already exists", EXIT_USAGE) from None
    except TeamGenerationError as err:
        raise CliError(f"stopped: {err}; the rounds before it are in {args.output}", EXIT_NO_PAIRING) from None
    print(f"wrote {args.output}: {args.teams} teams of {args.boards} boards, {args.rounds} rounds (seed {args.seed})")
    return EXIT_OK
