"""The club's lobby screen over one SSH channel: the tables, who is in the lobby, and keys to open a table, play at
one, watch one, or leave. The app ends with the person's choice (``LobbyApp.choice``); the door then opens that
table's screen on the same channel, and brings them back here when they leave it."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import DataTable, Header, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from wordcards.club.lobby import Club, Replaying, Row, table_setup
from wordcards.club.passwords import SHORTEST, hashed, weak
from wordcards.club.ratings import LEADERS_AFTER
from wordcards.club.record import Recorded
from wordcards.club.talk import LOBBY
from wordcards.core.common import counted
from wordcards.core.computer import LEVELS
from wordcards.core.errors import RecordError, WordcardsError
from wordcards.core.options import public
from wordcards.core.registry import all_games, find_game
from wordcards.host.driver import Channel
from wordcards.host.game import HostedGame, Setup
from wordcards.host.seat import OnChannel
from wordcards.host.talk_screen import Talking
from wordcards.tui.keys_in_turn import KeysInTurn
from wordcards.tui.screens import PageScreen, too_small_or_not
from wordcards.tui.widgets import KeyBar, error


LOBBY_HELP = """\
# The club's lobby

| key | what it does |
|---|---|
| ↑ / ↓ | pick a table |
| Enter or p | play at the table: a free seat, or your own seat again |
| w | watch it (a spectator sees no hand) |
| n | open a table: the game, how many people sit, which computer levels, the game's options |
| x | close a table you left where nobody else has a seat (it is kept in the record, unfinished) |
| t or ' | talk in the lobby (`/ignore NAME`, `/unignore NAME`) |
| r | each game's leaderboard, and your ratings |
| g | replay one of the club's latest finished games |
| P | a password for the browser door (for a name an SSH key claimed) |
| F1 or ? | this help |
| Ctrl+Q | leave the club |

At a table, F1 (or ?) shows that game's keys and rules, and Ctrl+Q (or q once the game is over) comes back here. A
game of rivals is rated, so it gives no hints.
"""

GAME_COLUMN = 22
"""The lobby's game column at its widest: a table's options past it wrap."""
LOBBY_NEEDS = (64, 20)
"""The smallest window the lobby and its dialogs are drawn in (columns, rows); a table needs 80×24."""


@dataclass(frozen=True)
class Choice:
    """Where a person goes from the lobby: ``game``'s table, to play (a seat) or to watch."""

    game: HostedGame
    watch: bool


class FinishedGames(ModalScreen["Recorded | None"]):
    """The club's latest finished games; Enter replays one move by move."""

    DEFAULT_CSS = """
    FinishedGames { align: center middle; }
    FinishedGames > Vertical { width: 90%; height: 80%; border: round $accent; padding: 0 1; background: $surface; }
    FinishedGames OptionList { height: 1fr; }
    """
    BINDINGS = [Binding("escape", "close", "Back")]

    def __init__(self, finished: list[tuple[Recorded, str, datetime]]) -> None:
        super().__init__()
        self.finished = finished

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Finished games: Enter replays one, move by move, every hand on show", "bold"))
            yield OptionList(*[Option(Text(f"{ended:%d %b %H:%M}  {title(game.game)}: {result}"))
                               for game, result, ended in self.finished] or
                             [Option(Text("No game has finished in this club yet.", "dim"), disabled=True)])
        yield KeyBar()

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.finished[event.option_index][0])

    def action_close(self) -> None:
        self.dismiss(None)


def title(game: str) -> str:
    """A game's title, or its name if it is not installed here (a plug-in of another club on the same record)."""
    try:
        return find_game(game).title
    except WordcardsError:
        return game


def options_hint(game: str) -> str:
    """The flags a game takes, for the dialog's Options field."""
    flags = [option.flag for option in public(find_game(game).options)]
    return f"Options of this game: {' '.join(flags)} (see wordcards rules)." if flags else "This game has no options."


class OpenTable(ModalScreen[Setup | None]):
    """A new table: the game, how many people, which computer players, and the game's options as flags."""

    DEFAULT_CSS = """
    OpenTable { align: center middle; }
    OpenTable > Vertical { width: 72; height: auto; border: round $accent; padding: 0 1; background: $surface; }
    OpenTable Grid { grid-size: 2; grid-columns: 12 1fr; grid-rows: 1; grid-gutter: 1 0; height: auto;
                     margin: 1 0; }
    OpenTable .hint { color: $text-muted; }
    OpenTable #open-error { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, dictionary: str) -> None:
        super().__init__()
        self.dictionary = dictionary

    def compose(self) -> ComposeResult:
        games = all_games()
        self.game = games[0].name
        with Vertical():
            yield Static(Text("Open a table", "bold"))
            with Grid():
                yield Label("Game")
                yield Select([(spec.title, spec.name) for spec in games], value=games[0].name, allow_blank=False,
                             id="open-game", compact=True)
                yield Label("People")
                yield Input("2", id="open-people", restrict=r"[0-9]*", max_length=2, compact=True)
                yield Label("Computers")
                yield Input("", id="open-computers", placeholder="levels, e.g. medium hard", compact=True)
                yield Label("Options")
                yield Input("", id="open-options", placeholder="as for wordcards play", compact=True)
            yield Static(f"People: how many seats people take (you take the first). Computer levels: "
                         f"{', '.join(LEVELS)}.", classes="hint")
            yield Static(options_hint(games[0].name), id="open-options-hint", classes="hint")
            yield Static("", id="open-error")
            yield Static(Text("Tab moves · Enter opens the table · Esc cancels", "dim"))

    @on(Select.Changed, "#open-game")
    def game_chosen(self, event: Select.Changed) -> None:
        """Another game: its options named, and on to the next field (Enter there opens the table)."""
        if str(event.value) == self.game:
            return  # (the Select says so as it mounts, too)
        self.game = str(event.value)
        self.query_one("#open-options-hint", Static).update(options_hint(self.game))
        self.query_one("#open-people", Input).focus()

    @on(Input.Submitted)
    def submit(self, _: Input.Submitted) -> None:
        people = self.query_one("#open-people", Input).value or "0"
        try:
            setup = table_setup(str(self.query_one("#open-game", Select).value), int(people),
                                self.query_one("#open-computers", Input).value,
                                self.query_one("#open-options", Input).value, self.dictionary)
        except (ValueError, WordcardsError) as exc:
            self.query_one("#open-error", Static).update(f"! {exc}")
            return
        self.dismiss(setup)

    def action_cancel(self) -> None:
        self.dismiss(None)


class Leaderboards(ModalScreen[None]):
    """Each game's best rated people (``Club.leaders``), and how ratings are made."""

    DEFAULT_CSS = """
    Leaderboards { align: center middle; }
    Leaderboards > VerticalScroll { width: 64; height: auto; max-height: 90%; border: round $accent; padding: 0 1;
                                    background: $surface; }
    """
    BINDINGS = [Binding("escape,r,enter", "close", "Back")]

    def __init__(self, club: Club, player: str) -> None:
        super().__init__()
        self.club = club
        self.player = player

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.boards())
        yield KeyBar()

    def boards(self) -> Text:
        text = Text.assemble(("Ratings", "bold"), "\n", (
            f"One scale a game. Computer players' ratings are fixed, so a rating means the same at every table. "
            f"Leaders have {LEADERS_AFTER} rated games or more; cooperative Gift Words is not rated.", "dim"), "\n")
        for spec in all_games():
            text.append(f"\n{spec.title}\n", "bold underline")
            leaders = self.club.leaders(spec.name)
            for place, (name, rating) in enumerate(leaders, start=1):
                text.append(f"{place:>3}. {name:<24} {rating.shown:>5}  ({counted(rating.games, 'game')})\n",
                            "bold" if name == self.player else "")
            mine = self.club.standings.get(spec.name, {}).get(self.player)
            if mine is not None and self.player not in (name for name, _ in leaders):
                text.append(f"     you: {mine.shown} ({counted(mine.games, 'game')})\n", "bold")
            if not leaders and mine is None:
                text.append("     nobody yet\n", "dim")
        return text

    def action_close(self) -> None:
        self.dismiss(None)


class PasswordScreen(ModalScreen[str | None]):
    """A new browser password, typed twice."""

    DEFAULT_CSS = """
    PasswordScreen { align: center middle; }
    PasswordScreen > Vertical { width: 64; height: auto; border: round $accent; padding: 0 1; background: $surface; }
    PasswordScreen Input { margin-top: 1; }
    PasswordScreen #password-error { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("A password for the browser", "bold"))
            yield Static("In a browser, your name then needs the club's code and this password.")
            yield Input(password=True, placeholder=f"password (at least {SHORTEST} characters)", id="password-1",
                        compact=True)
            yield Input(password=True, placeholder="the same again", id="password-2", compact=True)
            yield Static("", id="password-error")
            yield Static(Text("Enter sets it · Esc cancels", "dim"))

    @on(Input.Submitted)
    def submit(self, event: Input.Submitted) -> None:
        first, second = (self.query_one(f"#password-{n}", Input).value for n in (1, 2))
        problem = weak(first) or ("the two passwords differ" if first != second else None)
        if event.input.id == "password-1" and not second:
            self.query_one("#password-2", Input).focus()
        elif problem:
            self.query_one("#password-error", Static).update(f"! {problem}")
        else:
            self.dismiss(first)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LobbyApp(OnChannel, Talking, KeysInTurn):
    """The lobby for the person at the other end of one SSH channel."""

    TITLE = "wordcards club"
    ENABLE_COMMAND_PALETTE = False
    """The lobby's keys are in its footer; the palette's commands (a screenshot saved on the club's machine) are not
    for its visitors."""
    CSS = """
    #tables { height: 1fr; }
    #people { height: auto; max-height: 4; padding: 0 1; }
    #lobby-note { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("p", "play", "Play here"),
        Binding("w", "watch", "Watch"),
        Binding("n", "open", "New table"),
        Binding("x", "close_table", "Close"),  # "Close table" would push the keys past 80 columns
        Binding("t", "talk", "Talk"),
        Binding("apostrophe", "talk", "Talk", show=False),
        Binding("r", "ratings", "Ratings"),
        Binding("g", "games", "Replays"),
        Binding("P", "password", "Password"),
        Binding("f1,question_mark", "help", "Help", key_display="F1"),
        Binding("ctrl+q", "leave", "Leave", priority=True),
        Binding("q", "how_to_leave", show=False),
    ]

    class Changed(Message):
        """The tables, or who is in the lobby, changed."""

    def __init__(self, club: Club, name: str, channel: Channel, term: str, notice: str = "",
                 key: str | None = None) -> None:
        super().__init__()
        self.club = club
        self.player = name
        self.key = key
        """The fingerprint of the SSH key this person came in with: with one, they may set a browser password."""
        self.on_channel(channel, term)
        self.notice = notice
        self.choice: Choice | Replaying | None = None
        self.goodbye = "wordcards: you left the club"
        self.closing = False
        self.rows: list[Row] = []
        self.problem = ""
        self.sub_title = name
        self.talk_title = "Talk in the lobby"
        self.start_talking(club.talk, name, lambda: LOBBY)

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static(id="people")
        yield Static(id="lobby-note")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.closing:
            self.exit()
            return
        self.club.enter(self.player, self)
        self.draw()
        if self.notice:
            self.notify(self.notice.removeprefix("wordcards: "), markup=False, timeout=8)

    def on_unmount(self) -> None:
        self.club.leave(self)

    def on_resize(self) -> None:
        self.call_later(self.check_size)
        self.call_after_refresh(self.draw)  # the seats column takes the width there is

    def check_size(self) -> None:
        """A window too small for the lobby and its dialogs is told to grow."""
        too_small_or_not(self, LOBBY_NEEDS)

    # ------------------------------------------------------------ what the club tells this screen

    def redraw(self) -> None:
        if self.is_running:
            self.post_message(self.Changed())

    def say(self, text: str) -> None:
        if self.is_running:
            self.call_later(self.notify, text, markup=False)

    def farewell(self, text: str) -> None:
        self.goodbye = text
        self.closing = True
        if self.is_running:
            self.exit()

    @on(Changed)
    def draw(self, _: Changed | None = None) -> None:
        table = self.query_one(DataTable)
        at = self.rows[table.cursor_row].number if self.rows and table.cursor_row < len(self.rows) else None
        self.rows = self.club.rows()
        table.clear(columns=True)
        games = [r.game + (f" {r.options}" if r.options else "") for r in self.rows]
        # The seats (and who is away) must show whole: a long game's options wrap in a column of their own
        widths = {"table": 5, "game": 0, "state": 8, "watching": 8, "seats": 0}
        room = self.size.width - 2 * len(widths) - 2 - sum(widths.values())  # less the padding and a scroll bar
        widths["game"] = max(8, min(GAME_COLUMN, max([len("game"), *map(cell_len, games)]), room // 2))
        widths["seats"] = max(12, room - widths["game"])
        for label, width in widths.items():
            table.add_column(label, width=width)
        for r, game in zip(self.rows, games):  # Text, not markup: a name may hold brackets
            cells = (str(r.number), game, r.state, str(r.watching) if r.watching else "", ", ".join(r.seats))
            table.add_row(*map(Text, cells), key=str(r.number), height=None)
        numbers = [r.number for r in self.rows]
        if at is None:  # the first look: at a table where this person has a seat, if one has
            at = next((r.number for r in self.rows if self.player in r.people), None)
        if numbers:  # the cursor stays on its table when one above it closes
            table.move_cursor(row=numbers.index(at) if at in numbers else min(table.cursor_row, len(numbers) - 1))
        people = self.club.people()
        self.query_one("#people", Static).update(Text.assemble(("In the lobby: ", "bold"), ", ".join(people)))
        note = ("No table is open yet: n opens one." if not self.rows else
                "Enter plays at the table under the cursor (a free seat, or your own), w watches it, n opens a new "
                "one.")
        self.query_one("#lobby-note", Static).update(error(self.problem) if self.problem else note)
        self.refresh_bindings()  # a table's people came or went: x may close it now, or no longer

    def refuse(self, text: str) -> None:
        """Why a key did nothing, on the lobby's own line until the next key."""
        self.problem = text
        self.draw()

    # ------------------------------------------------------------ keys

    def chosen(self) -> tuple[Row, HostedGame] | None:
        table = self.query_one(DataTable)
        self.problem = ""
        if not self.rows or table.cursor_row >= len(self.rows):
            self.refuse("No table is open: n opens one.")
            return None
        row = self.rows[table.cursor_row]
        game = self.club.tables.get(row.number)
        if game is None:
            self.refuse(f"Table {row.number} has closed.")
            return None
        return row, game

    @on(DataTable.RowSelected)
    def row_selected(self, _: DataTable.RowSelected) -> None:
        self.action_play()

    def action_play(self) -> None:
        found = self.chosen()
        if found is None:
            return
        row, game = found
        try:
            seated = game.company.takes_a_seat(self.player)
        except ValueError as exc:
            self.refuse(str(exc))
            return
        if not seated and row.state == "finished" and game.evening.free_seats():
            if (refused := game.evening.sit_in(self.player)) is None:  # a seat in its next game, watched till then
                self.go(Choice(game, watch=not game.company.takes_a_seat(self.player)))  # dealt at once: the seat
                return
            self.refuse(f"Table {row.number}: {refused}.")
            return
        if not seated:
            why = ("every player of its last game is still there" if row.state == "finished" else
                   "its game has begun" if row.state == "playing" else "its seats are kept for its players")
            self.refuse(f"Table {row.number} has no seat for you: {why}. w watches it.")
            return
        self.go(Choice(game, watch=False))

    def action_watch(self) -> None:
        found = self.chosen()
        if found is not None:
            self.go(Choice(found[1], watch=True))

    def action_open(self) -> None:
        self.problem = ""
        if len(self.club.tables) >= self.club.limits.tables:
            self.refuse(f"The club has {counted(len(self.club.tables), 'table')} open, as many as it may: join or "
                        "watch one.")
            return

        async def opened(setup: Setup | None) -> None:
            if setup is None:
                return
            try:
                game = await self.club.open_table(setup, self.player)
            except ValueError as exc:
                self.refuse(str(exc))
                return
            self.go(Choice(game, watch=False))

        self.push_screen(OpenTable(self.club.dictionary), opened)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_table":
            row = self.query_one(DataTable).cursor_row
            game = self.club.tables.get(self.rows[row].number) if row < len(self.rows) else None
            return game is not None and self.closes(game)
        return action != "password" or (self.key is not None and self.club.record is not None)

    @on(DataTable.RowHighlighted)
    def table_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.refresh_bindings()  # x closes only some tables

    def closes(self, game: HostedGame) -> bool:
        """Whether this person may close ``game``'s table now: they alone have a seat (beside computers), and nobody
        is at it (they left it, or it waits for its other people)."""
        return game.table.names == [self.player] and not game.company.screens()

    async def action_close_table(self) -> None:
        found = self.chosen()
        if found is None:
            return
        row, game = found
        if not self.closes(game):
            self.refuse(f"Table {row.number} has someone at it: it closes once nobody is.")
            return
        await self.club.close_table(row.number, f"{self.player} closed it")

    async def action_games(self) -> None:
        self.problem = ""
        if self.club.record is None:
            return
        try:
            finished = await asyncio.to_thread(self.club.record.finished)
        except RecordError as exc:
            self.refuse(str(exc))
            return

        def chosen(game: Recorded | None) -> None:
            if game is not None:
                self.go(Replaying(game))

        self.push_screen(FinishedGames(finished), chosen)

    def action_help(self) -> None:
        self.push_screen(PageScreen(LOBBY_HELP))

    def action_ratings(self) -> None:
        self.problem = ""
        self.push_screen(Leaderboards(self.club, self.player))

    def action_password(self) -> None:
        """A password for signing in with this name in a browser: only the key that claimed the name sets it."""
        self.problem = ""
        if self.key is None or self.club.record is None:
            return
        record, key = self.club.record, self.key

        async def chosen(password: str | None) -> None:
            if password is None:
                return
            try:
                done = await asyncio.to_thread(lambda: record.set_password(self.player, key, hashed(password)))
            except RecordError as exc:
                self.refuse(str(exc))
                return
            if done:
                self.notify("Your browser password is set.", markup=False)
            else:
                self.refuse(f"The name {self.player} is not claimed by this key, so it has no password to set.")

        self.push_screen(PasswordScreen(), chosen)

    def action_leave(self) -> None:
        self.exit()

    def action_how_to_leave(self) -> None:
        """q leaves a finished game for the lobby: pressed twice, it must not leave the club too."""
        self.refuse("Ctrl+Q leaves the club.")

    def go(self, choice: Choice | Replaying) -> None:
        self.choice = choice
        self.exit()
