"""Word Whiz computer players. They read only their own ``WhizView``.

Both find every placement of their tiles with the crossword move generator
(``core.movegen``), which makes only words of their list. They keep their wild
tiles back while a placement without them exists, and play them once few
tiles are left (a wild cannot be swapped out of the crossword later).

*hard* knows the whole list and weighs each placement: the points its words
will pay it at round end (a word it lengthens stops paying its old value), less
half of what the same words pay the other players, plus a bonus for each tile
it gets rid of and for going out. It starts a round with the 5-letter word that
spends its most awkward letters. After another player's placement, and at round
end, it challenges every word it does not know that another player had a hand
in, its own tiles or not.

*expert* weighs as *hard* does, but counts what its words pay the others in
full, as a race for the most points is zero-sum, and weighs up to 2,000 of the
longest placements, not 120.

*medium* plays as *hard* does with the words a keen adult knows, and misses a
long placement now and then. *easy* (common words) and *beginner* (everyday
words) notice fewer long placements still, weigh only a handful of the longest
they notice (the level's ``looks``), and play their wild tiles when the others
do; they challenge an unfamiliar word now and then.
"""

from __future__ import annotations

import string
from collections import ChainMap
from itertools import combinations

from wordcards.core.cards import LETTER_VALUES
from wordcards.core.computer import ComputerPlayer
from wordcards.core.grid import ACROSS, words_through
from wordcards.core.lexicon import Lexicon
from wordcards.core.moves import Challenge, EndTurn, NextRound
from wordcards.core.movegen import Play, generate
from wordcards.core.placing import Place, letters_of, place_of
from wordcards.games.word_whiz.moves import Move, Pass, Swap
from wordcards.games.word_whiz.rules import challenge_targets, crossword_words
from wordcards.games.word_whiz.state import WhizView
from wordcards.games.word_whiz.tiles import HAND, START_WORD, word_points

SEARCH_NODES = 16_000
"""The budget (squares tried) of one search when the compiled move generator is not built; it searches whole."""
SHORTLIST = {False: 120, True: 2000}
"""How many of the longest placements hard (False) and expert (True) weigh in full."""
OTHERS_SHARE = {False: 0.5, True: 1.0}
"""The part of what a placement's words pay the others that hard (False) and expert (True) count against it."""
TILE_WORTH, WILD_COST, OUT_BONUS = 1.5, 3.0, 10.0
WILD_TIME = 4
"""Wild tiles come into play once the hand and bag hold this many tiles or fewer besides them."""
MAX_SWAPS = 2
"""Swaps in a row with the crossword unchanged before a computer player gives up (passes, or is stuck)."""


class WhizBot(ComputerPlayer):
    def __init__(self, level: str, lexicon: Lexicon, seed: int = 0):
        super().__init__(level, lexicon, seed)
        self._swaps = (0, 0)
        """(size of the crossword, swaps made at that size)."""

    # ------------------------------------------------------------ the referee asks

    def choose(self, view: WhizView) -> Move:
        if view.phase == "round-over":
            return NextRound()
        if view.phase == "challenge":
            return EndTurn()
        if view.phase == "start":
            return self._start(view)
        return self.place(view) or self._no_play(view)

    def challenges(self, view: WhizView) -> list[Challenge]:
        """The level's doubts about the words open to challenge that another player had a hand in, its own tiles in
        them or not (UNTIE + REALIGN typed on is UNTIEREALIGN); a word it laid alone is one it knows."""
        words = crossword_words(view)
        others = [w for w in challenge_targets(view)
                  if any(view.grid[c].seat != view.seat for c in words[w.word_id].cells)]
        return self.doubt(view.seat, others)

    # ------------------------------------------------------------ the starting word

    def _start(self, view: WhizView) -> Move:
        letters = sorted(view.cards[t].letters.lower() for t in view.hand if view.cards[t].letters)
        wilds = len(view.hand) - len(letters)
        found: dict[str, str] = {}
        for combo in sorted(set(combinations(letters, START_WORD))):
            for word in self.lexicon.anagrams("".join(combo)):
                found[word] = word
        if not found and wilds:
            for combo in sorted(set(combinations(letters, START_WORD - 1))):
                for ch in string.ascii_lowercase:
                    for word in self.lexicon.anagrams("".join(combo) + ch):
                        found.setdefault(word, _with_wild(word, ch))
        if not found:
            return Swap(view.seat)
        words = sorted(found)
        if not self.skill.searches:
            word = self.rng.choice(words)
        else:
            word = max(words, key=lambda w: (sum(LETTER_VALUES[c.upper()] for c in w), w))
        return Place(view.seat, (0, 0), ACROSS, found[word])

    # ------------------------------------------------------------ placing tiles

    def plays(self, view: WhizView) -> list[Play]:
        """The placements this player considers: without wild tiles while it can, then with them."""
        rack = "".join(view.cards[t].letters.lower() or "?" for t in view.hand)
        plain = rack.replace("?", "")
        letters = letters_of(view.grid)
        found = generate(letters, plain, self.lexicon, max_nodes=SEARCH_NODES, rng=self.rng) if plain else []
        left = len(plain) + view.bag_counts[view.seat]
        if plain != rack and (not found or left <= WILD_TIME):
            wild_rack = plain + "?" if left else rack
            found += generate(letters, wild_rack, self.lexicon, max_nodes=SEARCH_NODES, rng=self.rng)
        return found

    def place(self, view: WhizView) -> Place | None:
        plays = self.plays(view)
        if not plays:
            return None
        seen = self.noticed_placements(plays)
        if not self.skill.searches:
            longest = sorted(seen, key=lambda p: (-len(p.tiles), p.order))[:2 * self.skill.looks]
            shortlist = self.weighed(longest)
        else:
            longest_first = sorted(seen, key=lambda p: (-len(p.tiles), p.wilds, p.order))
            shortlist = longest_first[:SHORTLIST[self.skill.plans]]
        play = max(shortlist, key=lambda p: (self.worth(view, p), p.order))
        return place_of(view.seat, view.grid, play)

    def worth(self, view: WhizView, play: Play) -> float:
        """What a placement is worth to this player at round end, as reckoned above."""
        me, grid = view.seat, view.grid
        new = {cell: ch for cell, ch, _ in play.tiles}
        merged = ChainMap(new, letters_of(grid))
        mine = others = 0
        for word in words_through(merged, new):
            owners = {grid[c].seat for c in word.cells if c in grid}
            points = word_points(len(word.cells))
            mine += points
            others += points * len(owners - {me})
            for old in _old_runs(word.cells, new):
                lost = word_points(len(old))
                old_owners = {grid[c].seat for c in old}
                mine -= lost if me in old_owners else 0
                others -= lost * len(old_owners - {me})
        out = len(play.tiles) == len(view.hand) and view.bag_counts[me] == 0
        return (mine - others * OTHERS_SHARE[self.skill.plans] + TILE_WORTH * len(play.tiles)
                - WILD_COST * play.wilds + OUT_BONUS * out)

    def _no_play(self, view: WhizView) -> Move:
        size = len(view.grid)
        swaps = self._swaps[1] if self._swaps[0] == size else 0
        if len(view.hand) == HAND and view.bag_counts[view.seat] >= HAND and swaps < MAX_SWAPS:
            self._swaps = (size, swaps + 1)
            return Swap(view.seat)
        return Pass(view.seat)



def _with_wild(word: str, letter: str) -> str:
    """The spelling of ``word`` with a wild tile standing for (the first) ``letter``."""
    at = word.index(letter)
    return word[:at] + "?" + word[at:]


def _old_runs(cells, new) -> list[list]:
    """The runs of two or more old tiles within a word: the words it swallowed."""
    runs: list[list] = []
    run: list = []
    for cell in cells:
        if cell in new:
            if len(run) >= 2:
                runs.append(run)
            run = []
        else:
            run.append(cell)
    if len(run) >= 2:
        runs.append(run)
    return runs


def make_bot(level: str, lexicon: Lexicon, seed: int = 0) -> WhizBot:
    return WhizBot(level, lexicon, seed)
