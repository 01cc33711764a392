"""The screens every game shares: pass-the-device, help, picking, confirming, the log, too small. The dialogs with a
flow of their own live beside it: ``challenge``, ``scores`` and ``hint``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Generic, TypeVar, cast

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.reactive import Reactive
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

from wordcards.core.common import Event
from wordcards.core.definitions import meaning_line
from wordcards.core.options import parse_flags, public
from wordcards.tui.widgets import KeyBar

if TYPE_CHECKING:
    from wordcards.core.game import Game
    from wordcards.tui.app import WordcardsApp


R = TypeVar("R")
"""What a screen dismisses with."""


class WatchesSize(Screen[R], Generic[R]):
    """Every screen of ours: the app's own Resize event stops at the app, so screens report it."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Textual repaints the whole screen when focus moves (13 KB over SSH each time the word entry opens); the
    widgets that gain and lose focus repaint themselves."""

    @property
    def wordcards(self) -> WordcardsApp:
        """The app, with its own fields (clock, computer delay, word list state) known to the type checker."""
        return cast("WordcardsApp", self.app)

    def on_resize(self) -> None:
        self.app.call_later(self.wordcards.check_size)


class PassScreen(WatchesSize[bool]):
    """Covers the whole table between two people: nothing private shows until the next one presses Enter."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready", priority=True)]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player = name
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Static(Text(f"Pass the device to {self.player}", "bold"), id="pass-title")
            if self.note:
                yield Static(Text(self.note), id="pass-note")
            yield Static(Text(f"{self.player}: press Enter when the others cannot see the screen."), id="pass-hint")
        yield KeyBar()

    def action_ready(self) -> None:
        self.dismiss(True)


def literal(text: str) -> str:
    """``text`` escaped for a Markdown page, so that a player's name shows as typed."""
    return "".join("\\" + ch if ch in "\\`*_{}[]<>()#+-.!|~" else ch for ch in text)


class Page(Widget):
    """A page of Markdown, drawn once for each width it is shown at: the rules are long, and F1 is pressed often."""

    DEFAULT_CSS = "Page { height: auto; }"

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def render_line(self, y: int) -> Strip:
        lines = self.lines(self.size.width)
        return lines[y] if y < len(lines) else Strip.blank(self.size.width, self.visual_style.rich_style)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def lines(self, width: int) -> tuple[Strip, ...]:
        key = (self.text, width, self.visual_style)
        lines = DRAWN_PAGES.get(key)
        if lines is None:
            if len(DRAWN_PAGES) > 16:
                DRAWN_PAGES.clear()
            visual = visualize(self, markdown(self.text))
            lines = DRAWN_PAGES[key] = tuple(Visual.to_strips(self, visual, width, None, self.visual_style,
                                                              apply_selection=False))
        return lines


DRAWN_PAGES: dict[tuple, tuple[Strip, ...]] = {}
"""Pages drawn, by text, width and style."""


def markdown(text: str) -> RenderableType:
    """``text`` as Rich draws Markdown, but its code blocks (the rules' tables of examples) as they are typed, a line
    too long for the page going on under its own start, not highlighted as code."""
    from rich.markdown import Markdown, TextElement  # imported on first use: it is slow to import

    class Block(TextElement):
        @classmethod
        def create(cls, markdown: Markdown, token) -> Block:
            return cls()

        def __rich_console__(self, console, options):
            for line in str(self.text).rstrip().split("\n"):
                body = line.lstrip()
                indent = len(line) - len(body)
                yield Padding(Text(body), (0, 0, 0, indent))

    class Plain(Markdown):
        elements = {**Markdown.elements, "fence": Block, "code_block": Block}

    return Plain(text)


class PageScreen(WatchesSize[None], ModalScreen[None]):
    """A page of Markdown over the table (the rules, the cards in play)."""

    BINDINGS = [Binding("escape,question_mark,f1,f7,ampersand", "close", "Back")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Page(self.text)
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


TABLE_KEYS = """\
| c | challenge a word (before the player's turn ends) |
| F2 or = | the score sheet |
| F1 or ? | this help |
| F3 or # | everything that has happened this game |
| F8 or ! | a hint: what a computer player would do for you (←/→: a weaker or stronger one) |
| PgUp / PgDn | scroll the table when it holds more than fits |
| Ctrl+Q | quit (the game is saved after every move; `wordcards resume`) |
"""
"""The keys every table has, after the game's own in the help."""
HOSTED_QUIT = """\
| ' | talk at the table |
| Ctrl+Q | leave the table (a player's seat waits for them to come back) |
"""


def table_keys(hosted: bool, no_hints: str | None) -> str:
    """The keys every table has, as at this one: a hosted table's leaving and talk, and why F8 gives no hints
    (``no_hints``), if it gives none."""
    lines = [f"| F8 or ! | {no_hints} |\n" if line.startswith("| F8") and no_hints else
             HOSTED_QUIT if line.startswith("| Ctrl+Q") and hosted else line
             for line in TABLE_KEYS.splitlines(keepends=True)]
    return "".join(lines)


class HelpScreen(PageScreen):
    """The rules as the program applies them, and the keys: the game's own (Markdown table rows), then every
    table's."""

    def __init__(self, keys: str, rules: str, every_table: str = TABLE_KEYS) -> None:
        table = "| key | what it does |\n|---|---|\n" + keys + every_table
        super().__init__("# Keys\n\n" + table + "\n\n" + rules)


class PickScreen(WatchesSize[list[str] | None], ModalScreen[list[str] | None]):
    """Pick some pieces (tiles to swap, cards to discard): Space marks, Enter confirms once ``check`` is happy.

    Dismisses with the picked ids, or None on Esc when ``can_cancel``.
    """

    BINDINGS = [Binding("enter", "confirm", "Confirm", priority=True), Binding("escape", "close", "Cancel")]

    def __init__(self, title: str, items: list[tuple[str, str]], check: Callable[[list[str]], str | None],
                 can_cancel: bool = True) -> None:
        super().__init__()
        self.title_text = title
        self.items = items
        self.check = check
        """``check(ids) -> str | None``: why the picked ids will not do, or None."""
        self.can_cancel = can_cancel

    def compose(self) -> ComposeResult:
        from wordcards.tui.ticklist import TickList

        with Vertical(id="pick-box"):
            yield Static(Text(self.title_text, "bold"), id="pick-title")
            yield TickList(*[(self.marked(label, False), key) for key, label in self.items], id="pick-list")
            yield Static(self.note(0), id="pick-note")
        yield KeyBar()

    @staticmethod
    def marked(label: str, on: bool) -> Text:
        """``[x] label``: as Text, because a string prompt is read as markup, where ``[x]`` is a tag and vanishes."""
        return Text(f"[{'x' if on else ' '}] {label}")

    def note(self, marked: int) -> str:
        return (f"{marked} of {len(self.items)} marked · Space marks · Enter confirms"
                + (" · Esc cancels" if self.can_cancel else ""))

    def on_selection_list_selected_changed(self) -> None:
        """Marks read as [x] and [ ] in text, not by colour alone, with a count."""
        from textual.widgets import SelectionList

        picks = self.query_one(SelectionList)
        for index, (key, label) in enumerate(self.items):
            picks.replace_option_prompt_at_index(index, self.marked(label, key in picks.selected))
        self.query_one("#pick-note", Static).update(self.note(len(picks.selected)))

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return self.can_cancel if action == "close" else True

    def action_confirm(self) -> None:
        from textual.widgets import SelectionList

        picked = list(self.query_one(SelectionList).selected)
        why = self.check(picked)
        if why:
            self.query_one("#pick-note", Static).update(Text(f"! {why}", "bold red"))
            self.app.bell()
            return
        self.dismiss(picked)

    def action_close(self) -> None:
        if self.can_cancel:
            self.dismiss(None)


class ConfirmScreen(WatchesSize[bool], ModalScreen[bool]):
    """Asks before a move that cannot be taken back: y or Enter goes ahead, n or Esc does nothing."""

    BINDINGS = [Binding("y", "answer(True)", "Yes", priority=True),
                Binding("enter", "enter", "Yes", show=False, priority=True),
                Binding("n,escape", "answer(False)", "No", key_display="n", priority=True)]

    def __init__(self, question: str, enter_says_yes: bool = True) -> None:
        super().__init__()
        self.question = question
        self.enter_says_yes = enter_says_yes
        """Enter answers yes; not where Enter, pressed by habit, would do what cannot be undone (leave a table)."""

    def compose(self) -> ComposeResult:
        yes = "y or Enter: yes" if self.enter_says_yes else "y: yes"
        with Vertical(id="confirm-box"):
            yield Static(Text(self.question, "bold"), id="confirm-question")
            yield Static(f"{yes} · n or Esc: no, back to the table", id="confirm-note")
        yield KeyBar()

    def action_enter(self) -> None:
        if self.enter_says_yes:
            self.dismiss(True)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ChooseScreen(WatchesSize[str | None], ModalScreen[str | None]):
    """Choose one of ``items`` (key, label): ↑/↓ and Enter (or a click); Esc: none."""

    BINDINGS = [Binding("escape", "close", "Cancel")]

    def __init__(self, title: str, items: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.items = items

    def compose(self) -> ComposeResult:
        from textual.widgets import OptionList
        from textual.widgets.option_list import Option as Choice

        with Vertical(id="pick-box"):
            yield Static(Text(self.title_text, "bold"), id="pick-title")
            yield OptionList(*[Choice(label, id=key) for key, label in self.items], id="pick-list")
            yield Static("↑/↓ and Enter: choose · Esc: cancel", id="pick-note")
        yield KeyBar()

    def on_option_list_option_selected(self, event) -> None:
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)


class OptionsScreen(WatchesSize[dict | None], ModalScreen[dict | None]):
    """A game's options typed as on the command line (``--long-game --rounds 3``); Enter alone: its usual ones.

    Dismisses with the options set, or None on Esc."""

    BINDINGS = [Binding("escape", "close", "Cancel")]

    def __init__(self, spec: Game) -> None:
        super().__init__()
        self.spec = spec

    def compose(self) -> ComposeResult:
        from textual.widgets import Input

        lines = Text()
        for option in public(self.spec.options):
            takes = ("" if isinstance(option.default, bool)
                     else " " + "|".join(map(str, option.choices)) if option.choices else " N")
            lines.append(f"{option.flag}{takes}", "bold")
            lines.append(f"  {option.help}\n", "dim")
        with Vertical(id="pick-box"):
            yield Static(Text(f"Options for {self.spec.title}, as for `wordcards play {self.spec.name}`", "bold"),
                         id="pick-title")
            yield Static("Enter: done (alone: its usual options) · Esc: cancel", id="pick-note")
            yield Input(placeholder="--option value …", id="options-entry", compact=True)
            with VerticalScroll(id="pick-list"):
                lines.rstrip()
                yield Static(lines or Text(f"{self.spec.title} has no options."))
        yield KeyBar()

    def on_input_submitted(self, event) -> None:
        try:
            chosen = parse_flags(self.spec.options, self.spec.title, event.value.split())
        except ValueError as exc:
            self.query_one("#pick-note", Static).update(Text(f"! {exc}", "bold red"))
            self.app.bell()
            return
        self.dismiss(chosen)

    def action_close(self) -> None:
        self.dismiss(None)


class FollowsGame:
    """A dialog over the table that shows part of the game as it goes: the table calls ``show_news`` after every
    change, so what is shown never waits for the dialog to be closed and opened again."""

    waiting: Callable[[], str] = staticmethod(lambda: "")
    """What the table waits for (its status line's first part): read with the dialog open, it may be you."""

    def show_news(self) -> None:
        """The game changed: show it as it is now."""

    def title_box(self, box: Widget, title: str) -> None:
        """``box``'s border names the dialog and what the table waits for now."""
        waiting = self.waiting()
        box.border_title = f"{title} · now: {waiting}" if waiting else title


class LogScreen(FollowsGame, WatchesSize[None], ModalScreen[None]):
    """Everything that has happened this game, newest last, with what each word played means."""

    BINDINGS = [Binding("escape,f3,number_sign", "close", "Back")]

    def __init__(self, events: list[Event], waiting: Callable[[], str] = lambda: "") -> None:
        super().__init__()
        self.events = events
        """The game's log, which grows as the game goes on."""
        self.waiting = waiting
        self.shown = 0
        """How many of its events are drawn."""

    def compose(self) -> ComposeResult:
        self.shown = len(self.events)
        with VerticalScroll(id="log-box"):
            yield Static(log_lines(self.events), id="log-lines")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#log-box").scroll_end(animate=False)
        self.show_waiting()

    def show_waiting(self) -> None:
        self.title_box(self.query_one("#log-box"), "Log")

    def show_news(self) -> None:
        """Moves made while it is open join it, followed if the log was read to its end."""
        if not self.is_mounted:  # not built yet: it draws them all when it is
            return
        self.show_waiting()
        if len(self.events) == self.shown:
            return
        self.shown = len(self.events)
        box = self.query_one("#log-box", VerticalScroll)
        at_end = box.scroll_y >= box.max_scroll_y
        self.query_one("#log-lines", Static).update(log_lines(self.events))
        if at_end:
            box.call_after_refresh(box.scroll_end, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def log_lines(events: list[Event]) -> RenderableType:
    """Each event on a line, and under it, dimmed and indented (wrapped lines too), what each word it played means."""
    lines: list[RenderableType] = []
    for event in events:
        if not event.text:
            continue
        lines.append(Text(event.text))
        lines.extend(Padding(Text(meaning_line(word), "dim"), (0, 0, 0, 2)) for word in event.words)
    return Group(*lines) if lines else Text("Nothing has happened yet.")


def too_small_or_not(app: App, need: tuple[int, int]) -> None:
    """Cover ``app`` with ``TooSmallScreen`` while its terminal is smaller than ``need``; uncover it once it fits.
    (The app's ``check_size`` calls this; the screen calls ``check_size`` again as it comes back on top.)"""
    small = app.size.width < need[0] or app.size.height < need[1]
    showing = isinstance(app.screen, TooSmallScreen)
    if small and not showing:
        app.push_screen(TooSmallScreen(need))
    elif not small and showing:
        app.pop_screen()


class TooSmallScreen(WatchesSize[None]):
    """Shown instead of the game while the terminal is smaller than the game needs."""

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small")

    def on_screen_resume(self) -> None:
        # A dialog the game opened meanwhile (a pass screen, a round's scores) may have been closed after the
        # terminal grew: this screen is on top again, and must not stay when the game fits.
        self.app.call_later(self.wordcards.check_size)

    def on_resize(self) -> None:
        super().on_resize()
        width, height = self.app.size
        self.query_one("#too-small", Static).update(
            f"The terminal is {width}×{height};\nwordcards needs {self.need[0]}×{self.need[1]}.\n"
            "Make the window larger to go on,\nor turn a phone sideways.\nNothing is lost."
        )  # short lines, each centred whole: a long one wrapped at the narrow width into ragged halves
