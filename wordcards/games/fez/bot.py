"""FEZ computer players. They read only their own ``FezView``.

*hard* plays the best-scoring word or lay-off, again and again while one
scores, puts its stars on its best words, takes the discard when it makes a
better play, and discards the least useful card. It knows the whole default
list, so it challenges exactly the words that are not in it.

*expert* plays its words as *hard* does and looks ahead at its two open
choices: whether to take the discard or draw, and which of hard's least useful
cards to discard (four, fewer at a crowded table). It plays each out, by hard
players, to the end of its own next turn over up to four guesses at the cards
it has not seen (fewer at a crowded table, so it answers within a second; the
same guesses for each), and keeps the one that gains the most on the best
other seat.

*medium* plays as *hard* does with the words a keen adult knows (SCOWL size 60),
and misses long words now and then. *easy* (common words) and *beginner*
(everyday words) play one word a turn, the best of the words they notice, never
lay off, draw from the stock and discard at random; they challenge an unfamiliar
word now and then, sometimes wrongly.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from wordcards.core.cards import LETTER_VALUES, Card
from wordcards.core.computer import ComputerPlayer, Foresight
from wordcards.core.lexicon import WILD, Lexicon
from wordcards.games.fez import rules
from wordcards.games.fez import cards as fez_cards
from wordcards.games.fez.moves import Challenge, Discard, Done, Draw, EndTurn, Move, NextRound, Swap, Take
from wordcards.games.fez.rules import FezView, challenge_targets, turn_words
from wordcards.games.fez.scoring import length_bonus
from wordcards.games.fez.solver import Choice, layoff_choices, word_choices

# How readily a letter fits into words, most useful first.
USEFUL = "ESIARNTOLCDUGPMHBYFVKWZXQJ"
MAX_LAYOFF_CARDS = 3
DISCARD_PLAY_OUTS = 12
"""How many discards expert plays out, over the players at the table: each play-out of a discard plays every
other seat's turn, so a crowded table weighs fewer (4 at 2 or 3 players, 3 at 4, 2 at 5 or 6)."""
DEALS = 4
"""How many guesses at the unseen cards expert plays each choice out over."""
BUDGET = 50
"""The moves expert plays out for one decision before it stops dealing more guesses (``core.lookahead``)."""


def card_options(card: Card) -> list[str]:
    if card.kind == "blank":
        return ["", WILD]
    return [""] + [o.lower() for o in fez_cards.options(card)]


def keep_value(card: Card, endgame: bool) -> float:
    if card.kind != "letter":
        return 100.0
    usefulness = sum(len(USEFUL) - USEFUL.index(c) for c in card.letters)
    return usefulness - fez_cards.face_value(card) * (3 if endgame else 1)


def bound_value(word: str) -> int:
    """Face value plus length bonus: what the word is worth before doubles, at most."""
    return sum(LETTER_VALUES[c] for c in word.upper()) + length_bonus(len(word))


def better(a: Choice, b: Choice) -> bool:
    return (a.points, -len(a.move.pieces)) > (b.points, -len(b.move.pieces))


class FezBot(ComputerPlayer):
    FORESIGHT = Foresight(rules, "turn", DEALS, BUDGET)

    # ------------------------------------------------------------ decisions

    def choose(self, view: FezView) -> Move:
        """The next move for the seat whose turn it is (``view.seat``)."""
        if view.phase == "round-over":
            return NextRound()
        if view.phase == "challenge":
            return EndTurn()
        hand = [view.cards[c] for c in view.hand]
        if view.phase == "draw":
            return self._draw(view, hand)
        best = self.best_play(view, hand)
        if best is not None:
            return best.move
        if not hand:
            return Done()
        if self.skill.plans:
            weighed = max(2, min(4, DISCARD_PLAY_OUTS // len(view.seats)))
            discards = [Discard(c.id) for c in self._worst_cards(view, hand)[:weighed]]
            return self.ahead.best(view, discards, self.rng)
        return Discard(self._worst_card(view, hand).id)

    def challenges(self, view: FezView) -> list[Challenge]:
        return self.doubt(view.seat, challenge_targets(view))

    # ------------------------------------------------------------ drawing

    def _draw(self, view: FezView, hand: list[Card]) -> Move:
        can_draw = view.stock_count > 0 or view.discard_count >= 2
        if not can_draw:
            return Take()
        if not self.skill.searches or view.discard_top is None:
            return Draw()
        top = view.cards[view.discard_top]
        if top.kind != "letter":
            return Take()
        if not any(c in "AEIOU" for card in hand for c in card.letters) and view.stock_count >= 2:
            worst = sorted(hand, key=lambda c: keep_value(c, False))[:2]
            return Swap(tuple(c.id for c in worst))
        if self.skill.plans:
            return self.ahead.best(view, [Draw(), Take()], self.rng)
        with_top = self.best_play(view, hand + [top], lay_offs=False)
        without = self.best_play(view, hand, lay_offs=False)
        gain = (with_top.points if with_top else 0) - (without.points if without else 0)
        return Take() if gain >= 4 else Draw()

    # ------------------------------------------------------------ playing

    def best_play(self, view: FezView, hand: list[Card], lay_offs: bool = True) -> Choice | None:
        if not self.skill.searches:
            if any(w.owner == view.seat for w in turn_words(view)):
                return None  # one word a turn is enough for a modest player
            return self._best_word(view, hand)
        best = self._best_word(view, hand)
        if lay_offs and not view.options.no_layoffs:
            best = self._best_layoff(view, hand, best)
        return best

    def _found_words(self, hand: list[Card]) -> set[str]:
        # Each blank multiplies the search by 27, so only the first counts as a wild letter here.
        choices, wild = [], False
        for card in hand:
            if card.kind == "star":
                continue
            if card.kind == "blank":
                choices.append(card_options(card) if not wild else [""])
                wild = True
            else:
                choices.append(card_options(card))
        return set(self.spotted(self.lexicon.search(choices, min_len=2)))

    def _best_word(self, view: FezView, hand: list[Card]) -> Choice | None:
        stars = sum(1 for c in hand if c.kind == "star")
        factor = 2 * 4 ** stars
        best: Choice | None = None
        # Visit words by their most hopeful score and stop once none can beat the best found.
        for bound, word in sorted(((bound_value(w), w) for w in self._found_words(hand)), reverse=True):
            if best is not None and bound * factor <= best.points:
                break
            options = word_choices(word, hand, view.cards, view.options.nasty_flush, view.seat)
            if options and (best is None or better(options[0], best)):
                best = options[0]
        return best

    def _best_layoff(self, view: FezView, hand: list[Card], best: Choice | None) -> Choice | None:
        letter_cards = [c for c in hand if c.kind != "star"]
        stars = [c for c in hand if c.kind == "star"]
        additions: set[str] = set()
        most = MAX_LAYOFF_CARDS - 1 if any(c.kind == "blank" for c in letter_cards) else MAX_LAYOFF_CARDS
        for n in range(1, min(most, len(letter_cards)) + 1):
            for combo in combinations(letter_cards, n):
                if sum(c.kind == "blank" for c in combo) > 1:
                    continue
                keys = {""}
                for card in combo:
                    opts = card_options(card)[1:]
                    if WILD in opts:
                        opts = list("abcdefghijklmnopqrstuvwxyz")
                    keys = {k + o for k in keys for o in opts}
                additions.update(keys)
        index = self.lexicon.index
        candidates: list[tuple[int, str, Any]] = []
        for word in view.words:
            base = word.text.lower()
            own = word.owner == view.seat
            targets: set[str] = set()
            for added in additions:
                targets.update(index.get("".join(sorted(base + added)), ()))
            targets.discard(base)
            for target in targets:
                # Own words can gain more than the added letters (their stars), so never prune those.
                bound = 10**9 if own else 2 * (bound_value(target) - bound_value(base))
                candidates.append((bound, target, word))
            if stars and own:
                candidates.append((10**9, base, word))
        # Highest bound first; ties in a fixed order, so a seeded game replays whatever the string hash seed.
        candidates.sort(key=lambda c: (-c[0], c[1], c[2].id))
        for bound, target, word in candidates:
            if best is not None and bound <= best.points:
                break
            options = layoff_choices(target, word, hand, view.cards, view.options.nasty_flush, view.seat)
            if options and (best is None or better(options[0], best)):
                best = options[0]
        return best

    def _worst_card(self, view: FezView, hand: list[Card]) -> Card:
        if not self.skill.searches:
            allowed = [c for c in hand if c.id != view.taken] or hand
            letters = [c for c in allowed if c.kind == "letter"]
            return self.rng.choice(letters or allowed)
        return self._worst_cards(view, hand)[0]

    def _worst_cards(self, view: FezView, hand: list[Card]) -> list[Card]:
        """The cards a searching player may discard, the least useful first."""
        allowed = [c for c in hand if c.id != view.taken] or hand
        endgame = view.stock_count < 2 * len(view.seats)
        return sorted(allowed, key=lambda c: keep_value(c, endgame))


def make_bot(level: str, lexicon: Lexicon, seed: int = 0) -> FezBot:
    return FezBot(level, lexicon, seed)
