"""Quiddler through key presses (Textual's Pilot), as players would use it."""

import re

from tests.test_fez_tui import screen_text
from tests.tui_helpers import seen, totals, wait_for
from wordcards.core.match import Match
from wordcards.core.common import Seat
from wordcards.games.quiddler import rules
from wordcards.games.quiddler.screen import TableScreen
from wordcards.tui.app import make_app
from tests.scenes import SIZE, settle
from wordcards.tui.challenge import ChallengeScreen
from wordcards.tui.scores import SummaryScreen
from wordcards.tui.screens import PageScreen, PassScreen


def pinned_match(seats, hands, draws):
    """A match whose first round is dealt as given, with the first seat to play."""
    match = Match.new("quiddler", seats, seed=1, save=False)
    state = rules.new_game(seats, {}, seed=1, deal={"hands": hands, "stock": list(reversed(draws)), "discard": ["Y1"]})
    state.dealer, state.current = len(seats) - 1, 0
    match.state = state
    return match


async def test_a_person_goes_out_by_key_presses_and_sees_the_round_summary():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], [["QU1", "I1", "T1"], ["C1", "J1", "X1"]], ["Z1", "V1"])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and seen(app).phase == "draw"
        await pilot.press("d", *"quiz")
        await pilot.pause()
        assert "QUIZ QU·I·Z 25" in screen_text(app) and "go out, discard T" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert seen(app).out == 0 and [w.text for w in seen(app).words] == ["QUIZ"]
        # Hal has had his last turn; the round summary shows how each score was made, and the totals.
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "Ann went out" in text and "QUIZ (QU 9 + I 2 + Z 14) = 25" in text
        assert "This round" in text and "Game total" in text
        await pilot.press("enter")  # deal round 2
        await settle(pilot)
        assert seen(app).round == 2 and len(seen(app, 0).hand) == 4  # Hal (left of the dealer) has played


async def test_a_digit_discards_and_wrong_words_get_a_message():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], [["QU1", "I1", "T1"], ["C1", "J1", "X1"]], ["Z1", "V1"])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d", *"quit")
        await pilot.press("1")  # discarding QU leaves QUIT unspellable
        await pilot.pause()
        assert "QUIT: your cards cannot spell it without the QU you discard (your other cards have no Q or U)" \
            in screen_text(app) and seen(app).phase == "play"
        await pilot.press("escape", *"tax", "enter")
        await pilot.pause()
        assert "TAX: your cards cannot spell it (you have no A or X)" in screen_text(app)
        await pilot.press("escape", *"it", "enter")
        await pilot.pause()
        assert "QU Z left over" in screen_text(app) and seen(app).phase == "play"
        await pilot.press("escape", "4")  # no words: a plain discard of Z
        await settle(pilot)
        assert "discard Z1" in app.match.history and seen(app).out is None


async def go_out_then_challenge(typed: str):
    seats = [Seat("Ann"), Seat("Bob")]
    match = pinned_match(seats, [["QU1", "I1", "T1"], ["C1", "J1", "X1"]], ["Z1", "V1"])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter", "d", *typed, "4")  # 4: the Z just drawn
        await pilot.pause()
        assert seen(app).phase == "challenge" and seen(app).out == 0
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        await pilot.press("enter")  # Bob is the only challenger; the first (only) word
        await pilot.pause()
        verdict = screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        app.after_challenge = (type(app.screen), screen_text(app))
        return app, verdict


async def test_a_challenge_to_a_real_word_costs_the_challenger():
    app, verdict = await go_out_then_challenge("quit")
    assert "QUIT is in the word list" in verdict and "it is a word, so Bob" in verdict
    assert totals(app)[1] == -14 and not seen(app).words[0].struck


async def test_a_challenge_to_a_non_word_strikes_it():
    app, verdict = await go_out_then_challenge("tiqu")
    assert "TIQU is not in the word list" in verdict and "not a word!" in verdict
    assert seen(app).words[0].struck and totals(app)[0] == -14
    # Bob challenged at the keyboard and Ann saw the verdict too: Bob's last turn waits for the device.
    screen, shown = app.after_challenge
    assert screen is PassScreen and "Pass the device to Bob" in shown


async def test_the_long_game_hand_of_eleven_cards_fits_and_every_card_can_be_picked():
    match = Match.new("quiddler", [Seat("Ann"), Seat("Hal", "hard")], {"long_game": True}, seed=5, save=False)
    state = match.state
    while state.round < 8:
        state.phase = "round-over"
        state, _ = rules.apply(state, "next")
    state.current, state.phase = 0, "draw"
    state, _ = rules.apply(state, "draw")
    match.state = state
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert len(seen(app, 0).hand) == 11
        text = screen_text(app)
        ann = seen(app, 0)
        for card in ann.hand:
            assert f"[{ann.cards[card].letters}" in text
        eleventh = seen(app, 0).hand[10]
        await pilot.press("left", "enter")  # ← from nothing picks the last card
        await settle(pilot)
        assert f"discard {eleventh}" in app.match.history


async def test_setup_offers_the_quiddler_options():
    app = make_app("quiddler", save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "2 to 8 players" in screen_text(app) and "Two player bonus" in screen_text(app)
        app.screen.query_one("#opt-two_player_bonus").focus()
        await pilot.press("right")  # longest -> words
        app.screen.query_one("#opt-long_game").value = True
        await pilot.press("ctrl+s")
        await settle(pilot)
        options = seen(app).options
        assert options.two_player_bonus == "words" and options.long_game and options.rounds == 8


async def test_a_computer_only_game_runs_to_the_game_over_screen():
    seats = [Seat("Hal", "hard"), Seat("Ivy", "easy"), Seat("Rex", "hard")]
    app = make_app("quiddler", seats=seats, seed=4, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await settle(pilot)
            if app.match.is_over:
                break
            if seen(app).phase == "round-over":
                assert isinstance(app.screen, SummaryScreen)
                await pilot.press("enter")  # deal the next round
        assert app.match.is_over and seen(app).round == 4
        await settle(pilot)
        text = screen_text(app)
        assert "Game over" in text and ("wins with" in text or " win with" in text)


async def test_every_round_s_summary_is_one_screen_kept_that_shows_its_round_from_the_top():
    """The summary is composed once and kept between rounds (one composed anew lays out and draws the whole screen
    three times, on every screen at a hosted table); each round it shows that round's scores and totals, scrolled to
    the top, PgDn offered just when the page runs on, and its countdown asked only while it is open (under a page
    too). Ann draws and discards her first card every turn, as the club's benchmark players do."""
    seats = [Seat("Ann"), Seat("Hal", "hard"), Seat("Ivy", "easy"), Seat("Rex", "hard"), Seat("Sam", "easy")]
    app = make_app("quiddler", seats=seats, seed=4, save=False, computer_delay=0)
    shown: list[tuple[SummaryScreen, int]] = []
    asked: list[float] = []
    async with app.run_test(size=(80, 25)) as pilot:  # round 1's page fits, round 2's runs on
        for _ in range(500):
            await settle(pilot)
            view = seen(app)
            if app.match.is_over:
                break
            if view.phase == "round-over":
                screen = app.screen
                assert isinstance(screen, SummaryScreen)
                box = screen.query_one("#summary-box")
                text = screen_text(app)
                assert box.scroll_y == 0 and f"Round {view.round} of {view.options.rounds} is over." in text
                for seat, total in zip(app.match.seats, totals(app)):
                    assert re.search(rf"{seat.name} +[+−-]\d+ +{total}(?!\d)", text), (seat.name, total)
                assert ("PgDn More" in text) == (box.max_scroll_y > 0)
                shown.append((screen, box.max_scroll_y))
                if len(shown) == 1:
                    screen.wait_left = lambda: asked.append(1)  # type: ignore[assignment]  # counts its asks
                    app.push_screen(PageScreen("A page over the summary"))  # as the late challenge's dialog is
                    await wait_for(pilot, lambda: len(asked) >= 2, 10)  # its ticker, twice a second
                    assert app.screen is not screen and len(asked) >= 2, "asked under the page"
                    await pilot.press("escape")
                    await settle(pilot)
                box.scroll_end(animate=False)  # read to the end: the next round's summary starts at its top again
                await pilot.press("enter")
                if len(shown) == 1:
                    await settle(pilot)
                    asked.clear()
                    await pilot.pause(1.2)
                    assert not asked, "not asked while closed"
            elif view.phase in ("draw", "play") and app.match.to_move == 0:
                await pilot.press("d" if view.phase == "draw" else "1")
            else:
                await pilot.press("enter")  # someone went out: let their words stand
        assert all(screen is shown[0][0] for screen, _ in shown)
        assert [bool(scrolls) for _, scrolls in shown[:2]] == [False, True], "a page that fits, then one that runs on"
        assert any(scrolls for _, scrolls in shown[:-1]), "a summary read to its end came before another"


async def test_a_message_for_a_key_bunched_behind_letters_stays():
    """A digit typed right after letters (a paste, a bunched SSH packet) says there is no such card; the letters'
    late ``Input.Changed`` once wiped that message before anyone could read it."""
    from textual import events

    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], [["QU1", "I1", "T1"], ["C1", "J1", "X1"]], ["Z1", "V1"])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert "type words from your hand" in screen_text(app), "the entry says how to type, with no word of its own"
        for key in ("q", "u", "i", "9"):
            app.post_message(events.Key(key, key))
        await settle(pilot)
        assert app.screen.entry.value == "qui" and "there is no card 9" in screen_text(app)


async def test_backspaces_bunched_with_letters_edit_in_the_order_typed():
    """Over SSH a packet can carry several keys. Textual's Input runs Backspace through a binding, after the letters
    that came with it (Textual issue 6605): "quiz", Backspace, Backspace, "it" made "quizit" less two, "quiz". The
    entry edits in the order typed: QUIT, then Home and Delete take its first letter."""
    from textual import events

    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], [["QU1", "I1", "T1"], ["C1", "J1", "X1"]], ["Z1", "V1"])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        for key in ("q", "u", "i", "z", "backspace", "backspace", "i", "t", "home", "delete", "end"):
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await settle(pilot)
        assert app.screen.entry.value == "uit"


async def test_a_word_let_pass_in_its_turn_is_challenged_from_the_round_summary():
    """At one keyboard Bob lets TIQU pass, then thinks better of it on the round's summary: ``c`` there challenges,
    and the summary shows the round scored again. The window closes with the next deal."""
    match = pinned_match([Seat("Ann"), Seat("Bob")], [["QU1", "I1", "T1"], ["C1", "J1", "X1"]], ["Z1", "V1"])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "d", *"tiqu", "4")  # Ann goes out with TIQU, discarding the Z just drawn
        await settle(pilot)
        await pilot.press("enter")  # nobody challenges now
        await settle(pilot)
        await pilot.press("enter", "d", "4")  # the device to Bob; his last turn: draw V and discard it
        await settle(pilot)
        assert isinstance(app.screen, SummaryScreen)
        summary = app.screen
        assert "c Challenge a word" in screen_text(app) and "TIQU (T 3 + I 2 + QU 9) = 14" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        assert "Bob challenges which word?" in screen_text(app)  # Ann has no word of another's to challenge
        await pilot.press("enter")
        await pilot.pause()
        assert "TIQU is not in the word list" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is summary
        text = screen_text(app)
        assert "TIQU challenged, not a word" in text and "TIQU (T 3" not in text
        assert "c Challenge a word" not in text  # nothing left to challenge
        assert totals(app)[0] == -14
        await pilot.press("enter")
        await settle(pilot)
        assert seen(app).round == 2


async def test_words_that_use_every_card_say_a_card_must_still_be_discarded():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], [["O1", "X1", "E1"], ["C1", "J1", "V1"]], ["L1", "Z1"])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d", *"ox el", "enter")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "every card is in your words, and a turn ends with a discard" in text and seen(app).phase == "play"


async def after_keys(hand: list[str], keys: str) -> tuple[str, str]:
    """The preview line and the whole screen after Ann, holding ``hand``, draws (an A) and types ``keys``."""
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], [hand, ["C1", "J1", "V1"]], ["A1", "Z1"])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d", *keys)
        await pilot.pause()
        return str(app.screen.query_one("#preview").render()), screen_text(app)


async def test_the_preview_says_at_once_that_a_one_card_word_is_not_a_word_here():
    preview, _ = await after_keys(["G1", "R1", "E1"], "er a")  # ER and A: A is one card
    assert "A is one card; every word needs at least two cards" in preview and "Enter:" not in preview


async def test_a_word_typed_that_a_double_card_spells_alone_is_offered_with_two_cards_first():
    preview, _ = await after_keys(["IN1", "I1", "N1"], "in")  # IN: the IN card alone, or I and N
    assert "I·N" in preview and "one card" not in preview


async def test_the_hand_says_which_keys_discard_for_the_cards_it_holds():
    _, screen = await after_keys(["G1", "R1", "E1"], "")
    assert "discard with 1-4" in screen and "1-9, 0" not in screen


async def test_with_the_stock_empty_the_table_offers_only_the_discard():
    """A newcomer read 'd draw' with the stock gone, and d did nothing."""
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], [["QU1", "I1", "T1"], ["C1", "J1", "X1"]], [])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "t take discard (the draw pile is empty)" in text and "d draw" not in text
        assert app.screen.entry.placeholder == "draw first (t: the discard, as the draw pile is empty), then type a word"
        await pilot.press("t")
        await settle(pilot)
        assert seen(app).phase == "play" and "Y1" in seen(app).hand


async def test_a_word_whose_letters_are_there_but_on_a_two_letter_card_says_the_card_gives_both():
    """RES from ER and S: the letters are all there, and a newcomer was told only that the cards cannot spell it (the
    QU in the hand has nothing to do with it, and goes unsaid)."""
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], [["ER1", "QU1", "S1"], ["C1", "J1", "X1"]], ["Z1", "V1"])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d", *"res", "enter")
        await pilot.pause()
        assert "RES: your cards cannot spell it (ER gives both letters, in that order)" in screen_text(app)
