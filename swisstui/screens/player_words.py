"""The players screen's words that the code looks up by a key: the columns by their English label, a
player's fields by their key in the event file, a bye or absence by its result code. Marked here for
the catalogue and looked up in the arbiter's language where the screen shows them."""

from __future__ import annotations

from engine.model.tournament import ResultCode
from swisstui.language import N_, NC_

REQUEST_DONE = {ResultCode.HALF_BYE: N_("round {round}: half bye for {number} {name}"),
                ResultCode.FULL_BYE: N_("round {round}: full bye for {number} {name}"),
                ResultCode.ZERO_BYE: N_("round {round}: zero bye for {number} {name}")}
"""What b, + and - said once done (store.event's REQUEST_NAMES, each a whole sentence)."""
FIELD_NAMES = {"name": N_("name"), "rating": N_("rating"), "title": N_("title"), "federation": N_("federation"),
               "fide_id": N_("FIDE ID"), "birth": N_("birth"), "sex": N_("sex"), "club": N_("club"),
               "fixed_board": N_("fixed board")}
"""A player's fields, as the notices name them (the field's key stays English in the file)."""
REQUEST_LABELS = {
    ResultCode.HALF_BYE: N_("½-bye r{round}"),
    ResultCode.FULL_BYE: N_("1-bye r{round}"),
    ResultCode.ZERO_BYE: N_("0-bye r{round}"),
    ResultCode.ABSENT: N_("absent r{round}"),
}
"""A bye or absence requested for a later round, as the status column says it."""
COLUMN_LABELS = {"No": NC_("column", "No"), "Name": NC_("column", "Name"), "Rating": NC_("column", "Rating"),
                 "Title": NC_("column", "Title"), "Fed": NC_("column", "Fed"), "Score": NC_("column", "Score"),
                 "Status": NC_("column", "Status")}
"""The columns by the English label the code keys them by, shown in the arbiter's language."""
