"""How the engine's pairing explanation is shown: groups of steps, the bracket, the step.

Only renders :class:`engine.model.explain.TraceEvent` data; it never pairs. A
bracket's players are shown with the facts the engine paired them on (the
opening event's :class:`engine.model.explain.PlayerFacts`), not recomputed here.
"""

from __future__ import annotations

from decimal import Decimal

from dataclasses import dataclass
from rich.text import Text

from engine.model.explain import PlayerFacts, Step, TraceEvent, points_text
from engine.model.terms import Float
from engine.model.tournament import Colour, Tournament
from swisstui.language import N_, _, ngettext, pgettext
from swisstui.outputs.names import shown_name
from swisstui.views.format import clip, colour_letter, due_mark
from swisstui.widgets.plain import PlainTable


@dataclass(frozen=True)
class Group:
    """Consecutive steps about one bracket (or the opening notes, the bye, the colours)."""

    kind: str  # "bracket", "notes", "bye", "colours"
    label: str
    first: int  # index of the first step
    last: int  # index of the last step (inclusive)
    bracket: int | None = None


LABEL_WIDTH = 14  # the review's bracket list: 20 columns less the border, the padding and the marker
GROUP_LABELS = {"bye": N_("bye"), "colours": N_("colours"), "notes": N_("start")}
"""The review list's names of the groups that are not brackets (by ``Group.kind``, which stays a key)."""
GROUP_TITLES = {"bye": N_("Pairing-allocated bye"), "colours": N_("Colours and board order"),
                "notes": N_("Before the brackets")}
GROUP_TEXTS = {"bye": N_("Who gets the bye and why."),
               "colours": N_("Each pair's colours, with the rule; boards in publishing order (C.04.2 art. 3.6)."),
               "notes": N_("What holds for the whole round.")}
HEADINGS = {"No": N_("No"), "Name": N_("Name"), "Pts": N_("Pts"), "Colours": N_("Colours"), "Due": N_("Due"),
            "Floats": N_("Floats"), "VP": N_("VP"), "Rtg": N_("Rtg"), "Up": N_("Up")}
"""The bracket table's headings, by the English ones the code finds columns by; shown through the catalogue."""
STEP_KINDS = {Step.BRACKET: N_("bracket"), Step.PROPOSAL: N_("proposal"), Step.EXCHANGE: N_("exchange"),
              Step.TRANSPOSITION: N_("transposition"), Step.REJECTED: N_("rejected"), Step.PAIRED: N_("paired"),
              Step.FLOATER: N_("floater"), Step.BYE: N_("bye"), Step.COLOUR: N_("colour"), Step.NOTE: N_("note")}
"""What a step of the explanation is, as the step pane's title names it."""


def step_kind(step: Step) -> str:
    """The step's kind in the arbiter's language (``bracket``, ``exchange``, ...)."""
    return _(STEP_KINDS[step]) if step in STEP_KINDS else step.value


def group_steps(trace: tuple[TraceEvent, ...] | list[TraceEvent]) -> list[Group]:
    """The steps in groups for the review's bracket list, each labelled by what it is about: a bracket by
    its score and size (taken from its opening step, else the head of its first step's text, as for the
    Lim system's "median group blocked"), the opening notes "start" and notes further on "note"."""
    groups: list[Group] = []
    opened: dict[int | None, str] = {}
    for i, e in enumerate(trace):
        if e.bracket is not None:
            kind, key = "bracket", e.bracket
        elif e.step is Step.BYE:
            kind, key = "bye", None
        elif e.step is Step.COLOUR:
            kind, key = "colours", None
        else:
            kind, key = "notes", None
        if groups and groups[-1].kind == kind and groups[-1].bracket == key:
            g = groups[-1]
            groups[-1] = Group(g.kind, g.label, g.first, i, g.bracket)
            continue
        if kind == "bracket":
            opening = e if e.step is Step.BRACKET else None
            if opening is not None:
                size = len(opening.players)
                label = f"{points_text(opening.data.get('score', '?'))}  ({size})"
                opened[key] = label
            else:
                label = opened.get(key) or _head(e.text) or _("bracket {number}").format(number=key)
        elif kind == "notes" and any(g.kind == "notes" for g in groups):
            label = pgettext("review list", "note")  # the notes before the first bracket are the start; later ones are not
        else:
            label = _(GROUP_LABELS[kind])
        groups.append(Group(kind, label, i, i, key))
    return groups


def _head(text: str) -> str:
    """The first words of a step's text, up to its first colon or bracket, as wide as the list allows."""
    head = text.split(":")[0].split(" (")[0].strip()
    return head if len(head) <= LABEL_WIDTH else head[:LABEL_WIDTH - 1].rstrip() + "…"


def group_of(groups: list[Group], index: int) -> int:
    for n, g in enumerate(groups):
        if g.first <= index <= g.last:
            return n
    return 0


def _name(t: Tournament, pid: int, width: int = 16) -> str:
    try:
        return clip(shown_name(t, pid), width)
    except KeyError:
        return "?"


def _fact_cells(f: PlayerFacts | None) -> tuple[str, str, str, str]:
    """(points, colours, due, floats) cells of one player; dots when the engine gave no facts."""
    if f is None:
        return "·", "·", "·", "·"
    colours = "".join(colour_letter(c is Colour.WHITE) for c in f.colours)[-6:]
    floats = " ".join(("↓" if d is Float.DOWN else "↑") + f"r{r}" for r, d in f.floats)
    # nobody is due a colour before a game: a system may still seat them with one side (Dubov's
    # Black seekers, art. 1.6.4), which its own steps say, but the column would read as a due colour
    due = due_mark(f.due, f.strength) if f.colours else "·"
    return points_text(f.score), colours or "·", due, floats or "·"


def bracket_table(t: Tournament, trace, group: Group, index: int | None = None) -> tuple[str, PlainTable | Text]:
    """(title, body) for the bracket pane: residents and moved-down players with S1/S2 roles.

    The roles are those of the proposal in force at step ``index`` (the MDP-pairing's,
    then the remainder's), so stepping through a bracket shows each stage's S1 and S2.
    """
    if group.kind != "bracket":
        return _(GROUP_TITLES[group.kind]), Text(_(GROUP_TEXTS[group.kind]))
    events = trace[group.first: group.last + 1]
    opening = next((e for e in events if e.step is Step.BRACKET), None)
    proposals = [(group.first + i, e) for i, e in enumerate(events) if e.step is Step.PROPOSAL]
    current = [e for i, e in proposals if index is None or i <= index]
    proposal = current[-1] if current else (proposals[0][1] if proposals else None)
    if opening is None:
        return _("Bracket {number}").format(number=group.bracket), Text("")
    residents = list(opening.data.get("residents", []))
    mdps = list(opening.data.get("mdps", []))
    ups = list(opening.data.get("upfloaters", []))  # Dubov: players pulled up from lower scoregroups
    s1 = set(proposal.data.get("s1", [])) if proposal else set()
    s2 = set(proposal.data.get("s2", [])) if proposal else set()
    score = points_text(opening.data.get("score", "?"))
    who = [ngettext("{count} resident", "{count} residents", len(residents)).format(count=len(residents))]
    if mdps:
        who.append(ngettext("{count} moved down", "{count} moved down", len(mdps)).format(count=len(mdps)))
    if ups:
        who.append(ngettext("{count} up", "{count} up", len(ups)).format(count=len(ups)))
    title = _("Bracket {score} · {players}").format(score=score, players=" + ".join(who))
    facts = {f.id: f for f in opening.facts}
    # what a system adds to the common facts (Burstein: BSN, Buchholz, Sonneborn-Berger), in its order
    extra: list[str] = []
    for f in opening.facts:
        extra += [key for key in f.extra if key not in extra]
    floats = any(f.floats for f in opening.facts) or not extra
    virtual = {pid: facts[pid].virtual if pid in facts else 0 for pid in mdps + residents + ups}
    table = PlainTable(box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="bold")
    headings = ["", "No", "Name", "Pts", "Colours", "Due"] + (["Floats"] if floats else []) + extra
    if any(virtual.values()):
        headings.append("VP")  # virtual points of acceleration inside Pts (C.04.7)
    rows = mdps + residents + ups
    if "BSN" in extra and all(pid in facts for pid in rows):
        rows.sort(key=lambda pid: facts[pid].extra.get("BSN", 0))  # the order the system paired in
    rows_shown = []
    for pid in rows:
        role = ROLES["MDP"]() if pid in mdps else ROLES["UP"]() if pid in ups else ""
        if pid in s1:
            role = (role + " " + ROLES["S1"]()).strip()
        elif pid in s2:
            role = (role + " " + ROLES["S2"]()).strip()
        cells = list(_fact_cells(facts.get(pid)))
        if not floats:
            cells.pop()
        f = facts.get(pid)
        cells += [_extra_cell(f.extra.get(key)) if f else "·" for key in extra]
        if "VP" in headings:
            cells.append(f"+{points_text(virtual[pid])}" if virtual[pid] else "")
        rows_shown.append((role or "·", str(pid), _name(t, pid, 16), *cells))
    # one line a player: every column but the name as wide as its widest cell, the name cut with an
    # ellipsis when the pane is narrow (a wrapped name splits a row in two, "Kovac…" over "A.")
    for n, heading in enumerate(headings):
        heading = _SHORT.get(heading, heading)
        heading = _(HEADINGS[heading]) if heading in HEADINGS else heading  # a system's own (BSN, BH): as it is
        widest = max([len(heading), *(len(row[n]) for row in rows_shown)])
        table.add_column(heading, no_wrap=True, overflow="ellipsis",
                         min_width=6 if headings[n] == "Name" else widest)
    for row in rows_shown:
        table.add_row(*row)
    return title, table


# a system's facts under a heading the pane has room for at 80 columns
_SHORT = {"rating": "Rtg", "upfloats": "Up"}
ROLES = {"MDP": lambda: pgettext("bracket role", "MDP"), "UP": lambda: pgettext("bracket role", "UP"),
         "S1": lambda: pgettext("bracket role", "S1"), "S2": lambda: pgettext("bracket role", "S2")}
"""A player's part in the bracket as C.04.3 names it: moved-down player, pulled up, subgroups S1 and S2."""


def _extra_cell(value) -> str:
    """A system's own fact: points written as points, anything else as it is."""
    if value is None:
        return "·"
    if isinstance(value, Decimal):
        return points_text(value)
    return str(value)


def step_text(t: Tournament, event: TraceEvent) -> Text:
    """The step: what happened, the rule, and the pairs it names spelled out with names."""
    text = Text()
    text.append(event.text + "\n")
    if event.rule:
        text.append(_("rule:") + " ", style="bold")
        text.append(event.rule + "\n")
    pairs = event.data.get("pairs")
    if pairs:
        # Every pair: the step pane scrolls (shift+up/down, its border says so when it overflows);
        # "… and 4 more pairs" left the arbiter no way to read them.
        for a, b in pairs:
            text.append(f"  {a:>3} {_name(t, a, 18):<18} – {b:>3} {_name(t, b, 18)}\n")
    elif event.step is Step.COLOUR and "white" in event.data:
        w, b = event.data["white"], event.data["black"]
        text.append("  " + _("White {number} {name}").format(number=w, name=_name(t, w, 20)) + "\n")
        text.append("  " + _("Black {number} {name}").format(number=b, name=_name(t, b, 20)) + "\n")
    elif event.step is Step.PROPOSAL:
        for half in ("s1", "s2"):
            ids = event.data.get(half, [])
            text.append(f"  {ROLES[half.upper()]()}: " + " ".join(str(i) for i in ids) + "\n")
    elif event.players and event.step is not Step.BRACKET:
        for pid in event.players[:4]:
            text.append(f"  {pid:>3} {_name(t, pid, 24)} ({points_text(t.pairing_score(pid))})\n")
    return text
