"""Quiddler scoring, as score lines that show how each score was made.

A hand scores the points of the cards in its words, less the points of the
cards left over, but never below zero. Then +10 for the most words and +10
for the longest word (in letters, so TH counts two), each only to a single
leader: on a tie nobody gets it. With two players only one bonus is used.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from wordcards.core.cards import Card
from wordcards.core.common import ScoreLine, leaders
from wordcards.games.quiddler.deck import points
from wordcards.games.quiddler.state import BONUS, LaidWord, QuiddlerOptions


def word_points(cards: Mapping[str, Card], word: Sequence[str]) -> int:
    return sum(points(cards[c]) for c in word)


def word_detail(cards: Mapping[str, Card], word: Sequence[str]) -> str:
    """``(QU 9 + I 2 + T 3) = 14``"""
    parts = " + ".join(f"{cards[c].letters} {points(cards[c])}" for c in word)
    return f"({parts}) = {word_points(cards, word)}"


def sole_leader(values: list[int]) -> int | None:
    """The one seat with the highest positive value; None on a tie or when nobody has any."""
    top = leaders(values)
    return top[0] if len(top) == 1 and values[top[0]] > 0 else None


def round_lines(cards: Mapping[str, Card], hands: list[list[str]], words: list[LaidWord],
                options: QuiddlerOptions, round_no: int) -> list[ScoreLine]:
    """Each hand's words, left-over cards and floor at zero, then the two bonuses."""
    lines: list[ScoreLine] = []
    players = len(hands)
    counted = [w for w in words if not w.struck]
    for seat in range(players):
        own = [w for w in counted if w.owner == seat]
        made = 0
        for word in own:
            made += word_points(cards, word.cards)
            lines.append(ScoreLine(seat, round_no, word.text, word_detail(cards, word.cards), word_points(cards, word.cards)))
        left = word_points(cards, hands[seat])
        if left:
            shown = " ".join(cards[c].letters for c in hands[seat])
            lines.append(ScoreLine(seat, round_no, f"left over {shown}", f"(−{left})", -left))
        if made < left:
            lines.append(ScoreLine(seat, round_no, "floor at zero", f"({made} − {left} is below 0)", left - made))
    use_words = players > 2 or options.two_player_bonus == "words"
    use_longest = players > 2 or options.two_player_bonus == "longest"
    if use_words:
        counts = [sum(1 for w in counted if w.owner == seat) for seat in range(players)]
        winner = sole_leader(counts)
        if winner is not None:
            lines.append(ScoreLine(winner, round_no, "most words", f"({counts[winner]}) +{BONUS}", BONUS))
    if use_longest:
        longest = [max((len(w.text) for w in counted if w.owner == seat), default=0) for seat in range(players)]
        winner = sole_leader(longest)
        if winner is not None:
            word = max((w for w in counted if w.owner == winner), key=lambda w: len(w.text))
            lines.append(ScoreLine(winner, round_no, f"longest word {word.text}",
                                   f"({longest[winner]} letters) +{BONUS}", BONUS))
    return lines
