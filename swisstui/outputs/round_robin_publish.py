"""A round robin's whole schedule published at once: one page with every round, and a page a round.

C.05 fixes every round once the numbers are drawn, so the players can see all their games before
round 1 (results are still entered and published a round at a time, as in a Swiss event). The files
go into the event's publication folder beside the rounds' lists, and the index links them.
"""

from __future__ import annotations

import os
from pathlib import Path

from swisstui.language.event_pages import in_event_language
from swisstui.outputs.publish import to_csv, to_html, to_text
from swisstui.outputs.publish_index import index_html
from swisstui.outputs.paper_files import remembered_url
from swisstui.outputs.round_robin import event_schedule
from swisstui.outputs.round_robin_sheets import schedule_round_sheet, schedule_sheet
from swisstui.store.event import Event
from swisstui.store.file_writer import check_output, make_folder, write_output

SCHEDULE_PAGE = "schedule.html"


def schedule_file(number: int | None, ext: str) -> str:
    """``schedule.EXT`` for every round, ``schedule-round-N.EXT`` for round ``number``."""
    return f"schedule.{ext}" if number is None else f"schedule-round-{number}.{ext}"


@in_event_language
def publish_schedule(event: Event, directory: str | os.PathLike) -> list[Path]:
    """Write the whole schedule and each round's page as HTML, text and CSV, then the index again.

    Raises ``ValueError`` (:class:`swisstui.outputs.round_robin.NotDrawn`) for an event that is not a
    round robin the tables cover; every target is checked before any is written.
    """
    rounds = event_schedule(event)
    out = make_folder(directory)
    files: dict[Path, str] = {}
    for number, sheet in [(None, schedule_sheet(event)), *((r.number, schedule_round_sheet(event, r.number))
                                                            for r in rounds)]:
        for ext, text in {"html": to_html(sheet), "txt": to_text(sheet), "csv": to_csv(sheet)}.items():
            files[out / schedule_file(number, ext)] = text
    index = out / "index.html"
    for path in (*files, index):
        check_output(path, streams=False)
    for path, text in files.items():
        write_output(path, text)
    write_output(index, index_html(event, out, remembered_url(out)))
    return [*files, index]
