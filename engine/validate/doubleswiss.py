"""An independent check of the Double-Swiss text's absolute criteria, reading only the model.

It imports nothing of the pairer (:mod:`engine.systems.doubleswiss`): it recomputes
from the matches alone what C.04.5 makes absolute, so a pairer bug cannot hide
behind a shared helper.

- The round's shape (:func:`engine.model.match_rounds.check_round`): every player
  present is in one match or has the bye, at most one bye, two games a match with
  White changing sides (preface), no second match after a played one ([C1],
  C.04.1 art. 2; a match whose games were all forfeited does not count, preface).
- The bye ([C2], C.04.1 art. 4): not to a player who had the PAB or won a match
  its opponent forfeited in both games; only with an odd number of players.
- [C1] is checked as the model counts a meeting (a game over the board); the text
  also counts a match where each player forfeited one game, which this check lets pass.
- The bye's player (art. 3.4): no eligible player with a lower score could have
  taken it while leaving the others pairable is NOT checked here (a quality of the
  choice, not an absolute criterion).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.model.match_entries import matches_before
from engine.model.match_rounds import check_round
from engine.model.matches import Game, Match, MatchScoring, match_score
from engine.model.tournament import ResultCode, RoundPairing, Tournament
from engine.model.units import Unit
from engine.model.wording import _
from engine.validate.violations import Severity, Violation

RULE_DOUBLE_SWISS = "C.04.5 [C1], [C2], preface"


def _forfeited_both(match: Match, player: int) -> bool:
    """The player lost every game of the match by forfeit (C.04.5 preface: the match ended by forfeit)."""
    return bool(match.games) and all(
        g.result is not None and (g.result[0] if g.white == player else g.result[1]) is ResultCode.FORFEIT_LOSS
        for g in match.games
    )


def check_double_swiss_round(
    units: Sequence[Unit], matches: Sequence[Match], before: Sequence[Sequence[Match]], scoring: MatchScoring
) -> list[str]:
    """Every absolute criterion of C.04.5 that ``matches`` breaks, one sentence each; ``[]`` when none."""
    problems = check_round(units, matches, before, games_per_match=2)
    byes = [m.home.id for m in matches if m.is_bye]
    if byes and len(units) % 2 == 0:
        problems.append(_("bye to {player} with an even number of players (C.04.1 art. 3)").format(player=byes[0]))
    if not byes and len(units) % 2:
        problems.append(_("odd number of players and no bye (C.04.1 art. 3)"))
    for unit_id in byes:
        for rnd in before:
            for m in rnd:
                if m.is_bye and m.home.id == unit_id:
                    problems.append(_("{player} receives the PAB a second time (C.04.5 [C2], C.04.1 art. 4)").format(
                        player=unit_id))
                elif not m.is_bye and unit_id in m.units and m.away is not None:
                    s = match_score(m, scoring, 2)
                    mine, theirs = (s.home, s.away) if m.home.id == unit_id else (s.away, s.home)
                    opponent = m.away.id if m.home.id == unit_id else m.home.id
                    if _forfeited_both(m, opponent) and mine > theirs:
                        problems.append(
                            _("{player} receives the PAB after a match won without playing (C.04.5 [C2], C.04.1 "
                              "art. 4)").format(player=unit_id))
    for m in matches:
        if m.is_bye or len(m.games) != 2:
            continue
        first, second = m.games
        if (first.white, first.black) != (second.black, second.white):
            problems.append(_("match {match}: the second game does not reverse the first's colours (C.04.5 "
                              "preface)").format(match=m.number))
    return problems


def double_swiss_findings(tournament: Tournament, pairing: RoundPairing) -> list[Violation]:
    """The absolute criteria of C.04.5 for ``pairing`` as the next round of ``tournament``.

    Each board is read as a match whose first game it is (the second reverses the colours,
    as the application writes it); the earlier rounds come from the Tournament's entries
    (:mod:`engine.model.match_entries`).
    """
    units = [Unit.player(p.id, p.name) for p in tournament.to_pair()]
    matches = [
        Match(number, Unit.player(b.white, ""), Unit.player(b.black, ""), (Game(b.white, b.black), Game(b.black, b.white)))
        for number, b in enumerate(pairing.boards, start=1)
        if b.white in tournament.by_id and b.black in tournament.by_id
    ]
    if pairing.bye is not None and pairing.bye in tournament.by_id:
        matches.append(Match(len(matches) + 1, Unit.player(pairing.bye, ""), None))
    points = tournament.settings.points
    scoring = MatchScoring(game=points, bye_game_points=points.pab_points)
    problems = check_double_swiss_round(units, matches, matches_before(tournament, pairing.round), scoring)
    return [Violation(Severity.ABSOLUTE, RULE_DOUBLE_SWISS, text) for text in problems]
