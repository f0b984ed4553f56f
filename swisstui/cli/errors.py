"""How the command line fails: the exit codes it documents and the error that carries one.

Both :mod:`swisstui.cli` (the parser and ``main``) and :mod:`swisstui.cli.commands`
(what each command does) use them; keeping them here lets the commands raise a
:class:`CliError` without importing the module that imports them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

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


@contextmanager
def session_refusals() -> Iterator[None]:
    """A session's refusal as the command's failure: not saved (the file), a damaged event file (its line),
    anything else the session refuses (usage)."""
    from swisstui.session.actions import ActionError, EventFileProblem, NotSaved

    try:
        yield
    except NotSaved as err:
        raise CliError(str(err), EXIT_FILE) from None
    except EventFileProblem as err:
        raise CliError(str(err), EXIT_BAD_INPUT) from None
    except ActionError as err:
        raise CliError(str(err), EXIT_USAGE) from None
