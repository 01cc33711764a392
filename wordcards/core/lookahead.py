"""Looking ahead, for the *expert* level: each candidate move played out by hard players over guesses at the
cards its seat has not seen.

Quackle and Macondo choose their moves this way ("simulation"). A few states
that the seat's view allows are drawn (the game's ``resample``); every
candidate is applied to the same states, so candidates differ by their own
merit and not by the luck of the deal (common random numbers); each is played
out to a horizon; the move with the best mean lead wins.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Literal, Sequence

from wordcards.core.errors import RefusedMove
from wordcards.core.game import Bot, Rules

Horizon = Literal["replies", "turn", "round"]
"""How far a candidate is played out: until the others have replied (the seat is to move again), to the end of the
seat's own next turn, or to the end of the round."""
ROUND_OVER = ("round-over", "game-over")
MOST_MOVES = 400
"""A play-out stops here whatever the horizon (a stalled round cannot run on)."""


class Lookahead:
    """``best`` plays each candidate out over up to ``deals`` guesses; once the play-outs of a decision have taken
    ``budget`` moves in all it stops after the guess in hand, so a crowded table costs no more than a small one. The
    budget counts moves, not seconds, so a seeded game plays the same on any machine."""

    def __init__(self, rules: Rules, resample: Callable[[Any, random.Random], Any], player: Bot,
                 horizon: Horizon, deals: int, budget: int, win_worth: float = 0.0):
        self.rules, self.resample, self.player = rules, resample, player
        self.horizon, self.deals, self.budget = horizon, deals, budget
        self.win_worth = win_worth
        """Points a play-out that ends the game counts for winning it (less for losing): in a game that a card can
        end at once, what matters then is who leads, not by how much."""
        self.moves = 0
        """Moves played out so far (by every decision)."""

    def best(self, view: Any, candidates: Sequence[Any], rng: random.Random) -> Any:
        """The candidate with the best mean lead; on a tie the earlier one (list the plain choice first)."""
        if len(candidates) < 2:
            return candidates[0]
        seeds = [rng.random() for _ in range(self.deals)]  # all drawn, so the budget never shifts later choices
        leads = [0.0] * len(candidates)
        started = self.moves
        for seed in seeds:
            state = self.resample(view, random.Random(seed))
            for i, move in enumerate(candidates):
                leads[i] += self.lead_after(state, move, view.seat)
            if self.moves - started >= self.budget:
                break
        return candidates[max(range(len(candidates)), key=lambda i: (leads[i], -i))]

    def lead_after(self, state: Any, move: Any, seat: int) -> float:
        """How much ``seat``'s lead over the best of the others grows from ``move`` to the horizon."""
        rules = self.rules
        before = rules.totals(state)
        state, _ = rules.apply(state, move)
        back, last = False, seat
        for _ in range(MOST_MOVES):
            mover = rules.to_move(state)
            if mover is None or state.phase in ROUND_OVER:
                break
            if self.horizon != "round" and mover != last:
                if mover == seat:
                    if self.horizon == "replies":
                        break
                    back = True
                elif back:
                    break
                last = mover
            try:
                state, _ = rules.apply(state, self.player.choose(rules.player_view(state, mover)))
            except RefusedMove:
                break  # a guess the rules refuse further on: the play-out counts up to here, not the decision's end
            self.moves += 1
        totals = rules.totals(state)
        gains = [after - was for after, was in zip(totals, before)]
        lead: float = gains[seat] - max(g for other, g in enumerate(gains) if other != seat)
        if rules.is_over(state):
            margin = totals[seat] - max(t for other, t in enumerate(totals) if other != seat)
            lead += self.win_worth * ((margin > 0) - (margin < 0))
        return lead
