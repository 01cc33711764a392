"""Quiddler: spell your whole hand to go out; rounds of 3 to 6 cards (3 to 10 in the long game)."""

from wordcards.core.game import Game, lazy
from wordcards.games.quiddler import rules, rules_text

GAME = Game(
    name="quiddler",
    title="Quiddler",
    summary="go out by spelling your whole hand; 4 rounds",
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
    rules=rules,
    make_bot=lazy("wordcards.games.quiddler.bot:make_bot"),
    ui="wordcards.games.quiddler.ui:UI",
    rules_text=rules_text.TEXT,
    scores_moves=False,  # scored at the end of the round
)
