"""How Word Chain's table reads: one pile, the hand on show only while playing."""

from __future__ import annotations

from tests.toy_game.screen import TableScreen
from wordcards.tui.adapter import TableUI
from wordcards.tui.widgets import Pile


class WordChainUI(TableUI):
    screen = TableScreen
    keys = "| letters, Enter | say the word typed |\n| F5 | pass |\n"
    table_title = "The chain"
    hand_phases = ("play",)
    phase_hints = {"play": "type a word · Enter says it · F5 pass", "challenge": "c challenge · Enter: end the turn"}

    def piles(self, view, own: bool) -> tuple[Pile, ...]:
        return (Pile("Stock", view.stock_count),)


UI = WordChainUI()
