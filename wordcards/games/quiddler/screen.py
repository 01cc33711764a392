"""The Quiddler table: words typed and turned into cards as you type, then a discard, on the shared turn flow.

Typing ``quit ax`` shows which cards spell the words (Tab tries another way,
such as Q+U for QU), what is left over and what the hand would score. A digit
(or ←/→ and Enter) discards that card, laying the words down with it: going
out, or on a last turn. Enter alone discards the one card left over.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from wordcards.core.moves import Draw, Take
from wordcards.games.quiddler.deck import points
from wordcards.games.quiddler.moves import Discard
from wordcards.games.quiddler.rules import one_card_word, spell
from wordcards.games.quiddler.scoring import word_points
from wordcards.games.quiddler.solver import Assignment, assign
from wordcards.games.quiddler.state import QuiddlerView
from wordcards.tui.adapter import stock_gone
from wordcards.tui.cards import and_list, card_text, lacking
from wordcards.tui.widgets import HandView, card_bindings, card_key, card_keys, error
from wordcards.tui.word_table import WordTable
from wordcards.tui.wordrows import WordRow, WordRows


def latest_words(view: QuiddlerView) -> tuple[int | None, int]:
    """Who laid words down last, and how many words at the end of the table are theirs."""
    if not view.words:
        return None, 0
    by = view.words[-1].owner
    count = 0
    for word in reversed(view.words):
        if word.owner != by:
            break
        count += 1
    return by, count


def table_rows(view: QuiddlerView, names: list[str]) -> tuple[WordRow, ...]:
    """Each player's words this round, card by card, with their points; who deals and who went out; the latest
    words laid down marked."""
    by, count = latest_words(view)
    latest_ids = {id(w) for w in view.words[len(view.words) - count:]}
    rows = []
    for seat, name in enumerate(names):
        entries: list[Text] = []
        words = [w for w in view.words if w.owner == seat]
        for word in words:
            entry = Text()
            for card in word.cards:
                entry.append_text(card_text(view.cards[card].letters, view.cards[card].colour,
                                            value=points(view.cards[card])))
            if word.struck:
                entry.append(f" {word.text} ✗ not a word", "bold red")
            else:
                entry.append(f" {word_points(view.cards, word.cards)}", "dim")
            entries.append(entry)
        note = (" (deals)" if seat == view.dealer else "") + (" — went out" if seat == view.out else "")
        empty = "no words yet" if view.phase not in ("round-over", "game-over") else "no words"
        latest = frozenset(i for i, word in enumerate(words) if id(word) in latest_ids)
        rows.append(WordRow(name, tuple(entries), latest, seat == view.current, seat == by, note, empty))
    return tuple(rows)


class TableScreen(WordTable[QuiddlerView]):
    DRAW_KEYS = "d: the stock, t: the discard"
    EMPTY_STOCK_KEYS = "t: the discard, as the draw pile is empty"
    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take discard"),
        *card_bindings("pick", "Discard"),
    ]

    # ------------------------------------------------------------ the words being typed

    def typed_words(self) -> list[str]:
        return self.entry.value.split()

    def assignments(self, without: str | None = None) -> list[Assignment]:
        view = self.view()
        texts = self.typed_words()
        if not texts:
            return []
        found = assign(texts, [view.cards[c] for c in view.hand if c != without])
        # IN typed with the IN card and I and N in hand: the two cards, which may be laid down, not the one
        return [a for a in found if not one_card_word(view, a.words)] or found

    def current_assignment(self, without: str | None = None) -> Assignment | None:
        options = self.assignments(without)
        return self.entry.pick(options)

    def play_words(self, text: str) -> None:
        if self.view().phase != "play":
            return
        card = self.cursor_card()
        if card is not None:
            self.discard(card)
            return
        if not self.typed_words():
            self.say("Press the number of the card to discard (or pick it with ←/→ and press Enter)")
            return
        chosen = self.current_assignment()
        if chosen is None:
            self.say(error(self.cannot_spell()))
        elif len(chosen.left) == 1:
            self.discard(chosen.left[0])
        elif not chosen.left:  # every card in words: one must still go to the discard pile
            self.say(error("every card is in your words, and a turn ends with a discard: leave one card out, or "
                           "press the number of the card to discard"))
        else:
            left = " ".join(self.view().cards[c].letters for c in chosen.left)
            self.say(error(f"{left} left over: press the number of the card to discard"
                           + ("" if self.view().last_turns is not None else
                              " (to go out, every card but that one must be in words)")))

    def cannot_spell(self, without: str | None = None) -> str:
        words = " ".join(self.typed_words()).upper()
        tail = f" without the {self.view().cards[without].letters} you discard" if without else ""
        view = self.view()
        cards = [view.cards[c].letters for c in view.hand if c != without]
        typed = words.replace(" ", "")
        # else the two-letter cards whose letters the words want, but never side by side in that order
        pairs = [letters for letters in cards if len(letters) > 1 and set(letters) & set(typed) and letters not in typed]
        if short := lacking(typed, cards):
            why = f" ({'your other cards have' if without else 'you have'} {short})"
        elif pairs:
            why = f" ({and_list(pairs)} {'gives' if len(pairs) == 1 else 'give'} both letters, in that order)"
        else:
            why = ""
        return f"{words}: your cards cannot spell {'them' if len(self.typed_words()) > 1 else 'it'}{tail}{why}"

    def discard(self, card: str) -> None:
        words: tuple = ()
        if self.typed_words():
            chosen = self.current_assignment(without=card)
            if chosen is None:
                self.say(error(self.cannot_spell(card)))
                return
            words = chosen.words
        self.send(Discard(card, words))

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        view = self.view()
        mine = self.human_to_move()
        if action == "draw":
            return mine and view.phase == "draw" and not stock_gone(view)
        if action == "take":
            return mine and view.phase == "draw" and view.discard_count > 0
        if action == "pick":
            return mine and view.phase == "play"
        return super().check_action(action, parameters)

    def action_draw(self) -> None:
        self.send(Draw())

    def action_take(self) -> None:
        self.send(Take())

    def action_pick(self, number: int) -> None:
        hand = self.view().hand
        if not 1 <= number <= len(hand):
            self.say(error(f"there is no card {card_key(number - 1)}"))
            return
        self.discard(hand[number - 1])

    # ------------------------------------------------------------ drawing

    def preview(self, options: list[Assignment], discard: str | None) -> Text:
        """The typed words as cards, what is left over, and what laying them down would score."""
        view = self.view()
        if not self.typed_words():
            return Text(f"Enter discards {view.cards[discard].letters}" if discard else "", "bold")
        chosen = self.entry.pick(options)
        if chosen is None:
            return error(self.cannot_spell(discard))
        unlisted = self.unlisted(self.typed_words())
        if unlisted:
            return unlisted
        if problem := one_card_word(view, chosen.words):
            return error(problem)
        width = self.query_one("#preview").size.width or 78
        text = self.words_text(chosen.words, cards=True)
        if text.cell_len > width // 2:  # a long hand's words: their cards would push the outcome off the line
            text = self.words_text(chosen.words, cards=False)
        text.append(f"left: {' '.join(view.cards[c].letters for c in chosen.left) or 'nothing'}", "bold")
        text.append(self.entry.tab_note(options), "dim")
        if discard is None and len(chosen.left) == 1:
            discard, kept = chosen.left[0], []
        else:
            kept = list(chosen.left)  # the discard is not among them: it was set aside before spelling
        if discard is not None:
            if view.last_turns is None and kept:
                text.append(" · cannot go out", "red")
            else:
                score = max(0, chosen.points - sum(points(view.cards[c]) for c in kept))
                verb = "go out" if view.last_turns is None else "lay down"
                text.append(f" · Enter: {verb}, discard {view.cards[discard].letters}, {score}", "green")
        return text

    def words_text(self, words, cards: bool) -> Text:
        """``QUOAD QU·O·A·D 18``, or without the cards ``QUOAD 18``."""
        view = self.view()
        text = Text()
        for word in words:
            text.append(spell(view, word), "bold")
            shown = f" {'·'.join(view.cards[c].letters for c in word)}" if cards else ""
            text.append(f"{shown} {word_points(view.cards, word)}  ", "dim")
        return text

    def render_all(self) -> None:
        view = self.view()
        words = self.query_one(WordRows)
        words.rows = table_rows(view, self.names)
        super().render_all()
        mine = self.viewer == view.current and view.phase == "play" and self.hand_on_show()
        discard = self.cursor_card() if mine else None
        options = self.assignments(discard) if mine else []
        chosen = self.entry.pick(options)
        picked = {c for w in chosen.words for c in w} if chosen else set()
        hand = self.query_one(HandView)
        hand.picked = frozenset(i for i, c in enumerate(view.hand) if c in picked or c == discard)
        hand.prompt = f"discard with {card_keys(len(view.hand))}" if mine and not self.typed_words() else ""
        self.query_one("#preview", Static).update(self.preview(options, discard) if mine else "")
        self.offer_entry(self.human_to_move() and mine)
