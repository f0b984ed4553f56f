"""What C.04.6(2026) reads of each team before a round: scores, colours, floats, meetings.

Built once per round from :class:`engine.model.team_tournament.TeamTournament`; the
bracket search and the colour allocation read only these facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.model.team_tournament import ColourType, RoundKind, TeamEntry, TeamTournament

# A colour preference: (colour, strength); colour "w" or "b", strength 2 for a simple
# (type A) or strong (type B) preference, 1 for a mild (type B) one. None: no preference.
Preference = tuple[str, int] | None


@dataclass(frozen=True)
class TeamFacts:
    """One team as the pairing of the next round sees it."""

    tpn: int
    primary: Fraction
    secondary: Fraction
    matches_played: int        # art. 3.4.3, art. 4.3.1: matches played over the board
    colour_difference: int     # art. 1.6.2: Whites minus Blacks, played matches only
    colours: str               # art. 1.6.1: "w"/"b" per played match, in order
    floated: bool              # art. 1.5: played an opponent with another score last round
    met: frozenset[int]        # [C1] art. 2.1.1: opponents of played matches
    bye_barred: bool           # [C2] art. 2.1.2: had the bye, or won a match by forfeit
    preference: Preference     # art. 1.7
    virtual: Fraction = Fraction(0)   # C.04.7: virtual points for this round (acceleration)

    @property
    def score(self) -> Fraction:
        """The pairing score (C.04.7 art. 1.5): the primary score and the virtual points; it
        makes the scoregroups and their order. Standings and art. 4.2 read ``primary``."""
        return self.primary + self.virtual


def colour_preference(kind: ColourType, cod: int, csq: str, last_round: bool) -> Preference:
    """C.04.6(2026) art. 1.7: the colour preference of a team.

    Art. 1.7.1 (type A, simple) and the first two paragraphs of art. 1.7.2 (type B,
    strong) read alike: a colour difference below -1, or of 0 or -1 after two Blacks in
    the last two played matches, wants White (and the mirror for Black). Type B adds mild
    preferences: a difference of -1 or +1, or of 0 (except in the last round) against
    the last played colour. A team that has yet to play has none.
    """
    if kind is ColourType.NONE:
        return None
    if cod < -1 or (cod in (0, -1) and csq[-2:] == "bb"):
        return ("w", 2)
    if cod > 1 or (cod in (0, 1) and csq[-2:] == "ww"):
        return ("b", 2)
    if kind is ColourType.A:
        return None
    if cod == -1:
        return ("w", 1)
    if cod == 1:
        return ("b", 1)
    if cod == 0 and not last_round and csq:
        return ("w", 1) if csq[-1] == "b" else ("b", 1)
    return None


def _score_before(team: TeamEntry, event: TeamTournament, rnd: int) -> Fraction:
    """The pairing score round ``rnd`` was paired on: the primary score after ``rnd - 1``
    rounds and the virtual points of that round (C.04.7 art. 1.5; none without acceleration)."""
    return team.score(event.primary, rnd - 1) + event.virtual_points(team.tpn, rnd)


def team_facts(event: TeamTournament, round_to_pair: int) -> dict[int, TeamFacts]:
    """Facts of every team of ``event`` (present or not) for pairing ``round_to_pair``."""
    last_round = round_to_pair >= event.total_rounds
    facts: dict[int, TeamFacts] = {}
    for tpn, team in event.teams.items():
        cod = 0
        csq = ""
        met: set[int] = set()
        barred = False
        for r in team.rounds:
            if r.kind is RoundKind.BYE or r.forfeit_win:
                barred = True
            if r.kind is RoundKind.MATCH and r.played:
                met.add(r.opponent)
                csq += "w" if r.white else "b"
                cod += 1 if r.white else -1
        floated = False
        prev = len(team.rounds)
        if prev >= 1:
            last = team.rounds[prev - 1]
            if last.kind is RoundKind.MATCH and last.played and last.opponent in event.teams:
                own = _score_before(team, event, prev)
                other = _score_before(event.teams[last.opponent], event, prev)
                floated = own != other
        facts[tpn] = TeamFacts(
            tpn=tpn,
            primary=team.score(event.primary),
            secondary=team.score(event.secondary),
            matches_played=len(csq),
            colour_difference=cod,
            colours=csq,
            floated=floated,
            met=frozenset(met),
            bye_barred=barred,
            preference=colour_preference(event.colour_type, cod, csq, last_round),
            virtual=event.virtual_points(tpn, round_to_pair),
        )
    return facts
