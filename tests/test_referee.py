"""The referee runs the turn: challenge windows for every play, who may act, the pass policy and the turn clock."""

from __future__ import annotations

import pytest

from tests.scenes import settle
from tests.tui_helpers import FakeClock, wait_for
from wordcards.core.errors import IllegalMove
from wordcards.core.match import Match
from wordcards.core.common import Seat
from wordcards.core.referee import Referee
from wordcards.tui.app import make_app

SIZE = (80, 24)


def play_against_the_computer(game: str, options: dict, seed: int, moves: int = 400,
                              dictionary: str = "default") -> list[tuple[int, list[str]]]:
    """Bea (moved by a hard computer player's choices) against Hal; the windows Bea got: (turn start, words)."""
    match = Match.new(game, [Seat("Bea"), Seat("Hal", "hard")], options, seed=seed, save=False, dictionary=dictionary)
    referee = Referee(match)
    windows = []
    for _ in range(moves):
        step = referee.next()
        if step.stage == "over":
            break
        if step.stage == "window":
            assert step.seats == (0,)
            windows.append((match.state.turn_start, [w.text for w in referee.targets()]))
            referee.release()
        elif step.stage == "computer":
            played = referee.task()
            referee.conclude(played, referee.think(played))
            if played.kind == "move" and referee.targets():
                assert referee.next().stage == "window", "a computer's play that may be challenged got no window"
        elif step.stage == "summary":
            referee.play("next")
        else:
            referee.play(match.bot(0).choose(match.view(0)))
    return windows


@pytest.mark.parametrize("options,seed", [({"two_player": True}, 5), ({"variant": "younger"}, 3), ({}, 5)])
def test_every_play_a_computer_makes_gets_its_own_challenge_window(options, seed):
    windows = play_against_the_computer("gift-words", options, seed)
    turns = [turn for turn, _ in windows]
    assert windows and len(turns) > len(set(turns)), "no turn with two challengeable plays: pick another seed"


def test_the_reported_turn_asks_about_wright_and_then_whoas():
    # wordcards play gift-words --player Bea --computer hard --two-player --seed 5: WHOAS got no prompt (with the
    # default list of the time, now --dictionary scowl).
    words = [word for _, texts in play_against_the_computer("gift-words", {"two_player": True}, 5, 60, "scowl")
             for word in texts]
    assert "WRIGHT" in words and "WHOAS" in words and words.index("WHOAS") > words.index("WRIGHT")


async def test_the_table_asks_the_person_about_each_computer_play():
    app = make_app("gift-words", seats=[Seat("Bea"), Seat("Hal", "hard")], options={"two_player": True}, seed=5,
                   save=False, computer_delay=0, dictionary="scowl")
    asked: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(12):
            await settle(pilot)
            referee = app.screen.referee
            if referee.next().stage != "window":
                break
            assert "Bea: challenge Hal" in str(app.screen.query_one("#status").render())  # who decides, and on whom
            asked += [w.text for w in referee.targets()]
            await pilot.press("enter")
    assert "WRIGHT" in asked and "WHOAS" in asked


def test_only_the_seat_the_game_waits_for_may_act_and_the_screen_is_handed_over():
    match = Match.new("fez", [Seat("Ann"), Seat("Bob"), Seat("Hal", "hard")], seed=4, save=False)
    referee = Referee(match)
    mover = match.to_move
    assert referee.next().stage == "person" and referee.next().seats == (mover,)
    other = next(s for s in (0, 1) if s != mover)
    assert not referee.may_act(other) and referee.may_act(mover)
    assert referee.hand_to(other) == mover and referee.hand_to(mover) is None


def test_only_others_may_challenge_a_players_words():
    match = Match.new("fez", [Seat("Ann"), Seat("Bob")], seed=4, save=False)
    referee = Referee(match)
    while not referee.targets():
        seat = match.to_move
        referee.play(match.bot(seat).choose(match.view(seat)))
    mover = match.to_move
    assert referee.next().challengers == (1 - mover,)
    with pytest.raises(IllegalMove, match="cannot challenge their own words"):
        referee.challenge(mover, referee.targets()[0].word_id)


async def test_the_nasty_timer_goes_on_from_where_it_was_after_quitting_and_resuming(wordcards_home):
    clock = FakeClock()
    app = make_app("fez", seats=[Seat("Hal", "hard"), Seat("Ann")], options={"nasty_timer": True}, seed=12,
                   computer_delay=0, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await wait_for(pilot, lambda: "⏳ 30s" in app.screen.query_one("#status").render().plain)
        clock.now += 12
        await wait_for(pilot, lambda: "⏳ 18s" in app.screen.query_one("#status").render().plain)
        path = app.match.save_path
    resumed = Match.load(path)
    assert resumed.clock is not None and resumed.clock[1] == pytest.approx(18, abs=0.3)
    clock = FakeClock()
    app = make_app("fez", match=resumed, computer_delay=0, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        status = app.screen.query_one("#status").render().plain
        assert "⏳ 18s" in status, status
        clock.now += 18
        await wait_for(pilot, lambda: "timeup" in app.match.state.history)
    assert "timeup" in app.match.state.history


def test_a_cooperative_game_moves_its_remembered_goal_once_when_it_ends_without_a_screen(wordcards_home):
    from wordcards.games.gift_words import goal

    options = goal.prepare({"variant": "cooperative"})
    match = Match.new("gift-words", [Seat("Hal", "hard"), Seat("Ivy", "easy")], options, seed=3, save=False)
    referee = Referee(match)
    while referee.next().stage != "over":
        referee.computer_step()
    moved = goal.remembered()
    won = sum(match.rules.totals(match.state)) >= 100
    assert moved == (110 if won else 90) and referee.ending == f"Next goal: {moved}."
    again = Referee(match)  # the finished game resumed and shown again: the goal moves once a game
    assert again.next().stage == "over" and again.ending == f"Next goal: {moved}." and goal.remembered() == moved


def fez_with_words_open(people: int = 3) -> tuple[Match, Referee]:
    """A FEZ game of ``people`` people, played by hard players' choices until a play is open to challenge."""
    match = Match.new("fez", [Seat(name) for name in ("Ann", "Bob", "Cat")[:people]], seed=4, save=False)
    referee = Referee(match)
    while not referee.targets():
        seat = match.to_move
        referee.play(match.bot(seat).choose(match.view(seat)))
    return match, referee


def test_a_window_at_several_screens_stays_open_until_each_challenger_lets_it_pass():
    match, referee = fez_with_words_open()
    mover = match.to_move
    others = tuple(s for s in range(3) if s != mover)
    assert referee.next().challengers == others
    referee.let_pass(others[0])
    assert referee.next().challengers == others[1:] and match.state.phase == "challenge"
    referee.let_pass(others[1])
    assert match.state.phase != "challenge", "the last pass ends the challenge phase"


def test_nobody_waits_for_an_absent_persons_challenge():
    match, referee = fez_with_words_open()
    others = [s for s in range(3) if s != match.to_move]
    referee.set_absent(others[0], True)
    assert referee.next().challengers == (others[1],)
    referee.set_absent(others[1], True)
    assert match.state.phase != "challenge", "with every challenger away the turn goes on"


def test_a_stand_in_plays_an_away_persons_seat_at_its_level():
    match = Match.new("fez", [Seat("Ann"), Seat("Bob")], seed=4, save=False)
    referee = Referee(match)
    mover = match.to_move
    referee.stand_in(mover, "easy")
    assert not referee.human(mover) and referee.people == [1 - mover]
    task = referee.task()
    assert task is not None and task.kind == "move" and task.seat == mover
    assert referee.match.bot(mover, "easy").level == "easy"
    referee.stand_in(mover, None)
    assert referee.next().stage == "person" and referee.next().seats == (mover,)


@pytest.mark.parametrize("game", ["fez", "scrabble-fluxx"])
def test_the_public_view_holds_no_private_cards(game):
    match = Match.new(game, [Seat("Ann"), Seat("Bob")], seed=4, save=False)
    view = Referee(match).view(None)
    assert view.hand == () and getattr(view, "fluxx_hand", ()) == ()
    assert match.view(0).hand, "the seats' own views still hold their hands"


def failing_when(levels: set[str]):
    """A FEZ player's ``choose`` that raises for these levels (a bug, injected), and decides as usual otherwise."""
    from wordcards.games.fez.bot import FezBot

    honest = FezBot.choose

    def choose(self, view):
        if self.level in levels:
            raise RuntimeError("an injected bug")
        return honest(self, view)

    return choose


def test_a_computer_player_that_fails_writes_a_crash_file_and_a_weaker_one_moves(monkeypatch, wordcards_home):
    from wordcards.games.fez.bot import FezBot

    monkeypatch.setattr(FezBot, "choose", failing_when({"hard"}))
    match = Match.new("fez", [Seat("Ann", "hard"), Seat("Hal", "hard")], seed=3, save=False)
    referee = Referee(match)
    events = referee.computer_step()
    assert len(match.history) == 1
    said = events[0].text
    assert said.startswith("Hal's hard player failed (RuntimeError; details for a bug report: ")
    assert said.endswith("A medium player made this move instead.") and said in [e.text for e in match.log]
    crashes = list((wordcards_home / "crashes").iterdir())
    assert len(crashes) == 1 and "an injected bug" in crashes[0].read_text()


async def test_when_every_level_fails_the_table_says_so_and_enter_tries_again(monkeypatch):
    from wordcards.games.fez.bot import FezBot
    from tests.test_fez_tui import screen_text

    monkeypatch.setattr(FezBot, "choose", failing_when({"beginner", "easy", "medium", "hard", "expert"}))
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=12, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.match.history == () and "Enter: try again" in screen_text(app)
        monkeypatch.undo()
        await pilot.press("enter")
        await settle(pilot)
        assert app.match.history and app.return_code is None
