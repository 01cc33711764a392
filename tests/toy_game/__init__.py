"""Word Chain: the toy game the conformance suite and a Pilot test play, registered like any plug-in game.

``tests/plugins`` holds its distribution's metadata (an ``entry_points.txt`` in the
``wordcards.games`` group); ``tests/conftest.py`` puts that folder on the path.
"""

from tests.toy_game import bot, rules
from wordcards.core.game import Game

GAME = Game(
    name="word-chain",
    title="Word Chain",
    summary="each word starts with the last letter of the one before (a test game)",
    players=(rules.MIN_PLAYERS, rules.MAX_PLAYERS),
    rules=rules,
    make_bot=bot.make_bot,
    ui="tests.toy_game.ui:UI",
    rules_text=rules.__doc__ or "",
)
