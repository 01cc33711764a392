"""Scrabble Fluxx: Scrabble under rules that keep changing."""

from wordcards.core.game import Game, lazy
from wordcards.games.scrabble_fluxx import rules, rules_text

GAME = Game(
    name="scrabble-fluxx",
    title="Scrabble Fluxx",
    summary="Scrabble under rules that keep changing",
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
    rules=rules,
    make_bot=lazy("wordcards.games.scrabble_fluxx.bot:make_bot"),
    ui="wordcards.games.scrabble_fluxx.ui:UI",
    rules_text=rules_text.TEXT,
    scores_moves=False,  # a play scores when its challenge window closes
    pending_points=rules.pending_points,
    lexicon_parts=("crossword",),  # the bot extends words letter by letter
    words_required=rules.words_required,
    private_view_fields=("fluxx_hand",),
)
