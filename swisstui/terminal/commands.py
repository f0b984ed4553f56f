"""The command palette (ctrl+p): every action of the application by name."""

from __future__ import annotations

import re
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from swisstui.language import N_, _

# (title, help, app action) — run with App.run_action, the same path a key takes; title and help are
# looked up in the arbiter's language when the palette shows (and searches) them.
COMMANDS: tuple[tuple[str, str, str], ...] = (
    (N_("Home"), N_("what to do next"), "show('home')"),
    (N_("Players"), N_("register, edit, withdraw, byes"), "show('players')"),
    (N_("Add player"), N_("register a player (late entry)"), "add_player"),
    (N_("Edit player"), N_("the player under the cursor"), "on('players', 'edit')"),
    (N_("Withdraw player"), N_("the player under the cursor, from the next round on"), "on('players', 'withdraw')"),
    (N_("Half-point bye next round"), N_("for the player under the cursor"), "on('players', \"request('half')\")"),
    (N_("Absent next round"), N_("zero-point bye for the player under the cursor"), "on('players', \"request('zero')\")"),
    (N_("Clear bye or absence"), N_("of the player under the cursor"), "on('players', \"request('clear')\")"),
    (N_("Bye or absence in a later round"), N_("asks the round"), "on('players', \"request_later('half')\")"),
    (N_("Search players"), N_("by name, federation or number"), "on('players', 'search')"),
    (N_("Sort pairing numbers"), N_("rating, title, name (C.04.2 art. 2.2)"), "on('players', 'renumber')"),
    (N_("Import players"), N_("from CSV or TRF, with a preview"), "on('players', 'import')"),
    (N_("Keep two players apart"), N_("relatives, club mates (XXP)"), "on('players', 'forbid')"),
    (N_("Score groups"), N_("pairing cards of the next round"), "show('groups')"),
    (N_("Pair next round"), N_("run the engine and review its pairing"), "pair"),
    (N_("Validate the pairing"), N_("the proposal as it stands"), "on('review', 'validate')"),
    (N_("Edit a board of the pairing"), N_("validated, with a reason"), "on('review', 'edit')"),
    (N_("Confirm and publish the pairing"), N_("stores the round"), "on('review', 'confirm')"),
    (N_("Discard the proposed pairing"), N_("nothing is stored"), "on('review', 'discard')"),
    (N_("Results"), N_("enter results of the current round"), "show('results')"),
    (N_("Correct a result"), N_("the board under the cursor, with a reason"), "on('results', 'correct')"),
    (N_("Standings"), N_("live standings"), "show('standings')"),
    (N_("Publish the round"), N_("pairings, results, standings, cross-table, cards (HTML, text, CSV)"),
     "on('standings', 'publish')"),
    (N_("Prizes"), N_("the prize list and each category's standings"), "show('prizes')"),
    (N_("Prize set-up"), N_("categories (rating, age, women, federation, club), place and category prizes, sharing"),
     "show('prize_setup')"),
    (N_("Cross-table"), N_("who played whom, with results"), "show('crosstable')"),
    (N_("Title norms"), N_("GM, IM, WGM, WIM norms: made, reachable with the score needed, or why not (B.01)"),
     "show('norms')"),
    (N_("Schedule"), N_("a round robin's every round: boards, colours, bye"), "show('schedule')"),
    (N_("Draw the pairing numbers"), N_("a round robin, before round 1: by lot, Varma, or keep them"), "on('players', 'draw')"),
    (N_("Paper for the hall"), N_("publish, then open result slips, scoresheets and wall lists to print"),
     "on('standings', 'paper')"),
    (N_("Settings"), N_("theme, result keys, FIDE mode"), "show('settings')"),
    (N_("Event details"), N_("city, dates, arbiters, time control, round dates, bye limit"), "show('details')"),
    (N_("History"), N_("every change, when and by whom"), "show('history')"),
    (N_("Undo the last change"), N_("back to the last published round, asks first"), "on('history', 'undo')"),
    (N_("Un-publish the latest round"), N_("while none of its results is in, asks first"), "on('history', 'unpublish')"),
    (N_("Theme: dark"), N_("dark colours"), "theme('dark')"),
    (N_("Theme: light"), N_("light colours"), "theme('light')"),
    (N_("Theme: high contrast"), N_("for a projector"), "theme('contrast')"),
    (N_("Result keys: default"), N_("1 0 = + - f"), "keys('default')"),
    (N_("Result keys: Papi"), N_("1 2 3 4 5 7, 0 clears"), "keys('papi')"),
    (N_("Leave FIDE mode"), N_("asks twice, recorded in the event"), "leave_fide"),
    (N_("Help"), N_("every key"), "help"),
    (N_("Quit"), N_("leave swisstui"), "quit"),
)


def match_score(query: str, title: str, help_text: str) -> float:
    """How well ``query`` names a command: 0 when it does not.

    Every word typed must begin a word of the title or of its help line (so
    "trf" finds "Import players ... TRF", not every title holding t, r and f in
    order); the title counts more than the help, and its start most.
    """
    words = _words(query)
    if not words:
        return 0.0
    title_words = _words(title)
    help_words = _words(help_text)
    score = 0.0
    for word in words:
        if any(w.startswith(word) for w in title_words):
            score += 2.0
        elif any(w.startswith(word) for w in help_words):
            score += 1.0
        else:
            return 0.0
    if title.casefold().startswith(query.casefold().strip()):
        score += 1.0
    return score / (2.0 * len(words) + 1.0)


def _words(text: str) -> list[str]:
    return re.findall(r"[\w½]+", text.casefold())


class SwissCommands(Provider):
    """Offers :data:`COMMANDS`; each runs the app action a key would run."""

    async def discover(self) -> Hits:
        for title, help_text, action in COMMANDS:
            yield DiscoveryHit(_(title), partial(self.app.run_action, action), help=_(help_text))

    async def search(self, query: str) -> Hits:
        for title, help_text, action in COMMANDS:
            title, help_text = _(title), _(help_text)  # what the arbiter reads is what they type
            score = match_score(query, title, help_text)
            if score > 0:
                yield Hit(score, title, partial(self.app.run_action, action), help=help_text)
