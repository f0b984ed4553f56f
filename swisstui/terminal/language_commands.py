"""The command palette's choice of the screens' language: one command a language, named in itself.

Apart from :mod:`swisstui.terminal.commands` (the app's actions by their English titles) because these
titles are made when the palette opens, in the language in force, around each language's own name: an
arbiter who cannot read the screens' language still finds "Français" or "Deutsch" by typing it.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from swisstui import language
from swisstui.language import _
from swisstui.terminal.commands import match_score


def language_commands() -> Iterator[tuple[str, str, str]]:
    """(title, help, app action) of each language, the one in force marked as such."""
    for code, name in language.LANGUAGES.items():
        title = (_("Screens in {language} (as now)") if code == language.arbiter_code()
                 else _("Screens in {language}")).format(language=name)
        yield title, _("the screens' words at once, remembered on this computer"), f"language({code!r})"


class LanguageCommands(Provider):
    """Offers :func:`language_commands`; each runs the app's ``language`` action, as the settings' lines do."""

    async def discover(self) -> Hits:
        for title, help_text, action in language_commands():
            yield DiscoveryHit(title, partial(self.app.run_action, action), help=help_text)

    async def search(self, query: str) -> Hits:
        for title, help_text, action in language_commands():
            score = match_score(query, title, help_text)
            if score > 0:
                yield Hit(score, title, partial(self.app.run_action, action), help=help_text)
