"""What a word means: one short definition, from ``dictionaries/definitions.txt`` (WordNet 3.0 and Webster's 1913).

The file has a line for each word of the built-in lists that a source defines,
or that is an inflection of one (``kahawais`` -> ``kahawai``, plural), with the
sense it is a form of when that is not the one its base shows (``kindest``:
kind, the adjective, not the noun; ``blimped``: no verb sense of blimp at hand);
see ``dictionaries/build_definitions.py``. It is read on first use (10 MB, kept
as bytes and looked up by bisection: reading it raises a process's resident
memory by 11 MB, all of it kept, ``benchmarks/definitions_memory.py``), so the
table reads it in the word list's thread.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from functools import lru_cache
from typing import Iterator, NamedTuple

from wordcards.core.files import read_regular
from wordcards.core.lexicon import dictionaries_dir

FILE = "definitions.txt"
NEWLINE = re.compile(b"\n")


class Meaning(NamedTuple):
    word: str
    gloss: str
    """The definition, with its part of speech first when the source gives one (``n.``, ``v.``, ``adj.``); for a form
    whose word has no sense of the part of speech it is made from, that it has none ("no verb sense of blimp at
    hand")."""
    steps: tuple[str, ...] = ()
    """How the word comes from the word ``gloss`` defines, a step at a time: ("plural of kahawai",) for KAHAWAIS,
    ("form of retitle", "re- (again) + title") for RETITLES."""

    @property
    def origin(self) -> str:
        return ", ".join(self.steps)

    def __str__(self) -> str:
        """``KAHAWAIS (plural of kahawai): n. …``"""
        said = f" ({self.origin})" if self.steps else ""
        return f"{self.word.upper()}{said}: {self.gloss}"


class Entries:
    """The file's lines, looked up by word: its bytes, sorted, and where each line starts; 11 MB for 216,000 lines
    (a dict of them took 35 MB, once per host, and a str of the text 16, as one dash widens every character; a copy
    of the bytes to cut the header or the last newline, as this once made, raised the peak to 28 MB and kept 23)."""

    def __init__(self, data: bytes, first: int = 0) -> None:
        """``data[first:]`` are the lines (before it, the header); each start is found in place, without a copy."""
        self.data = data if data.endswith(b"\n") or not data else data + b"\n"
        self.starts = array("I", [first] if first < len(self.data) - 1 else [])
        self.starts.extend(m.end() for m in NEWLINE.finditer(self.data, first, len(self.data) - 1))

    def __len__(self) -> int:
        return len(self.starts)

    def word_at(self, line: int) -> bytes:
        start = self.starts[line]
        return self.data[start:self.data.find(b"\t", start, self.data.find(b"\n", start))]

    def get(self, word: str) -> str | None:
        """The rest of ``word``'s line: a definition, or ``=base<TAB>form``; None if it has no line."""
        if not word.isascii():
            return None
        key = word.encode()
        line = bisect_left(range(len(self.starts)), key, key=self.word_at)
        if line == len(self.starts) or self.word_at(line) != key:
            return None
        start = self.starts[line] + len(key) + 1
        return self.data[start:self.data.find(b"\n", start)].decode("utf-8", errors="replace")

    def __iter__(self) -> Iterator[str]:
        return (self.word_at(line).decode() for line in range(len(self.starts)))


MAX_BYTES = 64 * 2**20
"""Six times the file's size: a larger one is not read (nor a FIFO, nor a device such as ``/dev/zero``)."""


@lru_cache(maxsize=1)
def entries() -> Entries:
    """Every line of the file, by word; none if the file is missing, or is not a regular file of a sane size."""
    try:
        data = read_regular(dictionaries_dir() / FILE, MAX_BYTES)
    except (OSError, ValueError):
        data = b""
    header = data.find(b"\n") + 1 or len(data) if data.startswith(b"#") else 0
    return Entries(data, header)


SUFFIX_PARTS = {suffix: part for part, suffixes in (
    ("n", "er ness ism ist ment dom ship hood ization"), ("adj", "ish y less ful able like al ed"), ("adv", "ly wise"),
    ("v", "ize")) for suffix in suffixes.split()}
"""The part of speech of a word made with each suffix (``build_definitions.py`` makes them: growthy, growth + -y)."""
MADE = re.compile(r"\{\} \+ -(\w+) \((.+)\)$")
"""How a word made with a suffix comes from its base: "{} + -y (like, full of)"."""


def define(word: str, known: Entries | None = None) -> Meaning | None:
    """The word's meaning (in ``known``, else the file's), or None when no source defines it or a word it comes from.
    A word made with a suffix is told as the part of speech the suffix makes, its base's sense after it (GROWTHY:
    "adj. like, full of: growth (n. the process of growing)"), and so is a plural of an -ing form (ABIDINGS: "n. the
    act of: abide (v. …)"), unless a form on the way gives the sense it is of (DRUNKER: drunk, the adjective)."""
    known = entries() if known is None else known
    entry = known.get(word.lower())
    steps: list[str] = []
    made: list[str] = []  # what each step on the way makes of its base, before a sense: ["adj. like, full of: growth"]
    hows: list[str] = []
    sense = ""
    while entry is not None and entry.startswith("=") and len(steps) < 4:
        base, _, how = entry[1:].partition("\t")  # how: "plural of {}", where {} stands for the base
        how, _, said = how.partition("\t")  # said: the sense this form is of, when not the one the base shows
        if not sense and (making := made_by(how, base, bool(steps) and steps[-1].startswith("plural of"))):
            made.append(making)
        steps.append(how.replace("{}", base))
        hows.append(how)
        sense = sense or said
        entry = known.get(base)
    if not sense and (entry is None or entry.startswith("=")):
        return None
    parts = next((PART_OF_FORM[how] for how in reversed(hows) if how in PART_OF_FORM), ())  # a prefix keeps the part
    gloss = sense or (of_part(entry or "", parts) if not made else entry) or ""
    for making in reversed(made):
        gloss = f"{making} ({gloss})"
    return Meaning(word, gloss, tuple(steps))


PART_OF_FORM = {"past of {}": ("v",), "-ing form of {}": ("v",), "comparative of {}": ("adj", "adv"),
                "superlative of {}": ("adj", "adv"), "plural of {}": ("n",)}
"""The parts of speech a form of a word is made from."""
PART_MARK = re.compile(r"(?:^|; )(n|v|adj|adv)\. ")


def of_part(gloss: str, parts: tuple[str, ...]) -> str:
    """Of a gloss with senses of several parts of speech ("adj. neat; v. to put in order"), the senses of ``parts``
    (a comparative shows TIDY's adjective, not its verb); the whole gloss when it has none of them, or no marks."""
    marks = list(PART_MARK.finditer(gloss))
    if not parts or len({mark.group(1) for mark in marks}) < 2:
        return gloss
    ends = [mark.start() for mark in marks[1:]] + [len(gloss)]
    kept = [gloss[mark.start():end].removeprefix("; ") for mark, end in zip(marks, ends) if mark.group(1) in parts]
    return "; ".join(kept) if kept else gloss


def made_by(how: str, base: str, after_plural: bool) -> str:
    """What a step makes of its base, when it makes another part of speech ("adj. like, full of: growth"): a suffix,
    or -ing after a plural (the plural of a gerund is a noun: abidings); else ""."""
    if (suffix := MADE.match(how)) and suffix.group(1) in SUFFIX_PARTS:
        return f"{SUFFIX_PARTS[suffix.group(1)]}. {suffix.group(2)}: {base}"
    return f"n. the act of: {base}" if after_plural and how == "-ing form of {}" else ""


def meaning_line(word: str) -> str:
    """One line for a player: the meaning, or that no definition is at hand."""
    found = define(word)
    return str(found) if found else f"{word.upper()}: no definition at hand"
