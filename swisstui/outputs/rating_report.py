"""What FIDE needs in a rating report that the event does not hold yet, one phrase per missing item.

The TRF file ``export --trf`` writes is the tournament report FIDE rates (FIDE Rating
Regulations B.02, the tournament report; TRF-2026, C.02.03 Annex A). Beside the header
records (:func:`swisstui.store.details.missing_for_rating_report`: city, federation,
dates, arbiters with their FIDE IDs, time control, the round dates of record 132) FIDE
needs to know the rating list the event is rated on (the event's rating type) and each
player: a player with a FIDE ID is found by it; a player without one is registered by
FIDE from the report, which then needs the federation, the birth date and the sex
(record 001 columns 54-56, 70-79 and 10).
"""

from __future__ import annotations

from collections.abc import Callable

from swisstui.store import event as ev
from swisstui.store.details import missing_for_rating_report

RATING_TYPES = ("standard", "rapid", "blitz")


def missing_items(event: ev.Event, through_round: int) -> list[str]:
    """Every item the rating report lacks: the header's, the rating type, then each player's."""
    missing = missing_for_rating_report(event, through_round)
    if event.rating_type not in RATING_TYPES:
        missing.append(f"rating type (standard, rapid or blitz; the event says {event.rating_type!r})")
    missing.extend(player_gaps(event))
    return missing


def player_gaps(event: ev.Event) -> list[str]:
    """Per player, in pairing-number order: a FIDE ID, or the data FIDE registers a new player from."""
    gaps = []
    for p in sorted(event.players, key=lambda p: p.id):
        if p.fide_id:
            continue
        lacking = [what for what, value in (("federation", p.federation), ("birth date", p.birth),
                                            ("sex", p.sex)) if not value.strip()]
        if p.rating:
            gaps.append(f"001 player {p.id} ({p.name}): rated {p.rating} but no FIDE ID")
        elif lacking:
            gaps.append(f"001 player {p.id} ({p.name}): no FIDE ID, and a new player's {', '.join(lacking)}")
    return gaps


def rounds_complete(event: ev.Event, warnings: list[str],
                    finished: Callable[[ev.RoundRecord], bool] | None = None) -> int:
    """The last round a report holds: TRF holds played rounds, so the first paired round still missing results
    and those after it are left out, said in ``warnings``. ``finished``: whether a round has every result in
    (default: every board; a team event's: every match)."""
    done = finished or (lambda rnd: all(board.result for board in rnd.boards))
    through = 0
    for number in range(1, event.rounds_paired + 1):
        rnd = event.round(number)
        if rnd is None or not done(rnd):
            break
        through = number
    if through < event.rounds_paired:
        left = f"round {through + 1}" if through + 1 == event.rounds_paired else \
            f"rounds {through + 1}-{event.rounds_paired}"
        warnings.append(f"{left} paired but not every result is in: not written (TRF holds rounds played)")
    return through
