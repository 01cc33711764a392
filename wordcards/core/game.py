"""One typed definition per game: what the referee, the app, ``sim`` and the tests need to know of it.

A game package exports one ``Game`` and names it in the ``wordcards.games``
entry-point group of its ``pyproject.toml`` (``fez = "wordcards.games.fez:GAME"``),
the way pytest finds its plug-ins; ``core.registry`` reads that group. The
contract is written out in ``docs/adding-a-game.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable, Generic, Mapping, Protocol, Sequence, TypeVar

from wordcards.core.lexicon import Lexicon
from wordcards.core.moves import Challenge
from wordcards.core.common import Challengeable, Event, ScoreLine, Seat
from wordcards.core.errors import SetupError
from wordcards.core.options import Option


S = TypeVar("S")
"""A game's state (its ``TableState`` subclass)."""
V = TypeVar("V")
"""What one seat sees of it (its ``TableView`` subclass)."""
M = TypeVar("M")
"""A parsed move (the union of its move classes)."""
V_in = TypeVar("V_in", contravariant=True)
M_out = TypeVar("M_out", covariant=True)


class Rules(Protocol[S, V, M]):
    """The pure rules of a game: a rules module satisfies it as it is (mypy checks modules against protocols,
    and finds the game's state, view and move types from its functions)."""

    @property
    def OPTIONS(self) -> tuple[Option, ...]: ...

    def new_game(self, seats: list[Seat], options: Mapping[str, Any] | None = ..., seed: int = ...) -> S:
        """A game for these seats, whose number ``Game.check_players`` has already allowed."""

    def apply(self, state: S, move: M | str) -> tuple[S, list[Event]]:
        """The state after ``move`` and what happened; ``state`` itself never changes. A ``RefusedMove`` (of the kind
        that says why) when the rules refuse it."""

    def parse_move(self, text: str) -> M: ...

    def player_view(self, state: S, seat: int) -> V: ...

    def to_move(self, state: S) -> int | None: ...

    def is_over(self, state: S) -> bool: ...

    def totals(self, state: S) -> list[int]: ...

    def score_sheet(self, state: S) -> list[ScoreLine]: ...

    def check_invariants(self, state: S) -> None: ...

    def words_formed(self, state: S, move: M) -> list[str]: ...

    def challenge_targets(self, state_or_view: S | V) -> list[Challengeable]: ...


class Bot(Protocol[V_in, M_out]):
    """A computer player: it reads only its seat's view."""

    level: str
    """Its level's name (``core.computer.LEVELS``)."""

    def choose(self, view: V_in) -> M_out: ...

    def challenges(self, view: V_in) -> list[Challenge]: ...


@dataclass(frozen=True)
class TurnClock:
    """A turn that runs on time (FEZ's Nasty timer, Word Whiz's turn clock).

    ``seconds(state)`` is how long a person's turn may last in this game (None:
    no clock); the clock runs only in ``phases``, and ``expired(state)`` is the
    move the referee plays for a person whose time is up.
    """

    seconds: Callable[[Any], int | None]
    expired: Callable[[Any], Any]
    phases: tuple[str, ...] = ("play",)


@dataclass(frozen=True)
class Race:
    """Seats act at once (Word Whiz's race): who may act now, and how long a computer seat of a level takes."""

    racing: Callable[[Any], tuple[int, ...]]
    """The seats that may act at once now; () when the game is taking turns."""
    seconds: Callable[[Any, str], float]
    """The mean time a computer seat of a level takes over one move."""
    chosen: Callable[[dict], bool] = lambda options: True
    """Whether these options make the game a race: people who share one keyboard cannot race each other, so only
    a hosted game (``wordcards host``) races more than one person."""


def _no_list(options: dict) -> str | None:
    return None


def _same(options: dict) -> dict:
    return options


def resolve(ref: str) -> Any:
    """The object ``"package.module:name"`` names, imported now."""
    module, _, name = ref.partition(":")
    return getattr(import_module(module), name)


def lazy(ref: str) -> Callable[..., Any]:
    """A function named by ``"package.module:name"``, imported on its first call (keeps a bot off start-up)."""
    return lambda *args: resolve(ref)(*args)


@dataclass(frozen=True)
class Game(Generic[S, V, M]):
    """Everything about one game that is not its rules' inner workings.

    The UI adapter is named, not imported (``"package.module:name"``), so that
    ``wordcards games``, ``sim`` and ``check`` never load Textual.
    """

    name: str
    """What players type: ``wordcards play NAME``; also the entry point's name."""
    title: str
    summary: str
    players: tuple[int, int]
    rules: Rules[S, V, M]
    make_bot: Callable[[str, Lexicon, int], Bot[V, M]]
    """``make_bot(level, words, seed)``; ``lazy("...bot:make_bot")`` imports the bot when a computer seat needs it."""
    ui: str
    """Where the game's UI adapter is: ``"wordcards.games.fez.ui:UI"`` (a ``wordcards.tui.adapter.TableUI``)."""
    rules_text: str
    """The rules as this program applies them (Markdown): ``wordcards rules`` and F1."""
    lexicon_parts: tuple[str, ...] = ()
    """Lexicon look-ups the computer players walk besides the anagram index (``prefixes``): built while loading."""
    words_required: Callable[[Any, Any], list[str]] | None = None
    """Words a move must make from the list in any mode (Scrabble Fluxx's ``find``); None: only strict mode checks."""
    prepare_options: Callable[[dict], dict] = _same
    """Fills in options that depend on more than the setup form (Gift Words' remembered goal)."""
    word_list: Callable[[dict], str | None] = _no_list
    """The built-in word list the options call for when the player asked for the default (Gift Words' younger
    players: ``clean``), or None."""
    scores_moves: bool = True
    """A move's points count at once (FEZ's words, Gift Words'); False where they wait for the end of the turn or
    round (then missed chances cannot be judged a move at a time, unless ``pending_points`` says what is waiting)."""
    pending_points: Callable[[Any, int], int] | None = None
    """``pending_points(state, seat)``: what the seat's turn has made that the score sheet takes once its challenges
    close (Scrabble Fluxx's placements). Hints and missed chances count it as scored."""
    turn_clock: TurnClock | None = None
    race: Race | None = None
    challenge_own_words: Callable[[Any], bool] = lambda state: False
    """``challenge_own_words(state)``: anyone may challenge any word now, their own too (Word Whiz's round end: the
    words are everyone's)."""
    private_view_fields: tuple[str, ...] = ()
    """Fields of a seat's view, besides ``hand``, that only that seat may see (Scrabble Fluxx's ``fluxx_hand``):
    a spectator's view has them empty."""
    list_problem: Callable[[Lexicon], str | None] | None = None
    """``list_problem(words)``: what a word list lacks that the game cannot end without (Word Whiz: a 5-letter word
    to start each round), or None; such a list is refused at setup."""
    rivals: Callable[[dict], bool] = lambda options: True
    """``rivals(options)``: the players play against each other, so a club rates them by their ranks; False for a
    team game (cooperative Gift Words), which is not rated."""
    game_over: Callable[[Any, dict], str] | None = None
    """``game_over(state, options)``, called once when a game ends: what the game keeps between games (Gift Words'
    cooperative goal); it returns a line for the game-over screen ("" for none)."""

    @property
    def options(self) -> tuple[Option, ...]:
        return self.rules.OPTIONS

    def check_players(self, count: int) -> None:
        """SetupError unless ``count`` people and computers can play: the one place the player range is checked
        (the rules' ``new_game`` trusts it)."""
        low, high = self.players
        if not low <= count <= high:
            raise SetupError(f"{self.title} is for {low} to {high} players, not {count}")

    def table_ui(self) -> Any:
        """The UI adapter (imported now, with Textual)."""
        return resolve(self.ui)


def check_game(game: object, where: str) -> Game:
    """``game`` if it is a usable definition; TypeError naming ``where`` (the entry point) otherwise."""
    if not isinstance(game, Game):
        raise TypeError(f"{where} is a {type(game).__name__}, not a wordcards Game")
    low, high = game.players
    if not 1 <= low <= high:
        raise TypeError(f"{where}: the player range {game.players} is empty")
    missing = [] if isinstance(getattr(game.rules, "OPTIONS", None), tuple) else ["OPTIONS"]
    missing += [name for name in _protocol_methods(Rules) if not callable(getattr(game.rules, name, None))]
    if missing:
        raise TypeError(f"{where}: its rules lack {', '.join(sorted(set(missing)))}")
    return game


def _protocol_methods(protocol: type) -> Sequence[str]:
    return [name for name, value in vars(protocol).items() if callable(value) and name.islower() and name[0] != "_"]
