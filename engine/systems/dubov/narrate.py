"""The explanation of a Dubov pairing: what an arbiter pairing by hand would write down.

The events follow the order of work of C.04.4.1: the ARO table (art. 1.7),
the PAB (art. 3.1), then each bracket from the top score down: its residents
and the upfloaters it takes (art. 3.2.1-3.2.2), the White and Black seekers
(art. 3.2.3), the shifts between them (art. 3.2.4, order of art. 4.3), S1 by
ARO against G2 by TPN (art. 3.2.5), every candidate opponent passed over on
the way to the first legal transposition (art. 3.2.6) and the pairs. The
colours of each board (art. 5.2) follow, from :mod:`engine.systems.boards`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.model.explain import PlayerFacts, Step, TraceEvent, points_text
from engine.model.terms import Float
from engine.model.tournament import Colour, Points, Tournament
from engine.model.wording import _, ngettext
from engine.systems.dubov.players import DubovPlayer
from engine.systems.dubov.subgroups import BracketPairing

RULE = "C.04.4.1"


def _ids(players: Sequence[int]) -> str:
    return ", ".join(map(str, players)) if players else _("none")


class Story:
    """Collects the trace events of one round as the engine decides."""

    def __init__(self, t: Tournament, players: Sequence[DubovPlayer]) -> None:
        self.t = t
        self.players = {p.id: p for p in players}
        self.order = list(players)
        self._events: list[TraceEvent] = []
        if players:
            self._aro_table()

    @property
    def colour_steps(self) -> list[TraceEvent]:
        """Where the colour steps go (:func:`engine.systems.boards.publish` appends them)."""
        return self._events

    def events(self) -> tuple[TraceEvent, ...]:
        return tuple(self._events)

    def _add(self, step: Step, text: str, rule: str = "", bracket: int | None = None,
             players: Sequence[int] = (), facts: tuple[PlayerFacts, ...] = (), **data: object) -> None:
        self._events.append(TraceEvent(step, text, rule, bracket, tuple(players), dict(data), facts))

    def _facts(self, p: DubovPlayer) -> PlayerFacts:
        """The player as the Dubov criteria saw them: preference (art. 1.6), upfloats (art. 1.8), ARO (art. 1.7)."""
        c = p.colours
        floats = tuple((r, Float.UP) for r in p.upfloat_rounds)
        extra = {"ARO": p.aro, "rating": p.rating, "upfloats": p.upfloats}
        return PlayerFacts(p.id, p.score, c.history, c.preference, c.strength, floats, extra,
                           virtual=p.score - p.real_score)

    # -- the round ---------------------------------------------------------------------

    def _aro_table(self) -> None:
        rows = [{"id": p.id, "score": str(p.score), "aro": p.aro, "rating": p.rating,
                 "preference": p.preference.value, "strength": p.colours.strength.name.lower(),
                 "upfloats": p.upfloats} for p in self.order]
        played = sum(1 for p in self.order if p.has_played)
        self._add(Step.NOTE,
                  ngettext("ARO of the {count} players to pair (average rating of the opponents met over the board; "
                           "{played} has played, the others count 0)",
                           "ARO of the {count} players to pair (average rating of the opponents met over the board; "
                           "{played} have played, the others count 0)", played).format(count=len(self.order),
                                                                                       played=played),
                  f"{RULE} art. 1.7", aro=rows)
        if self.t.is_last_round:
            self._add(Step.NOTE, _("last round: the upfloat limits [C8]-[C10] do not apply"), f"{RULE} art. 2.3")

    def bye(self, bye: int | None) -> None:
        if bye is None:
            return
        chosen = self.players[bye]
        eligible = sorted((p for p in self.order if p.pab_eligible),
                          key=lambda p: (p.score, -p.games, -p.rank))
        before = [p.id for p in eligible[: eligible.index(chosen)]]
        blocked = [p.id for p in self.order if not p.pab_eligible]
        text = ngettext("{player} gets the pairing-allocated bye: lowest score {score}, {games} game played, TPN "
                        "{tpn}",
                        "{player} gets the pairing-allocated bye: lowest score {score}, {games} games played, TPN "
                        "{tpn}", chosen.games).format(player=bye, score=points_text(chosen.score), games=chosen.games,
                                                      tpn=chosen.tpn)
        if before:
            text += "; " + _("{players} would come first but would leave the others without a complete pairing "
                             "(art. 3.1.2)").format(players=_ids(before))
        if blocked:
            listed = _ids(blocked[:12]) + (" ..." if len(blocked) > 12 else "")
            text += "; " + _("not eligible (C.04.1 art. 4): {players}").format(players=listed)
        self._add(Step.BYE, text, f"{RULE} art. 3.1", players=(bye,), skipped=before, ineligible=blocked)

    # -- a bracket -----------------------------------------------------------------------

    def bracket(self, no: int, score: Points, residents: Sequence[DubovPlayer], upfloaters: Sequence[DubovPlayer],
                done: BracketPairing) -> None:
        res = [p.id for p in residents]
        ups = [p.id for p in upfloaters]
        members = [*res, *ups]
        self._add(Step.BRACKET,
                  (_("bracket {bracket} (score {score}): residents {residents}, upfloaters {upfloaters}") if ups
                   else _("bracket {bracket} (score {score}): residents {residents}")).format(
                      bracket=no, score=points_text(score), residents=_ids(res), upfloaters=_ids(ups)),
                  f"{RULE} art. 1.3", no, members, tuple(self._facts(p) for p in (*residents, *upfloaters)),
                  score=str(score), residents=res, upfloaters=ups, mdps=[])
        self._upfloaters(no, score, residents, upfloaters)
        self._seekers(no, done)
        self._transposition(no, done)
        self._add(Step.PAIRED, _("pairs: {pairs}").format(pairs=", ".join(f"{a}-{b}" for a, b in done.pairs)),
                  f"{RULE} art. 3.2.6", no,
                  pairs=[list(p) for p in done.pairs])

    def _upfloaters(self, no: int, score: Points, residents: Sequence[DubovPlayer],
                    upfloaters: Sequence[DubovPlayer]) -> None:
        if not upfloaters:
            return
        last = self.t.is_last_round
        for p in upfloaters:
            notes = [_("score {score} ({below} below)").format(score=points_text(p.score),
                                                               below=points_text(score - p.score))]
            if not last:
                if p.max_upfloater:
                    notes.append(_("a maximum upfloater ({count} upfloats) [C8]").format(count=p.upfloats))
                if p.upfloated_last:
                    notes.append(_("upfloated in the previous round [C10]"))
            self._add(Step.FLOATER, _("{player} upfloats: {notes}").format(player=p.id, notes=", ".join(notes)),
                      f"{RULE} art. 3.2.2", no, (p.id,),
                      score=str(p.score), upfloats=p.upfloats)
        self._add(Step.NOTE,
                  (ngettext("{count} upfloater: the fewest that let every resident be paired [C5] with the rest of "
                            "the round still complete [C4]; chosen for the highest scores [C6], then colour "
                            "preferences [C7] and the order of art. 4.2 (score, then TPN)",
                            "{count} upfloaters: the fewest that let every resident be paired [C5] with the rest of "
                            "the round still complete [C4]; chosen for the highest scores [C6], then colour "
                            "preferences [C7] and the order of art. 4.2 (score, then TPN)", len(upfloaters))
                   if last else
                   ngettext("{count} upfloater: the fewest that let every resident be paired [C5] with the rest of "
                            "the round still complete [C4]; chosen for the highest scores [C6], then colour "
                            "preferences [C7], the upfloat history [C8]-[C10] and the order of art. 4.2 (score, then "
                            "TPN)",
                            "{count} upfloaters: the fewest that let every resident be paired [C5] with the rest of "
                            "the round still complete [C4]; chosen for the highest scores [C6], then colour "
                            "preferences [C7], the upfloat history [C8]-[C10] and the order of art. 4.2 (score, then "
                            "TPN)", len(upfloaters))).format(count=len(upfloaters)),
                  f"{RULE} art. 3.2.1-3.2.2", no)

    def _seekers(self, no: int, done: BracketPairing) -> None:
        aro = {pid: self.players[pid].aro for pid in (*done.g1, *done.g2)}
        if done.first_half:
            self._add(Step.NOTE, _("nobody in the bracket has played yet: G1 is the first half by TPN ({g1}), G2 the "
                                   "rest ({g2})").format(g1=_ids(done.g1), g2=_ids(done.g2)),
                      f"{RULE} art. 3.2.3", no, g1=list(done.g1), g2=list(done.g2))
        else:
            g1 = ", ".join(f"{pid} (ARO {aro[pid]})" for pid in done.g1) or _("none")
            self._add(Step.NOTE, _("White seekers G1: {g1}; Black seekers G2: {g2}").format(g1=g1, g2=_ids(done.g2)),
                      f"{RULE} art. 3.2.3", no, g1=list(done.g1), g2=list(done.g2))
        if done.shifted_first:
            self._add(Step.EXCHANGE,
                      _("{players} shifted out of the smaller subgroup: players in it would otherwise have to meet "
                        "each other; first such set in middle-out order [C7]").format(
                          players=_ids(done.shifted_first)),
                      f"{RULE} art. 3.2.4, 4.3", no, done.shifted_first, shifted=list(done.shifted_first))
        if done.shifted_second:
            self._add(Step.EXCHANGE,
                      _("{players} shifted to even out G1 and G2 (first set in middle-out order that still gives a "
                        "legal pairing best on [C7])").format(players=_ids(done.shifted_second)),
                      f"{RULE} art. 3.2.4, 4.3", no, done.shifted_second, shifted=list(done.shifted_second))
        s1 = ", ".join(f"{pid} ({self.players[pid].aro})" for pid in done.s1)
        self._add(Step.PROPOSAL, _("S1 by ARO: {s1}; G2 by TPN: {g2}").format(s1=s1, g2=_ids(done.g2_final)),
                  f"{RULE} art. 3.2.5", no,
                  s1=list(done.s1), s2=list(done.g2_final))

    def _transposition(self, no: int, done: BracketPairing) -> None:
        for a, b, kind in done.skipped:
            self._add(Step.REJECTED, _("{pair} passed over: {reason}").format(pair=f"{a}-{b}",
                                                                               reason=self._why(a, b, kind)),
                      self._rule(a, b, kind), no, (a, b))
        if tuple(done.t2) != tuple(done.g2_final):
            self._add(Step.TRANSPOSITION, _("T2 = {t2}: the first transposition of G2 that pairs every S1 player "
                                            "legally").format(t2=_ids(done.t2)),
                      f"{RULE} art. 3.2.6, 4.4", no, t2=list(done.t2))

    def _why(self, a: int, b: int, kind: str) -> str:
        if kind == "rest":
            return _("with it, the S1 players below could not all get a legal opponent")
        pa, pb = self.players[a], self.players[b]
        if b in pa.opponents:
            rounds = [r for r in range(1, self.t.next_round) if self.t.player(a).entry(r).opponent == b
                      and self.t.player(a).entry(r).is_game]
            return _("they played in round {round}").format(round=rounds[-1]) if rounds else _("they have played")
        if pa.colours.absolute and pb.colours.absolute and pa.preference is pb.preference:
            return _("both must have White") if pa.preference is Colour.WHITE else _("both must have Black")
        return _("a forbidden pair")

    def _rule(self, a: int, b: int, kind: str) -> str:
        if kind == "rest":
            return f"{RULE} art. 3.2.6"
        pa, pb = self.players[a], self.players[b]
        if b in pa.opponents:
            return f"{RULE} [C1]"
        if pa.colours.absolute and pb.colours.absolute and pa.preference is pb.preference:
            return f"{RULE} [C3]"
        return "C.04.1 art. 2"
