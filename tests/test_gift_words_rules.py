"""Gift Words rules through ``apply``: the rulebook's sample turns move by move, its insertion examples, and
the basic turn's edges."""

import pytest

from tests.conftest import seats
from wordcards.core.errors import IllegalMove
from wordcards.games.gift_words import deck, rules

SAMPLE_HANDS = {
    "Julie": "Ir1 Nr1 Pr1 Gb1 Lb1 Rb1 Tb1 Cg1 Mg1 Og1 Ng1 Tg1",  # I N P, blue G L R T, green C M O N T
    "Ken": "Br1 Or1 Ab1 Eb1 Ib1 Ib2 Wb1 Ag1 Dg1 Fg1 Lg1 Kk1",  # red B O, blue A E I I W, green A D F L, black K
    "Linda": "Cr1 Fr1 Gr1 Nr2 Sr1 Tr1 Ob1 Mb1 Eg1 Ig1 Ig2 Kg1",  # red C F G N S T, blue O M, green E I I K
    "Matt": "Ar1 Er1 Pr2 Db1 Eb2 Fb1 Eg2 Ig3 Rg1 Pg1 Sg1 Xk1",  # red A E P, blue D E F, green E I R P S, black X
}
SAMPLE_DRAWS = "Dg2 Nb1 Dr1 Rb2 Hb1 Ag2 Sb1 Ar2 Ub1".split()
"""The deck's top cards in the order the sample turns draw them."""


def game(hands: dict[str, str], draws=(), options=None):
    """Round 1 from a fixed deal; the first hand starts. ``draws`` are the deck's top cards, in drawing order."""
    dealt = [h.split() for h in hands.values()]
    used = {c for h in dealt for c in h} | set(draws)
    rest = [c for c in sorted(deck.deck()) if c not in used]
    return rules.new_game(seats(*hands), options or {}, seed=1,
                          deal={"hands": dealt, "stock": rest + list(reversed(draws)), "dealer": len(hands) - 1})


def play(state, *moves):
    for move in moves:
        state, _ = rules.apply(state, move)
    return state


def lines(state, seat):
    return [(line.label, line.detail, line.points) for line in state.lines if line.seat == seat]


def word(state, text):
    return next(w for w in state.words if w.text == text)


@pytest.fixture
def sample():
    return game(SAMPLE_HANDS, SAMPLE_DRAWS, {"variant": "advanced"})


def test_deck_has_96_cards_one_g_a_colour_and_a_qu():
    cards = deck.deck().values()
    assert len(cards) == 96
    for colour in deck.COLOURS:
        assert sum(c.colour == colour for c in cards) == 30
        assert sum(c.colour == colour and c.letters == "G" for c in cards) == 1
    assert sorted(c.letters for c in cards if c.colour == "black") == ["J", "K", "QU", "V", "X", "Z"]
    assert len(deck.deck(silent_e=True)) == 100


def test_sample_turns_score_exactly_as_printed(sample):
    s = sample
    # Julie: draws a green D, plays PIN for 5, discards a blue G.
    s = play(s, "draw")
    assert s.hands[0][-1] == "Dg2"
    s = play(s, "word Pr1+Ir1+Nr1", "end", "discard Gb1")
    assert lines(s, 0) == [("PIN", "(P3 + I1 + N1)", 5)]
    assert len(s.hands[0]) == 9
    # Ken: draws a blue N, turns PIN into PINK (6 each), replaces with Julie's G, plays WING for 10,
    # replaces with a red D, discards his other blue I.
    s = play(s, "draw", "extend 1 Pr1+Ir1+Nr1+Kk1")
    assert [line.points for line in s.lines[-2:]] == [6, 6] and {line.seat for line in s.lines[-2:]} == {0, 1}
    s = play(s, "end")
    assert s.phase == "replace" and s.owed == 1
    s = play(s, "take 0", "word Wb1+Ib1+Nb1+Gb1", "end")
    assert s.owed == 1
    s = play(s, "draw")
    assert "Dr1" in s.hands[1]
    s = play(s, "discard Ib2")
    assert [p for *_, p in lines(s, 1)] == [6, 10] and len(s.hands[1]) == 9
    # Linda: draws a blue R, turns WING into ROWING (7 each), replaces with a blue H and a green A, discards red F.
    s = play(s, "draw", "extend 2 Rb2+Ob1+Wb1+Ib1+Nb1+Gb1")
    assert word(s, "ROWING").cards == ["Rb2", "Ob1", "Wb1", "Ib1", "Nb1", "Gb1"]
    s = play(s, "end")
    assert s.owed == 2
    s = play(s, "draw", "draw")
    assert {"Hb1", "Ag2"} <= set(s.hands[2])
    s = play(s, "discard Fr1")
    assert lines(s, 2) == [("extended WING → ROWING", "(R2 + O1 + 2 × 2 cards)", 7)]
    assert lines(s, 1)[-1][2] == 7 and len(s.hands[2]) == 12
    # Matt: draws a blue S, plays PRIES for 9, replaces with a red A and a blue U, discards one red A.
    s = play(s, "draw", "word Pg1+Rg1+Ig3+Eg2+Sg1", "end", "draw", "draw", "discard Ar1")
    assert lines(s, 3) == [("PRIES", "(P3 + R2 + I1 + E1 + S2)", 9)]
    assert {"Ar2", "Ub1"} <= set(s.hands[3]) and len(s.hands[3]) == 9
    assert rules.totals(s) == [5 + 6, 6 + 10 + 7, 7, 9]
    # Every turn ended with 3, 6, 9 or 12 cards, as the advanced rules say it should.
    assert [len(h) % 3 for h in s.hands] == [0, 0, 0, 0]
    assert [w.text for w in s.words] == ["PINK", "ROWING", "PRIES"]
    assert tuple(s.history) == SAMPLE_MOVES
    rules.check_invariants(s)


SAMPLE_MOVES = ("draw", "word Pr1+Ir1+Nr1", "end", "discard Gb1",
                "draw", "extend 1 Pr1+Ir1+Nr1+Kk1", "end", "take 0", "word Wb1+Ib1+Nb1+Gb1", "end", "draw",
                "discard Ib2", "draw", "extend 2 Rb2+Ob1+Wb1+Ib1+Nb1+Gb1", "end", "draw", "draw", "discard Fr1",
                "draw", "word Pg1+Rg1+Ig3+Eg2+Sg1", "end", "draw", "draw", "discard Ar1")
"""The four sample turns in notation (the test above plays them one by one and checks it played these)."""


def after_sample(sample):
    return play(sample, *SAMPLE_MOVES)


@pytest.mark.parametrize("layout, text", [
    ("Pg1+Rg1+Ig3+Eg2+Sg1+Tg1", "PRIEST"),
    ("Pg1+Rg1+Ig3+Cg1+Eg2+Sg1", "PRICES"),
    ("Pg1+Rg1+Ig3+Ng1+Cg1+Eg2+Sg1", "PRINCES"),
])
def test_pries_continues(sample, layout, text):
    """In a later turn PRIES could become PRIEST, PRICES or PRINCES (green cards from Julie's hand)."""
    s = after_sample(sample)
    assert s.current == 0
    s = play(s, "draw", f"extend 3 {layout}")
    assert word(s, text).owner == 3


def test_rowing_becomes_throwing_but_never_growing(sample):
    s = after_sample(sample)
    for card in ("Hb1", "Gr1"):  # Julie gets the cards the examples need from Linda's hand
        s.hands[2].remove(card)
        s.hands[0].append(card)
    s = play(s, "draw")
    throwing = play(s, "extend 2 Tb1+Hb1+Rb2+Ob1+Wb1+Ib1+Nb1+Gb1")
    assert word(throwing, "THROWING").colour == "blue"
    # GROWING needs a second blue G, and there is one G of each colour: the only blue G is in ROWING already.
    assert [c for c, card in deck.deck().items() if card.letters == "G" and card.colour in ("blue", "black")] == ["Gb1"]
    with pytest.raises(IllegalMove, match="does not match ROWING's colour"):
        play(s, "extend 2 Gr1+Rb2+Ob1+Wb1+Ib1+Nb1+Gb1")


CARE = {"Ann": "Cr1 Ar1 Rr1 Er1 Sr2 Mg1 Og1 Ng1 Tg1 Ob1 Tb1 Lb1",
        "Bob": "Sr1 Lr1 Tr1 Vk1 Pr1 Ab1 Eb1 Ib1 Nb1 Db1 Gb1 Mb1"}


@pytest.fixture
def care():
    """Ann has made CARE (red) and it is Bob's turn, after his draw."""
    return play(game(CARE), "draw", "word Cr1+Ar1+Rr1+Er1", "end", "discard Mg1", "draw")


@pytest.mark.parametrize("layout, text, points", [
    ("Sr1+Cr1+Ar1+Rr1+Er1", "SCARE", 2 + 2), ("Cr1+Ar1+Rr1+Vk1+Er1", "CARVE", 5 + 2),
    ("Cr1+Ar1+Rr1+Er1+Tr1", "CARET", 2 + 2), ("Sr1+Cr1+Ar1+Rr1+Lr1+Er1+Tr1", "SCARLET", 2 + 2 + 2 + 6),
])
def test_care_can_become(care, layout, text, points):
    """Letters may go anywhere (a black V matches red): CARE becomes SCARE, CARVE, CARET or SCARLET,
    and Bob and Ann both score the added cards plus 2 each."""
    s = play(care, f"extend 1 {layout}")
    assert word(s, text).owner == 0
    assert [(line.seat, line.points) for line in s.lines[-2:]] == [(1, points), (0, points)]


def test_care_cannot_become_caper(care):
    with pytest.raises(IllegalMove, match="must stay in their order"):
        play(care, "extend 1 Cr1+Ar1+Pr1+Er1+Rr1")


def test_extending_your_own_word_pays_once(care):
    s = play(care, "discard Mb1", "draw", "extend 1 Sr2+Cr1+Ar1+Rr1+Er1")
    assert lines(s, 0)[-1] == ("extended CARE → SCARE", "(S2 + 2 × 1 card)", 4)
    assert len([line for line in s.lines if line.label.startswith("extended")]) == 1


def test_a_new_word_must_be_one_colour_and_three_cards():
    s = play(game(CARE), "draw")
    with pytest.raises(IllegalMove, match="one colour"):
        play(s, "word Mg1+Ar1+Rr1")
    with pytest.raises(IllegalMove, match="three cards"):
        play(s, "word Ar1+Rr1")


def test_extend_comes_before_the_new_word(care):
    s = play(care, "discard Mb1", "draw", "word Tg1+Og1+Ng1", "end")
    with pytest.raises(IllegalMove, match="before making a new one"):
        play(s, "extend 1 Sr2+Cr1+Ar1+Rr1+Er1")


def test_discard_is_optional_only_with_three_cards_or_fewer(care):
    with pytest.raises(IllegalMove, match="discard one"):
        play(care, "done")


def test_take_from_any_players_discard_pile():
    s = play(game(CARE), "draw", "discard Mg1")
    assert play(s, "take 0").hands[1][-1] == "Mg1"
    with pytest.raises(IllegalMove, match="empty"):
        play(s, "take 1")


def test_qu_card_as_q_alone():
    hands = {"Ann": "QUk1 Ar1 Tr1 Ir1 Sr1 Er1 Lr1 Nr1 Dr1 Or1 Mg1 Og1",
             "Bob": "Ab1 Eb1 Ib1 Ob1 Nb1 Tb1 Sb1 Db1 Gb1 Lb1 Rb1 Mb1"}
    s = play(game(hands), "draw")
    assert word(play(s, "word QUk1/Q+Ar1+Tr1"), "QAT").cards == ["QUk1", "Ar1", "Tr1"]
    assert word(play(s, "word QUk1+Ir1+Tr1"), "QUIT").letters == ["QU", "I", "T"]
    with pytest.raises(IllegalMove, match="only the Qu card"):
        play(s, "word Ar1/Q+Tr1+Ir1")


def test_going_out_scores_five_and_ends_the_round():
    s = play(game({"Ann": "Cg1 Ag1 Tg1", "Bob": CARE["Bob"]}, ["Sg1"]), "draw", "word Cg1+Ag1+Tg1+Sg1", "end", "done")
    assert s.out == 0 and s.phase == "round-over"
    assert lines(s, 0)[-1] == ("went out first", "+5", 5)


def test_round_ends_after_the_turn_that_draws_the_last_card():
    s = game(CARE)
    s.stock = s.stock[-1:]
    s = play(s, "draw")
    assert s.phase == "play"
    assert play(s, "discard Mg1").phase == "round-over"


def test_challenged_new_word_not_a_word_goes_back_and_the_turn_discards():
    s = play(game(CARE), "draw", "word Mg1+Og1+Ng1", "challenge 1 1 invalid")
    assert s.words == [] and s.phase == "play" and rules.totals(s) == [0, 0]
    assert {"Mg1", "Og1", "Ng1"} <= set(s.hands[0])
    with pytest.raises(IllegalMove, match="only once"):
        play(s, "word Cr1+Ar1+Rr1")
    assert play(s, "discard Mg1").current == 1


def test_challenged_good_word_bars_the_challenger_next_turn():
    s = play(game(CARE), "draw", "word Cr1+Ar1+Rr1+Er1", "challenge 1 1 valid")
    assert s.barred == [1]
    s = play(s, "end", "discard Mg1", "draw")
    with pytest.raises(IllegalMove, match="may not make a new word"):
        play(s, "word Ab1+Nb1+Db1")
    s = play(s, "discard Mb1", "draw", "discard Og1", "draw")
    assert play(s, "word Ab1+Nb1+Db1").words[-1].text == "AND"  # the bar lasted one turn


def test_looked_up_extension_not_a_word_is_taken_back(care):
    s = play(care, "extend 1 Cr1+Ar1+Rr1+Er1+Pr1", "challenge 0 1 invalid")
    assert word(s, "CARE").cards == ["Cr1", "Ar1", "Rr1", "Er1"] and "Pr1" in s.hands[1]
    assert rules.totals(s) == [7, 0]
    with pytest.raises(IllegalMove, match="only once"):
        play(s, "extend 1 Cr1+Ar1+Rr1+Er1+Pr1")
    assert play(s, "word Ab1+Nb1+Db1").words[-1].text == "AND"  # a new word is still allowed
