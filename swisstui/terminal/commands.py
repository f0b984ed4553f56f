"""The command palette (ctrl+p): every action of the application by name."""

from __future__ import annotations

import re
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

# (title, help, app action) — run with App.run_action, the same path a key takes.
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Home", "what to do next", "show('home')"),
    ("Players", "register, edit, withdraw, byes", "show('players')"),
    ("Add player", "register a player (late entry)", "add_player"),
    ("Edit player", "the player under the cursor", "on('players', 'edit')"),
    ("Withdraw player", "the player under the cursor, from the next round on", "on('players', 'withdraw')"),
    ("Half-point bye next round", "for the player under the cursor", "on('players', \"request('half')\")"),
    ("Absent next round", "zero-point bye for the player under the cursor", "on('players', \"request('zero')\")"),
    ("Clear bye or absence", "of the player under the cursor", "on('players', \"request('clear')\")"),
    ("Bye or absence in a later round", "asks the round", "on('players', \"request_later('half')\")"),
    ("Search players", "by name, federation or number", "on('players', 'search')"),
    ("Sort pairing numbers", "rating, title, name (C.04.2 art. 2.2)", "on('players', 'renumber')"),
    ("Import players", "from CSV or TRF, with a preview", "on('players', 'import')"),
    ("Keep two players apart", "relatives, club mates (XXP)", "on('players', 'forbid')"),
    ("Score groups", "pairing cards of the next round", "show('groups')"),
    ("Pair next round", "run the engine and review its pairing", "pair"),
    ("Validate the pairing", "the proposal as it stands", "on('review', 'validate')"),
    ("Edit a board of the pairing", "validated, with a reason", "on('review', 'edit')"),
    ("Confirm and publish the pairing", "stores the round", "on('review', 'confirm')"),
    ("Discard the proposed pairing", "nothing is stored", "on('review', 'discard')"),
    ("Results", "enter results of the current round", "show('results')"),
    ("Correct a result", "the board under the cursor, with a reason", "on('results', 'correct')"),
    ("Standings", "live standings", "show('standings')"),
    ("Publish the round", "pairings, results, standings, cross-table, cards (HTML, text, CSV)",
     "on('standings', 'publish')"),
    ("Prizes", "the prize list and each category's standings", "show('prizes')"),
    ("Prize set-up", "categories (rating, age, women, federation, club), place and category prizes, sharing",
     "show('prize_setup')"),
    ("Cross-table", "who played whom, with results", "show('crosstable')"),
    ("Title norms", "GM, IM, WGM, WIM norms: made, reachable with the score needed, or why not (B.01)",
     "show('norms')"),
    ("Schedule", "a round robin's every round: boards, colours, bye", "show('schedule')"),
    ("Draw the pairing numbers", "a round robin, before round 1: by lot, Varma, or keep them", "on('players', 'draw')"),
    ("Paper for the hall", "publish, then open result slips, scoresheets and wall lists to print",
     "on('standings', 'paper')"),
    ("Settings", "theme, result keys, FIDE mode", "show('settings')"),
    ("Event details", "city, dates, arbiters, time control, round dates, bye limit", "show('details')"),
    ("History", "every change, when and by whom", "show('history')"),
    ("Undo the last change", "back to the last published round, asks first", "on('history', 'undo')"),
    ("Un-publish the latest round", "while none of its results is in, asks first", "on('history', 'unpublish')"),
    ("Theme: dark", "dark colours", "theme('dark')"),
    ("Theme: light", "light colours", "theme('light')"),
    ("Theme: high contrast", "for a projector", "theme('contrast')"),
    ("Result keys: default", "1 0 = + - f", "keys('default')"),
    ("Result keys: Papi", "1 2 3 4 5 7, 0 clears", "keys('papi')"),
    ("Leave FIDE mode", "asks twice, recorded in the event", "leave_fide"),
    ("Help", "every key", "help"),
    ("Quit", "leave swisstui", "quit"),
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
            yield DiscoveryHit(title, partial(self.app.run_action, action), help=help_text)

    async def search(self, query: str) -> Hits:
        for title, help_text, action in COMMANDS:
            score = match_score(query, title, help_text)
            if score > 0:
                yield Hit(score, title, partial(self.app.run_action, action), help=help_text)
