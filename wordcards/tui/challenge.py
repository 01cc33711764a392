"""Challenging a word: the dialog, and how the table rules a challenge and goes on afterwards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from wordcards.core.definitions import define, meaning_line
from wordcards.core.errors import RefusedMove
from wordcards.core.common import Challengeable, printable
from wordcards.tui.screens import WatchesSize
from wordcards.tui.widgets import KeyBar, error

if TYPE_CHECKING:
    from wordcards.tui.table import GameTable


def open_challenge(table: GameTable) -> None:
    """``c``: the people at this screen who may challenge pick who does, and which word."""
    here = table.seating.people_here()
    challengers = [(i, table.names[i]) for i in table.referee.next().challengers if i in here]
    if not challengers:
        table.say(error("only another person at the table can challenge"))
        return
    moves_before = len(table.match.history)

    def closed(_: object) -> None:
        table.challenge_screen = None
        ruled = len(table.match.history) > moves_before  # a ruled challenge is a move in the history
        if ruled and table.seating.covers_after_a_dialog:
            table.hide_private()  # the same pass policy as a play nobody challenged: the next to act gets the device
        table.advance()

    screen = ChallengeScreen(table.referee.targets(), challengers, lambda seat, word: rule_challenge(table, seat, word),
                             lambda: table.wordcards.lexicon_ready, table.ui.challenge_stakes, table.referee.scored())
    table.challenge_screen = screen
    table.app.push_screen(screen, closed)


def rule_challenge(table: GameTable, challenger: int, target: int) -> str:
    """The loaded list's verdict on the word, and what followed, for the dialog ("! ..." when nothing happened)."""
    referee = table.referee
    word = next((w.text for w in referee.targets() if w.word_id == target), None)
    if word is None:
        return "! That word can no longer be challenged."
    try:
        valid, events = referee.challenge(challenger, target)
    except RefusedMove as exc:
        return f"! {exc}"
    events += table.seating.challenge_ruled(challenger)
    if referee.next().stage != "window":
        table.message = ""
    verdict = f"{word} is {'' if valid else 'not '}in the word list ({printable(table.match.dictionary)})."
    found = define(word)  # a word the list lacks may still have a meaning
    meaning = str(found) if found else meaning_line(word) if valid else None
    return "\n".join([verdict, *filter(None, [meaning]), *(e.text for e in events if e.text)])


class ChallengeScreen(WatchesSize[None], ModalScreen[None]):
    """Pick who challenges and which word; the word list rules, and the game applies the consequence."""

    BINDINGS = [Binding("escape", "close", "Back", key_display="Esc"),
                Binding("enter", "read", "Back", show=False)]
    KEYS = "↑/↓ choose · Enter picks · Esc: back"

    def __init__(self, words: list[Challengeable], challengers: list[tuple[int, str]], rule, lexicon_ready,
                 stakes: str = "", others_only: bool = False) -> None:
        super().__init__()
        self.words = words
        self.challengers = challengers
        self.rule = rule
        """``rule(challenger, word_id) -> str``: applies the challenge and says what happened."""
        self.lexicon_ready = lexicon_ready
        self.stakes = stakes
        """What a challenge costs either side in this game, said before anyone picks."""
        self.challenger: int | None = challengers[0][0] if len(challengers) == 1 else None
        self.verdict: str | None = None
        """What the word list ruled, once a word was picked."""
        self.others_only = others_only
        """Each challenger sees only others' words (a round's words, open to everyone once it is scored)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="challenge-box"):
            yield Static(Text("Challenge", "bold"), id="challenge-title")
            yield Static(self._prompt(), id="challenge-prompt")
            yield OptionList(*self._options(), id="challenge-list")
            yield Static(Text(self.stakes, "italic"), id="challenge-stakes")
            yield Static(Text(self.KEYS, "dim"), id="challenge-keys")
            yield Static("", id="challenge-verdict")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0  # Enter picks the first at once; no ↓ needed first

    def _prompt(self) -> Text:
        if self.challenger is None:
            return Text("Who challenges?")
        name = dict(self.challengers)[self.challenger]
        return Text(f"{name} challenges which word? (the loaded word list decides)")

    def _options(self) -> list[Option]:
        if self.challenger is None:
            return [Option(Text(name), id=f"seat-{seat}") for seat, name in self.challengers]
        name = dict(self.challengers)[self.challenger]
        words = [w for w in self.words if w.owner != name] if self.others_only else self.words
        return [Option(Text(f"{w.text}  (by {w.owner})"), id=f"word-{w.word_id}") for w in words]

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        kind, _, number = (event.option.id or "").partition("-")
        if kind == "seat":
            self.challenger = int(number)
            self.query_one("#challenge-prompt", Static).update(self._prompt())
            options = self.query_one(OptionList)
            options.clear_options()
            options.add_options(self._options())
            options.highlighted = 0
            return
        if kind == "word" and self.challenger is not None:
            if not self.lexicon_ready():
                self.query_one("#challenge-verdict", Static).update("The word list is still loading; try again in a moment.")
                return
            verdict = self.verdict = self.rule(self.challenger, int(number))
            self.query_one(OptionList).remove()  # ruled: nothing left to pick, whatever gets focus next
            self.query_one("#challenge-prompt", Static).update("")
            self.query_one("#challenge-keys", Static).update("")
            self.query_one("#challenge-verdict", Static).update(Text(verdict + "\n\nEnter or Esc: back to the table.",
                                                                     "bold"))

    def overtaken(self) -> None:
        """The game moved on without this dialog (the challenge window closed, or the round ended): it closes, and
        its verdict, if any, stays on the table as a notice."""
        self.notify(self.verdict.lstrip("! ") if self.verdict else "The time to challenge is up.", markup=False,
                    timeout=12 if self.verdict else 5)
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return self.verdict is not None if action == "read" else True

    def action_read(self) -> None:
        """Enter, once the verdict is on show (before, Enter picks from the list)."""
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
