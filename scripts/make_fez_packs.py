"""Choose the digrams of FEZ's two packs from the default word list.

    python scripts/make_fez_packs.py   # rewrites wordcards/games/fez/packs.json

The inventor picked "the most useful letter pairs". We measure usefulness as
how often two letters stand side by side (in either order, since a card turns
around) in the common word list, and pick pairs from the top down while
keeping each pack's letter counts close to the letters' frequency, so a pack
is not flooded with E. The two packs are drafted in snake order from one
ranking, so they share no digram and neither gets all the best pairs. Each
letter of the alphabet appears in each pack. Colours alternate down the draft,
so each colour holds a fair share of strong pairs and flushes are possible in
both. Each pack adds a red and a black star and a red and a black blank.
"""

from __future__ import annotations

import json
import string
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "wordcards" / "games" / "fez" / "packs.json"
DIGRAMS_PER_PACK = 48
LETTERS_PER_PACK = 2 * DIGRAMS_PER_PACK


def words() -> list[str]:
    text = (ROOT / "dictionaries" / "common.txt").read_text()
    return [w for w in text.split() if not w.startswith("#")]


def letter_budget(freq: Counter) -> Counter:
    total = sum(freq.values())
    budget = Counter({c: max(1, round(freq[c] / total * LETTERS_PER_PACK)) for c in string.ascii_lowercase})
    while sum(budget.values()) > LETTERS_PER_PACK:
        budget[budget.most_common(1)[0][0]] -= 1
    while sum(budget.values()) < LETTERS_PER_PACK:
        budget[max(string.ascii_lowercase, key=lambda c: freq[c] / total * LETTERS_PER_PACK - budget[c])] += 1
    return budget


def draft() -> list[list[str]]:
    ws = words()
    pairs = Counter("".join(sorted(p)) for w in ws for p in zip(w, w[1:]))
    ranking = [p for p, _ in pairs.most_common()]
    budget = letter_budget(Counter("".join(ws)))
    packs: list[list[str]] = [[], []]
    left = [budget.copy(), budget.copy()]
    used: set[str] = set()
    turn = 0  # snake order: 0, 1, 1, 0, 0, 1, ...
    order = [0, 1, 1, 0]
    pick = 0
    while min(len(p) for p in packs) < DIGRAMS_PER_PACK:
        pack = order[pick % 4]
        pick += 1
        if len(packs[pack]) == DIGRAMS_PER_PACK:
            continue
        need = left[pack]
        # Letters that must still appear come first, then the best pair that fits the budget.
        missing = [c for c in string.ascii_lowercase if need[c] == budget[c]]
        rare_first = [c for c in missing if budget[c] == 1]
        candidates = [p for p in ranking if p not in used and all(need[c] >= p.count(c) for c in set(p))]
        if rare_first:
            with_rare = [p for p in candidates if rare_first[0] in p]
            if with_rare:
                candidates = with_rare
        if not candidates:
            candidates = [p for p in ranking if p not in used]
        chosen = candidates[0]
        used.add(chosen)
        packs[pack].append(chosen)
        need.subtract(chosen)
        turn += 1
    return packs


def packs() -> list[dict]:
    """The packs as packs.json holds them: the drafted digrams in alternating colours, then the stars and blanks."""
    out = []
    for number, digrams in enumerate(draft(), start=1):
        cards = []
        for i, pair in enumerate(digrams):
            colour = "red" if i % 2 == 0 else "black"
            cards.append({"colour": colour, "letters": pair.upper()})
        for colour in ("red", "black"):
            cards.append({"colour": colour, "kind": "star"})
            cards.append({"colour": colour, "kind": "blank"})
        out.append({"pack": number, "cards": cards})
    return out


def main() -> None:
    made = packs()
    OUT.write_text(json.dumps({"packs": made}, indent=1) + "\n")
    for p in made:
        print(p["pack"], " ".join(c.get("letters", c.get("kind")) for c in p["cards"]))


if __name__ == "__main__":
    main()
