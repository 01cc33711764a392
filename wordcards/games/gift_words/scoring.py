"""How each play scores, as score-sheet lines that show the sum: ``PIN (P3 + I1 + N1) = 5``."""

from __future__ import annotations

from typing import Mapping

from wordcards.core.cards import Card
from wordcards.core.common import ScoreLine, counted
from wordcards.games.gift_words.deck import points
from wordcards.games.gift_words.state import (
    COOP_LONG_WORD_BONUS,
    EXTEND_BONUS,
    SILENT_E_BONUS,
    GiftOptions,
    TableWord,
)


def card_sum(cards: Mapping[str, Card], ids) -> tuple[int, str]:
    """The cards' points and the sum written out: ``(5, "P3 + I1 + N1")``."""
    parts = [f"{cards[c].letters.capitalize()}{points(cards[c])}" for c in ids]
    return sum(points(cards[c]) for c in ids), " + ".join(parts)


def new_word_lines(cards, opts: GiftOptions, seat: int, rnd: int, word: TableWord) -> list[ScoreLine]:
    value, sums = card_sum(cards, word.cards)
    n = len(word.cards)
    if opts.coop and n > 3:
        bonus = COOP_LONG_WORD_BONUS * (n - 3)
        return [ScoreLine(seat, rnd, word.text, f"({sums}) + {COOP_LONG_WORD_BONUS} × {counted(n - 3, 'card')} over three",
                          value + bonus)]
    if opts.younger and opts.scoring == "mathematical":
        return [ScoreLine(seat, rnd, word.text, f"({sums}) × {n} cards", value * n)]
    return [ScoreLine(seat, rnd, word.text, f"({sums})", value)]


def extension_lines(cards, opts: GiftOptions, seat: int, rnd: int, before: TableWord, after: TableWord,
                    added: tuple[str, ...], verb: str = "extended") -> list[ScoreLine]:
    """Who scores for adding ``added`` to ``before`` (making ``after``), by the variation's rules."""
    value, sums = card_sum(cards, added)
    k = len(added)
    label = f"{verb} {before.text} → {after.text}"

    def line(who: int, note: str, detail: str, points: int) -> ScoreLine:
        return ScoreLine(who, rnd, label + note, detail, points)

    with_bonus = (f"({sums} + {EXTEND_BONUS} × {counted(k, 'card')})", value + EXTEND_BONUS * k)
    if opts.younger:
        if opts.scoring == "mathematical":
            n = len(after.cards)
            return [line(seat, "", f"({sums}) × {n} cards in {after.text}", value * n)]
        return [line(seat, "", f"({sums})", value)]
    if opts.coop:
        if after.owner == seat:
            return [line(seat, "", f"({sums})", value)]
        whole, whole_sums = card_sum(cards, after.cards)
        return [line(seat, " (partner's word: all of it)", f"({whole_sums})", whole)]
    if opts.two_player:
        if after.owner is None:
            return [line(seat, " (centre word)", *with_bonus)]
        if after.owner == seat:
            return [line(seat, " (your own word)", f"({sums})", value)]
        return []  # allowed, to manage a hand, but it scores nobody anything
    lines = [line(seat, "", *with_bonus)]
    if after.owner is not None and after.owner != seat:
        lines.append(line(after.owner, " (your word, a gift)", *with_bonus))
    return lines


def silent_e_line(seat: int, rnd: int, word: str) -> ScoreLine:
    """The bonus for a Silent E on the end of ``word``."""
    return ScoreLine(seat, rnd, f"Silent E: {word} → {word}E", "", SILENT_E_BONUS)
