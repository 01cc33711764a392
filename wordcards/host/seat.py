"""One connection's screen: the wordcards app for one seat (or a spectator), drawn over its SSH channel."""

from __future__ import annotations

from typing import Any, Callable

import io
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Header, Static

from wordcards.host.colours import DRAWN_IN, translation_for
from wordcards.host.driver import Channel, ChannelDriver
from wordcards.host.game import HostedGame, Place
from wordcards.tui import app as tui_app
from wordcards.tui.app import WordcardsApp
from wordcards.tui.screens import ConfirmScreen, WatchesSize
from wordcards.tui.seating import HostedPlayer, Seating, Spectator
from wordcards.tui.table import GameTable
from wordcards.tui.widgets import KeyBar
from wordcards.club.talk import Rooms, Talk, table_rooms
from wordcards.core.common import counted
from wordcards.core.replay import Replay
from wordcards.tui.replay import ReplayApp
from wordcards.host.talk_screen import TALK_KEY, Talking


def hosted_console() -> Console:
    """A console drawing in full colour (``host.colours`` turns it into the terminal's), set up as Textual sets up
    its own, and reading nothing of the host's environment. It only renders: nothing is printed to its file."""
    return Console(color_system=DRAWN_IN, file=io.StringIO(), markup=True, highlight=False, emoji=False,
                   legacy_windows=False, _environ={}, force_terminal=True, safe_box=False, soft_wrap=False)


class OnChannel:
    """An app drawn over one person's SSH channel or websocket (``host.driver.ChannelDriver``), its output
    translated for their terminal's type."""

    translate: Callable[[str], str] | None = None
    """What the driver passes the app's output through on its way to the terminal (``host.colours``)."""

    def on_channel(self, channel: Channel, term: str) -> None:
        self.channel = channel
        self.console = hosted_console()
        self.translate = translation_for(term, self.ansi_theme)  # type: ignore[attr-defined]

    @property
    def function_keys(self) -> bool:
        """Whether F-keys reach this app (``tui.widgets.KeyBar`` reads it)."""
        return getattr(self.channel, "function_keys", True)

    def get_driver_class(self) -> Any:
        return ChannelDriver


class LobbyScreen(WatchesSize[None]):
    """Before every person's seat is taken: who is here, and how the others join. A window made too small here is
    told to grow, as at the table."""

    def __init__(self, game: HostedGame, join: str) -> None:
        super().__init__()
        self.game = game
        self.join = join

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="lobby")
        yield KeyBar()

    BINDINGS = [*(Binding(str(n), f"free({n})", show=False) for n in range(2, 10)),
                Binding("s", "start_now", "Start now")]

    def on_mount(self) -> None:
        self.redraw()

    def on_screen_resume(self) -> None:
        self.redraw()  # who came or went while a dialog or the too-small screen covered the room (not redrawn then)

    @property
    def first_seat(self) -> bool:
        """The person at this screen has the first seat: they may free the others'."""
        place = getattr(self.app, "place", None)
        return place is not None and place.seat == 0

    def redraw(self) -> None:
        text = Text()
        table = self.game.table
        waits_for = "everyone to come back" if table.referee is not None else "every seat to be taken"
        text.append(f"{table.spec.title}: waiting for {waits_for}\n\n", "bold")
        for line in self.game.company.lobby_lines():
            text.append(f"  {line}\n")
        number = getattr(self.app, "table_number", None)
        if number is None:
            text.append(f"\nOthers join with {self.join} and the join code.\n", "dim")
        else:
            text.append(f"\nOthers join from the club's lobby: Enter on table {number}.\n", "dim")
        taken = len(table.names)
        if self.seats_to_settle():  # not in a game under way (one resumed, waiting for its people)
            if self.game.company.start_refusal() is None:
                text.append("You have seat 1: press s to start now with the people here.\n")
            if taken > 1:
                which = "2 to free seat 2" if taken == 2 else f"a seat's number (2-{taken}) to free it"
                text.append(f"Press {which}, if it was taken by mistake.\n")
        text.append(f"The game {'goes on' if table.referee else 'begins'} by itself once every seat is taken. "
                    "Ctrl+Q leaves.", "dim")
        self.query_one("#lobby", Static).update(text)
        self.refresh_bindings()

    def seats_to_settle(self) -> bool:
        """The first seat may start the game early or free a seat: this is its screen, and no game is dealt."""
        return self.first_seat and self.game.table.referee is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start_now":
            return self.seats_to_settle() and self.game.company.start_refusal() is None
        return self.seats_to_settle() if action == "free" else True

    def action_free(self, seat: int) -> None:
        self.game.company.send_away(seat - 1, self.app.place.name)  # type: ignore[attr-defined]

    def action_start_now(self) -> None:
        refusal = self.game.company.start_now(self.app.place.name)  # type: ignore[attr-defined]
        if refusal:
            self.notify(refusal, severity="error", markup=False)


class SeatApp(OnChannel, Talking, WordcardsApp):
    """The app for the person (or spectator) at the other end of one SSH channel."""

    CSS_PATH = str(Path(tui_app.__file__).parent / WordcardsApp.CSS_PATH)  # Textual reads it beside the class's module

    class Begin(Message):
        """Every seat is taken: to the table."""

    class LobbyChanged(Message):
        """Someone came or went before the game began."""

    class TimeUp(Message):
        """This player's turn clock ran out."""

    class NewGame(Message):
        """The next game on the host is dealt."""

    @dataclass
    class Notice(Message):
        text: str

    BINDINGS = [TALK_KEY]

    def __init__(self, game: HostedGame, name: str, channel: Channel, term: str, join: str,
                 watching: bool = False, table_number: int | None = None, talk: Talk | None = None) -> None:
        spec = game.table.spec
        super().__init__(spec, match=game.table.match, dictionary=game.table.dictionary, save=False, computer_delay=0)
        self.on_channel(channel, term)
        self.game = game
        self.player = name
        self.watching = watching
        """A spectator's screen: whatever the place is told, it shows the public table and never a hand."""
        self.join = join
        self.table_number = table_number
        """The table's number in the club's lobby (None: ``wordcards host``): leaving goes back to the lobby."""
        self.place: Place | None = None
        self.table_screen: GameTable | None = None
        self.goodbye = ""
        """The last line the person is sent as the screen closes, when the host closed it."""
        self.told_before_start: list[str] = []
        """Notices for this screen from before it ran (a person back at their seat hears what they missed)."""
        self.sub_title = self.subtitle()
        if talk is not None:
            self.start_talking(talk, name or "spectators", self.rooms)

    @property
    def talk_title(self) -> str:  # type: ignore[override]
        apart = self.watching and self.rooms()[0].endswith(" watching")
        return f"Talk at table {self.table_number or 1}" + (" (spectators apart while the game is played)"
                                                            if apart else "")

    def rooms(self) -> Rooms:
        match = self.game.table.match
        return table_rooms(self.table_number or 1, match is not None and not match.is_over, self.watching)

    def subtitle(self) -> str:
        where = "hosted" if self.table_number is None else f"table {self.table_number}"  # a club's table, or ``host``'s
        return f"{self.spec.title} · {where} · {'watching' if self.watching else self.player}"

    async def on_mount(self) -> None:  # type: ignore[override]  # Textual awaits either kind
        if self.closing:  # the connection closed while the app was starting
            self.exit()
        else:
            await self.follow_the_game(None)
            for text in self.told_before_start:
                self.notify(text, markup=False)

    def get_default_screen(self) -> Screen:
        """The lobby, always: each game's table goes over it, and back to it when the next game waits for people
        (Textual cannot switch away from the first screen)."""
        return LobbyScreen(self.game, self.join)

    def open_table(self) -> Screen:
        assert self.place is not None and self.game.table.match is not None
        self.match = self.game.table.match
        screen = self.table(self.match)
        assert isinstance(screen, GameTable)
        self.table_screen = screen
        return screen

    def seating(self, table: GameTable) -> Seating:
        assert self.place is not None
        return Spectator(self.place) if self.watching else HostedPlayer(self.place)

    # ------------------------------------------------------------ what the game tells this screen (``host.game.Screen``)

    def redraw(self) -> None:
        if not self.is_running:
            return  # it draws the game as it is when it starts
        if self.table_screen is not None and self.table_screen.match is self.game.table.match:
            self.table_screen.post_message(GameTable.Changed())
        elif self.table_screen is not None or self.game.table.started:
            self.post_message(self.Begin())  # to the game played now
        else:
            self.post_message(self.LobbyChanged())

    def game_began(self) -> None:
        if self.is_running:
            self.post_message(self.Begin())

    def say(self, text: str) -> None:
        if self.is_running:
            self.post_message(self.Notice(text))
        else:
            self.told_before_start.append(text)

    def time_up(self) -> None:
        if self.is_running:
            self.post_message(self.TimeUp())

    def new_game(self) -> None:
        if self.is_running:
            self.post_message(self.NewGame())

    def take_seat(self) -> None:
        if self.is_running:
            self.call_later(self.channel.take_seat)  # type: ignore[attr-defined]  # host.server.Show

    @on(Begin)
    @on(NewGame)
    async def follow_the_game(self, _: Message | None) -> None:
        """To the table of the game played now (off the last game's screens), or to the lobby while the next game
        waits for people."""
        if self.table_screen is not None and self.table_screen.match is self.game.table.match:
            return
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        self.clear_notifications()  # "ann asks for a rematch" is done with
        self.table_screen = None
        self.spec = self.game.table.spec
        self.sub_title = self.subtitle()
        if self.game.table.started:
            await self.push_screen(self.open_table())
        elif isinstance(self.screen, LobbyScreen) and self.screen.is_mounted:  # (once mounted it draws itself)
            self.screen.redraw()
        self.check_size()

    def rejoin_line(self) -> str:
        if self.table_number is not None:
            return f"Enter on table {self.table_number} in the lobby"
        return self.join.replace("NAME", self.player)

    async def action_quit(self) -> None:
        """Ctrl+Q: a player in the middle of a game is asked first (a second Ctrl+Q, or y, leaves), and told how to
        come back; the seat waits for them."""
        match = self.game.table.match
        playing = not self.watching and self.game.table.started and match is not None and not match.is_over
        goodbye = f"wordcards: you left {self.spec.title}; your seat waits for you: {self.rejoin_line()}"
        if not playing or isinstance(self.screen, ConfirmScreen):
            self.leave_table(goodbye if playing else self.goodbye)
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.leave_table(goodbye)

        closes, until = self.game.closes_after, ""
        if closes is not None:  # a club's
            after = counted(round(closes / 60), "minute") if closes >= 60 else counted(round(closes), "second")
            until = f" (a table nobody is at closes after {after})"
        self.push_screen(ConfirmScreen(f"Leave {self.spec.title}? Your seat waits, and you can come back with "
                                       f"{self.rejoin_line()}{until}", enter_says_yes=False), answered)

    def leave_table(self, goodbye: str) -> None:
        """The person chose to leave (the others are told they left, not that they were cut off)."""
        self.goodbye = goodbye
        if self.place is not None:
            self.place.left = True
        self.exit()

    def farewell(self, text: str) -> None:
        self.goodbye = text
        self.closing = True  # an app still starting stops as soon as it has (``on_mount``)
        if self.is_running:
            self.exit()

    @on(TimeUp)
    def clock_ran_out(self, _: TimeUp) -> None:
        if self.table_screen is not None:
            self.table_screen.time_up()  # forget the picks, as at a local terminal

    @on(LobbyChanged)
    def redraw_lobby(self, _: LobbyChanged) -> None:
        if isinstance(self.screen, LobbyScreen):
            self.screen.redraw()

    @on(Notice)
    def show_notice(self, message: Notice) -> None:
        self.notify(message.text, markup=False)

    def load_lexicon(self) -> None:  # type: ignore[override]
        """The host loaded the word list before anyone joined."""
        self.lexicon_ready = True


class HostedReplay(OnChannel, ReplayApp):
    """A finished game's replay from the club's lobby (``g``), drawn over one SSH channel or websocket; Ctrl+Q goes
    back to the lobby."""

    CSS_PATH = SeatApp.CSS_PATH

    def __init__(self, replay: Replay, channel: Channel, term: str) -> None:
        super().__init__(replay)
        self.on_channel(channel, term)
        self.sub_title = f"{replay.spec.title} replay · Ctrl+Q: back to the lobby"

    def on_mount(self) -> None:
        if self.closing:  # the connection closed (or its person was sent away) while the app was starting
            self.exit()
