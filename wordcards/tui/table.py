"""The turn flow every card game's table shares; each game's ``TableScreen`` adds its own table and keys.

It renders one seat's view and sends moves to the ``Match``; it keeps no game
state. What it keeps is screen state: whose hand is on show, messages, and
whether people were asked about challenges to a computer player's words.

It reads the game through ``TableView`` (``core.protocol``), the fields every
game's view shares. A game's rules module names its phases ``draw``, ``play``, ``challenge``,
``round-over`` and ``game-over``, writes ``end`` (no more challenges) and
``next`` (deal the next round) as moves, and lists what may be challenged with
``challenge_targets(view)``.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Header, Input, Static
from textual.worker import Worker, WorkerState

from wordcards.core.errors import IllegalMove, InvalidMove
from wordcards.core.match import Match
from wordcards.core.protocol import Event, TableView, leaders, sheet_totals
from wordcards.tui.screens import (
    ChallengeScreen,
    GameOverScreen,
    HelpScreen,
    LogScreen,
    PassScreen,
    SheetScreen,
    SummaryScreen,
    WatchesSize,
)
from wordcards.tui.widgets import Face, HandView, Pile, PilesView, ScoreBoard, ScoreRow, WordEntry

COMMON_KEYS = """\
| c | challenge a word (before the player's turn ends) |
| F2 or = | the score sheet (= and ? only when not typing a word) |
| F1 or ? | this help |
| F3 | everything that has happened this game |
| Ctrl+Q | quit (the game is saved after every move; `wordcards resume`) |
"""


def error(text: str) -> Text:
    return Text(f"! {text}", "bold red")


class GameTable(WatchesSize, Screen):
    KEYS = ""
    """The game's own keys, as Markdown table rows after the header (COMMON_KEYS follow)."""
    PHASE_TEXT: dict[str, str] = {}
    """The status line's hint for the person to move, by phase."""
    CLOCK_PHASES: tuple[str, ...] = ("play",)
    """The phases a turn clock (``turn_seconds``) runs in."""
    CURSOR_PHASES: tuple[str, ...] = ()
    """The phases in which ←/→ pick a card of the hand (hands can outgrow the digit keys)."""
    HAND_PHASES = ("draw", "play")
    """The phases in which the mover's hand is on show when several people share the screen."""
    TABLE_TITLE = ""
    ENTRY_HINT, ENTRY_CHARS, ENTRY_LENGTH = "type a word", r"[A-Za-z]*", 20
    WORD_ENTRY = True
    """False for a game whose typing goes elsewhere (Word Whiz types onto the crossword): no word entry shows."""
    """The word entry's placeholder, the characters it takes, and its length."""

    BINDINGS = [
        Binding("c", "challenge", "Challenge"),
        Binding("enter", "proceed", "Continue"),
        Binding("escape", "back", "Clear", show=False),
        # Printable keys do not reach bindings while the word entry has focus, so F1/F2 work everywhere.
        Binding("f2,equals_sign", "sheet", "Sheet", key_display="F2", priority=True),
        Binding("f1,question_mark", "help", "Help", key_display="F1", priority=True),
        Binding("f3", "log", "Log", key_display="F3", priority=True),
        Binding("tab", "cycle(1)", "Other choice", priority=True),
        Binding("shift+tab", "cycle(-1)", "Other choice", show=False, priority=True),
        Binding("left", "cursor(-1)", "Pick card", show=False, priority=True),
        Binding("right", "cursor(1)", "Pick card", show=False, priority=True),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self.humans = [i for i, s in enumerate(match.seats) if s.is_human]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.message: Text | str = ""
        self.paused_turn: tuple | None = None
        self.released_turn: tuple | None = None
        self.busy = False
        self.shown_summary: tuple | None = None
        self.cursor: int | None = None
        """The hand position picked with ←/→."""
        self.choice_index = 0
        """How far Tab has gone through the ways to play the typed word (taken modulo their number)."""
        self._cached: tuple | None = None
        self.deadline: float | None = None
        """When the person's turn clock runs out (monotonic seconds), or None."""
        self.clock_turn: tuple | None = None
        """The turn the clock was last started for: it starts once a turn."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="status")
        with Horizontal(id="middle"):
            with VerticalScroll(id="table") as table:
                table.border_title = self.TABLE_TITLE
                yield self.table_widget()
            yield ScoreBoard(id="scores")
        with Vertical(id="bottom"):
            yield PilesView()
            yield HandView()
            yield Static(id="preview")
            entry = WordEntry(placeholder=self.ENTRY_HINT, restrict=self.ENTRY_CHARS, id="entry", compact=True,
                              max_length=self.ENTRY_LENGTH)
            entry.display = self.WORD_ENTRY
            yield entry
            yield Static(id="log")
        yield Footer()

    def table_widget(self) -> Widget:
        """Hook: what the table area shows (the words on it)."""
        return Static(id="words")

    def on_mount(self) -> None:
        self.render_all()  # the first frame shows the table; only the viewer's own hand, if anyone's
        self.set_interval(0.25, self.tick)
        # Computer players start after the first frame, so their thread cannot hold it up.
        self.call_after_refresh(self.advance)

    # ------------------------------------------------------------ reading

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def view(self) -> TableView:
        """What the seat at the keyboard may see (the mover's public view when nobody's hand is on show).

        Built once per state and viewer: check_action asks for it for every binding on every refresh.
        """
        state = self.match.state
        if self._cached is None or self._cached[0] is not state or self._cached[1] != self.viewer:
            seat = self.viewer if self.viewer is not None else state.current
            self._cached = (state, self.viewer, self.match.view(seat))
        return self._cached[2]

    @property
    def mover(self) -> int | None:
        return self.match.to_move

    def human_to_move(self) -> bool:
        mover = self.mover
        return mover is not None and self.match.seats[mover].is_human and mover == self.viewer and not self.busy

    def hand_on_show(self) -> bool:
        """A lone person always sees their hand; with several, only while it is their turn to play."""
        if self.viewer is None:
            return False
        if len(self.humans) == 1:
            return True
        return self.viewer == self.view().current and self.view().phase in self.HAND_PHASES

    # ------------------------------------------------------------ flow

    def advance(self) -> None:
        """After any change: show the table, then decide who acts next."""
        state = self.view()
        if state.phase not in self.CURSOR_PHASES:
            self.cursor = None
        self.reset_modes()
        if state.phase in ("round-over", "game-over"):
            self.render_all()
            self.show_summary()
            return
        mover = self.mover
        if self.match.seats[mover].is_human and mover != self.viewer:
            self.hide_private()
            self.app.push_screen(PassScreen(self.names[mover], self.last_public()), self._passed)
            return
        self.render_all()
        if self.match.seats[mover].is_human:
            if self.match.computers_may_challenge():
                self.run_computers()  # computer seats look at the words first, then this runs again
            elif state.phase == "challenge" and (not self.match.challenge_open() or not self.challengers()):
                self.send("end")  # nothing to challenge, or nobody else to challenge it: the turn ends at once
            else:
                self.start_clock()
                self.human_turn()
        else:
            self.run_computers()

    def reset_modes(self) -> None:
        """Hook: leave any pick mode that no longer fits the phase."""

    def human_turn(self) -> None:
        """Hook: a person at the keyboard is to act."""

    # ------------------------------------------------------------ the turn clock

    def turn_seconds(self, view) -> int | None:
        """Hook: how long a person's turn may last (FEZ's Nasty timer, Word Whiz's turn clock); None: no clock."""
        return None

    def time_up(self) -> None:
        """Hook: the turn clock ran out; send the game's move for that."""

    def start_clock(self) -> None:
        view = self.view()
        turn = (view.round, view.turn_start, view.current)
        seconds = self.turn_seconds(view)
        if seconds and view.phase in self.CLOCK_PHASES and turn != self.clock_turn:
            self.clock_turn, self.deadline = turn, self.app.clock() + seconds
            self.render_status()  # show the countdown now, not at the next tick

    def tick(self) -> None:
        """Four times a second: the turn clock, then anything a game runs on time (``ticked``)."""
        if self.deadline is not None:
            if self.view().phase not in self.CLOCK_PHASES or not self.human_to_move():
                self.deadline = None
            elif self.app.clock() >= self.deadline:
                self.deadline = None
                self.time_up()
                return
            self.render_status()
        self.ticked()

    def ticked(self) -> None:
        """Hook: called every tick (Word Whiz's race)."""

    def _passed(self, _result) -> None:
        self.viewer = self.mover
        self.advance()

    def hide_private(self) -> None:
        self.viewer = None
        self.query_one(HandView).hidden = True
        self.query_one("#preview", Static).update("")
        self.query_one("#entry", Input).value = ""

    def last_public(self) -> str:
        return "\n".join(e.text for e in self.match.log[-4:] if e.text)

    def summary_headline(self, view, over: bool, winners: str, best: int) -> str:
        """Hook: the first line of the round summary or game-over screen."""
        if over:
            return f"{winners} win{'s' if ' and ' not in winners else ''} with {best}."
        return f"Round {view.round} is over. Enter deals the next."

    def summary_extra(self, view):
        """Hook: something to show above the round's score lines (Word Whiz's word table), or None."""
        return None

    def show_summary(self) -> None:
        view = self.view()
        key = (view.round, view.phase)
        if self.shown_summary == key:
            return
        self.shown_summary = key
        if len(self.humans) != 1:
            self.hide_private()  # a lone person has nobody to hide from, and no pass screen to sit through
        over = view.phase == "game-over"
        totals = sheet_totals(list(view.sheet), len(self.names))
        winners = " and ".join(self.names[i] for i in leaders(totals))
        headline = self.summary_headline(view, over, winners, max(totals))
        if over:
            screen = GameOverScreen(headline, list(view.sheet), self.names, "Game over — every score",
                                    extra=self.summary_extra(view))
        else:
            lines = [line for line in view.sheet if line.round == view.round]
            screen = SummaryScreen(headline, lines, self.names, f"Round {view.round}", totals, self.summary_extra(view))
        self.app.push_screen(screen, self._summary_closed)

    def _summary_closed(self, result) -> None:
        if self.view().phase == "round-over":
            self.send("next")
        elif result == "again":
            self.app.play_again()
        else:
            self.app.exit()

    # ------------------------------------------------------------ computer seats

    @work(thread=True, exclusive=True, group="computer", exit_on_error=False)
    def run_computers(self) -> None:
        """Computer seats challenge and move until a person must act; the screen follows each move."""
        match = self.match
        while not match.is_over and match.state.phase != "round-over":
            events = match.computer_challenges()
            if events:
                self.app.call_from_thread(self.after, events, False)
            mover = match.to_move
            if match.seats[mover].is_human:
                break
            turn = match.state.turn
            if (match.state.phase == "challenge" and self.humans and match.challenge_open()
                    and self.released_turn != turn):
                self.app.call_from_thread(self.pause_for_challenges, turn)
                return
            time.sleep(self.app.computer_delay)
            self.busy = True
            try:
                events = match.computer_move()
            finally:
                self.busy = False
            self.app.call_from_thread(self.after, events, False)
        self.app.call_from_thread(self.advance)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self.message = error(f"The computer player failed: {event.worker.error}")
            self.render_all()

    def pause_for_challenges(self, turn: tuple) -> None:
        self.paused_turn = turn
        self.message = Text(f"{self.names[self.mover]} has played. Any challenges? c challenge · Enter continue", "bold")
        self.render_all()

    # ------------------------------------------------------------ sending moves

    def after(self, events: list[Event], advance: bool = True) -> None:
        if any(e.text for e in events):
            self.message = ""
        if self.match.save_error:
            self.notify(self.match.save_error, severity="warning", markup=False)
        if advance:
            self.advance()
        else:
            self.render_all()

    def send(self, move) -> bool:
        """Play a move for the person at the keyboard; an illegal one leaves a message and changes nothing."""
        try:
            events = self.match.play(move)
        except (IllegalMove, InvalidMove) as exc:
            self.say(error(str(exc)))
            return False
        self.cursor, self.choice_index = None, 0
        self.query_one("#entry", Input).value = ""
        self.moved()
        self.after(events)
        return True

    def moved(self) -> None:
        """Hook: a move went through; forget choices made for it."""

    def say(self, message: Text | str) -> None:
        self.message = message
        self.render_all()

    # ------------------------------------------------------------ actions every game has

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        view = self.view()
        if action == "challenge":
            return (bool(self.challengers()) and self.match.challenge_open()
                    and (self.human_to_move() or self.paused_turn is not None))
        if action == "cycle":
            return self.human_to_move() and view.phase == "play"
        if action == "cursor":
            return self.human_to_move() and view.phase in self.CURSOR_PHASES and bool(self.cursor_cards(view))
        if action == "proceed":
            return (self.human_to_move() and view.phase == "challenge") or self.paused_turn is not None
        return True

    def action_proceed(self) -> None:
        if self.paused_turn is not None:
            self.released_turn, self.paused_turn = self.paused_turn, None
            self.message = ""
            self.run_computers()
        elif self.view().phase == "challenge":
            self.send("end")

    def chosen(self, options: list):
        """The option Tab has reached (None when there are none)."""
        return options[self.choice_index % len(options)] if options else None

    def choice_note(self, options: list) -> str:
        """``  (Tab: 2/3)`` when Tab has other options to offer."""
        return f"  (Tab: {self.choice_index % len(options) + 1}/{len(options)})" if len(options) > 1 else ""

    def action_cycle(self, step: int) -> None:
        self.choice_index += step
        self.render_all()

    def cursor_cards(self, view) -> tuple[str, ...]:
        """Hook: the cards ←/→ walk (the hand; Scrabble Fluxx's Fluxx hand)."""
        return view.hand

    def cursor_card(self) -> str | None:
        cards = self.cursor_cards(self.view())
        return cards[self.cursor] if self.cursor is not None and self.cursor < len(cards) else None

    def action_cursor(self, step: int) -> None:
        size = len(self.cursor_cards(self.view()))
        self.cursor = (step - 1 if step > 0 else size - 1) if self.cursor is None else (self.cursor + step) % size
        self.render_all()

    def action_back(self) -> None:
        """Esc: clear the word being typed, the picked card and any message."""
        self.cursor = None
        self.message = ""
        self.query_one("#entry", Input).value = ""
        self.render_all()

    def action_sheet(self) -> None:
        self.app.push_screen(SheetScreen(list(self.view().sheet), self.names))

    def action_log(self) -> None:
        self.app.push_screen(LogScreen([e.text for e in self.match.log if e.text]))

    def action_help(self) -> None:
        keys = "| key | what it does |\n|---|---|\n" + self.KEYS + COMMON_KEYS
        self.app.push_screen(HelpScreen(keys, self.match.spec.rules_text))

    def action_challenge(self) -> None:
        view = self.view()
        words = self.match.rules.challenge_targets(view)
        challengers = [(i, self.names[i]) for i in self.challengers()]
        if not challengers:
            self.say(error("only another person at the table can challenge"))
            return
        self.app.push_screen(ChallengeScreen(words, challengers, self.rule_challenge, lambda: self.app.lexicon_ready),
                             lambda _: self.advance())

    def challengers(self) -> list[int]:
        """Hook: the people who may challenge now: everyone at the keyboard but the player whose words they are."""
        mover = self.view().current
        return [h for h in self.humans if h != mover]

    def rule_challenge(self, challenger: int, target: int) -> str:
        word = next(w.text for w in self.match.rules.challenge_targets(self.view()) if w.word_id == target)
        try:
            valid, events = self.match.challenge(challenger, target)
        except (IllegalMove, InvalidMove) as exc:
            return f"! {exc}"
        if self.paused_turn is not None and not self.match.challenge_open():
            self.released_turn, self.paused_turn = self.paused_turn, None
            self.message = ""
        verdict = f"{word} is {'' if valid else 'not '}in the word list ({self.match.dictionary})."
        return "\n".join([verdict, *(e.text for e in events if e.text)])

    # ------------------------------------------------------------ drawing

    def face(self, card_id: str) -> Face:
        """Hook: how one of the viewer's cards shows."""
        card = self.view().cards[card_id]
        return Face(card.label, card.colour)

    def piles(self, view) -> tuple[Pile, ...]:
        """Hook: the piles line (the stock and one discard pile, unless the game has others)."""
        top = view.discard_top and self.face(view.discard_top)
        return Pile("Stock", view.stock_count), Pile("Discard", view.discard_count, top)

    def render_all(self) -> None:
        """The parts every table has; a game's screen draws its own table, then calls this."""
        view = self.view()
        self.render_status()
        totals = sheet_totals(list(view.sheet), len(self.names))
        self.query_one(ScoreBoard).rows = tuple(
            ScoreRow(seat.name, totals[i], view.hand_sizes[i], not seat.is_human, i == view.current,
                     *self.seat_note(view, i))
            for i, seat in enumerate(self.match.seats))
        self.query_one(PilesView).piles = self.piles(view)
        hand = self.query_one(HandView)
        hand.hidden = not self.hand_on_show()
        hand.owner = self.names[view.seat]
        hand.faces = tuple(self.face(c) for c in view.hand)
        log = [e.text for e in self.match.log if e.text][-3:]
        log_text = Text("\n".join(log), "dim")
        if self.message:
            message = self.message if isinstance(self.message, Text) else Text(self.message, "bold")
            log_text = Text.assemble(message, "\n", Text("\n".join(log[-2:]), "dim"))
        self.query_one("#log", Static).update(log_text)
        self.refresh_bindings()

    def seat_note(self, view, seat: int) -> tuple[str, str]:
        """Hook: the score board's line under a seat's name and its colour ("" and "": the cards it holds)."""
        return "", ""

    def status_prefix(self, text: Text) -> None:
        """The turn clock's countdown, before the round on the status line."""
        if self.deadline is not None:
            left = max(0, int(self.deadline - self.app.clock() + 0.99))
            text.append(f"⏳ {left:2d}s", "bold reverse" if left <= 10 else "bold")
            text.append(" · ", "dim")

    def phase_text(self, view) -> str | None:
        """Hook: the status line's hint for the person to move (``PHASE_TEXT`` by phase)."""
        return self.PHASE_TEXT.get(view.phase)

    def round_text(self, view) -> str:
        return f"Round {view.round}"

    def render_status(self) -> None:
        view = self.view()
        mover = self.names[view.current]
        text = Text()
        self.status_prefix(text)
        text.append(f"{self.round_text(view)} · ", "dim")
        hint = self.phase_text(view)
        if self.viewer == view.current and hint:
            text.append(f"{mover}, your turn", "bold")
            text.append(f" · {hint}")
        else:
            text.append(f"{mover}'s turn", "bold")
        if self.match.strict:
            text.append("  [strict]", "dim")
        self.query_one("#status", Static).update(text)

