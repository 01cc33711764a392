"""Who sits at a table screen, and what that means for it: one class for each way of sitting.

- ``Solo``: one person (or nobody: computers only) at their own keyboard; their hand is always on show.
- ``HotSeat``: several people share the screen; it is covered and passed to whoever acts next.
- ``HostedPlayer``: one person's screen of a hosted game (``wordcards.host``); the host runs the turn.
- ``Spectator``: a hosted game's onlooker: the public table, and only Ctrl+Q.

Each says whose hand is on show, whether the screen must be covered for a pass, who answers a challenge window and
what Enter does there, what happens after a move and after a round's scores. The table screen asks its seating and
never asks which one it has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Protocol

from wordcards.core.common import Event, TableView
from wordcards.core.referee import Next, Referee
from wordcards.core.turns import Pace, TurnLoop

if TYPE_CHECKING:
    from wordcards.tui.table import GameTable


class Place(Protocol):
    """A screen's place in a hosted game (``wordcards.host.game.Place``): the host's referee and turn loop."""

    seat: int | None
    """The person this screen is for; None: a spectator's screen."""

    @property
    def referee(self) -> Referee: ...

    @property
    def loop(self) -> TurnLoop: ...

    @property
    def rated(self) -> bool:
        """The game here will be rated when it ends: no hints."""

    def changed(self) -> None:
        """A move went through at this screen: every screen redraws, and the turn loop goes on."""

    def ready(self, seat: int) -> None:
        """The person has read the round's summary: the next round is dealt once everyone present has."""

    def next_game_news(self) -> str:
        """At game over: what the next game is, and who it waits for."""

    def propose(self, game: str | None, options: dict) -> str | None:
        """Ask for the next game (a rematch: None) or agree to it, or propose ``game`` with ``options``; why not, or
        None."""

    def sit_in(self) -> str | None:
        """A spectator takes a free seat for the next game; why not, or None."""

    def seat_free(self) -> bool:
        """A seat of the finished game is free for a spectator to take."""

    def chooses_the_game(self) -> bool:
        """The person here has the first seat: they may choose another game."""


@dataclass(frozen=True)
class NextGame:
    """What the game-over screen of a hosted game offers: a rematch, another game, a spectator's free seat."""

    news: Callable[[], str]
    """What is proposed, and who it waits for."""
    rematch: Callable[[], str | None]
    """Ask for (or agree to) the game proposed, a rematch if none; why not, or None."""
    choose: Callable[[str, dict], str | None] | None
    """The first seat proposes another game by name, with its options; None for everyone else."""
    sit_in: Callable[[], str | None] | None
    """A spectator takes a free seat; None for players."""
    seat_free: Callable[[], bool] = lambda: False
    """A seat is free to take now (``s`` shows only then)."""


class Seating:
    """The behaviour every seating shares; each subclass says what is its own."""

    play_again = False
    """The game-over screen offers a new game with the same seats (``n``)."""
    read_only = False
    """Nobody at this screen plays: no game key acts."""
    hosted = False
    """A hosted table's screen: Ctrl+Q leaves the table (a player's seat waits), and ' talks."""
    hidden_note: str | None = None
    """What the hand shows in place of cards when this screen never shows one."""
    covers_after_a_dialog = False
    """Everyone at the keyboard has read a challenge's verdict or a round's scores together: the screen is covered
    afterwards, and the usual pass policy hands it to whoever acts next."""

    def __init__(self, referee: Referee, loop: TurnLoop, viewer: int | None) -> None:
        self.referee = referee
        self.loop = loop
        self.viewer = viewer
        """The person the screen shows the table to now; None: only the public table (covered for a pass)."""

    def people_here(self) -> list[int]:
        """The people at this screen: they may challenge here, and the game-over screen looks back on their play."""
        return self.referee.people

    def hint_refusal(self) -> str | None:
        """Why the hint key (F8) gives none at this screen; None: it does."""
        return None

    def may_act(self) -> bool:
        """The person looking may make a move now."""
        return self.viewer is not None and self.referee.may_act(self.viewer)

    def hand_on_show(self, view: TableView, hand_phases: tuple[str, ...]) -> bool:
        return self.viewer is not None

    def pass_to(self) -> int | None:
        """The person the screen must be handed to before it shows anything private, or None."""
        return None

    def may_challenge(self, step: Next) -> bool:
        """The challenge key works now (a play is open to challenge by someone at this screen)."""
        return bool(step.challengers) and (self.may_act() or step.stage == "window")

    def may_let_pass(self, step: Next, phase: str) -> bool:
        """Enter lets the open play stand now."""
        return (self.may_act() and phase == "challenge") or step.stage == "window"

    def let_pass(self, table: GameTable) -> None:
        """Enter at a challenge prompt: nobody here challenges; the play stands."""
        if self.referee.next().stage == "window":
            table.message = ""
            table.after(self.referee.release())
        elif self.referee.state.phase == "challenge":
            table.send("end")

    def waits_on_others(self, deciders: tuple[int, ...]) -> bool:
        """The challenge prompt is someone else's: this screen says it waits for them."""
        return False

    def after(self, events: list[Event]) -> None:
        """A move at this screen went through."""
        self.loop.moved(events)

    def challenge_ruled(self, challenger: int) -> list[Event]:
        """A challenge was ruled at this screen (its verdict is on show in the dialog); what followed from it."""
        return []

    def scores_read(self, table: GameTable, again: bool) -> None:
        """The person (or everyone at the screen) closed a round's or the game's scores."""
        if table.view().phase == "round-over":
            table.send("next")
        elif again:
            table.wordcards.play_again()
        else:
            table.app.exit()

    def leave(self) -> None:
        """The screen closes: the turn loop stops, and the turn clock's time left is saved for a resume."""
        self.loop.stop()
        self.referee.save()

    def next_game(self) -> NextGame | None:
        """At game over, how the people here ask for the next game on a shared host; None: ``n`` plays again."""
        return None


class Local(Seating):
    """People at this terminal: the seating runs its own turn loop, and is that loop's front end."""

    play_again = True

    def __init__(self, table: GameTable, referee: Referee, computer_delay: float, viewer: int | None) -> None:
        super().__init__(referee, TurnLoop(referee, self, Pace(computer_delay)), viewer)
        self.table = table

    def game_moved(self, events: list[Event]) -> None:
        self.table.game_moved(events)

    def clock_ran_out(self, seat: int) -> None:
        self.table.time_up()

    def ticked(self) -> None:
        """Nothing: the table draws the countdown itself (``GameTable.show_clock``), as hosted screens do."""


class Solo(Local):
    """One person at their own keyboard (or none: the computer players play on their own)."""


class HotSeat(Local):
    """Several people take turns at one keyboard: a hand shows only to its owner, on their turn."""

    covers_after_a_dialog = True

    def hand_on_show(self, view: TableView, hand_phases: tuple[str, ...]) -> bool:
        return self.viewer is not None and self.viewer == view.current and view.phase in hand_phases

    def pass_to(self) -> int | None:
        return self.referee.hand_to(self.viewer)

    def challenge_ruled(self, challenger: int) -> list[Event]:
        """The challenge was the challenger's say on a player's play: they are not asked about it again, and with
        nobody else to ask, play goes on (the device then goes to whoever acts next). Not so where every word is
        open to everyone (Word Whiz's round end): anyone may challenge word after word."""
        referee = self.referee
        return [] if referee.game.challenge_own_words(referee.state) else referee.let_pass(challenger)


def local(table: GameTable, referee: Referee, computer_delay: float) -> Seating:
    """The seating of a game played at this terminal: solo, or hot seat for more than one person."""
    people = referee.people
    if len(people) > 1:
        return HotSeat(table, referee, computer_delay, None)
    return Solo(table, referee, computer_delay, people[0] if people else None)


class HostedPlayer(Seating):
    """One person's own screen of a hosted game: the host's referee and turn loop, and every screen redraws."""

    hosted = True

    def __init__(self, place: Place) -> None:
        super().__init__(place.referee, place.loop, place.seat)
        self.place = place

    def people_here(self) -> list[int]:
        return [] if self.viewer is None else [self.viewer]

    def hint_refusal(self) -> str | None:
        if self.place.rated:
            return "no hints at this table: its games are rated, so each player plays without a computer's help"
        return None

    def may_challenge(self, step: Next) -> bool:
        return self.viewer in step.challengers

    def may_let_pass(self, step: Next, phase: str) -> bool:
        # Not once the round is scored: its words stay open to a late challenge (c), but Enter would let nothing pass
        return self.viewer in step.challengers and step.stage not in ("summary", "over")

    def let_pass(self, table: GameTable) -> None:
        if self.viewer is not None:  # each challenger lets the play pass at their own screen
            table.after(self.referee.let_pass(self.viewer))

    def waits_on_others(self, deciders: tuple[int, ...]) -> bool:
        return self.viewer not in deciders

    def after(self, events: list[Event]) -> None:
        self.place.changed()  # every screen redraws, this one too

    def challenge_ruled(self, challenger: int) -> list[Event]:
        self.place.changed()  # the verdict and its consequence show on every screen at once
        return []

    def scores_read(self, table: GameTable, again: bool) -> None:
        phase = table.view().phase
        if phase == "game-over":
            table.app.exit()  # this player's session ends
        elif phase == "round-over" and self.viewer is not None:
            self.place.ready(self.viewer)
            if table.view().phase == "round-over":  # the others had read them: this Enter dealt the next round
                table.say("waiting for the others to read the round's scores (F2 shows them again)")

    def leave(self) -> None:
        """Nothing: the host's loop and save go on for the others."""

    def next_game(self) -> NextGame | None:
        place = self.place
        return NextGame(place.next_game_news, lambda: place.propose(None, {}),
                        place.propose if place.chooses_the_game() else None,
                        place.sit_in if self.viewer is None else None, place.seat_free)


class Spectator(HostedPlayer):
    """An onlooker's screen of a hosted game: the public table, read-only (they may only leave)."""

    read_only = True
    hidden_note = "(you are watching: only the players see their hands)"

    def __init__(self, place: Place) -> None:
        super().__init__(place)
        self.viewer = None  # whatever the place says: the public view, and nothing else

    def hand_on_show(self, view: TableView, hand_phases: tuple[str, ...]) -> bool:
        return False
