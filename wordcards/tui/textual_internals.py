"""Every use of Textual's private API, in one place, each with the reason no public API does the job.

``tests/test_textual_internals.py`` fails loudly, naming the piece, when a Textual release changes any of them.
"""

from __future__ import annotations

from typing import Any

from textual._xterm_parser import XTermParser  # noqa: F401 - the host's driver parses each SSH channel's keys with
# the parser Textual's own drivers use: Textual has no public parser of terminal input.
from textual._styles_cache import StylesCache
from textual.app import App
from textual.css.query import NoMatches
from textual.screen import Screen

__all__ = ["OneLineCrash", "XTermParser", "forget_widget_styles"]


class OneLineCrash(App):
    """An app whose unforeseen error ends in ``crashed(error)``'s words, not Textual's traceback with local values.

    Textual's only way in is its private ``_fatal_error`` hook, with the error in the private ``_exception``.
    """

    def crashed(self, error: BaseException) -> Any:
        """What to show the player (a Rich renderable) as the app stops on ``error``; an app says more."""
        return f"stopped on an internal error ({type(error).__name__})"

    @property
    def _background_screens(self) -> list[Screen]:
        """The screens that show through the one on top: none when it is opaque.

        Textual counts the screen just below the top as showing through whatever the top's background, so it keeps
        drawing it under an opaque screen (a round's summary over the table) and hands its every change up to be
        drawn again on the top screen: a round's end drew the whole summary twice, on every screen at a hosted table.
        Textual's own rule, applied to the top screen too.
        """
        stack = self._screen_stack  # not the public copy: this is asked on every refresh
        if stack and stack[-1].styles.background.a == 1:
            return []
        return super()._background_screens

    closing = False
    """The app was told to stop (a hosted player's connection closed): widgets are being taken down."""

    def _fatal_error(self) -> None:
        error = self._exception or RuntimeError("no exception was recorded")
        if self.closing and isinstance(error, NoMatches):
            # A widget's callback that ran after its children were removed (Textual's Header sets its title
            # late); nobody is watching, and nothing is wrong with the game.
            self.exit()
            return
        self.bell()
        self.panic(self.crashed(error))


def forget_widget_styles() -> None:
    """Let go of the rendering caches of widgets that are gone, once an app has stopped.

    Textual keeps every widget's ``StylesCache`` (the widget's rendered lines) in a module-wide ``lru_cache`` of
    1,024 entries on ``StylesCache.get_inner_outer`` (Textual issue 6665). A process that runs one app is not hurt;
    the host runs an app for every session, so each session that ended kept a megabyte or two alive.
    """
    StylesCache.get_inner_outer.cache_clear()
