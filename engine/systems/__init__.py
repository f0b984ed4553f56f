"""The registry of pairing systems.

Each system is identified by an id that names its edition (``dutch-2026``), so
a running event never changes rules silently when a new edition appears.
Systems listed without an implementation are known to the event format and the
user interface but cannot pair yet.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.model import Tournament
from engine.result import PairingResult, Progress


class UnknownSystem(ValueError):
    pass


class SystemNotAvailable(NotImplementedError):
    pass


@dataclass(frozen=True)
class SystemInfo:
    id: str
    title: str
    trf_code: str
    aliases: tuple[str, ...] = ()
    module: str | None = None  # "engine.systems.dutch": defines pair(tournament) -> PairingResult
    # a late entry takes its place in the list (renumbering those after it) while fewer rounds than this
    # are paired: C.04.2 art. 2.3-2.4 (round 4); None: in any round, as the club text says (seed 003)
    renumber_until: int | None = 4

    @property
    def available(self) -> bool:
        return self.module is not None

    def pairer(self) -> Callable[[Tournament], PairingResult]:
        if self.module is None:
            raise SystemNotAvailable(f"the {self.title} cannot pair yet")
        return importlib.import_module(self.module).pair


SYSTEMS: tuple[SystemInfo, ...] = (
    SystemInfo("dutch-2026", "FIDE (Dutch) system, 2026 edition", "FIDE_DUTCH_2026",
               ("dutch", "dutch-2025", "fide_dutch", "fide_dutch_2025", "fide_dutch_2026"),
               "engine.systems.dutch"),
    SystemInfo("dutch-2017", "FIDE (Dutch) system, 2017 edition", "FIDE_DUTCH_2017", ("fide_dutch_2017",)),
    SystemInfo("burstein-2026", "FIDE Burstein system", "FIDE_BURSTEIN", ("burstein", "fide_burstein"),
               "engine.systems.burstein"),
    SystemInfo("dubov-2026", "FIDE Dubov system", "FIDE_DUBOV", ("dubov", "fide_dubov"),
               "engine.systems.dubov"),
    SystemInfo("dubov-1997", "FIDE Dubov system, 1997 text", "CUSTOM_SWISS", ("dubov97", "dubov-seed"),
               "engine.systems.dubov"),
    SystemInfo("lim-2026", "FIDE Lim system, 2026 edition", "CUSTOM_SWISS", ("lim",), "engine.systems.lim"),
    SystemInfo("lim-seed", "FIDE Lim system, 1999 text (seed)", "CUSTOM_SWISS", (), "engine.systems.lim"),
    SystemInfo("club", "Simplified club Swiss", "CUSTOM_SWISS", ("simplified",), "engine.systems.club",
               renumber_until=None),
)


def get(name: str) -> SystemInfo:
    """The system for an id, an alias or a TRF record-192 code (case-insensitive)."""
    key = name.strip().lower()
    for info in SYSTEMS:
        if key == info.id or key in info.aliases:
            return info
    known = ", ".join(s.id for s in SYSTEMS)
    if is_trf_code(name):
        raise UnknownSystem(f"pairing system code {name.strip()!r} (TRF record 192) names a system swisstui does "
                            f"not pair; change the event's system to pair it (known: {known})")
    raise UnknownSystem(f"unknown pairing system {name!r} (known: {known})")


_TRF_CODE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?: +\S+)*")


def is_trf_code(name: str) -> bool:
    """Whether ``name`` is written as an ETT26 record-192 code (``FIDE_ROUNDROBIN``, ``CUSTOM_SWISS x``).

    An event imported from a file whose system swisstui does not pair keeps that
    code as its system: its standings and its rating report need no pairing. Our
    own ids are lower case, so a mistyped id is still an unknown system.
    """
    return bool(_TRF_CODE.fullmatch(name.strip()))


_NAMED = {"dubov": "dubov-2026", "burstein": "burstein-2026", "lim": "lim-2026"}


def named_in(text: str) -> SystemInfo | None:
    """The system a free-text description names (TRF-16 record 092, "Individual: Swiss-System (Dubov)").

    Only a name that belongs to exactly one system counts; anything else
    (a plain "Swiss-System") is left to the caller's default.
    """
    words = set("".join(c if c.isalnum() else " " for c in text.lower()).split())
    found = {_NAMED[w] for w in words if w in _NAMED}
    return get(found.pop()) if len(found) == 1 else None


BAKU_SUFFIX = "_BAKU"


def read_code(code: str) -> tuple[SystemInfo, bool]:
    """The system a TRF record-192 (or 092) code names, and whether it asks for Baku acceleration.

    ETT26 writes Baku as a ``_BAKU`` suffix on any Swiss code (``FIDE_DUTCH_BAKU``).
    Raises :class:`UnknownSystem` for a code naming no system we know.
    """
    key = code.strip()
    baku = key.upper().endswith(BAKU_SUFFIX)
    if baku:
        key = key[: -len(BAKU_SUFFIX)]
    return get(key), baku


def write_code(system: str, baku: bool) -> str:
    """The record-192 code for ``system``, with ``_BAKU`` when the event announced Baku acceleration."""
    return get(system).trf_code + (BAKU_SUFFIX if baku else "")


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Pair the next round of ``tournament`` with the system its settings name.

    ``progress`` is handed to a system whose ``pair`` takes it (see
    :data:`engine.result.Progress`); the others pair without reporting.
    """
    pairer = get(tournament.settings.system).pairer()
    if progress is not None and "progress" in inspect.signature(pairer).parameters:
        return pairer(tournament, progress=progress)
    return pairer(tournament)
