"""The screens every game shares: pass-the-device, challenge, score sheet, help, game over, too small."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Generic, Literal, TypeVar, cast

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.reactive import Reactive
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from wordcards.core.protocol import Challengeable, ScoreLine, sheet_totals
from wordcards.tui.widgets import QuietFooter

if TYPE_CHECKING:
    from wordcards.tui.app import WordcardsApp


R = TypeVar("R")
"""What a screen dismisses with."""


class WatchesSize(Screen[R], Generic[R]):
    """Every screen of ours: the app's own Resize event stops at the app, so screens report it."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Textual repaints the whole screen when focus moves (13 KB over SSH each time the word entry opens); the
    widgets that gain and lose focus repaint themselves."""

    @property
    def host(self) -> WordcardsApp:
        """The app, with its own fields (clock, computer delay, word list state) known to the type checker."""
        return cast("WordcardsApp", self.app)

    def on_resize(self) -> None:
        self.app.call_later(self.host.check_size)


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
        yield QuietFooter()

    def action_ready(self) -> None:
        self.dismiss(True)


class ChallengeScreen(WatchesSize[None], ModalScreen[None]):
    """Pick who challenges and which word; the word list rules, and the game applies the consequence."""

    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self, words: list[Challengeable], challengers: list[tuple[int, str]], rule, lexicon_ready) -> None:
        super().__init__()
        self.words = words
        self.challengers = challengers
        self.rule = rule
        """``rule(challenger, word_id) -> str``: applies the challenge and says what happened."""
        self.lexicon_ready = lexicon_ready
        self.challenger: int | None = challengers[0][0] if len(challengers) == 1 else None

    def compose(self) -> ComposeResult:
        with Vertical(id="challenge-box"):
            yield Static(Text("Challenge", "bold"), id="challenge-title")
            yield Static(self._prompt(), id="challenge-prompt")
            yield OptionList(*self._options(), id="challenge-list")
            yield Static("", id="challenge-verdict")
        yield QuietFooter()

    def _prompt(self) -> Text:
        if self.challenger is None:
            return Text("Who challenges?")
        name = dict(self.challengers)[self.challenger]
        return Text(f"{name} challenges which word? (the loaded word list decides)")

    def _options(self) -> list[Option]:
        if self.challenger is None:
            return [Option(Text(name), id=f"seat-{seat}") for seat, name in self.challengers]
        return [Option(Text(f"{w.text}  (by {w.owner})"), id=f"word-{w.word_id}") for w in self.words]

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        kind, _, number = (event.option.id or "").partition("-")
        if kind == "seat":
            self.challenger = int(number)
            self.query_one("#challenge-prompt", Static).update(self._prompt())
            options = self.query_one(OptionList)
            options.clear_options()
            options.add_options(self._options())
            return
        if kind == "word" and self.challenger is not None:
            if not self.lexicon_ready():
                self.query_one("#challenge-verdict", Static).update("The word list is still loading; try again in a moment.")
                return
            verdict = self.rule(self.challenger, int(number))
            self.query_one(OptionList).remove()  # ruled: nothing left to pick, whatever gets focus next
            self.query_one("#challenge-prompt", Static).update("")
            self.query_one("#challenge-verdict", Static).update(Text(verdict + "\n\nPress Escape to go back.", "bold"))

    def action_close(self) -> None:
        self.dismiss(None)


def sheet_table(lines: list[ScoreLine], names: list[str], title: str = "Score sheet") -> Table:
    """Every score line by player, with how it was made and the running total."""
    table = Table(title=title, expand=True, show_edge=False, pad_edge=False)
    table.add_column("Player", no_wrap=True, max_width=14)
    table.add_column("Rd", justify="right", width=2)
    table.add_column("Score", ratio=1)
    table.add_column("Points", justify="right")
    table.add_column("Total", justify="right")
    for seat, name in enumerate(names):
        total = 0
        rows = [line for line in lines if line.seat == seat]
        for i, line in enumerate(rows):
            total += line.points
            table.add_row(Text(name if i == 0 else ""), str(line.round), Text(str(line)), f"{line.points:+d}",
                          str(total), end_section=i == len(rows) - 1)
        if not rows:
            table.add_row(Text(name), "", Text("no score yet", "dim"), "", "0", end_section=True)
    return table


def standings(lines: list[ScoreLine], names: list[str], totals: list[int]) -> Table:
    """This round's points and the running game total for each player, highest total first."""
    table = Table(expand=False, show_edge=False, pad_edge=False, box=None)
    table.add_column("Player", no_wrap=True)
    table.add_column("This round", justify="right")
    table.add_column("Game total", justify="right", style="bold")
    round_points = sheet_totals(lines, len(names))
    for seat in sorted(range(len(names)), key=lambda s: -totals[s]):
        table.add_row(Text(names[seat]), f"{round_points[seat]:+d}", str(totals[seat]))
    return table


class SheetScreen(WatchesSize[None], ModalScreen[None]):
    """The score sheet: each entry's breakdown, such as ``FEZ ★ (15 ×2 flush ×4 flush-star) = 120``."""

    BINDINGS = [Binding("escape,enter,equals_sign,f2", "close", "Back")]

    def __init__(self, lines: list[ScoreLine], names: list[str], title: str = "Score sheet") -> None:
        super().__init__()
        self.table = sheet_table(lines, names, title)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="sheet-box"):
            yield Static(self.table)
        yield QuietFooter()

    def action_close(self) -> None:
        self.dismiss(None)


def literal(text: str) -> str:
    """``text`` escaped for a Markdown page, so that a player's name shows as typed."""
    return "".join("\\" + ch if ch in "\\`*_{}[]<>()#+-.!|~" else ch for ch in text)


class PageScreen(WatchesSize[None], ModalScreen[None]):
    """A page of Markdown over the table (the rules, the cards in play)."""

    BINDINGS = [Binding("escape,question_mark,f1,f7", "close", "Back")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # imported on first use: it is slow to import

        with VerticalScroll(id="help-box"):
            yield Markdown(self.text)
        yield QuietFooter()

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(PageScreen):
    """The rules as the program applies them, and the keys."""

    def __init__(self, keys: str, rules: str) -> None:
        super().__init__("# Keys\n\n" + keys + "\n\n" + rules)


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
        from textual.widgets import SelectionList

        with Vertical(id="pick-box"):
            yield Static(Text(self.title_text, "bold"), id="pick-title")
            yield SelectionList(*[(f"[ ] {label}", key) for key, label in self.items], id="pick-list")
            yield Static(self.note(0), id="pick-note")
        yield QuietFooter()

    def note(self, marked: int) -> str:
        return (f"{marked} of {len(self.items)} marked · Space marks · Enter confirms"
                + (" · Esc cancels" if self.can_cancel else ""))

    def on_selection_list_selected_changed(self) -> None:
        """Marks read as [x] and [ ] in text, not by colour alone, with a count."""
        from textual.widgets import SelectionList

        picks = self.query_one(SelectionList)
        for index, (key, label) in enumerate(self.items):
            picks.replace_option_prompt_at_index(index, f"[{'x' if key in picks.selected else ' '}] {label}")
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

    BINDINGS = [Binding("y,enter", "answer(True)", "Yes", key_display="y", priority=True),
                Binding("n,escape", "answer(False)", "No", key_display="n", priority=True)]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(Text(self.question, "bold"), id="confirm-question")
            yield Static("y or Enter: yes · n or Esc: no, back to the table", id="confirm-note")
        yield QuietFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class HintScreen(WatchesSize[str], ModalScreen[str]):
    """A suggested move for the person to move, from a computer player of the level they pick (←/→).

    It dismisses with the level last shown, which the table remembers for the next hint."""

    BINDINGS = [Binding("left", "level(-1)", "Weaker", key_display="←", priority=True),
                Binding("right", "level(1)", "Stronger", key_display="→", priority=True),
                Binding("escape,enter,f8", "close", "Close", key_display="Esc", priority=True)]

    def __init__(self, levels: list[str], level: str, advise: Callable[[str], tuple[str, str]]) -> None:
        super().__init__()
        self.levels = levels
        self.level = level
        self.advise = advise
        """``advise(level)``: the move's notation and what it would do."""

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-box"):
            yield Static(id="hint-text")
            yield Static("←/→: a weaker or stronger player · Esc or Enter: back to the table", id="hint-note")
        yield QuietFooter()

    def on_mount(self) -> None:
        self.ask()

    def ask(self) -> None:
        """Ask in a thread: a first hint at a level builds its word index, and a crossword search takes a while."""
        self.show(self.level, "…", "thinking")
        self.run_worker(lambda level=self.level: self.answer(level), thread=True)

    def answer(self, level: str) -> None:
        try:
            move, explanation = self.advise(level)
        except Exception:  # a hint is a courtesy: a failure in it must not stop the game
            move, explanation = "(none)", "No hint could be worked out here."
        self.app.call_from_thread(self.show, level, move, explanation)

    def show(self, level: str, move: str, explanation: str) -> None:
        if level == self.level:  # not an answer to a level the person has since left
            text = Text.assemble((f"Hint from a {level} player", "bold"), "\n", (move, "bold"), "\n", explanation)
            self.query_one("#hint-text", Static).update(text)

    def action_level(self, step: int) -> None:
        at = self.levels.index(self.level) + step
        if 0 <= at < len(self.levels):
            self.level = self.levels[at]
            self.ask()

    def action_close(self) -> None:
        self.dismiss(self.level)


Closed = Literal["next", "again", "leave"]
"""How a summary screen closed: deal the next round, a new game with the same seats, or leave."""


class SummaryScreen(WatchesSize[Closed]):
    """End of a round: how it ended and every score broken down. Enter deals the next round."""

    BINDINGS = [Binding("enter", "close", "Deal next round")]

    def __init__(self, headline: str, lines: list[ScoreLine], names: list[str], title: str,
                 totals: list[int] | None = None, extra=None) -> None:
        super().__init__()
        self.headline = headline
        self.extra = extra
        """A renderable shown before the score lines (Word Whiz's word table), or None."""
        self.table = sheet_table(lines, names, title)
        self.standings = standings(lines, names, totals) if totals else None

    def compose(self) -> ComposeResult:
        yield Static(Text(self.headline, "bold"), id="summary-headline")
        with VerticalScroll(id="summary-box"):
            if self.standings is not None:
                yield Static(self.standings, id="standings")
            yield from self.after_standings()
            if self.extra is not None:
                yield Static(self.extra, id="summary-extra")
            yield Static(self.table)
        yield QuietFooter()

    def after_standings(self) -> ComposeResult:
        """Hook: what follows the standings."""
        return ()

    def action_close(self) -> None:
        self.dismiss("next")


class GameOverScreen(SummaryScreen):
    """The end of the game: the winner, each person's biggest missed chances, and every score of every round.
    ``n`` plays again, same seats."""

    BINDINGS = [Binding("n", "again", "New game, same seats"), Binding("enter,q", "close", "Leave")]

    def __init__(self, *args, look_back: Callable[[], Text] | None = None, again: bool = True, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.look_back = look_back
        """What the people missed, worked out in a thread (it replays the game), or None with nobody to tell."""
        self.again = again
        """``n`` may start a new game (not in a hosted game: the host starts games)."""

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return self.again if action == "again" else True

    def after_standings(self) -> ComposeResult:
        if self.look_back is not None:
            yield Static(Text("Looking back for missed chances…", "dim"), id="missed")

    def on_mount(self) -> None:
        if self.look_back is not None:
            self.run_worker(self._look_back, thread=True, exit_on_error=False)

    def _look_back(self) -> None:
        assert self.look_back is not None
        try:
            text = self.look_back()
        except Exception:  # a look back is a courtesy: the game is over and saved, so it must not stop the app
            text = Text("Missed chances could not be worked out.", "dim")
        self.app.call_from_thread(self.query_one("#missed", Static).update, text)

    def action_again(self) -> None:
        self.dismiss("again")

    def action_close(self) -> None:
        self.dismiss("leave")


class LogScreen(WatchesSize[None], ModalScreen[None]):
    """Everything that has happened this game, newest last."""

    BINDINGS = [Binding("escape,f3", "close", "Back")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="log-box"):
            yield Static(Text("\n".join(self.lines) or "Nothing has happened yet."))
        yield QuietFooter()

    def on_mount(self) -> None:
        self.query_one("#log-box").scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


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
        self.app.call_later(self.host.check_size)

    def on_resize(self) -> None:
        super().on_resize()
        width, height = self.app.size
        self.query_one("#too-small", Static).update(
            f"The terminal is {width}×{height}; wordcards needs {self.need[0]}×{self.need[1]}.\n"
            "Make the window larger to go on. Nothing is lost."
        )
