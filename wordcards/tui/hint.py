"""A hint: what a computer player of the level the person picks would do in their place (F8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from wordcards.core.computer import HINT_LEVEL, LEVELS
from wordcards.core.definitions import meaning_line
from wordcards.tui.screens import WatchesSize
from wordcards.tui.widgets import KeyBar, error

if TYPE_CHECKING:
    from wordcards.tui.table import GameTable


def why_no_hint(table: GameTable) -> str | None:
    """Why F8 gives no hint at this screen now (the key bar then leaves it out, and F8 says this); None: it may."""
    refused = table.seating.hint_refusal()
    if refused:
        return refused
    seat = table.viewer
    if seat is None or not table.human_to_move() or seat != table.mover:
        return "a hint is for the person whose turn it is, on their turn"
    return None


def ask_for_hint(table: GameTable) -> None:
    refused, seat = why_no_hint(table), table.viewer
    if refused or seat is None:
        table.say(error(refused or "no hint now"))
        return
    from wordcards.core.hints import DURING_A_CHALLENGE, NOT_IN_A_RACE, challenge_open, suggest

    if table.referee.racing():
        table.say(error(NOT_IN_A_RACE))
        return
    if challenge_open(table.match):
        table.say(error(DURING_A_CHALLENGE))
        return
    app = table.wordcards
    if not app.lexicon_ready:
        table.say(error("the word list is still loading: ask again in a moment"))
        return

    def advise(level: str) -> tuple[str, str]:
        hint = suggest(table.match, level, seat)
        meanings = "".join(f"\n{meaning_line(word)}" for word in hint.words)
        return hint.headline(table.ui.say_move(hint.view, hint.move)), hint.explanation(table.names[seat]) + meanings

    app.push_screen(HintScreen(list(LEVELS), HINT_LEVEL, advise))


class HintScreen(WatchesSize[None], ModalScreen[None]):
    """A suggested move for the person to move, from a computer player of the level they pick (←/→). Each hint
    starts at the same level, whatever the last one was left at."""

    BINDINGS = [Binding("left", "level(-1)", "Weaker", key_display="←", priority=True),
                Binding("right", "level(1)", "Stronger", key_display="→", priority=True),
                Binding("escape,enter,f8,exclamation_mark", "close", "Close", key_display="Esc", priority=True)]

    def __init__(self, levels: list[str], level: str, advise: Callable[[str], tuple[str, str]]) -> None:
        super().__init__()
        self.levels = levels
        self.level = level
        self.advise = advise
        """``advise(level)``: the move in a player's words, and what it would do."""

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-box"):
            yield Static(id="hint-text")
            yield Static("←/→: a weaker or stronger player · Esc or Enter: back to the table", id="hint-note")
        yield KeyBar()

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
            text = Text.assemble((f"Hint from {'an' if level[0] in 'aeiou' else 'a'} {level} player", "bold"), "\n", (move, "bold"), "\n", explanation)
            for hint in self.query("#hint-text").results(Static):  # none if the hint was closed as it opened
                hint.update(text)

    def action_level(self, step: int) -> None:
        at = self.levels.index(self.level) + step
        if 0 <= at < len(self.levels):
            self.level = self.levels[at]
            self.ask()

    def action_close(self) -> None:
        self.dismiss(None)
