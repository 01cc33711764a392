"""The FEZ-only parts of the table: the words on it, and the preview of the word being typed."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from wordcards.games.fez.rules import FezView
from wordcards.games.fez.scoring import flush_colour, score_word
from wordcards.games.fez.solver import Choice
from wordcards.games.fez.table import TableWord
from wordcards.tui.cards import COLOUR_MARK, COLOUR_STYLE, card_text


def word_text(view: FezView, word: TableWord) -> Text:
    """The word in its cards' colours (a blank's letter in lower case), then its colour marks; f for a flush."""
    text = Text()
    for piece in word.pieces:
        card = view.cards[piece.card]
        if card.kind == "star":
            text.append("★", COLOUR_STYLE[card.colour])
        else:
            text.append(piece.letters.lower() if card.kind == "blank" else piece.letters, COLOUR_STYLE[card.colour])
    colours = {view.cards[p.card].colour for p in word.pieces if view.cards[p.card].kind != "star"}
    text.append("".join(COLOUR_MARK[c] for c in sorted(colours)), "dim")
    if flush_colour(view.cards, word.pieces):
        text.append("f", "dim")
    return text


def table_words(view: FezView, names: list[str], target: int | None) -> Text:
    """Each player's words with their numbers (for lay-offs) and current scores."""
    out = Text()
    for seat, name in enumerate(names):
        out.append(f"{name}:", "bold" if seat == view.current else "")
        words = [w for w in view.words if w.owner == seat]
        if not words:
            out.append(" no words yet", "dim")
        for word in words:
            out.append(" ")
            out.append(f"#{word.id}", "reverse" if word.id == target else "dim")
            out.append(" ")
            out.append_text(word_text(view, word))
            out.append(f" {score_word(view.cards, word, view.options.nasty_flush).points} ", "dim")
        out.append("\n")
    return out


def preview(view: FezView, target: TableWord | None, choices: list[Choice], index: int) -> Text:
    """The cards the typed word would use, and its score: what Enter will play."""
    head = Text()
    head.append(f"Lay off on #{target.id} {target.text}: " if target else "New word: ", "bold")
    if not choices:
        hint = ("type the longer word (the same word adds a star)" if target
                else "type a word" if view.options.no_layoffs else "type a word · ↑↓ lay off on a table word")
        head.append(hint, "dim")
        return head
    choice = choices[index]
    old = {p.card for p in target.pieces} if target else set()
    for piece in choice.move.pieces:
        shown = piece.letters or "★"
        if piece.card in old:
            head.append(shown, "dim")
        else:
            head.append_text(card_text(shown, view.cards[piece.card].colour))
    head.append(f" {choice.detail}")
    if len(choices) > 1:
        head.append(f"  {index + 1}/{len(choices)} Tab", "dim")
    return head


class Tableau(Widget):
    """Every player's words; the word chosen for a lay-off is highlighted."""

    DEFAULT_CSS = "Tableau { height: auto; }"

    view: reactive[FezView | None] = reactive(None)
    names: reactive[tuple[str, ...]] = reactive(())
    target: reactive[int | None] = reactive(None)

    def render(self) -> Text:
        return table_words(self.view, list(self.names), self.target) if self.view else Text()
