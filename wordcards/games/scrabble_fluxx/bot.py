"""Scrabble Fluxx computer players. They read only their own ``FluxxView``.

Tiles: both find every legal placement with the crossword move generator
(``core.movegen``, with cross-checks, on the 15×15 board), and score each
exactly as the rules will, premiums and bonuses included. Under a Play rule
they lay exactly the tiles due in one word if they can, else the largest
placement they can, and then another; with none left, they reveal.

Cards: *hard* weighs each card it could play. It plays a Goal or Keeper that
ends the game only while it leads, and otherwise keeps the game going; it
steers toward Goals whose Keepers it holds, takes Keepers that complete its
Goal, trashes a leader's Keeper, and likes Draw rules and more cards; so does
*medium*, with the words a keen adult knows, missing a long placement now and
then. *easy* and *beginner* play a card at random and lay the best of a handful
of the placements they notice (the level's ``looks``), keeping their blanks,
from common and everyday words.

*expert* looks ahead where hard takes the top of a list: of hard's four best
placements and the three Fluxx cards it likes best, it plays each out, by hard
players, to the end of its own next turn, over up to three guesses at the
tiles and cards it has not seen (fewer at a crowded table, so it answers
within a second; the same guesses for each), and keeps the one that gains the
most on the best other seat, counting 50 points more for a play-out that ends
the game with it ahead (50 less behind). So it weighs what a placement opens
for the next player, what a card hands them, and whether a Goal would end the
game in its favour, not just its own points; and, since the play-out takes its
own next turn too, what the tiles it keeps will make (stopping when the others
have replied, it beat hard in 57% of the ladder's 400 games; now 62%).

Both look for a play of a revealed rack (hard with the whole list), discard
their least useful pieces, and challenge words they do not know (easy only
now and then).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from wordcards.core.computer import ComputerPlayer, Foresight
from wordcards.core.lexicon import Lexicon
from wordcards.core.moves import Challenge, EndTurn
from wordcards.core.movegen import Play, generate
from wordcards.core.placing import letters_of, place_of
from wordcards.core.common import leaders, sheet_totals
from wordcards.games.scrabble_fluxx.deck import AREA, CENTRE, fluxx, tile_value
from wordcards.games.scrabble_fluxx.fluxx import excess, targets
from wordcards.games.scrabble_fluxx.moves import Drop, Find, Move, NoFind, Pass, PlayCard, Reveal, Swap
from wordcards.games.scrabble_fluxx import rules
from wordcards.games.scrabble_fluxx.rules import challenge_targets, preview_score
from wordcards.games.scrabble_fluxx.scoring import QuickScorer
from wordcards.games.scrabble_fluxx.state import FluxxView

SEARCH_NODES = 30_000
"""The budget (squares tried) of one search when the compiled move generator is not built; it searches whole."""
WILD_COST = 8
"""Points a blank is worth kept on the rack: hard spends one only for more than this."""
KEEP = Counter({"?": 10, "S": 6, "E": 3, "A": 2, "I": 2, "O": 2, "R": 2, "T": 2, "N": 2, "L": 1, "U": 1, "D": 1})
RULE_LIKING = {"draw": 4, "play": 1, "hand": 0, "keepers": 0, "premiums": 1, "length": 1, "blanks": 1, "bonus": 2}


def aims(view: FluxxView, card_id: str) -> list[str | None]:
    """What the card may be aimed at, or [None] for a card aimed at nothing."""
    found: list[str | None] = list(targets(view, card_id))
    return found or [None]


PLACEMENTS_WEIGHED = 4
"""How many of hard's best placements expert plays out."""
CARDS_WEIGHED = 3
"""How many of the Fluxx cards hard likes best expert plays out."""
DEALS = 3
"""How many guesses at what it has not seen expert plays each choice out over."""
BUDGET = 50
"""The moves expert plays out for one decision before it stops dealing more guesses (``core.lookahead``)."""
WIN_WORTH = 50
"""What a play-out that ends the game counts for winning it: a Goal can end the game on any card."""


class FluxxBot(ComputerPlayer):
    FORESIGHT = Foresight(rules, "turn", DEALS, BUDGET, WIN_WORTH)

    def choose(self, view: FluxxView) -> Move:
        if view.owed:
            return self.drop(view)
        if view.phase == "reveal":
            return self.find(view)
        if view.phase == "fluxx":
            return self.card(view)
        if view.phase == "place":
            return self.lay(view)
        return EndTurn()

    def challenges(self, view: FluxxView) -> list[Challenge]:
        return self.doubt(view.seat, challenge_targets(view))

    # ------------------------------------------------------------ tiles

    def plays(self, view: FluxxView, tiles, most: int | None) -> list[Play]:
        rack = "".join(view.cards[t].letters.lower() or "?" for t in tiles)
        return generate(letters_of(view.board), rack, self.lexicon, area=AREA, centre=CENTRE,
                        max_nodes=SEARCH_NODES, rng=self.rng, max_tiles=most)

    def lay(self, view: FluxxView) -> Move:
        due = None if view.target is None else view.target - view.placed
        plays = self.plays(view, view.hand, due)
        if not plays:
            if view.target is not None:
                return Reveal()
            if view.stock_count >= 7:
                return Swap(view.seat, tuple(self._worst(view, view.hand, min(len(view.hand), 7))))
            return Pass(view.seat)
        exact = [p for p in plays if due is None or len(p.tiles) == due]
        if not exact:
            most = max(len(p.tiles) for p in plays)
            exact = [p for p in plays if len(p.tiles) == most]
        seen = self.noticed_placements(exact)
        if not self.skill.searches:  # a modest player keeps its blanks while it can
            seen = [p for p in seen if not p.wilds] or seen
        seen = self.weighed(seen)
        worth = self.worth(view)
        if self.skill.plans:
            ranked = sorted(seen, key=lambda p: (worth(p), p.order), reverse=True)[:PLACEMENTS_WEIGHED]
            return self.ahead.best(view, [place_of(view.seat, view.board, p) for p in ranked], self.rng)
        best = max(seen, key=lambda p: (worth(p), p.order))
        return place_of(view.seat, view.board, best)

    def worth(self, view: FluxxView) -> Callable[[Play], float]:
        """What a placement is worth now: its score as the rules will reckon it, less a blank it spends."""
        if view.placements:  # a later placement of the turn: its bonuses count the earlier ones too
            return lambda play: (preview_score(view, place_of(view.seat, view.board, play), view.hand)
                                 - WILD_COST * play.wilds)
        scorer = QuickScorer(view.board, view.cards, view.rules)

        def worth(play: Play) -> float:
            due = view.target is not None and len(play.tiles) == view.target and not view.revealed
            return scorer.points(play.tiles, play.direction, due) - WILD_COST * play.wilds
        return worth

    def find(self, view: FluxxView) -> Move:
        plays = self.plays(view, view.revealed, None)
        if not plays:
            return NoFind(view.seat)
        return place_of(view.seat, view.board, min(plays, key=lambda p: p.order), kind=Find)

    # ------------------------------------------------------------ cards

    def card(self, view: FluxxView) -> Move:
        options = [PlayCard(c, t) for c in view.fluxx_hand for t in aims(view, c)]
        if not self.skill.searches:
            return self.rng.choice(options)
        if self.skill.plans:
            ranked = sorted(options, key=lambda m: (self.liking(view, m), str(m)), reverse=True)[:CARDS_WEIGHED]
            return self.ahead.best(view, ranked, self.rng)
        return max(options, key=lambda m: (self.liking(view, m), str(m)))

    def leading(self, view: FluxxView) -> bool:
        totals = sheet_totals(list(view.sheet), len(view.seats))
        return leaders(totals) == [view.seat]

    def liking(self, view: FluxxView, move: PlayCard) -> float:
        card = fluxx()[move.card]
        me = view.seat
        mine = set(view.keepers[me])
        goal = fluxx()[view.goal] if view.goal else None
        if card.kind == "keeper":
            mine.add(card.id)
        if card.effect == "steal-keeper" and move.target:
            mine.add(move.target)
        if card.kind in ("keeper", "goal") or card.effect == "steal-keeper":
            after = card if card.kind == "goal" else goal
            if after is not None and self._meets(view, after, mine):
                return 100 if self.leading(view) else -100
        if card.kind == "goal":
            near = len(set(card.keepers) & mine) - max(len(set(card.keepers) & set(k)) for s, k in
                                                       enumerate(view.keepers) if s != me)
            return 5 + 6 * near if self.leading(view) else -2
        if card.kind == "keeper":
            return 8 + (6 if goal and card.id in goal.keepers else 0)
        if card.kind == "rule":
            return RULE_LIKING.get(card.slot or "", 0) + (card.number if card.slot == "draw" else 0)
        if card.effect == "trash-keeper" and move.target:
            owner = next(s for s, ks in enumerate(view.keepers) if move.target in ks)
            wanted = goal is not None and move.target in goal.keepers
            return (-10 if owner == me else 4) + (8 if wanted and owner != me else 0)
        if card.effect == "steal-keeper":
            return 10 if move.target else -1
        if card.effect == "trade-hands" and move.target:
            return 3 if len(view.fluxx_hand) - 1 < view.fluxx_sizes[int(move.target)] else -3
        return {"draw": 6, "extra-tiles": 3, "fresh-rack": 1}.get(card.effect or "", 0)

    @staticmethod
    def _meets(view: FluxxView, goal, mine: set[str]) -> bool:
        """Whether ``goal`` is met once this player holds ``mine`` (other Goals are judged on the table as it is)."""
        if goal.need == "keepers":
            return any(set(goal.keepers) <= (mine if s == view.seat else set(k)) for s, k in enumerate(view.keepers))
        if goal.need == "keeper-count":
            return any(len(mine if s == view.seat else k) >= goal.value for s, k in enumerate(view.keepers))
        if goal.need == "letters":
            return set(goal.value) <= {p.letter for p in view.board.values()}
        if goal.need == "tiles":
            return len(view.board) >= goal.value
        if goal.need == "score":
            return max(sheet_totals(list(view.sheet), len(view.seats))) >= goal.value
        return False  # a long word: not worth reckoning here

    # ------------------------------------------------------------ discarding

    def drop(self, view: FluxxView) -> Move:
        over = excess(view, view.seat)
        goal = fluxx()[view.goal] if view.goal else None
        ids: list[str] = []
        if "cards" in over:
            hand = sorted(view.fluxx_hand, key=lambda c: (self.liking(view, PlayCard(c, aims(view, c)[0])), c))
            ids += hand[:over["cards"]]
        if "keepers" in over:
            ks = sorted(view.keepers[view.seat], key=lambda k: (goal is not None and k in goal.keepers, k))
            ids += ks[:over["keepers"]]
        if "tiles" in over:
            ids += self._worst(view, view.hand, over["tiles"])
        return Drop(view.seat, tuple(ids))

    def _worst(self, view: FluxxView, tiles, n: int) -> list[str]:
        """The ``n`` tiles least worth keeping: rare letters and repeats go first, blanks and S last."""
        seen: Counter = Counter()

        def keep(tile: str) -> tuple:
            letter = view.cards[tile].letters or "?"
            seen[letter] += 1
            return (KEEP[letter] - 2 * (seen[letter] - 1) - (tile_value(view.cards[tile]) >= 8) * 3, tile)

        return [t for _, t in sorted(keep(t) for t in tiles)[:n]]



def make_bot(level: str, lexicon: Lexicon, seed: int = 0) -> FluxxBot:
    return FluxxBot(level, lexicon, seed)
