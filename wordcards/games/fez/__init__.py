"""FEZ: make words from two-letter cards; flushes and stars double the score."""

from wordcards.core.game import Game, TurnClock, lazy
from wordcards.games.fez import rules, rules_text
from wordcards.games.fez.moves import TimeUp

GAME = Game(
    name="fez",
    title="FEZ",
    summary="two-letter cards; flushes and stars double your words",
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
    rules=rules,
    make_bot=lazy("wordcards.games.fez.bot:make_bot"),
    ui="wordcards.games.fez.ui:UI",
    rules_text=rules_text.TEXT,
    turn_clock=TurnClock(seconds=lambda s: rules.TURN_SECONDS if s.options.nasty_timer else None,
                         expired=lambda s: TimeUp()),
)
