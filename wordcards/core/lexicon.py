"""Word lists: loading, O(1) membership, and the anagram search bots and hints use.

Loading reads the file and builds a frozenset (about 0.1 s for the default
list). The anagram index, which the search needs, and the prefixes the crossword
move generator walks, are built on first use, so a
player who never asks the computer for help never pays for it.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Sequence

from wordcards.core.errors import LexiconError
from wordcards.core.files import open_regular, read_regular
from wordcards.core.common import counted, printable

BUILT_IN = {"default": "words.txt", "scowl": "scowl.txt", "common": "common.txt", "clean": "common.txt",
            "words": "words.txt"}
"""The built-in lists by name: the game list, SCOWL's spelling list, its common words, and those less the obscene
words (``offensive``). ``words`` is an older name of the default, which saves may hold."""
SCOWL_LIST = "scowl"
NAMES = tuple(name for name in BUILT_IN if name != "words")
"""The built-in lists' names as players see them, the default first (``ABOUT_THE_LISTS`` tells them apart)."""
MAX_BYTES = 50 * 1024 * 1024
MAX_WORD = 45
"""The longest word kept (PNEUMONOULTRAMICROSCOPICSILICOVOLCANOCONIOSIS); no card game can spell one longer."""
WILD = "?"


def dictionaries_dir() -> Path:
    """The word lists: inside the installed package, or at the top of a source checkout."""
    packaged = resources.files("wordcards") / "dictionaries"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "dictionaries"


def resolve(name_or_path: str) -> Path:
    if name_or_path in BUILT_IN:
        return dictionaries_dir() / BUILT_IN[name_or_path]
    try:
        return Path(name_or_path).expanduser()
    except RuntimeError:  # ~name of a user who does not exist
        raise LexiconError(f"word list {name_or_path}: no such user's home folder") from None


@dataclass
class Lexicon:
    name: str
    words: frozenset[str]
    skipped: int = 0
    """Lines of the file left out: longer than ``MAX_WORD`` letters (lines that are not words are not counted)."""
    _index: dict[str, tuple[str, ...]] | None = field(default=None, repr=False)
    _prefixes: frozenset[str] | None = field(default=None, repr=False)
    _follow: dict[str, str] = field(default_factory=dict, repr=False)
    _trigrams: frozenset[str] | None = field(default=None, repr=False)
    compiled: Any = field(default=None, repr=False, compare=False)
    """The compiled move generator's trie of these words (``core.movegen.compiled``), once built."""

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self.words

    def __len__(self) -> int:
        return len(self.words)

    @property
    def index(self) -> dict[str, tuple[str, ...]]:
        """Sorted letters -> the words made of exactly those letters."""
        if self._index is None:
            groups: dict[str, list[str]] = {}
            for word in self.words:
                groups.setdefault("".join(sorted(word)), []).append(word)
            self._index = {key: tuple(sorted(ws)) for key, ws in groups.items()}
        return self._index

    @property
    def prefixes(self) -> frozenset[str]:
        """Every beginning of a word, the words included: what the crossword move generator walks."""
        if self._prefixes is None:
            self._prefixes = frozenset(w[:i] for w in self.words for i in range(1, len(w) + 1))
        return self._prefixes

    @property
    def crossword(self) -> object:
        """What the crossword move generator walks: its compiled trie, or the prefixes if it is not built."""
        from wordcards.core import movegen  # it imports this module

        return movegen.compiled(self) if movegen.Trie is not None else self.prefixes

    def follow(self, prefix: str) -> str:
        """The letters that can come next after ``prefix`` in some word, in order (remembered once asked)."""
        letters = self._follow.get(prefix)
        if letters is None:
            prefixes = self.prefixes
            letters = self._follow[prefix] = "".join(ch for ch in string.ascii_lowercase if prefix + ch in prefixes)
        return letters

    @property
    def trigrams(self) -> frozenset[str]:
        """Every run of three letters in these words, with ``^`` and ``$`` for a word's ends (``^pe``, ``ny$``)."""
        if self._trigrams is None:
            self._trigrams = frozenset(t for w in self.words for t in _runs_of_three(w))
        return self._trigrams

    def looks_wrong(self, word: str) -> bool:
        """Whether ``word`` looks like a mistake to a person who knows these words: it has a run of three letters
        none of them has (PENYNY's NYN) and is one slip from one of them (PENNY), or has two such runs. A word of
        two or three letters never does: most runs of three in it are its ends, and short words are where a list
        holds the rare ones a person has not met (QI, XU)."""
        if len(word) < 4:
            return False
        known = self.trigrams
        unseen = sum(t not in known for t in _runs_of_three(word.lower()))
        return unseen >= 2 or (unseen == 1 and self.one_slip_from(word.lower()))

    def one_slip_from(self, word: str) -> bool:
        """Whether a letter added, dropped, changed or two swapped makes ``word`` one of these words."""
        words, letters = self.words, string.ascii_lowercase
        for i in range(len(word) + 1):
            head, tail = word[:i], word[i:]
            if any(head + ch + tail in words for ch in letters):
                return True
            if tail and (head + tail[1:] in words or any(head + ch + tail[1:] in words for ch in letters if ch != tail[0])):
                return True
            if len(tail) > 1 and head + tail[1] + tail[0] + tail[2:] in words:
                return True
        return False

    def anagrams(self, letters: str) -> tuple[str, ...]:
        return self.index.get("".join(sorted(letters.lower())), ())

    def search(self, choices: Sequence[Iterable[str]], min_len: int = 2) -> set[str]:
        """Every word that takes exactly one choice from each card.

        ``choices`` holds, for each card, the letter strings it can give ("" for
        leaving the card out, "?" for a blank that can be any letter). A FEZ
        digram card TH gives ``["", "t", "h", "th"]``; a Quiddler QU card
        ``["", "qu"]``. The search expands the choices into sorted letter
        multisets and looks each up in the anagram index.
        """
        keys = {""}
        for options in choices:
            expanded = {o.lower() for o in options if o != WILD}
            if WILD in options:
                expanded.update(string.ascii_lowercase)
            keys = {"".join(sorted(k + o)) for k in keys for o in expanded}
        index = self.index
        found: set[str] = set()
        for key in keys:
            if len(key) >= min_len and key in index:
                found.update(index[key])
        return found


def _runs_of_three(word: str) -> list[str]:
    marked = f"^{word}$"
    return [marked[i:i + 3] for i in range(len(marked) - 2)]


def parse_words(text: str) -> tuple[frozenset[str], int]:
    """The words, and how many were too long to keep.

    One word a line, any case; ``#`` starts a comment; lines that are not plain
    a-z words are skipped, and so are words over ``MAX_WORD`` letters: the
    crossword search keeps every beginning of every word, which grows with the
    square of a word's length.
    """
    lines = text.lower().splitlines()
    if "#" in text:
        lines = [line.split("#", 1)[0] for line in lines]
    words = {w for w in map(str.strip, lines) if w.isalpha() and w.isascii()}
    long = {w for w in words if len(w) > MAX_WORD}
    return frozenset(words - long), len(long)


def _label(name_or_path: str, path: Path) -> str:
    return name_or_path if name_or_path in BUILT_IN else printable(str(path))


def precheck(name_or_path: str) -> Path:
    """The quick checks (exists, size, not binary), cheap enough to run before the app opens."""
    path = resolve(name_or_path)
    label = _label(name_or_path, path)
    try:
        with open_regular(path, MAX_BYTES) as f:
            head = f.read(65536)
    except FileNotFoundError:
        raise LexiconError(f"word list {label}: no such file (built-in lists: {', '.join(NAMES)})") from None
    except ValueError as exc:
        raise LexiconError(f"word list {label}: {exc}") from None
    except OSError as exc:
        raise LexiconError(f"word list {label}: cannot read it ({exc.strerror})") from None
    if not head:
        raise LexiconError(f"word list {label}: the file is empty")
    if b"\0" in head:
        raise LexiconError(f"word list {label}: looks like a binary file, not one word a line")
    return path


@lru_cache(maxsize=4)
def load(name_or_path: str = "default") -> Lexicon:
    """Load a built-in list by name or any one-word-a-line file; raise LexiconError with a clear reason."""
    path = precheck(name_or_path)
    label = _label(name_or_path, path)
    try:
        raw = read_regular(path, MAX_BYTES)
    except ValueError as exc:
        raise LexiconError(f"word list {label}: {exc}") from None
    except OSError as exc:
        raise LexiconError(f"word list {label}: cannot read it ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark is not part of the first word
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    words, skipped = parse_words(text)
    if name_or_path == "clean":
        words -= offensive()
    if not words:
        raise LexiconError(f"word list {label}: holds no words (one word a line, letters a-z)")
    return Lexicon(name=label, words=words, skipped=skipped)


def load_note(words: Lexicon) -> str | None:
    """What a player should know about how the list was read, or None."""
    if not words.skipped:
        return None
    return f"word list {words.name}: {counted(words.skipped, 'word')} longer than {MAX_WORD} letters left out"


ABOUT_THE_LISTS = """## Word lists

The default list is made for word games: ENABLE, the public-domain list
many open word games start from (172,823 words), with the words SCOWL has
that a club list (the North American list, TWL06, or Collins) also takes: the
words added since ENABLE (QI, ZA, QUBIT) and Collins's British words. Every
two-letter word of either club list is in (AA, MM, OE, and Collins's CH and
ST), every word of three or four letters of the North American list but its
slurs, and everyday words too new for either (emoji, selfie, meh). It leaves out
abbreviations and proper nouns (AEQ, NASA, KB) and 134 slurs (counting plurals
and other forms), as the North American Scrabble list did in 2020: most come
from David Sojevic's profanity-list (MIT licence), tagged racial or lesbian,
gay, bisexual or transgender, with a few words that also have an everyday
sense kept (a pansy is a flower).

`--dictionary scowl` is a spelling dictionary instead: SCOWL's English
words up to size 80 (about 250,000), less the abbreviations, Roman numerals
and letter plurals SCOWL marks, and short words no club list has.
`--dictionary common` is SCOWL's words up to size 50. The other words the
profanity list names as obscene stay in these lists, but computer players
below *hard* never play them, and the clean list (`--dictionary clean`, the
younger players' Gift Words) is the common list without them.
`--dictionary PATH` loads any list as it is. `dictionaries/offensive.txt`
lists the words, and `dictionaries/build.py` says how each list was made.

`wordcards define WORD` says what a word means, and so do the log (F3), the
challenge verdict, hints and the game-over review. The definitions come from
WordNet 3.0 (Princeton University), Webster's Revised Unabridged Dictionary of
1913 (public domain), and short definitions written for wordcards for words
neither has (short words, new words, Collins words); a plural or other form
points at its word (KAHAWAIS: plural of kahawai)."""

WHOLE_LIST = 80
"""SCOWL's largest size in the SCOWL list: a vocabulary this big is the whole loaded list, whatever it is (the game
list's words that SCOWL lacks, or has only at a larger size, are known to *hard* and *expert* alone)."""


@lru_cache(maxsize=4)
def words_up_to(size: int) -> frozenset[str]:
    """The SCOWL list's words of SCOWL size ``size`` or less (10: the most common; 80: all of them). ``scowl.txt``
    is grouped by size, commonest first, under ``# size N`` lines (see ``dictionaries/build.py``), so they are the
    lines before the first larger size."""
    text = (dictionaries_dir() / BUILT_IN[SCOWL_LIST]).read_text(encoding="utf-8")
    larger = next((m.start() for m in re.finditer(r"^# size (\d+)$", text, re.M) if int(m.group(1)) > size), len(text))
    return parse_words(text[:larger])[0]


@lru_cache(maxsize=1)
def offensive() -> frozenset[str]:
    """Slurs and obscene words (``dictionaries/offensive.txt``, from a credited list; see ``build.py``): the built-in
    lists already lack the slurs; computer players below *hard* and the ``clean`` list avoid them all."""
    return parse_words((dictionaries_dir() / "offensive.txt").read_text(encoding="utf-8"))[0]


@lru_cache(maxsize=8)
def vocabulary(name_or_path: str, size: int) -> Lexicon:
    """The words of a list that a person who knows SCOWL's words up to ``size`` would know: what a computer player
    of a level below *hard* plays and believes, less the offensive words. Any list works: a word the SCOWL list
    lacks counts as rare."""
    full = load(name_or_path)
    if size >= WHOLE_LIST:
        return full
    return Lexicon(f"{full.name}, SCOWL size <= {size}", full.words & words_up_to(size) - offensive())
