"""Quiddler computer players. They read only their own ``QuiddlerView``.

*hard* knows the whole list. Before drawing it weighs the top discard: it
takes it when that lets it go out or makes its best arrangement clearly
better. After drawing it goes out whenever it can (choosing the discard that
leaves the highest-scoring words); otherwise it discards the card whose loss
hurts its best arrangement least, counting left-over cards against it, which
sheds costly cards that fit no word. On a last turn it lays down its best
words, preferring an arrangement that beats the words already on the table
for the two bonuses. It challenges exactly the words that are not in its list.

*medium* plays as *hard* does with the words a keen adult knows, and misses a
long word now and then.

*expert* plays as *hard* does where the choice is plain, and looks ahead where
it is not: whether to take the discard or draw, which of hard's four best
discards to make, and whether to go out now or hold on for a better hand. It
plays each choice out to the end of the round, by hard players, over up to
eight guesses at the cards it has not seen (fewer at a crowded table, so it
answers within a second; the same guesses for each choice), and keeps the one
that gains the most on the best other seat.

*easy* knows only the common words (and *beginner*
the everyday ones), notices fewer long words still, always draws from the
draw pile, goes out when it sees how, otherwise discards a card at random from those its
words do not use, and challenges an unfamiliar word now and then.
"""

from __future__ import annotations

from wordcards.core.computer import ComputerPlayer, Foresight
from wordcards.core.lexicon import Lexicon
from wordcards.core.moves import Challenge, Draw, EndTurn, NextRound, Take
from wordcards.games.quiddler.moves import Discard, Move
from wordcards.games.quiddler import rules
from wordcards.games.quiddler.rules import challenge_targets
from wordcards.games.quiddler.solver import Arrangement, Arranger, to_cards
from wordcards.games.quiddler.state import BONUS, QuiddlerView

TAKE_GAIN = 4
"""How much better (in points) the best arrangement must get for hard to take the discard."""
DISCARDS_WEIGHED = 4
"""How many of hard's best discards expert plays out."""
DEALS = 8
"""How many guesses at the unseen cards expert plays each choice out over."""
BUDGET = 600
"""The moves expert plays out for one decision before it stops dealing more guesses (``core.lookahead``)."""


class QuiddlerBot(ComputerPlayer):
    FORESIGHT = Foresight(rules, "round", DEALS, BUDGET)

    def choose(self, view: QuiddlerView) -> Move:
        """The next move for the seat whose turn it is (``view.seat``)."""
        if view.phase == "round-over":
            return NextRound()
        if view.phase == "challenge":
            return EndTurn()
        if view.phase == "draw":
            return self._draw(view)
        return self._discard(view)

    def challenges(self, view: QuiddlerView) -> list[Challenge]:
        return self.doubt(view.seat, challenge_targets(view))

    # ------------------------------------------------------------ drawing

    def _letters(self, view: QuiddlerView, ids) -> list[str]:
        return [view.cards[c].letters for c in ids]

    def _draw(self, view: QuiddlerView) -> Move:
        if view.stock_count == 0 and view.discard_count < 2:
            return Take()
        if not self.skill.searches or view.discard_top is None:
            return Draw()
        if self.skill.plans:
            return self.ahead.best(view, [Draw(), Take()], self.rng)
        hand = self._letters(view, view.hand)
        top = view.cards[view.discard_top].letters
        arranger = Arranger(self.lexicon, hand + [top], self.spotted)
        now = arranger.best(hand)
        with_top = max((arranger.best(hand[:i] + [top] + hand[i + 1:]) for i in range(len(hand))),
                       key=lambda a: a.score)
        if view.out is None and with_top.complete:
            return Take()
        return Take() if with_top.score >= now.score + TAKE_GAIN else Draw()

    # ------------------------------------------------------------ discarding

    def _discard(self, view: QuiddlerView) -> Move:
        hand = list(view.hand)
        letters = self._letters(view, hand)
        arranger = Arranger(self.lexicon, letters, self.spotted)
        options = [(i, arranger.best(letters[:i] + letters[i + 1:])) for i in range(len(hand))]
        last_turn = view.last_turns is not None
        if not last_turn:
            complete = [(i, a) for i, a in options if a.complete]
            ranked = sorted(options, key=lambda o: (o[1].score, arranger.points[letters[o[0]]]), reverse=True)
            holds = [Discard(hand[i]) for i, _ in ranked[:DISCARDS_WEIGHED]]
            if complete:
                i, best = max(complete, key=lambda o: (o[1].score, len(o[1].melds), o[1].longest))
                out = self._lay(view, hand, i, best)
                return self.ahead.best(view, [out, *holds], self.rng) if self.skill.plans else out
            if not self.skill.searches:
                used = {p for m in arranger.best(letters).melds for p in m.parts}
                spare = [i for i, k in enumerate(letters) if k not in used] or list(range(len(hand)))
                return Discard(hand[self.rng.choice(spare)])
            # Keep the hand whose words would score most now; on a tie shed the costlier card.
            return self.ahead.best(view, holds, self.rng) if self.skill.plans else holds[0]
        if not self.skill.searches:
            i, best = max(options, key=lambda o: o[1].score)
        else:
            i, best = max(options, key=lambda o: self._last_turn_value(view, o[1]))
        return self._lay(view, hand, i, best)

    def _last_turn_value(self, view: QuiddlerView, arrangement: Arrangement) -> int:
        """The hand's score (floored) plus the bonuses it would take from the words already on the table."""
        shown = [w for w in view.words if not w.struck and w.owner != view.seat]
        counts: dict[int, int] = {}
        for w in shown:
            counts[w.owner] = counts.get(w.owner, 0) + 1
        value = max(0, arrangement.score)
        if len(arrangement.melds) > max(counts.values(), default=0):
            value += BONUS
        if arrangement.longest > max((len(w.text) for w in shown), default=0):
            value += BONUS
        return value

    def _lay(self, view: QuiddlerView, hand: list[str], discard_at: int, arrangement: Arrangement) -> Discard:
        """The discard move: the arrangement's words spelled with actual card ids."""
        discard = hand[discard_at]
        rest = [view.cards[c] for c in hand if c != discard]
        return Discard(discard, to_cards([m.parts for m in arrangement.melds], rest).words)


def make_bot(level: str, lexicon: Lexicon, seed: int = 0) -> QuiddlerBot:
    return QuiddlerBot(level, lexicon, seed)
