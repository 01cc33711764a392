from pathlib import Path

import pytest

from wordcards.core import lexicon
from wordcards.core.errors import LexiconError


TWL06_TWOS = ("aa ab ad ae ag ah ai al am an ar as at aw ax ay ba be bi bo by de do ed ef eh el em en er es et ex fa fe go ha "
              "he hi hm ho id if in is it jo ka ki la li lo ma me mi mm mo mu my na ne no nu od oe of oh oi om on op or os "
              "ow ox oy pa pe pi qi re sh si so ta ti to uh um un up us ut we wo xi xu ya ye yo za").split()
"""The 101 two-letter words of the North American tournament list of 2006: the words players learn first."""


def test_the_default_is_a_game_list_and_scowl_a_spelling_list():
    words, scowl = lexicon.load("default"), lexicon.load("scowl")
    assert 255_000 < len(words) < 270_000 and 240_000 < len(scowl) < 260_000
    for each in (words, scowl):
        assert "fez" in each and "placing" in each and "FEZ" in each
        assert "don't" not in each and "tuesday" not in each and "nasa" not in each  # apostrophes and proper nouns
        assert all(w.isalpha() and w.islower() for w in list(each.words)[:1000])
    assert "aa" in words and "aa" not in scowl  # SCOWL files AA only as an abbreviation


def test_the_game_list_takes_every_two_of_the_club_lists_and_the_words_players_missed():
    words = lexicon.load("default")
    assert len(TWL06_TWOS) == 101 and not [w for w in TWL06_TWOS if w not in words]
    collins_twos = "ch di ea ee gi gu ob st".split()  # Collins's, which the SCOWL list refused
    assert not [w for w in collins_twos + ["aioli", "adz", "dev", "qubit", "ahi", "perp"] if w not in words]
    for plural, singular in (("aas", "aa"), ("aiolis", "aioli"), ("apps", "app"), ("cols", "col"), ("dags", "dag"),
                             ("admins", "admin")):
        assert plural in words and singular in words, singular
    assert {"emoji", "selfie", "meh", "zen", "a", "i", "o"} <= words.words  # everyday words too new for a club list


def test_scowl_marks_take_out_abbreviations_numerals_and_letter_plurals_but_not_short_words():
    for words in (lexicon.load("default"), lexicon.load("scowl")):
        for gone in ("kb", "ln", "lx", "qs", "zs", "xs", "gs", "rs", "ss", "mb", "ps"):
            assert gone not in words, gone
        for kept in ("nth", "tsk", "hmm", "brr", "za", "qi", "xi", "as", "is", "us", "es", "pst", "zzz"):
            assert kept in words, kept


def test_short_words_that_no_club_list_has_are_out_and_collins_words_stay():
    """Two word-game lists referee the 1-3 letter words SCOWL does not mark (dictionaries/build.py)."""
    common = lexicon.load("common")
    for words in (lexicon.load("default"), lexicon.load("scowl")):
        for gone in ("aeq", "ge", "se", "esc", "dkl", "pwn", "pwns", "kcal", "b", "z", "ahhs"):
            assert gone not in words, gone
        for kept in ("a", "i", "o", "meh", "zen", "ny", "ur", "io", "ou", "utu", "pht", "qat"):
            assert kept in words, kept
    assert "pwn" not in common


def test_common_list_is_smaller_and_inside_the_scowl_list_and_all_but_a_few_of_it_in_the_game_list():
    common, scowl, game = lexicon.load("common"), lexicon.load("scowl"), lexicon.load("default")
    assert 50_000 < len(common) < len(scowl)
    assert common.words <= scowl.words and common.words <= game.words


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


async def test_the_setup_screen_names_the_built_in_lists_when_the_word_list_field_is_reached():
    from tests.scenes import SIZE, settle, tab_to
    from wordcards.tui.app import make_app

    app = make_app("fez", save=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await tab_to(pilot, "dictionary")
        assert app.focused is not None and app.focused.id == "dictionary"
        note = str(app.screen.query_one("#level-note").render())
        assert note == "Word lists: default, scowl, common, clean, or a file (F1 tells them apart)" and len(note) < 78
        await pilot.press("tab")
        await settle(pilot)
        assert str(app.screen.query_one("#level-note").render()) == ""  # gone with the focus
        await pilot.press("shift+tab")
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        page = " ".join(app.screen.text.split())
        assert "`--dictionary scowl` is a spelling dictionary" in page


def test_the_readme_and_the_rules_quote_the_lists_as_they_are():
    readme = " ".join((Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8").split())
    for name in ("default", "scowl", "common"):
        assert f"| {len(lexicon.load(name)):,} |" in readme, name
    text = (lexicon.dictionaries_dir() / "offensive.txt").read_text(encoding="utf-8")
    slurs = text.split("# slurs\n")[1].split("# obscene\n")[0].split()
    assert f"{len(slurs)} slurs" in readme and f"{len(slurs)} slurs" in " ".join(lexicon.ABOUT_THE_LISTS.split())
