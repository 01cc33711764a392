"""The games, found through the ``wordcards.games`` entry-point group (the way pytest finds its plug-ins).

Each entry point names a game package's ``Game`` (``core.game``); a game
installed from another package shows up the same way. An entry point is loaded
only when its game is asked for, so ``wordcards play fez`` imports FEZ alone,
and wordcards' own games are looked up in its own metadata first: scanning every
installed distribution costs start-up time (and a plug-in cannot shadow them).
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, PackageNotFoundError, distribution, entry_points

from wordcards.core.errors import UnknownGame
from wordcards.core.game import Game, check_game

GROUP = "wordcards.games"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    """The group's entry points by name; the first of a name wins (its package is first on the path)."""
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, point)
    return found


@cache
def _own_entry_points() -> dict[str, EntryPoint]:
    """wordcards' own games, read from its own metadata alone."""
    try:
        return {point.name: point for point in distribution("wordcards").entry_points.select(group=GROUP)}
    except PackageNotFoundError:  # running from a checkout that was never installed
        return {}


def _entry_point(name: str) -> EntryPoint | None:
    return _own_entry_points().get(name) or _entry_points().get(name)


@cache
def _load(name: str) -> Game:
    point = _entry_point(name)
    assert point is not None
    try:
        game = point.load()
    except Exception as exc:  # a broken plug-in is named, not a traceback
        raise UnknownGame(f"the game {name!r} ({point.value}) does not load: {exc}") from None
    try:
        return check_game(game, f"{point.value} (entry point {name!r})")
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
