"""Talk on a club's screen: ``Talking`` gives a hosted app (a seat's, a spectator's, the lobby's) a way into its
rooms (``club.talk``), and ``TalkScreen`` is the box to read and type in.

The box is a screen of its own over the game, opened with ' (or t in the lobby) and left with Esc, so the game's
keys never go to it and its keys never go to the game. Lines said while it is closed show for a few seconds in a
corner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from wordcards.club.talk import Line, Reply, Rooms, Talk
from wordcards.tui.screens import WatchesSize
from wordcards.tui.widgets import KeyBar, SteadyInput, error

TALK_KEY = Binding("apostrophe", "talk", "Talk", key_display="'", priority=True)
"""No word has an apostrophe, so it opens the box even while a word is typed."""


def line_text(line: Line) -> Text:
    watching = " (watching)" if line.room.endswith(" watching") else ""
    return Text.assemble((f"{line.name}{watching}: ", "bold"), line.text)


class TalkScreen(WatchesSize[None], ModalScreen[None]):
    """A room's lines, the newest last, and a line to say; Enter says it, Esc goes back."""

    DEFAULT_CSS = """
    TalkScreen { align: center middle; }
    TalkScreen > Vertical { width: 90%; height: 80%; border: round $accent; padding: 0 1; background: $surface; }
    TalkScreen #talk-lines { height: 1fr; }
    TalkScreen #talk-problem { height: auto; }
    """
    BINDINGS = [Binding("escape", "close", "Back")]

    def __init__(self, title: str, history: Callable[[], list[Line]], say: Callable[[str], Reply]) -> None:
        super().__init__()
        self.title_text = title
        self.history = history
        """What was said in the rooms this box reads, less whom its person ignores now: read anew whenever a line
        comes or the person says one (an /ignore hides what was said before it, too)."""
        self.say = say

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, "bold"))
            with VerticalScroll(id="talk-lines"):
                yield Static(self.shown(), id="talk-text")
            yield SteadyInput(placeholder="say something · /ignore NAME · /unignore NAME · Esc: back",
                              id="talk-input", compact=True)
            yield Static("", id="talk-problem")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#talk-lines", VerticalScroll).scroll_end(animate=False)
        self.query_one("#talk-input", Input).focus()

    def shown(self) -> Text:
        lines = [line_text(line) for line in self.history()]
        return Text("\n").join(lines) if lines else Text("Nobody has said anything yet.", "dim")

    def show_lines(self) -> None:
        self.query_one("#talk-text", Static).update(self.shown())
        self.query_one("#talk-lines", VerticalScroll).scroll_end(animate=False)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        reply = self.say(event.value)
        if reply.taken:
            event.input.value = ""
        self.show_lines()
        note = Text(reply.note, "bold") if reply.taken else error(reply.note)
        self.query_one("#talk-problem", Static).update(note if reply.note else "")

    def action_close(self) -> None:
        self.dismiss(None)


@dataclass
class Heard(Message):
    line: Line


class Ear:
    """What ``Talk`` tells: posted to its app, which handles it in its own turn."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app

    def heard(self, line: Line) -> None:
        if self.app.is_running:
            self.app.post_message(Heard(line))


class Talking:
    """A hosted app's part in the club's talk: ``start_talking`` once it runs, ``stop_talking`` as it ends."""

    ear: Ear | None = None
    talk: Talk | None = None
    talk_title = "Talk"

    def start_talking(self, talk: Talk, name: str, where: Callable[[], Rooms]) -> None:
        self.talk, self.ear = talk, Ear(self)  # type: ignore[arg-type]
        talk.join(self.ear, name, where)

    def stop_talking(self) -> None:
        if self.talk is not None and self.ear is not None:
            self.talk.leave(self.ear)

    def action_talk(self) -> None:
        app: Any = self
        if self.talk is None or self.ear is None or isinstance(app.screen, TalkScreen):
            return
        talk, ear = self.talk, self.ear
        app.push_screen(TalkScreen(self.talk_title, lambda: talk.history(ear), lambda text: talk.say(ear, text)))

    def on_heard(self, message: Heard) -> None:
        app: Any = self
        if isinstance(app.screen, TalkScreen):
            app.screen.show_lines()
        elif self.talk is not None and self.ear is not None and not self.talk.ignores(self.ear, message.line.name):
            app.notify(notice(message.line), timeout=6, markup=False)


NOTICE_LONGEST = 120
"""Characters of a line that its notice shows (two or three rows at 80 columns): it covers the hand meanwhile."""


def notice(line: Line) -> str:
    """What a notice of a line says: the line, or its start and where to read the rest."""
    text = str(line_text(line))
    return text if len(text) <= NOTICE_LONGEST else text[:NOTICE_LONGEST - 20].rstrip() + "… (' reads the rest)"
