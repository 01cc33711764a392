"""``wordcards replay``: a finished game move by move, on the game's own table screen, with every hand on show.

The table is the game's screen (its adapter's ``screen``) with a replay's seating: nobody sits at it, nothing is
played, and the match it reads is set to the position of the move on show (``core.replay``). So each game's table
reads exactly as it did in play; a replay adds every seat's hand, the move's line, and keys that step through the
moves. A game's hands are private only while it is played, and only a finished game is replayed.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Static

from wordcards.core.common import Event, TableView
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.replay import Replay
from wordcards.core.turns import TurnLoop
from wordcards.tui.adapter import TableUI
from wordcards.tui.app import WordcardsApp
from wordcards.tui.screens import PageScreen, literal
from wordcards.tui.seating import Seating
from wordcards.tui.table import LOG_KEEPS, GameTable
from wordcards.tui.widgets import HandView, PilesView, RecentLog, Steady, hand_text

KEYS = """\
| key | what it does |
|---|---|
| ← / → | the move before / the move after |
| Home / End | the deal / the last move |
| PgUp / PgDn | ten moves back / on |
| h | every hand whole (a long one is cut short under the table) |
| F2 or = | the score sheet after the move on show |
| F3 or # | everything that had happened by then |
| F1 or ? | this help |
| Ctrl+Q | quit |
"""

JUMP = 10
"""The moves PgUp and PgDn step over."""


class Onlooker(Seating):
    """Nobody sits at a replay: it shows the public table (the hands have a line of their own) and plays nothing."""

    read_only = True

    def __init__(self, referee: Referee) -> None:
        super().__init__(referee, TurnLoop(referee, self), None)  # the loop is never started: no move is made

    def hand_on_show(self, view: TableView, hand_phases: tuple[str, ...]) -> bool:
        return False

    def leave(self) -> None:
        """Nothing to stop, and nothing to save."""

    def game_moved(self, events: list[Event]) -> None:
        """Never told: the loop does not run."""

    def clock_ran_out(self, seat: int) -> None:
        """Never told: the loop does not run."""

    def ticked(self) -> None:
        """Never told: the loop does not run."""


class Hands(Steady):
    """Every seat's hand, a line a seat: one too long for the screen is cut short (h shows them whole), so that the
    move's log lines keep their rows."""

    DEFAULT_CSS = "Hands { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }"


class ReplayTable(GameTable[Any]):
    """What a replay adds to a game's table screen (``replay_screen`` puts it in front of the game's own class)."""

    BINDINGS = [
        Binding("left", "step(-1)", "Back", key_display="←", priority=True),
        Binding("right", "step(1)", "Next", key_display="→", priority=True),
        Binding("home", "go(0)", "Deal", key_display="Home", priority=True),
        Binding("end", "go(-1)", "Last move", key_display="End", priority=True),
        Binding("pageup", f"step(-{JUMP})", f"{JUMP} back", show=False, priority=True),
        Binding("pagedown", f"step({JUMP})", f"{JUMP} on", show=False, priority=True),
        Binding("h", "hands", "Hands"),
    ]
    ACTIONS = frozenset({"step", "go", "hands", "help", "sheet", "log"})
    """What may be done at a replay: every other key of the game's screen is off (and not in the footer)."""

    def __init__(self, replay: Replay, match: Match, ui: TableUI[Any]) -> None:
        super().__init__(match, ui)
        self.replay = replay
        self.at = 0
        """The move on show (0: the deal)."""

    def on_mount(self) -> None:
        # Runs before the game's own on_mount handlers (Textual calls one for each class), which draw the table.
        self.add_class("replay")
        self.query_one("#bottom").mount(Hands(), after=self.query_one(HandView))

    # ------------------------------------------------------------ the turn flow, which a replay has not

    def advance(self) -> None:
        self.render_all()

    def show_clock(self) -> None:
        """No clock runs in a replay."""

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Nothing: a table's notices are news of the game being played (a revealed rack's outcome); in a replay
        each move's log lines say what it did."""

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "step":  # as far as the game goes; None at its end: shown, but dim
            return True if max(0, min(self.at + parameters[0], self.replay.moves)) != self.at else None
        return action in self.ACTIONS

    def action_step(self, moves: int) -> None:
        self.go(self.at + moves)

    def action_go(self, move: int) -> None:
        self.go(self.replay.moves if move < 0 else move)

    def action_help(self) -> None:
        self.app.push_screen(PageScreen(f"# Replay keys\n\n{KEYS}\n\n{self.match.spec.rules_text}"))

    def action_hands(self) -> None:
        shown = f"move {self.at}" if self.at else "the deal"
        hands = "\n\n".join(literal(hand.plain) for hand in self.hands())
        self.app.push_screen(PageScreen(f"# Every hand after {shown}\n\n{hands}"))

    def go(self, move: int) -> None:
        """Show the position after ``move`` (0: the deal); past either end, it stops there."""
        move = max(0, min(move, self.replay.moves))
        if move == self.at:
            self.app.bell()
            return
        self.at = move
        self.match.state = self.replay.plies[move].state
        self.match.log = self.replay.log(move)
        self.render_all()

    # ------------------------------------------------------------ drawing

    def waiting_now(self) -> str:
        return ""  # a replay waits for nobody: the log and the sheet say nothing of a "now"

    def render_status(self) -> None:
        moves = self.replay.moves
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"{self.match.spec.title} replay · ", "bold")
        text.append(f"move {self.at} of {moves}" if self.at else f"the deal (move 0 of {moves})", "bold")
        text.append(f" · {self.ui.round_text(self.view())}", "dim")
        if self.at == moves and self.replay.is_over:
            text.append(" · game over", "bold")
        self.query_one("#status", Static).update(text)

    def render_all(self) -> None:
        super().render_all()
        for part in self.query_one("#bottom").children:  # the game's parts for the hand on show (a Fluxx hand)
            if part.display and not isinstance(part, (PilesView, Hands, RecentLog)) and part.id != "preview":
                part.display = False
        replay, ply = self.replay, self.replay.plies[self.at]
        self.query_one(Hands).update(Text("\n").join(self.hands()))
        self.query_one("#preview", Static).update(self.move_line())
        earlier = [Text(e.text, "dim") for e in replay.log(self.at - 1) if e.text][-LOG_KEEPS:] if self.at else []
        log = self.query_one(RecentLog)
        log.message = None
        log.entries = tuple(earlier + [Text(e.text) for e in ply.events if e.text])

    def hands(self) -> list[Text]:
        """Every seat's hand after the move on show, and its other private cards (a Fluxx hand)."""
        rules, state = self.replay.spec.rules, self.replay.plies[self.at].state
        out = []
        for seat, name in enumerate(self.names):
            view = rules.player_view(state, seat)
            hand, other = hand_text(name, [self.ui.face(view, card) for card in view.hand]), self.ui.other_cards(view)
            out.append(hand if other is None else hand + Text(" ") + other)
        return out

    def move_line(self) -> Text:
        """Who made the move on show and what it was, and whose score it changed."""
        replay, ply = self.replay, self.replay.plies[self.at]
        if not self.at:
            return Text("The cards as they were dealt. → steps through the game.", "dim")
        rules, mover = replay.spec.rules, ply.seat
        before = rules.player_view(replay.plies[self.at - 1].state, 0 if mover is None else mover)
        said = self.ui.say_move(before, rules.parse_move(ply.move))  # a hint's words for it, where the game has them
        text = Text.assemble(("" if mover is None else f"{self.names[mover]}: ", "bold"), said or ply.move)
        changes = [f"{name} {ply.points(seat):+d}" for seat, name in enumerate(self.names) if ply.points(seat)]
        if changes:
            text.append(f"  ({', '.join(changes)})", "bold")
        return text


@cache
def replay_screen(screen: type[GameTable[Any]]) -> type[ReplayTable]:
    """A game's table screen class with a replay's parts in front of its own."""
    return type(f"Replay{screen.__name__}", (ReplayTable, screen), {})


class ReplayApp(WordcardsApp):
    """The app for ``wordcards replay``: one game's replay, from its deal; Ctrl+Q quits."""

    def __init__(self, replay: Replay) -> None:
        first = replay.plies[0].state
        super().__init__(replay.spec, match=Match(replay.spec, list(replay.seats), replay.options, replay.seed, first),
                         save=False)
        self.replay = replay
        self.sub_title = f"{replay.spec.title} replay"

    def table(self, match: Match) -> Screen:
        ui = self.spec.table_ui()
        return replay_screen(ui.screen)(self.replay, match, ui)

    def seating(self, table: GameTable) -> Seating:
        return Onlooker(Referee(table.match, ending=""))  # ending: the game's end was reckoned when it was played

    def load_lexicon(self) -> None:  # type: ignore[override]  # the app's runs in a worker; this does nothing
        """Nothing: a replay looks no word up (the game may have been played with a list since gone)."""

    def saved_note(self) -> str:
        return "The replay only read the save file, which is as it was."
