"""Gift Words computer players, for every variation. They read only their own ``GiftView``.

*hard* knows the whole list. It takes a discard-pile top when that card makes
a better word than it has, plays the extension and new word that together
score most for itself (less what an extension gives a rival; in the
cooperative game everything counts for the team), draws replacements the
same way, and discards the card that its possible words need least. It
challenges exactly the words it does not know.

*expert* plays as *hard* does, but counts a rival's points from an extension
at 0.8 shared among the rivals (hard counts half of each), and chooses its
discard by looking ahead: each of hard's four likeliest discards is played
out, by hard players, to the end of its own next turn over up to four guesses
at the cards it has not seen (fewer at a crowded table, so it answers within a
second; the same guesses for each), and the discard that gains the most on the
best other seat is made. Outside the younger players' game.

*medium* plays as *hard* does with the words a keen adult knows, and misses a
long word now and then. *easy* (common words) and *beginner* (everyday words)
notice fewer long words still, play the best of a handful of what they notice
(8 and 3), draw from the deck, extend now and then, discard at random, and
challenge an unfamiliar word now and then.
"""

from __future__ import annotations

from wordcards.core.computer import ComputerPlayer, Foresight
from wordcards.core.lexicon import Lexicon
from wordcards.core.moves import Challenge, Draw, EndTurn, NextRound
from wordcards.games.gift_words.deck import points
from wordcards.games.gift_words.moves import (
    Centre,
    Change,
    Discard,
    Done,
    Extend,
    MakeWord,
    Move,
    Order,
    SilentE,
    TakePile,
    TurnUp,
    card_of,
)
from wordcards.games.gift_words import rules
from wordcards.games.gift_words.rules import challenge_targets
from wordcards.games.gift_words.solver import Found, changes, extensions, new_words, play_lines, silent_es
from wordcards.games.gift_words.state import ADVANCED_WORDS_TO_GO_OUT, GiftView

TAKE_GAIN = 3
"""How many points better a word with a discard-pile top must be for *hard* to take it."""
CENTRE_FIRST_LOOK = 6
RIVAL_SHARE, RIVALS_SHARE = 0.5, 0.8
"""What an extension hands a rival counts against it: half of each rival's points at *hard*; at *expert*, 0.8 of them
shared among the rivals, as only one is ahead of it."""
DISCARDS_WEIGHED = 4
"""How many of hard's likeliest discards expert plays out."""
DEALS = 4
"""How many guesses at the unseen cards expert plays each discard out over."""
BUDGET = 160
"""The moves expert plays out for one decision before it stops dealing more guesses (``core.lookahead``)."""


class GiftBot(ComputerPlayer):
    FORESIGHT = Foresight(rules, "turn", DEALS, BUDGET)

    def choose(self, view: GiftView) -> Move:
        phase = view.phase
        if phase == "round-over":
            return NextRound()
        if phase == "challenge":
            return EndTurn()
        if phase == "order":
            return Order(True)
        if phase == "centre":
            return self._centre(view)
        if phase in ("draw", "replace"):
            return self._draw(view)
        if view.options.younger:
            return self._younger(view)
        return self._play(view)

    def challenges(self, view: GiftView) -> list[Challenge]:
        return self.doubt(view.seat, challenge_targets(view))

    # ------------------------------------------------------------ valuing plays

    def _words(self, view: GiftView, hand) -> list[Found]:
        return new_words(self.lexicon, view.cards, hand, any_colour=view.options.younger)

    def _gain(self, view: GiftView, found: Found) -> float:
        """What a play is worth to this player: its own points, less a part of what it hands a rival."""
        lines = play_lines(view, found)
        if view.options.coop:
            return sum(line.points for line in lines)
        rival = RIVALS_SHARE / (len(view.seats) - 1) if self.skill.plans else RIVAL_SHARE
        return sum(line.points if line.seat == view.seat else -line.points * rival for line in lines)

    def _best(self, view: GiftView, plays: list[Found]) -> Found | None:
        seen = self.weighed(self.noticed(plays, lambda f: len(f.layout)))
        if not seen:
            return None
        return max(seen, key=lambda f: (self._gain(view, f), len(f.layout)))

    def _best_word_value(self, view: GiftView, hand) -> float:
        best = self._best(view, self._words(view, hand)) if self.skill.searches else None
        return self._gain(view, best) if best else 0

    # ------------------------------------------------------------ drawing

    def _sources(self, view: GiftView) -> tuple[bool, list[int]]:
        """Whether the deck (or stockpile) can be drawn, and the seats whose discard pile has a top."""
        coop_draw = view.options.coop and view.phase == "draw"
        deck = view.stockpile_counts[view.seat] > 0 if coop_draw else view.stock_count > 0
        return deck, [seat for seat, top in enumerate(view.pile_tops) if top is not None]

    def _draw(self, view: GiftView) -> Move:
        deck, piles = self._sources(view)
        if self.skill.searches and piles:
            now = self._best_word_value(view, view.hand)
            gains = {seat: self._best_word_value(view, view.hand + (view.pile_tops[seat],)) for seat in piles}
            seat = max(gains, key=lambda s: gains[s])
            if gains[seat] >= now + TAKE_GAIN or not deck:
                return TakePile(seat)
        if deck or not piles:
            return Draw()
        return TakePile(self.rng.choice(piles))

    # ------------------------------------------------------------ the basic, advanced, two-player and cooperative turn

    def _play(self, view: GiftView) -> Move:
        hand = list(view.hand)
        may_extend = "extend" not in view.acted and "word" not in view.acted
        may_make = "word" not in view.acted and "barred" not in view.acted
        extension = None
        if may_extend and (self.skill.searches or self.rng.random() < 0.5):
            options = extensions(self.lexicon, view.cards, hand, view.words)
            extension = self._best(view, [f for f in options if self._gain(view, f) > 0])
        word = self._best(view, self._words(view, hand)) if may_make else None
        if extension is not None:
            if word is None or not self.skill.searches:
                return Extend(extension.target, extension.layout)
            rest = [c for c in hand if c not in {card_of(t) for t in extension.layout}]
            if self._gain(view, extension) + self._best_word_value(view, rest) >= self._gain(view, word):
                return Extend(extension.target, extension.layout)
        if word is not None:
            return MakeWord(word.layout)
        return self._end_turn(view, hand)

    def _end_turn(self, view: GiftView, hand: list[str]) -> Move:
        if not hand:
            return Done()
        if view.took is not None and not {"word", "extend"} & set(view.acted):
            return Discard(view.took[1])  # nothing made: the taken card goes back
        last_card_blocked = view.options.advanced and view.words_made[view.seat] < ADVANCED_WORDS_TO_GO_OUT
        if len(hand) == 1 and last_card_blocked:
            return Done()
        return Discard(self._discard_choice(view, hand))

    def _discard_choice(self, view: GiftView, hand: list[str]) -> str:
        if not self.skill.searches:
            return self.rng.choice(hand)
        worth = dict.fromkeys(hand, 0.0)
        for found in self._words(view, hand):
            value = self._gain(view, found)
            for token in found.layout:
                worth[card_of(token)] = max(worth[card_of(token)], value)
        # The least useful card; of those, the one worth most as points is kept, so shed the cheapest.
        ranked = sorted(hand, key=lambda c: (worth[c], points(view.cards[c])))
        if self.skill.plans and not (view.options.coop or view.options.younger) and view.pending_word is None:
            discards = [Discard(card) for card in ranked[:DISCARDS_WEIGHED]]
            return self.ahead.best(view, discards, self.rng).card
        return ranked[0]

    # ------------------------------------------------------------ the younger players' turn

    def _younger(self, view: GiftView) -> Move:
        hand, acted = list(view.hand), set(view.acted)
        if "word" not in acted and "barred" not in acted:
            word = self._best(view, self._words(view, hand))
            if word:
                return MakeWord(word.layout)
        if "extend" not in acted:
            found = self._best(view, extensions(self.lexicon, view.cards, hand, view.words, any_colour=True))
            if found:
                return Extend(found.target, found.layout)
        if "change" not in acted:
            found = self._best(view, changes(self.lexicon, view.cards, hand, view.words))
            if found:
                return Change(found.target, found.layout)
        if "silent" not in acted and view.silent_left:
            found = self._best(view, silent_es(self.lexicon, view.words))
            if found:
                return SilentE(found.target)
        return Done()

    # ------------------------------------------------------------ the two-player centre

    def _centre(self, view: GiftView) -> Move:
        centre = list(view.centre)
        if len(centre) >= CENTRE_FIRST_LOOK:
            found = self._words(view, centre)
            for a in found:
                used = {card_of(t) for t in a.layout}
                for b in self._words(view, [c for c in centre if c not in used]):
                    return Centre((a.layout, b.layout))
        return TurnUp()


def make_bot(level: str, lexicon: Lexicon, seed: int = 0) -> GiftBot:
    return GiftBot(level, lexicon, seed)
