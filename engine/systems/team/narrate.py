"""The explanation of a C.04.6 team pairing: the steps the review walks, each with its article.

The search of :mod:`.pairing` keeps what it decided (:class:`TeamPairing`: the bye and
the teams passed over for it, each bracket with its upfloaters, the score profiles and
sets it gave up and why, the pairs, each match's colour rule); this module tells it in
the order of work of art. 3.3.2, in the text's own numbers (C.04.6, 2026):

- the round: which score is primary (art. 1.2), which colour preferences (art. 1.7), and
  in the last two rounds that [C7] and [C10] do not apply (art. 2.3.4, 2.3.7);
- the pairing-allocated bye (art. 3.4): the team, why (3.4.2-3.4.4), the teams [C2]
  (art. 2.1.2) bars and those passed over because the others could not all be paired
  without them (3.4.1);
- each bracket (art. 1.3.2): the top-scoregroup, its upfloaters and what chose them -
  how many ([C4] art. 2.3.1), of which scores ([C5] art. 2.3.2), which set in the order
  of art. 3.5.3-3.5.4 and why the sets before it were passed over ([C1], [C3], [C6],
  [C7]; art. 3.5.5) - then the first pairing in identifier order (art. 3.6.2-3.6.3),
  the pairs it could not keep and the pairing kept, with its [C8], [C9], [C10] failures
  (art. 3.6.4);
- each match's colours (art. 4.3.1-4.3.9) with the first-team (art. 4.2).

It reads the tournament and the pairing only, never changes either, and recomputes the
teams' facts with the same :func:`team_facts` the pairing used.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

from engine.model.explain import PlayerFacts, Step, TraceEvent, points_text
from engine.model.team_tournament import ColourType, RoundKind, Score, TeamTournament
from engine.model.terms import Float, Strength
from engine.model.tournament import Colour
from engine.model.wording import N_, _, ngettext
from engine.systems.team.colours import first_team
from engine.systems.team.criteria import pair_failures
from engine.systems.team.facts import TeamFacts, team_facts
from engine.systems.team.pairing import TeamBracket, TeamPairing

RULE = "C.04.6"
_LISTED = 12   # teams named in one line before "..."
_TYPE = {ColourType.A: N_("type A colour preferences (art. 1.7.1)"),
         ColourType.B: N_("type B colour preferences (art. 1.7.2)"),
         ColourType.NONE: N_("no colour preferences (art. 1.7)")}


def explain(event: TeamTournament, pairing: TeamPairing) -> tuple[TraceEvent, ...]:
    """The steps of ``pairing`` (made by :func:`engine.systems.team.pair_team` on ``event``)."""
    return _Story(event, pairing).events


def identifier(pairs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """Art. 3.6.2: the top members (smaller TPN of each pair, art. 3.6.1) in ascending
    order, then the bottom member of each of those pairs in the same order."""
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return tuple(t for t, _ in ordered) + tuple(b for _, b in ordered)


def _ids(teams: Iterable[int]) -> str:
    listed = list(teams)
    text = ", ".join(map(str, listed[:_LISTED]))
    return (text + (" ..." if len(listed) > _LISTED else "")) if listed else _("none")


def _pts(value: Fraction) -> str:
    return points_text(_decimal(value))


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def _pairs_text(pairs: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{a}-{b}" for a, b in pairs)


class _Story:
    """The events of one round, built once from the tournament and its pairing."""

    def __init__(self, event: TeamTournament, pairing: TeamPairing) -> None:
        self.event = event
        self.pairing = pairing
        self.rnd = pairing.round
        self.facts: dict[int, TeamFacts] = team_facts(event, self.rnd)
        self.present = sorted(t for t in event.teams if t not in event.absent_next)
        self.scores = sorted({self.facts[t].score for t in self.present}, reverse=True)
        self.last_two = self.rnd > event.total_rounds - 2
        self.type_b = event.colour_type is ColourType.B
        self.events: tuple[TraceEvent, ...] = ()
        self._out: list[TraceEvent] = []
        self._round()
        self._bye()
        for no, bracket in enumerate(pairing.brackets, start=1):
            self._bracket(no, bracket)
        self._colours()
        self.events = tuple(self._out)

    def _add(self, step: Step, text: str, rule: str = "", bracket: int | None = None,
             players: Sequence[int] = (), facts: tuple[PlayerFacts, ...] = (), **data: object) -> None:
        self._out.append(TraceEvent(step, text, rule, bracket, tuple(players), dict(data), facts))

    # -- the round -------------------------------------------------------------------------

    def _round(self) -> None:
        ev = self.event
        match = ev.primary is Score.MATCH
        if ev.secondary_used:
            score = (_("score: match points (art. 1.2), game points decide the first-team after it (art. 4.2.2)")
                     if match else
                     _("score: game points (art. 1.2), match points decide the first-team after it (art. 4.2.2)"))
        else:
            score = (_("score: match points (art. 1.2), game points not used (art. 4.2.2 skipped)") if match
                     else _("score: game points (art. 1.2), match points not used (art. 4.2.2 skipped)"))
        teams = ngettext("round {round} of {rounds}: {count} team to pair; {score}; {colours}",
                         "round {round} of {rounds}: {count} teams to pair; {score}; {colours}", len(self.present))
        self._add(Step.NOTE, teams.format(round=self.rnd, rounds=ev.total_rounds, count=len(self.present),
                                          score=score, colours=_(_TYPE[ev.colour_type])),
                  f"{RULE} art. 1.2, 1.7", teams=len(self.present))
        absent = sorted(set(ev.teams) & ev.absent_next)
        if absent:
            self._add(Step.NOTE, _("not paired this round (absent or withdrawn): {teams}").format(teams=_ids(absent)),
                      "C.04.2 art. 3.2-3.3", players=absent)
        if self.last_two:
            self._add(Step.NOTE, _("one of the last two rounds: [C7] and [C10] (floaters of the previous "
                                   "round) do not apply"), f"{RULE} art. 2.3.4, 2.3.7")

    # -- the bye ---------------------------------------------------------------------------

    def _barred_why(self, tpn: int) -> str:
        """Art. 2.1.2 [C2]: the round of the bye or of the match won by forfeit that bars ``tpn``."""
        for r, entry in enumerate(self.event.teams[tpn].rounds, start=1):
            if entry.kind is RoundKind.BYE:
                return _("{team} (bye in round {round})").format(team=tpn, round=r)
            if entry.forfeit_win:
                return _("{team} (won round {round} by forfeit)").format(team=tpn, round=r)
        return str(tpn)

    def _bye(self) -> None:
        bye = next((m.white for m in self.pairing.matches if m.black == 0), None)
        if bye is None:
            return
        f = self.facts[bye]
        barred = [t for t in self.present if self.facts[t].bye_barred]
        skipped = list(self.pairing.bye_passed_over)
        text = ngettext("{team} gets the pairing-allocated bye (art. 1.4): score {score}, {played} match played, "
                        "TPN {team} - the first team by lowest score (3.4.2), most matches played (3.4.3), largest "
                        "TPN (3.4.4)",
                        "{team} gets the pairing-allocated bye (art. 1.4): score {score}, {played} matches played, "
                        "TPN {team} - the first team by lowest score (3.4.2), most matches played (3.4.3), largest "
                        "TPN (3.4.4)", f.matches_played).format(team=bye, score=_pts(f.score), played=f.matches_played)
        if skipped:
            text += "; " + _("passed over: {teams}, each of whom would leave the other teams without a legal pairing "
                             "(3.4.1)").format(teams=_ids(skipped))
        if barred:
            listed = ", ".join(self._barred_why(t) for t in barred[:_LISTED])
            listed += " ..." if len(barred) > _LISTED else ""
            text += "; " + _("barred by [C2] (art. 2.1.2): {teams}").format(teams=listed)
        self._add(Step.BYE, text, f"{RULE} art. 3.4", players=(bye,), skipped=skipped, ineligible=barred)

    # -- a bracket ---------------------------------------------------------------------------

    def _team_facts(self, tpn: int) -> PlayerFacts:
        """A team as the criteria saw it: score, colours of played matches, preference, last float."""
        f = self.facts[tpn]
        colours = tuple(Colour.WHITE if c == "w" else Colour.BLACK for c in f.colours)
        due, strength = Colour.NONE, Strength.NONE
        if f.preference is not None:
            due = Colour.WHITE if f.preference[0] == "w" else Colour.BLACK
            strength = Strength.STRONG if f.preference[1] == 2 else Strength.MILD
        floats: tuple[tuple[int, Float], ...] = ()
        direction = self._float(tpn)
        if direction is not Float.NONE:
            floats = ((self.rnd - 1, direction),)
        extra: dict[str, Decimal | int | str] = {"secondary": _decimal(f.secondary), "CD": f.colour_difference}
        return PlayerFacts(tpn, _decimal(f.score), colours, due, strength, floats, extra, _decimal(f.virtual))

    def _float(self, tpn: int) -> Float:
        """Art. 1.5: how ``tpn`` floated in the previous round (its opponent's score before it)."""
        if not self.facts[tpn].floated:
            return Float.NONE
        team = self.event.teams[tpn]
        last = team.rounds[-1]
        prev = len(team.rounds) - 1
        own = team.score(self.event.primary, prev) + self.event.virtual_points(tpn, prev + 1)
        other = (self.event.teams[last.opponent].score(self.event.primary, prev)
                 + self.event.virtual_points(last.opponent, prev + 1))
        return Float.UP if own < other else Float.DOWN

    def _bracket(self, no: int, b: TeamBracket) -> None:
        members = [*b.residents, *b.upfloaters]
        text = (_("bracket {bracket} (score {score}): top-scoregroup {teams}, upfloaters {upfloaters}") if b.upfloaters
                else _("bracket {bracket} (score {score}): top-scoregroup {teams}")).format(
            bracket=no, score=_pts(b.score), teams=_ids(b.residents), upfloaters=_ids(b.upfloaters))
        self._add(Step.BRACKET, text, f"{RULE} art. 1.3.2, 3.3.2", no, members,
                  tuple(self._team_facts(t) for t in members),
                  score=str(_decimal(b.score)), residents=list(b.residents), upfloaters=list(b.upfloaters), mdps=[])
        self._upfloaters(no, b)
        self._pairing(no, b, members)

    def _upfloaters(self, no: int, b: TeamBracket) -> None:
        fewest = len(b.residents) % 2
        count = len(b.upfloaters)
        for t in b.upfloaters:
            f = self.facts[t]
            note = (_("{team} upfloats from score {score} (it floated in the previous round: counts for [C7])")
                    if f.floated and not self.last_two
                    else _("{team} upfloats from score {score}")).format(team=t, score=_pts(f.score))
            self._add(Step.FLOATER, note, f"{RULE} art. 3.5.1", no, (t,), score=str(_decimal(f.score)))
        if count == fewest and not b.failed_profiles:
            if count:
                self._add(Step.NOTE, _("an odd top-scoregroup takes one upfloater, the fewest [C4], of the highest "
                                       "score below it, {score} [C5]").format(
                                           score=_pts(self.facts[b.upfloaters[0]].score)),
                          f"{RULE} art. 2.3.1-2.3.2, 3.5.2", no)
        else:
            if count > fewest:
                told = (_("{count} upfloaters: with one upfloater, the fewest [C4] allows here, no set pairs "
                          "legally with the top-scoregroup and leaves the other teams pairable ([C1], [C3])")
                        if fewest else
                        _("{count} upfloaters: with no upfloater, the fewest [C4] allows here, no set pairs "
                          "legally with the top-scoregroup and leaves the other teams pairable ([C1], [C3])"))
                self._add(Step.NOTE, told.format(count=count),
                          f"{RULE} art. 2.3.1, 2.2.1, 3.5.2", no)
            for scores, why in b.failed_profiles:
                if len(scores) != count:
                    continue
                self._add(Step.REJECTED, _("upfloaters of scores {scores} passed over: {reason}").format(
                              scores=self._profile(scores), reason=self._why_profile(why)),
                          f"{RULE} art. 2.3.2, {self._rule(why)}", no,
                          profile=[str(_decimal(s)) for s in scores], reason=why)
            if count:
                chosen = tuple(self.facts[t].score for t in b.upfloaters)
                self._add(Step.NOTE, _("upfloaters' scores {scores}: the highest, taken in ascending order, that "
                                       "leave a legal pairing [C5]").format(scores=self._profile(chosen)),
                          f"{RULE} art. 2.3.2, 3.5.2", no)
        for ups, why in b.passed_over:
            self._add(Step.REJECTED, _("set {set} passed over: {reason}").format(
                          set="{" + ", ".join(map(str, ups)) + "}", reason=self._why_set(ups, why, b)),
                      f"{RULE} {self._rule(why)}", no, ups, set=list(ups), reason=why)
        if count:
            text = _("upfloaters {set}: the first set in the order of art. 3.5.3-3.5.4 (by descending score, then "
                     "ascending TPN) that pairs legally with the top-scoregroup").format(
                set="{" + ", ".join(map(str, b.upfloaters)) + "}")
            text += "; " + (_("[C6] kept") if b.c6_kept
                            else _("no set keeps [C6], so the sets that fail it were compared"))
            if not self.last_two:
                text += "; " + ngettext("[C7]: {count} upfloater floated in the previous round",
                                        "[C7]: {count} upfloaters floated in the previous round",
                                        b.c7_floaters).format(count=b.c7_floaters)
            self._add(Step.NOTE, text, f"{RULE} art. 3.5.5", no, b.upfloaters, final=False)

    @staticmethod
    def _profile(scores: Iterable[Fraction]) -> str:
        return "(" + ", ".join(_pts(s) for s in sorted(scores)) + ")"

    @staticmethod
    def _rule(why: str) -> str:
        return {"C1": "[C1] art. 2.1.1", "C3": "[C3] art. 2.2.1", "C6": "[C6] art. 2.3.3",
                "C7": "[C7] art. 2.3.4"}.get(why, "[C1] art. 2.1.1, [C3] art. 2.2.1")

    @staticmethod
    def _why_profile(why: str) -> str:
        if why == "C1":
            return _("no such set lets the bracket be paired without a second meeting")
        if why == "C3":
            return _("every such set leaves teams outside the bracket that cannot all be paired")
        return _("no such set both pairs the bracket legally and leaves the other teams pairable")

    def _why_set(self, ups: Sequence[int], why: str, chosen: TeamBracket) -> str:
        if why == "C1":
            return _("the bracket with it has no pairing without a second meeting")
        if why == "C3":
            return _("the teams left outside the bracket could then not all be paired")
        if why == "C6":
            following = next((s for s in self.scores if s < chosen.score), None)
            if following is None:
                return _("what it leaves of the next scoregroup could not be paired with its fewest upfloaters")
            return _("what it leaves of the next scoregroup (score {score}) could not be paired with its fewest "
                     "upfloaters").format(score=_pts(following))
        floated = sum(1 for t in ups if self.facts[t].floated)
        return ngettext("{count} of its upfloaters floated in the previous round, the chosen set's {chosen}",
                        "{count} of its upfloaters floated in the previous round, the chosen set's {chosen}",
                        floated).format(count=floated, chosen=chosen.c7_floaters)

    def _failures(self, pairs: Iterable[tuple[int, int]], top: Fraction) -> tuple[int, int, int]:
        c8 = c9 = c10 = 0
        for a, b in pairs:
            fa, fb = self.facts[a], self.facts[b]
            x8, x9, x10 = pair_failures(fa, fb, a_upfloats=fa.score < top, b_upfloats=fb.score < top,
                                        type_b=self.type_b, last_two=self.last_two)
            c8, c9, c10 = c8 + x8, c9 + x9, c10 + x10
        return c8, c9, c10

    def _met_in(self, a: int, b: int) -> int | None:
        """The round in which ``a`` and ``b`` played each other over the board ([C1]), if any."""
        for r, entry in enumerate(self.event.teams[a].rounds, start=1):
            if entry.kind is RoundKind.MATCH and entry.played and entry.opponent == b:
                return r
        return None

    def _counts(self, counts: tuple[int, int, int]) -> str:
        parts = [f"[C8] {counts[0]}"]
        if self.type_b:
            parts.append(f"[C9] {counts[1]}")
        if not self.last_two:
            parts.append(f"[C10] {counts[2]}")
        return ", ".join(parts)

    def _pairing(self, no: int, b: TeamBracket, members: Sequence[int]) -> None:
        order = sorted(members)                                     # art. 3.6.1: TPN decides top and bottom
        half = len(order) // 2
        first = list(zip(order[:half], order[half:]))
        kept = sorted((min(a, c), max(a, c)) for a, c in b.pairs)
        self._add(Step.PROPOSAL, _("first pairing in the order of identifiers: {pairs} (identifier "
                                   "{identifier})").format(pairs=_pairs_text(first),
                                                            identifier=" ".join(map(str, identifier(first)))),
                  f"{RULE} art. 3.6.1-3.6.3", no, order,
                  s1=list(order[:half]), s2=list(order[half:]), pairs=[list(p) for p in first])
        if first != kept:
            met = [(a, c, self._met_in(a, c)) for a, c in first if self._met_in(a, c) is not None]
            for a, c, r in met:
                self._add(Step.REJECTED, _("{pair}: they met in round {round}").format(pair=f"{a}-{c}", round=r),
                          f"{RULE} [C1] art. 2.1.1", no, (a, c))
            if not met:
                self._add(Step.REJECTED, _("{pairs} is legal but has {counts} failures against the kept pairing's "
                                           "{kept}").format(pairs=_pairs_text(first),
                                                            counts=self._counts(self._failures(first, b.score)),
                                                            kept=self._counts(self._failures(kept, b.score))),
                          f"{RULE} art. 2.3.5-2.3.7, 3.6.4", no, order)
        counts = self._failures(kept, b.score)
        wanted = []
        for a, c in kept:
            pa, pc = self.facts[a].preference, self.facts[c].preference
            if pa is not None and pc is not None and pa[0] == pc[0]:
                wanted.append((_("{pair} (both want White)") if pa[0] == "w" else _("{pair} (both want Black)"))
                              .format(pair=f"{a}-{c}"))
        text = _("pairs: {pairs} (identifier {identifier}): the first pairing without a second meeting [C1] with the "
                 "fewest failures, in this order, of {counts}").format(
            pairs=_pairs_text(kept), identifier=" ".join(map(str, identifier(kept))), counts=self._counts(counts))
        if wanted:
            text += "; " + _("unfulfilled preferences: {pairs}").format(pairs=", ".join(wanted))
        self._add(Step.PAIRED, text, f"{RULE} art. 3.6.4", no, order, pairs=[list(p) for p in kept],
                  c8=counts[0], c9=counts[1], c10=counts[2])

    # -- colours ------------------------------------------------------------------------------

    def _colours(self) -> None:
        ev = self.event
        for m in self.pairing.matches:
            if m.black == 0:
                continue
            fw, fb = self.facts[m.white], self.facts[m.black]
            first, other = (fw, fb) if first_team(fw, fb, ev.secondary_used) else (fb, fw)
            why_first = self._why_first(first, other)
            text = _("{pair}: {white} has White on board 1 - {why}; first-team {first} ({first_why})").format(
                pair=f"{m.white}-{m.black}", white=m.white, why=self._why_colour(m.colour_rule, m.white, first, other),
                first=first.tpn, first_why=why_first)
            self._add(Step.COLOUR, text, f"{RULE} art. {m.colour_rule}", players=(m.white, m.black),
                      white=m.white, black=m.black, first_team=first.tpn)

    def _why_first(self, first: TeamFacts, other: TeamFacts) -> str:
        if first.primary != other.primary:
            return _("higher score, 4.2.1")
        if self.event.secondary_used and first.secondary != other.secondary:
            return _("higher secondary score, 4.2.2")
        return _("smaller TPN, 4.2.3")

    def _why_colour(self, rule: str, white: int, first: TeamFacts, other: TeamFacts) -> str:
        def pref(f: TeamFacts) -> str:
            if f.preference is None:
                return _("none")
            white = f.preference[0] == "w"
            if self.event.colour_type is ColourType.A:
                return _("simple White") if white else _("simple Black")
            if f.preference[1] == 2:
                return _("strong White") if white else _("strong Black")
            return _("mild White") if white else _("mild Black")

        initial = _("White") if self.event.initial_colour_white else _("Black")
        both = {"first": first.tpn, "first_pref": pref(first), "other": other.tpn, "other_pref": pref(other)}
        if rule == "4.3.1":
            return (_("neither team has played a match: the first-team's TPN {first} is odd, so it takes the "
                      "initial-colour ({colour}, art. 4.1)") if first.tpn % 2 else
                    _("neither team has played a match: the first-team's TPN {first} is even, so it takes the "
                      "opposite of the initial-colour ({colour}, art. 4.1)")).format(first=first.tpn, colour=initial)
        if rule == "4.3.2":
            return _("only one team has a colour preference ({first}: {first_pref}, {other}: {other_pref}), "
                     "granted").format(**both)
        if rule == "4.3.3":
            return _("opposite preferences ({first}: {first_pref}, {other}: {other_pref}), both granted").format(**both)
        if rule == "4.3.4":
            return _("only one strong preference ({first}: {first_pref}, {other}: {other_pref}), granted").format(
                **both)
        if rule == "4.3.5":
            return _("White to the lower colour difference ({first}: {first_cd}, {other}: {other_cd})").format(
                first=first.tpn, first_cd=f"{first.colour_difference:+d}", other=other.tpn,
                other_cd=f"{other.colour_difference:+d}")
        if rule == "4.3.6":
            return _("colours alternated from the most recent played match in which one team had White and the "
                     "other Black ({first}: {first_colours}, {other}: {other_colours})").format(
                first=first.tpn, first_colours=first.colours.upper(), other=other.tpn,
                other_colours=other.colours.upper())
        if rule == "4.3.7":
            return _("the first-team's preference ({preference}) granted").format(preference=pref(first))
        if rule == "4.3.8":
            return _("the first-team's colour alternated from its last played match")
        if rule == "4.3.9":
            return _("the other team's colour alternated from its last played match")
        return rule
