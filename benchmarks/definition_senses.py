"""Whether each inflection in ``definitions.txt`` is defined by a sense of the right part of speech.

    python benchmarks/definition_senses.py [--file PATH] [--examples N] [--shown]

Follows every link line (``word<TAB>=base<TAB>how[<TAB>sense]``) to the sense ``wordcards define`` shows, and counts
per kind of link (past, -ing form, form, comparative, superlative, plural) the share whose sense has the part of
speech the form is made from: a verb for past, -ing form and form, an adjective or adverb for comparative and
superlative, a noun for plural. The sense's part of speech is the first of these on the way: a base made with a
suffix is the suffix's (NOTIFIERS, plural of notifier: notify + -er, a noun), an -ing form after the first step is a
noun (ABIDINGS, plural of abiding: a gerund), else the part of the sense shown (the first sense a link carries, or
the base's definition). A definition's part of speech is the one it is marked with (``n.``, ``v.``, ``adj.`` …), or
for one that is not (Webster's 1913), the one ``build_definitions.gloss_part`` reads in it: "To …" is a verb's;
"A …", "One who …" a noun's; "Of or pertaining …", "Having …" an adjective's; "In a … manner" an adverb's;
else its first word's or its one-word synonyms' in WordNet ("Capable of …": an adjective; "Top; summit; acme": a
noun). Links that end on a definition none of that places are counted apart as unknown, and those that say their
base has no sense of that part ("no verb sense of blimp at hand") as none; neither counts as right. The build reads
parts of speech the same way, so this measures what it does with them, not how well they are read. ``--shown``
judges the definition ``wordcards define`` prints instead (``definitions.define``), as a reader would: by its part of
speech as above, "none" when it says there is none.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "dictionaries"))

from build_definitions import SUFFIX_PARTS, gloss_part, wordnet_parts  # noqa: E402
from wordcards.core.definitions import Entries, define  # noqa: E402

KINDS = {"past": "v", "-ing form": "v", "form": "v", "comparative": "adj", "superlative": "adj", "plural": "n"}
"""Each kind of link, and the part of speech of the base it is made from (adjective standing for adverb too)."""
NONE = re.compile(r"no (?:noun|verb|adjective or adverb) sense of ")
VERDICTS = ("right", "wrong", "unknown", "none")


def read(path: Path) -> dict[str, list[str]]:
    """Each word -> the fields after it: [definition] or ["=base", how, sense?]."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {word: rest for word, *rest in (line.split("\t") for line in lines if not line.startswith("#"))}


def part_of(word: str, entries: dict[str, list[str]], lemma_parts: dict[str, set[str]]) -> str | None:
    """The part of speech of the sense ``wordcards define`` shows for the link ``word``, as the build reckons it:
    "none" when it says there is none; None when it is not known."""
    fields = entries[word]
    for depth in range(6):
        if not fields[0].startswith("="):
            return gloss_part(fields[0], lemma_parts)
        suffix = re.match(r"\{\} \+ -(\w+) ", fields[1])
        if depth and fields[1] == "-ing form of {}":
            return "n"
        if len(fields) > 2:
            return part_said(fields[2], lemma_parts)
        if suffix and suffix.group(1) in SUFFIX_PARTS:
            return SUFFIX_PARTS[suffix.group(1)]
        if (base := fields[0][1:]) not in entries:
            return None
        fields = entries[base]
    return None


def part_shown(word: str, known: Entries, lemma_parts: dict[str, set[str]]) -> str | None:
    """The part of speech of the definition ``wordcards define`` prints for ``word``, as ``part_of`` says it."""
    meaning = define(word, known)
    return part_said(meaning.gloss, lemma_parts) if meaning else None


def part_said(gloss: str, lemma_parts: dict[str, set[str]]) -> str | None:
    return "none" if NONE.match(gloss) else gloss_part(gloss, lemma_parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=HERE / "dictionaries" / "definitions.txt",
                        help="the definitions to measure (default: dictionaries/definitions.txt)")
    parser.add_argument("--examples", type=int, default=0, metavar="N", help="show N wrong links of each kind")
    parser.add_argument("--shown", action="store_true",
                        help="judge the definition wordcards define prints, not the part the build reckons")
    args = parser.parse_args()
    entries, lemma_parts = read(args.file), wordnet_parts()
    data = args.file.read_bytes()
    known = Entries(data, data.find(b"\n") + 1 if data.startswith(b"#") else 0)
    counts: dict[str, Counter[str]] = {kind: Counter() for kind in KINDS}
    wrong: dict[str, list[str]] = {kind: [] for kind in KINDS}
    for word, fields in entries.items():
        kind = fields[0].startswith("=") and fields[1].removesuffix(" of {}")
        if kind not in KINDS:
            continue
        part = part_shown(word, known, lemma_parts) if args.shown else part_of(word, entries, lemma_parts)
        right = part == KINDS[kind] or (KINDS[kind] == "adj" and part == "adv")
        verdict = "right" if right else "unknown" if part is None else "none" if part == "none" else "wrong"
        counts[kind][verdict] += 1
        if verdict == "wrong":
            wrong[kind].append(f"{word} ({kind} of {fields[0][1:]}): {part}")
    print(args.file)
    print(f"{'link':12} {'links':>7} " + " ".join(f"{verdict:>8}" for verdict in VERDICTS))
    for kind, seen in counts.items():
        total = sum(seen.values()) or 1
        print(f"{kind:12} {total:>7} " + " ".join(f"{seen[verdict] / total:>8.1%}" for verdict in VERDICTS))
        for line in wrong[kind][:args.examples]:
            print("    " + line)
    every = sum(counts.values(), Counter())
    print(f"{'all':12} {sum(every.values()):>7} " + " ".join(f"{every[verdict]:>8}" for verdict in VERDICTS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
