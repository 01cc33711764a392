"""The FEZ-only parts of the table: the words on it, and the preview of the word being typed."""

from __future__ import annotations

from typing import Collection

from rich.text import Text

from wordcards.games.fez.cards import face_value
from wordcards.core.cards import Card
from wordcards.games.fez.rules import FezView
from wordcards.games.fez.scoring import flush_colour, score_word
from wordcards.games.fez.solver import Choice
from wordcards.games.fez.played import TableWord
from wordcards.tui.cards import COLOUR_MARK, COLOUR_STYLE, card_text
from wordcards.tui.wordrows import Key, WordRow

TURN_STARTS = ("draw", "take", "swap")

LEGEND = "Each card's letters are followed by its colour: ♦ red, ♠ black. Lower case: a blank. flush: one colour."


def last_play(view: FezView) -> tuple[int | None, set[tuple[int, int]]]:
    """Who made the latest play to the table, and its cards as (word id, piece index): all they played that turn."""
    placed = [(p.move, p.by) for w in view.words for p in w.pieces]
    if not placed:
        return None, set()
    move, by = max(placed)
    start = max((i for i, m in enumerate(view.history[:move + 1]) if m.split(" ", 1)[0] in TURN_STARTS), default=0)
    return by, {(w.id, i) for w in view.words for i, p in enumerate(w.pieces) if p.move >= start and p.by == by}


def shown_letters(card: Card, letters: str) -> str:
    """What a card shows in a word: its letters, a blank's in lower case, ★ for a star."""
    return "★" if card.kind == "star" else letters.lower() if card.kind == "blank" else letters


def word_text(view: FezView, word: TableWord, fresh: Collection[tuple[int, int]] = ()) -> Text:
    """Each card's letters in its colour (the latest play underlined), then its colour mark, so card boundaries
    and colours read without colour too; ``flush`` after a flush (a lone ``f`` would read as a blank f)."""
    text = Text()
    for i, piece in enumerate(word.pieces):
        card = view.cards[piece.card]
        underline = " underline" if (word.id, i) in fresh else ""
        text.append(shown_letters(card, piece.letters), COLOUR_STYLE[card.colour] + underline)
        text.append(COLOUR_MARK[card.colour], "dim" + underline)
    if flush_colour(view.cards, word.pieces):
        text.append(" flush", "dim")
    return text


def table_rows(view: FezView, names: list[str], target: int | None) -> tuple[tuple[WordRow, ...], Key | None]:
    """Each player's words with their numbers (for lay-offs) and scores, the latest play marked; and the
    lay-off target, to keep in view."""
    by, fresh = last_play(view)
    touched = {word_id for word_id, _ in fresh}
    rows = []
    follow: Key | None = None
    for seat, name in enumerate(names):
        words = [w for w in view.words if w.owner == seat]
        entries: list[Text] = []
        for word in words:
            if word.id == target:
                follow = (seat, len(entries))
            # the number alone reversed or dim: a Text's own style would lie under the word's letters too
            entry = Text.assemble((f"#{word.id}", "reverse" if word.id == target else "dim"), " ")
            entry.append_text(word_text(view, word, fresh))
            entry.append(f" {score_word(view.cards, word, view.options.nasty_flush).points}", "dim")
            entries.append(entry)
        latest = frozenset(i for i, word in enumerate(words) if word.id in touched)
        rows.append(WordRow(name, tuple(entries), latest, seat == view.current, seat == by))
    return tuple(rows), follow


def preview(view: FezView, target: TableWord | None, choices: list[Choice], index: int, why: str | None = None,
            width: int = 0) -> Text:
    """The cards the typed word would use, with their face values (a blank's letter in lower case), and its
    score: what Enter will play. With no way to play it, ``why`` not (or a hint when nothing is typed). Wider than
    ``width``, the score is its sum alone, so the Tab count stays in sight."""
    head = Text()
    head.append(f"Lay off on #{target.id} {target.text}: " if target else "New word: ", "bold")
    if not choices and why:
        head.append(why, "yellow")
        return head
    if not choices:
        hint = ("type the longer word (the same word adds a star)" if target
                else "type a word" if view.options.no_layoffs else "type a word · ↑↓ lay off on a table word")
        head.append(hint, "dim")
        return head
    choice = choices[index]
    old = {p.card for p in target.pieces} if target else set()
    for piece in choice.move.pieces:
        card = view.cards[piece.card]
        shown = shown_letters(card, piece.letters)
        if piece.card in old:
            head.append(shown, "dim")
        else:
            head.append_text(card_text(shown, card.colour, value=face_value(card) if card.kind == "letter" else None))
    count = f"  {index + 1}/{len(choices)} Tab" if len(choices) > 1 else ""
    detail = choice.detail
    if width and head.cell_len + 1 + len(detail) + len(count) > width:
        detail = detail[detail.rfind("= "):]
    head.append(f" {detail}")
    head.append(count, "dim")
    return head
