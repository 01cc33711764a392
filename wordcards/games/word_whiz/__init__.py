"""Word Whiz: a shared crossword from coloured tile sets; take turns, or race the computer players."""

from wordcards.core.computer import LEVELS
from wordcards.core.game import Game, Race, TurnClock, lazy
from wordcards.games.word_whiz import rules, rules_text
from wordcards.games.word_whiz.moves import Pass


def list_problem(words) -> str | None:
    """Every round starts with a 5-letter word: a list with none would have the starter swap tiles for ever."""
    if any(len(word) == 5 for word in words.words):
        return None
    return "has no 5-letter word, and every round of Word Whiz starts with one"


def racing(s) -> tuple[int, ...]:
    """In a race every seat that is not stuck places tiles when it likes."""
    if not s.options.race or s.phase != "play":
        return ()
    return tuple(seat for seat in range(s.players) if not s.stuck[seat])


GAME = Game(
    name="word-whiz",
    title="Word Whiz",
    summary="a shared crossword from coloured tile sets; take turns or race",
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
    rules=rules,
    make_bot=lazy("wordcards.games.word_whiz.bot:make_bot"),
    ui="wordcards.games.word_whiz.ui:UI",
    rules_text=rules_text.TEXT,
    scores_moves=False,  # scored at the end of the round
    lexicon_parts=("crossword",),  # the bot extends words letter by letter
    turn_clock=TurnClock(seconds=lambda s: None if s.options.race else s.options.turn_clock or None,
                         expired=lambda s: Pass(s.current)),
    challenge_own_words=lambda s: s.phase == "challenge" and not s.placed,  # the round's end, not a placement's
    list_problem=list_problem,
    race=Race(racing=racing, seconds=lambda s, level: s.options.race_seconds * LEVELS[level].race_pace,
              chosen=lambda options: bool(options.get("race"))),
)
