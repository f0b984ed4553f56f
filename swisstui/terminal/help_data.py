"""Every key the application answers to, in one table.

The help screen, the footer hints and the README's key map are all rendered
from this table, so a key cannot be bound without being documented.
"""

from __future__ import annotations

from dataclasses import dataclass

from swisstui.language import N_


@dataclass(frozen=True)
class KeyHelp:
    key: str  # as the arbiter types it, e.g. "←/→" or "ctrl+p"
    description: str  # marked N_(...): the README's key map is in English, the help screen looks it up


SECTIONS: dict[str, tuple[KeyHelp, ...]] = {
    N_("Everywhere"): (
        KeyHelp("h", N_("event home: what to do next")),
        KeyHelp("p", N_("players (a team event: the teams, each with its players)")),
        KeyHelp("g", N_("score groups (pairing cards) of the next round (a team event: the lineups of the round)")),
        KeyHelp("n", N_("pair the next round and review the pairing (a team event: the team review, stored by c)")),
        KeyHelp("r", N_("results of the current round (a team event: a match at a time)")),
        KeyHelp("s", N_("standings (a round robin's: its square cross-table, as x; a team event: the team standings)")),
        KeyHelp("x", N_("cross-table (a round robin's: the square table, its standings)")),
        KeyHelp("t", N_("settings: theme, result keys, FIDE mode, tie-breaks, system, acceleration")),
        KeyHelp("d", N_("event details: city, dates, arbiters, time control, round dates, bye limit (for the report)")),
        KeyHelp("l", N_("history: every change with its time and who made it; undo, un-publish")),
        KeyHelp("N", N_("title norms: made, reachable with the score needed, or out of reach and why (B.01)")),
        KeyHelp("ctrl+p", N_("command palette: every action by name")),
        KeyHelp("? / f1", N_("this help")),
        KeyHelp("escape", N_("close a dialog / back")),
        KeyHelp("q", N_("quit (asks while a pairing is proposed and not published)")),
    ),
    N_("Players"): (
        KeyHelp("a", N_("add a player (late entry)")),
        KeyHelp("e / enter", N_("edit the player under the cursor (escape asks before discarding what was typed)")),
        KeyHelp("w", N_("withdraw the player (from the next round on, asks); on a withdrawn player: reinstate")),
        KeyHelp("b", N_("half-point bye requested for the next round")),
        KeyHelp("-", N_("absent in the next round (zero-point bye)")),
        KeyHelp("+", N_("full-point bye for the next round (not in FIDE mode: it bars the pairing-allocated bye)")),
        KeyHelp("c", N_("clear the bye or absence of the next round")),
        KeyHelp("B / Z / C", N_("half-point bye, absence, clearing for another round (asks which): a later one, "
                "or a round a late entry missed")),
        KeyHelp("u", N_("undo the change just made here (a bye, an absence, a withdrawal, an entry, an edit): "
                "each says what it did, \"u undoes\"")),
        KeyHelp("f", N_("keep the player apart from another (relatives, club mates); again: release")),
        KeyHelp("i", N_("import players from a CSV or TRF file, with a preview")),
        KeyHelp("R", N_("update ratings, titles, federations and names from the FIDE list (before round 1): "
                "every change shown first, y applies them as one change")),
        KeyHelp("#", N_("sort pairing numbers by rating, title, name (until round 4 is paired)")),
        KeyHelp("D", N_("round robin, before round 1: draw the pairing numbers by lot (the seed shown and "
                "logged), by the Varma tables, or keep the numbers given (asks first)")),
        KeyHelp("o", N_("sort by the next column: No, Name, Rating, Title, Fed, Score, Status")),
        KeyHelp("O", N_("reverse the sort")),
        KeyHelp("/", N_("search by name, federation or number; escape clears. A letter or digit no key here is "
                "bound to starts the search with it")),
    ),
    N_("Results (default keys)"): (
        KeyHelp("1", N_("white wins")),
        KeyHelp("0", N_("black wins")),
        KeyHelp("=", N_("draw")),
        KeyHelp("+", N_("white wins by forfeit")),
        KeyHelp("-", N_("black wins by forfeit")),
        KeyHelp("f", N_("double forfeit")),
        KeyHelp("backspace", N_("clear the result")),
        KeyHelp("↑/↓", N_("move between boards; typing a result jumps to the next empty board. A result key on a "
                "board that has a result changes nothing and says so")),
        KeyHelp("o", N_("another result, then one key: 1 0 = under one move (not rated), z 0-0, w ½-0, b 0-½")),
        KeyHelp("u", N_("undo the result just typed on an empty board (a key on the wrong board); "
                "a result that stood is corrected with c")),
        KeyHelp("c", N_("correct the result of the board under the cursor: its key, then a reason and a name (logged)")),
        KeyHelp("j", N_("jump to a board: its number, #12 for player 12's board, or part of a name")),
        KeyHelp("[ / ]", N_("previous / next round")),
    ),
    N_("Results (Papi keys)"): (
        KeyHelp("1", N_("white wins")),
        KeyHelp("2", N_("black wins")),
        KeyHelp("3", N_("draw")),
        KeyHelp("4", N_("white wins by forfeit")),
        KeyHelp("5", N_("black wins by forfeit")),
        KeyHelp("7", N_("double forfeit")),
        KeyHelp("0", N_("clear the result")),
    ),
    N_("Pairing review"): (
        KeyHelp("←/→", N_("previous / next step of the explanation")),
        KeyHelp("↑/↓", N_("previous / next bracket (in the boards view: previous / next board)")),
        KeyHelp("pgup/pgdn", N_("page through a long bracket")),
        KeyHelp("shift+up/shift+down", N_("scroll a long step")),
        KeyHelp("a", N_("accept the explanation: the boards as published, then byes and absences "
                "(hand: changed by hand, ! absolute rule broken, ? quality finding)")),
        KeyHelp("e", N_("edit a board by hand (validated, a reason is kept)")),
        KeyHelp("v", N_("validate the pairing as it stands")),
        KeyHelp("c", N_("confirm and publish the round")),
        KeyHelp("escape", N_("discard the proposal (asks when boards were changed by hand)")),
    ),
    N_("Standings and cross-table"): (
        KeyHelp("↑/↓ pgup/pgdn", N_("scroll")),
        KeyHelp("←/→", N_("cross-table: earlier / later rounds (a round robin's: columns), when they do not all fit")),
        KeyHelp("[ / ]", N_("standings after the previous / next round")),
        KeyHelp("enter", N_("the player's card: how each tie-break value was computed")),
        KeyHelp("P", N_("publish the round: pairings, results, standings, cross-table, cards (HTML, text, CSV)")),
        KeyHelp("H", N_("paper for the hall: publish, then open the result slips, scoresheets and wall lists "
                "in the browser to print (A4 or Letter)")),
        KeyHelp("S", N_("round robin cross-table: the whole schedule, every round's boards, colours and bye "
                "(P there publishes it all, a page a round)")),
        KeyHelp("o", N_("round robin cross-table: its notes whole, how withdrawals and absences count (C.06 art. 5.4)")),
        KeyHelp("$", N_("standings (a round robin's cross-table too): the prize list (provisional before the last round), place and category prizes, "
                "shared amounts, who is not eligible")),
    ),
    N_("Prizes"): (
        KeyHelp("c", N_("the next category's standings (then back to the prize list)")),
        KeyHelp("e", N_("edit the prizes: the prize set-up (categories, place and category prizes, sharing)")),
        KeyHelp("[ / ]", N_("after the previous / next round")),
        KeyHelp("escape / s", N_("back to the standings")),
    ),
    N_("Prize set-up"): (
        KeyHelp("enter", N_("change the highlighted line: a rule, the place prizes, a category (a form checked "
                "as typed, the field at fault named); on \"+ add a category\": a new one")),
        KeyHelp("delete", N_("remove the category under the cursor (asks; u in the history brings it back)")),
        KeyHelp("escape", N_("back to the prize list")),
    ),
    N_("Title norms"): (
        KeyHelp("[ / ]", N_("norms after the previous / next round")),
        KeyHelp("↑/↓", N_("a player's norm: its conditions, each with its article, below the table")),
        KeyHelp("escape", N_("back to the event home")),
    ),
    N_("Teams"): (
        KeyHelp("a", N_("add a team: names, federation, club, captain, a player for each board in board order "
                "(\"Name, rating\"), reserves separated by ;. enter: next field, ctrl+s: save, escape: cancel")),
        KeyHelp("-", N_("the team under the cursor is absent from the next round (not paired, no points)")),
        KeyHelp("w", N_("withdraw the team under the cursor: it plays no more rounds (asks)")),
    ),
    N_("Team pairing review"): (
        KeyHelp("←/→", N_("previous / next step of the explanation, each with its C.04.6 article")),
        KeyHelp("shift+up/shift+down", N_("scroll a long step")),
        KeyHelp("c", N_("confirm: the round stored as proposed, each team with its default lineup (asks)")),
        KeyHelp("escape", N_("discard the proposal: nothing is stored")),
    ),
    N_("Lineups"): (
        KeyHelp("←/→", N_("previous / next team of the round")),
        KeyHelp("shift+up / shift+down", N_("move the player under the cursor a board up / down (refused with the "
                "rule named when it breaks the team's board order)")),
        KeyHelp("e", N_("swap in a player who is not playing (a reserve) for the one under the cursor, the lineup "
                "put in the team's board order")),
        KeyHelp("[ / ]", N_("previous / next round")),
    ),
    N_("Team results"): (
        KeyHelp("1 0 = + - f", N_("the result keys of individual results on the board under the cursor (Papi keys "
                "too); the cursor goes on to the next empty board, then the next match")),
        KeyHelp("←/→", N_("previous / next match of the round")),
        KeyHelp("o", N_("another result, then one key (as on the individual results screen)")),
        KeyHelp("c", N_("correct the result of the board under the cursor (its key next)")),
        KeyHelp("F", N_("the whole match lost by forfeit: w the first team, b the second, 2 both")),
        KeyHelp("m", N_("the match card: both teams, each board's players, colours and results, the score")),
        KeyHelp("escape", N_("match card: back to the results")),
        KeyHelp("[ / ]", N_("previous / next round")),
    ),
    N_("Team standings"): (
        KeyHelp("[ / ]", N_("standings after the previous / next round")),
        KeyHelp("b", N_("board standings: each board's players, points, rated games and performance, best first")),
        KeyHelp("escape", N_("board standings: back to the team standings")),
        KeyHelp("P", N_("publish the round shown: matches, results, team and board standings, cross-table (HTML, text, CSV)")),
    ),
    N_("History"): (
        KeyHelp("u", N_("undo the last change (asks; reaches back to the last published round, no further)")),
        KeyHelp("U", N_("un-publish the latest round while none of its results is in (asks)")),
    ),
    N_("Event details"): (
        KeyHelp("enter / ctrl+s", N_("save every field (a field that does not read is named, nothing is saved)")),
    ),
    N_("Settings"): (
        KeyHelp("enter", N_("change the highlighted setting")),
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
