"""Rebuild the word lists in this folder from Debian's ``scowl`` package.

    apt-get install scowl && python dictionaries/build.py

``words.txt`` is SCOWL size <= 80 and ``common.txt`` size <= 50, both from the
english, american, british and canadian word files. Only lower-case a-z entries
are kept, which drops proper nouns, abbreviations, hyphenated words and words
with apostrophes or accents, as every rulebook asks (see shared RULINGS.md).
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

SCOWL = Path("/usr/share/dict/scowl")
VARIETIES = ("english", "american", "british", "canadian")
LISTS = {"words.txt": 80, "common.txt": 50}
HERE = Path(__file__).resolve().parent
PLAIN_WORD = re.compile(r"[a-z]+")


def collect(max_size: int) -> list[str]:
    words: set[str] = set()
    for variety in VARIETIES:
        for path in SCOWL.glob(f"{variety}-words.*"):
            if int(path.suffix[1:]) <= max_size:
                text = path.read_text(encoding="utf-8", errors="replace")
                words.update(w for w in text.split() if PLAIN_WORD.fullmatch(w))
    return sorted(words)


def main() -> int:
    if not SCOWL.is_dir():
        print(f"{SCOWL} not found: apt-get install scowl", file=sys.stderr)
        return 1
    for name, size in LISTS.items():
        words = collect(size)
        header = f"# SCOWL size <= {size}, lower-case a-z only; see SCOWL-COPYRIGHT\n"
        (HERE / name).write_text(header + "\n".join(words) + "\n", encoding="utf-8")
        print(f"{name}: {len(words)} words")
    shutil.copyfile("/usr/share/doc/scowl/copyright", HERE / "SCOWL-COPYRIGHT")
    return 0


if __name__ == "__main__":
    sys.exit(main())
