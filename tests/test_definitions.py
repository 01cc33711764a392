"""Definitions: dictionaries/definitions.txt, the words each play puts on the table, and where a player reads them."""

import importlib.util
import io
import re
import subprocess
import sys
from pathlib import Path

from rich.console import Console, RenderableType

from wordcards.core import definitions, lexicon
from wordcards.core.common import Event
from wordcards.core.sim import play_one
from wordcards.tui.screens import log_lines
from tests.test_cli import run


def test_an_inflected_form_finds_its_word_and_says_how():
    kahawais = definitions.define("KAHAWAIS")
    assert kahawais is not None and kahawais.steps == ("plural of kahawai",) and "fish" in kahawais.gloss
    assert str(kahawais).startswith("KAHAWAIS (plural of kahawai): n. ")
    assert str(definitions.define("running")).startswith("RUNNING (-ing form of run): v. move fast")
    assert str(definitions.define("geese")).startswith("GEESE (plural of goose): ")
    assert definitions.define("retitles").origin == "form of retitle, re- (again) + title"


def test_irregular_plurals_british_spellings_and_a_form_of_the_bases_other_sense():
    assert definitions.define("women").steps == ("plural of woman",)
    assert definitions.define("micrometres").steps == ("plural of micrometre", "other spelling of micrometer")
    assert definitions.define("deescalated").steps == ("past of deescalate", "de- (undoing) + escalate")
    kindest, dailies = definitions.define("kindest"), definitions.define("dailies")
    assert kindest.steps == ("superlative of kind",) and kindest.gloss.startswith("adj. having or showing a tender")
    assert dailies.steps == ("plural of daily",) and dailies.gloss.startswith("n. a newspaper")  # not adv. every day
    assert "sorer" not in definitions.define("sourer").origin  # the British -our rule stays out of sour
    assert definitions.define("lemming").steps == () and definitions.define("syed").steps == ()  # not lemme, sye
    assert definitions.define("jows").steps == ("form of jow",)  # jow, written here, is a verb: not "plural of"


def test_a_word_written_here_never_takes_the_forms_of_a_commoner_word_or_a_websters_own_definition():
    for word, base in (("makes", "make"), ("tiles", "tile"), ("woes", "woe"), ("tonnages", "tonnage")):
        assert definitions.define(word).steps[0].endswith(f" of {base}")  # not the Scots mak, nor til, wo, tonnag
    assert definitions.define("amened").steps == ("past of amen",)  # not the adjective amene
    assert definitions.define("carling").gloss.startswith("A short timber")  # Webster's, not "-ing form of carle"
    assert definitions.define("rickly").steps == ("rick + -ly (in the manner of)",)  # not rickle + -y
    assert definitions.define("tehees").steps == ("form of tehee",)  # an interjection and a verb: its verb part


def test_each_source_in_its_turn():
    assert definitions.define("protease").gloss.startswith("n. any enzyme")  # WordNet
    assert definitions.define("jougs").gloss.startswith("An iron collar")  # Webster's 1913
    assert definitions.define("za").gloss == "n. (informal) a pizza"  # written for wordcards: Webster means B flat
    assert definitions.define("crwth").gloss.startswith("n. an ancient Celtic stringed instrument")  # written too
    assert "nigh" in definitions.define("ny").gloss  # WordNet's NY is New York: its capital leaves that sense out
    assert definitions.define("qwzx") is None
    assert definitions.meaning_line("qwzx") == "QWZX: no definition at hand"


def test_every_entry_is_a_listed_word_and_every_pointer_reaches_a_definition():
    one_name_a_file = {file: name for name, file in lexicon.BUILT_IN.items()}.values()
    words = set().union(*(lexicon.load(name).words for name in one_name_a_file))  # a word of any built-in list
    entries = definitions.entries()
    assert len(entries) > 0.7 * len(words)
    listed = list(entries)
    assert listed == sorted(listed) and set(listed) <= words  # sorted: looked up by bisection
    assert all(definitions.define(word) is not None for word in listed)


def test_wordcards_define_gives_each_form_a_sense_of_the_part_of_speech_it_is_made_from():
    humidifier, tidiest, refunding = run("define", "humidifier", "tidiest", "refunding").output.splitlines()
    assert humidifier.startswith(  # a noun: not more humid, nor the verb's sense alone
        "HUMIDIFIER (humidify + -er (one who, or that which)): n. one who, or that which: humidify (v. make")
    assert tidiest.startswith("TIDIEST (superlative of tidy): adj. neat and in order")  # not a receptacle
    assert refunding == "REFUNDING (-ing form of refund): v. pay back"  # not the money returned
    assert str(definitions.define("fanciest")).startswith("FANCIEST (superlative of fancy): adj. ")  # not v. imagine
    assert str(definitions.define("drunker")).startswith("DRUNKER (comparative of drunk, past of drink): adj. ")
    assert str(definitions.define("retitles")).startswith("RETITLES (form of retitle, re- (again) + title): v. ")
    assert str(definitions.define("blimped")) == "BLIMPED (past of blimp): no verb sense of blimp at hand"


def test_a_form_comes_from_the_word_its_spelling_and_part_of_speech_allow():
    expected = {"hoped": "past of hope", "hoping": "-ing form of hope", "hopes": "form of hope",
                "rates": "plural of rate", "adds": "form of add", "passes": "form of pass",
                "harder": "comparative of hard", "am": "form of be", "wacker": "comparative of wack",
                "drest": "form of dress", "artsier": "comparative of artsy, arts + -y (like, full of), plural of art",
                "resolder": "re- (again) + solder"}  # not hop, rat, ad, pas, past of hard, wacke, artsy + -er, resold
    assert {word: definitions.define(word).origin for word in expected} == expected
    for word in ("taser", "yest", "hoast", "yestermorning"):  # not tas + -er, nor of ye, hoa, yestermorn
        assert definitions.define(word).steps == ()
    assert definitions.define("drawers").steps == ("plural of drawer",)  # not underpants
    assert definitions.define("endemic").gloss.startswith("adj. ")  # not the disease


def test_websters_definitions_end_where_their_first_sentence_does():
    assert definitions.define("shah").gloss.endswith("especially Persia")  # not "…Persia. Shah Nameh"
    assert definitions.define("avast").gloss == "Cease; stop; stay"  # not '… "Avast heaving." Totten'
    assert definitions.define("zax").gloss.endswith("roofing slates")  # the source's typo mended
    assert "city" not in definitions.define("angora").gloss


def test_every_two_letter_word_of_the_game_list_has_a_definition():
    twos = [word for word in lexicon.load("default").words if len(word) == 2]
    assert len(twos) > 100 and [word for word in twos if definitions.define(word) is None] == []


def test_the_definitions_are_kept_in_the_bytes_read_without_a_copy(monkeypatch, tmp_path):
    data = b"# a header\naa\tn. lava\nzo\tn. a cross of a yak and a cow\n"
    monkeypatch.setattr(definitions, "read_regular", lambda path, limit: data)
    definitions.entries.cache_clear()
    try:
        read = definitions.entries()
        assert read.data is data and list(read) == ["aa", "zo"] and read.get("zo") == "n. a cross of a yak and a cow"
    finally:
        definitions.entries.cache_clear()
    assert len(definitions.Entries(b"#only a header", 14)) == 0 and definitions.Entries(b"aa\tn. lava").get("aa")


def test_the_coverage_benchmark_explains_itself():
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "definitions.py"
    shown = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True)
    assert shown.returncode == 0 and "--from SEED" in shown.stdout and "Traceback" not in shown.stderr


def test_the_coverage_benchmark_counts_a_form_whose_base_has_no_such_sense_as_no_definition():
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "definitions.py"
    spec = importlib.util.spec_from_file_location("coverage_benchmark", script)
    assert spec is not None and spec.loader is not None
    benchmark = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(benchmark)
    glosses = {word: getattr(definitions.define(word), "gloss", "") for word in definitions.entries()}
    senseless = [word for word, gloss in glosses.items()
                 if " sense of " in gloss and gloss.endswith((" at hand", " at hand)"))]
    assert senseless and all(benchmark.kind(word) == "no sense" for word in senseless)
    assert benchmark.kind("kahawais") == "defined" and benchmark.kind("qwzx") == "undefined"


def test_wordcards_define_prints_each_word_and_exits_1_for_a_word_without_one():
    result = run("define", "kahawais", "jougs")
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith("KAHAWAIS (plural of kahawai): n. an edible marine fish")
    missing = run("define", "jougs", "qwzx", "\x1b[2J")
    assert missing.exit_code == 1 and "QWZX: no definition at hand" in missing.output and "\x1b" not in missing.output


def rendered(renderable: RenderableType, width: int) -> list[str]:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_the_log_says_under_each_played_word_what_it_means_and_keeps_the_indent_when_it_wraps():
    log = log_lines([Event("Hal drew"), Event("Hal played PROTEASES for 12", words=("PROTEASES",)), Event("")])
    meaning = "  " + definitions.meaning_line("PROTEASES")
    assert rendered(log, 200) == ["Hal drew", "Hal played PROTEASES for 12", meaning]
    narrow = rendered(log, 40)
    assert len(narrow) > 3 and all(line.startswith("  ") for line in narrow[2:])
    assert rendered(log_lines([]), 40) == ["Nothing has happened yet."]


def test_every_game_says_which_words_each_play_put_on_the_table():
    words = lexicon.load("default")
    for game in ("fez", "quiddler", "gift-words", "word-whiz", "scrabble-fluxx"):
        played = play_one(game, 2, 3, ["hard"]).words
        assert played, game
        assert all(w.lower() in words for w in played), game


def test_a_word_used_in_its_own_right_keeps_its_own_sense_rather_than_a_verbs_form():
    """GOOD is not Webster's old past of go, nor GAT its past of get, nor BUILDING only build's -ing form."""
    for word, sense in (("good", "adj. having desirable"), ("gat", "n. a gangster's pistol"), ("rad", "n. a unit"),
                        ("building", "n. a structure"), ("left", "adj. "), ("rose", "n. "), ("wedding", "n. ")):
        meaning = definitions.define(word)
        assert meaning is not None and not meaning.steps and meaning.gloss.startswith(sense), meaning
    paintings = definitions.define("paintings")
    assert paintings is not None and paintings.steps == ("plural of painting",) and paintings.gloss.startswith("n. ")
    spoke = definitions.define("spoke")  # seen too seldom in its own right (a wheel's spoke) to hide the past of speak
    assert spoke is not None and spoke.steps == ("past of speak",)


def test_a_plural_with_an_everyday_sense_of_its_own_gives_it_first():
    for word, sense in (("spectacles", "n. glasses"), ("greens", "n. "), ("blues", "n. ")):
        meaning = definitions.define(word)
        assert meaning is not None and not meaning.steps and meaning.gloss.startswith(sense), meaning


def test_a_word_made_with_a_suffix_is_told_as_the_part_of_speech_the_suffix_makes():
    """GROWTHIER is not growth, the noun: each suffix on the way says what it makes, its base's sense after it."""
    assert str(definitions.define("growthier")).startswith(
        "GROWTHIER (comparative of growthy, growth + -y (like, full of)): adj. like, full of: growth (n. ")
    assert definitions.define("dimwittedness").gloss.startswith("n. being: dimwitted (adj. having: dimwit (n. ")
    assert definitions.define("abidings").gloss == "n. the act of: abide (v. dwell)"  # a plural of a gerund: a noun
    entries = definitions.entries()
    made = {word: definitions.MADE.match(entry.split("\t")[1]) for word in entries
            if (entry := entries.get(word) or "").startswith("=")}
    told = {word: definitions.define(word).gloss for word, suffix in made.items() if suffix}
    assert len(told) > 10000
    assert [word for word, gloss in told.items()
            if not gloss.startswith(f"{definitions.SUFFIX_PARTS[made[word].group(1)]}. ")] == []


def test_over_98_percent_of_each_kind_of_form_shows_a_sense_of_the_part_of_speech_it_is_made_from():
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "definition_senses.py"
    shown = subprocess.run([sys.executable, str(script), "--shown"], capture_output=True, text=True)
    rows = {line.split()[0]: line.split() for line in shown.stdout.splitlines()[2:-1]}
    assert set(rows) == {"past", "-ing", "form", "comparative", "superlative", "plural"}, shown.stdout
    assert all(float(row[-3].rstrip("%")) < 2 for row in rows.values()), shown.stdout  # the wrong column


def test_websters_leftovers_are_no_definition():
    """No "Etym:" label, no sentence cut at a comma or colon, no name of a place, party or god, and no past of a word
    that is no verb (NED, of ne; DIMWITTED, having a dimwit, of a noun)."""
    assert definitions.define("bayard").gloss.startswith("Properly, a bay horse")  # not "Etym: Properly…"
    assert definitions.define("pharmacy").gloss.endswith("medicines")  # not "medicines,"
    for word in ("lima", "hamburg", "bristol", "baal"):
        assert definitions.define(word) is None, word
    assert "party" not in definitions.define("tory").gloss and "Greek goddess" not in definitions.define("aphrodite")
    assert definitions.define("ned") is None
    assert str(definitions.define("dimwitted")) == "DIMWITTED (dimwit + -ed (having)): adj. having: dimwit (n. a " \
        "stupid incompetent person)"
    assert definitions.define("blimped").steps == ("past of blimp",)  # BLIMPING is a word: blimp is a verb
    entries = definitions.entries()
    lines = {word: (entries.get(word) or "").split("\t") for word in entries}
    glosses = {word: fields[-1] for word, fields in lines.items() if len(fields) != 2}
    assert [word for word, gloss in glosses.items() if "Etym:" in gloss or gloss.endswith((",", ":"))] == []
    assert [word for word, gloss in glosses.items() if re.match(r"(?:\(.*\) )?An? \w* ?city (?:of|in) ", gloss)] == []
    no_verb = {word: fields[0][1:] for word, fields in lines.items()
               if fields[1:2] == ["past of {}"] and fields[-1].startswith("no verb sense")}
    assert len(no_verb) > 1000 and [word for word, base in no_verb.items() if not any(
        entries.get(ing) for ing in (base + "ing", base[:-1] + "ing", base + base[-1] + "ing"))] == []


def test_a_form_of_a_word_with_senses_of_several_parts_shows_those_of_the_part_it_is_made_from():
    from wordcards.core.definitions import define

    assert str(define("tidier")).endswith("adj. neat and in order; fairly large (a tidy sum)")
    assert str(define("tidied")).endswith("(past of tidy): v. to put in order")
    assert "v. " not in str(define("tidiest")) and "n. " not in str(define("tidiest"))


def test_a_comparative_beside_its_listed_superlative_is_no_agent_noun_and_an_ally_word_is_an_adverb():
    from wordcards.core.definitions import define

    for word in ("kinder", "sourer", "baser"):
        assert str(define(word)).startswith(f"{word.upper()} (comparative of ") and "): adj. " in str(define(word))
    assert "adv. in the manner of: viral (adj." in str(define("virally"))
    assert "n. the act of" not in str(define("absorbingly"))
    assert "n. the act of: abide" in str(define("abidings")), "a plural of a gerund is a noun"
