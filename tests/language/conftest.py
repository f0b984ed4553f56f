"""The pseudo-language for the language tests: every looked-up sentence marked (tests/language/pseudo.py)."""

from __future__ import annotations

import pytest

from swisstui import language
from tests.language.pseudo import Pseudo


@pytest.fixture
def pseudo():
    """The screens (and any page published in the arbiter's language) in the pseudo-language."""
    language.set_arbiter_language("en", catalogue=Pseudo())
    yield
    language.set_arbiter_language("en")
