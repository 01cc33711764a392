"""A game's record: rules state, seats, options, word list and save file.

``Match.play`` is where every move goes in, so strict-mode checks, challenge
verdicts and saving happen the same way everywhere. The turn flow (who acts,
challenge windows, clocks, computer players) is the referee's, ``core.referee``.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from wordcards.core import lexicon as lexicons
from wordcards.core import saves
from wordcards.core.errors import IllegalMove, SaveError, WordcardsError
from wordcards.core.moves import Challenge, NextRound
from wordcards.core.computer import LEVELS
from wordcards.core.common import Event, Seat, printable
from wordcards.core.options import check_options
from wordcards.core.game import Bot, Game
from wordcards.core.registry import find_game


def check_setup(spec: Game, seats: list[Seat], options: dict, saved: bool = False, hosted: bool = False) -> None:
    """ValueError unless the seats (how many, their levels, their names) and options suit the game.

    A ``saved`` game may hold an option outside its variation (the setup form once let it through): it never
    counted, so it does not stop the game from loading. Several people race each other only in a ``hosted``
    game, each at their own keyboard."""
    spec.check_players(len(seats))
    for seat in seats:
        if seat.computer is not None and seat.computer not in LEVELS:
            raise ValueError(f"{seat.name}: unknown computer level {seat.computer[:20]!r} (levels: {', '.join(LEVELS)})")
    if len({seat.name for seat in seats}) != len(seats):
        raise ValueError("two seats have the same name")
    check_options(options, spec.options, len(seats), outside="allowed" if saved else "changed")
    people = sum(seat.is_human for seat in seats)
    if spec.race and spec.race.chosen(options) and people > 1 and not (hosted or saved):
        raise ValueError(f"a race at one keyboard is for one person, not {people}: "
                         "host it (wordcards host) for each to race at their own")


ClockKey = tuple[int, int, int]
"""The turn a clock runs for: round, turn start, seat."""


def saved_clock(data: dict) -> tuple[ClockKey, float] | None:
    """The turn clock a save holds, if it is well formed; a bad one only costs the turn a fresh clock."""
    turn, left = data.get("turn"), data.get("left")
    if not (isinstance(turn, list) and len(turn) == 3 and all(type(n) is int for n in turn)):
        return None
    if not isinstance(left, (int, float)) or isinstance(left, bool) or not 0 <= left <= 3600:
        return None
    return (turn[0], turn[1], turn[2]), float(left)


@dataclass
class Match:
    spec: Game
    seats: list[Seat]
    options: dict[str, Any]
    seed: int
    state: Any
    dictionary: str = "default"
    strict: bool = False
    save_path: Path | None = None
    log: list[Event] = field(default_factory=list)
    save_error: str | None = None
    """Why the last save failed (the game goes on in memory), or None."""
    saved_moves: int | None = None
    """How many moves the save file holds (as of the last save that worked); None: nothing was ever saved."""
    table: dict[str, Any] = field(default_factory=dict)
    """A hosted table's settings, kept in the save so that ``host --resume`` sets the table up again as it was."""
    record: dict[str, Any] = field(default_factory=dict)
    """Where the club's record keeps a hosted game (its table and game), so that ``host --resume`` records on."""
    _bots: dict[tuple[int, str], Any] = field(default_factory=dict, repr=False)
    clock: tuple[ClockKey, float] | None = None
    """The turn clock when last saved: the turn it ran for (round, turn start, seat) and the seconds left."""
    held: Any = field(default=None, repr=False)
    """This process's claim on the save (``saves.hold``), while it plays the game; None: not claimed."""
    on_move: Callable[[int, int | None, str], None] | None = field(default=None, repr=False)
    """Told of each move once it is applied and saved: its number (from 1), who made it, its notation."""

    # ------------------------------------------------------------ making one

    @classmethod
    def new(cls, game: str, seats: list[Seat], options: dict | None = None, seed: int | None = None,
            dictionary: str = "default", strict: bool = False, save: bool = True, hosted: bool = False,
            table: dict[str, Any] | None = None) -> "Match":
        """Set up a game; ValueError (or a WordcardsError) says what is wrong with the seats or options."""
        spec = find_game(game)
        seed = int(time.time() * 1000) % 2**31 if seed is None else seed
        options = dict(options or {})
        check_setup(spec, seats, options, hosted=hosted)
        if dictionary == "default":
            dictionary = spec.word_list(options) or dictionary
        state = spec.rules.new_game(seats, options, seed)
        match = cls(spec, list(seats), options, seed, state, dictionary, strict,
                     saves.new_path(spec.name) if save else None, table=dict(table or {}))
        match.save()
        return match

    @classmethod
    def load(cls, path: Path, dictionary: str | None = None) -> "Match":
        """Replay a save file; ``dictionary`` replaces the word list it names. SaveError says what is wrong."""
        data = saves.read(path)
        try:
            spec = find_game(data["game"])
            seats = [Seat.from_json(s) for s in data["seats"]]
            check_setup(spec, seats, data["options"], saved=True)
            state = spec.rules.new_game(seats, data["options"], data["seed"])
        except (WordcardsError, ValueError) as exc:
            raise SaveError(f"save file {path} cannot be set up again: {exc}; it was left as it is") from None
        dictionary = dictionary or data["dictionary"]
        try:
            lexicons.precheck(dictionary)
        except WordcardsError as exc:
            raise SaveError(f"save file {path} plays with {exc}; resume it with --dictionary NAME|PATH") from None
        log: list[Event] = []
        for number, text in enumerate(data["moves"], start=1):
            try:
                state, events = spec.rules.apply(state, str(text))
                log.extend(events)
            except ValueError as exc:
                quoted = repr(text) if len(text) <= 60 else f"{text[:60]!r}… ({len(text)} characters)"
                raise SaveError(f"save file {path} is corrupt: move {number} ({quoted}) does not replay: "
                                f"{str(exc)[:200]}") from None
        return cls(spec, seats, data["options"], data["seed"], state, dictionary, data["strict"], path, log,
                   saved_moves=len(data["moves"]), table=dict(data["table"]), clock=saved_clock(data["clock"]),
                   record=dict(data["record"]))

    # ------------------------------------------------------------ the word list

    @property
    def lexicon(self) -> lexicons.Lexicon:
        return lexicons.load(self.dictionary)

    def is_word(self, word: str) -> bool:
        return word.lower() in self.lexicon

    def unlisted(self, words: Iterable[str]) -> str | None:
        """In a strict game, why the first of ``words`` the list lacks is refused (a preview says it before Enter);
        None when the list has them all, or the game is not strict."""
        missing = next((word for word in words if not self.is_word(word)), None) if self.strict else None
        return None if missing is None else \
            f"{missing.upper()} is not in the word list ({self.dictionary}), and this game is strict"

    def vocabulary(self, level: str) -> lexicons.Lexicon:
        """The words a computer player of ``level`` knows."""
        return lexicons.vocabulary(self.dictionary, LEVELS[level].vocabulary)

    def bot(self, seat: int, level: str | None = None, instead: str | None = None) -> Bot:
        """The computer player of ``seat``: its own level, else ``level``, else *hard* (a person's seat: hints);
        ``instead``: a player of that level whatever the seat's (one that stands in after another failed)."""
        level = instead or self.seats[seat].computer or level or "hard"
        if (seat, level) not in self._bots:
            self._bots[seat, level] = self.spec.make_bot(level, self.vocabulary(level), self.seed * 31 + seat)
        return self._bots[seat, level]

    # ------------------------------------------------------------ playing

    @property
    def rules(self) -> Any:
        return self.spec.rules

    def view(self, seat: int) -> Any:
        return self.rules.player_view(self.state, seat)

    def public_view(self) -> Any:
        """What anyone may see (a spectator, a covered screen): the mover's view with every private part emptied."""
        view = self.view(self.state.current)
        return dataclasses.replace(view, hand=(), **{name: () for name in self.spec.private_view_fields})

    @property
    def history(self) -> tuple[str, ...]:
        """Every move so far, in notation: public, like a scoresheet (what a save records)."""
        return tuple(self.state.history)

    @property
    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def play(self, move: Any) -> list[Event]:
        """Referee, apply, save. Raises InvalidMove/IllegalMove with a message for the player."""
        if isinstance(move, str):
            move = self.rules.parse_move(move)
        unlisted = self.unlisted(self.rules.words_formed(self.state, move))
        if unlisted:
            raise IllegalMove(unlisted)
        required = self.spec.words_required  # a move that must make real words in any mode
        for word in required(self.state, move) if required else []:
            if not self.is_word(word):
                raise IllegalMove(f"{word.upper()} is not in the word list ({self.dictionary})")
        seat = self.mover(move)
        self.state, events = self.rules.apply(self.state, move)
        self.log.extend(events)
        self.save()
        if self.on_move is not None:
            self.on_move(len(self.state.history), seat, self.state.history[-1])
        return events

    def mover(self, move: Any) -> int | None:
        """The seat that makes ``move`` now: its challenger, a racer (a race's moves name their seat), or the seat
        the game waits for; None for the next round's deal, which the game makes itself."""
        if isinstance(move, Challenge):
            return move.challenger
        if isinstance(move, NextRound):
            return None
        race = self.spec.race
        if race is not None and race.racing(self.state):
            return getattr(move, "seat", self.to_move)
        return self.to_move

    def challenge(self, challenger: int, target: int) -> tuple[bool, list[Event]]:
        """Challenge a word: the loaded list gives the verdict (True: the word is valid), the rules the consequence."""
        word = next((w for w in self.rules.challenge_targets(self.state) if w.word_id == target), None)
        if word is None:
            raise IllegalMove(f"word {target} cannot be challenged now")
        valid = self.is_word(word.text)
        return valid, self.play(Challenge(challenger, target, valid))

    # ------------------------------------------------------------ saving

    def claim(self) -> None:
        """Hold the save for this process while it plays (SaveError if another copy of wordcards does), so that two
        copies never overwrite each other's moves."""
        if self.save_path is not None and self.held is None:
            self.held = saves.hold(self.save_path)

    def release(self) -> None:
        if self.held is not None:
            self.held.close()
            self.held = None

    def save(self) -> None:
        if self.save_path is None:
            return
        try:
            self._write()
            self.save_error, self.saved_moves = None, len(self.history)
        except OSError as exc:
            self.save_error = printable(f"could not save to {self.save_path}: {exc.strerror or exc}")

    def unsaved(self) -> str | None:
        """What of the game the save file lacks, in a sentence, while saving fails; None while it holds every move."""
        if self.save_error is None:
            return None
        if self.saved_moves is None:
            return f"Nothing of this game could be saved ({self.save_error})."
        lost = len(self.history) - self.saved_moves
        if not lost:
            return None
        last = "The last move" if lost == 1 else f"The last {lost} moves"
        held = f"up to move {self.saved_moves}" if self.saved_moves else "as it was dealt"
        return f"{last} could not be saved ({self.save_error}); the save holds the game {held}."

    def _write(self) -> None:
        assert self.save_path is not None
        saves.write(self.save_path, {
            "game": self.spec.name,
            "seats": [s.to_json() for s in self.seats],
            "options": self.options,
            "seed": self.seed,
            "dictionary": self.dictionary,
            "strict": self.strict,
            "moves": list(self.history),
            "finished": self.is_over,
            **({"clock": {"turn": list(self.clock[0]), "left": self.clock[1]}} if self.clock else {}),
            **({"table": self.table} if self.table else {}),
            **({"record": self.record} if self.record else {}),
        })
