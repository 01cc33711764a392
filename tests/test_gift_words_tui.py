"""Gift Words through key presses (Textual's Pilot): make a word, take from another player's pile, extend."""

from tests.test_fez_tui import screen_text
from tests.test_gift_words_rules import CARE, game
from tests.test_gift_words_variations import give, younger
from tests.tui_helpers import seen, totals
from wordcards.core.match import Match
from wordcards.core.common import Seat
from wordcards.tui.app import make_app
from wordcards.games.gift_words.screen import word_text
from tests.scenes import SIZE, settle
from wordcards.tui.challenge import ChallengeScreen
from wordcards.tui.screens import PassScreen


def pinned_match(seats, hands=CARE, options=None):
    match = Match.new("gift-words", seats, options, seed=1, save=False)
    match.state = game(hands, options=options)
    return match


async def test_make_a_word_then_take_from_another_pile_and_extend_it_by_keys():
    match = pinned_match([Seat("Ann"), Seat("Bob")])
    app = make_app("gift-words", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter", "d", *"care")
        await pilot.pause()
        assert "Enter: make CARE (red) · you +7" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert [w.text for w in seen(app).words] == ["CARE"] and seen(app).phase == "challenge"
        drawn = word_text(seen(app), seen(app).words[0])  # on the table: its letters in their colour, not dimmed
        dimmed = [drawn.plain[span.start:span.end] for span in drawn.spans if "dim" in str(span.style)]
        assert not drawn.style and dimmed == ["1 "]
        await pilot.press("enter")  # Ann says: no challenges? Bob is the one who could; he lets it stand
        await pilot.pause()
        assert seen(app).phase == "play"
        assert "You have made your word this turn: discard with its number" in screen_text(app), "not: type a word"
        assert app.screen.entry.placeholder == "", "nor the entry's example word beside it"
        assert "type a word" not in screen_text(app), "nor the status line"
        hand = seen(app, 0).hand
        await pilot.press(str(hand.index("Mg1") + 1))  # discard the green M by its number
        await settle(pilot)
        assert (seen(app).pile_tops[0], seen(app).pile_counts[0]) == ("Mg1", 1) and isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert "1 Ann's discards [M♣3] (1)" in screen_text(app)
        await pilot.press("1")  # Bob takes the top of Ann's discard pile
        await pilot.pause()
        assert seen(app, 1).hand[-1] == "Mg1" and seen(app).phase == "play"
        await pilot.press(*"caper")
        await pilot.pause()
        assert "CAPER: your cards cannot make it" in screen_text(app)
        await pilot.press("escape", *"scarlet")
        await pilot.pause()
        assert "Enter: extend CARE → SCARLET · you +12, Ann +12" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert [w.text for w in seen(app).words] == ["SCARLET"] and seen(app).sheet[-1].seat == 0


async def test_the_movers_hand_stays_hidden_after_another_persons_challenge():
    """Bob challenged Ann's good word at the keyboard; Ann's turn goes on, and her cards wait for the device."""
    app = make_app("gift-words", match=pinned_match([Seat("Ann"), Seat("Bob")]), save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "d", *"care", "enter")
        await pilot.pause()
        assert seen(app).phase == "challenge"
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        await pilot.press("enter")  # Bob, the only other person, challenges CARE
        await pilot.pause()
        assert "is in the word list" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert seen(app).current == 0 and seen(app).phase == "play"
        assert isinstance(app.screen, PassScreen) and "Pass the device to Ann" in screen_text(app)
        for card_id in seen(app, 0).hand:
            assert f"[{seen(app, 0).cards[card_id].letters.capitalize()}" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Ann's hand" in screen_text(app)


async def test_a_long_hand_discards_its_last_cards_with_the_arrows():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")])
    app = make_app("gift-words", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d", "left")  # thirteen cards: ← picks the last, which has no digit
        await pilot.pause()
        last = seen(app, 0).hand[-1]
        assert f"Enter: discard {seen(app, 0).cards[last].letters}" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert f"discard {last}" in app.match.history


async def test_younger_players_change_a_letter_and_add_a_silent_e_by_typing_the_new_word():
    match = Match.new("gift-words", [Seat("Ann"), Seat("Bob")], {"variant": "younger"}, seed=4, save=False)
    match.state = give(younger(), "Cr1 Ar1 Nr1 Rr1 Hr1 Tr1")
    mover = match.view(0).current
    app = make_app("gift-words", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", *"can", "enter", "enter")  # the pass screen; CAN; no challenge
        await pilot.pause()
        assert "Vowels" in screen_text(app) and "Silent E 4" in screen_text(app)
        await pilot.press(*"ran")
        await pilot.pause()
        assert "Enter: change CAN → RAN · you +2" in screen_text(app)
        await pilot.press("enter", "enter", *"rane")
        await pilot.pause()
        assert "Enter: Silent E: RAN → RANE · you +5" in screen_text(app)
        await pilot.press("enter", "enter", "enter")  # no challenge; Enter ends the turn
        await settle(pilot)
        assert [w.text for w in seen(app).words] == ["RANE"] and seen(app).current == 1 - mover


async def test_a_cooperative_game_with_a_computer_partner_plays_to_the_goal_and_moves_it(wordcards_home):
    from wordcards.games.gift_words import goal

    app = make_app("gift-words", seats=[Seat("Hal", "hard"), Seat("Ivy", "easy")], options={"variant": "cooperative"},
                   seed=3, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.match.is_over and app.match.options["goal"] == 100
        team = sum(totals(app))
        text = screen_text(app)
        won = team >= 100
        assert f"Team score {team}, goal 100: {'you win!' if won else 'not this time.'}" in text
        assert goal.remembered() == (110 if won else 90)
        assert f"Next goal: {goal.remembered()}" in text


async def test_two_player_centre_words_are_turned_up_and_typed():
    match = Match.new("gift-words", [Seat("Ann"), Seat("Bob")], {"two_player": True}, seed=4, save=False)
    app = make_app("gift-words", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", *["enter"] * 10)  # the pass screen, then ten cards turned up
        await pilot.pause()
        assert len(seen(app).centre) == 10
        await pilot.press(*"head cob")
        await pilot.pause()
        assert "Enter: place HEAD COB in the centre" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert [(w.text, w.owner) for w in seen(app).words] == [("HEAD", None), ("COB", None)]
        assert seen(app).hand_sizes == (12, 12) and seen(app).phase == "draw"


async def test_the_two_player_game_shows_all_twelve_cards_of_the_first_hand_at_80_by_24():
    """The hand was laid out while it was empty, and kept one line: 9 of the 12 cards showed."""
    app = make_app("gift-words", seats=[Seat("Ann"), Seat("Hal", "hard")], options={"two_player": True}, seed=11,
                   save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = seen(app, 0).hand
        assert len(hand) == 12
        shown = screen_text(app)
        assert shown.count("]", shown.index("Ann's hand")) - shown.count("]", shown.index("Hal drew")) == 12


async def test_the_twelfth_and_thirteenth_cards_have_keys_too():
    """A hand of 12 draws a 13th: its keys after 0 and - are [ and ], shown on the cards."""
    app = make_app("gift-words", match=pinned_match([Seat("Ann"), Seat("Bob")]), save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "d")
        await pilot.pause()
        hand = seen(app, 0).hand
        assert len(hand) == 13
        shown = screen_text(app)
        assert "-[T●2][[L●2]][Z♠8]" in shown  # the text of the SVG export: the spaces between cards are lost
        await pilot.press("right_square_bracket")  # the 13th card: discarded, ending the turn
        await settle(pilot)
        assert seen(app).pile_tops[0] == hand[12] and len(seen(app, 0).hand) == 12


async def test_after_a_new_word_is_struck_the_table_says_so():
    """Bob (hard) challenges RAEC off the table; Ann may not make another word this turn, and is told why."""
    app = make_app("gift-words", match=pinned_match([Seat("Ann"), Seat("Bob", "hard")]), save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d", *"raec", "enter")
        await settle(pilot)
        assert seen(app).words == () and seen(app).phase == "play"
        await pilot.press(*"care")
        await pilot.pause()
        text = screen_text(app)
        assert "CARE: your new word was struck off" in text and "you have made your word" not in text
