"""The Textual app: setup, then the game's table screen. Built by ``make_app`` for the CLI and the tests."""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from textual import work
from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen

from wordcards.core import definitions, lexicon
from wordcards.core.computer import LEVELS
from wordcards.core.errors import LexiconError, WordcardsError
from wordcards.core.match import Match
from wordcards.core.common import Seat
from wordcards.core.game import Game
from wordcards.core.registry import find_game
from wordcards.tui.screens import too_small_or_not
from wordcards.tui.keys_in_turn import KeysInTurn
from wordcards.tui.textual_internals import OneLineCrash

if TYPE_CHECKING:
    from wordcards.tui.seating import Seating
    from wordcards.tui.table import GameTable

MIN_SIZE = (80, 24)


@dataclass(frozen=True)
class SetupResult:
    """What the setup screen (or the command line) chose."""

    seats: list[Seat]
    options: dict
    seed: int | None
    dictionary: str
    strict: bool
LEXICON_DELAY = 0.1


class WordcardsApp(KeysInTurn, OneLineCrash):
    CSS_PATH = "wordcards.tcss"
    TITLE = "wordcards"
    ENABLE_COMMAND_PALETTE = False
    """Every game action has its key, in the footer and in F1's help. The palette would be a second way in that
    also opens over the pass screen and the too-small screen, where no game key may act."""
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    lexicon_ready: reactive[bool] = reactive(False)

    def __init__(self, spec: Game, *, seats: list[Seat] | None = None, options: dict | None = None,
                 seed: int | None = None, dictionary: str = "default", strict: bool = False,
                 match: Match | None = None, save: bool = True, computer_delay: float = 0.6,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.spec = spec
        self.seats = seats
        self.options = options or {}
        self.seed = seed
        self.dictionary = match.dictionary if match else dictionary
        self.strict = strict
        self.match = match
        self.save = save
        self.computer_delay = computer_delay
        self.clock = clock
        """Seconds that only go forward: what turn clocks and races run on (a test gives its own)."""
        self.lexicon_error: str | None = None
        self.sub_title = spec.title

    def get_default_screen(self) -> Screen:
        """The first screen is the game itself (or its setup), not an empty screen to push onto."""
        if self.match is None and self.seats:
            self.match = self.new_match(SetupResult(self.seats, self.options, self.seed, self.dictionary, self.strict))
            self.dictionary = self.match.dictionary  # the game's options may call for another list
        if self.match is not None:
            return self.table(self.match)
        from wordcards.tui.setup import SetupScreen  # the form only when no seats were given: a quicker table

        return SetupScreen(self.spec, self.dictionary, self.strict, self.options)

    def on_mount(self) -> None:
        # Load the word list just after the first frame is out: its thread would compete for the GIL.
        self.set_timer(LEXICON_DELAY, self.load_lexicon)
        self.check_size()
        self.call_after_refresh(collect_garbage_again)

    @work(thread=True, exclusive=True, group="lexicon")
    def load_lexicon(self) -> None:
        """Load the word list off the UI thread so the first frame never waits for it."""
        try:
            words = lexicon.load(self.dictionary)
            problem = self.spec.list_problem(words) if self.spec.list_problem else None
            if problem:  # chosen on the setup form: the command line refuses such a list before the app opens
                raise LexiconError(f"word list {words.name} {problem}")
            seats = self.match.seats if self.match else self.seats or []
            for level in {seat.computer for seat in seats if seat.computer}:
                known = lexicon.vocabulary(self.dictionary, LEVELS[level].vocabulary)
                known.index  # computer players search it; build it here, not on their first move
                if LEVELS[level].judges_looks:
                    known.trigrams  # and judge by it how a word looks
                for part in self.spec.lexicon_parts:
                    getattr(known, part)  # what else the game's computer players walk (Word Whiz: prefixes)
        except WordcardsError as exc:
            self.call_from_thread(self._lexicon_failed, str(exc))
            return
        note = lexicon.load_note(words)
        if note:
            self.call_from_thread(self.notify, note, severity="warning", timeout=15, markup=False)
        self.call_from_thread(setattr, self, "lexicon_ready", True)
        definitions.entries()  # read once here, so the log and the challenge dialog never wait for it
        import rich.markdown  # noqa: F401 - imported here (it is slow to), not on the first F1

    def _lexicon_failed(self, message: str) -> None:
        self.lexicon_error = message
        self.notify(f"{message}. Challenges and computer players need a word list.", severity="error", timeout=30,
                    markup=False)

    def crashed(self, error: BaseException) -> Text:
        """One line for the player (the traceback goes to a crash file)."""
        from wordcards.crash import report

        return Text(f"wordcards: {report(error, self.saved_note())}")

    def saved_note(self) -> str:
        """What of the game is saved, in words, for a player whose game just stopped."""
        match = self.match
        if match is None:
            return "No game had begun, so nothing was lost."
        if match.save_path is None:
            return "This game was not being saved."
        return match.unsaved() or "Every move up to the last one is saved: `wordcards resume` goes on."

    def table(self, match: Match) -> Screen:
        """The game's table screen, with its UI adapter."""
        ui = self.spec.table_ui()
        return ui.screen(match, ui)

    def seating(self, table: GameTable) -> Seating:
        """Who sits at ``table``: at this terminal, one person (solo) or several (hot seat), with a turn loop of
        its own. A hosted game's screen has a seating from the host (``wordcards.host.seat``)."""
        from wordcards.core.referee import Referee
        from wordcards.tui.seating import local

        return local(table, Referee(table.match, now=self.clock), self.computer_delay)

    def play_again(self) -> None:
        """A new game with the same seats, options and word list, and a new shuffle."""
        old = self.match
        assert old is not None, "a game was played"
        old.release()
        self.start(SetupResult(old.seats, old.options, None, old.dictionary, old.strict))

    def new_match(self, setup: SetupResult) -> Match:
        options = self.spec.prepare_options(setup.options)
        match = Match.new(self.spec.name, setup.seats, options, setup.seed, setup.dictionary, setup.strict,
                          save=self.save)
        match.claim()  # a bare `wordcards resume` elsewhere passes it by while it is open here
        return match

    def start(self, setup: SetupResult) -> None:
        """The setup screen is done: open the table."""
        try:
            self.match = self.new_match(setup)
        except (WordcardsError, ValueError, OSError) as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        if self.match.dictionary != self.dictionary:  # asked for on the form, or called for by the game's options
            self.dictionary = self.match.dictionary
            self.lexicon_ready = False
            self.load_lexicon()
        self.push_screen(self.table(self.match))

    # ------------------------------------------------------------ terminal size

    def check_size(self) -> None:
        too_small_or_not(self, MIN_SIZE)


def collect_garbage_again() -> None:
    """The CLI turns the collector off for start-up; what start-up built stays, so it is frozen out of later passes."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def make_app(game: str, **kwargs) -> WordcardsApp:
    """The one factory the CLI and the tests use."""
    return WordcardsApp(find_game(game), **kwargs)
