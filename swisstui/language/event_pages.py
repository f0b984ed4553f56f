"""What is written for the players speaks the event's language, whoever's screens ask for it.

An arbiter reading English may run a French open (docs/languages.md): the screens stay in the arbiter's
language while the published pages, the paper for the hall, the index and the venue display speak the
event's ``language`` setting. Each place that writes them is decorated with :func:`in_event_language`, so
that a new caller (a screen, the command line, the display's server) cannot forget to switch, and the
words of the modules below it (the pages' sentences, the engine's) are looked up in that language.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from swisstui.language import using


class SpeaksALanguage(Protocol):
    """An event, as far as its pages need it: the code of the language its players read ("fr")."""

    @property
    def language(self) -> str: ...


E = TypeVar("E", bound=SpeaksALanguage)
P = ParamSpec("P")
R = TypeVar("R")


def in_event_language(write: Callable[Concatenate[E, P], R]) -> Callable[Concatenate[E, P], R]:
    """``write(event, ...)`` run with every lookup in ``event.language`` (:func:`swisstui.language.using`)."""

    @functools.wraps(write)
    def written(event: E, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with using(event.language):
            return write(event, *args, **kwargs)

    return written
