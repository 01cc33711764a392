"""The Gift Words table on the shared turn flow: every word in its colour, every discard pile, typed plays.

Type a word and the preview says what it would do with your cards: extend a
word on the table, make a new one (or, for younger players, change a letter
or add a Silent E), and what it scores; Tab picks another reading, Enter
plays it. Digits take from a discard pile while drawing and discard a card
afterwards; Enter alone ends the turn where that is allowed.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.widgets import Input, Static

from wordcards.core.moves import Draw
from wordcards.games.gift_words.goal import team_score
from wordcards.games.gift_words.deck import BLACK, points
from wordcards.games.gift_words.moves import Discard, Done, Order, TakePile, TurnUp
from wordcards.games.gift_words.reading import Reading, centre_reading, readings
from wordcards.games.gift_words.rules import phase_help
from wordcards.games.gift_words.state import GiftView
from wordcards.tui.cards import COLOUR_MARK, COLOUR_STYLE, card_text
from wordcards.tui.table import GameTable, error
from wordcards.tui.widgets import Face, HandView, WordEntry, Pile

KEYS = """\
| d | draw from the deck (also for replacement cards) |
| 1-6 (drawing) | take the top card of that player's discard pile (numbered on the piles line) |
| letters | type a word: the preview says whether it extends a word on the table or makes a new one, and its score |
| Tab | another reading of the typed word (another word to extend, another colour) |
| Enter | play the typed word; with nothing typed, end the turn without discarding (three cards or fewer) |
| 1-9, 0 (after drawing) | discard that card, ending the turn |
| ← / → then Enter | pick any card (the eleventh and later too) and discard it |
| Enter (two-player rules, first round) | turn up another card for the centre words; type both words and Enter to place them |
| f / s | two-player rules, when behind: go first / second this round |
| Esc | clear the typed word |
| Enter (after a play) | no challenge: the turn goes on |
"""

LEGEND = "♦ red  ♣ green  ● blue  ♠ black (any colour); underlined letters are black cards"


def word_text(view: GiftView, word) -> Text:
    """``3 PINK♦``: number, letters in the word's colour (black cards underlined), colour mark."""
    colour = "" if view.options.younger else word.colour  # younger players' words have no colour
    style = COLOUR_STYLE.get(colour, "bold")
    text = Text(f"{word.id} ", "dim")
    for card, letters in zip(word.cards, word.letters):
        black = view.cards[card].colour in (BLACK, "silent")
        text.append(letters, style + (" underline" if black else ""))
    text.append(COLOUR_MARK.get(colour, ""), style)
    return text


def table_text(view: GiftView, names: list[str]) -> Text:
    """Each player's words (and the centre's), with the cards turned up for the centre."""
    out = Text()
    owners = ([None] if view.options.two_player or view.centre else []) + list(range(len(names)))
    for owner in owners:
        label = "Centre" if owner is None else names[owner]
        words = [w for w in view.words if w.owner == owner]
        out.append(f"{label}:", "bold" if owner == view.current else "")
        if owner is None and view.centre:
            out.append(" turned up ")
            for card in view.centre:
                out.append_text(card_text(view.cards[card].letters, view.cards[card].colour))
        elif not words:
            out.append(" —", "dim")
        for word in words:
            out.append(" ")
            out.append_text(word_text(view, word))
        out.append("\n")
    if not view.options.younger:
        out.append(LEGEND, "dim")
    return out


class TableScreen(GameTable[GiftView]):
    DEFAULT_CSS = "PilesView { height: auto; }"  # one pile a player: six players wrap
    KEYS = KEYS
    TABLE_TITLE = "Words on the table"
    ENTRY_HINT, ENTRY_CHARS, ENTRY_LENGTH = "type a word, e.g. pink", r"[A-Za-z ]*", 30  # centre: two words
    HAND_PHASES = ("centre", "order", "draw", "replace", "play")  # no hands yet in the first two
    CURSOR_PHASES = ("play",)
    PHASE_TEXT = {
        "draw": "d deck · digit: take that pile's top",
        "replace": "replacement: d deck · digit: a pile",
        "play": "type a word · digit: discard",
        "challenge": "c challenge · Enter: go on",
        "centre": "Enter: turn up a card · type two words",
        "order": "f go first · s go second",
    }
    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("f", "order(1)", "Go first"),
        Binding("s", "order(0)", "Go second"),
        *[Binding(str(n), f"digit({n or 10})", f"Card {n or 10}", show=False, priority=True) for n in range(10)],
    ]

    # ------------------------------------------------------------ hooks of the shared flow

    def face(self, card_id: str) -> Face:
        card = self.view().cards[card_id]
        return Face(card.letters.capitalize(), card.colour, value=points(card))  # the Qu card reads Qu

    def piles(self, view) -> tuple[Pile, ...]:
        if view.options.younger:
            return Pile("Vowels", view.vowel_count), Pile("Consonants", view.stock_count), \
                Pile("Silent E", view.silent_left)
        deck = Pile("Bonus deck" if view.options.coop else "Deck", view.stock_count)
        return deck, *(Pile(f"{i + 1} {name.split(' (')[0][:8]}", view.pile_counts[i], top and self.face(top))
                       for i, (name, top) in enumerate(zip(self.names, view.pile_tops)))

    def phase_text(self, view) -> str | None:
        if view.options.younger and view.phase == "play":
            return "type a word · Enter: end the turn"
        return super().phase_text(view)

    def round_text(self, view) -> str:
        opts = view.options
        if opts.coop:
            team = team_score(view.sheet)
            stock = "/".join(str(n) for n in view.stockpile_counts)
            return f"Team {team} of {opts.target} · stockpiles {stock}"
        words = f" · {sum(view.words_made)}/{opts.words_per_round(len(self.names))} words" if opts.younger else ""
        return f"Round {view.round}/{opts.total_rounds(len(self.names))}{words}"

    def summary_headline(self, view, over: bool, winners: str, best: int) -> str:
        if view.options.coop:
            team = team_score(view.sheet)
            won = team >= view.options.target
            headline = f"Team score {team}, goal {view.options.target}: " + ("you win!" if won else "not this time.")
            return " ".join(filter(None, [headline, self.referee.ending]))
        went_out = f"{self.names[view.out]} went out. " if view.out is not None else ""
        return went_out + super().summary_headline(view, over, winners, best)

    # ------------------------------------------------------------ the typed word

    def typed(self) -> str:
        return self.entry.value

    def current_readings(self) -> list[Reading]:
        view = self.view()
        return readings(view, self.typed()) if view.phase == "play" else []

    @on(Input.Changed, "#entry")
    def changed(self) -> None:
        self.message = ""
        self.render_all()

    @on(WordEntry.Entered)
    def submitted(self) -> None:
        view = self.view()
        if not self.human_to_move():
            return
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

    def cannot_play(self) -> str:
        view, word = self.view(), self.typed().strip().upper()
        if "word" in view.acted and ("extend" in view.acted or not view.options.younger):
            return f"{word}: you have made your word this turn; discard to end it"
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
                self.say(error(f"there is no player {number % 10}; the piles are numbered 1-{len(self.names)}"))
            else:
                self.send(TakePile(number - 1))
            return
        if view.options.younger:
            self.say(error("younger players do not discard one card: Enter ends the turn and discards the rest"))
            return
        if not 1 <= number <= len(view.hand):
            self.say(error(f"there is no card {number % 10}"))
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
            return Text(f"Type a word, or discard with its number{tail}", "bold")
        chosen = self.entry.pick(options)
        if chosen is None:
            return error(self.cannot_play())
        text = Text(f"Enter: {chosen.what}", "bold green")
        scores = ", ".join(f"{'you' if line.seat == view.seat else self.names[line.seat]} +{line.points}"
                           for line in chosen.lines)
        text.append(f" · {scores or 'no score'}")
        text.append(self.entry.tab_note(options), "dim")
        return text

    def render_all(self) -> None:
        view = self.view()
        self.query_one("#words", Static).update(table_text(view, self.names))
        super().render_all()
        mine = self.viewer == view.current and self.hand_on_show()
        options = self.current_readings() if mine else []
        chosen = self.entry.pick(options)
        used = {*(chosen.cards if chosen else ()), self.cursor_card()}
        hand = self.query_one(HandView)
        hand.picked = frozenset(i for i, c in enumerate(view.hand) if c in used)
        self.query_one("#preview", Static).update(self.preview(view, options) if mine else "")
        entry = self.entry
        typing = self.human_to_move() and mine and view.phase in ("play", "centre")
        entry.disabled = not typing
        if typing and not entry.has_focus:
            entry.focus()
