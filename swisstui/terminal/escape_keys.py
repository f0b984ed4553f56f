"""Escape followed at once by another key is read as two keys: Escape, then that key.

A terminal sends Escape as the byte ESC, and the keys it encodes as sequences (arrows, function
keys, Alt chords) start with ESC as well; Textual's parser reads ESC and what comes in the same read
as one sequence. Over SSH a key typed just after Escape often arrives in the same read as it, and
Textual then read: Escape, p as alt+p (bound to nothing here: both keys lost); Escape, Enter as
Enter (the dialog Escape was cancelling confirmed instead); Escape, ? as ?; Escape, 1 as '¡';
Escape, Tab as shift+tab; Escape, [ as [ alone.

swisstui binds no Alt chord, so ESC followed by a character that begins no terminal sequence is
read as Escape, then that character, exactly as typed slowly. What does begin a sequence (ESC [ of
the arrows, mouse and the terminal's reports, ESC O of some arrows and function keys, ESC ], ESC P,
ESC _ and ESC ^ of the terminal's own strings) is read as before; when what follows makes no
sequence Textual knows, Escape comes first there too.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual._xterm_parser import XTermParser

ESC = "\x1b"
INTRODUCERS = frozenset("[O]P_^" + ESC)
"""After ESC, these begin a longer sequence (CSI, SS3, OSC, DCS, APC, PM) or are Escape again."""

DRIVER_MODULES = ("textual.drivers.linux_driver", "textual.drivers.linux_inline_driver", "textual.drivers.web_driver")
"""The drivers that read a terminal's bytes (directly, or from the browser with ``swisstui serve``)."""


class EscapeFirstParser(XTermParser):
    """Textual's parser, with an ESC that starts no sequence read as the Escape key."""

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        if alt and len(sequence) == 1:
            # the parser gave up on ESC + this character as a sequence and calls it an Alt chord
            yield events.Key("escape", ESC)
            yield from super()._sequence_to_key_events(sequence)
            return
        if len(sequence) == 2 and sequence[0] == ESC and sequence[1] not in INTRODUCERS:
            yield events.Key("escape", ESC)  # its table would read this pair as one key (Escape, 1 as '¡')
            yield from super()._sequence_to_key_events(sequence[1])
            return
        yield from super()._sequence_to_key_events(sequence, alt)


def install() -> None:
    """Make the terminal drivers read keys with :class:`EscapeFirstParser` (each builds its parser by this name).

    Fails loudly if a driver no longer builds its parser under that name: the keys would then be
    lost again without a sign, and the tests that type Escape and a key in one write would say so too.
    """
    import importlib

    for name in DRIVER_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:  # a driver of another platform
            continue
        if not isinstance(getattr(module, "XTermParser", None), type):
            raise RuntimeError(f"{name} no longer builds an XTermParser: Escape typed before a key would be lost")
        module.XTermParser = EscapeFirstParser  # type: ignore[attr-defined]
