"""The turn loop every front end shares: computer players, their pause, clocks, waits on people, and failures."""

from __future__ import annotations

import asyncio

from tests.tui_helpers import FakeClock
from wordcards.core.errors import ComputerFailed
from wordcards.core.match import Match
from wordcards.core.common import Event, Seat
from wordcards.core.referee import Referee
from wordcards.core.turns import Pace, TurnLoop


class Front:
    """A front end that records what the loop tells it."""

    def __init__(self) -> None:
        self.moves = 0
        self.ran_out: list[int] = []
        self.ticks = 0

    def game_moved(self, events: list[Event]) -> None:
        self.moves += 1

    def clock_ran_out(self, seat: int) -> None:
        self.ran_out.append(seat)

    def ticked(self) -> None:
        self.ticks += 1


async def until_idle(loop: TurnLoop, limit: float = 60.0) -> None:
    waited = 0.0
    while not loop.idle() and waited < limit:
        await asyncio.sleep(0.01)
        waited += 0.01


def computers_only(game: str, seed: int) -> Match:
    return Match.new(game, [Seat("Hal", "hard"), Seat("Eve", "easy")], {}, seed=seed, save=False)


async def test_the_loop_plays_a_computer_only_game_exactly_as_the_referee_does_step_by_step():
    for game in ("fez", "word-whiz"):
        stepped = computers_only(game, 4)
        referee = Referee(stepped)
        while not stepped.is_over:
            referee.computer_step()
        looped = computers_only(game, 4)
        loop = TurnLoop(Referee(looped), Front(), Pace(computer_delay=0))
        loop.go_on()
        await until_idle(loop)
        loop.stop()
        assert looped.is_over and looped.history == stepped.history, game


async def test_a_play_is_paused_on_but_ending_a_turn_is_not(monkeypatch):
    pauses: list[float] = []

    async def pause(self, seconds: float) -> None:
        pauses.append(seconds)

    monkeypatch.setattr(TurnLoop, "pause", pause)
    match = Match.new("fez", [Seat("Ann"), Seat("Hal", "beginner")], {}, seed=3, save=False)
    loop = TurnLoop(Referee(match), Front(), Pace(computer_delay=0.5))
    loop.go_on()
    await until_idle(loop)
    loop.stop()
    plays = [move for move in match.history if move not in ("end", "next")]
    assert pauses == [0.5] * len(plays) and plays  # Hal drew, played and discarded; ending its turn waited for Ann


def a_window_for_ann(wait: float | None, clock: FakeClock) -> tuple[Referee, TurnLoop, Front]:
    """Hal (a computer) has played a word that Ann may challenge (Ann plays as an easy computer player would)."""
    match = Match.new("fez", [Seat("Hal", "hard"), Seat("Ann")], {}, seed=12, save=False)
    referee = Referee(match, now=clock)
    while referee.next().stage != "window":
        if referee.next().stage == "computer":
            referee.computer_step()
        else:
            referee.play(match.bot(1, "easy").choose(match.view(1)))
    assert referee.next().challengers == (1,)
    front = Front()
    return referee, TurnLoop(referee, front, Pace(computer_delay=0, wait=wait)), front


async def test_a_challenge_window_waits_on_people_for_ever_by_default():
    clock = FakeClock()
    referee, loop, _ = a_window_for_ann(None, clock)
    for _ in range(3):
        loop.tick()
        clock.now += 3600
    assert referee.next().stage == "window"


async def test_a_challenge_window_with_a_wait_goes_on_once_the_wait_is_over():
    clock = FakeClock()
    referee, loop, front = a_window_for_ann(30, clock)
    loop.tick()  # the wait starts
    clock.now += 29
    loop.tick()
    assert referee.next().stage == "window" and front.moves == 0
    clock.now += 1
    loop.tick()
    assert referee.next().stage != "window" and front.moves == 1
    loop.stop()


async def test_a_round_summary_with_a_wait_deals_the_next_round_once_the_wait_is_over():
    clock = FakeClock()
    match = Match.new("fez", [Seat("Ann"), Seat("Bob")], {"rounds": 2}, seed=5, save=False)
    referee = Referee(match, now=clock)
    while referee.next().stage != "summary":
        referee.play(match.bot(match.to_move, "easy").choose(match.view(match.to_move)))
        referee.release()
    loop = TurnLoop(referee, Front(), Pace(computer_delay=0, wait=60))
    loop.tick()
    clock.now += 60
    loop.tick()
    assert match.state.round == 2 and referee.next().stage == "person"
    loop.stop()


async def test_a_computer_player_that_fails_stops_the_loop_until_it_is_told_to_try_again(monkeypatch):
    match = computers_only("fez", 4)
    referee = Referee(match)
    front = Front()
    loop = TurnLoop(referee, front, Pace(computer_delay=0))
    think = Referee.think

    def fail(self, task):
        raise ComputerFailed("Hal's hard player failed (a bug).")

    monkeypatch.setattr(Referee, "think", fail)
    loop.go_on()
    await until_idle(loop)
    assert loop.failed == "Hal's hard player failed (a bug)." and front.moves == 1 and not match.history
    loop.go_on()  # nothing happens until someone says try again
    await until_idle(loop)
    assert not match.history
    monkeypatch.setattr(Referee, "think", think)
    loop.retry()
    await until_idle(loop)
    loop.stop()
    assert loop.failed is None and match.is_over


async def test_a_hosted_loop_starts_a_persons_turn_clock_as_soon_as_the_turn_comes():
    clock = FakeClock()
    for clocks, started in (("at once", True), ("when seen", False)):
        match = Match.new("fez", [Seat("Hal", "hard"), Seat("Ann")], {"nasty_timer": True}, seed=12, save=False)
        referee = Referee(match, now=clock)
        loop = TurnLoop(referee, Front(), Pace(computer_delay=0, clocks=clocks))
        while referee.next().stage != "person":
            referee.computer_step() if referee.next().stage == "computer" else referee.release()
        loop.moved(referee.play("draw"))
        assert (referee.clock_left() is not None) == started, clocks
        loop.stop()


async def test_a_clock_that_runs_out_is_told_to_the_front_end():
    clock = FakeClock()
    match = Match.new("fez", [Seat("Hal", "hard"), Seat("Ann")], {"nasty_timer": True}, seed=12, save=False)
    referee = Referee(match, now=clock)
    front = Front()
    loop = TurnLoop(referee, front, Pace(computer_delay=0, clocks="at once"))
    while referee.next().stage != "person":
        referee.computer_step() if referee.next().stage == "computer" else referee.release()
    loop.moved(referee.play("draw"))
    clock.now += 31
    loop.tick()
    loop.stop()
    assert front.ran_out == [1] and "timeup" in match.history and front.ticks == 1
