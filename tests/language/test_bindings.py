"""The keys' descriptions (footer, help) go through the catalogue on every screen and widget that has keys."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import swisstui
from swisstui.terminal.binding_words import BindingWords, translated
from tests.language.pseudo import mark


def _classes_with_bindings():
    for info in pkgutil.walk_packages(swisstui.__path__, "swisstui."):
        if info.name.endswith("__main__") or info.name.startswith("swisstui.web.serve"):  # runs; needs textual-serve
            continue
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and "BINDINGS" in cls.__dict__:
                yield cls


def test_every_class_with_keys_words_them_in_the_arbiters_language():
    found = list(_classes_with_bindings())
    assert len(found) > 30
    loose = [f"{c.__module__}.{c.__qualname__}" for c in found if not issubclass(c, BindingWords)]
    assert not loose, "BINDINGS without BindingWords (the footer would stay in English):\n" + "\n".join(loose)


def test_a_screen_made_after_the_language_changes_shows_the_new_words(pseudo):
    from swisstui.screens.help import HelpScreen

    descriptions = {b.description for bs in HelpScreen()._bindings.key_to_bindings.values() for b in bs}
    english = {b.description for b in HelpScreen.BINDINGS if not isinstance(b, tuple) and b.description}
    assert english and {mark(d) for d in english} <= descriptions


def test_translating_keeps_keys_actions_and_what_is_shown(pseudo):
    from textual.binding import Binding, BindingsMap

    worded = translated(BindingsMap([Binding("h", "show('home')", "home", show=False), Binding("q", "quit", "")]))
    (home,), (quit_,) = worded.key_to_bindings["h"], worded.key_to_bindings["q"]
    assert (home.key, home.action, home.show, home.description) == ("h", "show('home')", False, mark("home"))
    assert quit_.description == ""  # nothing to say stays nothing (no catalogue header looked up)
