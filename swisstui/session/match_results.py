"""``session.matches``: a round whose pairings are matches of several games (the Double-Swiss, C.04.5).

Writing: a confirmed pairing of such a system becomes the round's ``games`` rows, the
board the engine gave as game 1 and the colours alternating game by game (C.04.5
preface: two games in succession with alternating colours), :func:`matches_of_pairing`.

Results: a game at a time (``1-0``, ``1/2-1/2``, ``+/-``, ... as on a board), or a
match at once: its games in order (``1-0 1/2-1/2``), or its total, first the player
with White in game 1 (``2-0``, ``1½-½``, ``1-1``, ``½-1½``, ``0-2``). The file keeps
games (each is rated on its own, C.04.5 preface), so a total is taken only where one
pair of games alone gives it (2-0, 0-2); 1½-½ (a win and a draw, in which order?)
asks for the games. Each change,
a correction with its reason, is written under the lock as a board's result is.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from engine.model.tournament import Pairing
from swisstui import store
from swisstui.language import _
from swisstui.session.action_errors import ActionError
from swisstui.session.core import Service, now
from swisstui.session.outcome import Outcome
from swisstui.store import event as ev
from swisstui.store.board_results import canonical_result
from swisstui.store.match_records import GameRecord, MatchRecord


def matches_of_pairing(boards: Sequence[Pairing], games: int) -> list[MatchRecord]:
    """The matches of a confirmed pairing, each board its first game, colours alternating."""
    return [
        MatchRecord(number, [GameRecord(*((b.white, b.black) if g % 2 == 0 else (b.black, b.white)))
                             for g in range(games)])
        for number, b in enumerate(boards, start=1)
    ]


# The games a match total between two players can only come from, game 1 first (first: White in game 1).
_ONLY_SPLIT = {
    (Fraction(2), Fraction(0)): ("1-0", "0-1"),
    (Fraction(0), Fraction(2)): ("0-1", "1-0"),
    (Fraction(1), Fraction(1)): None,  # two draws, or a win each: the games say which
}


def _points(text: str) -> Fraction:
    cleaned = text.strip().replace("½", ".5") or "0"
    if cleaned.startswith("."):
        cleaned = "0" + cleaned
    try:
        return Fraction(cleaned)
    except ValueError:
        raise ActionError(_("{text} is not a number of points").format(text=repr(text))) from None


def parse_match_score(text: str) -> tuple[Fraction, Fraction]:
    """``1½-½`` (or ``1.5-0.5``) as the two players' totals; an :class:`ActionError` for anything else."""
    first, sep, second = text.strip().partition("-")
    if not sep:
        raise ActionError(_("{text} is not a match score: write it as 2-0, 1½-½, 1-1, ...").format(text=repr(text)))
    return _points(first), _points(second)


class MatchResultsService(Service):
    """The results of the games of a round of matches."""

    def set_game_result(self, round_number: int, match: int, game: int, result: str, reason: str = "",
                        by: str = "") -> Outcome[None]:
        """Record (``""``: clear) the result of ``game`` of ``match``, as a board's result is written."""
        try:
            stored = canonical_result(result)
        except ValueError as err:
            raise ActionError(str(err)) from None
        return self._set(round_number, match, {game: stored}, reason, by)

    def set_match_result(self, round_number: int, match: int, score: str, reason: str = "",
                         by: str = "") -> Outcome[None]:
        """Record a match at once: its games' results in order (``1-0 1/2-1/2``), or its total, the player
        with White in game 1 first, where only one pair of games gives it (2-0, 0-2); any other total
        (1½-½: a win and a draw, in which order?) asks for the games."""
        words = score.replace(",", " ").split()
        if len(words) > 1:
            try:
                games = [canonical_result(w) for w in words]
            except ValueError as err:
                raise ActionError(str(err)) from None
            return self._set(round_number, match, dict(enumerate(games, start=1)), reason, by)
        totals = parse_match_score(score)
        if sum(totals) != 2 or any(t < 0 for t in totals):
            raise ActionError(_("{score}: a match of two games shares 2 points (2-0, 1½-½, 1-1, ...); "
                                "enter other results (½-0, 0-0, a forfeit) game by game").format(score=repr(score)))
        split = _ONLY_SPLIT.get(totals)
        if split is None:
            raise ActionError(_("{score} can come from more than one pair of games: enter the two games "
                                "(game 1, then game 2)").format(score=repr(score)))
        return self._set(round_number, match, {1: split[0], 2: split[1]}, reason, by)

    def _set(self, round_number: int, match: int, results: dict[int, str], reason: str, by: str) -> Outcome[None]:
        def apply(event: ev.Event) -> object:
            rnd = event.round(round_number)
            if rnd is None or not 1 <= match <= len(rnd.matches):
                raise ActionError(_("round {round} has no match {match}").format(round=round_number, match=match))
            m = rnd.matches[match - 1]
            for game in results:
                if not 1 <= game <= len(m.games):
                    raise ActionError(_("match {match} has no game {game} (it has {count})").format(
                            match=match, game=game,
                                                                                     count=len(m.games)))
            todo = {g: r for g, r in results.items() if m.games[g - 1].result != r}
            if not todo:
                return store.UNCHANGED
            corrected = [g for g in todo if m.games[g - 1].result]
            if corrected and not reason.strip():
                raise ActionError(_("a correction needs a reason"))
            lines = []
            for g, new in sorted(todo.items()):
                record = m.games[g - 1]
                if record.result:
                    rnd.changes.append(ev.ChangeRecord(kind="result", reason=reason.strip(), board=match,
                                                       old=record.result, new=new, by=by.strip(), at=now()))
                lines.append(f"game {g} ({record.white}-{record.black}): {record.result or 'no result'} -> "
                             f"{new or 'no result'}")
                record.result = new
            return f"round {round_number}, match {match}: " + "; ".join(lines) + (
                f": {reason.strip()}" if corrected else "")

        return self._change(apply, "result", round_number)
