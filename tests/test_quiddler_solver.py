"""Typed words to cards, and the best arrangement a computer player looks for."""

import pytest

from tests.conftest import seats
from wordcards.core import lexicon
from wordcards.core.lexicon import Lexicon
from wordcards.games.quiddler import deck, rules
from wordcards.games.quiddler.bot import QuiddlerBot
from wordcards.games.quiddler.solver import Arranger, assign, segmentations

CARDS = deck.deck(True)


def hand(*ids):
    return [CARDS[i] for i in ids]


def test_double_letter_cards_give_both_letters_or_nothing():
    assert sorted(segmentations("QUIT", {"QU": 1, "Q": 1, "U": 1, "I": 1, "T": 1})) == [
        ("Q", "U", "I", "T"), ("QU", "I", "T")]
    assert segmentations("HAT", {"TH": 1, "A": 1, "H": 1}) == []  # TH cannot be split


def test_typed_words_get_the_cards_that_score_most():
    options = assign(["quit", "ax"], hand("QU1", "Q1", "U1", "I1", "T1", "A1", "X1", "E1"))
    best = options[0]
    assert best.words == (("Q1", "U1", "I1", "T1"), ("A1", "X1")) and best.points == 38
    assert best.left == ("QU1", "E1")
    assert options[1].words[0] == ("QU1", "I1", "T1")


def test_words_the_hand_cannot_spell_get_no_assignment():
    assert assign(["quit", "quit"], hand("QU1", "I1", "T1", "I2", "T2")) == []
    assert assign(["hat"], hand("TH1", "A1", "T1")) == []  # TH cannot be split
    assert assign(["that"], hand("TH1", "A1", "T1"))[0].words == (("TH1", "A1", "T1"),)


def test_the_best_arrangement_uses_every_card_when_it_can():
    words = Lexicon("test", frozenset({"quit", "ax", "tax", "it", "qi"}))
    arranger = Arranger(words, ["QU", "I", "T", "A", "X"])
    best = arranger.best(["QU", "I", "T", "A", "X"])
    assert best.complete and sorted(m.word for m in best.melds) == ["AX", "QUIT"] and best.score == 14 + 14


def test_the_best_arrangement_weighs_left_over_cards():
    words = Lexicon("test", frozenset({"at", "za"}))
    best = Arranger(words, ["A", "T", "Z"]).best(["A", "T", "Z"])
    assert [m.word for m in best.melds] == ["ZA"] and best.score == 16 - 3


def test_hard_goes_out_when_it_can_with_the_best_discard():
    state = rules.new_game(seats("Hal", "Ann"), {}, seed=1,
                           deal={"hands": [["Z1", "QU1", "I1"], ["A1", "E1", "O1"]], "stock": ["T1"], "discard": ["Y1"]})
    state.current = 0
    state, _ = rules.apply(state, "draw")
    move = QuiddlerBot("hard", lexicon.load("default")).choose(rules.player_view(state, 0))
    assert str(move) == "discard T1 QU1+I1+Z1"  # QUIZ (25) beats QUIT (14)


def test_hard_takes_a_discard_that_lets_it_go_out():
    state = rules.new_game(seats("Hal", "Ann"), {}, seed=1,
                           deal={"hands": [["J1", "QU1", "I1"], ["A1", "E1", "O1"]], "stock": ["V1"], "discard": ["T1"]})
    state.current = 0
    assert str(QuiddlerBot("hard", lexicon.load("default")).choose(rules.player_view(state, 0))) == "take"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_computer_players_challenge_only_words_they_do_not_know(level):
    state = rules.new_game(seats("Ann", "Hal"), {}, seed=1,
                           deal={"hands": [["QU1", "I1", "T1"], ["A1", "E1", "O1"]], "stock": ["Z1"], "discard": ["Y1"]})
    state.current = 0
    state, _ = rules.apply(state, "draw")
    state, _ = rules.apply(state, "discard Z1 QU1+I1+T1")
    assert QuiddlerBot(level, lexicon.load("default")).challenges(rules.player_view(state, 1)) == []
