"""When something the program did not foresee goes wrong: the details go to a file, the player gets one line.

A traceback is for the developers; the player needs to know that the game was
saved after the last move, and where the details are.
"""

from __future__ import annotations

import time
import traceback
from pathlib import Path

from wordcards.core.saves import home


def report(error: BaseException) -> str:
    """Write ``error``'s traceback to a file under the wordcards home; the one line to show the player."""
    text = "".join(traceback.format_exception(error))
    try:
        folder = home() / "crashes"
        folder.mkdir(parents=True, exist_ok=True)
        path: Path | str = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.txt"
        Path(path).write_text(text, encoding="utf-8")
    except OSError:
        path = "(it could not be written)"
    return (f"wordcards stopped on an internal error ({type(error).__name__}). Every move up to the last one "
            f"is saved: `wordcards resume` goes on. Details for a bug report: {path}")
