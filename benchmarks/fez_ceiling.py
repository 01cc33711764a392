"""How much better than *hard* can a FEZ player get by looking ahead? An upper bound, and the honest figure beside it.

    python benchmarks/fez_ceiling.py [games-per-seating] [choices|words] [turn|round] [--honest] [--deals N]

*expert* chooses between drawing and taking the discard, and which card to
discard, by playing each choice out over guesses at the cards it has not seen
(``core.lookahead``); it plays hard's word. Here it cheats: its one "guess"
is the true state, every hand and the stock in its real order, so it knows
exactly what each choice will draw. No honest player can choose better with
the same choices and horizon, so what the cheat wins against *hard* bounds
what any look-ahead can win.

- ``choices`` (the default) weighs only the shipped expert's choices;
  ``words`` also weighs which word to play: hard's, the next three best new
  words, or none (discard now and keep the rest).
- ``turn`` (the default) plays each out to the end of expert's own next turn,
  as shipped; ``round`` to the end of the game.
- ``--honest`` plays them out over ``--deals`` guesses instead (8 by default),
  as expert does: the same search without the cheat.

It plays ``ladder.py``'s games (same seeds, seats swapped).
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import ladder  # noqa: E402
from wordcards.core.computer import Foresight  # noqa: E402
from wordcards.core.referee import Referee  # noqa: E402
from wordcards.games.fez import bot, rules  # noqa: E402
from wordcards.games.fez.moves import Discard  # noqa: E402
from wordcards.games.fez.solver import word_choices  # noqa: E402

WORDS_WEIGHED = 4
"""Hard's word and the next best new words, by this turn's points."""
TRUE_STATE: list = [None]


def see_everything() -> None:
    """Expert's one guess is the true state (the ladder's workers fork after this, and keep it)."""
    step = Referee.computer_step

    def computer_step(self: Referee):
        TRUE_STATE[0] = self.match.state
        return step(self)

    Referee.computer_step = computer_step
    rules.resample = lambda view, rng: copy.deepcopy(TRUE_STATE[0])


def weigh_words() -> None:
    """Expert also plays out, in its play phase, the best few words and stopping now."""
    choose = bot.FezBot.choose

    def choose_with_words(self: bot.FezBot, view):
        hand = [view.cards[c] for c in view.hand]
        best = self.best_play(view, hand) if self.skill.plans and view.phase == "play" else None
        if best is None:
            return choose(self, view)
        words = sorted((options[0] for options in (word_choices(w, hand, view.cards, view.options.nasty_flush,
                                                                view.seat) for w in sorted(self._found_words(hand)))
                        if options), key=lambda c: -c.points)
        moves = [best.move] + [c.move for c in words if str(c.move) != str(best.move)][:WORDS_WEIGHED - 1]
        return self.ahead.best(view, moves + [Discard(self._worst_cards(view, hand)[0].id)], self.rng)

    bot.FezBot.choose = choose_with_words


def main(per_seating: int, words: bool, horizon: str, honest: bool, deals: int) -> int:
    print(f"FEZ expert weighs {'words, stopping, ' if words else ''}drawing or taking, and its discard, to the end of "
          f"{'its next turn' if horizon == 'turn' else 'the game'}, "
          f"{f'over {deals} guesses' if honest else 'seeing every hand and the stock in order'}")
    if not honest:
        see_everything()
    if words:
        weigh_words()
    bot.FezBot.FORESIGHT = Foresight(rules, horizon, deals if honest else 1, 10**9)
    return ladder.main(per_seating, ["fez"], [("hard", "expert")])


if __name__ == "__main__":
    args = sys.argv[1:]
    count = int(args.pop(0)) if args and args[0].isdigit() else 100
    deals = int(args[args.index("--deals") + 1]) if "--deals" in args else 8
    sys.exit(main(count, "words" in args, "round" if "round" in args else "turn", "--honest" in args, deals))
