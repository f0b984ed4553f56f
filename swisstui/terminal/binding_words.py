"""Key bindings whose descriptions (the footer's words, the help screen's) are in the arbiter's language.

Textual copies a class's bindings into each widget when the widget is made; this mixin puts each
description through the catalogue at that moment, so a screen opened after the arbiter changes the
language shows the new words, and the classes keep their English descriptions (marked with ``N_``)
for the catalogue to find. Every class of swisstui with ``BINDINGS`` derives from it
(tests/language/test_bindings.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.binding import BindingsMap

from swisstui.language import _


def translated(bindings: BindingsMap) -> BindingsMap:
    """``bindings`` with each description and tooltip looked up in the catalogue."""
    worded = BindingsMap()
    worded.key_to_bindings = {
        key: [replace(b, description=_(b.description) if b.description else b.description,
                      tooltip=_(b.tooltip) if b.tooltip else b.tooltip) for b in bindings_of_key]
        for key, bindings_of_key in bindings.key_to_bindings.items()}
    return worded


class BindingWords:
    """Mix in before the Textual class: ``class HelpScreen(BindingWords, ModalScreen)``."""

    _bindings: BindingsMap
    _source_bindings: BindingsMap  # as the class and Textual made them, in English: what each language starts from

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._source_bindings = self._bindings
        self._bindings = translated(self._bindings)

    def reword_bindings(self) -> None:
        """The descriptions again in the language in force: for what lives on after the arbiter changes the
        language (the application itself; a screen is simply made again)."""
        self._bindings = translated(self._source_bindings)
