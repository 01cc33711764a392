"""The table every card game shares; each game's UI adapter (``tui.adapter``) says how its parts read, and its
``TableScreen`` adds its own table and keys.

It renders one seat's view and sends the moves people choose to the referee
(``core.referee``), which decides everything about the turn: who acts, challenge
windows, the turn clock, computer players and when the screen must be covered.
What the screen keeps is screen state: whose hand is on show, messages, picks.

It reads the game through ``TableView`` (``core.common``), the fields every
game's view shares. A game's rules module names its phases ``draw``, ``play``, ``challenge``,
``round-over`` and ``game-over``, writes ``end`` (no more challenges) and
``next`` (deal the next round) as moves, and lists what may be challenged with
``challenge_targets(view)``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import ClassVar, Generic, Iterable, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Static

from wordcards.core.errors import RefusedMove
from wordcards.core.match import Match
from wordcards.core.turns import TICK
from wordcards.core.common import Event, TableView
from wordcards.tui.adapter import Entry, TableUI
from wordcards.tui.challenge import ChallengeScreen, open_challenge
from wordcards.tui.hint import ask_for_hint, why_no_hint
from wordcards.tui.scores import SheetScreen, SummaryScreen, show_scores
from wordcards.tui.screens import FollowsGame, HelpScreen, LogScreen, PassScreen, WatchesSize, table_keys
from wordcards.tui.status import status_line, status_parts
from wordcards.tui.widgets import (CardCursor, HandView, KeyBar, PilesView, RecentLog, ScoreBoard, ScoreRow, Steady,
                                   WordEntry, changes_held, error)

V = TypeVar("V", bound=TableView)

LOG_KEEPS = 12
"""The log entries the table offers its log lines (more than ever fit: the newest that do show)."""


CHALLENGED = re.compile(r"(.+?) challenged \S+: ")
"""A challenge's event, in every game: "Hal challenged QAT: not a word! ..." (who challenged)."""


class GameTable(WatchesSize[None], Generic[V]):
    """The shared turn flow on screen; ``ui`` (the game's adapter) says how the game's parts read."""

    BINDINGS = [
        Binding("c", "challenge", "Challenge"),
        Binding("enter", "proceed", "Continue"),
        Binding("escape", "back", "Clear", show=False),
        # Printable keys do not reach bindings while the word entry has focus, so these work everywhere. Each F-key
        # has a second key, for a browser that keeps an F-key for itself (F3: find): Shift and its digit, or !.
        Binding("f2,equals_sign", "sheet", "Sheet", key_display="F2", priority=True),
        Binding("f1,question_mark", "help", "Help", key_display="F1", priority=True),
        Binding("f3,number_sign", "log", "Log", key_display="F3", priority=True),
        Binding("f8,exclamation_mark", "hint", "Hint", key_display="F8", priority=True),
        Binding("f8,exclamation_mark", "no_hint", show=False, priority=True),  # when F8 gives none, it says why
        # Not priority: the word entry passes Tab on in the order it was typed (widgets.run_screen_key).
        Binding("tab", "cycle(1)", "Other choice"),  # on (and named) while the words typed have other ways to go
        Binding("shift+tab", "cycle(-1)", "Other choice", show=False),
        Binding("left", "cursor(-1)", "Pick card", show=False, priority=True),
        Binding("right", "cursor(1)", "Pick card", show=False, priority=True),
        Binding("pageup", "scroll_table(-1)", "Scroll table", show=False, priority=True),
        Binding("pagedown", "scroll_table(1)", "Scroll table", show=False, priority=True),
    ]

    PILES_BESIDE: ClassVar[bool] = False
    """The piles go under the score board (a table that needs every row), not under the table."""

    class Changed(Message):
        """The host's word: the game moved on (at any screen, or a computer player's move); redraw."""

    def __init__(self, match: Match, ui: TableUI[V]) -> None:
        super().__init__()
        self.match = match
        self.ui = ui
        self.seating = self.wordcards.seating(self)
        """Who sits at this screen (``tui.seating``): solo, hot seat, a hosted player or a spectator."""
        self.referee = self.seating.referee
        self.loop = self.seating.loop
        self.said: Text | str = ""
        self.message_log = 0
        """The log's length when the message was set: once a move anywhere adds to it, the message is old news."""
        self.log_read = len(match.log)
        """The log's length when this screen last looked for challenges to tell of (``tell_challenges``)."""
        self.shown_summary: tuple | None = None
        self.challenge_screen: ChallengeScreen | None = None
        """The challenge dialog opened from this table (``c``), while it is open."""
        self.summary: SummaryScreen | None = None
        """The round's summary or the game-over screen while it is open."""
        self.kept_summary: SummaryScreen | None = None
        """The rounds' summary screen, open or not: kept (installed) for the rounds to come."""
        self.cursor = CardCursor()

    def compose(self) -> ComposeResult:
        yield Header()
        yield Steady(id="status")
        yield Steady(id="unsaved")
        with Horizontal(id="middle"):
            with VerticalScroll(id="table") as table:
                table.border_title = self.ui.table_title
                yield self.table_widget()
            with Vertical(id="side"):
                yield ScoreBoard(id="scores")
                if self.PILES_BESIDE:
                    yield PilesView(stacked=True)
        with Vertical(id="bottom"):
            if not self.PILES_BESIDE:
                yield PilesView()
            yield HandView()
            yield Steady(id="preview")
            spec = self.ui.entry or Entry()
            entry = WordEntry(placeholder=spec.hint, restrict=spec.chars, id="entry", compact=True,
                              max_length=spec.length)
            entry.display = self.ui.entry is not None
            yield entry
            yield RecentLog(id="log")
        yield KeyBar()

    def table_widget(self) -> Widget:
        """Hook: what the table area shows (the words on it)."""
        return Steady(id="words")

    def on_mount(self) -> None:
        if self.seating.hidden_note:
            self.query_one(HandView).hidden_note = self.seating.hidden_note
        self.entry.display = self.entry.display and not self.seating.read_only
        self.render_all()  # the first frame shows the table; only the viewer's own hand, if anyone's
        if self.match.spec.turn_clock is not None or self.loop.pace.wait is not None:  # a countdown may show
            self.set_interval(TICK, self.show_clock)  # (not a timer a screen at every table for nothing, in a club)
        # Computer players start after the first frame, so their thread cannot hold it up.
        self.call_after_refresh(self.advance)

    # ------------------------------------------------------------ reading

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def view(self) -> V:
        """What the seat at the keyboard may see (only the public table when nobody's hand is on show)."""
        return self.referee.view(self.viewer)

    @property
    def viewer(self) -> int | None:
        """The person the screen shows the table to now; None: only the public table (covered for a pass)."""
        return self.seating.viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.seating.viewer = seat

    @property
    def mover(self) -> int | None:
        return self.match.to_move

    def human_to_move(self) -> bool:
        """The person looking may act now."""
        return self.seating.may_act()

    def hand_on_show(self) -> bool:
        return self.seating.hand_on_show(self.view(), self.ui.hand_phases)

    # ------------------------------------------------------------ flow

    def advance(self) -> None:
        """After any change: show the table, then do what the referee says the table waits for."""
        step = self.referee.next()
        for screen in self.app.screen_stack:
            if isinstance(screen, FollowsGame):
                screen.show_news()
        if self.message and len(self.match.log) > self.message_log:
            self.message = ""  # old news: a move came after it (at a hosted table, someone else's)
        self.tell_challenges()
        challenge = self.challenge_screen
        if challenge is not None and challenge.is_attached and (
                step.stage in ("summary", "over") or (challenge.verdict is None and not self.seating.may_challenge(step))):
            challenge.overtaken()  # a hosted table's window closed, or its round ended: closing, it advances
            return
        if self.summary is not None and self.summary in self.app.screen_stack and step.stage not in ("summary", "over"):
            self.summary.pop_until_active()  # the next round was dealt without this screen (a hosted wait)
            self.summary.dismiss("moved on")
        if self.view().phase not in self.ui.cursor_phases:
            self.cursor.clear()
        self.reset_modes()
        if step.stage in ("summary", "over"):
            with changes_held():
                self.render_all()
            show_scores(self)
            return
        hand_to = self.seating.pass_to()
        if hand_to is not None:
            self.hide_private()
            self.app.push_screen(PassScreen(self.names[hand_to], self.last_public()), lambda _: self._passed(hand_to))
            return
        with changes_held():
            self.render_all()
        if self.human_to_move():
            self.loop.turn_seen()
            self.render_status()  # show the countdown now, not at the next tick
            self.human_turn()
        self.loop.go_on()

    def tell_challenges(self) -> None:
        """A challenge made by another player stays on view a while as a notice, whatever its verdict: the log's
        few lines move on with the next move (a computer's challenge and its own turn come at once), and a player
        missed that their words had gone back to their hand. A challenger at this screen read it in their dialog."""
        fresh, self.log_read = self.match.log[self.log_read:], len(self.match.log)
        here = {self.names[seat] for seat in self.seating.people_here()}
        told = [event.text for event in fresh if (found := CHALLENGED.match(event.text)) and found.group(1) not in here]
        if told:  # (one notice for them all: Word Whiz's round end may rule on several words at once)
            self.notify("\n".join(told), markup=False, timeout=10)

    @on(Changed)
    def redraw_after_a_move_elsewhere(self, _: Changed) -> None:
        self.others_moved()
        self.advance()

    def reset_modes(self) -> None:
        """Hook: leave any pick mode that no longer fits the phase."""

    def human_turn(self) -> None:
        """Hook: a person at the keyboard is to act."""

    # ------------------------------------------------------------ time

    def show_clock(self) -> None:
        """Four times a second: the turn clock's countdown (the turn loop runs the clock itself)."""
        if self.referee.clock_left() is not None or self.loop.wait_left() is not None:
            self.render_status()

    def game_moved(self, events: list[Event]) -> None:
        """The game moved on (a local seating's turn loop says so): redraw, and cover the screen if it must be."""
        if any(e.text for e in events):
            self.message = ""
        self.others_moved()
        self.advance()

    def time_up(self) -> None:
        """Hook: the turn clock ran out (the referee has played the game's move for it); forget the picks."""

    def on_unmount(self) -> None:
        self.seating.leave()
        self.drop_summary()

    def keep_summary(self, screen: SummaryScreen) -> None:
        """Keep a round's summary screen for the rounds to come (none is kept yet), installed so that closing it does
        not unmount it."""
        self.app.install_screen(screen, f"round-summary-{id(screen)}")
        self.kept_summary = screen

    def drop_summary(self) -> None:
        """No more rounds: the kept summary goes (Textual uninstalls one still open when the app exits)."""
        kept, self.kept_summary = self.kept_summary, None
        if kept is not None and kept not in self.app.screen_stack:
            self.app.uninstall_screen(kept)
            kept.remove()

    def _passed(self, seat: int) -> None:
        self.viewer = seat
        self.advance()

    def hide_private(self) -> None:
        self.viewer = None
        self.query_one(HandView).hidden = True
        self.query_one("#preview", Static).update("")
        self.entry.clear_words()

    def last_public(self) -> str:
        return "\n".join(e.text for e in self.match.log[-4:] if e.text)

    def others_moved(self) -> None:
        """Hook: someone not at this screen moved (a computer player; when hosted, another person too). Word Whiz:
        a racer may have taken a square the person typed on."""

    # ------------------------------------------------------------ sending moves

    def after(self, events: list[Event]) -> None:
        """A move at this screen went through: the turn loop goes on, and every screen redraws."""
        if any(e.text for e in events):
            self.message = ""
        self.seating.after(events)

    def send(self, move) -> bool:
        """Play a move for the person at the keyboard; an illegal one leaves a message and changes nothing."""
        try:
            events = self.referee.play(move)
        except RefusedMove as exc:
            self.say(error(str(exc)))
            return False
        self.cursor.clear()
        self.entry.clear_words()
        self.moved()
        self.after(events)
        return True

    def moved(self) -> None:
        """Hook: a move went through; forget choices made for it."""

    def unlisted(self, words: Iterable[str]) -> Text | None:
        """A strict game's warning, for the preview, that the word list lacks one of ``words`` (Enter would be
        refused); None when it has them, the game is not strict, or the list is still loading."""
        refusal = self.match.unlisted(words) if self.wordcards.lexicon_ready else None
        return error(refusal) if refusal else None

    @property
    def message(self) -> Text | str:
        """The line above the log: what went wrong, or what this screen waits for."""
        return self.said

    @message.setter
    def message(self, message: Text | str) -> None:
        self.said, self.message_log = message, len(self.match.log)

    def say(self, message: Text | str) -> None:
        """``message`` above the log until a move (anyone's) comes after it."""
        self.message = message
        self.render_all()

    # ------------------------------------------------------------ actions every game has

    def phase_hint(self) -> str | None:
        """The status line's hint for the person to move; a screen with modes of its own says what its mode asks."""
        return self.ui.phase_text(self.view())

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.seating.read_only:  # a spectator may read the rules, the sheet and the log, and play nothing
            return action in ("sheet", "help", "log")
        view = self.view()
        if action == "challenge":
            return self.seating.may_challenge(self.referee.next())
        if action == "cycle":
            return self.human_to_move() and view.phase == "play" and self.entry.offered > 1
        if action == "cursor":
            return self.human_to_move() and view.phase in self.ui.cursor_phases and bool(self.ui.cursor_cards(view))
        if action == "proceed":
            return bool(self.loop.failed) or self.seating.may_let_pass(self.referee.next(), view.phase)
        if action in ("hint", "no_hint"):  # the key bar offers a hint only when F8 gives one; else F8 says why not
            return (why_no_hint(self) is None) == (action == "hint")
        return True

    def action_proceed(self) -> None:
        if self.loop.failed:  # every computer player failed to decide: think again
            self.message = ""
            self.loop.retry()
        else:
            self.seating.let_pass(self)

    @property
    def entry(self) -> WordEntry:
        return self.query_one(WordEntry)

    def action_cycle(self, step: int) -> None:
        self.entry.tab += step
        self.render_all()

    def cursor_card(self) -> str | None:
        return self.cursor.card(self.ui.cursor_cards(self.view()))

    def action_cursor(self, step: int) -> None:
        self.cursor.step(len(self.ui.cursor_cards(self.view())), step)
        self.render_all()

    def action_back(self) -> None:
        """Esc: clear the word being typed, the picked card and any message."""
        self.cursor.clear()
        self.message = ""
        self.entry.clear_words()
        self.render_all()

    def action_sheet(self) -> None:
        self.app.push_screen(SheetScreen(lambda: list(self.view().sheet), self.names, self.waiting_now))

    def action_scroll_table(self, pages: int) -> None:
        table = self.query_one("#table", VerticalScroll)
        table.scroll_relative(y=pages * max(1, table.scrollable_content_region.height - 1), animate=False)

    def action_log(self) -> None:
        self.app.push_screen(LogScreen(self.match.log, self.waiting_now))

    def waiting_now(self) -> str:
        """What the table waits for now (the status line's first part), for the dialogs over it to say."""
        return status_parts(self)[0]

    def action_help(self) -> None:
        every_table = table_keys(self.seating.hosted, self.seating.hint_refusal())
        self.app.push_screen(HelpScreen(self.ui.keys, self.match.spec.rules_text, every_table))

    def action_hint(self) -> None:
        ask_for_hint(self)

    def action_no_hint(self) -> None:
        self.say(error(why_no_hint(self) or "no hint now"))

    def action_challenge(self) -> None:
        open_challenge(self)

    # ------------------------------------------------------------ drawing

    def render_all(self) -> None:
        """The parts every table has; a game's screen draws its own table, then calls this."""
        view = self.view()
        self.render_status()
        self.render_unsaved()
        self.query_one(ScoreBoard).rows = self.score_rows(view)
        self.query_one(PilesView).piles = self.ui.piles(view, self.hand_on_show())
        hand = self.query_one(HandView)
        hand.hidden = not self.hand_on_show()
        hand.owner = self.names[view.seat]
        hand.numbered = self.ui.numbered_hand
        hand.faces = tuple(self.ui.face(view, c) for c in view.hand)
        if self.loop.failed:
            self.message = error(f"{self.loop.failed} Enter: try again")
        log_view, message = self.query_one(RecentLog), self.message
        log_view.message = (message if isinstance(message, Text) else Text(message, "bold")) if message else None
        log_view.entries = tuple(Text(text, "dim") for text in [e.text for e in self.match.log if e.text][-LOG_KEEPS:])
        self.refresh_bindings()

    def score_rows(self, view: V) -> tuple[ScoreRow, ...]:
        """The game's score board, with the people who are away (a hosted game's dropped connections) marked."""
        referee = self.referee
        return tuple(replace(row, away=self.away_note(seat)) if seat in referee.absent else row
                     for seat, row in enumerate(self.ui.score_rows(view)))

    def away_note(self, seat: int) -> str:
        level = self.referee.stand_ins.get(seat)
        return f"away: ⚙ {level}" if level else "away"  # ⚙: a computer player, as on the board

    def render_unsaved(self) -> None:
        """While saves fail, what the save lacks, under the status line until a save works again."""
        unsaved, lacks = self.query_one("#unsaved", Steady), self.match.unsaved()
        unsaved.display = lacks is not None
        unsaved.update(error(lacks) if lacks else "")

    status_width = 0
    """The width the status line was last fitted to."""

    def render_status(self) -> None:
        status = self.query_one("#status", Static)
        self.status_width = status.content_region.width
        status.update(status_line(self, self.status_width))

    def on_resize(self) -> None:
        # The status line is fitted to its width: it would stay cut at, or narrower than, the width before (a
        # resize under a screen that covers the table is heard as that screen goes). Textual tells the screen before
        # its new layout and again after it.
        if self.query_one("#status", Static).content_region.width != self.status_width:
            self.render_status()
