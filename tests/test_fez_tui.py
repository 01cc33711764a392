"""The app through key presses (Textual's Pilot), as a player would use it."""

import dataclasses
import html
import re

from tests.tui_helpers import FakeClock, seen, wait_for
from wordcards.core import lexicon
from wordcards.core.common import Seat
from wordcards.games.fez.bot import FezBot
from wordcards.games.fez.screen import TableScreen
from wordcards.tui.app import make_app
from tests.scenes import SIZE, settle
from wordcards.tui.challenge import ChallengeScreen
from wordcards.tui.screens import PassScreen, TooSmallScreen
from wordcards.tui.setup import SetupScreen
from textual.widgets import OptionList


def screen_text(app) -> str:
    """What the screen shows, as plain text (from the SVG export, tags and styling removed)."""
    svg = app.export_screenshot()
    body = svg[svg.index("<g class"):] if "<g class" in svg else svg
    text = html.unescape(re.sub(r"<style.*?</style>|<[^>]+>|\n", "", body, flags=re.S))
    return text.replace("\xa0", " ")


def best_word(match, seat) -> str:
    view = match.view(seat)
    hand = [view.cards[c] for c in view.hand]
    return FezBot("hard", lexicon.load("default")).best_play(view, hand, lay_offs=False).move


async def test_a_whole_turn_by_key_presses():
    app = make_app("fez", seats=[Seat("Hal", "hard"), Seat("Ann")], seed=12, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        match = app.match
        assert match.to_move == 1 and seen(app).phase == "draw"
        await pilot.press("d")
        assert seen(app).phase == "play" and len(seen(app, 1).hand) == 6
        move = best_word(match, 1)
        text = "".join(p.letters for p in move.pieces)
        await pilot.press(*text.lower())
        await pilot.pause()
        assert text in screen_text(app).replace(" ", "") or app.screen.current_choices()
        await pilot.press("enter")
        assert [w.text for w in seen(app).words] == [text]
        cards_left = len(seen(app, 1).hand)
        await pilot.press("enter")  # an empty line: on to discarding (or done, with no cards left)
        if cards_left:
            await pilot.press("1")
            assert len(seen(app, 1).hand) == cards_left - 1
        # Only computers could challenge; they have looked, and Ann's hand is refilled at once.
        await settle(pilot)
        assert "end" in app.match.history
        assert len(seen(app, 1).hand) == 5 and seen(app).current == 0  # the computer waits on challenges
        # The computer has had its turn meanwhile, and it is Ann's again (or the computer waits on challenges).
        assert seen(app).current == 1 or seen(app).phase == "challenge"


async def test_a_refused_discard_leaves_the_pick_open_for_another_card():
    app = make_app("fez", seats=[Seat("Hal", "hard"), Seat("Ann")], seed=12, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert seen(app).phase == "draw" and app.match.to_move == 1 and seen(app).discard_count
        before = set(seen(app, 1).hand)
        await pilot.press("t")  # the discard pile's top card: it may not go back this turn
        hand = list(seen(app, 1).hand)
        taken = next(n for n, card in enumerate(hand) if card not in before)
        await pilot.press("enter", str(taken + 1))  # on to discarding, and the card just taken
        await pilot.pause()
        assert "discard another card" in screen_text(app) and list(seen(app, 1).hand) == hand
        other = 0 if taken else 1
        await pilot.press(str(other + 1))  # another number, at once: still picking the card to discard
        await settle(pilot)
        assert hand[other] not in seen(app, 1).hand and hand[taken] in seen(app, 1).hand


async def test_before_drawing_the_entry_says_to_draw_first_not_to_type_a_word():
    app = make_app("fez", seats=[Seat("Hal", "hard"), Seat("Ann")], seed=12, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert seen(app).phase == "draw" and app.match.to_move == 1
        assert app.screen.entry.placeholder == "draw first (d: the stock, t: the discard), then type a word"
        await pilot.press("d")
        await pilot.pause()
        assert app.screen.entry.placeholder == "type a word"


async def test_illegal_words_get_a_message_and_change_nothing():
    app = make_app("fez", seats=[Seat("Hal", "hard"), Seat("Ann")], seed=12, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        before = app.match.history
        await pilot.press(*"qqqzz")
        await pilot.pause()
        assert "your cards cannot make QQQZZ" in screen_text(app)  # said while typing, before Enter
        await pilot.press("enter")
        await pilot.pause()
        assert "QQQZZ: no Q and only one Z among your cards" in screen_text(app)  # the hand's one Z is on IZ
        await pilot.press(*["backspace"] * 5, *"dodo", "enter")  # DD, CO and JO have the letters, not in pairs
        await pilot.pause()
        assert "DODO: your cards cannot spell it" in screen_text(app)
        assert app.match.history == before


async def test_the_pass_screen_hides_every_hand_until_a_key_is_pressed():
    app = make_app("fez", seats=[Seat("Ann"), Seat("Bob")], seed=5, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        text = screen_text(app)
        assert "Pass the device to Bob" in text and "hand" not in text
        for seat in (0, 1):
            for card_id in seen(app, seat).hand:
                label = seen(app, seat).cards[card_id].label
                assert f"[{label}" not in text
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        assert "Bob's hand" in screen_text(app)
        # Bob plays a turn without words (nothing to challenge, so he refills at once);
        # the device passes to Ann, and Bob's cards vanish first.
        await pilot.press("d", "enter", "1")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert "Bob's hand" not in screen_text(app) and "Pass the device to Ann" in screen_text(app)


async def play_word_then_challenge(word_is_valid: bool):
    app = make_app("fez", seats=[Seat("Ann"), Seat("Bob")], seed=5, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Bob takes the device
        match = app.match
        await pilot.press("d")
        bob = seen(app, 1)
        hand = [bob.cards[c] for c in bob.hand if bob.cards[c].kind == "letter"]
        words = lexicon.load("default")
        if word_is_valid:
            text = "".join(p.letters for p in best_word(match, 1).pieces)
        else:
            text = next(a.letters[0] + b.letters[0] for a in hand for b in hand
                        if a is not b and (a.letters[0] + b.letters[0]).lower() not in words)
        await pilot.press(*text.lower(), "enter")
        assert any(w.text == text for w in seen(app).words)
        await pilot.press("enter")  # on to discarding
        if seen(app).phase == "play":
            await pilot.press("1")
        assert seen(app).phase == "challenge"
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        await pilot.press("enter")  # Ann is the only other person; pick the first (only) word
        await pilot.pause()
        verdict = screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        app.after_challenge = (type(app.screen), screen_text(app))
        return app, text, verdict


async def test_challenge_dialog_upholds_a_valid_word():
    app, text, verdict = await play_word_then_challenge(True)
    assert "is in the word list" in verdict and "stands" in verdict
    assert any(w.text == text for w in seen(app).words)


async def test_challenge_dialog_strikes_out_an_invalid_word():
    app, text, verdict = await play_word_then_challenge(False)
    assert "not in the word list" in verdict
    assert not any(w.text == text for w in seen(app).words)
    assert seen(app).current == 0  # Bob's turn ended
    # Both looked at the dialog: Ann, who challenged, is handed the device as after a play nobody challenged.
    screen, shown = app.after_challenge
    assert screen is PassScreen and "Pass the device to Ann" in shown and "Ann's hand" not in shown


async def test_a_ruled_challenge_cannot_be_picked_again_whatever_keys_follow():
    """Enter on the verdict, then keys that move focus about, then Enter again, once raised StopIteration."""
    app = make_app("fez", seats=[Seat("Ann"), Seat("Bob")], seed=5, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "d", *best_word_text(app), "enter", "enter")
        if seen(app).phase == "play":
            await pilot.press("1")
        await pilot.press("c", "enter")
        await pilot.pause()
        assert "is in the word list" in screen_text(app)
        assert isinstance(app.screen, ChallengeScreen) and not app.screen.query(OptionList)  # nothing to pick again
        challenges = [m for m in app.match.history if m.startswith("challenge")]
        await pilot.press("tab", "enter", "ctrl+p", "escape", "enter", "tab", "enter", "enter")
        await settle(pilot)
        assert app.is_running and app.return_code is None
        assert [m for m in app.match.history if m.startswith("challenge")] == challenges


def best_word_text(app) -> str:
    return "".join(p.letters for p in best_word(app.match, app.match.to_move).pieces).lower()


async def test_setup_screen_starts_a_game():
    app = make_app("fez", save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert app.focused is app.screen.query_one("#kind-0")  # focus shows from the first frame
        app.screen.query_one("#kind-2").focus()
        await pilot.press("right", "tab", *"Cy")  # seat 3: (empty) -> Person, named Cy
        app.screen.query_one("#opt-nasty").value = True
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.match is not None
        assert [(s.name, s.computer) for s in app.match.seats] == [("Player 1", None), ("Ivy (medium)", "medium"), ("Cy", None)]
        assert seen(app).options.nasty_timer and seen(app).options.nasty_flush


async def test_setup_refuses_too_few_seats():
    app = make_app("fez", save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.query_one("#kind-1").value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and "is for 2 to 6 players" in screen_text(app)


async def test_a_small_terminal_gets_a_message_not_a_crash():
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=1, save=False, computer_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert "needs 80×24" in screen_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and "79×24" in screen_text(app)


async def test_help_and_score_sheet_open_and_close():
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=1, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert "Keys" in screen_text(app)
        await pilot.press("escape", "f2")
        await pilot.pause()
        assert "Score sheet" in screen_text(app)
        await pilot.press("escape", "f3")
        await pilot.pause()
        assert "Hal" in screen_text(app) and type(app.screen).__name__ == "LogScreen"


async def test_computer_only_games_run_to_the_end_in_the_app():
    """A soak of the screen's flow: computer seats play whole games (two rounds) through the UI."""
    for seed in (1, 2):
        seats = [Seat("Hal", "hard"), Seat("Ivy", "easy"), Seat("Rex", "hard")]
        app = make_app("fez", seats=seats, options={"rounds": 2}, seed=seed, save=False, computer_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(400):
                await settle(pilot)
                if app.match.is_over:
                    break
                if seen(app).phase == "round-over":
                    await pilot.press("enter")  # the round summary: deal the next round
            assert app.match.is_over
            await settle(pilot)
            assert "Game over" in screen_text(app)
            finished = app.match
            await pilot.press("n")  # play again with the same seats
            await settle(pilot)
            assert app.match is not finished and app.match.seats == finished.seats
            assert seen(app).options.rounds == 2


async def test_the_nasty_timer_discards_for_a_player_whose_time_runs_out():
    clock = FakeClock()
    app = make_app("fez", seats=[Seat("Hal", "hard"), Seat("Ann")], options={"nasty_timer": True}, seed=12,
                   save=False, computer_delay=0, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")  # the timer runs from drawing to discarding
        await pilot.pause()
        assert "⏳ 30s" in screen_text(app)
        clock.now += 29.5
        await wait_for(pilot, lambda: "⏳  1s" in screen_text(app))
        assert "timeup" not in app.match.history
        clock.now += 0.5
        await wait_for(pilot, lambda: "timeup" in app.match.history)  # the clock is checked every quarter second
        assert "timeup" in app.match.history


async def test_with_no_layoffs_nothing_offers_a_lay_off():
    # The preview offered "Lay off on #1 ..." and Enter then refused it in move notation.
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], options={"no_layoffs": True}, seed=7,
                   save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # no challenge to Hal's opening word
        await settle(pilot)
        await pilot.press("d", "up", "up")
        await pilot.pause()
        text = screen_text(app)
        assert seen(app).words and "Lay off" not in text and "lay off" not in text
        assert app.screen.target is None


async def test_a_word_that_is_no_extension_is_called_so_and_esc_leaves_lay_off_mode():
    from tests.scenes import prepare_table, table_app

    app = table_app()  # Hal has a word on the table, and Ann has drawn
    async with app.run_test(size=SIZE) as pilot:
        await prepare_table(pilot)
        await pilot.press("down", *"qq")
        await pilot.pause()
        word = next(w for w in seen(app).words if w.id == app.screen.target)
        assert f"QQ is not an extension of {word.text}" in screen_text(app)  # said as it is typed
        await pilot.press("enter")
        await pilot.pause()
        assert f"QQ is not an extension of {word.text}:" in screen_text(app)
        assert "lay off: type the longer word" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.target is None and app.screen.entry.value == "qq"  # a new word; what was typed stays
        assert "New word: your cards cannot make QQ" in screen_text(app) and "lay off:" not in screen_text(app)


async def test_a_lay_off_the_hand_lacks_a_letter_for_says_so_counting_the_hand_not_the_word_on_the_table():
    from tests.scenes import prepare_table, table_app

    app = table_app()  # Hal has a word on the table, and Ann has drawn
    async with app.run_test(size=SIZE) as pilot:
        await prepare_table(pilot)
        await pilot.press("down")
        await pilot.pause()
        view = seen(app)
        word = next(w for w in view.words if w.id == app.screen.target).text
        held = "".join(view.cards[c].letters for c in view.hand)
        letter = next(x for x in word if x not in held)  # the word has it; the hand does not
        await pilot.press(*(word + letter).lower())
        await pilot.pause()
        assert f"your cards cannot make {word}{letter}: no {letter} among them" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert f"{word}{letter}: no {letter} among your cards" in screen_text(app)


async def test_a_typed_letter_repaints_neither_the_footer_nor_the_log():
    """Over SSH every repaint is bytes: a letter typed redraws the entry and the preview, nothing else."""
    from wordcards.tui.widgets import KeyBar

    app = make_app("fez", seats=[Seat("Hal", "hard"), Seat("Ann")], seed=12, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        repainted: list[str] = []
        footer, log = app.screen.query_one(KeyBar), app.screen.query_one("#log")
        footer.refresh = lambda *args, **kwargs: repainted.append("footer")
        log.refresh = lambda *args, **kwargs: repainted.append("log")
        await pilot.press("a", "n")
        await settle(pilot)
        assert app.screen.entry.value == "an" and repainted == []


async def test_every_word_on_a_crowded_table_can_be_brought_into_view():
    """Six players' words outgrow the table at 80×24: ↑ walks every word, and each is scrolled into sight."""
    from wordcards.core.match import Match
    from wordcards.core.referee import Referee
    from wordcards.tui.wordrows import WordRows, flow

    match = Match.new("fez", [Seat("Ann", "hard")] + [Seat(f"Bot{i}", "hard") for i in range(1, 6)], seed=1, save=False)
    referee = Referee(match)
    while not (len(match.state.words) >= 12 and match.to_move == 0 and match.state.phase == "draw"):
        referee.computer_step()
    # Two packs cannot fill the table past 80×24 in one round, so the played words are dealt again under new numbers:
    # the screen reads only the view, and no move here touches the copies.
    state = match.state
    copies = [dataclasses.replace(w, id=state.next_word_id + n, pieces=list(w.pieces)) for n, w in enumerate(state.words)]
    state.words += copies
    state.next_word_id += len(copies)
    match.seats[0] = match.state.seats[0] = Seat("Ann")
    app = make_app("fez", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        table, rows = app.screen.query_one("#table"), app.screen.query_one(WordRows)
        _, at = flow(rows.rows, rows.size.width)
        assert len(rows.lines(rows.size.width)) > table.scrollable_content_region.height  # more than fits
        seen_ids = set()
        for _ in seen(app).words:
            await pilot.press("up")
            await pilot.pause()
            target = app.screen.target
            seen_ids.add(target)
            line = at[rows.follow]
            assert table.scroll_offset.y <= line < table.scroll_offset.y + table.scrollable_content_region.height
        assert seen_ids == {w.id for w in seen(app).words}


async def test_the_latest_play_and_its_player_are_highlighted():
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=1, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        from wordcards.tui.widgets import ScoreBoard
        from wordcards.tui.wordrows import WordRows

        assert [w.owner for w in seen(app).words] == [1]  # Hal opened with a word
        rows = app.screen.query_one(WordRows).rows
        assert rows[1].latest == {0} and rows[1].shown(0).plain.startswith("▸")  # ▸ marks the words just played
        assert any("underline" in str(span.style) for span in rows[1].entries[0].spans)  # their cards underlined
        entry = rows[1].entries[0]
        assert not entry.style, "the number's dim is its own, not the whole entry's: the letters are not dimmed"
        assert (rows[1].last, rows[0].last) == (True, False) and "reverse" in str(rows[1].label.spans)
        assert [row.last for row in app.screen.query_one(ScoreBoard).rows] == [False, True]


async def test_a_computer_ends_its_turn_without_the_pause_that_follows_its_plays(monkeypatch):
    # Keys typed during that pause were lost: "Enter" on the challenge prompt, then "d" at once, drew nothing.
    from wordcards.core.turns import TurnLoop

    pauses: list[float] = []

    async def pause(self, seconds: float) -> None:
        pauses.append(seconds)

    monkeypatch.setattr(TurnLoop, "pause", pause)
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "beginner")], seed=3, save=False, computer_delay=0.5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "challenge" in screen_text(app) and pauses == [0.5] * 3  # Hal drew, played JAIL and discarded
        await pilot.press("enter")
        await settle(pilot)
        assert pauses == [0.5] * 3  # and then ended its turn at once
        await pilot.press("d")
        assert seen(app).phase == "play" and len(seen(app, 0).hand) == 6


async def test_table_keys_bunched_with_letters_act_in_the_order_typed(monkeypatch):
    """Tab, digits and arrows once ran before the letters typed ahead of them had reached the word entry."""
    from textual import events
    from wordcards.tui.table import GameTable

    seen_at_tab: list[str] = []
    cycle = GameTable.action_cycle

    def spy(self, step: int) -> None:
        seen_at_tab.append(self.entry.value)
        cycle(self, step)

    monkeypatch.setattr(GameTable, "action_cycle", spy)
    app = make_app("fez", seats=[Seat("Hal", "hard"), Seat("Ann")], seed=12, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        for key in ("d", "o", "tab"):  # all queued at once; DO can be played four ways
            app.post_message(events.Key(key, "\t" if key == "tab" else key))
        await settle(pilot)
        assert seen_at_tab == ["do"]


async def test_a_tab_bunched_behind_letters_is_not_undone_when_the_entry_catches_up():
    """The screen once read the words from ``Input.Changed``, which waits behind queued keys: the Tab that
    followed the letters moved to the second way to play them, then the late message set it back to the first."""
    from textual import events

    app = make_app("fez", seats=[Seat("Hal", "hard"), Seat("Ann")], seed=12, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        for key in ("d", "o", "tab"):
            app.post_message(events.Key(key, "\t" if key == "tab" else key))
        await settle(pilot)
        assert app.screen.entry.value == "do" and app.screen.entry.tab == 1 and "2/4 Tab" in screen_text(app)


async def to_anns_draw(app, pilot) -> None:
    """On past the computer's turn (Enter lets its play stand) to Ann's draw."""
    await settle(pilot)
    while not (app.screen.human_to_move() and seen(app, 0).phase == "draw"):
        await pilot.press("enter")
        await settle(pilot)


async def test_the_forfeit_prompt_counts_the_cards_in_the_hand():
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=12, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await to_anns_draw(app, pilot)
        await pilot.press("f")
        await pilot.pause()
        cards = len(seen(app, 0).hand)
        assert f"pick cards to swap with 1-{cards}," in screen_text(app) and cards != 6
        text = screen_text(app)
        assert "draw first" not in text, "the entry no longer asks for the draw the swap replaces"
        assert "⏎ Swap" in text and "Continue" not in text, "Enter swaps, and the key bar says so"
        await pilot.press("1", "enter")
        await settle(pilot)
        assert seen(app, 0).phase != "draw" or not app.screen.human_to_move(), "the swap was the turn's draw"


async def test_the_key_bar_names_tab_only_while_the_words_typed_have_another_way_to_be_played():
    app = make_app("fez", seats=[Seat("Hal", "hard"), Seat("Ann")], seed=12, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert "Other choice" not in screen_text(app)  # nothing typed: nothing to choose between
        await pilot.press("d", "o")  # D from DD, O from CO or from JO, each with the star card or without: four ways
        await settle(pilot)
        assert "1/4 Tab" in screen_text(app) and "Other choice" in screen_text(app)
        await pilot.press("backspace", "backspace", "s", "o")
        await settle(pilot)
        assert "cannot make SO" in screen_text(app) and "Other choice" not in screen_text(app)


async def test_a_forfeit_with_no_card_picked_asks_before_it_gives_up_the_turn():
    """A newcomer pressed f, then Enter without a pick, and lost the turn, swapping nothing, unwarned."""
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=12, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await to_anns_draw(app, pilot)
        before = len(app.match.history)
        await pilot.press("f", "enter")
        await settle(pilot)
        assert "no card picked: Enter again forfeits the turn and swaps none" in screen_text(app)
        assert len(app.match.history) == before and app.screen.mode == "swap"
        await pilot.press("1")  # a card picked answers the question: the prompt says what Enter does now
        await settle(pilot)
        assert "pick cards to swap with" in screen_text(app) and "no card picked" not in screen_text(app)
        await pilot.press("1", "enter")  # and unpicked: Enter asks again
        await settle(pilot)
        assert "no card picked: Enter again" in screen_text(app) and len(app.match.history) == before
        await pilot.press("enter")
        await settle(pilot)
        assert app.match.history[before] == "swap"  # asked once, and the second Enter is the player's choice


async def test_a_computer_players_challenge_stays_on_view_as_a_notice_for_the_player_it_struck():
    """Hal struck Ann's word, and his next move pushed the verdict out of the log's few lines before she saw it."""
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "expert")], seed=5, save=False, computer_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:  # (tests show none unless asked)
        await to_anns_draw(app, pilot)
        await pilot.press("d")
        await settle(pilot)
        ann = seen(app, 0)
        hand = [ann.cards[c] for c in ann.hand if ann.cards[c].kind == "letter"]
        words = lexicon.load("default")
        text = next(a.letters[0] + b.letters[0] for a in hand for b in hand
                    if a is not b and (a.letters[0] + b.letters[0]).lower() not in words)
        await pilot.press(*text.lower(), "enter", "enter")
        await settle(pilot)
        if seen(app, 0).phase == "play":
            await pilot.press("1")  # the discard ends the turn: the challenge window opens
        await wait_for(pilot, lambda: any(f"challenged {text}:" in e.text for e in app.match.log))
        await settle(pilot)
        shown = screen_text(app)  # the log's lines show Hal's own turn since: the notice is what shows it
        assert f"Hal challenged {text}: not in the word" in shown and "Ann's plays go back" in shown, shown
        assert "Hal discarded" in shown, "Hal has moved on since"
