"""Word Chain's table: the chain so far, and a word typed from the hand."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.widgets import Static

from tests.toy_game.rules import Pass, Say, needed_letter
from wordcards.tui.table import GameTable
from wordcards.tui.widgets import WordEntry, error


class TableScreen(GameTable):
    BINDINGS = [Binding("f5", "pass", "Pass", key_display="F5")]

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "pass":
            return self.human_to_move() and self.view().phase == "play"
        return super().check_action(action, parameters)

    def action_pass(self) -> None:
        self.send(Pass())

    def cards_for(self, word: str) -> tuple[str, ...] | None:
        """The hand's cards that spell ``word``, or None."""
        free, cards = list(self.view().hand), []
        for ch in word.upper():
            card = next((c for c in free if self.view().cards[c].letters == ch), None)
            if card is None:
                return None
            free.remove(card)
            cards.append(card)
        return tuple(cards)

    @on(WordEntry.Entered)
    def submitted(self, event: WordEntry.Entered) -> None:
        if not self.human_to_move() or self.view().phase != "play":
            return
        cards = self.cards_for(event.text.strip())
        if not cards:
            self.say(error(f"your cards cannot spell {event.text.strip().upper()!r}"))
        else:
            self.send(Say(cards))

    def render_all(self) -> None:
        view = self.view()
        chain = Text()
        for seat, text, struck in view.chain:
            chain.append(f"{text} ", "strike dim" if struck else "bold")
            chain.append(f"({self.names[seat]})  ", "dim")
        first = needed_letter(view)
        chain.append(f"\nnext word starts with {first}" if first else "\nany word may start the chain", "italic")
        self.query_one("#words", Static).update(chain)
        super().render_all()
        entry = self.entry
        entry.disabled = not (self.human_to_move() and view.phase == "play" and self.hand_on_show())
        if not entry.disabled and not entry.has_focus:
            entry.focus()
