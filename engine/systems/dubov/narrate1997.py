"""The explanation of a pairing by the 1997 Dubov text, article by article.

The ARO list with each player's due colour (arts. 1, 9: published after every
round), the bye (art. 4, or 5 in the first round), then each score group: the
floaters paired first (art. 8), the transfers of chapter 7, the two columns
(art. 6.2), every pair passed over on the way to the improvements' result
(art. 6.3) and who floats down (art. 6.4). The colours of each board (art. 3)
follow, from :mod:`engine.systems.boards`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.model.explain import PlayerFacts, Step, TraceEvent, points_text
from engine.model.terms import Float, Strength
from engine.model.tournament import Colour, Tournament
from engine.model.wording import N_, _, ngettext
from engine.systems.dubov.procedure1997 import GroupRecord
from engine.systems.dubov.rules1997 import RULE, Player97, upfloat_limit

_KINDS = {
    1: N_("not a floater before, can be paired in the lower group"),
    2: N_("not a floater before, cannot be paired in the lower group"),
    3: N_("a floater before, can be paired in the lower group"),
    4: N_("a floater before, cannot be paired in the lower group"),
}


def _ids(ids: Sequence[int]) -> str:
    return ", ".join(map(str, ids)) if ids else _("none")


class Story97:
    """Collects the trace events of one round paired by the 1997 text."""

    def __init__(self, t: Tournament, players: Sequence[Player97]) -> None:
        self.t = t
        self.players = {p.id: p for p in players}
        self.events: list[TraceEvent] = []
        if players:
            self._aro(players)

    def _add(self, step: Step, text: str, article: str, bracket: int | None = None,
             players: Sequence[int] = (), facts: tuple[PlayerFacts, ...] = (), **data: object) -> None:
        self.events.append(TraceEvent(step, text, f"{RULE} art. {article}", bracket, tuple(players), dict(data), facts))

    def _facts(self, p: Player97) -> PlayerFacts:
        strength = Strength.ABSOLUTE if p.must is not Colour.NONE else (Strength.NONE if p.due is Colour.NONE
                                                                         else Strength.MILD)
        floats = ((self.t.next_round - 1, Float.UP),) if not p.may_upfloat else ()
        extra = {"ARO": p.aro, "rating": p.rating, "upfloats": p.upfloats}
        return PlayerFacts(p.id, p.score, p.history, p.due, strength, floats, extra,
                           virtual=p.score - self.t.score(p.id, self.t.next_round - 1))

    def _aro(self, players: Sequence[Player97]) -> None:
        rows = [{"id": p.id, "score": str(p.score), "aro": p.aro, "rating": p.rating, "preference": p.due.value,
                 "strength": "absolute" if p.must is not Colour.NONE else "due", "upfloats": p.upfloats}
                for p in players]
        self._add(Step.NOTE, _("ARO and due colour of the {count} players to pair (a player without a game has no "
                               "due colour and stands with the Blacks)").format(count=len(players)), "1", aro=rows)
        barred = [p.id for p in players if not p.may_upfloat]
        if self.t.is_last_round:
            self._add(Step.NOTE, _("last round: the upfloat limits do not apply"), "2.5")
        elif barred:
            self._add(Step.NOTE, _("may not be transferred to a higher score group this round (transferred in the "
                                   "last round, or {limit} times already): {players}; a floater from above may still "
                                   "come down to them").format(limit=upfloat_limit(self.t.settings.rounds),
                                                               players=_ids(barred)), "2.5", players=barred)

    def bye(self, bye: Player97 | None, order: list[Player97], first_round: bool) -> None:
        if bye is None:
            return
        before = [p.id for p in order[: order.index(bye)]]
        blocked = [pid for pid, p in self.players.items() if not p.bye_ok]
        if first_round:
            text, article = _("{player} gets the bye: the last player in the list").format(player=bye.id), "5"
        else:
            text, article = _("{player} gets the bye: lowest score group ({score}), lowest R ({rating}), then due the "
                              "dominating colour and the higher ARO").format(player=bye.id,
                                                                             score=points_text(bye.score),
                                                                             rating=bye.rating), "4"
        if before:
            text += "; " + _("{players} would come first but would leave the others without a pairing").format(
                players=_ids(before))
        if blocked:
            text += "; " + _("may not have it (a point without playing, art. 2.2): {players}").format(
                players=_ids(blocked[:12]))
        self._add(Step.BYE, text, article, players=(bye.id,), skipped=before, ineligible=blocked)

    def group(self, no: int, rec: GroupRecord) -> None:
        members = [*rec.floaters_in, *rec.residents]
        facts = tuple(self._facts(self.players[pid]) for pid in members)
        told = (_("score group {group} ({score}): residents {residents}, floaters from above {floaters}")
                if rec.floaters_in else _("score group {group} ({score}): residents {residents}"))
        self._add(Step.BRACKET, told.format(group=no, score=points_text(rec.score), residents=_ids(rec.residents),
                                            floaters=_ids(rec.floaters_in)), "6.1", no,
                  members, facts, score=str(rec.score), residents=rec.residents, upfloaters=[],
                  mdps=list(rec.floaters_in))
        for f, r in rec.floater_pairs:
            self._add(Step.NOTE, _("floater {player} meets {other}: the highest R, due the other colour if possible, "
                                   "then the lowest ARO").format(player=f, other=r), "8.2", no, (f, r))
        for p, q in rec.met_all:
            self._add(Step.NOTE, _("{player} can meet nobody of the group: {other} is transferred from below and "
                                   "joins it ({why})").format(player=p, other=q, why=rec.why.get(q, "")),
                      "7.1", no, (p, q))
        if rec.odd_transfer is not None:
            self._add(Step.NOTE, _("odd group: {player} is transferred from the next lower group ({why})").format(
                player=rec.odd_transfer, why=rec.why.get(rec.odd_transfer, "")), "7.2", no, (rec.odd_transfer,))
        for pid, kind in rec.floated:
            if pid in rec.returned:
                self._add(Step.FLOATER, _("{player} was transferred but cannot be paired in the group: back to their "
                                          "own score group, not counted as a transfer").format(player=pid),
                          "6.4", no, (pid,), kind=kind)
            else:
                self._add(Step.FLOATER, _("{player} floats down: {kind}").format(player=pid, kind=_(_KINDS[kind])),
                          "6.4", no, (pid,), kind=kind)
        self._columns(no, rec)
        pairs = [*rec.floater_pairs, *(rec.rows.pairs if rec.rows else ())]
        if pairs:
            self._add(Step.PAIRED, _("pairs: {pairs}").format(pairs=", ".join(f"{a}-{c}" for a, c in pairs)), "6.3", no,
                      pairs=[list(p) for p in pairs])

    def _columns(self, no: int, rec: GroupRecord) -> None:
        if rec.rows is None:
            return
        if rec.halves:
            self._add(Step.NOTE, _("nobody in the group has played: the upper half of the list meets the lower half"),
                      "5", no)
        b = rec.balance
        if b is not None and b.moved:
            article = "7.3" if b.to_colour is Colour.BLACK else "7.4"
            told = (_("{players} moved to the Black column to balance the columns") if b.to_colour is Colour.BLACK
                    else _("{players} moved to the White column to balance the columns"))
            self._add(Step.EXCHANGE, told.format(players=_ids(b.moved)), article, no, b.moved, shifted=list(b.moved))
        if b is not None and b.kept:
            self._add(Step.NOTE, _("{players} not moved: the other colour would break the colour limits").format(
                players=_ids(b.kept)), "2.6", no, b.kept)
        if b is not None:
            whites = ", ".join(f"{pid} ({self.players[pid].aro})" for pid in (p.id for p in b.whites))
            blacks = ", ".join(f"{p.id} ({p.rating})" for p in b.blacks)
            self._add(Step.PROPOSAL, _("White column by ARO: {whites}; Black column by R: {blacks}").format(
                whites=whites or _("none"), blacks=blacks or _("none")),
                      "6.2", no, s1=[p.id for p in b.whites], s2=[p.id for p in b.blacks])
        for a, c, kind in rec.rows.skipped:
            self._add(Step.REJECTED, _("{pair} passed over: {reason}").format(pair=f"{a}-{c}",
                                                                               reason=self._why(a, c, kind)),
                      "6.3", no, (a, c))
        if rec.rows.same_column:
            self._add(Step.NOTE, ngettext("{count} pair inside one column: a player has met every player of the other "
                                          "column it could meet",
                                          "{count} pairs inside one column: a player has met every player of the other "
                                          "column it could meet", rec.rows.same_column).format(
                count=rec.rows.same_column), "6.3", no)

    def _why(self, a: int, b: int, kind: str) -> str:
        if kind == "rest":
            return _("with it, the rows below could not all be paired")
        pa, pb = self.players[a], self.players[b]
        if b in pa.opponents:
            return _("they have played each other (art. 2.1)")
        if pa.must is not Colour.NONE and pa.must is pb.must:
            return (_("both must have White (art. 2.3-2.4)") if pa.must is Colour.WHITE
                    else _("both must have Black (art. 2.3-2.4)"))
        return _("a forbidden pair")

    def relaxed(self, lines: list[tuple[str, str]]) -> None:
        """Chapter 9: no pairing keeps the limitations; what the proposed one breaks, for the arbiter to confirm."""
        self._add(Step.NOTE, _("no pairing keeps every limitation of art. 2: the arbiter decides (chapter 9); this "
                               "pairing breaks the fewest, the lightest first (colours, then the bye, then a second "
                               "game)"), "9")
        for article, text in lines:
            self._add(Step.NOTE, _("limitation not kept: {limitation}").format(limitation=text), article)

    def transfers(self, ids: frozenset[int]) -> None:
        """Who this round transfers to a higher score group: what art. 2.5 counts in later rounds."""
        if ids:
            self._add(Step.NOTE, _("transferred to a higher score group this round: {players}").format(
                players=_ids(sorted(ids))), "2.5",
                      players=sorted(ids))
