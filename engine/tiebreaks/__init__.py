"""FIDE tie-breaks (C.07, 2026 edition by default; the 2024, 2023 and pre-2023 texts selectable).

    from engine.tiebreaks import Crosstable, parse_list, rank
    ct = Crosstable(tournament, after=5)
    ranked = rank(ct, parse_list("BH/C1,BH,SB,DE"))

Pure engine code: no user interface, no file formats.
"""

from engine.tiebreaks.order import Ranked, rank
from engine.tiebreaks.rounds import Category, Crosstable, Round, RoundKind
from engine.tiebreaks.spec import (
    DEFAULT_EDITION,
    DEFINITIONS,
    RECOMMENDED_ROUND_ROBIN,
    RECOMMENDED_ROUND_ROBIN_SOURCE,
    RECOMMENDED_SOURCE,
    RECOMMENDED_SWISS,
    Edition,
    Kind,
    TieBreak,
    TieBreakError,
    format_list,
    misplaced,
    parse,
    parse_list,
)
from engine.tiebreaks.values import Part, Value

__all__ = [
    "DEFAULT_EDITION", "DEFINITIONS", "RECOMMENDED_ROUND_ROBIN", "RECOMMENDED_ROUND_ROBIN_SOURCE",
    "RECOMMENDED_SOURCE", "RECOMMENDED_SWISS", "Category", "Crosstable", "Edition", "Kind", "Part", "Ranked",
    "Round", "RoundKind", "TieBreak", "TieBreakError", "Value", "format_list", "misplaced", "parse", "parse_list",
    "rank",
]
