"""Standings as people read them: tie-break values as text, and a player's card.

Shared by the standings screen, the ``standings`` command and the published
pages, so that every place shows the same numbers in the same form.
"""

from __future__ import annotations

from decimal import Decimal

from engine.awards.ratings import RatingFigures, event_ratings
from engine.awards.standings import Row, Standings
from engine.model.explain import points_text
from engine.model.tournament import Tournament
from engine.tiebreaks import TieBreak, Value

DE_NOTE = "DE: place among the players tied when it was applied; blank when it did not separate them"
DE_NOTE_SHORT = "DE: place among those tied when it applied; blank: it did not separate them"
"""The same note in one line of an 80-column terminal, under the standings screen's table."""


def value_text(tb: TieBreak, value: Value) -> str:
    """One cell: ``13.5``, ``2105``, ``12.25``; blank when the tie-break has no value (or DE did not separate)."""
    v = value.value
    if v is None or (tb.acronym == "DE" and v == 0):
        return ""
    if isinstance(v, int):
        return str(v)
    if tb.acronym == "AOB":
        return f"{v.quantize(Decimal('0.01'))}"
    text = f"{v.normalize():f}"
    return text if "." in text else text + (".0" if tb.acronym in ("BH", "FB", "SB", "PS", "STD", "KS") else "")


def rank_texts(s: Standings) -> list[str]:
    """Ranks as printed: a shared rank is written once, on the first of the tied rows."""
    out, last = [], None
    for r in s.rows:
        out.append("" if r.rank == last else str(r.rank))
        last = r.rank
    return out


def card_lines(s: Standings, t: Tournament, player: int, year: int | None = None) -> list[str]:
    """How every value of ``player`` came about: per tie-break, the rounds, opponents and what was cut.

    ``year`` is the year the event is played in, for the K of a junior (B.02) in the rating line.
    """
    row: Row = s.row(player)
    p = t.player(player)
    figures = event_ratings(t, s.after_round, year=year)[player]
    lines = [f"{p.name} (No {p.id}), rank {row.rank}, {points_text(row.points)} points after round {s.after_round}",
             f"C.07 edition {s.edition.value}",
             rating_line(p.rating, figures), *k_line(figures)]
    for tb, value in zip(s.tiebreaks, row.values):
        shown = value_text(tb, value) or "—"
        lines.append("")
        lines.append(f"{tb.code} = {shown}   ({tb.definition.name}, C.07 art. {tb.definition.article})")
        if value.note:
            lines.append(f"  {value.note}")
        for part in value.parts:
            opp = f"vs {part.opponent}" if part.opponent is not None else "no opponent"
            amount = "" if part.value is None else f"{part.value}"
            mark = "  (cut)" if part.cut else ""
            lines.append(f"  R{part.round:<2} {opp:<11} {amount:>6}  {part.what}{mark}")
    return lines


def signed(change: Decimal | None) -> str:
    """A rating change as FIDE's rating lists show it, one decimal at least: ``+7.2``, ``-10.0``, ``0.0``
    (more where K times the expected score has them); empty when there is none. Whole changes as
    ``+34`` beside ``+5.4`` in one column read as two kinds of figure."""
    if change is None:
        return ""
    exponent = change.normalize().as_tuple().exponent
    places = max(1, -exponent) if isinstance(exponent, int) else 1
    text = f"{change:.{places}f}"
    return f"+{text}" if change > 0 else text


def rating_line(rating: int, f: RatingFigures) -> str:
    """The rating figures (B.02) in one line: ``Rating: 4 rated games, ARO 2281, TPR 3081, K 10, change +8``."""
    if not f.games:
        return "Rating: no rated games"
    figures = f"{f.games} rated game{'s' if f.games > 1 else ''}, ARO {f.aro}, TPR {f.performance}"
    if not rating:
        return f"Rating: unrated; {figures}"
    return f"Rating: {figures}, K {f.k}, change {signed(f.change)}"


def k_line(f: RatingFigures) -> list[str]:
    """Where the card's K came from: the FIDE list, else the rule of B.02 art. 8.3.3 that gave it.

    The arbiter checking a rating change needs to know whether K is FIDE's or worked out from
    the event's own data (rating, year of birth), which cannot know the player's rated games.
    """
    if f.k is None or not f.games:
        return []
    return [f"  K {f.k}: {f.k_rule} (B.02 art. 8.3.3)"]
