"""How often each computer level challenges nonsense, and how often a good word it does not know.

    python benchmarks/challenge_rates.py [words]

Nonsense: 200 seeded typos of everyday words (a letter added, dropped, changed or two swapped, as PENNY becomes
PENYNY), none of them in the default list. Good words: 200 words of the default list drawn at random. Each level's
player (``ComputerPlayer.doubt``) is asked about each word on its own; the table gives the share it challenges. A
challenge of a good word is a wrong one, and costs the challenger. The goal (issue 34): medium and above challenge
nonsense most of the time, beginner often, and the share rises with the level.
"""

from __future__ import annotations

import random
import string
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordcards.core import lexicon  # noqa: E402
from wordcards.core.common import Challengeable  # noqa: E402
from wordcards.core.computer import LEVELS  # noqa: E402
from wordcards.games.fez.bot import FezBot  # noqa: E402

SEED = 34


def typos(count: int, rng: random.Random) -> list[str]:
    """``count`` different misspellings of everyday words (SCOWL size 35, 4-8 letters) that no list has."""
    full = lexicon.load("default")
    everyday = sorted(w for w in lexicon.words_up_to(35) if 4 <= len(w) <= 8)
    found: list[str] = []
    while len(found) < count:
        word = rng.choice(everyday)
        at, letter = rng.randrange(len(word)), rng.choice(string.ascii_lowercase)
        typo = rng.choice([word[:at] + letter + word[at:], word[:at] + word[at + 1:], word[:at] + letter + word[at + 1:],
                           word[:at] + word[at + 1:at + 2] + word[at] + word[at + 2:]])
        if typo not in full and typo not in found:
            found.append(typo)
    return found


def challenged(level: str, words: list[str]) -> float:
    """The share of ``words`` a ``level`` player challenges, each asked alone."""
    player = FezBot(level, lexicon.vocabulary("default", LEVELS[level].vocabulary), seed=SEED)
    return sum(bool(player.doubt(0, [Challengeable(1, w.upper(), "Ann")])) for w in words) / len(words)


def main(count: int = 200) -> int:
    rng = random.Random(SEED)
    nonsense = typos(count, rng)
    good = rng.sample(sorted(lexicon.load("default").words), count)
    print(f"nonsense, e.g. {', '.join(w.upper() for w in nonsense[:8])}")
    print(f"{'level':10} {'nonsense challenged':>20} {'good words challenged':>22}")
    for level in LEVELS:
        print(f"{level:10} {challenged(level, nonsense):>20.0%} {challenged(level, good):>22.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
