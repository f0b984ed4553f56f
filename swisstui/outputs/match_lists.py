"""Published lists of a round of matches of several games (the Double-Swiss, C.04.5): a row a game.

A match is two games with the colours alternating (C.04.5 preface), so the pairings
show every game with its own White and Black, the match's number on each of its
games, and the match's score in game points once every game has a result (the player
with White in game 1 first). The players' list says each player's colour in each game.
"""

from __future__ import annotations

from engine.model.explain import points_text
from engine.model.tournament import Tournament
from swisstui.language import N_, _, ngettext
from swisstui.language.formats import score_text
from swisstui.outputs.names import told_apart
from swisstui.outputs.publish_index import event_line
from swisstui.outputs.round_notes import not_paired_notes
from swisstui.outputs.sheet import Sheet
from swisstui.store.board_results import result_codes
from swisstui.store.event import Event
from swisstui.store.match_records import MatchRecord

COLUMNS = ["Match", "Game", "No", "White", "Pts", "Result", "Pts", "Black", "No", "Score"]


def _score(t: Tournament, match: MatchRecord, plain: bool) -> str:
    """The match's game points, White of game 1 first (``1½-½``), or ``""`` while a game is on."""
    points = t.settings.points
    home = away = points.loss - points.loss
    for g in match.games:
        codes = result_codes(g.result)
        if codes is None:
            return ""
        mine, theirs = codes if g.white == match.home else (codes[1], codes[0])
        home += points.points(mine)
        away += points.points(theirs)
    if plain:
        return f"{points_text(home, plain=True)}-{points_text(away, plain=True)}"
    return f"{score_text(home)}-{score_text(away)}"


def _before(t: Tournament, pid: int, n: int, plain: bool) -> str:
    """A player's points before round ``n``: ``2.5`` for the CSV, ``2½`` (the language's decimals) for people."""
    score = t.score(pid, n - 1)
    return points_text(score, plain=True) if plain else score_text(score)


def match_pairings(event: Event, n: int) -> Sheet:
    """Round ``n`` match by match in publishing order (C.04.2 art. 3.6), a row a game."""
    names = told_apart(event.players)
    t = event.to_tournament()
    rnd = event.recorded_round(n)
    rows: list[list[str]] = []
    csv_rows: list[list[str]] = []
    for m in rnd.matches:
        for g, game in enumerate(m.games, start=1):
            for out, plain in ((rows, False), (csv_rows, True)):
                result = (game.result or "-") if plain else (game.result.replace("1/2", "½") if game.result else "-")
                out.append([str(m.number) if g == 1 or plain else "", str(g), str(game.white), names[game.white],
                            _before(t, game.white, n, plain), result, _before(t, game.black, n, plain), names[game.black],
                            str(game.black), _score(t, m, plain) if g == len(m.games) or plain else ""])
    games = len(rnd.matches[0].games) if rnd.matches else 2
    notes = [ngettext("Each match is {games} game, colours alternating (C.04.5); Score: the match in game points, "
                      "White of game 1 first",
                      "Each match is {games} games, colours alternating (C.04.5); Score: the match in game points, "
                      "White of game 1 first", games).format(games=games)]
    notes += not_paired_notes(names, rnd.bye, rnd.requests)
    title = _("{event} · round {round} · pairings").format(event=event.name, round=n)
    return Sheet("pairings", title, list(COLUMNS), rows, notes,
                 numeric={0, 1, 2, 4, 6, 8}, csv_rows=csv_rows, round=n, subtitle=event_line(event))


def match_alphabetical(event: Event, n: int) -> Sheet:
    """Every player by name: the match, the colour of each game and the opponent in round ``n``."""
    names = told_apart(event.players)
    rnd = event.recorded_round(n)
    where = {pid: m for m in rnd.matches for pid in m.players}
    rows, csv_rows = [], []
    for p in sorted(event.players, key=lambda p: p.name.casefold()):
        m = where.get(p.id)
        if m is not None:
            colours = [N_("White") if g.white == p.id else N_("Black") for g in m.games]
            opp = m.away if m.home == p.id else m.home
            start = [names[p.id], str(p.id), str(m.number)]
            rows.append([*start, ", ".join(_(c) for c in colours), f"{names[opp]} ({opp})"])
            csv_rows.append([*start, ", ".join(colours), f"{names[opp]} ({opp})"])  # English: read by programs
            continue
        if rnd.bye == p.id:
            said = N_("pairing-allocated bye")
        elif p.id in rnd.requests or not p.plays_in(n):
            said = N_("not paired")
        else:
            continue
        rows.append([names[p.id], str(p.id), "", "", _(said)])
        csv_rows.append([names[p.id], str(p.id), "", "", said])
    title = _("{event} · round {round} · players A-Z").format(event=event.name, round=n)
    return Sheet("alphabetical", title, ["Name", "No", "Match", "Colours", "Opponent"], rows, numeric={1, 2},
                 csv_rows=csv_rows, round=n, subtitle=event_line(event))


def games_with_results(event: Event, n: int) -> tuple[int, int]:
    """(games with a result, games) of round ``n``'s matches."""
    games = [g for m in event.recorded_round(n).matches for g in m.games]
    return sum(1 for g in games if g.result), len(games)
