"""Reading published HTML back as a person's browser would: table cells and links."""

from __future__ import annotations

from html.parser import HTMLParser


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.head: list[list[str]] = []
        self.body: list[list[str]] = []
        self.links: list[str] = []
        self.sources: list[str] = []
        self._part: list[list[str]] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])
        if "src" in attrs:
            self.sources.append(attrs["src"])
        if tag in ("thead", "tbody"):
            self._part = self.head if tag == "thead" else self.body
        elif tag == "tr" and self._part is not None:
            self._part.append([])
        elif tag in ("td", "th") and self._part is not None:
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._part[-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag in ("thead", "tbody"):
            self._part = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def read(html: str) -> _Reader:
    reader = _Reader()
    reader.feed(html)
    return reader


def table(html: str) -> tuple[list[str], list[list[str]]]:
    """(column headers, body rows) of the page's table; the headers are the last row of the head."""
    r = read(html)
    return r.head[-1], r.body


def links(html: str) -> list[str]:
    return read(html).links
