"""How the command line fails: the exit codes it documents and the error that carries one.

Both :mod:`swisstui.cli` (the parser and ``main``) and :mod:`swisstui.cli.commands`
(what each command does) use them; keeping them here lets the commands raise a
:class:`CliError` without importing the module that imports them.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_NO_PAIRING = 1  # no legal pairing exists, or ``check`` found a round that differs
EXIT_USAGE = 2  # bad usage (argparse exits with 2 too)
EXIT_BAD_INPUT = 3  # a malformed input file; the message names file, line and field
EXIT_INTERNAL = 4  # a bug: an error nobody foresaw (said in one line; SWISSTUI_DEBUG=1 shows the traceback)
EXIT_FILE = 5  # a file could not be read or written


class CliError(Exception):
    """A failure already explained to the user in one line; carries the exit code."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code
