"""A system's options in TRF record 192: the words after ``CUSTOM_SWISS <id>``, or after an ETT26 code.

ETT26 has no place for them; our own record-192 line names the system after
``CUSTOM_SWISS`` (trf.md 2.2), and the options set otherwise than their defaults
follow it, so that an exported event imports with the same rules: a switch as its
bare id when on (``CUSTOM_SWISS lim-2026 maxi``, C.04.4.3 art. 3.2.3), any other
option as ``id=value``. Which options a system has, its catalogue entry says. A
system with an ETT26 code and options of ours (a round robin's withdrawals) has
them after its code (``FIDE_ROUNDROBIN left-games=not-played``); with the
defaults the code stands alone, as other programs read it.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.model.catalogue import SystemInfo, find


class OptionWordError(ValueError):
    """A word after the system's id that names none of its options, or a value the option does not take."""

    def __init__(self, what: str, expected: str) -> None:
        super().__init__(f"{what}: expected {expected}")
        self.what, self.expected = what, expected


def option_words(info: SystemInfo, options: Mapping[str, str]) -> list[str]:
    """The words that say the options of ``info`` that ``options`` sets otherwise than their defaults."""
    words = []
    for option in info.options:
        value = options.get(option.id, option.default)
        if value != option.default:
            words.append(option.id if option.switch and value == "yes" else f"{option.id}={value}")
    return words


def read_option_words(info: SystemInfo, words: list[str]) -> dict[str, str]:
    """The options the words after ``CUSTOM_SWISS <id>`` set; :class:`OptionWordError` names a wrong one."""
    options: dict[str, str] = {}
    for word in words:
        key, _, value = word.partition("=")
        option = info.option(key.lower())
        if option is None:
            offered = ", ".join(o.id for o in info.options) or "none"
            raise OptionWordError(f"option {word!r} of {info.id}", f"an option of the system (its options: {offered})")
        value = value.lower() if value else "yes" if option.switch else ""
        if value not in option.values:
            raise OptionWordError(f"{option.id}={value}", f"one of {', '.join(option.values)} for {option.id}")
        options[option.id] = value
    return options


def code_and_options(text: str) -> tuple[str, list[str]]:
    """The system a record-192 text names (our id after ``CUSTOM_SWISS``, else the code) and the option words."""
    words = text.split()
    if len(words) >= 2 and words[0].upper() == "CUSTOM_SWISS":  # "CUSTOM_SWISS lim-2026 [maxi]": our own
        return words[1], words[2:]
    known = find(words[0]) if len(words) >= 2 else None
    if known is not None and known.options:  # an ETT26 code, then our options
        return words[0], words[1:]
    return text, []

