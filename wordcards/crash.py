"""When something the program did not foresee goes wrong: the details go to a file, the player gets one line.

A traceback is for the developers; the player needs to know what of their game
is saved (only what is true: the caller says), and where the details are.
"""

from __future__ import annotations

import time
import traceback
from pathlib import Path

from wordcards.core.common import printable
from wordcards.core.saves import home


KEEP = 40
"""Crash files kept: the newest; older ones are removed as new ones are written."""


def write(error: BaseException) -> str:
    """Write ``error``'s traceback to a new file under the wordcards home; its path, or why there is none."""
    text = "".join(traceback.format_exception(error))
    folder = home() / "crashes"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, 1000):  # one file per error, even several in a second
            path = folder / (f"crash-{stamp}.txt" if n == 1 else f"crash-{stamp}-{n}.txt")
            try:
                with path.open("x", encoding="utf-8") as f:
                    f.write(text)
            except FileExistsError:
                continue
            remove_old(folder, path)
            return printable(str(path))
    except OSError:
        pass
    return "(it could not be written)"


def remove_old(folder: Path, new: Path) -> None:
    """All but the newest ``KEEP`` crash files go (``new``, just written, stays: a clock may give others its time)."""
    found = []
    for path in folder.glob("crash-*.txt"):
        try:
            if path != new:
                found.append((path.stat().st_mtime_ns, path))
        except OSError:
            continue
    for _, path in sorted(found, reverse=True)[KEEP - 1:]:
        path.unlink(missing_ok=True)


def report(error: BaseException, saved: str = "") -> str:
    """The line to show the player, after ``wordcards: ``, when the program stops on ``error``; ``saved`` says what of
    the game is saved, when the caller knows."""
    saved = f" {saved}" if saved else ""
    return f"stopped on an internal error ({type(error).__name__}).{saved} Details for a bug report: {write(error)}"


def noted(error: BaseException) -> str:
    """The words for an error the program goes on after: ``failed (KeyError; details for a bug report: PATH)``."""
    return f"failed ({type(error).__name__}; details for a bug report: {write(error)})"
