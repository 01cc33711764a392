"""wordcards: word card games for the terminal, hot-seat and against the computer."""

__version__ = "0.1.0"
