"""Every key the application answers to, in one table.

The help screen, the footer hints and the README's key map are all rendered
from this table, so a key cannot be bound without being documented.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KeyHelp:
    key: str  # as the arbiter types it, e.g. "←/→" or "ctrl+p"
    description: str


SECTIONS: dict[str, tuple[KeyHelp, ...]] = {
    "Everywhere": (
        KeyHelp("h", "event home: what to do next"),
        KeyHelp("p", "players (a team event: the teams, each with its players)"),
        KeyHelp("g", "score groups (pairing cards) of the next round (a team event: the lineups of the round)"),
        KeyHelp("n", "pair the next round and review the pairing (a team event: the team review, stored by c)"),
        KeyHelp("r", "results of the current round (a team event: a match at a time)"),
        KeyHelp("s", "standings (a round robin's: its square cross-table, as x; a team event: the team standings)"),
        KeyHelp("x", "cross-table (a round robin's: the square table, its standings)"),
        KeyHelp("t", "settings: theme, result keys, FIDE mode, tie-breaks, system, acceleration"),
        KeyHelp("d", "event details: city, dates, arbiters, time control, round dates, bye limit (for the report)"),
        KeyHelp("l", "history: every change with its time and who made it; undo, un-publish"),
        KeyHelp("N", "title norms: made, reachable with the score needed, or out of reach and why (B.01)"),
        KeyHelp("ctrl+p", "command palette: every action by name"),
        KeyHelp("? / f1", "this help"),
        KeyHelp("escape", "close a dialog / back"),
        KeyHelp("q", "quit (asks while a pairing is proposed and not published)"),
    ),
    "Players": (
        KeyHelp("a", "add a player (late entry)"),
        KeyHelp("e / enter", "edit the player under the cursor (escape asks before discarding what was typed)"),
        KeyHelp("w", "withdraw the player (from the next round on, asks); on a withdrawn player: reinstate"),
        KeyHelp("b", "half-point bye requested for the next round"),
        KeyHelp("-", "absent in the next round (zero-point bye)"),
        KeyHelp("+", "full-point bye for the next round (not in FIDE mode: it bars the pairing-allocated bye)"),
        KeyHelp("c", "clear the bye or absence of the next round"),
        KeyHelp("B / Z / C", "half-point bye, absence, clearing for another round (asks which): a later one, "
                "or a round a late entry missed"),
        KeyHelp("u", "undo the change just made here (a bye, an absence, a withdrawal, an entry, an edit): "
                "each says what it did, \"u undoes\""),
        KeyHelp("f", "keep the player apart from another (relatives, club mates); again: release"),
        KeyHelp("i", "import players from a CSV or TRF file, with a preview"),
        KeyHelp("R", "update ratings, titles, federations and names from the FIDE list (before round 1): "
                "every change shown first, y applies them as one change"),
        KeyHelp("#", "sort pairing numbers by rating, title, name (until round 4 is paired)"),
        KeyHelp("D", "round robin, before round 1: draw the pairing numbers by lot (the seed shown and "
                "logged), by the Varma tables, or keep the numbers given (asks first)"),
        KeyHelp("o", "sort by the next column: No, Name, Rating, Title, Fed, Score, Status"),
        KeyHelp("O", "reverse the sort"),
        KeyHelp("/", "search by name, federation or number; escape clears. A letter or digit no key here is "
                "bound to starts the search with it"),
    ),
    "Results (default keys)": (
        KeyHelp("1", "white wins"),
        KeyHelp("0", "black wins"),
        KeyHelp("=", "draw"),
        KeyHelp("+", "white wins by forfeit"),
        KeyHelp("-", "black wins by forfeit"),
        KeyHelp("f", "double forfeit"),
        KeyHelp("backspace", "clear the result"),
        KeyHelp("↑/↓", "move between boards; typing a result jumps to the next empty board. A result key on a "
                "board that has a result changes nothing and says so"),
        KeyHelp("o", "another result, then one key: 1 0 = under one move (not rated), z 0-0, w ½-0, b 0-½"),
        KeyHelp("u", "undo the result just typed on an empty board (a key on the wrong board); "
                "a result that stood is corrected with c"),
        KeyHelp("c", "correct the result of the board under the cursor: its key, then a reason and a name (logged)"),
        KeyHelp("j", "jump to a board: its number, #12 for player 12's board, or part of a name"),
        KeyHelp("[ / ]", "previous / next round"),
    ),
    "Results (Papi keys)": (
        KeyHelp("1", "white wins"),
        KeyHelp("2", "black wins"),
        KeyHelp("3", "draw"),
        KeyHelp("4", "white wins by forfeit"),
        KeyHelp("5", "black wins by forfeit"),
        KeyHelp("7", "double forfeit"),
        KeyHelp("0", "clear the result"),
    ),
    "Pairing review": (
        KeyHelp("←/→", "previous / next step of the explanation"),
        KeyHelp("↑/↓", "previous / next bracket (in the boards view: previous / next board)"),
        KeyHelp("pgup/pgdn", "page through a long bracket"),
        KeyHelp("shift+up/shift+down", "scroll a long step"),
        KeyHelp("a", "accept the explanation: the boards as published, then byes and absences "
                "(hand: changed by hand, ! absolute rule broken, ? quality finding)"),
        KeyHelp("e", "edit a board by hand (validated, a reason is kept)"),
        KeyHelp("v", "validate the pairing as it stands"),
        KeyHelp("c", "confirm and publish the round"),
        KeyHelp("escape", "discard the proposal (asks when boards were changed by hand)"),
    ),
    "Standings and cross-table": (
        KeyHelp("↑/↓ pgup/pgdn", "scroll"),
        KeyHelp("←/→", "cross-table: earlier / later rounds (a round robin's: columns), when they do not all fit"),
        KeyHelp("[ / ]", "standings after the previous / next round"),
        KeyHelp("enter", "the player's card: how each tie-break value was computed"),
        KeyHelp("P", "publish the round: pairings, results, standings, cross-table, cards (HTML, text, CSV)"),
        KeyHelp("H", "paper for the hall: publish, then open the result slips, scoresheets and wall lists "
                "in the browser to print (A4 or Letter)"),
        KeyHelp("S", "round robin cross-table: the whole schedule, every round's boards, colours and bye "
                "(P there publishes it all, a page a round)"),
        KeyHelp("o", "round robin cross-table: its notes whole, how withdrawals and absences count (C.06 art. 5.4)"),
        KeyHelp("$", "standings (a round robin's cross-table too): the prize list (provisional before the last round), place and category prizes, "
                "shared amounts, who is not eligible"),
    ),
    "Prizes": (
        KeyHelp("c", "the next category's standings (then back to the prize list)"),
        KeyHelp("e", "edit the prizes: the prize set-up (categories, place and category prizes, sharing)"),
        KeyHelp("[ / ]", "after the previous / next round"),
        KeyHelp("escape / s", "back to the standings"),
    ),
    "Prize set-up": (
        KeyHelp("enter", "change the highlighted line: a rule, the place prizes, a category (a form checked "
                "as typed, the field at fault named); on \"+ add a category\": a new one"),
        KeyHelp("delete", "remove the category under the cursor (asks; u in the history brings it back)"),
        KeyHelp("escape", "back to the prize list"),
    ),
    "Title norms": (
        KeyHelp("[ / ]", "norms after the previous / next round"),
        KeyHelp("↑/↓", "a player's norm: its conditions, each with its article, below the table"),
        KeyHelp("escape", "back to the event home"),
    ),
    "Teams": (
        KeyHelp("a", "add a team: names, federation, club, captain, a player for each board in board order "
                "(\"Name, rating\"), reserves separated by ;. enter: next field, ctrl+s: save, escape: cancel"),
        KeyHelp("-", "the team under the cursor is absent from the next round (not paired, no points)"),
        KeyHelp("w", "withdraw the team under the cursor: it plays no more rounds (asks)"),
    ),
    "Team pairing review": (
        KeyHelp("←/→", "previous / next step of the explanation, each with its C.04.6 article"),
        KeyHelp("shift+up/shift+down", "scroll a long step"),
        KeyHelp("c", "confirm: the round stored as proposed, each team with its default lineup (asks)"),
        KeyHelp("escape", "discard the proposal: nothing is stored"),
    ),
    "Lineups": (
        KeyHelp("←/→", "previous / next team of the round"),
        KeyHelp("shift+up / shift+down", "move the player under the cursor a board up / down (refused with the "
                "rule named when it breaks the team's board order)"),
        KeyHelp("e", "swap in a player who is not playing (a reserve) for the one under the cursor, the lineup "
                "put in the team's board order"),
        KeyHelp("[ / ]", "previous / next round"),
    ),
    "Team results": (
        KeyHelp("1 0 = + - f", "the result keys of individual results on the board under the cursor (Papi keys "
                "too); the cursor goes on to the next empty board, then the next match"),
        KeyHelp("←/→", "previous / next match of the round"),
        KeyHelp("o", "another result, then one key (as on the individual results screen)"),
        KeyHelp("c", "correct the result of the board under the cursor (its key next)"),
        KeyHelp("F", "the whole match lost by forfeit: w the first team, b the second, 2 both"),
        KeyHelp("m", "the match card: both teams, each board's players, colours and results, the score"),
        KeyHelp("escape", "match card: back to the results"),
        KeyHelp("[ / ]", "previous / next round"),
    ),
    "Team standings": (
        KeyHelp("[ / ]", "standings after the previous / next round"),
        KeyHelp("b", "board standings: each board's players, points, rated games and performance, best first"),
        KeyHelp("escape", "board standings: back to the team standings"),
        KeyHelp("P", "publish the round shown: matches, results, team and board standings, cross-table (HTML, text, CSV)"),
    ),
    "History": (
        KeyHelp("u", "undo the last change (asks; reaches back to the last published round, no further)"),
        KeyHelp("U", "un-publish the latest round while none of its results is in (asks)"),
    ),
    "Event details": (
        KeyHelp("enter / ctrl+s", "save every field (a field that does not read is named, nothing is saved)"),
    ),
    "Settings": (
        KeyHelp("enter", "change the highlighted setting"),
    ),
}


def all_keys() -> list[tuple[str, KeyHelp]]:
    """Every (section, key) pair, in display order."""
    return [(section, k) for section, keys in SECTIONS.items() for k in keys]


def as_markdown() -> str:
    """The key map as Markdown tables (for the README and docs), one table a section."""
    out: list[str] = []
    for section, keys in SECTIONS.items():
        out.append(f"### {section}\n")
        out.append("| Key | Does |")
        out.append("|---|---|")
        for k in keys:
            out.append(f"| `{k.key}` | {k.description} |")
        out.append("")
    return "\n".join(out)
