"""Typing a word: which cards make it, best first."""

from tests.conftest import card
from wordcards.games.fez import cards as fez_cards
from wordcards.games.fez.moves import LayOff, MakeWord
from wordcards.games.fez.solver import layoff_choices, word_choices
from wordcards.games.fez.played import Placed, TableWord

DECK = fez_cards.deck(2)


def hand(*specs):
    return [DECK[card(s)] for s in specs]


def test_a_card_turns_round_and_covers_a_letter():
    choices = word_choices("THE", hand("2 black HT", "1 red ES"), DECK, False)
    assert [(p.card, p.letters) for p in choices[0].move.pieces] == [(card("2 black HT"), "TH"), (card("1 red ES"), "E")]


def test_the_flush_choice_comes_first_and_the_others_can_be_cycled():
    # E from a red or a black card: with the red S-card and the red blank, red E makes a flush.
    choices = word_choices("SE", hand("1 red ES", "1 black EI", "1 black GS"), DECK, False)
    assert choices[0].points == 4 and choices[0].detail == "(2 ×2 flush) = 4"
    assert len(choices) > 1 and all(c.points <= choices[0].points for c in choices)


def test_stars_are_offered_and_included_in_the_best_choice():
    choices = word_choices("FEZ", hand("2 red EF", "1 red ES", "1 red IZ", "1 red star", "1 black star"), DECK, False)
    assert choices[0].points == 240 and isinstance(choices[0].move, MakeWord)
    assert {c.points for c in choices} == {240, 120, 60, 30}


def test_a_word_the_cards_cannot_make_has_no_choices():
    assert word_choices("QUIZ", hand("1 red ES", "1 red LL"), DECK, False) == []


def played(owner, *pieces):
    return TableWord(7, owner, 0, [Placed(card(c), letters, owner, 0) for c, letters in pieces])


def test_lay_off_keeps_the_old_cards_in_order():
    play = played(1, ("2 black OP", "P"), ("1 black LT", "L"), ("1 black AT", "A"), ("1 black TY", "Y"))
    choices = layoff_choices("PLAYING", play, hand("1 black IN", "1 black GI"), DECK, False, seat=0)
    assert choices and isinstance(choices[0].move, LayOff)
    assert "".join(p.letters for p in choices[0].move.pieces) == "PLAYING"
    assert choices[0].points == 8  # ING is black: (4 ×2 flush)
    assert layoff_choices("PALY", play, hand("1 black IN"), DECK, False, seat=0) == []


def test_star_only_lay_off_on_your_own_word():
    fin = played(0, ("1 red FI", "FI"), ("1 black AN", "N"))
    choices = layoff_choices("FIN", fin, hand("1 red star"), DECK, False, seat=0)
    assert choices[0].points == 6  # FIN (6) becomes ★FIN (12)
    assert layoff_choices("FIN", fin, hand("1 red star"), DECK, False, seat=1) == []
