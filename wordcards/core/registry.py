"""The games, found through the ``wordcards.games`` entry-point group (the way pytest finds its plug-ins).

Each entry point names a game package's ``Game`` (``core.game``); a game
installed from another package shows up the same way. An entry point is loaded
only when its game is asked for, so ``wordcards play fez`` imports FEZ alone,
and wordcards' own games are looked up in its own metadata first, read straight from
its ``entry_points.txt``: scanning every installed distribution (and importing
importlib.metadata) costs start-up time, and a plug-in cannot shadow them.
"""

from __future__ import annotations

import sys
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wordcards.core.errors import UnknownGame
from wordcards.core.game import Game, check_game

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "wordcards.games"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    """The group's entry points by name; the first of a name wins (its package is first on the path)."""
    from importlib.metadata import entry_points  # 15 ms of imports (email, zipfile): only for other packages' games

    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, point)
    return found


@cache
def _own_entry_points() -> dict[str, str]:
    """wordcards' own games (name -> ``module:attribute``), read from its own installed metadata's
    ``entry_points.txt`` found on the path, without importlib.metadata; empty if wordcards was never installed."""
    for folder in sys.path:
        for info in sorted(Path(folder or ".").glob("wordcards-*.dist-info")):
            try:
                text = (info / "entry_points.txt").read_text(encoding="utf-8")
            except OSError:
                continue
            found, section = {}, ""
            for line in text.splitlines():
                line = line.strip()
                if line.startswith("["):
                    section = line.strip("[]")
                elif section == GROUP and "=" in line:
                    name, value = (part.strip() for part in line.split("=", 1))
                    found[name] = value
            return found
    return {}


def _entry_point(name: str) -> str | None:
    """Where the game ``name`` lives, as ``module:attribute``, or None."""
    own = _own_entry_points().get(name)
    if own is not None:
        return own
    point = _entry_points().get(name)
    return point.value if point is not None else None


def _load_value(value: str) -> Any:
    module, _, attribute = value.partition(":")
    found: Any = import_module(module.strip())
    for part in attribute.strip().split(".") if attribute else []:
        found = getattr(found, part)
    return found


@cache
def _load(name: str) -> Game:
    value = _entry_point(name)
    assert value is not None
    try:
        game = _load_value(value)
    except Exception as exc:  # a broken plug-in is named, not a traceback
        raise UnknownGame(f"the game {name!r} ({value}) does not load: {exc}") from None
    try:
        return check_game(game, f"{value} (entry point {name!r})")
    except TypeError as exc:
        raise UnknownGame(str(exc)) from None


def names() -> list[str]:
    """Every installed game's name, in the order the packages declare them."""
    return list(_entry_points())


def all_games() -> list[Game]:
    return [_load(name) for name in names()]


def find_game(name: str) -> Game:
    key = name.lower()
    if _entry_point(key) is None:
        known = ", ".join(names()) or "none: install wordcards with pip, which registers its games"
        raise UnknownGame(f"unknown game {name[:40]!r} (games: {known})")
    return _load(key)
