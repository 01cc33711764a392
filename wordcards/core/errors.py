"""The typed errors that the rules and the loaders raise, each worded for a player."""


class InvalidMove(ValueError):
    """The move text or value is malformed: it does not say a move at all."""


class IllegalMove(ValueError):
    """A well-formed move that the rules forbid in this position."""


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
