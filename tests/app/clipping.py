"""Finding text the arbiter cannot read: cut off by its box with nothing to say that more is there."""

from __future__ import annotations

from rich.cells import cell_len
from textual.containers import ScrollableContainer
from textual.widgets import DataTable, Footer, Static


def _scrolls_vertically(widget) -> bool:
    """Whether the widget or a container around it shows a vertical scroll bar (more can be brought in)."""
    node = widget
    while node is not None and node is not widget.screen:
        if getattr(node, "show_vertical_scrollbar", False) and node.scrollbar_size_vertical:
            return True
        node = node.parent
    return False


def _shown_whole(table: DataTable, label: str) -> list[str]:
    """For a table that cuts a column and shows the highlighted row's text whole elsewhere
    (``WHOLE_TEXT = (column label, selector)``): whether that text is there."""
    column, selector = getattr(table, "WHOLE_TEXT", (None, None))
    if column != label or not table.row_count:
        return []
    key = next(k for k, c in table.columns.items() if c.label.plain == label)
    text = str(table.get_cell_at((table.cursor_row, list(table.columns).index(key))))
    shown = " ".join(str(table.screen.query_one(selector).render()).split())
    if " ".join(text.split()) not in shown:
        return [f"column {label!r} cuts {text!r}, and {selector} does not show it whole"]
    return ["whole"]


def _table_problems(table: DataTable, where: str) -> list[str]:
    found = []
    for key, column in table.columns.items():
        if column.auto_width:
            continue
        for row_key in table.rows:
            text = str(table.get_cell(row_key, key))
            widest = max(cell_len(line) for line in text.split("\n"))  # a row of two lines draws each apart
            if widest > column.width:  # what the table draws of it: ``width`` cells
                whole = _shown_whole(table, column.label.plain)
                if whole != ["whole"]:
                    found.extend(f"{where}: {w}" for w in whole or
                                 [f"column {column.label.plain!r} cuts {text!r} to {column.width}"])
                break
    region = table.scrollable_content_region
    last = list(table.columns)[-1] if table.columns else None
    if last is not None:
        cut = [str(table.get_cell(r, last)) for r in table.rows if str(table.get_cell(r, last)).endswith("…")]
        if cut:  # nothing to its right needs the room: the last column could have been as wide as its text
            found.append(f"{where}: the last column cuts {cut[0]!r}")
    if table.virtual_size.width < region.width:
        # Cut with an ellipsis while the table leaves room to spare beside it: the room was not used.
        for key, column in table.columns.items():
            cut = [str(table.get_cell(r, key)) for r in table.rows if str(table.get_cell(r, key)).endswith("…")]
            if cut:
                found.append(f"{where}: column {column.label.plain!r} cuts {cut[0]!r} with "
                             f"{region.width - table.virtual_size.width} columns to spare")
    if table.virtual_size.width > region.width and not (
            table.show_horizontal_scrollbar and table.scrollbar_size_horizontal):
        found.append(f"{where}: {table.virtual_size.width} columns of table in {region.width}, no scroll bar")
    if table.virtual_size.height > region.height and not (
            table.show_vertical_scrollbar and table.scrollbar_size_vertical):
        found.append(f"{where}: {table.virtual_size.height} rows of table in {region.height}, no scroll bar")
    return found


def clipped(app) -> list[str]:
    """Every piece of text on the current screen that is cut off without a scroll bar beside it."""
    screen = app.screen
    name = type(screen).__name__
    found: list[str] = []
    for widget in screen.query("*"):
        if not widget.display or not widget.region.area or not widget.visible:
            continue
        where = f"{name} {widget!r}"
        if isinstance(widget, DataTable):
            found.extend(_table_problems(widget, where))
        elif isinstance(widget, Footer):
            keys = [child for child in widget.children if child.display]
            used = sum(child.outer_size.width for child in keys)
            if used > widget.size.width:
                found.append(f"{where}: footer keys need {used} columns, {widget.size.width} shown")
        elif isinstance(widget, Static) and not isinstance(widget, ScrollableContainer):
            region = widget.content_region
            if region.width <= 0:
                continue
            wanted = widget.get_content_height(region.size, app.size, region.width)
            if wanted > region.height and not _scrolls_vertically(widget):
                found.append(f"{where}: {wanted} lines of text in {region.height}, no scroll bar")
    return found


def drawn_cut(app) -> list[str]:
    """Table cells drawn narrower than the table's own text for them: what the arbiter reads on the screen.

    :func:`clipped` reads each table's data and widths; this reads the screen as drawn. A table can
    hold a whole name and still show four letters of it, when the rows were drawn before the
    columns had their width and the drawing was kept: only the screen tells.
    """
    from swisstui.widgets.visible import visible
    from tests.app.screen_text import screen_lines

    lines = screen_lines(app)
    found: list[str] = []
    for table in app.screen.query(DataTable):
        if not table.display or not table.region.area or not table.visible:
            continue
        region = table.scrollable_content_region
        header = table.header_height if table.show_header else 0
        top = int(table.scroll_y)
        shown = max(0, region.height - header)
        for index in range(top, min(table.row_count, top + shown)):
            y = region.y + header + index - top
            if not 0 <= y < len(lines):
                continue
            line = lines[y][region.x:region.x + region.width]
            x = -int(table.scroll_x)
            for column in table.ordered_columns:
                width = column.get_render_width(table)
                if x >= 0 and x + width <= region.width:
                    text = visible(str(table.get_cell_at((index, table.get_column_index(column.key)))))
                    drawn = line[x:x + width].strip()
                    if cell_len(text) <= column.content_width and drawn != text.strip():
                        found.append(f"{type(app.screen).__name__} row {index + 1} column "
                                     f"{column.label.plain!r}: {text!r} drawn as {drawn!r}")
                x += width
            if len(found) > 5:
                return found
    return found
