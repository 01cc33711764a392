"""The FEZ table's input: typing words and lay-offs, the discard and swap picks, the Nasty timer running out.

The shared flow (pass screen, computer seats, challenges, summaries) is
``wordcards.tui.table.GameTable``; how the table reads is ``fez.ui``.
"""

from __future__ import annotations

import re
from collections import Counter

from textual.binding import Binding
from rich.text import Text
from textual.widgets import Static

from wordcards.core.match import Match
from wordcards.games.fez import render
from wordcards.games.fez.moves import Discard, Done, Draw, Swap, Take
from wordcards.games.fez.solver import Choice, layoff_choices, word_choices
from wordcards.games.fez.played import TableWord
from wordcards.games.fez.state import FezView
from wordcards.tui.adapter import TableUI, stock_gone
from wordcards.tui.cards import lacking
from wordcards.tui.widgets import HandView, card_bindings, card_key, card_keys, error
from wordcards.tui.word_table import WordTable
from wordcards.tui.wordrows import WordRows


class TableScreen(WordTable[FezView]):
    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take discard"),
        Binding("f", "forfeit", "Swap cards"),
        Binding("enter", "swap", "Swap"),  # while picking the cards to swap; else the shared Enter, named for what it
        Binding("enter", "proceed", "Continue"),  # does then (a class's own Enter would hide its base's)
        Binding("up", "target(-1)", "Lay-off target", show=False, priority=True),
        Binding("down", "target(1)", "Lay-off target", show=False, priority=True),
        *card_bindings("pick", "Card"),
    ]

    DRAW_KEYS = "d: the stock, t: the discard"
    EMPTY_STOCK_KEYS = "t: the discard, as the stock is empty"

    def __init__(self, match: Match, ui: TableUI[FezView]) -> None:
        super().__init__(match, ui)
        self.target: int | None = None
        self._choices: tuple[object, str, int | None, list[Choice]] | None = None
        """The last ``current_choices``: for the view, words and target it was read for."""
        self.mode = "normal"
        self.swap_pick: list[str] = []
        self.swap_none_asked = False
        """Enter was pressed with no card picked to swap, and told what a second Enter does."""

    # ------------------------------------------------------------ hooks of the shared flow

    def phase_hint(self) -> str | None:
        keys = card_keys(len(self.view().hand))
        if self.mode == "discard":
            return f"{keys}: the card to discard · Esc: back to words"
        if self.mode == "swap":
            return f"{keys}: pick cards to swap · Enter swaps · Esc: back"
        if self.target is not None and self.view().phase == "play":
            return "lay off: type the longer word · ↑↓ another · Esc: new word"
        return super().phase_hint()

    def reset_modes(self) -> None:
        if (self.mode, self.view().phase) not in (("swap", "draw"), ("discard", "play")):
            self.mode = "normal"

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        phase = self.view().phase
        mine = self.human_to_move()
        if action in ("draw", "take", "forfeit"):
            if action == "take" and not self.view().discard_count:
                return False
            if action == "draw" and stock_gone(self.view()):
                return False  # only the last discard can be taken
            return mine and phase == "draw" and self.mode == "normal"
        if action == "swap":
            return self.mode == "swap"
        if action == "proceed":
            return self.mode != "swap" and super().check_action(action, parameters)
        if action == "target" and self.view().options.no_layoffs:
            return False  # words stay as played: nothing to aim at
        if action == "cycle":
            return self.mode == "normal" and super().check_action(action, parameters)
        if action == "target":
            return mine and phase == "play" and self.mode == "normal"
        if action == "pick":
            return mine and self.mode in ("discard", "swap")
        return super().check_action(action, parameters)

    def action_draw(self) -> None:
        self.send(Draw())

    def action_take(self) -> None:
        self.send(Take())

    def action_forfeit(self) -> None:
        self.mode = "swap"
        self.swap_pick, self.swap_none_asked = [], False
        self.say(self.forfeit_prompt())
        self.render_all()  # the status line, the entry and the key bar say what the keys do now

    def forfeit_prompt(self) -> str:
        return f"Forfeit: pick cards to swap with {card_keys(len(self.view().hand))}, then Enter (Esc: back)"

    def action_pick(self, number: int) -> None:
        hand = self.view().hand
        if not 1 <= number <= len(hand):
            self.say(error(f"there is no card {card_key(number - 1)}"))
            return
        card = hand[number - 1]
        if self.mode == "discard":
            # the pick is left by ``reset_modes`` once the discard is made; a refused one (the card just taken from
            # the pile) leaves it open, for another number
            self.send(Discard(card))
        else:
            self.swap_pick.remove(card) if card in self.swap_pick else self.swap_pick.append(card)
            if self.swap_none_asked:  # its question is answered: a card is picked
                self.swap_none_asked = False
                self.message = self.forfeit_prompt()
            self.render_all()

    def action_swap(self) -> None:
        if not self.swap_pick and not self.swap_none_asked:  # the rules allow none, but it is seldom what was meant
            self.swap_none_asked = True
            self.say(error(f"no card picked: Enter again forfeits the turn and swaps none, or pick cards with "
                           f"{card_keys(len(self.view().hand))} (Esc: back)"))
            return
        self.mode = "normal"
        self.send(Swap(tuple(self.swap_pick)))

    def idle_hint(self) -> str:
        return "" if self.mode != "normal" else super().idle_hint()  # picking cards: the status line says how

    def action_back(self) -> None:
        if self.mode != "normal":
            self.mode = "normal"  # back to typing words; what was typed stays
            self.say("")
            self.render_all()
        elif self.target is not None:
            self.target = None  # out of lay-off mode, to a new word; what was typed stays
            self.entry.tab = 0
            self.say("")
        else:
            super().action_back()

    def action_target(self, step: int) -> None:
        ids = [None] + [w.id for w in self.view().words]
        at = ids.index(self.target) if self.target in ids else 0
        self.target = ids[(at + step) % len(ids)]
        self.entry.tab = 0
        self.render_all()

    # ------------------------------------------------------------ typing words

    def current_choices(self) -> list[Choice]:
        """The ways to play the words typed: a new word, or a lay-off on the target (read once per view, words and
        target, since every redraw asks)."""
        view, text = self.view(), self.entry.value.upper()
        cached = self._choices
        if cached is not None and cached[0] is view and cached[1:3] == (text, self.target):
            return cached[3]
        word = next((w for w in view.words if w.id == self.target), None)
        if word is None:
            self.target = None
        choices: list[Choice] = []
        if self.viewer is not None and len(text) >= 2 and view.phase == "play":
            hand = [view.cards[c] for c in view.hand]
            flush = view.options.nasty_flush
            choices = word_choices(text, hand, view.cards, flush, view.seat) if word is None else \
                layoff_choices(text, word, hand, view.cards, flush, view.seat)
        self._choices = (view, text, self.target, choices)
        return choices

    def play_words(self, text: str) -> None:
        if self.view().phase != "play":
            return
        if not text:
            if not self.view().hand:
                self.send(Done())
            else:
                self.mode = "discard"
                self.say("Discard which card? Press its number (Esc: back to playing)")
            return
        choice = self.entry.pick(self.current_choices())
        if choice is None:
            self.say(error(self.no_choice_reason(text.upper())))
            return
        if self.send(choice.move):
            self.target = None

    def no_choice_reason(self, text: str) -> str:
        if len(text) < 2:
            return "words must have 2 or more letters"
        word = next((w for w in self.view().words if w.id == self.target), None)
        if word is not None and not extends(text, word):
            return f"{text} is not an extension of {word.text}: add letters around or between its own"
        if short := self.short_of(text, word):
            blanks = self.blanks()
            return f"{text}: {short} among your cards" + (
                "" if not blanks else " (your blank stands in for only one)" if blanks == 1 else
                f" (your {blanks} blanks stand in for only {blanks})")
        if word is not None:
            return f"{text}: your cards cannot turn {word.text} into {text} without reordering its letters"
        return f"{text}: your cards cannot spell it (each card gives one letter or both, in either order)"

    def typing_problem(self, typed: str, target: TableWord | None) -> str:
        """Why the word being typed (2 letters or more) cannot be played, for the preview line."""
        if target is not None and not extends(typed, target):
            return f"{typed} is not an extension of {target.text}"
        short = self.short_of(typed, target)
        return f"your cards cannot make {typed}" + (f": {short} among them" if short else "")

    def short_of(self, text: str, target: TableWord | None) -> str:
        """The letters the hand has too few of for ``text`` (a lay-off's own, those ``target`` does not have) that
        its blanks, which stand for any letter, cannot make up."""
        view = self.view()
        need = "".join((Counter(text) - Counter(target.text if target else "")).elements())
        return lacking(need, [view.cards[c].letters for c in view.hand], self.blanks())

    def blanks(self) -> int:
        """The hand's blank cards: each stands for any letter."""
        view = self.view()
        return sum(view.cards[c].kind == "blank" for c in view.hand)

    # ------------------------------------------------------------ the Nasty timer

    def time_up(self) -> None:
        self.mode = "normal"
        self.entry.clear_words()

    # ------------------------------------------------------------ drawing the table

    def render_all(self) -> None:
        view = self.view()
        mine = self.viewer == view.current and view.phase == "play"
        words = self.query_one(WordRows)
        words.rows, words.follow = render.table_rows(view, self.names, self.target if mine else None)
        words.footnote = Text(render.LEGEND, "dim")
        super().render_all()
        hand = self.query_one(HandView)
        choices = self.current_choices()
        choice = self.entry.pick(choices)
        chosen = {p.card for p in choice.move.pieces} if choice else set()
        picked = set(self.swap_pick) if self.mode == "swap" else chosen
        hand.picked = frozenset(i for i, c in enumerate(view.hand) if c in picked)
        hand.prompt = "discard which?" if self.mode == "discard" else ""
        target = next((w for w in view.words if w.id == self.target), None)
        typed = self.entry.value.strip().upper()
        why = self.typing_problem(typed, target) if len(typed) >= 2 else None  # said as it is typed, not on Enter
        width = self.query_one("#preview").size.width
        preview = render.preview(view, target, choices, self.entry.tab % max(1, len(choices)), why, width) \
            if mine and self.mode == "normal" else ""  # while discarding, the status line and the prompt say what to do
        if preview and choice is not None:
            preview = self.unlisted([typed]) or preview
        self.query_one("#preview", Static).update(preview)
        self.offer_entry(self.human_to_move() and mine and self.mode == "normal")


def extends(text: str, word: TableWord) -> bool:
    """Whether ``text`` could be ``word`` with letters laid off on it: its cards' letters, in order, with others
    around and between them."""
    return re.search(".*".join(re.escape(p.letters) for p in word.pieces), text) is not None
