"""A team round proposed and not yet stored: the catalogue's pairing, its explanation and the inputs it came from.

As for individual events (:mod:`swisstui.session.proposal`), the arbiter reviews the pairing before it is
stored: :class:`TeamProposal` keeps the pairs, the steps of the explanation (each with its C.04.6 article),
and the :class:`TeamTournament` the engine paired. Confirming compares that tournament with the one the file
gives now (:func:`stale_reasons`): a change of the teams, the absences or the results since can change the
pairing, so such a proposal is refused rather than stored (the arbiter pairs again).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import systems
from engine.model.explain import TraceEvent
from engine.model.team_tournament import TeamTournament
from engine.validate.team import validate_team_round
from swisstui.language import _
from swisstui.session.action_errors import ActionError
from swisstui.store import event as ev
from swisstui.store.event_teams import team_tournament
from swisstui.store.lineups import default_lineup
from swisstui.store.team_records import TeamBoard, TeamMatchRecord, TeamSettings


@dataclass(frozen=True)
class TeamProposal:
    """The next team round as the engine paired it: ``pairs`` (white on board 1, black; ``0`` the bye, last),
    ``steps`` the explanation, ``inputs`` the tournament paired, ``revision`` the event's revision then."""

    round: int
    system: str
    pairs: tuple[tuple[int, int], ...]
    steps: tuple[TraceEvent, ...]
    inputs: TeamTournament
    revision: int
    forfeited: tuple[tuple[int, int, str], ...] = ()
    """A round robin's matches a withdrawn team lost by forfeit (``left-games``): (white, black, the side that
    lost). Not played, so not among ``pairs`` the validator checks; stored with ``forfeit`` set."""

    @property
    def matches(self) -> tuple[tuple[int, int], ...]:
        """The pairs that play (the bye left out)."""
        return tuple(p for p in self.pairs if p[1] != 0)

    @property
    def bye(self) -> int | None:
        """The team given the pairing-allocated bye (C.04.6 art. 3.4), if any."""
        return next((w for w, b in self.pairs if b == 0), None)


def propose_round(event: ev.Event, team: TeamSettings, unfinished: str | None) -> TeamProposal:
    """Pair the next round of ``event`` by its catalogue entry and explain it; nothing is stored.

    ``unfinished`` names a board of the last round still without a result (None when all are in): the next
    round's scores need every result. Refused with one line when the round cannot be paired or the independent
    validator finds an absolute criterion broken.
    """
    info = systems.get(event.settings.system)
    if info.unit is not systems.Unit.TEAM:
        raise ActionError(_("the {system} pairs players, not teams").format(system=info.title))
    number = event.rounds_paired + 1
    if number > event.settings.rounds:
        raise ActionError(_("all {rounds} rounds are paired").format(rounds=event.settings.rounds))
    if unfinished is not None:
        raise ActionError(_("{unfinished}: enter every board before pairing round {round}").format(
                unfinished=unfinished,
                                                                                                  round=number))
    snapshot = team_tournament(event)
    try:
        pairing = info.pair_teams(snapshot)
    except ValueError as err:  # C.04.6 art. 3.3.3: no legal pairing; the Chief Arbiter decides
        raise ActionError(_("round {round} cannot be paired: {reason}").format(round=number, reason=err)) from None
    pairs = tuple((m.white, m.black) for m in pairing.matches)
    # a team round robin's matches left by a withdrawal and forfeited (engine.systems.roundrobin.teams)
    forfeited = tuple((m.white, m.black, m.forfeit) for m in getattr(pairing, "forfeited", ()))
    _check(info, snapshot, pairs, number, forfeited)
    return TeamProposal(number, event.settings.system, pairs, info.explain_teams(snapshot, pairing), snapshot,
                        event.revision, forfeited)


def _check(info: systems.SystemInfo, snapshot: TeamTournament, pairs: tuple[tuple[int, int], ...],
           number: int, forfeited: tuple[tuple[int, int, str], ...] = ()) -> None:
    problems = validate_team_round(info, snapshot, list(pairs), forfeited)
    if problems:  # the independent check of C.04.6's absolute criteria (engine/validate/team.py)
        raise ActionError(_("round {round}: the pairing breaks {rule}").format(round=number, rule=problems[0]))


def stale_reasons(proposal: TeamProposal, event: ev.Event) -> list[str]:
    """What changed in ``event`` since ``proposal`` was paired that can change the pairing; [] when nothing."""
    if event.rounds_paired + 1 != proposal.round:
        return [_("round {round} is now the last paired").format(round=event.rounds_paired)]
    if event.settings.system != proposal.system:
        return [_("the system is now {system}").format(system=event.settings.system)]
    now = team_tournament(event)
    before = proposal.inputs
    if now == before:
        return []
    reasons = []
    added, gone = sorted(set(now.teams) - set(before.teams)), sorted(set(before.teams) - set(now.teams))
    if added or gone:
        reasons.append(_("teams {changes}").format(changes=", ".join(
            [*(_("{team} registered").format(
                    team=t) for t in added), *(_("{team} gone").format(team=t) for t in gone)])))
    changed = [t for t in sorted(set(now.teams) & set(before.teams))
               if now.teams[t].rounds != before.teams[t].rounds]
    if changed:
        reasons.append(_("results or matches of team {teams}").format(teams=", ".join(map(str, changed[:6]))))
    renamed = [t for t in sorted(set(now.teams) & set(before.teams))
               if (now.teams[t].name, now.teams[t].players) != (before.teams[t].name, before.teams[t].players)]
    if renamed:
        reasons.append(_("the roster of team {teams}").format(teams=", ".join(map(str, renamed[:6]))))
    if now.absent_next != before.absent_next:
        reasons.append(_("absent now: {teams}").format(teams=", ".join(map(str, sorted(now.absent_next))) or _("none")))
    return reasons or [_("the event's settings")]


def store_round(event: ev.Event, team: TeamSettings, proposal: TeamProposal) -> str:
    """Write ``proposal``'s round into ``event`` exactly as proposed, each team with its default lineup (the
    first players of its roster present, C.04.6 art. 1.1's board order), and published. Returns the history line.
    The caller checked it is not stale; the validator checks it again on the file as it is now."""
    number = proposal.round
    _check(systems.get(event.settings.system), team_tournament(event), proposal.pairs, number, proposal.forfeited)
    rnd = event.ensure_round(number)
    present = {p.id for p in event.players if p.plays_in(number) and p.id not in rnd.requests}
    rnd.team.matches = []
    rnd.team.bye = None
    for white, black, side in [(w, b, "") for w, b in proposal.pairs] + list(proposal.forfeited):
        if black == 0:
            rnd.team.bye = white
            continue
        # a match forfeited whole keeps the teams' lineups, so the players' forfeits are on their boards (TRF 330)
        match = TeamMatchRecord(len(rnd.team.matches) + 1, white, black, forfeit=side)
        lineups = {t: default_lineup(event.team_record(t), team.size, present) for t in (white, black)}
        for board in range(1, team.size + 1):
            w, b = match.side_of_board(board, team.board_colours)
            match.boards.append(TeamBoard(board, lineups[w][board - 1], lineups[b][board - 1]))
        rnd.team.matches.append(match)
    rnd.published = True
    shown = ", ".join([f"{w}-{b}" if b else f"{w} bye" for w, b in proposal.pairs]
                      + [f"{w}-{b} forfeited by {side}" for w, b, side in proposal.forfeited])
    return f"round {number} ({proposal.system}): {shown}"
