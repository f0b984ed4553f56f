"""Published lists of a round of matches of several games (the Double-Swiss, C.04.5): a row a game.

A match is two games with the colours alternating (C.04.5 preface), so the pairings
show every game with its own White and Black, the match's number on each of its
games, and the match's score in game points once every game has a result (the player
with White in game 1 first). The players' list says each player's colour in each game.
"""

from __future__ import annotations

from engine.model.explain import points_text
from engine.model.tournament import Tournament
from swisstui.outputs.names import told_apart
from swisstui.outputs.publish_index import event_line
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
    return f"{points_text(home, plain=plain)}-{points_text(away, plain=plain)}"


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
                            points_text(t.score(game.white, n - 1), plain=plain), result,
                            points_text(t.score(game.black, n - 1), plain=plain), names[game.black],
                            str(game.black), _score(t, m, plain) if g == len(m.games) or plain else ""])
    notes = [f"Each match is {len(rnd.matches[0].games) if rnd.matches else 2} games, colours alternating "
             "(C.04.5); Score: the match in game points, White of game 1 first"]
    if rnd.bye is not None:
        notes.append(f"Pairing-allocated bye: {names[rnd.bye]} ({rnd.bye})")
    for pid, code in sorted(rnd.requests.items()):
        notes.append(f"Not paired: {names[pid]} ({pid}), {code.name.lower().replace('_', ' ')}")
    return Sheet("pairings", f"{event.name} · round {n} · pairings", list(COLUMNS), rows, notes,
                 numeric={0, 1, 2, 4, 6, 8}, csv_rows=csv_rows, round=n, subtitle=event_line(event))


def match_alphabetical(event: Event, n: int) -> Sheet:
    """Every player by name: the match, the colour of each game and the opponent in round ``n``."""
    names = told_apart(event.players)
    rnd = event.recorded_round(n)
    where = {pid: m for m in rnd.matches for pid in m.players}
    rows = []
    for p in sorted(event.players, key=lambda p: p.name.casefold()):
        m = where.get(p.id)
        if m is not None:
            colours = ", ".join("White" if g.white == p.id else "Black" for g in m.games)
            opp = m.away if m.home == p.id else m.home
            rows.append([names[p.id], str(p.id), str(m.number), colours, f"{names[opp]} ({opp})"])
        elif rnd.bye == p.id:
            rows.append([names[p.id], str(p.id), "", "", "pairing-allocated bye"])
        elif p.id in rnd.requests or not p.plays_in(n):
            rows.append([names[p.id], str(p.id), "", "", "not paired"])
    return Sheet("alphabetical", f"{event.name} · round {n} · players A-Z", ["Name", "No", "Match", "Colours",
                 "Opponent"], rows, numeric={1, 2}, round=n, subtitle=event_line(event))


def games_with_results(event: Event, n: int) -> tuple[int, int]:
    """(games with a result, games) of round ``n``'s matches."""
    games = [g for m in event.recorded_round(n).matches for g in m.games]
    return sum(1 for g in games if g.result), len(games)
