"""Each Gift Words variation, from fixed deals: advanced, two-player, cooperative, younger players."""

import pytest

from tests.conftest import seats
from tests.test_gift_words_rules import CARE, game, lines, play
from wordcards.core.errors import IllegalMove, SetupError
from wordcards.games.gift_words import rules
from wordcards.games.gift_words.state import TableWord

BOB = "Ab1 Eb1 Ib1 Ob1 Nb1 Tb1 Sb1 Db1 Gb1 Lb1 Rb1 Mb1"


def place_word(s, ids: str, owner):
    """Put a word on the table from cards in the deck (as if made earlier)."""
    cards = ids.split()
    for card in cards:
        s.stock.remove(card)
    word = TableWord(s.next_word_id, owner, cards, [s.cards[c].letters for c in cards], s.cards[cards[0]].colour)
    s.next_word_id += 1
    s.words.append(word)
    return word


# ---------------------------------------------------------------- advanced


def test_advanced_replacement_draws_for_added_cards_and_long_words():
    s = play(game(CARE, options={"variant": "advanced"}), "draw", "word Cr1+Ar1+Rr1+Er1+Sr2", "end")
    assert s.phase == "replace" and s.owed == 2  # five cards: two over three
    s = play(s, "draw", "draw")
    assert s.phase == "play" and len(s.hands[0]) == 12 - 5 + 1 + 2
    s = play(s, "discard Mg1", "draw", "extend 1 Cr1+Ar1+Rr1+Er1+Sr2+Tr1", "end")
    assert s.owed == 1
    s = play(s, "take 0")  # any discard pile; here Ann's
    assert "Mg1" in s.hands[1]


def test_advanced_replacements_may_come_from_your_own_pile():
    s = play(game(CARE, options={"variant": "advanced"}), "draw", "discard Mg1", "draw", "discard Sr1",
             "draw", "word Cr1+Ar1+Rr1+Er1", "end", "take 0")
    assert "Mg1" in s.hands[0] and s.phase == "play"


def test_advanced_going_out_takes_four_words():
    hands = {"Ann": "Cg1 Ag1 Tg1", "Bob": BOB}
    s = play(game(hands, ["Sg1", "Og1"], {"variant": "advanced"}), "draw", "word Cg1+Ag1+Tg1+Sg1", "end", "draw")
    assert len(s.hands[0]) == 1
    with pytest.raises(IllegalMove, match="four words"):
        play(s, "discard Og1")
    kept = play(s, "done")
    assert kept.out is None and kept.phase == "draw" and kept.current == 1
    s.words_made[0] = 4  # as if three words came before CATS
    out = play(s, "discard Og1")
    assert out.out == 0 and out.phase == "round-over"


# ---------------------------------------------------------------- two players


def test_two_player_round_starts_with_two_centre_words():
    s = rules.new_game(seats("Ann", "Bob"), {"two_player": True}, seed=3)
    assert s.phase == "centre" and s.current == 1 and s.hands == [[], []]
    while len(s.centre) < 24:
        s = play(s, "turn")
    by_colour = {}
    for card in s.centre:
        by_colour.setdefault(s.cards[card].colour, []).append(card)
    a, b = [cards[:3] for cards in by_colour.values() if len(cards) >= 3][:2]
    s = play(s, f"centre {'+'.join(a)} {'+'.join(b)}")
    assert [w.owner for w in s.words] == [None, None]
    assert s.centre == [] and [len(h) for h in s.hands] == [12, 12] and len(s.stock) == 96 - 24 - 6
    assert s.phase == "draw" and s.current == 1
    rules.check_invariants(s)


def test_two_player_scoring_centre_own_and_opponents_words():
    hands = {"Ann": "Cr1 Ar1 Rr1 Er1 Sr2 Dr1 Mg1 Og1 Ng1 Tg1 Ob1 Tb1", "Bob": CARE["Bob"]}
    s = game(hands, options={"two_player": True})
    place_word(s, "Rr2 Ar2 Tr2", None)  # RAT, red, in the centre
    s = play(s, "draw", "extend 1 Rr2+Ar2+Tr2+Sr2")
    assert lines(s, 0) == [("extended RAT → RATS (centre word)", "(S2 + 2 × 1 card)", 4)]
    s = play(s, "end", "word Cr1+Ar1+Rr1+Er1", "end", "discard Mg1", "draw", "extend 2 Sr1+Cr1+Ar1+Rr1+Er1")
    assert lines(s, 1) == [] and len(s.lines) == 2  # Bob extends Ann's word: it scores nobody anything
    s = play(s, "end", "discard Mb1", "draw", "extend 2 Sr1+Cr1+Ar1+Rr1+Er1+Dr1")
    assert lines(s, 0)[-1] == ("extended SCARE → SCARED (your own word)", "(D2)", 2)


def test_two_player_three_shortest_words_stay_for_the_next_round():
    s = game(CARE, options={"two_player": True})
    for ids, owner in (("Cb1 Ab2 Tb2 Sb2", 0), ("Pg1 Ig1 Ng2", 1), ("Bg1 Ig2 Dg1", 0), ("Ag1 Rg1 Tg2 Sg1", 1),
                       ("Rb2 Ub1 Eb2", None)):
        place_word(s, ids, owner)
    s.stock = s.stock[-1:]
    s = play(s, "draw", "discard Mg1")
    assert s.phase == "round-over"
    s = play(s, "next")
    assert sorted(w.text for w in s.words) == ["BID", "PIN", "RUE"] and {w.owner for w in s.words} == {None}
    rules.check_invariants(s)


def test_two_player_the_player_behind_chooses_the_order():
    s = game(CARE, options={"two_player": True})
    s.stock = s.stock[-1:]
    s = play(s, "draw", "word Cr1+Ar1+Rr1+Er1", "end", "discard Mg1", "next")
    assert s.phase == "order" and s.current == 1  # Bob is behind
    assert play(s, "order second").current == 0
    assert play(s, "order first").current == 1


def test_two_player_tie_the_last_starter_goes_second():
    s = game(CARE, options={"two_player": True})
    s.stock = s.stock[-1:]
    s = play(s, "draw", "discard Mg1", "next")  # 0-0, Ann began round 1
    assert s.phase == "draw" and s.current == 1


def test_two_player_rules_need_two_players():
    with pytest.raises(SetupError, match="two players"):
        rules.new_game(seats("A", "B", "C"), {"two_player": True})


# ---------------------------------------------------------------- cooperative


COOP = {"Ann": "Cg1 Ag1 Tg1 Sg1 Mr1 Or1 Pr1 Er1 Nr1 Dr1 Ir1 Lr1",
        "Bob": "Sg2 Ab1 Eb1 Ib1 Ob1 Nb1 Tb1 Sb1 Db1 Gb1 Lb1 Rb1"}


def coop_game(stockpile=6):
    s = game(COOP, options={"variant": "cooperative"})
    s.stockpiles = [[s.stock.pop() for _ in range(stockpile)] for _ in range(2)]
    return s


def test_coop_deal():
    s = rules.new_game(seats("Ann", "Bob"), {"variant": "cooperative"}, seed=2)
    assert [len(h) for h in s.hands] == [12, 12] and [len(p) for p in s.stockpiles] == [6, 6]
    assert sum(len(p) for p in s.piles) == 1 and len(s.stock) == 96 - 24 - 12 - 1
    with pytest.raises(SetupError, match="two players"):
        rules.new_game(seats("A", "B", "C"), {"variant": "cooperative"})


def test_coop_scores_and_replacements():
    s = play(coop_game(), "draw")
    assert len(s.stockpiles[0]) == 5
    s = play(s, "word Cg1+Ag1+Tg1+Sg1")
    assert lines(s, 0) == [("CATS", "(C3 + A1 + T2 + S2) + 5 × 1 card over three", 8 + 5)]
    bonus = len(s.stock)
    s = play(s, "end")
    assert s.owed == 4  # one card for every card played
    s = play(s, "draw", "draw", "draw", "draw", "discard Mr1")
    assert len(s.stock) == bonus - 4 and len(s.hands[0]) == 12 and len(s.stockpiles[0]) == 5
    s = play(s, "draw", "extend 1 Sg2+Cg1+Ag1+Tg1+Sg1")
    assert lines(s, 1) == [("extended CATS → SCATS (partner's word: all of it)", "(S2 + C3 + A1 + T2 + S2)", 10)]
    assert sum(rules.totals(s)) == 23


def test_coop_taking_a_discard_means_making_or_extending():
    s = play(coop_game(), "draw", "discard Mr1", "take 0")
    with pytest.raises(IllegalMove, match="must make or extend"):
        play(s, "discard Ab1")
    s = play(s, "discard Mr1")
    assert s.piles[0] == ["Mr1"]  # it went back where it came from


def test_coop_ends_after_both_stockpiles_are_drawn_and_a_player_may_go_twice():
    s = play(coop_game(stockpile=1), "draw", "discard Mr1")
    assert s.current == 1
    s = play(s, "take 0", "discard Mr1")  # Bob keeps his stockpile card: Ann has none, so Bob goes again
    assert s.current == 1 and s.phase == "draw"
    s = play(s, "draw", "discard Ab1")
    assert s.phase == "game-over"


def test_coop_goal():
    s = coop_game(stockpile=1)
    s = play(s, "draw", "word Cg1+Ag1+Tg1+Sg1", "end", "draw", "draw", "draw", "draw", "discard Mr1")
    s, events = rules.apply(s, "draw")
    s, events = rules.apply(s, "discard Ab1")
    assert "team score 13, goal 100: short of the goal" in events[-1].text
    s2 = rules.new_game(seats("A", "B"), {"variant": "cooperative", "goal": 10}, seed=1)
    assert s2.options.target == 10


# ---------------------------------------------------------------- younger players


def younger(scoring="simple", players=2):
    return rules.new_game(seats(*"ABCDEF"[:players]), {"variant": "younger", "scoring": scoring}, seed=4)


def give(s, cards: str):
    """Replace the current player's hand with ``cards``, trading with the piles so no card is lost."""
    wanted = cards.split()
    for place in (s.stock, s.vowels, s.silent, s.discard, *s.hands):
        for card in wanted:
            if card in place:
                place.remove(card)
    for card in s.hands[s.current]:
        (s.vowels if s.cards[card].letters in "AEIOU" else s.stock).append(card)
    s.hands[s.current] = wanted
    return s


def test_younger_deal_two_vowels_four_consonants_each_turn():
    s = younger()
    hand = [s.cards[c].letters for c in s.hands[s.current]]
    assert len(hand) == 6 and sum(letter in "AEIOU" for letter in hand) == 2
    assert len(s.silent) == 4 and s.phase == "play"
    s = play(s, "done")
    assert len(s.discard) == 6 and len(s.hands[s.current]) == 6


@pytest.mark.parametrize("scoring, cat, rat, chat", [("simple", 6, 2, 3), ("mathematical", 18, 6, 12)])
def test_younger_scoring_examples(scoring, cat, rat, chat):
    """The rulebook's: CAT 3+1+2 (×3 = 18); CAT to RAT, R 2 (×3 = 6); CAT to CHAT, H 3 (×4 = 12)."""
    s = give(younger(scoring), "Cr1 Ar1 Tr1 Rr1 Hr1 Nr1")
    s = play(s, "word Cr1+Ar1+Tr1", "end")
    assert s.lines[-1].points == cat
    changed = play(s, "change 1 Rr1+Ar1+Tr1")
    assert changed.lines[-1].points == rat and changed.words[0].covered == ["Cr1"]
    extended = play(s, "extend 1 Cr1+Hr1+Ar1+Tr1")
    assert extended.lines[-1].points == chat
    rules.check_invariants(changed)
    if scoring == "mathematical":  # the sheet says what it multiplies by: cards (the Qu card is one)
        assert s.lines[-1].detail == "(C3 + A1 + T2) × 3 cards"
        assert extended.lines[-1].detail == "(H3) × 4 cards in CHAT"


def test_younger_silent_e_adds_five():
    s = give(younger(), "Cr1 Ar1 Nr1 Tr1 Hr1 Dr1")
    s = play(s, "word Cr1+Ar1+Nr1", "end", "silent 1")
    assert s.words[0].text == "CANE" and lines(s, s.current)[-1] == ("Silent E: CAN → CANE", "", 5)
    assert len(s.silent) == 3
    with pytest.raises(IllegalMove, match="only once"):
        play(s, "end", "silent 1")
    undone = play(s, "challenge 1 1 invalid" if s.current == 0 else "challenge 0 1 invalid")
    assert undone.words[0].text == "CAN" and len(undone.silent) == 4


def test_younger_each_play_once_a_turn_and_no_colours():
    s = give(younger(), "Cr1 Ab1 Tg1 Rr1 Hr1 Nr1")
    s = play(s, "word Cr1+Ab1+Tg1", "end")  # colours do not matter for younger players
    with pytest.raises(IllegalMove, match="only once"):
        play(s, "word Rr1+Hr1+Nr1")
    with pytest.raises(IllegalMove, match="one card over one letter"):
        play(s, "change 1 Rr1+Hr1+Tg1")


def test_younger_round_ends_after_eight_words_with_two_players_and_each_player_deals_once():
    s = younger()
    assert s.options.total_rounds(2) == 2 and s.options.words_per_round(2) == 8
    assert s.options.words_per_round(3) == 9 and s.options.words_per_round(5) == 10
    s.words_made = [4, 3]
    s = give(s, "Cr1 Ar1 Tr1 Rr1 Hr1 Nr1")
    s = play(s, "word Cr1+Ar1+Tr1", "end", "done")
    assert s.phase == "round-over"
    s = play(s, "next")
    assert s.round == 2 and s.words == [] and len(s.hands[s.current]) == 6


def test_a_saved_game_resumes_exactly(wordcards_home):
    from wordcards.core.match import Match
    from wordcards.core.referee import Referee
    from wordcards.core.common import Seat

    match = Match.new("gift-words", [Seat("Hal", "hard"), Seat("Ivy", "easy")], {"variant": "advanced"}, seed=5)
    referee = Referee(match)
    for _ in range(60):
        referee.computer_step()
    loaded = Match.load(match.save_path)
    assert rules.player_view(loaded.state, 0) == rules.player_view(match.state, 0)
    assert loaded.state.hands == match.state.hands and loaded.state.history == match.state.history


def test_the_cooperative_goal_moves_once_a_game(wordcards_home):
    from wordcards.games.gift_words import goal

    assert goal.remembered() == 100
    assert goal.record(True, 100, game=7) == 110
    assert goal.record(True, 100, game=7) == 110  # the same game shown again (resumed when finished)
    assert goal.record(False, 110, game=8) == 100 and goal.remembered() == 100
    assert goal.prepare({"variant": "cooperative"})["goal"] == 100
    assert goal.prepare({"variant": "cooperative", "goal": 70}) == {"variant": "cooperative", "goal": 70}
