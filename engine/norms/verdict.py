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
  least average 1.4.7 allows, when the average is below it, with the average the
  remaining opponents need to lift it) over all remaining rounds played.

The exemption of 1.4.3 (d) is judged on the rounds paired so far: in each, the
participants paired (a game, a forfeit or the pairing-allocated bye) counted.
"""

from __future__ import annotations

import enum
import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from engine.model.tournament import Tournament
from engine.norms import rules
from engine.norms.opponents import NormGame, Ratings, counted_games, norm_ratings, percentage
from engine.norms.rules import NormRules
from engine.tiebreaks.rating import dp


class Status(enum.Enum):
    MADE = "made"
    REACHABLE = "reachable"
    OUT = "out of reach"


class State(enum.Enum):
    OK = "ok"
    PENDING = "pending"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class Condition:
    """One requirement of the norm as it stands: its article, a short name, its state and the figures."""

    article: str
    name: str
    state: State
    text: str

    @property
    def said(self) -> str:
        """The condition in one line, for a list or a reason: ``B.01 1.4.2 games: 7 of 9 played``."""
        return f"B.01 {self.article} {self.name}: {self.text}"


@dataclass(frozen=True, slots=True)
class NormEvent:
    """What the norm reads of the event besides its players: the host federation, the rounds, the kind.

    ``min_games`` is 9 but for the team championships 1.4.2 lists; ``swiss`` says the
    event may use the exemption of 1.4.3 (d) (a round robin may not). The remaining
    fields are the norm report form's (:mod:`engine.norms.certificate`).
    """

    rounds: int
    federation: str = ""
    swiss: bool = True
    min_games: int = rules.MIN_GAMES
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
    needed_average: int | None = None  # reachable with the average below 1.4.7's: the remaining opponents'
    exempt: bool = False  # 1.4.3 (d) applied: 1.4.3 and 1.4.4 not required
    failed: tuple[Condition, ...] = field(default=())

    @property
    def reason(self) -> str:
        """Why the norm stands as it does, in one line."""
        if self.status is Status.OUT:
            return self.failed[0].said
        if self.status is Status.MADE:
            return f"Rp {self.performance} on Ra {self.ratings.average} from {len(self.games)} games"
        rounds = f"{self.remaining} round{'s' if self.remaining != 1 else ''} left"
        parts = [f"needs {_points(self.needed)} of the {rounds}" if self.needed is not None else ""]
        if self.needed_average is not None:
            parts.append(f"opponents averaging {self.needed_average}+")
        parts += [c.said for c in self.conditions if c.state is State.PENDING and c.article not in ("1.4.8",)]
        return "; ".join(p for p in parts if p)


def _points(value: Fraction | None) -> str:
    if value is None:
        return ""
    whole, half = divmod(value * 2, 2)
    return f"{int(whole) if whole or not half else ''}{'½' if half else ''}" or "0"


def swiss_exempt(t: Tournament, event: NormEvent, after_round: int) -> bool:
    """1.4.3 (d): a Swiss with, in every round so far, 20 rated players not of the host federation, from at
    least 3 federations, 10 of them GM, IM, WGM or WIM. Never without a host federation to compare with."""
    host = event.federation.strip().upper()
    if not event.swiss or not host or after_round < 1:
        return False
    for number in range(1, after_round + 1):
        foreign = [p for p in t.players if p.entry(number).was_paired and p.rating > 0
                   and p.federation.strip() and p.federation.strip().upper() != host]
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
    """At most ``most`` of the opponents: met now, or mended by ``remaining`` opponents of any other kind."""
    allowed_now = _floor(most, games)
    text = f"{count} of {games} opponents {what}, at most {allowed_now} ({most})"
    if count <= allowed_now:
        return Condition(article, name, State.OK, text)
    allowed_then = _floor(most, games + remaining)
    if count <= allowed_then:
        return Condition(article, name, State.PENDING, text)
    return Condition(article, name, State.FAILED, text + f"; {games + remaining} games at most allow {allowed_then}")


def _at_least(count: int, need_now: int, need_then: int, remaining: int, article: str, name: str,
              text: str) -> Condition:
    if count >= need_now:
        return Condition(article, name, State.OK, text)
    if count + remaining >= need_then:
        return Condition(article, name, State.PENDING, text)
    return Condition(article, name, State.FAILED, text + (f"; {remaining} rounds left cannot make it up"
                                                         if remaining else ""))


def _needed_share(share: Fraction, games: int, minimum: int = 0) -> int:
    """``share`` of ``games`` rounded up, at least ``minimum``."""
    return max(minimum, -(-share.numerator * games // share.denominator))


def player_norms(t: Tournament, player_id: int, event: NormEvent, after_round: int | None = None,
                 exempt: bool | None = None) -> list[NormVerdict]:
    """The norms ``player_id`` seeks (:func:`engine.norms.rules.norms_sought`) after ``after_round``."""
    r = t.rounds_played if after_round is None else after_round
    player = t.player(player_id)
    remaining = 0 if player.withdrawn else max(0, event.rounds - r)
    if exempt is None:
        exempt = swiss_exempt(t, event, r)
    games = counted_games(t, player_id, r)
    return [_verdict(player_id, player.federation.strip().upper(), norm, games, r, remaining, event, exempt)
            for norm in rules.norms_sought(player.title, player.sex)]


def event_norms(t: Tournament, event: NormEvent, after_round: int | None = None) -> list[NormVerdict]:
    """Every player's norms after ``after_round`` (default: the last round paired), players in number order."""
    r = t.rounds_played if after_round is None else after_round
    exempt = swiss_exempt(t, event, r)
    return [v for p in t.players for v in player_norms(t, p.id, event, r, exempt)]


def _verdict(pid: int, own: str, norm: NormRules, games: list[NormGame], r: int, remaining: int,
             event: NormEvent, exempt: bool) -> NormVerdict:
    g = len(games)
    final = g + remaining
    score = sum((x.score for x in games), Fraction(0))
    conditions: list[Condition] = []
    # 1.4.2 the number of games
    conditions.append(_at_least(g, event.min_games, event.min_games, remaining, "1.4.2", "games",
                                f"{g} played, {event.min_games} needed"))
    # 1.4.3 and 1.4.4 the federations, unless 1.4.3 (d)
    if not exempt:
        conditions.extend(_federations(own, games, remaining))
    # 1.4.5 title-holders and the title mix
    titled = sum(1 for x in games if x.title in rules.TITLE_HOLDERS)
    conditions.append(_at_least(titled, _needed_share(rules.TITLED_SHARE, g), _needed_share(rules.TITLED_SHARE, final),
                                remaining, "1.4.5", "title-holders",
                                f"{titled} of {g}, half needed ({_needed_share(rules.TITLED_SHARE, max(g, final))} "
                                f"of {max(g, final)})"))
    mix = sum(1 for x in games if x.title in norm.mix)
    mix_names = "/".join(sorted(norm.mix, key=["GM", "IM", "WGM", "WIM"].index))
    conditions.append(_at_least(mix, _needed_share(rules.MIX_SHARE, g, rules.MIX_MINIMUM),
                                _needed_share(rules.MIX_SHARE, final, rules.MIX_MINIMUM), remaining, "1.4.5",
                                f"{mix_names} opponents",
                                f"{mix} of {g}, a third and at least 3 needed "
                                f"({_needed_share(rules.MIX_SHARE, max(g, final), rules.MIX_MINIMUM)})"))
    # 1.4.6-1.4.7 the rating average
    ratings = norm_ratings(games, norm.floor)
    average = ratings.average
    needed_average = None
    raised = f", {games[ratings.raised].name} raised to {norm.floor}" if ratings.raised is not None else ""
    if average is not None and average >= norm.average:
        conditions.append(Condition("1.4.7", "average", State.OK, f"Ra {average}{raised}, {norm.average} needed"))
    elif remaining:
        total = sum(ratings.used)
        needed_average = math.ceil((Fraction(2 * norm.average - 1, 2) * final - total) / remaining)
        conditions.append(Condition("1.4.7", "average", State.PENDING,
                                    f"Ra {average if average is not None else '-'}{raised}, {norm.average} needed: "
                                    f"the remaining opponents averaging {needed_average}"))
    else:
        conditions.append(Condition("1.4.7", "average", State.FAILED,
                                    f"Ra {average if average is not None else '-'}{raised}, {norm.average} needed"))
    # 1.4.8 the performance
    performance = average + dp(percentage(score, g)) if average is not None and g else None
    # the points the remaining rounds need, every one played, at the present average (or the least 1.4.7 allows)
    base = max(average or 0, norm.average)
    total_needed = _least_score(base, final, norm.performance) if final else None
    needed = None
    if total_needed is not None and total_needed - score <= remaining:
        needed = max(Fraction(0), total_needed - score)
    if performance is not None and performance >= norm.performance:
        conditions.append(Condition("1.4.8", "performance", State.OK, f"Rp {performance}, {norm.performance} needed"))
    else:
        if needed is not None:
            conditions.append(Condition("1.4.8", "performance", State.PENDING,
                                        f"Rp {performance if performance is not None else '-'}, "
                                        f"{norm.performance} needed: {_points(total_needed)} of {final} at Ra {base}"))
        else:
            best = f"{_points(score + remaining)} of {final}" if final else "no game"
            conditions.append(Condition("1.4.8", "performance", State.FAILED,
                                        f"Rp {performance if performance is not None else '-'}, {norm.performance} "
                                        f"needed; {best} at Ra {base} is not enough"))
    failed = tuple(c for c in conditions if c.state is State.FAILED)
    if failed:
        status = Status.OUT
    elif all(c.state is State.OK for c in conditions):
        status = Status.MADE
    else:
        status = Status.REACHABLE
    return NormVerdict(pid, norm.title, r, status, tuple(games), score, ratings, performance, remaining,
                       tuple(conditions), needed if status is Status.REACHABLE else None,
                       needed_average if status is Status.REACHABLE else None, exempt, failed)


def _federations(own: str, games: list[NormGame], remaining: int) -> list[Condition]:
    """1.4.3: two federations besides the applicant's; 1.4.4: at most 3/5 of the opponents from the applicant's
    federation and 2/3 from any one."""
    g = len(games)
    others = {x.federation for x in games if x.federation and x.federation != own}
    conditions = [_at_least(len(others), rules.OTHER_FEDERATIONS, rules.OTHER_FEDERATIONS, remaining,
                            "1.4.3", "federations", f"{len(others)} besides {own or 'the player'}'s "
                            f"({', '.join(sorted(others)) or 'none'}), {rules.OTHER_FEDERATIONS} needed")]
    own_count = sum(1 for x in games if x.federation == own)
    conditions.append(_share(own_count, g, remaining, rules.OWN_FEDERATION_SHARE, "1.4.4",
                             "own federation", f"from {own or 'the same federation'}"))
    counts = Counter(x.federation for x in games if x.federation)
    if counts:
        fed, most = max(sorted(counts.items()), key=lambda kv: kv[1])
        conditions.append(_share(most, g, remaining, rules.ONE_FEDERATION_SHARE, "1.4.4",
                                 "one federation", f"from {fed}"))
    return conditions


def _least_score(average: int, games: int, performance: int) -> Fraction | None:
    """The least score (in half points) out of ``games`` whose Ra + dp reaches ``performance`` (1.4.8);
    None when a full score does not."""
    for halves in range(0, 2 * games + 1):
        # the percentage of percentage(), in integers: 100 * halves / (2 * games), rounded half up
        if average + dp((100 * halves + games) // (2 * games)) >= performance:
            return Fraction(halves, 2)
    return None


def least_scores(norm: NormRules, games: int, low: int = 0, high: int = 2800) -> list[tuple[int, int, Fraction]]:
    """The regulations' table of 1.4.9 for ``games`` games: (lowest Ra, highest Ra, the least score) for each
    score, from the least average 1.4.7 allows up to ``high``."""
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
