"""The event's prizes and category standings, computed from the event file's data by the engine.

This is the layer between the event (players' registration, the ``[prizes]`` and
``[[categories]]`` tables, the rounds) and the pure functions of
:mod:`engine.awards.prizes`, :mod:`engine.awards.categories` and :mod:`engine.awards.ratings`; the
``prizes`` command, the standings columns and the player card read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.awards import categories as cats
from engine.model.tournament import ResultCode, Tournament
from engine.awards.prizes import Award, Ranked, allocate
from engine.awards.ratings import RatingFigures, event_ratings
from engine.awards.standings import Standings, standings
from engine.tiebreaks import TieBreakError
from swisstui.store.event import Event, PlayerRecord
from swisstui.language import N_, _, ngettext


@dataclass(frozen=True)
class PrizeReport:
    """The prizes after round ``after_round``; ``provisional`` until the last round is complete."""

    after_round: int
    provisional: bool
    standings: Standings
    awards: list[Award]
    notes: tuple[str, ...] = ()
    not_eligible: dict[int, str] = field(default_factory=dict)  # player -> why the regulations exclude them


def event_year(event: Event) -> int | None:
    """The year the event starts in, which FIDE's age rules and the junior K count from."""
    if event.info.start is not None:
        return event.info.start.year
    dates = [rnd.date for rnd in event.rounds if rnd.date is not None]
    return min(dates).year if dates else None


def applicant(p: PlayerRecord) -> cats.Applicant:
    return cats.Applicant(p.id, p.rating, p.national_rating, p.birth, p.sex, p.federation, p.club)


def category_members(event: Event) -> dict[str, set[int]]:
    """Each category's name and the pairing numbers of its members."""
    year = event_year(event)
    people = [applicant(p) for p in event.players]
    return {c.category.name: set(cats.members(people, c.category, year)) for c in event.prizes.categories}


def is_complete(event: Event, after_round: int) -> bool:
    """Whether the event is over at ``after_round``: the last round, every result in."""
    if after_round < event.settings.rounds:
        return False
    rnd = event.round(after_round)
    return rnd is not None and all(board.result for board in rnd.boards)


def prize_report(event: Event, after_round: int | None = None) -> PrizeReport:
    """Who wins what after ``after_round`` (default: the last round paired)."""
    t = event.to_tournament()
    n = t.rounds_played if after_round is None else after_round
    notes: tuple[str, ...] = ()
    try:
        table = standings(t, n)
    except TieBreakError as exc:  # as the published standings do: points alone, and say so
        table, notes = standings(t, n, tiebreaks=()), (_("tie-breaks not applied: {reason}").format(reason=exc),)
    ranking = [Ranked(row.player, position, row.points) for position, row in enumerate(table.rows, start=1)]
    rules = event.prizes
    excluded = not_eligible(event, t, n)
    awards = allocate(ranking, rules.lists(), category_members(event), prefer=rules.prefer, tie_rule=rules.tie_rule,
                      ineligible=excluded)
    return PrizeReport(n, not is_complete(event, n), table, awards, notes, excluded)


_MISSED = {ResultCode.HALF_BYE: N_("half-point bye"), ResultCode.FULL_BYE: N_("full-point bye"),
           ResultCode.ZERO_BYE: N_("zero-point bye"), ResultCode.ABSENT: N_("absent"),
           ResultCode.FORFEIT_LOSS: N_("lost by forfeit")}


def not_eligible(event: Event, t: Tournament, after_round: int) -> dict[int, str]:
    """The players the event's regulations exclude from prizes (``[prizes] eligible``), each with why.

    A withdrawal counts from the moment it is recorded, also on a provisional list of an earlier
    round: the list says who can still win. With ``"every-round"`` a round not played counts when
    the player chose it (a requested bye, an absence, a forfeit loss); the pairing-allocated bye
    and a forfeit win do not, as the player came to play.
    """
    rule = event.prizes.eligible
    if rule == "all":
        return {}
    out: dict[int, str] = {}
    for p in event.players:
        if p.withdrawn:
            out[p.id] = (_("withdrew after round {round}").format(round=p.withdrawn_after) if p.withdrawn_after
                         else _("withdrew before round 1"))
        elif rule == "every-round":
            player = t.player(p.id)
            entries = [(r, player.entry(r)) for r in range(1, after_round + 1)]
            # a blank code with an opponent is a game still on, not an absence
            missed = [(r, e.code) for r, e in entries if e.code in _MISSED and not (
                e.code is ResultCode.ABSENT and e.opponent is not None)]
            if missed:
                r, code = missed[0]
                out[p.id] = _("did not play round {round} ({why})").format(round=r, why=_(_MISSED[code]))
                if len(missed) > 1:
                    out[p.id] = ngettext("did not play round {round} ({why}) and {more} more",
                                         "did not play round {round} ({why}) and {more} more", len(missed) - 1).format(
                        round=r, why=_(_MISSED[code]), more=len(missed) - 1)
    return out


def ratings(event: Event, after_round: int | None = None) -> dict[int, RatingFigures]:
    """Each player's rating figures (B.02) over the rounds played up to ``after_round``."""
    return event_ratings(event.to_tournament(), after_round, year=event_year(event))

