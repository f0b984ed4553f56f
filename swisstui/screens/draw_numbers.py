"""``D`` on the players screen of a round robin: the pairing numbers drawn by lot, by the Varma tables, or kept.

The schedule follows the numbers (C.05 Annex 1), so they are settled before round 1. A draw gives
every player a new number, which makes lists printed with the old ones wrong: the arbiter is asked
first, with the seed shown (and editable, to repeat a draw made before); the seed goes into the
event's log with the numbers it gave. The draw is the session's (``players.draw_numbers``, as
``swisstui draw``); nothing is decided here.
"""

from __future__ import annotations

from swisstui.language import N_, _
from swisstui.screens.base import BaseScreen
from swisstui.screens.dialogs import AskScreen, ChoiceScreen

CHOICES = {"l": ("lot", N_("draw by lot")), "v": ("varma", N_("Varma tables")), "k": ("keep", N_("keep the numbers"))}
"""key -> (the answer, a key of the code; what the key does, looked up where shown)."""


def draw_question(players: int) -> str:
    """What the arbiter is asked before anything is renumbered."""
    return "\n".join([
        _("Pairing numbers of the {count} players for the round robin (FIDE C.05): every round's pairing follows "
          "them.").format(count=players),
        "l  " + _("draw by lot: every number changes, the seed is shown next and kept in the log"),
        "v  " + _("draw by lot by the Varma tables (C.05 Annex 2, 9 to 24 players): players of one federation kept "
                  "apart"),
        "k  " + _("keep the numbers the players have now (1-{count}), as the arbiter gave them").format(count=players),
        _("Lists printed with the old numbers no longer hold after a draw.")])


def ask_draw(screen: BaseScreen) -> None:
    """Ask how the numbers are settled, then the seed for a draw, then draw through the session."""
    session = screen.session
    if not session.round_robin.active:
        screen.notify(_("D draws a round robin's numbers; a Swiss numbers its players by rating (#)"),
                      severity="warning")
        return
    if session.current_round:
        screen.notify(_("the numbers are settled before round 1 is paired: the schedule follows them"),
                      severity="warning")
        return
    players = len(session.event.players)

    def chosen(choice: str | None) -> None:
        if choice is None:
            screen.notify(_("numbers unchanged"), timeout=3)
        elif choice == "keep":
            made = screen.host.act_value(session.round_robin.keep_numbers)
            if made is not None:
                screen.notify(_("numbers kept as given: 1-{count}; {rounds} rounds (x then S: the schedule)").format(
                    count=players, rounds=session.total_rounds), timeout=6)
        else:
            ask_seed(screen, varma=choice == "varma")

    choices = {key: (answer, _(what)) for key, (answer, what) in CHOICES.items()}
    screen.app.push_screen(ChoiceScreen(draw_question(players), _("Draw the numbers"), choices), chosen)


def ask_seed(screen: BaseScreen, varma: bool) -> None:
    """The seed of the draw, a fresh one offered: another typed repeats the draw made with it."""
    session = screen.session

    def answered(text: str | None) -> None:
        if text is None:
            screen.notify(_("numbers unchanged"), timeout=3)
            return
        if not text.isdigit():
            screen.notify(_("{text}: a seed is a whole number (0 or more); numbers unchanged").format(text=text),
                          severity="warning")
            return
        seed = int(text)
        made = screen.host.act_value(lambda: session.players.draw_numbers(seed, varma=varma))
        if made is not None:
            moved = sum(1 for old, new in made.value.items() if old != new)
            said = (_("numbers drawn by the Varma tables with seed {seed} (kept in the log): {moved} changed; "
                      "{rounds} rounds (x then S: the schedule)") if varma else
                    _("numbers drawn by lot with seed {seed} (kept in the log): {moved} changed; {rounds} rounds "
                      "(x then S: the schedule)"))
            screen.notify(said.format(seed=seed, moved=moved, rounds=session.total_rounds), timeout=8)

    question = (_("Seed of the draw by the Varma tables (kept in the log; the same seed and players give the same "
                  "numbers). Enter draws:") if varma else
                _("Seed of the draw by lot (kept in the log; the same seed and players give the same numbers). "
                  "Enter draws:"))
    screen.app.push_screen(AskScreen(question, _("Seed"), value=str(session.round_robin.new_seed())), answered)
