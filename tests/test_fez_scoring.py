"""The rulebook's scoring examples, exactly, and the scoring rules around them."""

import pytest

from tests.conftest import card
from wordcards.games.fez import cards as fez_cards
from wordcards.games.fez.scoring import length_bonus, score_word
from wordcards.games.fez.played import Placed, TableWord

DECK = fez_cards.deck(2)


def word(*pieces: tuple[str, str], owner: int = 0) -> TableWord:
    return TableWord(1, owner, 0, [Placed(card(c), letters, owner, 0) for c, letters in pieces])


RED_STAR, BLACK_STAR = ("1 red star", ""), ("1 black star", "")
EXAMPLES = [
    # name, pieces, points, detail
    ("SELL flush", [("1 red ES", "SE"), ("1 red LL", "LL")], 8, "(4 ×2 flush) = 8"),
    ("SELLS", [("1 red ES", "SE"), ("1 red LL", "LL"), ("1 black GS", "S")], 5, "(5) = 5"),
    ("★FEZ flush-star", [RED_STAR, ("2 red EF", "F"), ("1 red ES", "E"), ("1 red IZ", "Z")], 120,
     "(15 ×2 flush ×4 flush-star) = 120"),
    ("★★FEZ", [RED_STAR, BLACK_STAR, ("2 red EF", "F"), ("1 red ES", "E"), ("1 red IZ", "Z")], 240,
     "(15 ×2 flush ×4 flush-star ×2 star) = 240"),
    ("PLACING flush", [("2 black AP", "P"), ("1 black LS", "L"), ("1 black AW", "A"), ("1 black CO", "C"),
                       ("1 black IN", "IN"), ("1 black GS", "G")], 124, "(12 +50 length ×2 flush) = 124"),
    ("★FIN", [BLACK_STAR, ("1 red FI", "FI"), ("1 black AN", "N")], 12, "(6 ×2 star) = 12"),
    ("PLAY flush", [("2 black OP", "P"), ("1 black LT", "L"), ("1 black AT", "A"), ("1 black TY", "Y")], 18,
     "(9 ×2 flush) = 18"),
    ("SING", [("1 red ES", "S"), ("2 black IT", "I"), ("2 black NS", "N"), ("2 black AG", "G")], 5, "(5) = 5"),
]


@pytest.mark.parametrize("name,pieces,points,detail", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_rulebook_examples(name, pieces, points, detail):
    score = score_word(DECK, word(*pieces), nasty_flush=False)
    assert score.points == points
    assert score.detail == detail


def test_a_star_of_the_other_colour_in_a_flush_doubles_once():
    score = score_word(DECK, word(BLACK_STAR, ("2 red EF", "F"), ("1 red ES", "E"), ("1 red IZ", "Z")), False)
    assert score.points == 15 * 2 * 2
    assert score.star_double


def test_blank_counts_for_the_flush_but_scores_nothing():
    # S-E-L-L with the last L a red blank: still a red flush, worth 3 ×2.
    score = score_word(DECK, word(("1 red ES", "SE"), ("1 red LL", "L"), ("1 red blank", "L")), False)
    assert score.points == 6 and score.flush == "red"


def test_blank_of_the_other_colour_breaks_the_flush():
    score = score_word(DECK, word(("1 red ES", "SE"), ("1 red LL", "L"), ("1 black blank", "L")), False)
    assert score.flush is None and score.points == 3


@pytest.mark.parametrize("letters,bonus", [(6, 0), (7, 50), (8, 100), (9, 150), (12, 300)])
def test_length_bonus(letters, bonus):
    assert length_bonus(letters) == bonus
