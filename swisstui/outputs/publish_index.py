"""The front page of a publication folder: the event's header and every round published there.

The index is rebuilt from the folder itself on every publish, so the rounds
published earlier keep their links (publishing round 5 after round 4 lists
both) and a link never points at a file that is not there. Links are relative
file names only: the folder works copied to a web server, opened from a USB
stick or read offline.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment

from engine import systems
from swisstui.language import N_, _
from swisstui.language.formats import dates_text as days_text
from swisstui.language.event_pages import in_event_language
from swisstui.language.templates import page_environment
from swisstui.outputs.paper_files import paper_rounds
from swisstui.outputs.qr import qr_svg
from swisstui.store.event import Event

LABELS = {
    "pairings": N_("Pairings"), "alphabetical": N_("Players A-Z"), "results": N_("Results"),
    "standings": N_("Standings"), "crosstable": N_("Cross-table"), "cards": N_("Player cards"),
}
"""Every list a round is published as, in the order the index and each page's links show them (the labels are
marked for the catalogue and looked up where shown)."""

TEAM_LABELS = {"pairings": N_("Matches"), "results": N_("Match results"), "standings": N_("Team standings"),
               "boards": N_("Board standings"), "crosstable": N_("Cross-table")}
"""A team event's lists (:mod:`swisstui.outputs.team_publish`), in the order its pages link them."""

TEAM_KINDS = tuple(TEAM_LABELS)

OPTIONAL_LABELS = {"prizes": N_("Prizes"), "norms": N_("Title norms")}
"""Lists published only for some events or rounds (the prize list: an event with prizes; the title norms: the
last round): the index links them when
their files are there; the pages of a round do not, since the list may not exist."""

FORMS = {"html": N_("page"), "txt": N_("text"), "csv": "CSV"}

_FILE = re.compile(r"round-(\d+)-([a-z]+)\.(html|txt|csv)")


@dataclass
class PublishedRound:
    """One round's lists found in the folder: kind -> the forms present (``html``, ``txt``, ``csv``)."""

    number: int
    lists: dict[str, list[str]] = field(default_factory=dict)

    def links(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(label, [(form name, file name)]) per list, in :data:`LABELS` order, only for files present."""
        out = []
        team = "boards" in self.lists  # only a team event publishes board standings
        for kind, label in ((TEAM_LABELS if team else LABELS) | OPTIONAL_LABELS).items():
            forms = self.lists.get(kind, [])
            found = [(_(FORMS[ext]), f"round-{self.number}-{kind}.{ext}") for ext in FORMS if ext in forms]
            if found:
                out.append((_(label), found))
        return out


def published_rounds(directory: str | os.PathLike) -> list[PublishedRound]:
    """The rounds whose lists are in ``directory``, newest first."""
    rounds: dict[int, PublishedRound] = {}
    for path in Path(directory).iterdir():
        m = _FILE.fullmatch(path.name)
        if m and (m.group(2) in LABELS or m.group(2) in TEAM_LABELS or m.group(2) in OPTIONAL_LABELS) \
                and path.is_file():
            number = int(m.group(1))
            rnd = rounds.setdefault(number, PublishedRound(number))
            rnd.lists.setdefault(m.group(2), []).append(m.group(3))
    return [rounds[n] for n in sorted(rounds, reverse=True)]


def system_title(event: Event) -> str:
    try:
        return systems.get(event.settings.system).title
    except systems.UnknownSystem:
        return event.settings.system


def dates_text(event: Event) -> str:
    """The event's days as the language in force writes them ("29 novembre 2026 – 1 décembre 2026")."""
    return days_text(event.info.start, event.info.end)


def rounds_played(event: Event) -> str:
    """``4 of 7`` counting rounds with every result in; a round still being played is named after it."""
    total = event.settings.rounds
    finished = [r.number for r in event.rounds
                if r.paired and all(b.result for b in r.boards) and all(m.finished for m in r.team.matches)]
    played = max(finished, default=0)
    if event.rounds_paired > played:
        return _("{played} of {total} (round {round} under way)").format(played=played, total=total,
                                                                          round=event.rounds_paired)
    return _("{played} of {total}").format(played=played, total=total)


def event_line(event: Event) -> str:
    """City and dates, under the title of every published page."""
    return " · ".join(x for x in (event.info.city, dates_text(event)) if x)


def header_facts(event: Event) -> list[tuple[str, str]]:
    """(label, value) of the event's header on the index; a fact the event does not record is left out."""
    tiebreaks = event.settings.tiebreaks
    facts = [
        (_("City"), event.info.city), (_("Dates"), dates_text(event)), (_("Chief arbiter"), event.info.chief_arbiter),
        (_("Time control"), event.info.time_control), (_("System"), _(system_title(event))),
        (_("Tie-breaks"), ", ".join(tiebreaks) if tiebreaks else
         _("none: teams level on match and game points share their place") if event.team is not None else
         _("none: players level on points share their place")),
        (_("Rounds played"), rounds_played(event)),
    ]
    return [(label, value) for label, value in facts if value]


def sheet_links(round_number: int, kinds: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(label, file name) of every page of one round: each page links to the others and to the index.
    ``kinds``: a team event's pages (:data:`TEAM_KINDS`); () for an individual event's."""
    labels = {kind: TEAM_LABELS[kind] for kind in kinds} if kinds else LABELS
    return [(_(label), f"round-{round_number}-{kind}.html") for kind, label in labels.items()]


def environment() -> Environment:
    return page_environment(trim_blocks=True, lstrip_blocks=True)


@in_event_language
def index_html(event: Event, directory: str | os.PathLike, url: str = "") -> str:
    """The index of ``directory`` as it stands (call it after the round's files are written).

    ``url``: the folder's address on the web, shown as a QR code a phone opens, and kept in a meta tag so
    that the next publish without an address keeps it (:func:`swisstui.outputs.paper_files.remembered_url`).
    """
    return environment().get_template("index.html").render(
        name=event.name, facts=header_facts(event), rounds=published_rounds(directory),
        paper=paper_rounds(Path(directory)), url=url, qr=qr_svg(url) if url else "",
        schedule=schedule_links(Path(directory)))


def schedule_links(directory: Path) -> list[tuple[str, str]]:
    """(label, file name) of a round robin's published schedule: every round, then each round's page."""
    if not (directory / "schedule.html").is_file():
        return []
    numbers = sorted(int(m.group(1)) for path in directory.iterdir()
                     if (m := re.fullmatch(r"schedule-round-(\d+)\.html", path.name)))
    return [(_("Every round"), "schedule.html"),
            *((_("Round {round}").format(round=n), f"schedule-round-{n}.html") for n in numbers)]
