"""Gift Words: coloured words that other players extend, to the gain of both."""

from wordcards.core.game import Game, lazy
from wordcards.games.gift_words import goal, rules, rules_text

GAME = Game(
    name="gift-words",
    title="Gift Words",
    summary="coloured words that others extend for both players' gain",
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
    rules=rules,
    make_bot=lazy("wordcards.games.gift_words.bot:make_bot"),
    ui="wordcards.games.gift_words.ui:UI",
    rules_text=rules_text.TEXT,
    prepare_options=goal.prepare,
    game_over=goal.game_over,
    rivals=lambda options: options.get("variant") != "cooperative",  # one team: its score is against a goal
    word_list=lambda options: "clean" if options.get("variant") == "younger" else None,  # no obscenities for children
)
