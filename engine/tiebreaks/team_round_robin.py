"""Which team tie-breaks a team round robin may use (C.07 (2026) art. 8, 13.4).

C.07 art. 8 bars the Buchholz family (BH, AOB, FB) from round robins: every team meets
every other, so the opponents' scores add up to the same total for all but what the team
itself scored. The score and schedule strength combination (art. 13.4) is built of a
Buchholz (or a Fore Buchholz), so it is barred with them. KS (art. 9.2), for individual
round robins, is refused for teams already (``team_spec``: C.07 gives teams no KS).
"""

from __future__ import annotations

from engine.tiebreaks.team_spec import TeamTieBreak

BUCHHOLZ_BUILT = frozenset({"SSSC"})
"""Team tie-breaks computed from a Buchholz (art. 13.4), barred where the Buchholz family is."""


def team_misplaced(tb: TeamTieBreak, round_robin: bool) -> str | None:
    """Why C.07 does not allow ``tb`` in this team event, or None when it does."""
    if not round_robin:
        return None
    if tb.individual is not None and tb.individual.definition.swiss_only:
        return f"{tb.code} must not be used in round robins (C.07 art. 8)"
    if tb.acronym in BUCHHOLZ_BUILT:
        return f"{tb.code} is built of a Buchholz (C.07 art. 13.4), which round robins must not use (art. 8)"
    return None
