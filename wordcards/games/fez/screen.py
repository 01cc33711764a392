"""The FEZ table. It renders one seat's ``FezView`` and sends moves to the ``Match``; it keeps no game state.

What it does keep is screen state: whose hand is on show, the word being
typed and which card choice is picked, and whether a card is being chosen to
discard or swap.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static
from textual.worker import Worker, WorkerState

from wordcards.core.errors import IllegalMove, InvalidMove
from wordcards.core.match import Match
from wordcards.core.protocol import Event, leaders, sheet_totals
from wordcards.games.fez import render
from wordcards.games.fez.moves import Discard, Done, Draw, EndTurn, NextRound, Swap, Take, TimeUp
from wordcards.games.fez.rules import TURN_SECONDS, FezView, turn_words
from wordcards.games.fez.rules_text import TEXT as RULES_TEXT
from wordcards.games.fez.solver import Choice, layoff_choices, word_choices
from wordcards.tui.screens import (Challengeable, ChallengeScreen, GameOverScreen, HelpScreen, LogScreen, PassScreen,
                                   SheetScreen,
                                   SummaryScreen, WatchesSize)
from wordcards.tui.widgets import Face, HandView, Pile, PilesView, ScoreBoard, ScoreRow

KEYS = """\
| key | what it does |
|---|---|
| d / t | draw from the stock / take the top discard |
| f | forfeit the turn: pick cards with 1-6, Enter swaps them |
| letters | type a word; the best way to make it with your cards is shown |
| ↑ / ↓ | choose a word on the table to lay off on (or a new word) |
| Tab / Shift+Tab | next / previous way to make the word with your cards |
| Enter | play the word; on an empty line, go on to discard |
| 1-6 | pick the card to discard (or to swap) |
| c | challenge a word before the player refills |
| Enter (after discarding) | no challenges: refill and end the turn |
| F2 or = | the score sheet (= and ? only when not typing a word) |
| F1 or ? | this help |
| F3 | everything that has happened this game |
| Ctrl+Q | quit (the game is saved after every move; `wordcards resume`) |
"""

PHASE_TEXT = {
    "draw": "draw: d stock · t discard · f forfeit",
    "play": "type a word · ↑↓ lay off · empty Enter: discard",
    "challenge": "c challenge · Enter: refill, end turn",
    "round-over": "round over",
    "game-over": "game over",
}


class TableScreen(WatchesSize, Screen):
    BINDINGS = [
        Binding("d", "draw", "Draw stock"),
        Binding("t", "take", "Take discard"),
        Binding("f", "forfeit", "Forfeit/swap"),
        Binding("c", "challenge", "Challenge"),
        Binding("enter", "proceed", "Continue"),
        Binding("up", "target(-1)", "Lay-off target", show=False, priority=True),
        Binding("down", "target(1)", "Lay-off target", show=False, priority=True),
        Binding("tab", "cycle(1)", "Next choice", priority=True),
        Binding("shift+tab", "cycle(-1)", "Prev choice", show=False, priority=True),
        Binding("escape", "back", "Back", show=False),
        # Printable keys do not reach bindings while the word entry has focus, so F1/F2 work everywhere.
        Binding("f2,equals_sign", "sheet", "Sheet", key_display="F2", priority=True),
        Binding("f1,question_mark", "help", "Help", key_display="F1", priority=True),
        Binding("f3", "log", "Log", key_display="F3", priority=True),
        *[Binding(str(n), f"pick({n})", f"Card {n}", show=False, priority=True) for n in range(1, 10)],
    ]

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        humans = [i for i, s in enumerate(match.seats) if s.is_human]
        self.humans = humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.target: int | None = None
        self.choices: list[Choice] = []
        self.choice_index = 0
        self.mode = "normal"
        self.swap_pick: list[str] = []
        self.message: Text | str = ""
        self.paused_turn: tuple | None = None
        self.released_turn: tuple | None = None
        self.deadline: float | None = None
        self.busy = False
        self.shown_summary: tuple | None = None
        self._cached: tuple | None = None

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="status")
        with Horizontal(id="middle"):
            with VerticalScroll(id="table"):
                yield render.Tableau()
            yield ScoreBoard(id="scores")
        with Vertical(id="bottom"):
            yield PilesView()
            yield HandView()
            yield Static(id="preview")
            yield Input(placeholder="type a word", restrict=r"[A-Za-z]*", id="entry", compact=True, max_length=20)
            yield Static(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.set_interval(0.5, self.tick)
        self.render_all()  # the first frame shows the table; only the viewer's own hand, if anyone's
        # Computer players start after the first frame, so their thread cannot hold it up.
        self.call_after_refresh(self.advance)

    # ------------------------------------------------------------ reading

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def view(self) -> FezView:
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

    # ------------------------------------------------------------ flow

    def advance(self) -> None:
        """After any change: show the table, then decide who acts next."""
        state = self.view()
        if (self.mode, state.phase) not in (("swap", "draw"), ("discard", "play")):
            self.mode = "normal"
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
            elif state.phase == "challenge" and (not self.match.challenge_open()
                                                 or not any(h != mover for h in self.humans)):
                self.send(EndTurn())  # nothing to challenge, or nobody else to challenge it: refill at once
            else:
                self.start_timer()
        else:
            self.run_computers()

    def _passed(self, _result) -> None:
        self.viewer = self.mover
        self.advance()

    def hide_private(self) -> None:
        self.viewer = None
        self.query_one(HandView).hidden = True
        self.query_one("#preview", Static).update("")
        self.query_one("#entry", Input).value = ""

    def last_public(self) -> str:
        lines = [e.text for e in self.match.log[-4:] if e.text]
        return "\n".join(lines)

    def show_summary(self) -> None:
        state = self.view()
        key = (state.round, state.phase)
        if self.shown_summary == key:
            return
        self.shown_summary = key
        self.hide_private()
        over = state.phase == "game-over"
        totals = sheet_totals(list(state.sheet), len(self.names))
        best = max(totals)
        winners = [self.names[i] for i in leaders(totals)]
        caller = f"{self.names[state.fez_caller]} called FEZ! " if state.fez_caller is not None else "The round was blocked. "
        if over:
            headline = caller + f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with {best}."
            lines = list(state.sheet)
            title = "Game over — every score"
        else:
            headline = caller + f"Round {state.round} of {state.options.rounds} is over. Enter deals the next."
            lines = [line for line in state.sheet if line.round == state.round]
            title = f"Round {state.round}"
        summary = GameOverScreen if over else SummaryScreen
        self.app.push_screen(summary(headline, lines, self.names, title), self._summary_closed)

    def _summary_closed(self, result) -> None:
        if self.view().phase == "round-over":
            self.send(NextRound())
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
            turn = match.rules.turn_id(match.state)
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
            self.message = Text(f"! The computer player failed: {event.worker.error}", "bold red")
            self.render_all()

    def pause_for_challenges(self, turn: tuple) -> None:
        self.paused_turn = turn
        self.message = Text(f"{self.names[self.mover]} has played. Any challenges? c challenge · Enter continue", "bold")
        self.render_all()

    # ------------------------------------------------------------ sending moves

    def after(self, events: list[Event], advance: bool = True) -> None:
        shown = [e.text for e in events if e.text]
        if shown:
            self.message = ""
        if self.match.save_error:
            self.notify(self.match.save_error, severity="warning")
        if advance:
            self.advance()
        else:
            self.render_all()

    def send(self, move) -> bool:
        try:
            events = self.match.play(move)
        except (IllegalMove, InvalidMove) as exc:
            self.message = Text(f"! {exc}", "bold red")
            self.render_all()
            return False
        self.choices, self.choice_index = [], 0
        self.after(events)
        return True

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        phase = self.view().phase
        mine = self.human_to_move()
        if action in ("draw", "take", "forfeit"):
            if action == "take" and not self.view().discard_count:
                return False
            return mine and phase == "draw" and self.mode == "normal"
        if action == "challenge":
            others = any(h != self.view().current for h in self.humans)
            return others and self.match.challenge_open() and (mine or self.paused_turn is not None)
        if action == "proceed":
            return (mine and phase == "challenge") or self.paused_turn is not None or self.mode == "swap"
        if action in ("target", "cycle"):
            return mine and phase == "play" and self.mode == "normal"
        if action == "pick":
            return mine and self.mode in ("discard", "swap")
        return True

    def action_draw(self) -> None:
        self.send(Draw())

    def action_take(self) -> None:
        self.send(Take())

    def action_forfeit(self) -> None:
        self.mode = "swap"
        self.swap_pick = []
        self.message = "Forfeit: pick cards to swap with 1-6, then Enter (Esc: back)"
        self.render_all()

    def action_pick(self, number: int) -> None:
        hand = self.view().hand
        if not 1 <= number <= len(hand):
            self.message = Text(f"! there is no card {number}", "bold red")
            self.render_all()
            return
        card = hand[number - 1]
        if self.mode == "discard":
            self.mode = "normal"
            self.send(Discard(card))
        else:
            self.swap_pick.remove(card) if card in self.swap_pick else self.swap_pick.append(card)
            self.render_all()

    def action_proceed(self) -> None:
        if self.mode == "swap":
            self.mode = "normal"
            self.send(Swap(tuple(self.swap_pick)))
        elif self.paused_turn is not None:
            self.released_turn, self.paused_turn = self.paused_turn, None
            self.message = ""
            self.run_computers()
        elif self.view().phase == "challenge":
            self.send(EndTurn())

    def action_back(self) -> None:
        if self.mode != "normal":
            self.mode = "normal"
            self.message = ""
        else:
            self.query_one("#entry", Input).value = ""
        self.render_all()

    def action_target(self, step: int) -> None:
        ids = [None] + [w.id for w in self.view().words]
        at = ids.index(self.target) if self.target in ids else 0
        self.target = ids[(at + step) % len(ids)]
        self.update_choices()

    def action_cycle(self, step: int) -> None:
        if self.choices:
            self.choice_index = (self.choice_index + step) % len(self.choices)
            self.render_all()

    def action_sheet(self) -> None:
        self.app.push_screen(SheetScreen(list(self.view().sheet), self.names))

    def action_log(self) -> None:
        self.app.push_screen(LogScreen([e.text for e in self.match.log if e.text]))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(KEYS, RULES_TEXT))

    def action_challenge(self) -> None:
        mover = self.view().current
        words = [Challengeable(w.id, w.text, self.names[w.owner]) for w in turn_words(self.view())
                 if w.id not in self.view().challenged]
        challengers = [(i, s.name) for i, s in enumerate(self.match.seats) if s.is_human and i != mover]
        if not challengers:
            self.message = Text("! only another person at the table can challenge", "bold red")
            self.render_all()
            return
        self.app.push_screen(ChallengeScreen(words, challengers, self.rule_challenge, lambda: self.app.lexicon_ready),
                             lambda _: self.advance())

    def rule_challenge(self, challenger: int, word_id: int) -> str:
        word = next(w.text for w in self.view().words if w.id == word_id)
        mover = self.names[self.view().current]
        try:
            valid, events = self.match.challenge(challenger, word_id)
        except (IllegalMove, InvalidMove) as exc:
            return f"! {exc}"
        if self.paused_turn is not None and not self.match.challenge_open():
            self.released_turn, self.paused_turn = self.paused_turn, None
        verdict = (f"{word} is in the word list ({self.match.dictionary}): the challenge fails and the word stands."
                   if valid else
                   f"{word} is not in the word list ({self.match.dictionary}): the challenge succeeds. "
                   f"{mover}'s plays this turn go back to the hand and the turn ends.")
        extra = [e.text for e in events if e.text][1:]
        return verdict + ("\n" + "\n".join(extra) if extra else "")

    # ------------------------------------------------------------ typing words

    @on(Input.Changed, "#entry")
    def typed(self) -> None:
        self.message = ""  # an old complaint about the previous word no longer applies
        self.update_choices()

    def update_choices(self) -> None:
        text = self.query_one("#entry", Input).value.upper()
        view = self.view()
        self.choices, self.choice_index = [], 0
        if self.viewer is not None and len(text) >= 2 and view.phase == "play":
            hand = [view.cards[c] for c in view.hand]
            word = next((w for w in view.words if w.id == self.target), None)
            if word is None:
                self.target = None
                self.choices = word_choices(text, hand, view.cards, view.options.nasty_flush, view.seat)
            else:
                self.choices = layoff_choices(text, word, hand, view.cards, view.options.nasty_flush, view.seat)
        self.render_all()

    @on(Input.Submitted, "#entry")
    def submitted(self) -> None:
        entry = self.query_one("#entry", Input)
        if not self.human_to_move() or self.view().phase != "play":
            return
        text = entry.value.strip()
        if not text:
            if not self.view().hand:
                self.send(Done())
            else:
                self.mode = "discard"
                self.message = "Discard which card? Press its number (Esc: back to playing)"
                self.render_all()
            return
        if not self.choices:
            self.message = Text(f"! {self.no_choice_reason(text.upper())}", "bold red")
            self.render_all()
            return
        if self.send(self.choices[self.choice_index].move):
            entry.value = ""
            self.target = None

    def no_choice_reason(self, text: str) -> str:
        if len(text) < 2:
            return "words must have 2 or more letters"
        word = next((w for w in self.view().words if w.id == self.target), None)
        if word is not None:
            return f"{text}: your cards cannot turn {word.text} into {text} without reordering its letters"
        return f"{text}: your cards cannot spell it (each card gives one letter or both, in either order)"

    # ------------------------------------------------------------ the timer

    def start_timer(self) -> None:
        if self.view().options.nasty_timer and self.view().phase == "play" and self.deadline is None:
            self.deadline = time.monotonic() + TURN_SECONDS
        if self.view().phase != "play":
            self.deadline = None

    def tick(self) -> None:
        if self.deadline is None:
            return
        if self.view().phase != "play" or not self.human_to_move():
            self.deadline = None
        elif time.monotonic() >= self.deadline:
            self.deadline = None
            self.mode = "normal"
            self.query_one("#entry", Input).value = ""
            self.send(TimeUp())
            return
        self.render_status()

    # ------------------------------------------------------------ drawing the table

    def render_all(self) -> None:
        view = self.view()
        self.render_status()
        mine = self.viewer == view.current and view.phase == "play"
        tableau = self.query_one(render.Tableau)
        tableau.view, tableau.names, tableau.target = view, tuple(self.names), self.target if mine else None
        totals = sheet_totals(list(view.sheet), len(self.names))
        self.query_one(ScoreBoard).rows = tuple(
            ScoreRow(seat.name, totals[i], view.hand_sizes[i], not seat.is_human, i == view.current)
            for i, seat in enumerate(self.match.seats))
        top = view.cards[view.discard_top] if view.discard_top else None
        self.query_one(PilesView).piles = (Pile("Stock", view.stock_count),
                                           Pile("Discard", view.discard_count, top and Face(top.label, top.colour)))
        hand = self.query_one(HandView)
        hand.hidden = not self.hand_on_show()
        hand.owner = self.names[view.seat]
        hand.faces = tuple(Face(view.cards[c].label, view.cards[c].colour, "↑" if c == view.taken else "")
                           for c in view.hand)
        chosen = {p.card for p in self.choices[self.choice_index].move.pieces} if self.choices else set()
        picked = set(self.swap_pick) if self.mode == "swap" else chosen
        hand.picked = frozenset(i for i, c in enumerate(view.hand) if c in picked)
        hand.prompt = "discard which?" if self.mode == "discard" else ""
        target = next((w for w in view.words if w.id == self.target), None)
        preview = render.preview(view, target, self.choices, self.choice_index) if mine else ""
        self.query_one("#preview", Static).update(preview)
        log = [e.text for e in self.match.log if e.text][-3:]
        log_text = Text("\n".join(log), "dim")
        if self.message:
            log_text = Text.assemble(self.message if isinstance(self.message, Text) else Text(self.message, "bold"), "\n",
                                     Text("\n".join(log[-2:]), "dim"))
        self.query_one("#log", Static).update(log_text)
        entry = self.query_one("#entry", Input)
        typing = self.human_to_move() and mine and self.mode == "normal"
        entry.disabled = not typing
        if typing and not entry.has_focus:
            entry.focus()
        self.refresh_bindings()

    def hand_on_show(self) -> bool:
        """A lone person always sees their hand; with several, only while it is their turn to play."""
        if self.viewer is None:
            return False
        if len(self.humans) == 1:
            return True
        return self.viewer == self.view().current and self.view().phase in ("draw", "play")

    def render_status(self) -> None:
        state = self.view()
        mover = self.names[state.current]
        text = Text()
        if self.deadline is not None:
            left = max(0, int(self.deadline - time.monotonic() + 0.99))
            text.append(f"⏳ {left:2d}s", "bold reverse" if left <= 10 else "bold")
            text.append(" · ", "dim")
        text.append(f"Round {state.round}/{state.options.rounds} · ", "dim")
        if self.viewer == state.current and state.phase in PHASE_TEXT:
            text.append(f"{mover}, your turn", "bold")
            text.append(f" · {PHASE_TEXT[state.phase]}")
        else:
            text.append(f"{mover}'s turn", "bold")
        if self.match.strict:
            text.append("  [strict]", "dim")
        self.query_one("#status", Static).update(text)
