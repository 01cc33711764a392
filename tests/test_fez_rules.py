"""FEZ rules through ``apply``, from fixed deals."""

import pytest

from tests.conftest import card, seats
from wordcards.core.errors import IllegalMove, InvalidMove
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.registry import find_game
from wordcards.games.fez import rules, rules_text
from wordcards.games.fez.moves import parse_move

# Cards nobody needs, to fill hands and the stock.
FILLERS = [card(f"2 red {x}") for x in ("EK", "IV", "IX", "EN", "DI", "EM", "SU", "RS", "SS", "CH", "CT", "MS")]


def game(hands, stock_draws=(), discard=(), options=None, names=("Carol", "Bob")):
    """A game from a fixed deal. ``stock_draws`` lists cards in the order they will be drawn."""
    stock = list(reversed([card(c) if " " in c else c for c in stock_draws]))
    hands = [[card(c) if " " in c else c for c in hand] for hand in hands]
    disc = [card(c) if " " in c else c for c in discard]
    opts = {"two_packs": True, **(options or {})}
    return rules.new_game(seats(*names), opts, seed=1, deal={"hands": hands, "stock": stock, "discard": disc})


def play(state, *moves):
    for move in moves:
        state, _ = rules.apply(state, move)
    return state


def piece(spec, letters):
    return f"{card(spec)}={letters}"


def lines_of(state, seat):
    return [(str(line), line.points) for line in rules.score_sheet(state) if line.seat == seat]


def test_bob_and_carols_score_sheet():
    """The rulebook's sample sheet: Bob PLACING 124 + SING 5 = 129; Carol ★FIN 12 + PLAY 18 = 30."""
    carol = ["1 red FI", "1 black AN", "1 black star", "2 black OP", "1 black LT"]
    bob = ["2 black AP", "1 black LS", "1 black AW", "1 black CO", "1 black IN"]
    draws = ["1 black GS",                                               # Bob draws
             "1 red ES", "2 black IT", "2 black NS", "2 black AG", FILLERS[0],  # Bob refills
             FILLERS[1],                                                  # Carol draws
             "1 black AT", "1 black TY", FILLERS[2],                       # Carol refills
             FILLERS[3],                                                  # Bob draws
             *FILLERS[4:8],                                               # Bob refills
             FILLERS[8]]                                                  # Carol draws
    state = game([carol, bob], draws, discard=[FILLERS[9]])
    assert state.current == 1  # the player on the dealer's left starts
    state = play(state, "draw",
                 "word " + " ".join([piece("2 black AP", "P"), piece("1 black LS", "L"), piece("1 black AW", "A"),
                                     piece("1 black CO", "C"), piece("1 black IN", "IN"), piece("1 black GS", "G")]),
                 "done", "end")
    state = play(state, "draw",
                 "word " + " ".join([piece("1 black star", "*"), piece("1 red FI", "FI"), piece("1 black AN", "N")]),
                 f"discard {FILLERS[1]}", "end")
    state = play(state, "draw",
                 "word " + " ".join([piece("1 red ES", "S"), piece("2 black IT", "I"), piece("2 black NS", "N"),
                                     piece("2 black AG", "G")]),
                 f"discard {FILLERS[3]}", "end")
    state = play(state, "draw",
                 "word " + " ".join([piece("2 black OP", "P"), piece("1 black LT", "L"), piece("1 black AT", "A"),
                                     piece("1 black TY", "Y")]))
    assert lines_of(state, 1) == [("PLACING (12 +50 length ×2 flush) = 124", 124), ("SING (5) = 5", 5)]
    assert lines_of(state, 0) == [("FIN ★ (6 ×2 star) = 12", 12), ("PLAY (9 ×2 flush) = 18", 18)]
    assert rules.totals(state) == [30, 129]


def after_play_word(options=None):
    """Carol has PLAY (black flush) on the table; it is Bob's turn, and Bob has drawn."""
    carol = ["2 black OP", "1 black LT", "1 black AT", "1 black TY", FILLERS[0]]
    bob = ["1 black GS", "1 red ES", "1 black IN", "1 black GI", "1 red star"]
    state = game([bob, carol], [FILLERS[1], FILLERS[2], FILLERS[3], FILLERS[4], FILLERS[5], FILLERS[6]],
                 options=options, names=("Bob", "Carol"))
    state = play(state, "draw",
                 "word " + " ".join([piece("2 black OP", "P"), piece("1 black LT", "L"), piece("1 black AT", "A"),
                                     piece("1 black TY", "Y")]),
                 f"discard {FILLERS[0]}", "end", "draw")
    return state


def test_lay_off_that_keeps_the_flush_scores_double():
    state = after_play_word()
    word = state.words[0].id
    state = play(state, f"lay {word} {piece('1 black GS', 'S')} " + " ".join(
        f"{p.card}={p.letters}" for p in state.words[0].pieces))
    assert state.words[0].text == "SPLAY"
    assert ("+S on SPLAY (1 ×2 flush) = 2", 2) in lines_of(state, 0)
    assert rules.totals(state) == [2, 18]


def test_lay_off_that_breaks_the_flush_scores_single_and_owner_keeps_flush():
    state = after_play_word()
    old = " ".join(f"{p.card}={p.letters}" for p in state.words[0].pieces)
    state = play(state, f"lay {state.words[0].id} {old} {piece('1 black IN', 'IN')} {piece('1 black GI', 'G')}")
    assert state.words[0].text == "PLAYING"
    assert rules.totals(state) == [8, 18]  # ING is black and keeps the flush: (4 ×2)
    state = after_play_word()
    state = play(state, f"lay {state.words[0].id} {piece('1 red ES', 'S')} {old}")
    assert rules.totals(state) == [1, 18]  # a red S: single points, and without Nasty rules Carol keeps ×2


def test_nasty_lay_off_takes_the_owners_flush():
    state = after_play_word({"nasty_flush": True})
    old = " ".join(f"{p.card}={p.letters}" for p in state.words[0].pieces)
    state = play(state, f"lay {state.words[0].id} {piece('1 red ES', 'S')} {old}")
    assert rules.totals(state) == [1, 9]


def test_a_lay_off_is_challenged_as_the_play_of_the_player_who_laid_it_off():
    state = after_play_word()
    old = " ".join(f"{p.card}={p.letters}" for p in state.words[0].pieces)
    state = play(state, f"lay {state.words[0].id} {piece('1 black GS', 'S')} {old}", f"discard {card('1 red ES')}")
    assert [(w.text, w.owner) for w in rules.challenge_targets(state)] == [("SPLAY", "Bob")]  # Carol's PLAY, Bob's S


def test_lay_off_may_not_reorder_the_word():
    state = after_play_word()
    pieces = [f"{p.card}={p.letters}" for p in state.words[0].pieces]
    reordered = " ".join([pieces[1], pieces[0], *pieces[2:]])
    with pytest.raises(IllegalMove, match="must stay in their order"):
        play(state, f"lay {state.words[0].id} {piece('1 black GS', 'S')} {reordered}")


def test_star_only_on_your_own_words():
    state = after_play_word()
    old = " ".join(f"{p.card}={p.letters}" for p in state.words[0].pieces)
    with pytest.raises(IllegalMove, match="only go on your own words"):
        play(state, f"lay {state.words[0].id} {piece('1 red star', '*')} {old}")


def test_no_layoffs_option():
    state = after_play_word({"no_layoffs": True})
    old = " ".join(f"{p.card}={p.letters}" for p in state.words[0].pieces)
    with pytest.raises(IllegalMove, match="No Layoffs"):
        play(state, f"lay {state.words[0].id} {piece('1 black GS', 'S')} {old}")


def test_adding_e_star_s_to_your_own_fin_makes_fines():
    """The rulebook: 'You add E*S to your FIN to make FINES.'"""
    bob = ["1 red FI", "1 black AN", "1 red ES", "1 black star", "1 black GS"]
    state = game([FILLERS[:5], bob], [FILLERS[5]], names=("Carol", "Bob"))
    state = play(state, "draw", f"word {piece('1 red FI', 'FI')} {piece('1 black AN', 'N')}")
    fin = state.words[0]
    assert rules.totals(state)[1] == 6
    old = " ".join(f"{p.card}={p.letters}" for p in fin.pieces)
    state = play(state, f"lay {fin.id} {old} {piece('1 red ES', 'E')} {piece('1 black star', '*')} {piece('1 black GS', 'S')}")
    assert state.words[0].text == "FINES"
    # FIN now has a star: (6 ×2 star) = 12, and the lay-off E, S scores 2.
    assert lines_of(state, 1) == [("FIN, now FINES ★ (6 ×2 star) = 12", 12), ("+ES on FINES (2) = 2", 2)]


def test_a_star_laid_off_alone_says_what_it_added_to_the_word():
    """The log once said 'laid off ★ on FIN, making FIN ★ (0) = 0' while the owner's score doubled."""
    bob = ["1 red FI", "1 black AN", "1 black star", "1 red ES", "1 black GS"]
    state = game([FILLERS[:5], bob], [FILLERS[5]], names=("Carol", "Bob"))
    state = play(state, "draw", f"word {piece('1 red FI', 'FI')} {piece('1 black AN', 'N')}")
    fin = state.words[0]
    old = " ".join(f"{p.card}={p.letters}" for p in fin.pieces)
    state, events = rules.apply(state, f"lay {fin.id} {piece('1 black star', '*')} {old}")
    assert [e.text for e in events if e.text] == [
        "Bob laid off ★ on FIN, making FIN ★; Bob's FIN now scores (6 ×2 star) = 12 (+6)"]
    assert rules.totals(state)[1] == 12


def test_cannot_discard_the_card_taken_from_the_discard_pile():
    state = game([FILLERS[:5], FILLERS[5:10]], [FILLERS[10]], discard=["1 red ES"])
    state = play(state, "take")
    with pytest.raises(IllegalMove, match="took"):
        play(state, f"discard {card('1 red ES')}")
    state = play(state, f"discard {FILLERS[5]}")
    assert state.discard[-1] == FILLERS[5]


def test_turn_order_and_phases_are_enforced():
    state = game([FILLERS[:5], FILLERS[5:10]], [FILLERS[10]], discard=[FILLERS[11]])
    with pytest.raises(IllegalMove, match="must first draw"):
        play(state, f"discard {FILLERS[5]}")
    with pytest.raises(IllegalMove, match="not in Bob's hand"):
        play(state, "draw", f"discard {FILLERS[0]}")
    with pytest.raises(InvalidMove):
        play(state, "fly away")


def test_stock_runs_out_and_the_discard_pile_is_turned_over():
    state = game([FILLERS[:5], FILLERS[5:10]], [], discard=["1 red ES", "1 red ST", "1 red NO"])
    state = play(state, "draw")
    assert card("1 red ES") in state.hands[1]  # the bottom discard became the top of the new stock
    assert state.discard == [card("1 red NO")]
    assert state.stock == [card("1 red ST")]


def test_forfeit_swaps_cards_under_the_discard_pile_and_ends_the_turn():
    state = game([FILLERS[:5], FILLERS[5:10]], [FILLERS[10], FILLERS[11]], discard=["1 red ES"])
    state = play(state, f"swap {FILLERS[5]} {FILLERS[6]}")
    assert state.discard[:2] == [FILLERS[5], FILLERS[6]]
    assert sorted(state.hands[1]) == sorted(FILLERS[7:12])
    assert state.current == 0 and state.phase == "draw"


def test_invalid_word_challenged_goes_back_and_a_random_card_is_discarded():
    bob = ["1 red FI", "1 black AN", "1 red ES", "1 black GS", "1 black star"]
    state = game([FILLERS[:5], bob], [FILLERS[5], *FILLERS[6:11]], discard=[FILLERS[11]])
    state = play(state, "draw", f"word {piece('1 black GS', 'S')} {piece('1 red ES', 'SE')} {piece('1 black AN', 'N')}")
    hand_before = sorted(state.hands[1])
    state, events = rules.apply(state, "challenge 0 1 invalid")
    assert state.words == []
    assert rules.totals(state) == [0, 0]
    # The three cards came back; one of the six was discarded at random; the turn is over.
    assert len(state.hands[1]) == 5 and state.current == 0
    assert len(set(hand_before) | {card(c) for c in ("1 black GS", "1 red ES", "1 black AN")}) == 6
    assert "not in the word list" in events[0].text


def test_valid_word_challenged_stands():
    bob = ["1 red FI", "1 black AN", "1 red ES", "1 black GS", "1 black star"]
    state = game([FILLERS[:5], bob], [FILLERS[5], *FILLERS[6:11]], discard=[FILLERS[11]])
    state = play(state, "draw", f"word {piece('1 red FI', 'FI')} {piece('1 black AN', 'N')}", f"discard {FILLERS[5]}")
    state = play(state, "challenge 0 1 valid")
    assert [w.text for w in state.words] == ["FIN"] and state.phase == "challenge"
    with pytest.raises(IllegalMove, match="already been challenged"):
        play(state, "challenge 0 1 valid")


def test_strict_mode_refuses_words_not_in_the_list():
    match = Match.new("fez", seats("Ann", "Ben"), seed=4, strict=True, save=False)
    match.play("draw")
    hand = match.state.hands[match.state.current]
    cards = [match.state.cards[c] for c in hand if match.state.cards[c].kind == "letter"][:2]
    nonsense = f"word {cards[0].id}={cards[0].letters} {cards[1].id}={cards[1].letters}"
    text = cards[0].letters + cards[1].letters
    if match.is_word(text):
        pytest.skip("the deal happens to make a word")
    with pytest.raises(IllegalMove, match="not in the word list"):
        match.play(nonsense)


def test_fez_is_called_when_the_last_card_is_played_with_nothing_to_draw():
    bob = ["1 red FI", "1 black AN"]
    state = game([FILLERS[:3], bob], [], discard=[])
    assert state.phase == "play"  # nothing to draw
    state = play(state, f"word {piece('1 red FI', 'FI')} {piece('1 black AN', 'N')}", "done", "end")
    assert state.fez_caller == 1 and state.phase == "game-over"
    sheet = lines_of(state, 0)
    assert sheet[-1][1] < 0 and sheet[-1][0].startswith("unplayed")
    assert ("all-flush bonus (+30)", 30) not in lines_of(state, 1)


def test_the_sheet_lists_blanks_and_stars_left_in_hand():
    bob = ["1 red FI", "1 black AN"]
    state = game([["1 red IZ", "1 black blank", "1 red star"], bob], [], discard=[])
    state = play(state, f"word {piece('1 red FI', 'FI')} {piece('1 black AN', 'N')}", "done", "end")
    assert ("unplayed IZ □ ★ (−11)", -11) in lines_of(state, 0)


def test_a_word_laid_off_on_is_named_as_made_on_its_owners_line():
    """CLAIM's owner scores CLAIM: the sheet does not print PROCLAIM beside CLAIM's points."""
    carol = ["1 red FI", "1 black AN"]
    bob = ["2 black OP", "1 black LT", *FILLERS[:3]]
    state = game([carol, bob], FILLERS[3:8], discard=[])
    state = play(state, "draw", "word " + " ".join([piece("1 black LT", "L"), piece("2 black OP", "OP")]),
                 f"discard {FILLERS[0]}", "end")
    lop = state.words[0]
    state = play(state, "draw", f"lay {lop.id} {piece('1 red FI', 'F')} {piece('1 black LT', 'L')} {piece('2 black OP', 'OP')}")
    assert lines_of(state, 1)[0][0].startswith("LOP, now FLOP (")
    assert lines_of(state, 0)[0] == ("+F on FLOP (4) = 4", 4)


def test_all_flush_bonus_and_the_nasty_star_rule():
    bob = ["2 black OP", "1 black LT", "1 black AT", "1 black TY", "1 red star"]
    for nasty, bonus in ((False, True), (True, False)):
        state = game([FILLERS[:1], bob], [], discard=[], options={"nasty_stars": nasty})
        state = play(state, "word " + " ".join([piece("1 red star", "*"), piece("2 black OP", "P"), piece("1 black LT", "L"),
                                                piece("1 black AT", "A"), piece("1 black TY", "Y")]), "done", "end")
        assert (("all-flush bonus (+30)", 30) in lines_of(state, 1)) is bonus


def test_nasty_handover_gives_unplayed_points_to_the_winner():
    bob = ["2 black OP", "1 black LT", "1 black AT", "1 black TY"]
    state = game([["1 red IZ"], bob], [], discard=[], options={"nasty_handover": True})
    state = play(state, "word " + " ".join([piece("2 black OP", "P"), piece("1 black LT", "L"), piece("1 black AT", "A"),
                                            piece("1 black TY", "Y")]), "done", "end")
    assert ("from Carol's hand (+11)", 11) in lines_of(state, 1)
    assert rules.totals(state) == [-11, 18 + 30 + 11]


def test_a_round_is_not_blocked_while_the_stock_lasts():
    # The old ruling ended the round after three laps with no play, though 35 cards were still in the stock.
    state = rules.new_game(seats("A", "B"), {}, seed=5)
    for _ in range(3 * 2):
        state = play(state, "draw", f"discard {state.hands[state.current][-1]}", "end")
    assert state.phase == "draw" and len(state.stock) > 20


def test_a_round_is_blocked_when_the_stock_is_turned_over_twice_with_no_card_played():
    state = game([FILLERS[:5], FILLERS[5:10]], [FILLERS[10], FILLERS[11]], discard=["1 red ES"])
    turns = 0
    while state.phase != "game-over":
        assert turns < 20
        state = play(state, "draw", f"discard {state.hands[state.current][-1]}", "end")
        turns += 1
    assert state.fez_caller is None and state.idle_turnovers == rules.IDLE_TURNOVERS_TO_BLOCK


def test_a_round_is_blocked_after_three_laps_when_too_few_cards_are_left_to_turn_over():
    state = game([FILLERS[:5], FILLERS[5:10]], [], discard=["1 red ES"])
    for _ in range(3 * 2):
        assert state.phase != "game-over"
        state = play(state, "take", f"discard {state.hands[state.current][0]}", "end")
    assert state.phase == "game-over" and state.fez_caller is None


def test_taking_the_discard_for_ever_still_ends_the_round():
    state = rules.new_game(seats("A", "B"), {}, seed=5)
    turns = 0
    while state.phase != "game-over":
        state = play(state, "take", f"discard {state.hands[state.current][0]}", "end")
        turns += 1
    assert turns == len(state.cards)  # the stock never ran out: only the cap ended it


def test_several_rounds_rotate_the_dealer_and_add_up():
    state = rules.new_game(seats("A", "B", "C"), {"rounds": 2}, seed=5)
    assert state.dealer == 0 and state.current == 1
    while state.phase != "round-over":
        state = play(state, "swap")
    first = rules.totals(state)
    state = play(state, "next")
    assert state.round == 2 and state.dealer == 1 and state.current == 2
    assert rules.totals(state) == first
    assert sum(len(h) for h in state.hands) == 15


def test_timer_discards_at_random_when_time_is_up():
    state = game([FILLERS[:5], FILLERS[5:10]], [FILLERS[10]], discard=[FILLERS[11]], options={"nasty_timer": True})
    state = play(state, "draw", "timeup")
    assert state.phase == "challenge" and len(state.hands[1]) == 5
    plain = game([FILLERS[:5], FILLERS[5:10]], [FILLERS[10]], discard=[FILLERS[11]])
    with pytest.raises(IllegalMove, match="no turn timer"):
        play(plain, "draw", "timeup")


@pytest.mark.parametrize("text", ["draw", "take", "swap 1r01 1b02", "word 1r01=F 1b02=EZ 1r25=*",
                                  "lay 3 1r05=S 2b01=PL", "discard 1r01", "done", "timeup",
                                  "challenge 1 3 invalid", "end", "next"])
def test_every_move_has_a_notation_that_reads_back(text):
    assert str(parse_move(text)) == text


@pytest.mark.parametrize("text", ["", "word", "lay x 1r01=A", "word 1r01", "challenge 1 x valid", "draw now"])
def test_malformed_moves_are_invalid(text):
    with pytest.raises(InvalidMove):
        parse_move(text)


def test_apply_never_changes_the_state_it_was_given():
    state = rules.new_game(seats("A", "B"), {}, seed=9)
    before = (list(state.hands[1]), list(state.stock), list(state.history))
    rules.apply(state, "draw")
    with pytest.raises(IllegalMove):
        rules.apply(state, "discard 1r01")
    assert (state.hands[1], state.stock, state.history) == before


def test_player_view_shows_only_your_own_hand():
    state = rules.new_game(seats("A", "B", "C"), {}, seed=2)
    view = rules.player_view(state, 0)
    assert view.hand == tuple(state.hands[0])
    assert view.hand_sizes == (5, 5, 5)
    assert not hasattr(view, "stock") and not hasattr(view, "rng") and not hasattr(view, "hands")


def test_computer_challenges_are_ruled_by_the_loaded_list_not_the_bot():
    """An easy computer player knows only common words; when it challenges a rarer valid word, it loses."""
    from wordcards.core import lexicon
    from wordcards.core.common import Seat

    full, common = lexicon.load("default"), lexicon.vocabulary("default", 50)
    deck = [c for c in rules.new_game(seats("a", "b"), {}, 0).cards.values() if c.kind == "letter"]
    a, b = next((a, b) for a in deck for b in deck if a is not b
                and (a.letters + b.letters).lower() in full and (a.letters + b.letters).lower() not in common)
    rest = [c.id for c in deck if c not in (a, b)]
    state = rules.new_game([Seat("Eve", "easy"), Seat("Ann")], {}, seed=3,
                           deal={"hands": [rest[:5], [a.id, b.id, *rest[5:8]]], "stock": rest[8:20], "discard": [rest[20]]})
    match = Match(find_game("fez"), list(state.seats), {}, 3, state)
    match.play("draw")
    match.play(f"word {a.id}={a.letters} {b.id}={b.letters}")
    match.play(f"discard {rest[5]}")
    events, played = [], match.state
    for _ in range(30):  # easy challenges an unfamiliar word half the time: ask again from the same position
        match.state = played
        referee = Referee(match)
        task = referee.task()
        assert task is not None and task.kind == "challenges" and task.seat == 0
        events = referee.conclude(task, referee.think(task)) or []
        if events:
            break
    assert events and "it is in the word list, so it stands" in events[0].text
    assert [w.text for w in match.state.words] == [a.letters + b.letters]


def test_fez_is_called_when_the_last_card_is_discarded_with_nothing_to_draw():
    """Our ruling (written in `wordcards rules fez`): the discard is not left for the next player to take."""
    bob = ["1 red FI"]
    state = game([FILLERS[:3], bob], [], discard=[])
    state = play(state, f"discard {card('1 red FI')}", "end")
    assert state.fez_caller == 1 and state.phase == "game-over"
    assert "that holds when your last card went to the discard pile" in " ".join(rules_text.TEXT.split())
