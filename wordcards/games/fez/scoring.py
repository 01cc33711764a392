"""FEZ scoring, as score lines that show how each score was made.

A word's owner scores the face value of the letters the word was made with, plus
+50 for each letter from the seventh on, then the doubles, which multiply: ×2
for a flush, ×4 for each star of the flush's colour, ×2 for any other star. A
player who lays off scores the face value of the added letters, doubled when
they keep the word's flush. Stars added later still double the owner's word.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from wordcards.core.cards import LETTER_VALUES, Card
from wordcards.core.common import ScoreLine, leaders, sheet_totals
from wordcards.games.fez.cards import face_value
from wordcards.games.fez.played import LayOffRecord, Placed, TableWord

LENGTH_BONUS_FROM = 7


@dataclass(frozen=True)
class WordScore:
    base: int
    bonus: int
    flush: str | None
    doubles: tuple[str, ...]
    """Each double in order, e.g. ("×2 flush", "×4 flush-star")."""
    points: int
    star_double: bool
    """A star of another colour than the flush (or in a word that is no flush) doubled it."""

    @property
    def detail(self) -> str:
        parts = [str(self.base)]
        if self.bonus:
            parts.append(f"+{self.bonus} length")
        parts.extend(self.doubles)
        return f"({' '.join(parts)}) = {self.points}"


def letters_value(cards: Mapping[str, Card], pieces: Iterable[Placed]) -> int:
    """Face value of the letters shown; a blank shows a letter but is worth 0."""
    return sum(sum(LETTER_VALUES[c] for c in p.letters) for p in pieces if cards[p.card].kind == "letter")


def flush_colour(cards: Mapping[str, Card], pieces: Iterable[Placed]) -> str | None:
    colours = {cards[p.card].colour for p in pieces if cards[p.card].kind != "star"}
    return colours.pop() if len(colours) == 1 else None


def length_bonus(letter_count: int) -> int:
    return 50 * (letter_count - LENGTH_BONUS_FROM + 1) if letter_count >= LENGTH_BONUS_FROM else 0


def score_word(cards: Mapping[str, Card], word: TableWord, nasty_flush: bool) -> WordScore:
    made = [p for p in word.pieces if p.move == word.created and cards[p.card].kind != "star"]
    base = letters_value(cards, made)
    bonus = length_bonus(sum(len(p.letters) for p in made))
    # Without the Nasty rule, other players' lay-offs cannot spoil the owner's flush.
    judged = [p for p in word.pieces if nasty_flush or p.by == word.owner]
    flush = flush_colour(cards, judged)
    doubles: list[str] = []
    multiplier = 1
    if flush:
        doubles.append("×2 flush")
        multiplier *= 2
    star_double = False
    for p in word.pieces:
        card = cards[p.card]
        if card.kind != "star":
            continue
        if flush and card.colour == flush:
            doubles.append("×4 flush-star")
            multiplier *= 4
        else:
            doubles.append("×2 star")
            multiplier *= 2
            star_double = True
    return WordScore(base, bonus, flush, tuple(doubles), (base + bonus) * multiplier, star_double)


def word_label(cards: Mapping[str, Card], word: TableWord) -> str:
    stars = sum(1 for p in word.pieces if cards[p.card].kind == "star")
    return word.text + (" " + "★" * stars if stars else "")


def sheet_label(cards: Mapping[str, Card], word: TableWord) -> str:
    """The owner's line names the word as made, which is what it scores, and what it became: ``CLAIM, now PROCLAIM``."""
    made = "".join(p.letters for p in word.pieces if p.move == word.created)
    return word_label(cards, word) if made == word.text else f"{made}, now {word_label(cards, word)}"


def layoff_record(cards: Mapping[str, Card], word: TableWord, added: list[Placed], by: int, move: int) -> LayOffRecord:
    letters = [p for p in added if cards[p.card].kind != "star"]
    before = flush_colour(cards, word.pieces)
    kept = bool(letters) and before is not None and all(cards[p.card].colour == before for p in letters)
    return LayOffRecord(word.id, by, move, "".join(p.letters for p in letters), letters_value(cards, letters), kept)


def table_lines(cards: Mapping[str, Card], words: Iterable[TableWord], layoffs: Iterable[LayOffRecord],
                nasty_flush: bool, round_no: int) -> list[ScoreLine]:
    words = list(words)
    by_id = {w.id: w for w in words}
    lines = []
    for word in words:
        s = score_word(cards, word, nasty_flush)
        lines.append(ScoreLine(word.owner, round_no, sheet_label(cards, word), s.detail, s.points))
    for lay in layoffs:
        target = by_id[lay.word].text if lay.word in by_id else "?"
        detail = f"({lay.face} ×2 flush) = {lay.points}" if lay.flush_kept else f"({lay.face}) = {lay.points}"
        lines.append(ScoreLine(lay.by, round_no, f"+{lay.letters} on {target}", detail, lay.points))
    return lines


def round_end_lines(cards: Mapping[str, Card], hands: list[list[str]], words: list[TableWord],
                    layoffs: list[LayOffRecord], running: list[int], options, round_no: int,
                    names: list[str]) -> list[ScoreLine]:
    """Deductions for unplayed cards, the all-flush bonus, and under the Nasty rules the hand-over."""
    lines: list[ScoreLine] = []
    deducted = [sum(face_value(cards[c]) for c in hand) for hand in hands]
    for seat, hand in enumerate(hands):
        if hand:  # blanks and stars cost nothing, but the sheet still lists every card left
            shown = " ".join(cards[c].label for c in hand)
            lines.append(ScoreLine(seat, round_no, f"unplayed {shown}", f"(−{deducted[seat]})", -deducted[seat]))
    for seat in range(len(hands)):
        own = [score_word(cards, w, options.nasty_flush) for w in words if w.owner == seat]
        lays = [lay for lay in layoffs if lay.by == seat and lay.letters]
        if not own and not lays:
            continue
        all_flush = all(s.flush for s in own) and all(lay.flush_kept for lay in lays)
        if options.nasty_stars and any(s.star_double for s in own):
            all_flush = False
        if all_flush:
            lines.append(ScoreLine(seat, round_no, "all-flush bonus", "(+30)", 30))
    if options.nasty_handover:
        winners = leaders([r + t for r, t in zip(running, sheet_totals(lines, len(running)))])
        for seat, amount in enumerate(deducted):
            givers = [w for w in winners if w != seat]
            if not amount or not givers:
                continue
            share = amount // len(givers)
            for w in givers:
                if share:
                    lines.append(ScoreLine(w, round_no, f"from {names[seat]}'s hand", f"(+{share})", share))
    return lines
