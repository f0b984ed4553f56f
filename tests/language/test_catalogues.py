"""The catalogues: every marked sentence translated in every language, fields kept, the .mo compiled from
the .po; the lookups, dates and numbers as each language writes them."""

from __future__ import annotations

import datetime as dt
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from swisstui import language
from swisstui.language.formats import date_text, dates_text, number_text, score_text
from swisstui.terminal import language_choice, preferences

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "scripts" / "catalogues.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_every_catalogue_holds_every_sentence_translated_and_compiled():
    """Fails on a sentence marked in the code and missing from a catalogue, or left empty or fuzzy, on a
    translation that drops or renames a ``{field}``, and on a .mo older than its .po."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "catalogues.py"), "check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_check_names_what_is_missing(tmp_path, monkeypatch):
    catalogues = _script()
    monkeypatch.setattr(catalogues, "LOCALE", tmp_path)  # no catalogue at all: everything missing
    found = catalogues.problems()
    assert any(line.startswith("fr: missing 'January'") and "month" in line for line in found)
    assert any("de:" in line and "is not the compiled" in line for line in found)


def test_fields_must_survive_translation():
    catalogues = _script()
    assert catalogues.fields("Round {number} of {rounds}") == {"number", "rounds"}
    assert catalogues.fields("Ronde {number} sur {rounds}") == catalogues.fields("Round {number} of {rounds}")
    assert catalogues.fields("Ronde {numero}") != catalogues.fields("Round {number}")


@pytest.mark.parametrize("code, day, days, score", [
    ("en", "29 November 2026", "28 November 2026 – 29 November 2026", "12.25"),
    ("fr", "29 novembre 2026", "28 novembre 2026 – 29 novembre 2026", "12,25"),
    ("de", "29. November 2026", "28. November 2026 – 29. November 2026", "12,25"),
    ("es", "29 de noviembre de 2026", "28 de noviembre de 2026 – 29 de noviembre de 2026", "12,25"),
])
def test_dates_and_numbers_as_each_language_writes_them(code, day, days, score):
    with language.using(code):
        assert date_text(dt.date(2026, 11, 29)) == day
        assert dates_text(dt.date(2026, 11, 28), dt.date(2026, 11, 29)) == days
        assert score_text("12.25") == score and number_text(7.5, 1) == score.replace("12", "7").replace("25", "5")
        assert score_text(2.5) == "2½"  # a half is written the same in every language
    assert date_text(dt.date(2026, 11, 29)) == "29 November 2026"  # the block left the arbiter's language


def test_a_language_is_named_by_its_code_or_a_locale():
    assert [language.known(c) for c in ("fr", "FR", "de_DE.UTF-8", "es-ES", "en_GB")] == ["fr", "fr", "de", "es", "en"]
    with pytest.raises(language.UnknownLanguage, match="no catalogue for the language 'it'.*fr \\(Français\\)"):
        language.known("it")


def test_the_screens_language_is_the_runs_then_the_remembered_then_the_locale(monkeypatch):
    monkeypatch.delenv("SWISSTUI_LANGUAGE")
    for name in language_choice.LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    assert language_choice.arbiter_language() == "en"
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    assert language_choice.arbiter_language() == "de"
    monkeypatch.setenv("LANGUAGE", "it:es")  # the first with a catalogue
    assert language_choice.arbiter_language() == "es"
    assert preferences.save_language("fr")
    assert language_choice.arbiter_language() == "fr"
    monkeypatch.setenv("SWISSTUI_LANGUAGE", "de")
    assert language_choice.arbiter_language() == "de"
    assert language_choice.arbiter_language("es") == "es"
    with pytest.raises(language.UnknownLanguage):
        language_choice.arbiter_language("xx")


def test_the_event_language_and_the_arbiters_are_apart():
    language.set_arbiter_language("de")
    with language.using("fr"):
        assert language.pgettext("month", "March") == "mars"
        with language.using(None):  # no event language: the arbiter's
            assert language.pgettext("month", "March") == "mars"
    assert language.pgettext("month", "March") == "März"
    assert language.current_code() == "de"
