"""The typed errors that the rules and the loaders raise, each worded for a player."""


class RefusedMove(ValueError):
    """The rules refuse a move; every refusal is one of the kinds below, each worded for the player who tried it."""


class InvalidMove(RefusedMove):
    """The move text or value is malformed: it does not say a move at all."""


class IllegalMove(RefusedMove):
    """A well-formed move that the rules forbid in this position."""


class NotNow(IllegalMove):
    """A move of a kind the game does not take in this phase; the message says what it waits for."""


class NotYourTurn(IllegalMove):
    """A seat that may not make this move: it is another's turn, there is no such seat, or a player would
    challenge their own words."""


class SetupError(ValueError):
    """The seats or options do not make a game of this kind: too many players, an option out of its range."""


class WordcardsError(Exception):
    """A problem a player can fix (bad file, unknown name); shown as one line, never a traceback."""


class LexiconError(WordcardsError):
    """The word list could not be loaded."""


class SaveError(WordcardsError):
    """A save file is missing, corrupt, or from a newer version."""


class UnknownGame(WordcardsError):
    """No game has that name."""


class ComputerFailed(WordcardsError):
    """A computer player, and every weaker one after it, failed to decide (a bug; the details are in a crash file)."""


class RecordError(WordcardsError):
    """The club's record (its database) cannot be opened or written: missing, not a database, or from a newer
    version."""
