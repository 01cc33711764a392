"""What a word means: one short definition, from ``dictionaries/definitions.txt`` (WordNet 3.0 and Webster's 1913).

The file has a line for each word of the default list that a source defines,
or that is an inflection of one (``kahawais`` -> ``kahawai``, plural); see
``dictionaries/build_definitions.py``. It is read on first use, about a tenth of
a second, so the table reads it in the word list's thread.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from wordcards.core.lexicon import dictionaries_dir

FILE = "definitions.txt"
SOURCES = ("WordNet 3.0 (Princeton University, dictionaries/WORDNET-LICENSE) and Webster's Revised Unabridged "
           "Dictionary of 1913 (public domain)")


class Meaning(NamedTuple):
    word: str
    gloss: str
    """The definition, with its part of speech first when the source gives one (``n.``, ``v.``, ``adj.``)."""
    steps: tuple[tuple[str, str], ...] = ()
    """How the word comes from the word ``gloss`` defines, each step (how, from what): (("plural", "kahawai"),),
    or (("re- (again)", "titles"), ("form", "title")) for RETITLES."""

    @property
    def origin(self) -> str:
        """``plural of kahawai``; ``re- (again) + titles, form of title``."""
        return ", ".join(f"{how} + {base}" if how.split()[0].endswith("-")  # re- (again) + title
                         else f"{base} + {how}" if how.startswith("-") and "(" in how  # clerk + -ish (…)
                         else f"{how} of {base}" for how, base in self.steps)

    def __str__(self) -> str:
        """``KAHAWAIS (plural of kahawai): n. …``"""
        said = f" ({self.origin})" if self.steps else ""
        return f"{self.word.upper()}{said}: {self.gloss}"


@lru_cache(maxsize=1)
def entries() -> dict[str, str]:
    """Word -> its line's rest: a definition, or ``=base<TAB>form``; empty if the file is missing."""
    try:
        text = (dictionaries_dir() / FILE).read_text(encoding="utf-8")
    except OSError:
        return {}
    out = {}
    for line in text.splitlines():
        word, tab, rest = line.partition("\t")
        if tab:
            out[word] = rest
    return out


def define(word: str) -> Meaning | None:
    """The word's meaning, or None when no source defines it or a word it comes from."""
    known = entries()
    entry = known.get(word.lower())
    steps: list[tuple[str, str]] = []
    while entry is not None and entry.startswith("=") and len(steps) < 4:
        base, _, how = entry[1:].partition("\t")
        steps.append((how, base))
        entry = known.get(base)
    if entry is None or entry.startswith("="):
        return None
    return Meaning(word, entry, tuple(steps))


def meaning_line(word: str) -> str:
    """One line for a player: the meaning, or that no definition is at hand."""
    found = define(word)
    return str(found) if found else f"{word.upper()}: no definition at hand"
