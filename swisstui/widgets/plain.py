"""Text the arbiter typed or imported, shown as it is: never read as markup.

Textual and Rich read square brackets in a plain ``str`` as styling: a player
called ``Smith, [/b]`` raises an error while the screen draws (and, the name
being saved first, the event would not open again), and ``[red]`` vanishes into
a colour. Every widget that shows names, event details, file names or messages
built from them is given :class:`rich.text.Text` instead, which is never parsed:
through :func:`plain`, :class:`PlainTable` (Rich tables) and the cells of
:class:`swisstui.widgets.table.RowTable`. Statics and labels are built with
``markup=False`` and the app's notifications are plain (``SwissApp.notify``);
``tests/app/test_markup_names.py`` checks the source keeps to this.
"""

from __future__ import annotations

from typing import TypeVar, overload

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

T = TypeVar("T")


@overload
def plain(value: str, style: str = "") -> Text: ...
@overload
def plain(value: T, style: str = "") -> T: ...


def plain(value: object, style: str = "") -> object:
    """``value`` as text shown literally; anything already a renderable is returned as it is."""
    if isinstance(value, str):
        return Text(value, style=style)
    return value


class PlainTable(Table):
    """A Rich table whose string cells are shown literally (Rich would read them as markup)."""

    def add_row(self, *renderables: RenderableType | None, **kwargs) -> None:
        super().add_row(*(plain(r) for r in renderables), **kwargs)

