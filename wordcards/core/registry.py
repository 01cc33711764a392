"""The games by name, the way python-chess keeps its variants (``find_game`` ~ ``find_variant``).

Each game package provides ``rules`` (pure), ``bot`` and ``screen`` modules;
they are imported only when needed, so ``wordcards games`` and start-up stay quick.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

from wordcards.core.errors import UnknownGame


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    summary: str
    players: tuple[int, int]
    package: str | None
    """None while the game is not built yet."""

    def _module(self, part: str) -> ModuleType:
        if self.package is None:
            raise UnknownGame(f"{self.title} is not built yet (playable: {', '.join(playable())})")
        return import_module(f"{self.package}.{part}")

    @property
    def rules(self) -> ModuleType:
        return self._module("rules")

    @property
    def bot(self) -> ModuleType:
        return self._module("bot")

    @property
    def screen(self) -> ModuleType:
        return self._module("screen")

    @property
    def rules_text(self) -> str:
        return self._module("rules_text").TEXT


GAMES = {
    spec.name: spec
    for spec in (
        GameSpec("fez", "FEZ", "two-letter cards; flushes and stars double your words", (2, 6), "wordcards.games.fez"),
        GameSpec("quiddler", "Quiddler", "go out by spelling your whole hand; 4 rounds", (2, 8),
                 "wordcards.games.quiddler"),
        GameSpec("gift-words", "Gift Words", "coloured words that others extend for both players' gain", (2, 6),
                 "wordcards.games.gift_words"),
        GameSpec("word-whiz", "Word Whiz", "a shared crossword from coloured tile sets; take turns or race", (2, 4),
                 "wordcards.games.word_whiz"),
        GameSpec("scrabble-fluxx", "Scrabble Fluxx", "Scrabble under rules that keep changing", (2, 4),
                 "wordcards.games.scrabble_fluxx"),
    )
}


def playable() -> list[str]:
    return [name for name, spec in GAMES.items() if spec.package]


def find_game(name: str) -> GameSpec:
    spec = GAMES.get(name.lower())
    if spec is None:
        raise UnknownGame(f"unknown game {name!r} (games: {', '.join(GAMES)})")
    if spec.package is None:
        raise UnknownGame(f"{spec.title} is not built yet (playable: {', '.join(playable())})")
    return spec
