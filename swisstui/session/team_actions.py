"""The operations on a team event (C.04.6): teams and rosters, absences, the pairing of a round, lineups, board results.

:class:`TeamService` is the session's ``session.teams``. Each operation is one locked change of
the event file, refused in one line (:class:`ActionError`) naming the rule it would break. The
pairing is the catalogue's: the event is turned into the model's team tournament on the store
side (:func:`swisstui.store.event_teams.team_tournament`), the system's entry pairs it
(:meth:`engine.model.catalogue.SystemInfo.pair_teams`) and the independent validator checks it
before anything is written; the session decides no pairing itself. A round is proposed first (:meth:`TeamService.propose`,
:mod:`swisstui.session.team_proposal`: the pairing and its explanation, nothing stored) and stored by
:meth:`TeamService.confirm`, refused when the event changed since.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.model.team_tournament import TeamTournament
from swisstui.language import _
from swisstui.session.action_errors import ActionError, ProposalStale
from swisstui.session.core import Service
from swisstui.session.outcome import Changed, Unchanged
from swisstui.session.player_actions import check_fields
from swisstui.session.team_proposal import TeamProposal, propose_round, stale_reasons, store_round
from swisstui import store
from swisstui.store import event as ev
from swisstui.store.board_results import RESULTS, canonical_result, result_codes
from swisstui.store.event_teams import match_rounds, team_tournament
from swisstui.store.lineups import EMPTY, lineup_problem, lineup_warnings
from swisstui.store.team_records import FORFEIT_SIDES, TeamMatchRecord, TeamRecord, TeamSettings

PlayerEntry = int | Mapping[str, Any]
"""A team's player as :meth:`TeamService.add` takes it: a registered player's pairing number, or the
fields of a player to register (``{"name": ..., "rating": ..., "fide_id": ...}``)."""


def team_settings(event: ev.Event) -> TeamSettings:
    """The event's team settings; refused for an individual event."""
    if event.team is None:
        raise ActionError(_("{event} is not a team event: its players are paired, not teams "
                            "(create one with swisstui new --system fide-team --team-size N)").format(event=event.name))
    return event.team


def find_team(event: ev.Event, team_id: int) -> TeamRecord:
    try:
        return event.team_record(team_id)
    except KeyError:
        raise ActionError(_("no team number {team}").format(team=team_id)) from None


def find_match(event: ev.Event, round_number: int, match: int) -> TeamMatchRecord:
    rnd = event.round(round_number)
    if rnd is None or not rnd.team.paired:
        raise ActionError(_("round {round} is not paired").format(round=round_number))
    if not 1 <= match <= len(rnd.team.matches):
        raise ActionError(_("round {round} has no match {match} (matches 1-{last})").format(
            round=round_number, match=match, last=len(rnd.team.matches)))
    return rnd.team.matches[match - 1]


def unfinished(event: ev.Event, round_number: int) -> str | None:
    """The first board of round ``round_number`` still without a result, as a line; None when all are in."""
    rnd = event.round(round_number)
    for m in rnd.team.matches if rnd is not None else ():
        if m.forfeit:
            continue
        for b in m.boards:
            if not b.result:
                return f"round {round_number}, match {m.number} ({m.white}-{m.black}), board {b.board} has no result"
    return None


def match_score(event: ev.Event, match: TeamMatchRecord) -> str:
    """The match as it stands, from the boards: ``"3 - 1"`` (game points), with the boards still to play."""
    team = team_settings(event)
    rounds = match_rounds(match, team, event.settings.points)
    white, black = rounds[match.white].game_points, rounds[match.black].game_points
    left = 0 if match.forfeit else sum(1 for b in match.boards if not b.result)
    shown = f"{_points(white)} - {_points(black)}"
    return shown + (f" ({left} board{'s' if left > 1 else ''} to play)" if left else "")


def _points(value: Any) -> str:
    whole, half = divmod(value * 2, 2)
    return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"


@dataclass(frozen=True)
class NewTeam:
    """A team to register: its name, its players in board order (:data:`PlayerEntry`), reserves and details."""

    name: str
    roster: tuple[PlayerEntry, ...]
    reserves: tuple[PlayerEntry, ...] = ()
    short: str = ""
    federation: str = ""
    club: str = ""
    captain: str = ""


class TeamService(Service):
    """``session.teams``: the teams, their rosters and lineups, a round's pairing and its board results."""

    def team_tournament(self) -> TeamTournament:
        """The team tournament the next round is paired from (the model's, built on the store side)."""
        team_settings(self.event)
        return team_tournament(self.event)

    # -- registration --------------------------------------------------------------------

    def add(self, name: str, roster: Sequence[PlayerEntry], reserves: Sequence[PlayerEntry] = (),
            short: str = "", federation: str = "", club: str = "", captain: str = "") -> Changed[int]:
        """Register a team with its players in board order (registered ones by number, new ones by their fields);
        the change holds the team's pairing number."""
        made = self.add_many([NewTeam(name, tuple(roster), tuple(reserves), short, federation, club, captain)])
        return Changed(made.value[0], made.revision, made.said)

    def add_many(self, teams: Sequence[NewTeam]) -> Changed[list[int]]:
        """Register several teams in one change (a list imported): all of them, or none when one is refused."""
        for new in teams:
            if not new.name.strip():
                raise ActionError(_("a team needs a name"))
            for entry in (*new.roster, *new.reserves):
                if not isinstance(entry, int):
                    check_fields(dict(entry), "register")
        made_ids: list[int] = []

        def apply(event: ev.Event) -> str:
            team = team_settings(event)
            if event.rounds_paired:
                raise ActionError(_("round 1 is paired: the teams are fixed (C.04.6 pairs the teams registered "
                                    "before the first round)"))
            said = []
            for new in teams:
                name = new.name.strip()
                if len(new.roster) != team.size:
                    raise ActionError(_("team {team}: {count} players on the roster; the event's teams have {size} "
                                        "(the team size)").format(team=name, count=len(new.roster), size=team.size))
                taken = {p: t for t in event.teams for p in t.board_order}
                ids = [self._player(event, entry, name, taken) for entry in new.roster]
                spare = [self._player(event, entry, name, taken) for entry in new.reserves]
                if len(set(ids + spare)) != len(ids + spare):
                    raise ActionError(_("team {team} names a player twice").format(team=name))
                number = max((t.id for t in event.teams), default=0) + 1
                event.teams.append(TeamRecord(number, name, new.short.strip(), new.federation.strip().upper(),
                                              new.club.strip(), new.captain.strip(), roster=ids, reserves=spare))
                made_ids.append(number)
                said.append(f"team {number} {name}: roster {ids}" + (f", reserves {spare}" if spare else ""))
            return "; ".join(said)

        return self._made(self._change(apply, "team"), made_ids)

    @staticmethod
    def _player(event: ev.Event, entry: PlayerEntry, team: str, taken: dict[int, TeamRecord]) -> int:
        if isinstance(entry, int):
            if entry not in {p.id for p in event.players}:
                raise ActionError(_("team {team}: no player number {player}").format(team=team, player=entry))
            if entry in taken:
                raise ActionError(_("player {player} is already on team {team} ({name}): a player plays for one "
                                    "team").format(player=entry, team=taken[entry].id, name=taken[entry].name))
            return entry
        number = max((p.id for p in event.players), default=0) + 1  # never renumbered: rosters name the numbers
        event.players.append(ev.PlayerRecord(id=number, entry=event.next_entry(), **dict(entry)))
        return number

    def order_by_strength(self) -> Changed[dict[int, int]]:
        """Number the teams by strength before round 1 (their pairing numbers, TPN: C.04.6 art. 1.1):
        the average rating of the roster's boards, highest first, the earlier number first on a tie (the
        regulations may name another rule). The change holds the numbers that changed (old -> new)."""
        moved: dict[int, int] = {}

        def apply(event: ev.Event) -> object:
            team_settings(event)
            if event.rounds_paired:
                raise ActionError(_("round 1 is paired: the teams' numbers are fixed"))
            ratings = {p.id: p.rating for p in event.players}
            order = sorted(event.teams, key=lambda t: (-sum(ratings[p] for p in t.roster) / len(t.roster), t.id))
            for number, team in enumerate(order, start=1):
                if team.id != number:
                    moved[team.id] = number
                team.id = number
            event.teams = order
            for rnd in event.rounds:  # absences announced before round 1 follow their teams
                rnd.team.absent = sorted(moved.get(t, t) for t in rnd.team.absent)
            if not moved:
                return store.UNCHANGED
            return "teams numbered by strength: " + ", ".join(f"{old}->{new}" for old, new in sorted(moved.items()))

        outcome = self._change(apply, "team-order")
        return Changed(dict(moved), outcome.revision, getattr(outcome, "said", ""))

    def withdraw(self, team_id: int) -> Changed[None]:
        """The team plays no more rounds (its last round: the last paired)."""

        def apply(event: ev.Event) -> ev.LogEntry:
            team = find_team(event, team_id)
            if team.withdrawn_after is not None:
                raise ActionError(_("team {team} ({name}) has already withdrawn").format(team=team_id, name=team.name))
            team.withdrawn_after = event.rounds_paired
            return self._log(event, "withdraw-team", f"team {team_id} {team.name} after round {event.rounds_paired}",
                             event.rounds_paired + 1)

        return self._made(self._change(apply), None)

    def absent(self, round_number: int, team_id: int) -> Changed[None]:
        """The team will not play round ``round_number`` (known before it is paired): not paired, no points."""

        def apply(event: ev.Event) -> str:
            find_team(event, team_id)
            if round_number <= event.rounds_paired:
                raise ActionError(_("round {round} is already paired").format(round=round_number))
            if round_number > event.settings.rounds:
                raise ActionError(_("the event has {rounds} rounds").format(rounds=event.settings.rounds))
            rnd = event.ensure_round(round_number)
            if team_id not in rnd.team.absent:
                rnd.team.absent.append(team_id)
                rnd.team.absent.sort()
            return f"team {team_id} absent from round {round_number}"

        return self._made(self._change(apply, "absent", round_number), None)

    # -- the pairing -------------------------------------------------------------------------

    @property
    def proposed(self) -> TeamProposal | None:
        """The team round proposed and not yet stored (None when there is none)."""
        return self._core.team_proposal

    def propose(self) -> TeamProposal:
        """Pair the next round by the event's system (its catalogue entry) and explain it, checked by the
        validator; nothing is stored until :meth:`confirm` (the review shows it first)."""
        event = self.event
        team = team_settings(event)
        self._core.team_proposal = None
        proposal = propose_round(event, team, unfinished(event, event.rounds_paired))
        self._core.team_proposal = proposal
        return proposal

    def confirm(self) -> Changed[int]:
        """Store the proposed round exactly as proposed, with each team's default lineup, and publish it; the
        change holds the round's number. Refused (:class:`ProposalStale`, the proposal kept for the screen to
        pair again) when the teams, absences or results changed since it was paired."""
        proposal = self._core.team_proposal
        if proposal is None:
            raise ActionError(_("no team round is proposed: pair the next round first (n)"))

        def apply(event: ev.Event) -> str:
            team = team_settings(event)
            reasons = stale_reasons(proposal, event)
            if reasons:
                raise ProposalStale(proposal.round, reasons)
            return store_round(event, team, proposal)

        made = self._made(self._change(apply, "pair"), proposal.round)
        self._core.team_proposal = None
        return made

    def discard(self) -> None:
        """Forget the proposed round; nothing was stored."""
        self._core.team_proposal = None

    def pair(self) -> Changed[int]:
        """Pair the next round, check it with the validator and store it at once with each team's default lineup
        (the command line's ``swisstui team EVENT pair``: :meth:`propose` then :meth:`confirm`)."""
        self.propose()
        return self.confirm()

    # -- lineups and results -----------------------------------------------------------------

    def set_lineup(self, round_number: int, team_id: int, players: Sequence[int]) -> Changed[list[str]] | Unchanged:
        """The players ``team_id`` puts on the boards of its match in ``round_number``, in board order (0: a board
        left empty); refused with the rule named when the team may not field them, or once a board has a result.
        Under the event's ``lineup = "warn"`` a lineup breaking only a rule the regulations may relax (the board
        order, a board left empty above a player) is stored, and the change holds a warning
        naming each rule broken (also in the history line); [] when it breaks none."""
        warned: list[str] = []

        def apply(event: ev.Event) -> object:
            team = team_settings(event)
            record = find_team(event, team_id)
            rnd = event.round(round_number)
            match = rnd.team.match_of(team_id) if rnd is not None else None
            if rnd is None or match is None:
                raise ActionError(_("team {team} has no match in round {round}").format(
                        team=team_id, round=round_number))
            if match.forfeit or any(b.result for b in match.boards):
                raise ActionError(_("round {round}, match {match} has results: its lineups are fixed").format(
                    round=round_number, match=match.number))
            problem = lineup_problem(record, list(players), team.size, team.lineup)
            if problem is not None:
                raise ActionError(problem)
            warned[:] = lineup_warnings(record, list(players), team.size, team.lineup)
            playing = {p for p in players if p != EMPTY}
            for p in playing:
                gone = event.player(p)
                if not gone.plays_in(round_number) or p in rnd.requests:
                    raise ActionError(_("player {player} ({name}) does not play round {round}").format(
                        player=p, name=gone.name, round=round_number))
            if match.lineup(team_id, team.board_colours) == list(players):
                return store.UNCHANGED
            for board in match.boards:
                if match.side_of_board(board.board, team.board_colours)[0] == team_id:
                    board.white = players[board.board - 1]
                else:
                    board.black = players[board.board - 1]
            accepted = "".join(f"; accepted with a warning (settings.team.lineup = warn): {w}" for w in warned)
            return f"round {round_number}, team {team_id} lineup {list(players)}{accepted}"

        outcome = self._change(apply, "lineup", round_number)
        return outcome if isinstance(outcome, Unchanged) else Changed(list(warned), outcome.revision, outcome.said)

    def lineup_warnings(self, round_number: int, team_id: int) -> list[str]:
        """The rules the lineup ``team_id`` fields in ``round_number`` breaks that the event's ``lineup = "warn"``
        accepted, each named, for a screen to keep showing; [] under ``strict``, or without such a lineup."""
        event = self.event
        team = team_settings(event)
        rnd = event.round(round_number)
        match = rnd.team.match_of(team_id) if rnd is not None else None
        if match is None or not match.boards:
            return []
        return lineup_warnings(find_team(event, team_id), match.lineup(team_id, team.board_colours), team.size,
                               team.lineup)

    def set_result(self, round_number: int, match: int, board: int, result: str, *,
                   correct: bool = False) -> Changed[str]:
        """A board's result (the result keys of individual boards: ``1-0``, ``1/2-1/2``, ``+/-`` ...); the change
        holds the match's score as it stands. A board that has a result is changed only with ``correct``."""
        try:
            stored = canonical_result(result)
        except ValueError:
            raise ActionError(_("unknown result {result} (known: {known})").format(result=repr(result),
                                                                                  known=", ".join(RESULTS))) from None
        score: list[str] = []

        def apply(event: ev.Event) -> str:
            found = find_match(event, round_number, match)
            if found.forfeit:
                raise ActionError(_("round {round}, match {match} was forfeited whole").format(round=round_number,
                                                                                               match=match))
            if not 1 <= board <= len(found.boards):
                raise ActionError(_("match {match} has boards 1-{last}").format(match=match, last=len(found.boards)))
            row = found.boards[board - 1]
            if row.result and row.result != stored and not correct:
                raise ActionError(_("round {round}, match {match}, board {board} has {result}: correct it to change "
                                    "it").format(round=round_number, match=match, board=board, result=row.result))
            codes = result_codes(stored)
            for side, pid, code in (("white", row.white, codes[0] if codes else None),
                                    ("black", row.black, codes[1] if codes else None)):
                if pid == EMPTY and code is not None and code.value != "-":
                    raise ActionError((_("board {board} has no white player: white loses it by forfeit (-/+ or -/-)")
                                       if side == "white" else
                                       _("board {board} has no black player: black loses it by forfeit (+/- or -/-)"))
                                      .format(board=board))
            old = row.result
            row.result = stored
            score.append(match_score(event, found))
            return (f"round {round_number}, match {match} ({found.white}-{found.black}), board {board}: "
                    f"{old or 'no result'} -> {stored or 'no result'}; match {score[-1]}")

        return self._made(self._change(apply, "result", round_number), score[-1] if score else "")

    def forfeit(self, round_number: int, match: int, side: str) -> Changed[None]:
        """The match lost whole by forfeit (TRF-2026 record 330): ``side`` is ``white`` (the team with White on
        board 1), ``black`` or ``both``. Refused once a board has a result."""
        if side not in FORFEIT_SIDES:
            raise ActionError(_("forfeit by {side}: one of {sides}").format(
                    side=repr(side), sides=", ".join(FORFEIT_SIDES)))

        def apply(event: ev.Event) -> str:
            found = find_match(event, round_number, match)
            if any(b.result for b in found.boards):
                raise ActionError(_("round {round}, match {match} has board results: enter each board's forfeit "
                                    "instead").format(round=round_number, match=match))
            found.forfeit = side
            return f"round {round_number}, match {match} ({found.white}-{found.black}) forfeited by {side}"

        return self._made(self._change(apply, "forfeit", round_number), None)

    def set_match_results(self, round_number: int, match: int, results: Sequence[str]) -> Changed[str]:
        """A match card: every board's result of a match that has none yet, board 1 first, in one change (one
        write of the file, where :meth:`set_result` writes once a board); each board checked as
        :meth:`set_result` checks it, and nothing entered when one is refused. The change holds the match's
        score. A board already entered is corrected with :meth:`set_result`."""
        try:
            stored = [canonical_result(r) for r in results]
        except ValueError as err:
            raise ActionError(_("a result of the match card: {problem} (known: {known})").format(
                problem=err, known=", ".join(RESULTS))) from None
        score: list[str] = []

        def apply(event: ev.Event) -> str:
            found = find_match(event, round_number, match)
            if found.forfeit:
                raise ActionError(_("round {round}, match {match} was forfeited whole").format(round=round_number,
                                                                                               match=match))
            if len(stored) != len(found.boards):
                raise ActionError(_("match {match} has {boards} boards; the card gives {given}").format(
                    match=match, boards=len(found.boards), given=len(stored)))
            if any(b.result for b in found.boards):
                raise ActionError(_("round {round}, match {match} has results: correct a board on its own").format(
                    round=round_number, match=match))
            for row, result in zip(found.boards, stored):
                codes = result_codes(result)
                for side, pid, code in (("white", row.white, codes[0] if codes else None),
                                        ("black", row.black, codes[1] if codes else None)):
                    if pid == EMPTY and code is not None and code.value != "-":
                        raise ActionError((_("board {board} has no white player: white loses it by forfeit")
                                           if side == "white" else
                                           _("board {board} has no black player: black loses it by forfeit"))
                                          .format(board=row.board))
            for row, result in zip(found.boards, stored):
                row.result = result
            score.append(match_score(event, found))
            return (f"round {round_number}, match {match} ({found.white}-{found.black}): {' '.join(stored)}; "
                    f"match {score[-1]}")

        return self._made(self._change(apply, "result", round_number), score[-1] if score else "")
