"""The table every list screen uses: a row cursor that Home and End move to the first and last row."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey, RowKey

from swisstui.language import N_
from swisstui.widgets.plain import plain
from swisstui.terminal.binding_words import BindingWords


class PlainDataTable(DataTable):
    """A :class:`DataTable` whose string cells and column labels are shown literally.

    A DataTable reads a ``str`` cell as markup: a name like ``Smith, [/b]`` would
    stop the screen drawing (see :mod:`swisstui.widgets.plain`).
    """

    def add_column(self, label: Any = None, *args: Any, **kwargs: Any) -> ColumnKey:
        return super().add_column(plain(label), *args, **kwargs)

    def add_row(self, *cells: Any, label: Any = None, **kwargs: Any) -> RowKey:
        return super().add_row(*(plain(c) for c in cells), label=plain(label), **kwargs)

    def update_cell(self, row_key, column_key, value, *args, **kwargs) -> None:
        super().update_cell(row_key, column_key, plain(value), *args, **kwargs)

    def update_cell_at(self, coordinate, value, *args, **kwargs) -> None:
        super().update_cell_at(coordinate, plain(value), *args, **kwargs)

    def _update_dimensions(self, new_rows) -> None:
        """Measure the new rows, then draw every row again when a column's width changed.

        DataTable measures the rows a screen added only once the app is idle, and a
        frame drawn before that (a screen that fills its table while it is mounted,
        as the standings do) is kept in render caches the new widths do not
        invalidate: the standings opened with every name cut to four letters and
        only the rows the cursor touched drawn again. The caches are keyed by
        ``_update_count``: bumping it when a width changed draws every row anew.
        """
        before = [column.content_width for column in self.columns.values()]
        super()._update_dimensions(new_rows)
        if [column.content_width for column in self.columns.values()] != before:
            self._update_count += 1
            self.refresh()

    # DataTable's render caches: every entry is keyed by a count that update_cell bumps.
    _ROW_CACHES = ("_row_render_cache", "_cell_render_cache")  # keyed by row key first
    _INDEX_CACHE = "_row_renderable_cache"  # keyed by (count, row index)
    _LINE_CACHE = "_line_cache"  # keyed by the line; rebuilt from the row caches at little cost

    def set_cell(self, row_key: str, column_key: str, value: object) -> None:
        """Change one cell and draw its row again, and only that row.

        :meth:`update_cell` bumps the count every render cache of the DataTable is keyed
        by, so the next frame renders every visible cell again through Rich: at 40 rows
        that redraw is most of what a result key costs the screen. Here only the
        entries of the changed row are dropped. The cell's width is kept (the columns
        this serves have a fixed width). Should a Textual release rename those caches,
        this falls back to :meth:`update_cell`, slower but right.
        """
        caches: list[Any] = [getattr(self, name, None) for name in (*self._ROW_CACHES, self._INDEX_CACHE, self._LINE_CACHE)]
        if any(cache is None or not hasattr(cache, "keys") for cache in caches):
            self.update_cell(row_key, column_key, value)
            return
        row, column = RowKey(row_key), ColumnKey(column_key)
        index = self._row_locations.get(row)
        if index is None or column not in self._column_locations:
            self.update_cell(row_key, column_key, value)  # raises CellDoesNotExist, as update_cell does
            return
        self._data[row][column] = plain(value)
        by_row, by_cell, by_index, lines = caches
        for cache in (by_row, by_cell):
            for key in [k for k in cache.keys() if k[0] == row]:
                cache.discard(key)
        for key in [k for k in by_index.keys() if k[1] == index]:
            by_index.discard(key)
        lines.clear()
        self.refresh_row(index)


class RowTable(BindingWords, PlainDataTable):
    """A table of rows; Home / End go to the top / bottom of the list, not of a column."""

    BINDINGS = [
        Binding("home", "first_row", N_("first"), show=False),
        Binding("end", "last_row", N_("last"), show=False),
    ]

    def action_first_row(self) -> None:
        if self.row_count:
            self.move_cursor(row=0, column=0)
            self.scroll_home(animate=False)

    def action_last_row(self) -> None:
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)


def share_width(total: int, fixed: dict[str, int], flexible: dict[str, tuple[int, int]]) -> dict[str, int]:
    """Column widths: ``fixed`` as given, the room left shared among ``flexible`` (label -> (least, wanted)).

    ``total`` is the table's width; each column costs two cells of padding and
    the vertical scroll bar one. Every flexible column gets its least width,
    then the room left goes a cell at a time to the columns whose text is still
    wider (``wanted``), so nothing is cut while there is room to spare.
    """
    columns = len(fixed) + len(flexible)
    room = total - 2 * columns - 1 - sum(fixed.values())
    widths = {label: least for label, (least, _) in flexible.items()}
    room -= sum(widths.values())
    while room > 0:
        growing = [label for label, (_, wanted) in flexible.items() if widths[label] < wanted]
        if not growing:
            break
        for label in growing[:room]:
            widths[label] += 1
        room -= min(room, len(growing))
    return {**fixed, **widths}
