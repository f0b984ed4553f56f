"""The pairing systems: each a package here, all described by :mod:`engine.model.catalogue`.

Each system is identified by an id that names its edition (``dutch-2026``), so
a running event never changes rules silently when a new edition appears.
Systems listed without an implementation are known to the event format and the
user interface but cannot pair yet. CONTRIBUTING.md says how a system moves in.
"""

from __future__ import annotations

from engine.model.catalogue import (
    BAKU_SUFFIX,
    FIDE_RENUMBER_UNTIL,
    Check,
    Family,
    PairingInput,
    SYSTEMS,
    SystemInfo,
    SystemNotAvailable,
    SystemOption,
    Unit,
    UnknownSystem,
    available,
    find,
    get,
    is_round_robin,
    is_trf_code,
    named_in,
    option_ids,
    pair,
    pairable_codes,
    read_code,
    write_code,
)

__all__ = ["BAKU_SUFFIX", "FIDE_RENUMBER_UNTIL", "Check", "Family", "PairingInput", "SYSTEMS", "SystemInfo",
           "SystemNotAvailable", "SystemOption", "Unit", "UnknownSystem", "available", "find", "get", "is_round_robin",
           "is_trf_code", "named_in", "option_ids", "pair", "pairable_codes", "read_code", "write_code"]
