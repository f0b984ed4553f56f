"""A player's title norms after a round: made, still reachable (with the score needed), or out of reach.

After round ``r`` of ``n`` the norm is judged on the games of rounds 1..r (B.01 1.4),
condition by condition, each with its article. A condition met now is ``ok``; one not
met now but that the remaining rounds can still meet is ``pending`` (every remaining
round a game, against the opponent the condition needs); one no remaining round can
mend has ``failed``. The norm is:

* **made** when every condition is met on the games so far;
* **out of reach** when a condition failed (the first, in the text's order, is the
  one named; the others are kept);
* **reachable** otherwise, with the score the remaining rounds need for the
  performance of 1.4.8, reckoned at the present average of the opponents (or at the
  least average 1.4.8 (a) allows, when the average is below it, with the average the
  remaining opponents need to lift it) over all remaining rounds played.

The games are counted as 1.4.1 counts them: (c) in a nine-round event eight games and
a forfeit win or the pairing-allocated bye count as nine; (d) each full point above
the norm's least score counts one more game (not for a player who lost a game by
forfeit: the Qualification Commission's review of 1 May 2023); (e) in a Swiss a title
result over rounds 1..k stays made whatever the later games, while with pre-determined
pairings (a round robin) the norm is over all the scheduled rounds.

The exemption of 1.4.3 (d) is judged on the rounds paired so far: in each, the
foreign rated players present counted, a player counting only while missing at most
one round (a game, a forfeit win or the pairing-allocated bye is no miss).
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from engine.model.tournament import ResultCode, Tournament
from engine.model.wording import N_, _, ngettext
from engine.norms import rules
from engine.norms.opponents import NormGame, Ratings, counted_games, norm_ratings, percentage, unplayed_rounds
from engine.norms.rules import NormRules
from engine.tiebreaks.rating import dp


class Status(enum.Enum):
    MADE = "made"
    REACHABLE = "reachable"
    OUT = "out of reach"

    @property
    def shown(self) -> str:
        """The status in the reader's language; :attr:`value` stays the key the norms files write."""
        return _(_STATUS_WORDS[self.value])


_STATUS_WORDS = {"made": N_("made"), "reachable": N_("reachable"), "out of reach": N_("out of reach")}
"""The statuses' words, marked for the catalogue (an enum's values cannot be)."""


class State(enum.Enum):
    OK = "ok"
    PENDING = "pending"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class Condition:
    """One requirement of the norm as it stands: its article, a short name, its state and the figures."""

    article: str
    name: str  # English, as the norms file (CSV, JSON) writes it; shown as :attr:`shown_name`
    state: State
    text: str  # in the language in force when the verdict was made

    @property
    def shown_name(self) -> str:
        """:attr:`name` in the reader's language ("GM/IM opponents": the titles stay)."""
        titles, _space, rest = self.name.partition(" ")
        if rest == "opponents" and "/" in titles:
            return _("{titles} opponents").format(titles=titles)
        return _(self.name)

    @property
    def said(self) -> str:
        """The condition in one line, for a list or a reason: ``B.01 1.4.1 games: 7 played, 9 needed``."""
        return _("B.01 {article} {name}: {text}").format(article=self.article, name=self.shown_name, text=self.text)


@dataclass(frozen=True, slots=True)
class NormEvent:
    """What the norm reads of the event besides its players: the host federation, the rounds, the kind.

    ``min_games`` is 9 but for the team championships 1.4.1 (b) lists; ``swiss`` says the
    event may use the exemption of 1.4.3 (d) and leave out the games after a title result
    (1.4.1 (e)), which a round robin, with its pairings fixed in advance, may not;
    ``exemption`` names the kind of event 1.4.3 (a)-(c) exempts (a key of
    :data:`engine.norms.rules.EVENT_EXEMPTIONS`), empty for any other. The remaining
    fields are the norm report form's (:mod:`engine.norms.certificate`).
    """

    rounds: int
    federation: str = ""
    swiss: bool = True
    min_games: int = rules.MIN_GAMES
    exemption: str = ""
    name: str = ""
    city: str = ""
    start: str = ""
    end: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class NormVerdict:
    """One norm of one player after one round."""

    player: int
    norm: str
    after_round: int
    status: Status
    games: tuple[NormGame, ...]
    score: Fraction
    ratings: Ratings
    performance: int | None
    remaining: int  # the rounds still to play (0 for a player who withdrew)
    conditions: tuple[Condition, ...]
    needed: Fraction | None = None  # reachable: the points the remaining rounds need
    needed_average: int | None = None  # reachable with the average below 1.4.8 (a)'s: the remaining opponents'
    exempt: bool = False  # an exemption of 1.4.3 (a)-(d) applied: 1.4.3 and 1.4.4 not required
    failed: tuple[Condition, ...] = field(default=())
    counted: int = 0  # the games the norm counts as (1.4.1 (c), (d); at most 13, 1.7)
    made_after: int | None = None  # 1.4.1 (e): made over rounds 1..made_after, the later games left out
    exemption: str = ""  # the article of the exemption applied ("1.4.3 (d)"), empty for none
    notes: tuple[str, ...] = ()  # what the application must know: 1.4.1 (c) and 1.4.3 (e)

    @property
    def reason(self) -> str:
        """Why the norm stands as it does, in one line."""
        if self.status is Status.OUT:
            return self.failed[0].said
        if self.status is Status.MADE:
            made = ngettext("Rp {performance} on Ra {average} from {games} game",
                            "Rp {performance} on Ra {average} from {games} games", len(self.games)).format(
                performance=self.performance, average=self.ratings.average, games=len(self.games))
            if self.counted != len(self.games):
                made = _("{made}, counted as {counted}").format(made=made, counted=self.counted)
            if self.made_after is not None:
                made = _("{made} (rounds 1-{round}, later games left out: B.01 1.4.1 (e))").format(
                    made=made, round=self.made_after)
            return made
        parts = [ngettext("needs {points} of the {rounds} round left", "needs {points} of the {rounds} rounds left",
                          self.remaining).format(points=_points(self.needed), rounds=self.remaining)
                 if self.needed is not None else ""]
        if self.needed_average is not None:
            parts.append(_("opponents averaging {average}+").format(average=self.needed_average))
        parts += [c.said for c in self.conditions if c.state is State.PENDING and c.article not in ("1.4.8",)]
        return "; ".join(p for p in parts if p)


def _points(value: Fraction | None) -> str:
    if value is None:
        return ""
    whole, half = divmod(value.numerator * 2 // value.denominator, 2)  # in integers: scores are in half points
    return f"{whole if whole or not half else ''}{'½' if half else ''}" or "0"


_NO_MISS = frozenset({ResultCode.FORFEIT_WIN, ResultCode.PAB})
"""Rounds without a game that are no miss for 1.4.3 (d): the player came (the opponent did not) or got the PAB."""


def swiss_exempt(t: Tournament, event: NormEvent, after_round: int) -> bool:
    """1.4.3 (d): a Swiss with, in every round so far, 20 rated players not of the host federation, from at
    least 3 federations, 10 of them GM, IM, WGM or WIM, "counted only if they miss at most one round (excluding
    pairing-allocated byes)" (the text, confirmed by the Qualification Commission's review of 1 May 2023: "only
    considered ... if they play (at least) all but one round"). FID players are of no federation (1.4.2 (a)).
    Never without a host federation to compare with."""
    host = event.federation.strip().upper()
    if not event.swiss or not host or after_round < 1:
        return False
    present: dict[int, set[int]] = {n: set() for n in range(1, after_round + 1)}
    eligible = []
    for p in t.players:
        fed = p.federation.strip().upper()
        if p.rating <= 0 or not fed or fed in (host, rules.NO_FEDERATION):
            continue
        here = {n for n in present if p.entry(n).code.is_game or p.entry(n).code in _NO_MISS}
        if after_round - len(here) <= rules.SWISS_MAX_MISSED:
            eligible.append(p)
            for n in here:
                present[n].add(p.id)
    for number in range(1, after_round + 1):
        foreign = [p for p in eligible if p.id in present[number]]
        titled = sum(1 for p in foreign if p.title.strip().upper() in rules.SWISS_EXEMPT_TITLES)
        federations = {p.federation.strip().upper() for p in foreign}
        if (len(foreign) < rules.SWISS_FOREIGN_RATED or len(federations) < rules.SWISS_FOREIGN_FEDERATIONS
                or titled < rules.SWISS_FOREIGN_TITLED):
            return False
    return True


def _floor(share: Fraction, games: int) -> int:
    """``share`` of ``games`` rounded down, in integers (a Fraction a condition is many times slower)."""
    return share.numerator * games // share.denominator


def _share(count: int, games: int, remaining: int, most: Fraction, article: str, name: str, what: str) -> Condition:
    """At most ``most`` of the opponents: met now, or mended by ``remaining`` opponents of any other kind.

    ``what`` is the whole sentence, translated, its fields ``{count}``, ``{games}``, ``{allowed}``, ``{share}``
    still to fill."""
    allowed_now = _floor(most, games)
    text = what.format(count=count, games=games, allowed=allowed_now, share=most)
    if count <= allowed_now:
        return Condition(article, name, State.OK, text)
    allowed_then = _floor(most, games + remaining)
    if count <= allowed_then:
        return Condition(article, name, State.PENDING, text)
    return Condition(article, name, State.FAILED, _("{condition}; {games} games at most allow {allowed}").format(
        condition=text, games=games + remaining, allowed=allowed_then))


def _at_least(count: int, need_now: int, need_then: int, remaining: int, article: str, name: str,
              text: str) -> Condition:
    if count >= need_now:
        return Condition(article, name, State.OK, text)
    if count + remaining >= need_then:
        return Condition(article, name, State.PENDING, text)
    return Condition(article, name, State.FAILED, _cannot_make_up(text, remaining))


def _cannot_make_up(text: str, remaining: int) -> str:
    """``text`` and, with rounds left, that they are too few to meet the condition."""
    if not remaining:
        return text
    return ngettext("{condition}; {rounds} round left cannot make it up",
                    "{condition}; {rounds} rounds left cannot make it up", remaining).format(condition=text,
                                                                                           rounds=remaining)


def _needed_share(share: Fraction, games: int, minimum: int = 0) -> int:
    """``share`` of ``games`` rounded up, at least ``minimum``."""
    return max(minimum, -(-share.numerator * games // share.denominator))


def player_norms(t: Tournament, player_id: int, event: NormEvent, after_round: int | None = None,
                 exempt: bool | None = None) -> list[NormVerdict]:
    """The norms ``player_id`` seeks (:func:`engine.norms.rules.norms_sought`) after ``after_round``."""
    r = t.rounds_played if after_round is None else after_round
    player = t.player(player_id)
    own = player.federation.strip().upper()
    remaining = 0 if player.withdrawn else max(0, event.rounds - r)
    if exempt is None:
        exempt = swiss_exempt(t, event, r)
    exemption = _exemption(event, own, exempt)
    games = counted_games(t, player_id, r, round_robin=not event.swiss)
    missing = unplayed_rounds(t, player_id, r)
    verdicts = []
    for norm in rules.norms_sought(player.title, player.sex):
        v = _verdict(player_id, own, norm, games, r, remaining, event, exemption, missing)
        if v.status is not Status.MADE and event.swiss:
            v = _made_earlier(v, player_id, own, norm, games, r, event, exemption, missing)
        verdicts.append(v)
    return verdicts


def _exemption(event: NormEvent, own: str, swiss: bool) -> str:
    """The article of the exemption from 1.4.3-1.4.4 the player has in this event, empty for none: (a)-(c) by the
    kind of event ((b) for the registering federation's players only), (d) the large Swiss."""
    article = rules.EVENT_EXEMPTIONS.get(event.exemption, "")
    if event.exemption and not article:
        raise ValueError(f"unknown 1.4.3 exemption {event.exemption!r}: {', '.join(rules.EVENT_EXEMPTIONS)}")
    if article == "1.4.3 (b)" and own != event.federation.strip().upper():
        article = ""
    if not article and swiss:
        article = "1.4.3 (d)"
    return article


def _made_earlier(v: NormVerdict, pid: int, own: str, norm: NormRules, games: list[NormGame], r: int,
                  event: NormEvent, exemption: str, missing: dict[int, ResultCode]) -> NormVerdict:
    """1.4.1 (e): outside pre-determined pairings, "subsequent games may be ignored" once a title result is made
    with the opponents and games it needs; the latest round k < r after which the norm stood made, if any."""
    for k in range(r - 1, 0, -1):
        prefix = [g for g in games if g.round <= k]
        halves = sum(int(g.score * 2) for g in prefix)
        # the most games rounds 1..k can count as: each point above the least score, itself at least 35 % (1.4.8
        # (b)), one more (1.4.1 (d)), or one more by 1.4.1 (c); fewer rounds only lower it, so stop there
        if len(prefix) + max(0, halves - -(-7 * len(prefix) // 10)) // 2 + 1 < event.min_games:
            break
        # a later loss by forfeit still counts against 1.4.1 (c)-(d): the QC's review of 1 May 2023 lets no overscore
        # make the norm of a player who missed a round by a forfeit loss
        earlier = _verdict(pid, own, norm, prefix, k, 0, event, exemption,
                           {n: c for n, c in missing.items() if n <= k or c is ResultCode.FORFEIT_LOSS})
        if earlier.status is Status.MADE:
            return dataclasses.replace(earlier, after_round=r, remaining=v.remaining, made_after=k)
    return v


def event_norms(t: Tournament, event: NormEvent, after_round: int | None = None) -> list[NormVerdict]:
    """Every player's norms after ``after_round`` (default: the last round paired), players in number order."""
    r = t.rounds_played if after_round is None else after_round
    exempt = swiss_exempt(t, event, r)
    return [v for p in t.players for v in player_norms(t, p.id, event, r, exempt)]


def _verdict(pid: int, own: str, norm: NormRules, games: list[NormGame], r: int, remaining: int,
             event: NormEvent, exemption: str, missing: dict[int, ResultCode]) -> NormVerdict:
    """One norm on ``games`` (rounds 1..r, ``missing`` the rounds without a game), every condition in the text's
    order so that the first failed is the one a reader looks up first."""
    g = len(games)
    final = g + remaining
    score = sum((x.score for x in games), Fraction(0))
    conditions: list[Condition] = []
    # 1.4.3 and 1.4.4 the federations, unless an exemption of 1.4.3 (a)-(d)
    if not exemption:
        conditions.extend(_federations(own, games, remaining))
    # 1.4.5 title-holders and the title mix
    conditions.extend(_titles(games, norm, final, remaining))
    # 1.4.6-1.4.7 the rating average, 1.4.8 (a) its least
    ratings = norm_ratings(games, norm.floor)
    average = ratings.average
    needed_average = None
    ra = {"average": average if average is not None else "-", "needed": norm.average, "floor": norm.floor,
          "opponent": games[ratings.raised].name if ratings.raised is not None else ""}
    ra_text = (_("Ra {average}, {opponent} raised to {floor}, {needed} needed") if ratings.raised is not None
               else _("Ra {average}, {needed} needed")).format(**ra)
    if average is not None and average >= norm.average:
        conditions.append(Condition("1.4.8 (a)", N_("average"), State.OK, ra_text))
    elif remaining:
        total = sum(ratings.used)
        needed_average = math.ceil((Fraction(2 * norm.average - 1, 2) * final - total) / remaining)
        conditions.append(Condition("1.4.8 (a)", N_("average"), State.PENDING,
                                    _("{condition}: the remaining opponents averaging {average}").format(
                                        condition=ra_text, average=needed_average)))
    else:
        conditions.append(Condition("1.4.8 (a)", N_("average"), State.FAILED, ra_text))
    # 1.4.8 the performance
    performance = average + dp(percentage(score, g)) if average is not None and g else None
    # the points the remaining rounds need, every one played, at the present average (or the least 1.4.8 (a) allows)
    base = max(average or 0, norm.average)
    total_needed = _least_score(base, final, norm.performance) if final else None
    needed = None
    if total_needed is not None and total_needed - score <= remaining:
        needed = max(Fraction(0), total_needed - score)
    conditions.append(_performance(performance, norm, base, final, needed, total_needed, score + remaining))
    # 1.4.8 (b) at least 35 % of the points
    conditions.append(_least_share(score, g, final, remaining))
    # 1.4.1 the number of games, (c) and (d) counting more than were played
    games_condition, counted, notes = _games(g, score, remaining, average, norm, event, missing)
    conditions.insert(0, games_condition)
    # 1.4.1 (e) pre-determined pairings: the norm is over all the scheduled rounds
    if not event.swiss:
        text = _("{played} of the {rounds} scheduled rounds played").format(played=r, rounds=event.rounds)
        state = State.OK if r >= event.rounds else State.PENDING if remaining else State.FAILED
        conditions.insert(1, Condition("1.4.1 (e)", N_("all rounds"), state, text))
    if exemption:
        notes += (_("{exemption} exempted the norm from 1.4.3-1.4.4: 1.4.3 (e) wants one norm of the application "
                    "without such an exemption").format(exemption=exemption),)
    failed = tuple(c for c in conditions if c.state is State.FAILED)
    if failed:
        status = Status.OUT
    elif all(c.state is State.OK for c in conditions):
        status = Status.MADE
    else:
        status = Status.REACHABLE
    return NormVerdict(pid, norm.title, r, status, tuple(games), score, ratings, performance, remaining,
                       tuple(conditions), needed if status is Status.REACHABLE else None,
                       needed_average if status is Status.REACHABLE else None, bool(exemption), failed,
                       counted, None, exemption, notes)


def _performance(performance: int | None, norm: NormRules, base: int, final: int, needed: Fraction | None,
                 total_needed: Fraction | None, best: Fraction) -> Condition:
    """1.4.8: the performance the norm needs; pending while the remaining rounds can still give ``needed``
    points (``total_needed`` of ``final`` games at Ra ``base``), failed when even ``best`` is not enough."""
    if performance is not None and performance >= norm.performance:
        return Condition("1.4.8", N_("performance"), State.OK, _("Rp {performance}, {needed} needed").format(
            performance=performance, needed=norm.performance))
    rp = {"performance": performance if performance is not None else "-", "needed": norm.performance,
          "base": base, "final": final}
    if needed is not None:
        return Condition("1.4.8", N_("performance"), State.PENDING,
                         _("Rp {performance}, {needed} needed: {points} of {final} at Ra {base}").format(
                             points=_points(total_needed), **rp))
    if final:
        return Condition("1.4.8", N_("performance"), State.FAILED,
                         _("Rp {performance}, {needed} needed; {points} of {final} at Ra {base} is not enough").format(
                             points=_points(best), **rp))
    return Condition("1.4.8", N_("performance"), State.FAILED,
                     _("Rp {performance}, {needed} needed; no game at Ra {base} is not enough").format(**rp))


def _titles(games: list[NormGame], norm: NormRules, final: int, remaining: int) -> list[Condition]:
    """1.4.5: half of the opponents title-holders, and a third (at least 3) of the titles the norm's mix names."""
    g = len(games)
    titled = sum(1 for x in games if x.title in rules.TITLE_HOLDERS)
    mix = sum(1 for x in games if x.title in norm.mix)
    mix_names = "/".join(sorted(norm.mix, key=["GM", "IM", "WGM", "WIM"].index))
    return [
        _at_least(titled, _needed_share(rules.TITLED_SHARE, g), _needed_share(rules.TITLED_SHARE, final),
                  remaining, "1.4.5", N_("title-holders"),
                  _("{count} of {games}, half needed ({needed} of {final})").format(
                      count=titled, games=g, needed=_needed_share(rules.TITLED_SHARE, max(g, final)),
                      final=max(g, final))),
        _at_least(mix, _needed_share(rules.MIX_SHARE, g, rules.MIX_MINIMUM),
                  _needed_share(rules.MIX_SHARE, final, rules.MIX_MINIMUM), remaining, "1.4.5",
                  f"{mix_names} opponents",  # named in the reader's language by Condition.shown_name
                  _("{count} of {games}, a third and at least 3 needed ({needed})").format(
                      count=mix, games=g, needed=_needed_share(rules.MIX_SHARE, max(g, final), rules.MIX_MINIMUM))),
    ]


def _least_share(score: Fraction, g: int, final: int, remaining: int) -> Condition:
    """1.4.8 (b): at least 35 % of the points, in integers as the shares above (Fractions made open-300 slower)."""
    least = rules.MIN_SCORE_SHARE
    halves = score.numerator * 2 // score.denominator
    share_text = _("{points} of {games}, 35% needed").format(points=_points(score), games=g)
    if g and halves * least.denominator >= 2 * least.numerator * g:
        return Condition("1.4.8 (b)", N_("least score"), State.OK, share_text)
    if remaining and (halves + 2 * remaining) * least.denominator >= 2 * least.numerator * final:
        return Condition("1.4.8 (b)", N_("least score"), State.PENDING, share_text)
    return Condition("1.4.8 (b)", N_("least score"), State.FAILED, share_text)


def _games(g: int, score: Fraction, remaining: int, average: int | None, norm: NormRules, event: NormEvent,
           missing: dict[int, ResultCode]) -> tuple[Condition, int, tuple[str, ...]]:
    """1.4.1: the games condition, the games the norm counts as, and the note 1.4.1 (c) asks for.

    (a) ``event.min_games`` games; (c) in a nine-round event, eight games with the one round missed a forfeit
    win or the pairing-allocated bye count as nine ("only one such norm" in an application); (d) each full point
    above the norm's least score over the games played counts one game more, but not for a player who lost a
    game by forfeit (the Qualification Commission's review of 1 May 2023: "an overscore will not create a norm");
    1.7: at most 13 games."""
    need = event.min_games
    final = g + remaining
    forfeited = ResultCode.FORFEIT_LOSS in missing.values()
    short = (event.rounds == rules.SHORT_EVENT_ROUNDS and need == rules.MIN_GAMES and len(missing) == 1
             and next(iter(missing.values())) in (ResultCode.FORFEIT_WIN, ResultCode.PAB))
    extra = 0
    halves = score.numerator * 2 // score.denominator
    # the points above the least score are at most those above 35 % (1.4.8 (b)): a bound that spares the search
    bound = max(0, halves - -(-7 * g // 10)) // 2
    if average is not None and g and not forfeited and bound and (g >= need or g + bound >= need):
        least = _least_score(average, g, norm.performance)
        if least is not None and score >= least:
            extra = int(score - least)
    text = _("{played} played, {needed} needed").format(played=g, needed=need)
    notes: tuple[str, ...] = ()
    counted = g
    if g >= need:
        state = State.OK
        counted = g + extra
    elif g + extra >= need:
        state = State.OK
        counted = g + extra
        text = ngettext("{condition}; {extra} point above the least score count as {extra} more (1.4.1 (d))",
                        "{condition}; {extra} points above the least score count as {extra} more (1.4.1 (d))",
                        extra).format(condition=text, extra=extra)
    elif short and g == need - 1 and remaining == 0:
        state = State.OK
        counted = need
        rnd, code = next(iter(missing.items()))
        told = (_("{condition}; with the forfeit win of round {round} they count as {needed} (1.4.1 (c))")
                if code is ResultCode.FORFEIT_WIN else
                _("{condition}; with the pairing-allocated bye of round {round} they count as {needed} (1.4.1 (c))"))
        text = told.format(condition=text, round=rnd, needed=need)
        notes = (_("1.4.1 (c): eight games counted as nine; only one such norm may be used in a title "
                   "application"),)
    elif remaining and (final >= need or (short and final == need - 1)
                        or (not forfeited and _overscore_possible(g, score, remaining, average, norm, need))):
        state = State.PENDING
    else:
        state = State.FAILED
        text = _cannot_make_up(text, remaining)
    return Condition("1.4.1", N_("games"), state, text), min(counted, rules.MAX_COUNTED_GAMES), notes


def _overscore_possible(g: int, score: Fraction, remaining: int, average: int | None, norm: NormRules,
                        need: int) -> bool:
    """1.4.1 (d): whether winning every remaining round could give enough points above the least score, at the
    present average (or the least 1.4.8 (a) allows), to make up the games short of ``need``."""
    final = g + remaining
    halves = score.numerator * 2 // score.denominator + 2 * remaining
    if final + max(0, halves - -(-7 * final // 10)) // 2 < need:  # not even 35 % and the rest above it
        return False
    least = _least_score(max(average or 0, norm.average), final, norm.performance)
    return least is not None and final + int(score + remaining - least) >= need


def _federations(own: str, games: list[NormGame], remaining: int) -> list[Condition]:
    """1.4.3: two federations besides the applicant's; 1.4.4: at most 3/5 of the opponents from the applicant's
    federation and 2/3 from any one."""
    g = len(games)
    # 1.4.2 (a): an FID player is accepted, but is of no federation: neither foreign nor the one federation
    feds = [x.federation for x in games if x.federation and x.federation != rules.NO_FEDERATION]
    others = {f for f in feds if f != own}
    conditions = [_at_least(len(others), rules.OTHER_FEDERATIONS, rules.OTHER_FEDERATIONS, remaining,
                            "1.4.3", N_("federations"),
                            (_("{count} besides {federation}'s ({others}), {needed} needed") if own
                             else _("{count} besides the player's ({others}), {needed} needed")).format(
                                count=len(others), federation=own, others=", ".join(sorted(others)) or _("none"),
                                needed=rules.OTHER_FEDERATIONS))]
    own_count = sum(1 for x in games if x.federation == own)
    from_own = (_("{count} of {games} opponents from {federation}, at most {allowed} ({share})") if own
                else _("{count} of {games} opponents from the same federation, at most {allowed} ({share})"))
    conditions.append(_share(own_count, g, remaining, rules.OWN_FEDERATION_SHARE, "1.4.4",
                             N_("own federation"), from_own.replace("{federation}", own)))
    counts = Counter(feds)
    if counts:
        fed, most = max(sorted(counts.items()), key=lambda kv: kv[1])
        conditions.append(_share(most, g, remaining, rules.ONE_FEDERATION_SHARE, "1.4.4", N_("one federation"),
                                 _("{count} of {games} opponents from {federation}, at most {allowed} ({share})")
                                 .replace("{federation}", fed)))
    return conditions


def _least_score(average: int, games: int, performance: int) -> Fraction | None:
    """The least score (in half points) out of ``games`` whose Ra + dp reaches ``performance`` (1.4.8) and that
    is at least 35 % (1.4.8 (b)); None when a full score does not."""
    for halves in range(-(-7 * games // 10), 2 * games + 1):
        # the percentage of percentage(), in integers: 100 * halves / (2 * games), rounded half up
        if average + dp((100 * halves + games) // (2 * games)) >= performance:
            return Fraction(halves, 2)
    return None


def least_scores(norm: NormRules, games: int, low: int = 0, high: int = 2800) -> list[tuple[int, int, Fraction]]:
    """The regulations' table of 1.4.9 for ``games`` games: (lowest Ra, highest Ra, the least score) for each
    score, from the least average 1.4.8 (a) allows up to ``high``."""
    rows: list[tuple[int, int, Fraction]] = []
    for ra in range(max(low, norm.average), high + 1):
        s = _least_score(ra, games, norm.performance)
        if s is None:
            continue
        if rows and rows[-1][2] == s:
            rows[-1] = (rows[-1][0], ra, s)
        else:
            rows.append((ra, ra, s))
    return rows
