"""Standings as people read them: tie-break values as text, and a player's card.

Shared by the standings screen, the ``standings`` command and the published
pages, so that every place shows the same numbers in the same form.
"""

from __future__ import annotations

from decimal import Decimal

from engine.awards.ratings import RatingFigures, event_ratings
from engine.awards.standings import Row, Standings, standings
from engine.model.tournament import Tournament
from engine.tiebreaks import Edition, TieBreak, TieBreakError, Value
from swisstui.language import N_, _, ngettext
from swisstui.language.formats import decimal_separator, score_text
from swisstui.store.event import Event

DE_NOTE = N_("DE: place among the players tied when it was applied; blank when it did not separate them")
DE_NOTE_SHORT = N_("DE: place among those tied when it applied; blank: it did not separate them")
"""The same note in one line of an 80-column terminal, under the standings screen's table."""


def edition_year(edition: Edition) -> str:
    """The C.07 edition as people name it, by its year (``c07-2026`` -> ``2026``): the id is a key."""
    return edition.value.rsplit("-", 1)[-1]


def value_text(tb: TieBreak, value: Value, shown: bool = False) -> str:
    """One cell: ``13.5``, ``2105``, ``12.25``; blank when the tie-break has no value (or DE did not separate).

    ``shown``: for people, with the decimal separator of the language in force (``13,5`` in French); the
    CSV and the command line keep the point."""
    text = _plain_value(tb, value)
    return text.replace(".", decimal_separator()) if shown else text


def shown_value(text: str) -> str:
    """A tie-break's value already written (``12.25``) with the decimal separator of the language in force."""
    return text.replace(".", decimal_separator())


def _plain_value(tb: TieBreak, value: Value) -> str:
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
    lines = [_("{name} (No {number}), rank {rank}, {points} points after round {round}").format(
                 name=p.name, number=p.id, rank=row.rank, points=score_text(row.points), round=s.after_round),
             _("C.07 edition {edition}").format(edition=edition_year(s.edition)),
             rating_line(p.rating, figures), *k_line(figures)]
    separator = decimal_separator()
    for tb, value in zip(s.tiebreaks, row.values):
        shown = value_text(tb, value, shown=True) or "—"
        lines.append("")
        # the engine's name of the tie-break (C.07), looked up in case the catalogue has it
        lines.append(_("{code} = {value}   ({name}, C.07 art. {article})").format(
            code=tb.code, value=shown, name=_(tb.definition.name), article=tb.definition.article))
        if value.note:
            lines.append(f"  {_(value.note)}")
        for part in value.parts:
            opp = (_("vs {opponent}").format(opponent=part.opponent) if part.opponent is not None
                   else _("no opponent"))
            amount = "" if part.value is None else f"{part.value}".replace(".", separator)
            mark = "  " + _("(cut)") if part.cut else ""
            round_text = _("R{round}").format(round=part.round)
            lines.append(f"  {round_text:<3} {opp:<11} {amount:>6}  {_(part.what)}{mark}")
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
        return _("Rating: no rated games")
    figures = ngettext("{games} rated game, ARO {aro}, TPR {performance}",
                       "{games} rated games, ARO {aro}, TPR {performance}", f.games).format(
        games=f.games, aro=f.aro, performance=f.performance)
    if not rating:
        return _("Rating: unrated; {figures}").format(figures=figures)
    return _("Rating: {figures}, K {k}, change {change}").format(
        figures=figures, k=f.k, change=signed(f.change).replace(".", decimal_separator()))


def k_line(f: RatingFigures) -> list[str]:
    """Where the card's K came from: the FIDE list, else the rule of B.02 art. 8.3.3 that gave it.

    The arbiter checking a rating change needs to know whether K is FIDE's or worked out from
    the event's own data (rating, year of birth), which cannot know the player's rated games.
    """
    if f.k is None or not f.games:
        return []
    return ["  " + _("K {k}: {rule} (B.02 art. 8.3.3)").format(k=f.k, rule=_(f.k_rule) if f.k_rule else "")]


def standings_or_untied(event: Event, n: int) -> tuple[Standings, list[str]]:
    """The standings after round ``n`` by the event's tie-breaks, or by points alone with a note saying why
    when the list cannot be applied (a page is still written; the note is shown on it)."""
    t = event.to_tournament()
    try:
        return standings(t, n), []
    except TieBreakError as exc:
        return standings(t, n, tiebreaks=()), [_("tie-breaks not applied: {reason}").format(reason=exc)]
