"""Random team tournaments (issue 31): whole C.04.6 events played round by round by our engine.

As :mod:`engine.systems.generate` does for individuals, a team RTG plays a complete event
with invented teams and results so that the pairing and its independent check meet what
real team events produce - pairing-allocated byes, absent and withdrawn teams, empty
boards (board forfeits), matches lost by forfeit - far more often than hand-made cases
do. Every random choice comes from one ``random.Random(seed)``: the same arguments give
the same tournament, so a failing seed is a reproducible report.

What the text leaves to the competition's rules is drawn here (C.04.6(2026) art. 1.1.2:
the TPN; art. 1.2: match or game points first; art. 1.7: the colour model; art. 4.1: the
initial-colour); the rest follows the text: the bye scores a drawn match (art. 1.4), a
team's colour is its first board's (art. 1.6.1), boards alternate colours from the team
with White on board 1 (the usual W-B-W-B of record 352), a forfeited match gives no
colour and is no meeting (C.04.2 art. 3.4-3.5).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction

from engine.model.team_tournament import (
    BoardGame,
    ColourType,
    RoundKind,
    Score,
    TeamEntry,
    TeamRound,
    TeamTournament,
)
from engine.model.tournament import ResultCode
from engine.systems.team.acceleration import baku
from engine.systems.team.pairing import NoTeamPairing, TeamPairing, pair_team

LOWEST_RATING = 1000
HIGHEST_RATING = 2700
DRAW_RATE = 0.3


@dataclass(frozen=True)
class Rates:
    """How often the rare paths happen (per team and round, per board, per match)."""

    absent: float = 0.04        # a team misses one round (not paired, C.04.2 art. 3.3)
    withdraw: float = 0.01      # a team leaves for good (C.04.2 art. 3.2)
    player_missing: float = 0.06  # a roster player does not come; the lineup moves up, a board may stay empty
    match_forfeit: float = 0.02  # a whole match lost by forfeit (TRF record 330)


@dataclass
class TeamEvent:
    """A generated event: the tournament after its last round, the players' ratings, and
    each round's pairing as the engine made it (index 0 is round 1)."""

    tournament: TeamTournament
    ratings: dict[int, int]
    pairings: list[TeamPairing] = field(default_factory=list)
    absent: list[frozenset[int]] = field(default_factory=list)   # the teams not paired, by round


class TeamGenerationError(RuntimeError):
    """A round had no legal pairing (art. 3.3.3); ``event`` holds the rounds played before it."""

    def __init__(self, message: str, event: TeamEvent) -> None:
        super().__init__(message)
        self.event = event


def before_round(event: TeamEvent, rnd: int) -> TeamTournament:
    """The tournament as it stood when round ``rnd`` was paired: every team's first
    ``rnd - 1`` rounds, and the teams absent from round ``rnd``."""
    t = event.tournament
    teams = {tpn: replace(e, rounds=list(e.rounds[: rnd - 1])) for tpn, e in t.teams.items()}
    return replace(t, teams=teams, absent_next=event.absent[rnd - 1])


def generate_team(teams: int, boards: int, rounds: int, seed: int, *, reserves: int = 1,
                  colour_type: ColourType | None = None, primary: Score | None = None,
                  rates: Rates = Rates(), accelerated: bool = False) -> TeamEvent:
    """Play a ``teams``-team, ``boards``-board, ``rounds``-round event paired by C.04.6.

    The options left out are drawn from the seed; ``accelerated`` gives the event Baku
    acceleration (C.04.7 art. 1, match points first). Raises :class:`TeamGenerationError`
    when a round cannot be paired (small fields run out of opponents)."""
    if teams < 2 or boards < 1 or rounds < 1:
        raise ValueError("a team event needs at least 2 teams, 1 board and 1 round")
    rng = random.Random(seed)
    roster_size = boards + reserves
    ratings: dict[int, int] = {}
    rosters: list[tuple[int, ...]] = []
    for i in range(teams):
        players = sorted((rng.randint(LOWEST_RATING, HIGHEST_RATING) for _ in range(roster_size)), reverse=True)
        rosters.append(tuple(range(i * roster_size + 1, (i + 1) * roster_size + 1)))
        ratings.update(zip(rosters[-1], players))
    # art. 1.1.2 leaves the TPN to the competition's rules: here by the average rating of
    # the top boards, the strongest team first (issue 31's default)
    rosters.sort(key=lambda r: (-sum(ratings[p] for p in r[:boards]), r[0]))
    event = TeamTournament(
        teams={tpn: TeamEntry(tpn, f"Team {tpn:03d}", roster) for tpn, roster in enumerate(rosters, start=1)},
        total_rounds=rounds,
        team_size=boards,
        colour_type=colour_type if colour_type is not None else rng.choice(list(ColourType)),
        primary=primary if primary is not None else Score.MATCH if accelerated else rng.choice(list(Score)),
        secondary_used=rng.random() < 0.8,
        initial_colour_white=rng.random() < 0.5,
        bye_match_points=Fraction(1),                  # art. 1.4: a drawn match's points
        bye_game_points=Fraction(boards, 2),
    )
    out = TeamEvent(event, ratings)
    withdrawn: set[int] = set()
    for rnd in range(1, rounds + 1):
        for tpn in sorted(event.teams):
            # at most a third of the field leaves, so that a round always has teams to pair
            if tpn not in withdrawn and len(withdrawn) < teams // 3 and rng.random() < rates.withdraw:
                withdrawn.add(tpn)
        absent = set(withdrawn) | {t for t in sorted(event.teams) if rng.random() < rates.absent}
        if len(event.teams) - len(absent) < 2:
            absent = set(withdrawn)
        event.absent_next = frozenset(absent)
        out.absent.append(event.absent_next)
        if accelerated and rnd == 1:
            event.virtual = baku(event)   # GA from the teams paired in round 1 (C.04.7 art. 1.2)
        try:
            pairing = pair_team(event)
        except NoTeamPairing as err:
            out.absent.pop()            # the tournament keeps the failing round's absences in absent_next
            raise TeamGenerationError(f"seed {seed}, round {rnd}: {err}", out) from err
        out.pairings.append(pairing)
        _play(event, pairing, ratings, rng, rates)
    event.absent_next = frozenset()
    return out


def _lineup(roster: tuple[int, ...], boards: int, rng: random.Random, missing: float) -> list[int]:
    """The players on boards 1..``boards``: the roster's present players in roster order; 0
    for a board left empty when too few came."""
    came = [p for p in roster if rng.random() >= missing]
    return (came + [0] * boards)[:boards]


def _game(white: int, black: int, ratings: dict[int, int], rng: random.Random) -> tuple[ResultCode, ResultCode]:
    """A game's result for White and Black, by the rating difference (the Elo expectation)."""
    if rng.random() < DRAW_RATE:
        return ResultCode.DRAW, ResultCode.DRAW
    expected = 1 / (1 + 10 ** ((ratings[black] - ratings[white]) / 400))
    if rng.random() < expected:
        return ResultCode.WIN, ResultCode.LOSS
    return ResultCode.LOSS, ResultCode.WIN


_POINTS = {ResultCode.WIN: Fraction(1), ResultCode.DRAW: Fraction(1, 2), ResultCode.FORFEIT_WIN: Fraction(1)}


def _play(event: TeamTournament, pairing: TeamPairing, ratings: dict[int, int], rng: random.Random,
          rates: Rates) -> None:
    """Append every team's round: the matches' boards, the bye, the absences."""
    seen: set[int] = set()
    for match in pairing.matches:
        if match.black == 0:
            event.teams[match.white].rounds.append(TeamRound(RoundKind.BYE, game_points=event.bye_game_points,
                                                             match_points=event.bye_match_points))
            seen.add(match.white)
            continue
        _match(event, match.white, match.black, ratings, rng, rates)
        seen |= {match.white, match.black}
    for tpn, team in event.teams.items():
        if tpn not in seen:
            team.rounds.append(TeamRound(RoundKind.ABSENT))


def _match(event: TeamTournament, white: int, black: int, ratings: dict[int, int], rng: random.Random,
           rates: Rates) -> None:
    """One match, board by board: the team with White on board 1 has White on the odd boards."""
    size = event.team_size
    if rng.random() < rates.match_forfeit:
        # a whole match lost by forfeit: no game, no colour, no meeting (C.04.2 art. 3.4-3.5)
        loser = rng.choice((white, black))
        winner = black if loser == white else white
        lines = {winner: event.teams[winner].players[:size], loser: event.teams[loser].players[:size]}
        for team, code, gp, mp in ((winner, ResultCode.FORFEIT_WIN, Fraction(size), Fraction(2)),
                                   (loser, ResultCode.FORFEIT_LOSS, Fraction(0), Fraction(0))):
            other = loser if team == winner else winner
            games = tuple(BoardGame(i + 1, p, lines[other][i], None, code) for i, p in enumerate(lines[team]))
            event.teams[team].rounds.append(TeamRound(RoundKind.MATCH, other, False, None, gp, mp,
                                                      forfeit_win=team == winner, boards=games))
        return
    while True:
        lw = _lineup(event.teams[white].players, size, rng, rates.player_missing)
        lb = _lineup(event.teams[black].players, size, rng, rates.player_missing)
        if any(a and b for a, b in zip(lw, lb)):
            break                       # at least one game over the board: the match is played
    sides: dict[int, list[BoardGame]] = {white: [], black: []}
    points = {white: Fraction(0), black: Fraction(0)}
    for i, (pw, pb) in enumerate(zip(lw, lb), start=1):
        w_has_white = i % 2 == 1
        if pw and pb:
            first, second = (pw, pb) if w_has_white else (pb, pw)
            r1, r2 = _game(first, second, ratings, rng)
            rw, rb = (r1, r2) if w_has_white else (r2, r1)
            cw: bool | None = w_has_white
        else:
            # an empty board: the player present wins by forfeit, none when both are empty
            rw = ResultCode.FORFEIT_WIN if pw else ResultCode.FORFEIT_LOSS
            rb = ResultCode.FORFEIT_WIN if pb else ResultCode.FORFEIT_LOSS
            cw = None
        sides[white].append(BoardGame(i, pw, pb, cw, rw))
        sides[black].append(BoardGame(i, pb, pw, None if cw is None else not cw, rb))
        points[white] += _POINTS.get(rw, Fraction(0))
        points[black] += _POINTS.get(rb, Fraction(0))
    gw, gb = points[white], points[black]
    mw = Fraction(2) if gw > gb else Fraction(1) if gw == gb else Fraction(0)
    event.teams[white].rounds.append(TeamRound(RoundKind.MATCH, black, True, True, gw, mw,
                                               boards=tuple(sides[white])))
    event.teams[black].rounds.append(TeamRound(RoundKind.MATCH, white, True, False, gb, 2 - mw,
                                               boards=tuple(sides[black])))
