"""The Gift Words table on the shared turn flow: every word in its colour, every discard pile, typed plays.

Type a word and the preview says what it would do with your cards: extend a
word on the table, make a new one (or, for younger players, change a letter
or add a Silent E), and what it scores; Tab picks another reading, Enter
plays it. Digits take from a discard pile while drawing and discard a card
afterwards; Enter alone ends the turn where that is allowed.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from wordcards.core.moves import Draw
from wordcards.games.gift_words.deck import BLACK
from wordcards.games.gift_words.moves import Discard, Done, Order, TakePile, TurnUp
from wordcards.games.gift_words.reading import Reading, centre_reading, readings
from wordcards.games.gift_words.rules import phase_help
from wordcards.games.gift_words.state import GiftView
from wordcards.tui.cards import COLOUR_MARK, COLOUR_STYLE, card_text
from wordcards.tui.widgets import HandView, card_bindings, card_key, card_keys, error
from wordcards.tui.word_table import WordTable
from wordcards.tui.wordrows import WordRow, WordRows

LEGEND = "♦ red  ♣ green  ● blue  ♠ black (any colour); underlined letters are black cards"


def word_text(view: GiftView, word) -> Text:
    """``3 PINK♦``: number, letters in the word's colour (black cards underlined), colour mark."""
    colour = "" if view.options.younger else word.colour  # younger players' words have no colour
    style = COLOUR_STYLE.get(colour, "bold")
    text = Text.assemble((f"{word.id} ", "dim"))  # the number alone: a Text's own style (dim) is under every letter
    for card, letters in zip(word.cards, word.letters):
        black = view.cards[card].colour in (BLACK, "silent")
        text.append(letters, style + (" underline" if black else ""))
    text.append(COLOUR_MARK.get(colour, ""), style)
    return text


def table_rows(view: GiftView, names: list[str]) -> tuple[WordRow, ...]:
    """Each player's words (and the centre's, with the cards turned up for it), the latest turn's marked."""
    owners = ([None] if view.options.two_player or view.centre else []) + list(range(len(names)))
    _, by, touched = view.latest or (0, None, ())
    rows = []
    for owner in owners:
        entries: list[Text] = []
        if owner is None and view.centre:
            entries.append(Text("turned up ").append_text(
                Text.assemble(*(card_text(view.cards[c].letters, view.cards[c].colour) for c in view.centre))))
        words = [w for w in view.words if w.owner == owner]
        latest = frozenset(len(entries) + i for i, word in enumerate(words) if word.id in touched)
        entries += [word_text(view, word) for word in words]
        rows.append(WordRow("Centre" if owner is None else names[owner], tuple(entries), latest,
                            owner == view.current, owner is not None and owner == by, empty="—"))
    return tuple(rows)


class TableScreen(WordTable[GiftView]):
    DEFAULT_CSS = "PilesView { height: auto; }"  # one pile a player: six players wrap
    DRAW_KEYS = "d"
    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("f", "order(1)", "Go first"),
        Binding("s", "order(0)", "Go second"),
        *card_bindings("digit", "Card"),
    ]

    # ------------------------------------------------------------ the typed word

    def typed(self) -> str:
        return self.entry.value

    def current_readings(self) -> list[Reading]:
        view = self.view()
        return readings(view, self.typed()) if view.phase == "play" else []

    def play_words(self, text: str) -> None:
        view = self.view()
        if view.phase == "centre":
            if not self.typed().strip():
                self.send(TurnUp())
                return
            move = centre_reading(view, self.typed())
            if move is None:
                self.say(error("type two words of three or more turned-up cards, each word one colour"))
            else:
                self.send(move)
            return
        if view.phase != "play":
            return
        card = self.cursor_card()
        if card is not None and not self.typed().strip() and not view.options.younger:
            self.send(Discard(card))
            return
        if not self.typed().strip():
            if view.options.younger or len(view.hand) <= 3:
                self.send(Done())
            else:
                self.say("Type a word to play, or press the number of the card to discard")
            return
        chosen = self.entry.pick(self.current_readings())
        if chosen is None:
            self.say(error(self.cannot_play()))
            return
        self.send(chosen.move)

    def typing_hint(self) -> str:
        return "" if word_done(self.view()) else super().typing_hint()  # not "type a word" beside "discard" once made

    def cannot_play(self) -> str:
        view, word = self.view(), self.typed().strip().upper()
        if done := word_done(view):
            return f"{word}: {done}; discard to end it"
        if "barred" in view.acted:
            return f"{word}: no extension fits; no new word this turn (your challenge failed)"
        return f"{word}: your cards cannot make it (one colour, 3+ cards; F1 for more)"

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        view = self.view()
        mine = self.human_to_move()
        if action == "draw":
            return mine and view.phase in ("draw", "replace")
        if action == "order":
            return mine and view.phase == "order"
        if action == "digit":
            return mine and view.phase in ("draw", "replace", "play")
        return super().check_action(action, parameters)

    def action_draw(self) -> None:
        self.send(Draw())

    def action_order(self, first: int) -> None:
        self.send(Order(bool(first)))

    def action_digit(self, number: int) -> None:
        view = self.view()
        if view.phase in ("draw", "replace"):
            if number > len(self.names):
                self.say(error(f"there is no player {card_key(number - 1)}; the piles are numbered {card_keys(len(self.names))}"))
            else:
                self.send(TakePile(number - 1))
            return
        if view.options.younger:
            self.say(error("younger players do not discard one card: Enter ends the turn and discards the rest"))
            return
        if not 1 <= number <= len(view.hand):
            self.say(error(f"there is no card {card_key(number - 1)}"))
            return
        self.send(Discard(view.hand[number - 1]))

    # ------------------------------------------------------------ drawing

    def preview(self, view: GiftView, options: list[Reading]) -> Text:
        if view.phase == "centre":
            move = centre_reading(view, self.typed()) if self.typed().strip() else None
            if move is not None:
                return Text(f"Enter: place {self.typed().upper()} in the centre", "bold green")
            return Text("Enter: turn up a card · or type two words of turned-up cards, one colour each", "bold")
        if view.phase != "play":
            return Text(phase_help(view) if view.phase in ("order", "replace") else "", "dim")
        card = self.cursor_card()
        if card is not None and not self.typed().strip() and not view.options.younger:
            return Text(f"Enter: discard {view.cards[card].letters} ({view.cards[card].colour})", "bold")
        if not self.typed().strip():
            if view.options.younger:
                return Text("Enter: end the turn (unused cards are discarded)", "bold")
            tail = " · Enter: keep them all" if len(view.hand) <= 3 else ""
            done = word_done(view)
            return Text(f"{done[0].upper()}{done[1:]}: discard with its number{tail}" if done else
                        f"Type a word, or discard with its number{tail}", "bold")
        chosen = self.entry.pick(options)
        if chosen is None:
            return error(self.cannot_play())
        unlisted = self.unlisted([self.typed().strip()])
        if unlisted:
            return unlisted
        text = Text(f"Enter: {chosen.what}", "bold green")
        scores = ", ".join(f"{'you' if line.seat == view.seat else self.names[line.seat]} +{line.points}"
                           for line in chosen.lines)
        text.append(f" · {scores or 'no score'}")
        text.append(self.entry.tab_note(options), "dim")
        return text

    def render_all(self) -> None:
        view = self.view()
        words = self.query_one(WordRows)
        words.rows = table_rows(view, self.names)
        words.footnote = Text("" if view.options.younger else LEGEND, "dim")
        super().render_all()
        mine = self.viewer == view.current and self.hand_on_show()
        options = self.current_readings() if mine else []
        chosen = self.entry.pick(options)
        used = {*(chosen.cards if chosen else ()), self.cursor_card()}
        hand = self.query_one(HandView)
        hand.picked = frozenset(i for i, c in enumerate(view.hand) if c in used)
        self.query_one("#preview", Static).update(self.preview(view, options) if mine else "")
        self.offer_entry(self.human_to_move() and mine and view.phase in ("play", "centre"))


def word_done(view: GiftView) -> str | None:
    """Why the person to move may make no other word this turn (theirs is made, or was struck off), or None."""
    if "struck" in view.acted and not view.options.younger:
        return "your new word was struck off, so no other word this turn"
    if "word" in view.acted and ("extend" in view.acted or not view.options.younger):
        return "you have made your word this turn"
    return None
