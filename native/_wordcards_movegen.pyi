# The compiled move generator's interface (native/movegen.c), for mypy.
from typing import Callable, Mapping, TypeVar

T = TypeVar("T")

class Trie:
    nodes: int
    def __init__(self, text: bytes, /) -> None: ...
    def words(self) -> int: ...
    def generate(self, letters: Mapping[tuple[int, int], str], rack: str, box: tuple[int, int, int, int] | None,
                 centre: tuple[int, int], max_tiles: int, make: Callable[[tuple, str], T], across: str,
                 down: str, /) -> list[T]: ...
