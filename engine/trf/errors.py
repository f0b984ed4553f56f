"""The one exception TRF reading raises, and the helper that builds it.

Kept apart from the reader so the record parsers and the player-line parser can
share it without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable


class TrfError(ValueError):
    """A TRF file that cannot be read as written, located to the line and columns.

    ``str(err)`` is a single line, ``<source>:<line>:<c1>-<c2>: <what>, expected <what>``,
    so a command-line tool can print it as is and an editor can jump to it.
    """

    def __init__(
        self,
        what: str,
        *,
        source: str = "<string>",
        line: int = 1,
        columns: tuple[int, int] | None = None,
        expected: str = "",
    ) -> None:
        self.what = _one_line(what)
        self.source = source
        self.line = line
        self.columns = columns
        self.expected = _one_line(expected)
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}"
        if self.columns is not None:
            where += f":{self.columns[0]}-{self.columns[1]}"
        text = f"{where}: {self.what}"
        if self.expected:
            text += f", expected {self.expected}"
        return text

    def __reduce__(self) -> tuple[Callable[..., TrfError], tuple[object, ...]]:  # keyword-only: picklable
        return (_rebuild, (self.what, self.source, self.line, self.columns, self.expected))


def _rebuild(what: str, source: str, line: int, columns: tuple[int, int] | None, expected: str) -> TrfError:
    return TrfError(what, source=source, line=line, columns=columns, expected=expected)


def _one_line(text: str) -> str:
    return " ".join(text.split("\n")).replace("\r", " ")


class Located:
    """Raises :class:`TrfError` for one source; every parser gets one."""

    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, line: int, columns: tuple[int, int] | None, what: str, expected: str) -> TrfError:
        return TrfError(what, source=self.source, line=line, columns=columns, expected=expected)
