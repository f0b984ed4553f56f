"""``D`` on the players screen of a round robin: the pairing numbers drawn by lot, by the Varma tables, or kept.

The schedule follows the numbers (C.05 Annex 1), so they are settled before round 1. A draw gives
every player a new number, which makes lists printed with the old ones wrong: the arbiter is asked
first, with the seed shown (and editable, to repeat a draw made before); the seed goes into the
event's log with the numbers it gave. The draw is the session's (``players.draw_numbers``, as
``swisstui draw``); nothing is decided here.
"""

from __future__ import annotations

from swisstui.screens.base import BaseScreen
from swisstui.screens.dialogs import AskScreen, ChoiceScreen

CHOICES = {"l": ("lot", "draw by lot"), "v": ("varma", "Varma tables"), "k": ("keep", "keep the numbers")}


def draw_question(players: int) -> str:
    """What the arbiter is asked before anything is renumbered."""
    return (f"Pairing numbers of the {players} players for the round robin (FIDE C.05): every round's "
            "pairing follows them.\n"
            "l  draw by lot: every number changes, the seed is shown next and kept in the log\n"
            "v  draw by lot by the Varma tables (C.05 Annex 2, 9 to 24 players): players of one "
            "federation kept apart\n"
            f"k  keep the numbers the players have now (1-{players}), as the arbiter gave them\n"
            "Lists printed with the old numbers no longer hold after a draw.")


def ask_draw(screen: BaseScreen) -> None:
    """Ask how the numbers are settled, then the seed for a draw, then draw through the session."""
    session = screen.session
    if not session.round_robin.active:
        screen.notify("D draws a round robin's numbers; a Swiss numbers its players by rating (#)",
                      severity="warning")
        return
    if session.current_round:
        screen.notify("the numbers are settled before round 1 is paired: the schedule follows them",
                      severity="warning")
        return
    players = len(session.event.players)

    def chosen(choice: str | None) -> None:
        if choice is None:
            screen.notify("numbers unchanged", timeout=3)
        elif choice == "keep":
            made = screen.host.act_value(session.round_robin.keep_numbers)
            if made is not None:
                screen.notify(f"numbers kept as given: 1-{players}; {session.total_rounds} rounds "
                              "(x then S: the schedule)", timeout=6)
        else:
            ask_seed(screen, varma=choice == "varma")

    screen.app.push_screen(ChoiceScreen(draw_question(players), "Draw the numbers", CHOICES), chosen)


def ask_seed(screen: BaseScreen, varma: bool) -> None:
    """The seed of the draw, a fresh one offered: another typed repeats the draw made with it."""
    session = screen.session
    kind = "by the Varma tables" if varma else "by lot"

    def answered(text: str | None) -> None:
        if text is None:
            screen.notify("numbers unchanged", timeout=3)
            return
        if not text.isdigit():
            screen.notify(f"{text}: a seed is a whole number (0 or more); numbers unchanged", severity="warning")
            return
        seed = int(text)
        made = screen.host.act_value(lambda: session.players.draw_numbers(seed, varma=varma))
        if made is not None:
            moved = sum(1 for old, new in made.value.items() if old != new)
            screen.notify(f"numbers drawn {kind} with seed {seed} (kept in the log): {moved} changed; "
                          f"{session.total_rounds} rounds (x then S: the schedule)", timeout=8)

    screen.app.push_screen(AskScreen(f"Seed of the draw {kind} (kept in the log; the same seed and players "
                                     "give the same numbers). Enter draws:", "Seed", value=str(session.round_robin.new_seed())),
                           answered)
