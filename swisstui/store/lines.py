"""Where each table, key and array element of a TOML document starts (1-based lines).

``tomllib`` returns plain dictionaries without positions, yet an error in an
event file must name its line. :func:`locate` scans the text once more (it has
already been parsed, so the scanner may trust its syntax) and maps every value's
path — ``("players", 3, "rating")``, ``("rounds", 0, "boards", 5)``,
``("rounds", 1, "byes", "7")`` — to the line where it is written. Array
indexes are 0-based like the parsed lists.
"""

from __future__ import annotations

from collections.abc import Mapping

Path = tuple[str | int, ...]

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


class Lines(Mapping[Path, int]):
    """The line of every path; :meth:`nearest` falls back to the closest enclosing path."""

    def __init__(self, lines: dict[Path, int]) -> None:
        self._lines = lines

    def __getitem__(self, path: Path) -> int:
        return self._lines[path]

    def __iter__(self):
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)

    def nearest(self, path: Path) -> int | None:
        for end in range(len(path), -1, -1):
            line = self._lines.get(path[:end])
            if line is not None:
                return line
        return None


def locate(text: str) -> Lines:
    """The line of every table, key and array element in ``text`` (a valid TOML document)."""
    return _Scanner(text).run()


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1
        self.lines: dict[Path, int] = {(): 1}
        self.aot_counts: dict[Path, int] = {}
        self.aot_names: set[tuple[str, ...]] = set()

    # -- low level ------------------------------------------------------------

    def peek(self, offset: int = 0) -> str:
        i = self.pos + offset
        return self.text[i] if i < len(self.text) else ""

    def advance(self, n: int = 1) -> None:
        for _ in range(n):
            if self.pos < len(self.text):
                if self.text[self.pos] == "\n":
                    self.line += 1
                self.pos += 1

    def skip_spaces(self) -> None:
        while self.peek() in (" ", "\t") and self.peek():
            self.advance()

    def skip_comment(self) -> None:
        if self.peek() == "#":
            while self.peek() and self.peek() != "\n":
                self.advance()

    def skip_blank(self) -> None:
        """Spaces, newlines and comments (inside arrays)."""
        while True:
            ch = self.peek()
            if ch in (" ", "\t", "\r", "\n") and ch:
                self.advance()
            elif ch == "#":
                self.skip_comment()
            else:
                return

    def skip_line(self) -> None:
        while self.peek() and self.peek() != "\n":
            self.advance()
        self.advance()

    # -- tokens ---------------------------------------------------------------

    def string(self) -> str:
        quote = self.peek()
        if self.text.startswith(quote * 3, self.pos):
            self.advance(3)
            start = self.pos
            while self.pos < len(self.text) and not self.text.startswith(quote * 3, self.pos):
                if quote == '"' and self.peek() == "\\":
                    self.advance()
                self.advance()
            value = self.text[start : self.pos]
            self.advance(3)
            while self.peek() == quote:  # up to two quotes may close the content
                self.advance()
            return value
        self.advance()
        start = self.pos
        while self.peek() and self.peek() != quote:
            if quote == '"' and self.peek() == "\\":
                self.advance()
            self.advance()
        value = self.text[start : self.pos]
        self.advance()
        return _unescape(value) if quote == '"' else value

    def key(self) -> tuple[str, ...]:
        parts: list[str] = []
        while True:
            self.skip_spaces()
            if self.peek() in ('"', "'"):
                parts.append(self.string())
            else:
                start = self.pos
                while self.peek() in _BARE and self.peek():
                    self.advance()
                parts.append(self.text[start : self.pos])
            self.skip_spaces()
            if self.peek() == ".":
                self.advance()
                continue
            return tuple(parts)

    # -- structure ------------------------------------------------------------

    def resolve(self, names: tuple[str, ...]) -> Path:
        """The path of a dotted table name, through the current element of each array of tables."""
        path: Path = ()
        for i, name in enumerate(names):
            path += (name,)
            if names[: i + 1] in self.aot_names and i < len(names) - 1:
                path += (self.aot_counts[path] - 1,)
        return path

    def run(self) -> Lines:
        current: Path = ()
        while self.pos < len(self.text):
            self.skip_blank()
            if not self.peek():
                break
            line = self.line
            if self.peek() == "[":
                if self.peek(1) == "[":
                    self.advance(2)
                    names = self.key()
                    self.aot_names.add(names)
                    base = self.resolve(names)
                    index = self.aot_counts.get(base, 0)
                    self.aot_counts[base] = index + 1
                    self.lines.setdefault(base, line)
                    current = base + (index,)
                else:
                    self.advance()
                    names = self.key()
                    current = self.resolve(names)
                self.lines.setdefault(current, line)
                self.skip_line()
                continue
            self.key_value(current)
            self.skip_spaces()
            self.skip_comment()
        return Lines(self.lines)

    def key_value(self, table: Path) -> None:
        line = self.line
        names = self.key()
        path = table + names
        for end in range(len(table) + 1, len(path) + 1):
            self.lines.setdefault(path[:end], line)
        self.skip_spaces()
        if self.peek() == "=":
            self.advance()
        self.skip_spaces()
        self.value(path)

    def value(self, path: Path) -> None:
        ch = self.peek()
        if ch in ('"', "'"):
            self.string()
        elif ch == "[":
            self.advance()
            index = 0
            while True:
                self.skip_blank()
                if self.peek() in ("]", ""):
                    self.advance()
                    return
                self.lines[path + (index,)] = self.line
                self.value(path + (index,))
                index += 1
                self.skip_blank()
                if self.peek() == ",":
                    self.advance()
        elif ch == "{":
            self.advance()
            while True:
                self.skip_spaces()
                if self.peek() in ("}", ""):
                    self.advance()
                    return
                self.key_value(path)
                self.skip_spaces()
                if self.peek() == ",":
                    self.advance()
        else:
            while self.peek() and self.peek() not in ",]}#\n":
                self.advance()


_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


def _unescape(raw: str) -> str:
    """Enough of TOML's basic-string escapes to compare quoted keys."""
    out: list[str] = []
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\" and i + 1 < len(raw):
            nxt = raw[i + 1]
            if nxt in _ESCAPES:
                out.append(_ESCAPES[nxt])
                i += 2
                continue
            if nxt in ("u", "U"):
                width = 4 if nxt == "u" else 8
                out.append(chr(int(raw[i + 2 : i + 2 + width], 16)))
                i += 2 + width
                continue
        out.append(ch)
        i += 1
    return "".join(out)
