"""The table every card game shares; each game's UI adapter (``tui.adapter``) says how its parts read, and its
``TableScreen`` adds its own table and keys.

It renders one seat's view and sends the moves people choose to the referee
(``core.referee``), which decides everything about the turn: who acts, challenge
windows, the turn clock, computer players and when the screen must be covered.
What the screen keeps is screen state: whose hand is on show, messages, picks.

It reads the game through ``TableView`` (``core.protocol``), the fields every
game's view shares. A game's rules module names its phases ``draw``, ``play``, ``challenge``,
``round-over`` and ``game-over``, writes ``end`` (no more challenges) and
``next`` (deal the next round) as moves, and lists what may be challenged with
``challenge_targets(view)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, ClassVar, Generic, Protocol, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Static

from wordcards.core.errors import IllegalMove, InvalidMove
from wordcards.core.computer import LEVELS
from wordcards.core.match import Match
from wordcards.core.moves import EndTurn, NextRound
from wordcards.core.referee import Referee
from wordcards.core.turns import TICK, Pace, TurnLoop
from wordcards.core.protocol import Event, TableView, leaders, printable, sheet_totals
from wordcards.tui.adapter import Entry, TableUI
from wordcards.tui.screens import (
    ChallengeScreen,
    Closed,
    ConfirmScreen,
    GameOverScreen,
    HelpScreen,
    HintScreen,
    LogScreen,
    PassScreen,
    SheetScreen,
    SummaryScreen,
    WatchesSize,
)
from wordcards.tui.widgets import (CardCursor, HandView, PilesView, QuietFooter, ScoreBoard, ScoreRow, Steady,
                                   WordEntry)

COMMON_KEYS = """\
| c | challenge a word (before the player's turn ends) |
| F2 or = | the score sheet (= and ? only when not typing a word) |
| F1 or ? | this help |
| F3 | everything that has happened this game |
| F8 | a hint: what a computer player would do for you (←/→: a weaker or stronger one) |
| PgUp / PgDn | scroll the table when it holds more than fits |
| Ctrl+Q | quit (the game is saved after every move; `wordcards resume`) |
"""


if TYPE_CHECKING:
    from wordcards.tui.typing import TypingGrid


def error(text: str) -> Text:
    return Text(f"! {text}", "bold red")


V = TypeVar("V", bound=TableView)


class Hosted(Protocol):
    """A screen's place in a hosted game (``wordcards.host``): one screen per person, and the host runs the turn.

    The host's referee is every screen's; the host runs the computer players and the clocks, and tells every
    screen to redraw (``GameTable.Changed``) after each move.
    """

    seat: int | None
    """The person this screen is for; None: a spectator's screen."""

    @property
    def referee(self) -> Referee: ...

    @property
    def loop(self) -> TurnLoop: ...

    def changed(self) -> None:
        """A move went through at this screen: every screen redraws, and the computer players go on."""

    def ready(self, seat: int) -> None:
        """The person has read the round's summary: the next round is dealt once everyone present has."""


class GameTable(WatchesSize[None], Generic[V]):
    """The shared turn flow on screen; ``ui`` (the game's adapter) says how the game's parts read."""

    BINDINGS = [
        Binding("c", "challenge", "Challenge"),
        Binding("enter", "proceed", "Continue"),
        Binding("escape", "back", "Clear", show=False),
        # Printable keys do not reach bindings while the word entry has focus, so F1/F2 work everywhere.
        Binding("f2,equals_sign", "sheet", "Sheet", key_display="F2", priority=True),
        Binding("f1,question_mark", "help", "Help", key_display="F1", priority=True),
        Binding("f3", "log", "Log", key_display="F3", priority=True),
        Binding("f8", "hint", "Hint", key_display="F8", show=False, priority=True),
        # Not priority: the word entry passes Tab on in the order it was typed (widgets.run_screen_key).
        Binding("tab", "cycle(1)", "Other choice"),
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
        self.hosted: Hosted | None = self.host.hosted
        self.referee = self.hosted.referee if self.hosted else Referee(match, now=self.host.clock)
        self.loop: TurnLoop = self.hosted.loop if self.hosted else TurnLoop(self.referee, self,
                                                                              Pace(self.host.computer_delay))
        self.humans = self.referee.people
        self.viewer: int | None = (self.hosted.seat if self.hosted else
                                   self.humans[0] if len(self.humans) == 1 else None)
        self.shared = self.hosted is None and len(self.humans) > 1
        """Several people share this screen, and take turns looking at it (hot seat)."""
        self.watching = self.hosted is not None and self.viewer is None
        """A spectators' screen of a hosted game: read-only (they may only leave)."""
        self.message: Text | str = ""
        self.shown_summary: tuple | None = None
        self.cursor = CardCursor()
        self.challenged = False
        """A challenge was ruled in the dialog now closing: everyone at the keyboard has seen the dialog, so the
        next person to act is handed the device, whoever pressed c."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Steady(id="status")
        with Horizontal(id="middle"):
            with VerticalScroll(id="table") as table:
                table.border_title = self.ui.table_title
                yield self.table_widget()
            with VerticalScroll(id="side"):
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
            yield Steady(id="log")
        yield QuietFooter()

    def table_widget(self) -> Widget:
        """Hook: what the table area shows (the words on it)."""
        return Steady(id="words")

    def on_mount(self) -> None:
        if self.watching:
            self.query_one(HandView).hidden_note = "(you are watching: only the players see their hands)"
            self.entry.display = False
        self.render_all()  # the first frame shows the table; only the viewer's own hand, if anyone's
        self.set_interval(TICK, self.show_clock)
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
    def mover(self) -> int | None:
        return self.match.to_move

    def human_to_move(self) -> bool:
        """The person looking may act now."""
        return self.viewer is not None and self.referee.may_act(self.viewer)

    def hand_on_show(self) -> bool:
        """A person alone at a screen always sees their hand; people sharing one, only while it is their turn."""
        if self.viewer is None:
            return False
        if not self.shared:
            return True
        return self.viewer == self.view().current and self.view().phase in self.ui.hand_phases

    # ------------------------------------------------------------ flow

    def advance(self) -> None:
        """After any change: show the table, then do what the referee says the table waits for."""
        step = self.referee.next()
        if self.view().phase not in self.ui.cursor_phases:
            self.cursor.clear()
        self.reset_modes()
        if step.stage in ("summary", "over"):
            self.render_all()
            self.show_summary()
            return
        hand_to = self.referee.hand_to(self.viewer) if self.shared else None
        if hand_to is not None:
            self.hide_private()
            self.app.push_screen(PassScreen(self.names[hand_to], self.last_public()), lambda _: self._passed(hand_to))
            return
        self.render_all()
        if self.human_to_move():
            self.loop.turn_seen()
            self.render_status()  # show the countdown now, not at the next tick
            self.human_turn()
        self.loop.go_on()

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
        if self.referee.clock_left() is not None:
            self.render_status()

    # The turn loop's front end (``core.turns.Table``), for a screen with a loop of its own.

    def game_moved(self, events: list[Event]) -> None:
        if any(e.text for e in events):
            self.message = ""
        if self.match.save_error:
            self.notify(self.match.save_error, severity="warning", markup=False)
        self.others_moved()
        self.advance()

    def clock_ran_out(self, seat: int) -> None:
        self.time_up()

    def paused(self) -> bool:
        return self.app.screen is not self

    def ticked(self) -> None:
        """Nothing: the countdown is drawn by ``show_clock``, for hosted screens too."""

    def time_up(self) -> None:
        """Hook: the turn clock ran out (the referee has played the game's move for it); forget the picks."""

    def on_unmount(self) -> None:
        if not self.hosted:
            self.loop.stop()
            self.referee.save()  # the turn clock's time left, so that a resumed game goes on from it

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

    def show_summary(self) -> None:
        view = self.view()
        key = (view.round, view.phase)
        if self.shown_summary == key:
            return
        self.shown_summary = key
        if self.shared:
            self.hide_private()  # a lone person has nobody to hide from, and no pass screen to sit through
        over = view.phase == "game-over"
        totals = sheet_totals(list(view.sheet), len(self.names))
        winners = " and ".join(self.names[i] for i in leaders(totals))
        headline = self.ui.headline(view, winners, max(totals), self.referee.ending or "")
        extra = self.ui.summary_extra(view)
        screen: Screen
        if over:
            screen = GameOverScreen(headline, list(view.sheet), self.names, "Game over — every score", extra=extra,
                                    look_back=self.missed_chances if self.people_here() else None,
                                    again=self.hosted is None)
        else:
            lines = [line for line in view.sheet if line.round == view.round]
            screen = SummaryScreen(headline, lines, self.names, f"Round {view.round}", totals, extra)
        self.app.push_screen(screen, self._summary_closed)

    def _summary_closed(self, result: Closed | None) -> None:
        if self.hosted:
            if self.view().phase != "round-over":
                self.app.exit()  # the game is over: this player's session ends
            elif self.viewer is not None:
                self.hosted.ready(self.viewer)
                self.say("waiting for the others to read the round's scores")
            return
        if self.view().phase == "round-over":
            self.send("next")
        elif result == "again":
            self.host.play_again()
        else:
            self.app.exit()

    # ------------------------------------------------------------ moves

    def others_moved(self) -> None:
        """Hook: someone not at this screen moved (a computer player; when hosted, another person too). Word Whiz:
        a racer may have taken a square the person typed on."""

    # ------------------------------------------------------------ sending moves

    def after(self, events: list[Event]) -> None:
        """A move at this screen went through: the turn loop goes on, and every screen redraws."""
        if any(e.text for e in events):
            self.message = ""
        if self.hosted:
            self.hosted.changed()  # every screen redraws, this one too
        else:
            self.loop.moved(events)

    def send(self, move) -> bool:
        """Play a move for the person at the keyboard; an illegal one leaves a message and changes nothing."""
        try:
            events = self.referee.play(move)
        except (IllegalMove, InvalidMove) as exc:
            self.say(error(str(exc)))
            return False
        self.cursor.clear()
        self.entry.clear_words()
        self.moved()
        self.after(events)
        return True

    def moved(self) -> None:
        """Hook: a move went through; forget choices made for it."""

    def on_typing_grid_typed(self, event: TypingGrid.Typed) -> None:
        """Letters typed on a crossword (``tui.typing``; named, not imported, so card games load without it)."""
        if event.say is not None:
            self.message = error(event.say) if event.refused else event.say
        self.render_all()

    def confirm(self, question: str, then: Callable[[], object]) -> None:
        """Ask before a single key makes a move that cannot be taken back; ``then`` makes it on yes."""
        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.app.push_screen(ConfirmScreen(question), answered)

    def say(self, message: Text | str) -> None:
        self.message = message
        self.render_all()

    # ------------------------------------------------------------ actions every game has

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.watching:
            return False  # the footer offers spectators only Ctrl+Q, the one key their shared screen takes
        view = self.view()
        if action == "challenge":
            step = self.referee.next()
            if self.hosted:
                return self.viewer in step.challengers
            return bool(step.challengers) and (self.human_to_move() or step.stage == "window")
        if action == "cycle":
            return self.human_to_move() and view.phase == "play"
        if action == "cursor":
            return self.human_to_move() and view.phase in self.ui.cursor_phases and bool(self.ui.cursor_cards(view))
        if action == "proceed":
            if self.loop.failed:
                return True
            if self.hosted:
                return self.viewer in self.referee.next().challengers
            return (self.human_to_move() and view.phase == "challenge") or self.referee.next().stage == "window"
        return True

    def action_proceed(self) -> None:
        if self.loop.failed:  # every computer player failed to decide: think again
            self.message = ""
            self.loop.retry()
        elif self.hosted:  # each challenger lets the play pass at their own screen
            if self.viewer is not None:
                self.after(self.referee.let_pass(self.viewer))
        elif self.referee.next().stage == "window":
            self.message = ""
            self.after(self.referee.release())
        elif self.view().phase == "challenge":
            self.send("end")

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
        self.app.push_screen(SheetScreen(list(self.view().sheet), self.names))

    def action_scroll_table(self, pages: int) -> None:
        table = self.query_one("#table", VerticalScroll)
        table.scroll_relative(y=pages * max(1, table.scrollable_content_region.height - 1), animate=False)

    def action_log(self) -> None:
        self.app.push_screen(LogScreen([e.text for e in self.match.log if e.text]))

    def action_help(self) -> None:
        keys = "| key | what it does |\n|---|---|\n" + self.ui.keys + COMMON_KEYS
        self.app.push_screen(HelpScreen(keys, self.match.spec.rules_text))

    def people_here(self) -> list[int]:
        """The people at this screen: the one it is for, when hosted; else every person at the table."""
        if self.hosted:
            return [] if self.viewer is None else [self.viewer]
        return self.humans

    def missed_chances(self) -> Text:
        """Each person's three moves that scored least against a *hard* player's best, for the game-over screen."""
        from wordcards.core.hints import missed_chances

        out = Text()
        for seat in self.people_here():
            out.append(f"{self.names[seat]}'s biggest missed chances\n", "bold")
            chances = missed_chances(self.match, seat)
            if chances is None:
                out.append("  not shown: this game scores at the end of a round, not move by move\n", "dim")
            elif not chances:
                out.append("  none: no move scored less at once than a hard player's would have\n", "dim")
            for chance in chances or ():
                played, best = chance.lines()
                out.append(f"  {played}\n")
                out.append(f"  {best}\n", "dim")
        out.rstrip()
        return out

    def action_hint(self) -> None:
        seat = self.viewer
        if seat is None or not self.human_to_move() or seat != self.mover:
            self.say(error("a hint is for the person whose turn it is, on their turn"))
            return
        if not self.host.lexicon_ready:
            self.say(error("the word list is still loading: ask again in a moment"))
            return
        from wordcards.core.hints import suggest

        def advise(level: str) -> tuple[str, str]:
            hint = suggest(self.match, level, seat)
            return hint.notation, hint.explanation(self.names[seat])

        self.app.push_screen(HintScreen(list(LEVELS), self.host.hint_level, advise), self._hint_closed)

    def _hint_closed(self, level: str | None) -> None:
        if level:
            self.host.hint_level = level

    def action_challenge(self) -> None:
        words = self.referee.targets()
        challengers = [(i, self.names[i]) for i in self.referee.next().challengers if i in self.people_here()]
        if not challengers:
            self.say(error("only another person at the table can challenge"))
            return
        self.app.push_screen(ChallengeScreen(words, challengers, self.rule_challenge, lambda: self.host.lexicon_ready),
                             self._challenge_closed)

    def _challenge_closed(self, _: object) -> None:
        if self.challenged and self.shared:
            self.hide_private()  # the same pass policy as a play nobody challenged: the next to act gets the device
        self.challenged = False
        self.advance()

    def rule_challenge(self, challenger: int, target: int) -> str:
        word = next((w.text for w in self.referee.targets() if w.word_id == target), None)
        if word is None:
            return "! That word can no longer be challenged."
        self.challenged = True
        try:
            valid, events = self.referee.challenge(challenger, target)
        except (IllegalMove, InvalidMove) as exc:
            return f"! {exc}"
        if self.referee.next().stage != "window":
            self.message = ""
        if self.hosted:
            self.hosted.changed()  # the verdict and its consequence show on every screen at once
        verdict = f"{word} is {'' if valid else 'not '}in the word list ({printable(self.match.dictionary)})."
        return "\n".join([verdict, *(e.text for e in events if e.text)])

    # ------------------------------------------------------------ drawing

    def render_all(self) -> None:
        """The parts every table has; a game's screen draws its own table, then calls this."""
        view = self.view()
        self.render_status()
        totals = sheet_totals(list(view.sheet), len(self.names))
        last = self.ui.last_player(view)
        self.query_one(ScoreBoard).rows = tuple(
            ScoreRow(seat.name, totals[i], view.hand_sizes[i], not seat.is_human, i == view.current,
                     *self.ui.seat_note(view, i), last=i == last)
            for i, seat in enumerate(self.match.seats))
        self.query_one(PilesView).piles = self.ui.piles(view, self.hand_on_show())
        hand = self.query_one(HandView)
        hand.hidden = not self.hand_on_show()
        hand.owner = self.names[view.seat]
        hand.faces = tuple(self.ui.face(view, c) for c in view.hand)
        log = [e.text for e in self.match.log if e.text][-3:]
        log_text = Text("\n".join(log), "dim")
        if self.loop.failed:
            self.message = error(f"{self.loop.failed} Enter: try again")
        if self.message:
            message = self.message if isinstance(self.message, Text) else Text(self.message, "bold")
            log_text = Text.assemble(message, "\n", Text("\n".join(log[-2:]), "dim"))
        self.query_one("#log", Static).update(log_text)
        self.refresh_bindings()

    def status_prefix(self, text: Text) -> None:
        """The turn clock's countdown, before the round on the status line."""
        left = self.referee.clock_left()
        if left is not None:
            shown = int(left + 0.99)
            text.append(f"⏳ {shown:2d}s", "bold reverse" if shown <= 10 else "bold")
            text.append(" · ", "dim")

    def render_status(self) -> None:
        """The clock, the round, whose turn (or who decides a challenge) and a hint, in one line: the round gives
        way first, then the hint's end (the footer has the keys)."""
        status = self.query_one("#status", Static)
        text = self.status_text(with_round=True)
        if text.cell_len > status.content_region.width > 0:
            text = self.status_text(with_round=False)
        status.update(text)

    def status_text(self, with_round: bool) -> Text:
        view = self.view()
        mover = self.names[view.current]
        text = Text(no_wrap=True, overflow="ellipsis")
        self.status_prefix(text)
        if with_round:
            text.append(f"{self.ui.round_text(view)} · ", "dim")
        hint = self.ui.phase_text(view)
        step = self.referee.next()
        deciders = step.challengers
        if deciders and (view.phase == "challenge" or step.stage == "window"):
            who = " or ".join(self.names[s] for s in deciders)  # they decide, not the player whose turn it is
            if self.hosted and self.viewer not in deciders:
                text.append(f"waiting for {who}", "bold")
                text.append(f" to challenge {mover}'s play or let it stand")
                return text
            text.append(f"{who}: challenge {mover}'s play?", "bold")
            text.append(" c challenge · Enter: no, go on")
        elif self.viewer == view.current and hint:
            text.append(f"{mover}, your turn", "bold")
            text.append(f" · {hint}")
        else:
            text.append(f"{mover}'s turn", "bold")
        if self.match.strict:
            text.append("  [strict]", "dim")
        return text

