"""A finished two-player Scrabble Fluxx game as GCG, the text file Quackle and Woogles keep Scrabble games in.

Pure: it reads a replay (``core.replay``), position by position. The board is Scrabble's (15×15, the same premium
squares and the 100 English tiles), so every placement is a GCG move line, written as GCG writes them: the rack
before it (``?`` a blank), the main word's first square (``8H``: row first, across; ``H8``: column first, down),
the word with the letters it plays through as ``.`` and a blank's letter in lower case, its points and the
player's running total. A swap is ``-TILES +0``, a pass ``- +0``, and a turn lost to a failed challenge is a pass.

What GCG has no line for goes in ``#note`` lines at the move where it happens: every Fluxx card played (New Rules,
Goals, Keepers, Actions and what they did), discards down to the limits, reveals and the search for a play, and how
the game ended. Scores are this game's own (its New Rules change how words score), and the running totals are always
the score sheet's:

- A turn may lay several words, each a line; a word's points are what the turn's standing total gained with it.
  Its bonuses count once the turn is done.
- A challenge that strikes the turn's words is a withdrawn phony (``-- -N``), for the whole turn.
- A revealed rack's outcome is a score change GCG cannot say: a gain is written as a challenge bonus
  (``(challenge) +N``), a loss as a time penalty (``(time) -N``), each with a ``#note`` saying what it was.
- The tiles-left penalties of a game that ends as Scrabble does are GCG's end-of-game lines: ``(RACK) +N`` for
  the player who went out, ``RACK (RACK) -N`` for a rack left.
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping

from wordcards.core.cards import Card
from wordcards.core.common import ScoreLine, Seat
from wordcards.core.grid import ACROSS, column_letters, words_through
from wordcards.core.moves import Challenge
from wordcards.core.placing import Placed, letters_of
from wordcards.core.replay import Replay, ReplayError
from wordcards.games.scrabble_fluxx import rules
from wordcards.games.scrabble_fluxx.moves import Find, NoFind, Pass, Place, Swap
from wordcards.games.scrabble_fluxx.state import FluxxState

GAME = "scrabble-fluxx"
UNSCORED = ("place", "reveal", "challenge")
"""The phases in which a turn's words wait for its end to be scored (``rules.pending_points``)."""
END_LINES = ("tiles left", "went out", "revealed rack")
"""Score lines GCG has lines of its own for (or stands in for): written as they come, not as a turn's points."""


def check(game: Replay) -> None:
    """ReplayError, in one line, unless ``game`` is a finished two-player Scrabble Fluxx game."""
    players = len(game.seats)
    if game.spec.name != GAME or players != 2:
        what = f"a {players}-player {game.spec.title} game" if game.spec.name == GAME else f"a {game.spec.title} game"
        raise ReplayError(f"GCG is for two-player Scrabble Fluxx games, and this is {what}")
    if not game.is_over:
        raise ReplayError("GCG is for a finished game, and this one is not")


def nicknames(seats: tuple[Seat, ...]) -> list[str]:
    """A GCG nickname for each seat: one word of letters, digits, ``_`` and ``-``, and no two the same."""
    out: list[str] = []
    for n, seat in enumerate(seats, start=1):
        nick = re.sub(r"[^\w-]+", "_", seat.name, flags=re.ASCII).strip("_") or f"player{n}"
        out.append(nick if nick not in out else f"{nick}{n}")
    return out


def rack(state: FluxxState, seat: int) -> str:
    return tiles(state.cards, state.hands[seat])


def tiles(cards: Mapping[str, Card], ids: Iterable[str]) -> str:
    """Tiles as GCG writes a rack: their letters in order, then ``?`` for each blank."""
    return "".join(sorted((cards[t].letters or "?" for t in ids), key=lambda letter: (letter == "?", letter)))


def standing(state: FluxxState, seat: int) -> int:
    """The seat's score with what its turn has laid so far counted, as the GCG lines count it."""
    waiting = rules.pending_points(state, seat) if state.phase in UNSCORED else 0
    return rules.totals(state)[seat] + waiting


def placed(before: Mapping, after: Mapping, cards: Mapping[str, Card], direction: str) -> tuple[str, str]:
    """A placement's square and word in GCG: the main word through the new tiles (a lone tile's is the word it
    makes in the move's direction, if it makes one)."""
    new = [cell for cell in after if cell not in before]
    words = [w for w in words_through(letters_of(after), new) if set(new) <= set(w.cells)]
    word = next((w for w in words if w.direction == direction), words[0])
    row, col = word.cells[0]
    square = f"{row + 1}{column_letters(col)}" if word.direction == ACROSS else f"{column_letters(col)}{row + 1}"
    return square, "".join(tile_letter(after[cell], cards) if cell in new else "." for cell in word.cells)


def tile_letter(tile: Placed, cards: Mapping[str, Card]) -> str:
    return tile.letter if cards[tile.tile].kind == "blank" else tile.letter.upper()


class Lines:
    """The GCG text being written, and each seat's total as its lines have said it."""

    def __init__(self, game: Replay) -> None:
        self.nicks = nicknames(game.seats)
        self.said = [0] * len(game.seats)
        self.text = ["#character-encoding UTF-8"]

    def line(self, seat: int, body: str, points: int) -> None:
        self.said[seat] += points
        self.text.append(f">{self.nicks[seat]}: {body} {points:+d} {self.said[seat]}")

    def note(self, text: str) -> None:
        self.text.append(f"#note {text}")

    def score_line(self, score: ScoreLine, state: FluxxState) -> None:
        """A score line GCG has a line of its own for, or one it stands in for (a revealed rack's outcome)."""
        seat, points = score.seat, score.points
        if score.label == "went out":
            self.line(seat, f"({rack(state, 1 - seat)})", points)
        elif score.label == "tiles left":
            self.line(seat, f"{rack(state, seat)} ({rack(state, seat)})", points)
        else:
            self.line(seat, f"{rack(state, seat)} ({'challenge' if points > 0 else 'time'})", points)
            self.note(f"not a {'challenge bonus' if points > 0 else 'time penalty'}: the revealed rack's outcome "
                      f"({'nobody' if points > 0 else 'another player'} found a play of it), {points:+d}")


def gcg(game: Replay) -> str:
    """The game as GCG text; ReplayError unless it is a finished two-player Scrabble Fluxx game (``check``)."""
    check(game)
    out = Lines(game)
    first: FluxxState = game.plies[0].state
    order = [first.current, 1 - first.current]  # player1 went first
    out.text += [f"#player{n} {out.nicks[seat]} {game.seats[seat].name}" for n, seat in enumerate(order, start=1)]
    out.text += ["#title Scrabble Fluxx", f"#description Scrabble Fluxx (wordcards), seed {game.seed}"]
    last_rack = ["", ""]
    """Each seat's rack before its latest placement: a struck turn's withdrawn phony has it."""
    for previous, ply in zip(game.plies, game.plies[1:]):
        before, after = previous.state, ply.state
        move = rules.parse_move(ply.move)
        if isinstance(move, Place) and not isinstance(move, Find):
            seat = move.seat
            last_rack[seat] = rack(before, seat)
            square, word = placed(before.board, after.board, after.cards, move.direction)
            out.line(seat, f"{last_rack[seat]} {square} {word}", max(0, standing(after, seat) - out.said[seat]))
        elif isinstance(move, Swap):
            out.line(move.seat, f"{rack(before, move.seat)} -{tiles(before.cards, move.ids)}", 0)
        elif isinstance(move, Pass) and not isinstance(move, NoFind):
            out.line(move.seat, f"{rack(before, move.seat)} -", 0)
        else:
            for event in ply.events:
                if event.text:
                    out.note(event.text)
        for seat in order:
            if before.skip[seat] and not after.skip[seat]:  # a turn lost to a failed challenge
                out.line(seat, f"{rack(after, seat)} -", 0)
        for score in after.lines[len(before.lines):]:
            if score.label in END_LINES:
                out.score_line(score, after)
        for seat in order:
            left = standing(after, seat) - out.said[seat]
            if left < 0 and isinstance(move, Challenge) and after.struck:
                out.line(seat, f"{last_rack[seat]} --", left)
            elif left:
                out.line(seat, f"{rack(after, seat)} ({'challenge' if left > 0 else 'time'})", left)
                out.note(f"{game.seats[seat].name}'s score {'gains' if left > 0 else 'loses'} {abs(left)} here, "
                         "which GCG has no line for")
    return "\n".join(out.text) + "\n"
