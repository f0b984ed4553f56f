"""Read and write the FIDE Tournament Report File (TRF-2016, TRF-2026) and its engine dialects.

The reader turns a TRF text into an :class:`engine.model.tournament.Tournament` plus what is
needed to write the same file back (:class:`TrfDocument`). It is strict about
what the pairing depends on: every round block, every game's two sides, every
declared score must agree, and any disagreement is a :class:`TrfError` naming
the line and columns. Records it does not use (headers, comments, team
records) are kept verbatim and never rejected (trf.md section 6); national
ratings (record 172 and its NRS records, :mod:`.national`) go to the players.

Columns are 1-based and inclusive, as in the FIDE text (trf.md section 1).
The package holds, one module each: the document both directions share
(:mod:`.document`), the player records read (:mod:`.read`) and written
(:mod:`.write`), the header records that configure the pairing in every
dialect (:mod:`.records`), the tie-break list of records 202/212
(:mod:`.tiebreaks`) and the located errors (:mod:`.errors`). Team files
(C.04.6): the pairing's model read by :mod:`.team_read`, the whole file as a
:mod:`.team_document` read by :mod:`.team_load` and written by :mod:`.team_write`.
"""

from __future__ import annotations

from engine.trf.document import TrfDocument, infer_initial_colour
from engine.trf.errors import TrfError
from engine.trf.read import load, loads
from engine.trf.write import DIALECTS, dump, dumps

__all__ = [
    "TrfError",
    "TrfDocument",
    "loads",
    "load",
    "dumps",
    "dump",
    "infer_initial_colour",
    "DIALECTS",
]
