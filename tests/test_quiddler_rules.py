"""Quiddler rules through ``apply``, from fixed deals."""

import pytest

from tests.conftest import seats
from wordcards.core.common import Seat
from wordcards.core.errors import IllegalMove, InvalidMove
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.games.quiddler import deck, rules
from wordcards.games.quiddler.moves import Discard, parse_move

FILLER = ["B1", "C1", "K1", "F1", "P1", "M1", "W1", "V1"]


def game(hands, draws=(), discard=("Y1",), options=None, names=("Ann", "Bob", "Cy")):
    """Round 1 from a fixed deal (the first seat starts); ``draws`` lists the stock in the order it is drawn."""
    names = names[:len(hands)]
    state = rules.new_game(seats(*names), options or {}, seed=1,
                           deal={"hands": hands, "stock": list(reversed(draws)), "discard": list(discard)})
    # The deal makes seat 1 start (left of dealer 0); tests read better when the first hand starts.
    state.dealer, state.current = len(hands) - 1, 0
    return state


def play(state, *moves):
    for move in moves:
        state, _ = rules.apply(state, move)
    return state


def round_lines(state, seat):
    return [(str(line), line.points) for line in state.lines if line.seat == seat and line.round == state.round]


def round_total(state, seat):
    return sum(p for _, p in round_lines(state, seat))


# ---------------------------------------------------------------- the deck


def test_the_deck_is_the_published_deck_halved():
    short, full = deck.deck(False), deck.deck(True)
    assert len(short) == 59 and len(full) == 118
    letters = [c.letters for c in short.values()]
    assert letters.count("A") == 5 and letters.count("E") == 6 and letters.count("QU") == 1
    assert deck.values()["QU"] == 9 and deck.values()["Q"] == 15 and deck.values()["CL"] == 10
    for kind in set(letters):
        assert [c.letters for c in full.values()].count(kind) == 2 * letters.count(kind)


@pytest.mark.parametrize("long_game,rounds,last", [(False, 4, 6), (True, 8, 10)])
def test_each_round_deals_one_more_card_and_the_dealer_rotates(long_game, rounds, last):
    state = rules.new_game(seats("Ann", "Bob", "Cy"), {"long_game": long_game}, seed=3)
    assert state.options.rounds == rounds and all(len(h) == 3 for h in state.hands)
    assert state.dealer == 0 and state.current == 1
    state.phase = "round-over"
    state = play(state, "next")
    assert state.round == 2 and state.dealer == 1 and state.current == 2
    assert all(len(h) == 4 for h in state.hands)
    assert state.options.hand_size(rounds) == last


# ---------------------------------------------------------------- going out


def test_going_out_needs_every_card_but_the_discard_in_words():
    state = game([["QU1", "I1", "T1"], ["A1", "E1", "O1"]], draws=["Z1"])
    state = play(state, "draw")
    with pytest.raises(IllegalMove, match="TIQU|QUI: to go out, every card but the discard must be in words, and Z is left over"):
        rules.apply(state, "discard T1 QU1+I1")
    with pytest.raises(IllegalMove, match="at least two cards"):
        rules.apply(state, "discard Z1 QU1+I1 T1")
    with pytest.raises(IllegalMove, match="not in your hand"):
        rules.apply(state, "discard Z1 QU1+I1+T2")
    with pytest.raises(IllegalMove, match="used twice"):
        rules.apply(state, "discard Z1 QU1+I1+T1+I1")
    state = play(state, "discard Z1 QU1+I1+T1")
    assert state.out == 0 and state.last_turns == 1 and state.phase == "challenge"
    assert [w.text for w in state.words] == ["QUIT"]


def test_nobody_lays_words_before_drawing_or_out_of_turn():
    state = game([["QU1", "I1", "T1"], ["A1", "E1", "O1"]], draws=["Z1"])
    with pytest.raises(IllegalMove, match="must first draw"):
        rules.apply(state, "discard T1 QU1+I1")
    state = play(state, "draw", "discard Z1")  # not out: a plain discard passes the turn
    assert state.out is None and state.current == 1 and state.phase == "draw"
    with pytest.raises(IllegalMove, match="not in your hand"):
        rules.apply(play(state, "take"), "discard Z1 QU1+I1+T1")  # Ann's cards are not Bob's


def test_a_discard_taken_this_turn_may_go_straight_back():
    state = game([["QU1", "I1", "T1"], ["A1", "E1", "O1"]], draws=["Z1"], discard=["S1"])
    state = play(state, "take", "discard S1")
    assert state.discard[-1] == "S1" and state.current == 1


# ---------------------------------------------------------------- last turns


def test_after_going_out_each_other_player_has_exactly_one_last_turn():
    hands = [["QU1", "I1", "T1"], ["C1", "A1", "J1"], ["D1", "O1", "G1"]]
    state = game(hands, draws=["Z1", "T2", "E1"])
    state = play(state, "draw", "discard Z1 QU1+I1+T1", "end")
    assert state.current == 1 and state.last_turns == 2
    # Bob may lay down some words and keep cards: CAT, with J left over.
    state = play(state, "draw", "discard J1 C1+A1+T2", "end")
    assert state.current == 2 and state.last_turns == 1 and state.hands[1] == []
    # Cy lays DO and keeps G; then the round is over: Ann does not play again.
    state = play(state, "draw", "discard E1 D1+O1")
    assert state.phase == "challenge"
    state = play(state, "end")
    assert state.phase == "round-over" and state.hands[2] == ["G1"]
    with pytest.raises(IllegalMove, match="round is over"):
        rules.apply(state, "draw")


def test_a_last_turn_may_lay_nothing():
    hands = [["QU1", "I1", "T1"], ["C1", "J1", "X1"]]
    state = game(hands, draws=["Z1", "V1"], names=("Ann", "Bob"))
    state = play(state, "draw", "discard Z1 QU1+I1+T1", "end", "draw", "discard V1")
    assert state.phase == "round-over"
    assert round_lines(state, 1) == [("left over C J X (−33)", -33), ("floor at zero (0 − 33 is below 0)", 33)]
    assert round_total(state, 1) == 0


# ---------------------------------------------------------------- scoring


def test_the_hand_scores_words_less_left_overs_but_never_below_zero():
    hands = [["QU1", "I1", "T1"], ["A1", "T2", "Q1", "Z1"]]
    state = game(hands, draws=["S1", "E1"], names=("Ann", "Bob"))
    state.hands[1] = ["A1", "T2", "Q1"]  # round 1 has 3 cards; Z1 stays out of play
    state = play(state, "draw", "discard S1 QU1+I1+T1", "end", "draw", "discard E1 A1+T2")
    state = play(state, "end")
    # AT = 5, Q left over 15: 5 - 15 is below zero, so the hand scores 0.
    assert ("AT (A 2 + T 3) = 5", 5) in round_lines(state, 1)
    assert ("left over Q (−15)", -15) in round_lines(state, 1)
    assert ("floor at zero (5 − 15 is below 0)", 10) in round_lines(state, 1)
    assert round_total(state, 1) == 0
    assert ("QUIT (QU 9 + I 2 + T 3) = 14", 14) in round_lines(state, 0)


def three_hands_round(ann_words, bob_words, cy_words, hands, draws):
    """Ann goes out, then Bob and Cy lay words on their last turns; each discards the card drawn."""
    state = game(hands, draws=draws)
    state = play(state, "draw", Discard(draws[0], ann_words), "end")
    state = play(state, "draw", Discard(draws[1], bob_words))
    state = play(state, "end") if bob_words else state
    state = play(state, "draw", Discard(draws[2], cy_words))
    return play(state, "end") if cy_words else state


def bonus_lines(state):
    return [(line.seat, line.label) for line in state.lines if line.label.startswith(("most", "longest"))]


def test_longest_word_counts_letters_not_cards():
    # Round 3 (5 cards): Ann THING on 3 cards (5 letters) + AN; Bob BEAD (4 letters on 4 cards); Cy nothing.
    hands = [["TH1", "IN1", "G1", "A1", "N1"], ["B1", "E1", "A2", "D1", "K1"], ["X1", "J1", "Z1", "V1", "Q1"]]
    state = three_hands_round((("TH1", "IN1", "G1"), ("A1", "N1")), (("B1", "E1", "A2", "D1"),), (),
                              hands, ["W1", "C1", "M1"])
    state = state if state.phase == "round-over" else play(state, "end")
    assert (0, "longest word THING") in bonus_lines(state)
    assert ("longest word THING (5 letters) +10", 10) in round_lines(state, 0)
    assert (0, "most words") in bonus_lines(state)  # 2 words against 1 and 0


def test_no_bonus_on_a_tie():
    # Ann CAT + DO, Bob BED + GO: two words each and three-letter words each.
    hands = [["C1", "A1", "T1", "D1", "O1"], ["B1", "E1", "D2", "G1", "O2"], ["X1", "J1", "Z1", "V1", "Q1"]]
    state = three_hands_round((("C1", "A1", "T1"), ("D1", "O1")), (("B1", "E1", "D2"), ("G1", "O2")), (),
                              hands, ["W1", "K1", "M1"])
    assert state.phase == "round-over"
    assert bonus_lines(state) == []


@pytest.mark.parametrize("bonus,expected", [("longest", [(1, "longest word BEARD")]), ("words", [(0, "most words")])])
def test_two_players_use_the_one_bonus_chosen(bonus, expected):
    # Ann: CAT + DO (2 words, longest 3). Bob: BEARD (1 word, 5 letters).
    hands = [["C1", "A1", "T1", "D1", "O1"], ["B1", "E1", "A2", "R1", "D2"]]
    state = game(hands, draws=["W1", "K1"], names=("Ann", "Bob"), options={"two_player_bonus": bonus})
    state = play(state, "draw", "discard W1 C1+A1+T1 D1+O1", "end", "draw", "discard K1 B1+E1+A2+R1+D2", "end")
    assert state.phase == "round-over"
    assert bonus_lines(state) == expected


def test_three_players_use_both_bonuses():
    hands = [["C1", "A1", "T1", "D1", "O1"], ["B1", "E1", "A2", "R1", "D2"], ["X1", "J1", "Z1", "V1", "Q1"]]
    state = three_hands_round((("C1", "A1", "T1"), ("D1", "O1")), (("B1", "E1", "A2", "R1", "D2"),), (),
                              hands, ["W1", "K1", "M1"])
    assert sorted(bonus_lines(state)) == [(0, "most words"), (1, "longest word BEARD")]


# ---------------------------------------------------------------- challenges


def out_with(words, hand, draw="Z1"):
    state = game([hand, ["A1", "E1", "O1"]], draws=[draw, "V1"], names=("Ann", "Bob"))
    return play(state, "draw", Discard(draw, words))


def test_a_challenge_to_a_real_word_costs_the_challenger():
    state = out_with((("QU1", "I1", "T1"),), ["QU1", "I1", "T1"])
    word = state.words[0].id
    state = play(state, f"challenge 1 {word} valid")
    assert ("challenged QUIT, a word (−14)", -14) in round_lines(state, 1)
    assert not state.words[0].struck
    state = play(state, "end", "draw", "discard V1", )
    assert ("QUIT (QU 9 + I 2 + T 3) = 14", 14) in round_lines(state, 0)


def test_a_challenge_to_a_non_word_strikes_it_and_costs_its_player():
    state = out_with((("T1", "I1", "QU1"),), ["QU1", "I1", "T1"])
    word = state.words[0].id
    state = play(state, f"challenge 1 {word} invalid")
    assert state.words[0].struck
    assert ("TIQU challenged, not a word (−14)", -14) in round_lines(state, 0)
    with pytest.raises(IllegalMove, match="already been challenged"):
        rules.apply(state, f"challenge 1 {word} invalid")
    state = play(state, "end", "draw", "discard V1")
    assert state.phase == "round-over"
    assert [label for label, _ in round_lines(state, 0)] == ["TIQU challenged, not a word (−14)"]
    assert (0, "longest word TIQU") not in bonus_lines(state)


def test_only_another_player_challenges_and_only_this_turns_words():
    state = out_with((("QU1", "I1", "T1"),), ["QU1", "I1", "T1"])
    with pytest.raises(IllegalMove, match="only another player"):
        rules.apply(state, f"challenge 0 {state.words[0].id} invalid")
    state = play(state, "end")
    with pytest.raises(IllegalMove, match="not now"):
        rules.apply(state, f"challenge 1 {state.words[0].id} invalid")


def scored_round_thing_an_bead():
    """Round over: Ann laid THING (TH·IN·G, 22) and AN (7), Bob BEAD (17), Cy nothing; nobody challenged in time."""
    hands = [["TH1", "IN1", "G1", "A1", "N1"], ["B1", "E1", "A2", "D1", "K1"], ["X1", "J1", "Z1", "V1", "Q1"]]
    state = three_hands_round((("TH1", "IN1", "G1"), ("A1", "N1")), (("B1", "E1", "A2", "D1"),), (),
                              hands, ["W1", "C1", "M1"])
    assert state.phase == "round-over"
    return state, {w.text: w.id for w in state.words}


def test_a_word_stays_open_to_challenge_until_the_next_deal():
    """The rulebook: a word may be challenged "before the cards are gathered for the next round"."""
    state, ids = scored_round_thing_an_bead()
    assert sorted(t.text for t in rules.challenge_targets(state)) == ["AN", "BEAD", "THING"]
    assert sorted(bonus_lines(state)) == [(0, "longest word THING"), (0, "most words")]
    with pytest.raises(IllegalMove, match="only another player can challenge Ann's words"):
        rules.apply(state, f"challenge 0 {ids['THING']} invalid")
    state, events = rules.apply(state, f"challenge 2 {ids['THING']} invalid")
    assert state.phase == "round-over" and state.words[0].struck
    # The round is scored again without THING: Ann keeps AN and loses THING's 22; the longest word is now Bob's
    # BEAD, and most words is a tie (one each), so nobody gets it.
    assert round_lines(state, 0) == [("THING challenged, not a word (−22)", -22), ("AN (A 2 + N 5) = 7", 7)]
    assert bonus_lines(state) == [(1, "longest word BEAD")]
    assert [e.text for e in events][:2] == [
        "Cy challenged THING: not a word! It scores nothing and Ann loses its 22 points",
        "Round 1 is scored again: Ann -15, Bob +19, Cy +0"]  # Bob: 17 − K 8 + 10; Cy: the floor
    assert sorted(t.text for t in rules.challenge_targets(state)) == ["AN", "BEAD"]
    with pytest.raises(IllegalMove, match="already been challenged"):
        rules.apply(state, f"challenge 1 {ids['THING']} invalid")
    state = play(state, "next")
    assert rules.challenge_targets(state) == []  # the cards are gathered: the window has closed


def test_a_late_challenge_to_a_real_word_costs_the_challenger_and_rescores_nothing():
    state, ids = scored_round_thing_an_bead()
    closing = list(state.lines)
    state = play(state, f"challenge 1 {ids['AN']} valid")
    assert state.lines == closing + [state.lines[-1]]
    assert (str(state.lines[-1]), state.lines[-1].points) == ("challenged AN, a word (−7)", -7)


def test_the_last_rounds_words_may_be_challenged_on_the_game_over_screen():
    hands = [["TH1", "IN1", "G1", "A1", "N1"], ["B1", "E1", "A2", "D1", "K1"], ["X1", "J1", "Z1", "V1", "Q1"]]
    state = game(hands, draws=["W1", "C1", "M1"])
    state.round = state.options.rounds
    state = play(state, "draw", Discard("W1", (("TH1", "IN1", "G1"), ("A1", "N1"))), "end",
                 "draw", Discard("C1", (("B1", "E1", "A2", "D1"),)), "end", "draw", Discard("M1", ()))
    assert rules.is_over(state)
    state = play(state, f"challenge 1 {state.words[0].id} invalid")
    assert rules.is_over(state) and bonus_lines(state) == [(1, "longest word BEAD")]


def test_people_challenge_late_at_the_summary_and_computer_players_are_not_asked_again():
    match = Match.new("quiddler", [Seat("Ann"), Seat("Bob"), Seat("Hal", "hard")], seed=1, save=False)
    match.state, ids = scored_round_thing_an_bead()
    referee = Referee(match)
    step = referee.next()
    assert step.stage == "summary" and step.challengers == (0, 1)  # Ann may challenge Bob's BEAD; Hal is a computer
    assert referee.task() is None  # Hal decided when the words were laid
    valid, _ = referee.challenge(1, ids["THING"])
    assert valid and referee.next().challengers == (0, 1)
    referee.challenge(0, ids["BEAD"])
    assert referee.next().challengers == (1,)  # only AN is left, Ann's own


def test_match_rules_a_challenge_with_the_word_list_both_ways():
    match = Match.new("quiddler", seats("Ann", "Bob"), seed=1, save=False)
    match.state = out_with((("QU1", "I1", "T1"),), ["QU1", "I1", "T1"])
    valid, events = match.challenge(1, match.state.words[0].id)
    assert valid and "loses its 14 points" in events[0].text
    match.state = out_with((("T1", "I1", "QU1"),), ["QU1", "I1", "T1"])
    valid, events = match.challenge(1, match.state.words[0].id)
    assert not valid and match.state.words[0].struck


def test_strict_mode_refuses_a_non_word_when_it_is_laid():
    match = Match.new("quiddler", seats("Ann", "Bob"), seed=1, save=False, strict=True)
    match.state = play(game([["QU1", "I1", "T1"], ["A1", "E1", "O1"]], draws=["Z1"], names=("Ann", "Bob")), "draw")
    with pytest.raises(IllegalMove, match="TIQU is not in the word list"):
        match.play("discard Z1 T1+I1+QU1")
    match.play("discard Z1 QU1+I1+T1")
    assert match.state.out == 0 and not Referee(match).targets()  # strict: the list has ruled, nothing to challenge


# ---------------------------------------------------------------- the piles, the notation, views


def test_an_empty_draw_pile_is_remade_from_the_discards():
    state = game([["QU1", "I1", "T1"], ["A1", "E1", "O1"]], draws=[], discard=["S1", "R1", "N1"],
                 names=("Ann", "Bob"))
    state = play(state, "draw")
    assert state.discard == ["N1"] and len(state.stock) == 1 and len(state.hands[0]) == 4


def test_a_round_nobody_can_finish_still_ends():
    state = rules.new_game(seats("Ann", "Bob"), {}, seed=2)
    for _ in range(200):
        if state.phase != "draw":
            break
        state = play(state, "draw", f"discard {state.hands[state.current][-1]}")
    assert state.phase == "round-over"


@pytest.mark.parametrize("text", ["draw", "take", "discard E3", "discard E3 QU1+I2+T1 A3+X1", "end", "next",
                                  "challenge 1 4 invalid"])
def test_moves_read_back_as_written(text):
    assert str(parse_move(text)) == text


@pytest.mark.parametrize("text,message", [("discard", "needs a card"), ("discard E1 QU1++T1", "joined by +"),
                                          ("meld", "unknown move")])
def test_malformed_moves_say_what_is_wrong(text, message):
    with pytest.raises(InvalidMove, match=message):
        parse_move(text)


def test_a_view_shows_only_the_seats_own_hand():
    state = rules.new_game(seats("Ann", "Bob", "Cy"), {}, seed=4)
    view = rules.player_view(state, 2)
    assert view.hand == tuple(state.hands[2]) and view.hand_sizes == (3, 3, 3)
    assert not hasattr(view, "hands") and not hasattr(view, "stock")
