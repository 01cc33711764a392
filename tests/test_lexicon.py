import pytest

from wordcards.core import lexicon
from wordcards.core.errors import LexiconError


def test_default_list_is_built_from_scowl_and_plain():
    words = lexicon.load("default")
    assert 240_000 < len(words) < 260_000
    assert "fez" in words and "placing" in words and "FEZ" in words
    assert "don't" not in words and "tuesday" not in words and "nasa" not in words  # apostrophes and proper nouns are out
    assert all(w.isalpha() and w.islower() for w in list(words.words)[:1000])


def test_scowl_marks_take_out_abbreviations_numerals_and_letter_plurals_but_not_short_words():
    words = lexicon.load("default")
    for gone in ("kb", "ln", "lx", "qs", "zs", "xs", "gs", "rs", "ss", "mb", "ps"):
        assert gone not in words, gone
    for kept in ("nth", "tsk", "hmm", "brr", "za", "qi", "xi", "as", "is", "us", "es", "pst", "zzz"):
        assert kept in words, kept


def test_short_words_that_no_club_list_has_are_out_and_collins_words_stay():
    """Two word-game lists referee the 1-3 letter words SCOWL does not mark (dictionaries/build.py)."""
    words, common = lexicon.load("default"), lexicon.load("common")
    for gone in ("aeq", "ge", "se", "esc", "dkl", "pwn", "pwns", "kcal", "b", "z", "ahhs"):
        assert gone not in words, gone
    assert "pwn" not in common
    for kept in ("a", "i", "o", "meh", "zen", "ny", "ur", "io", "ou", "utu", "pht", "qat"):
        assert kept in words, kept


def test_common_list_is_smaller_and_inside_the_default():
    common, full = lexicon.load("common"), lexicon.load("default")
    assert 50_000 < len(common) < len(full)
    assert common.words <= full.words


def test_search_finds_words_from_card_choices():
    words = lexicon.load("default")
    found = words.search([["", "f"], ["", "e"], ["", "z"]])
    assert "fez" in found and "ef" in found
    with_blank = words.search([["", "f"], ["", "e"], ["", "?"]])
    assert {"fez", "few", "fed"} <= with_blank


def test_a_custom_list_with_comments_and_any_case(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("# my words\nQoph\nZAX  \n\nnot-a-word\n")
    words = lexicon.load(str(path))
    assert words.words == {"qoph", "zax"}


@pytest.mark.parametrize("content,message", [
    (None, "no such file"),
    (b"", "empty"),
    (b"# only a comment\n", "holds no words"),
    (b"\x7fELF\x00\x00\x01binary", "binary"),
])
def test_bad_lists_get_clear_errors(tmp_path, content, message):
    path = tmp_path / "list.txt"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(LexiconError, match=message):
        lexicon.load(str(path))


def test_huge_list_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "big.txt"
    path.write_text("word\n" * 1000)
    monkeypatch.setattr(lexicon, "MAX_BYTES", 1000)
    with pytest.raises(LexiconError, match="too large"):
        lexicon.precheck(str(path))


def test_a_folder_is_not_a_list(tmp_path):
    with pytest.raises(LexiconError, match="not a regular file"):
        lexicon.load(str(tmp_path))
