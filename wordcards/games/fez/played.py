"""What lies on the FEZ table: played words and lay-off records, shared by rules, views and scoring."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Placed:
    card: str
    letters: str
    by: int
    """The seat that put this card into the word."""
    move: int
    """Index in the move history of the move that placed it."""


@dataclass
class TableWord:
    id: int
    owner: int
    created: int
    """Index of the move that made the word."""
    pieces: list[Placed] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(p.letters for p in self.pieces)

    def copy(self) -> "TableWord":
        """A copy that can grow by lay-offs without changing this one (the pieces themselves never change)."""
        return TableWord(self.id, self.owner, self.created, list(self.pieces))


@dataclass(frozen=True)
class LayOffRecord:
    word: int
    by: int
    move: int
    letters: str
    face: int
    flush_kept: bool
    """The word was a flush and every added letter card matched its colour: the lay-off scores double."""

    @property
    def points(self) -> int:
        return self.face * 2 if self.flush_kept else self.face
