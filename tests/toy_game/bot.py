"""Word Chain's computer player: the longest word its cards spell (easy: any), else a pass."""

from __future__ import annotations

from wordcards.core.computer import ComputerPlayer
from wordcards.core.lexicon import Lexicon
from wordcards.core.moves import Challenge, EndTurn

from tests.toy_game.rules import ChainView, Pass, Say, challenge_targets, needed_letter


class ChainBot(ComputerPlayer):
    def choose(self, view: ChainView):
        if view.phase == "challenge":
            return EndTurn()
        first = needed_letter(view)
        letters = {card: view.cards[card].letters.lower() for card in view.hand}
        found = sorted(w for w in self.lexicon.search([["", ch] for ch in letters.values()], 3)
                       if first is None or w[0] == first.lower())
        if not found:
            return Pass()
        word = max(found, key=len) if self.level == "hard" else self.rng.choice(found)
        free = list(view.hand)
        cards = []
        for ch in word:
            card = next(c for c in free if letters[c] == ch)
            free.remove(card)
            cards.append(card)
        return Say(tuple(cards))

    def challenges(self, view: ChainView) -> list[Challenge]:
        return self.doubt(view.seat, challenge_targets(view))


def make_bot(level: str, lexicon: Lexicon, seed: int = 0) -> ChainBot:
    return ChainBot(level, lexicon, seed)
