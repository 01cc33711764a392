"""The private Textual API wordcards uses (``wordcards.tui.textual_internals``) is still there and still behaves as
relied on. When a Textual release changes it, these fail, naming the piece, before a player meets it."""

from __future__ import annotations

import time

import pytest
from textual import events
from textual.app import App, ComposeResult

from wordcards.host.driver import ESCAPE_WAIT
from wordcards.tui import textual_internals
from wordcards.tui.textual_internals import OneLineCrash, XTermParser, forget_widget_styles
from wordcards.tui.widgets import KeyBar


def test_the_xterm_parser_turns_bytes_into_keys_and_a_lone_escape_after_its_wait():
    parser = XTermParser(False)
    keys = [m for m in parser.feed("a\x1b[A") if isinstance(m, events.Key)]
    assert [k.key for k in keys] == ["a", "up"]
    assert not [m for m in parser.feed("\x1b") if isinstance(m, events.Key)]  # maybe a sequence's start
    time.sleep(ESCAPE_WAIT)  # the driver ticks the parser once its escape wait is over
    assert [m.key for m in parser.tick() if isinstance(m, events.Key)] == ["escape"]


def test_esc_and_a_key_in_one_read_reach_the_app_as_esc_then_the_key():
    """Textual's parser reads Esc and a letter in one read as Alt and the letter (or a ``^`` and the letter, with an
    Esc after them), and an Esc in a paste as the paste's end; the host's driver gives the app what was typed."""
    from wordcards.host.driver import ChannelDriver

    class Channel:
        driver = None

        def write(self, data: str) -> None: ...

        def size(self) -> tuple[int, int]:
            return 80, 24

    class Keyed(App):
        channel = Channel()
        translate = None

    got: list = []

    async def typed() -> None:
        driver = ChannelDriver(Keyed())  # Textual's driver is made on the app's loop
        driver.process_message = got.append  # type: ignore[method-assign]
        driver.running = True
        driver.feed("\x1bd\x1bQ1")
        driver.feed("\x1b")  # an Esc that ends a read...
        await asyncio.sleep(ESCAPE_WAIT / 4)
        driver.feed("x")  # ...and the key that begins the next
        await asyncio.sleep(ESCAPE_WAIT * 2)  # the driver's escape wait ticks the parser
        driver.feed("\x1b[200~ab\x1bdc\x1b[201~")  # a paste with an Esc in it stays one paste

    import asyncio

    asyncio.run(typed())
    keys = [(m.key, m.character) for m in got if isinstance(m, events.Key)]
    assert keys == [("escape", "\x1b"), ("d", "d"), ("escape", "\x1b"), ("Q", "Q"), ("1", "1"), ("escape", "\x1b"),
                    ("x", "x")], keys
    assert [m.text for m in got if isinstance(m, events.Paste)] == ["abdc"]


def test_an_unforeseen_error_reaches_the_apps_crashed_hook_and_only_it():
    """Textual calls the private ``_fatal_error`` with the error in ``_exception``; ``OneLineCrash`` relies on both."""
    assert callable(getattr(App, "_fatal_error", None)), "Textual renamed App._fatal_error"
    said: list[BaseException] = []

    class Crashing(OneLineCrash):
        def crashed(self, error: BaseException) -> str:
            said.append(error)
            return "one line"

        def on_mount(self) -> None:
            raise KeyError("an injected bug")

    async def run() -> None:
        app = Crashing()
        with pytest.raises(KeyError):
            async with app.run_test():
                pass
        assert app.return_code == 1

    import asyncio

    asyncio.run(run())
    assert len(said) == 1 and isinstance(said[0], KeyError), "Textual no longer passes the error to _fatal_error"


async def test_a_screen_under_an_opaque_screen_is_not_drawn_and_one_under_a_see_through_screen_is():
    """``OneLineCrash._background_screens`` overrides Textual's private property of that name, which decides which
    screens below the top are drawn (and so are current, and hand their changes up to the top screen)."""
    from textual.screen import ModalScreen, Screen
    from textual.widgets import Static

    assert isinstance(getattr(App, "_background_screens", None), property), "Textual renamed App._background_screens"

    class Covering(Screen):
        def compose(self) -> ComposeResult:
            yield Static("on top")

    class SeeThrough(ModalScreen):
        def compose(self) -> ComposeResult:
            yield Static("a dialog")

    class Table(OneLineCrash):
        def compose(self) -> ComposeResult:
            yield Static("the table", id="below")

    async with Table().run_test() as pilot:
        below = pilot.app.screen
        await pilot.app.push_screen(Covering())
        await pilot.pause()
        assert not below.is_current, "the override no longer decides which screens below the top are drawn"
        below.query_one("#below", Static).update("a move while covered")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        pilot.app.pop_screen()
        await pilot.pause()
        shown = pilot.app.export_screenshot().replace("&#160;", " ")
        assert "a move while covered" in shown, "a change made while covered was not laid out on its return"
        assert below.query_one("#below", Static).size.width == 100, "a resize while covered was not laid out"
        await pilot.app.push_screen(SeeThrough())
        await pilot.pause()
        assert below.is_current, "a screen under a see-through one must still be drawn"
        assert pilot.app._background_screens == [below]


def test_only_this_module_reaches_into_textual():
    """The other modules use Textual's public API only (the before-stop check looks for the same names)."""
    import pathlib
    import re

    package = pathlib.Path(textual_internals.__file__).parents[1]
    private = re.compile(r"textual\._|\._driver\b|\._loop\b|\._exception\b|_bindings_ready|_fatal_error")
    users = [path.relative_to(package).as_posix() for path in package.rglob("*.py") if private.search(path.read_text())]
    assert users == ["tui/textual_internals.py"]


async def test_the_widget_styles_cache_that_outlives_its_app_can_be_emptied():
    """Textual issue 6665: ``StylesCache.get_inner_outer`` is an ``lru_cache`` keyed by each widget's ``StylesCache``,
    so it keeps them (and their rendered lines) after their app has gone; the host empties it as a session ends."""
    from textual._styles_cache import StylesCache

    cached = StylesCache.get_inner_outer
    assert callable(getattr(cached, "cache_clear", None)), "Textual changed StylesCache.get_inner_outer"

    class Shown(App):
        def compose(self) -> ComposeResult:
            yield KeyBar()

    async with Shown().run_test() as pilot:
        await pilot.pause()
    assert cached.cache_info().currsize > 0, "Textual no longer caches StylesCache objects here: drop the workaround"
    forget_widget_styles()
    assert cached.cache_info().currsize == 0
