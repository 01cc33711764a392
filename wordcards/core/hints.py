"""Hints: what a computer player of a chosen level would do in the seat to move, and what it would score.

The hint's player reads only that seat's view, as every computer player does, so a hint never tells what the
seat could not see.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from wordcards.core.computer import HINT_LEVEL
from wordcards.core.match import Match
from wordcards.core.moves import Challenge


class Hint(NamedTuple):
    seat: int
    move: Any
    notation: str
    """The move as it is written in saves and on the command line."""
    points: int
    """What the seat's score would change by at once."""
    events: list[str]
    """What would happen, in the log's words."""
    view: Any
    """What the seat saw when the move was chosen (to say the move in a player's words)."""
    words: tuple[str, ...] = ()
    """The words the move would put on the table."""

    def headline(self, said: str | None) -> str:
        """The move as a player says it (``said``, else the log's words) and what it would score: "ZAX across from
        G9 for 37"."""
        text = said or "; ".join(self.events) or self.notation
        if self.points > 0 and not says_points(text, self.points):
            text += f" for {self.points}"
        return text[:1].upper() + text[1:]

    def explanation(self, name: str) -> str:
        """What the move would do, in the log's words, and what it would score at once (if anything)."""
        said = "; ".join(self.events) if self.events else f"{name}: {self.notation}"
        if self.points and not says_points(said, self.points):
            said += f". {name}'s score would {'rise' if self.points > 0 else 'fall'} by {abs(self.points)}"
        return f"If played: {said}."


class NoHint(Exception):
    """Nobody is to move (the game is over), or a race runs."""


NOT_IN_A_RACE = "a race gives no hints: a placement handed over at a keypress would beat any computer player"
DURING_A_CHALLENGE = "no move to hint while a play is open to challenge: whether to challenge is each player's call"


def challenge_open(match: Match) -> bool:
    """Words are open to challenge: the player to move can only let them stand, and a hint would not say whether a
    word is good (a *hard* player's judgement is the word list's own verdict)."""
    return not match.strict and bool(match.rules.challenge_targets(match.state))


class Missed(NamedTuple):
    """A move whose seat could have scored more at once: what it played, and what a *hard* player would have."""

    move_number: int
    played: str
    """What the seat did, in the log's words (its notation when the log says nothing)."""
    points: int
    best: Hint

    def lines(self) -> tuple[str, str]:
        best = "; ".join(self.best.events) or self.best.notation
        return (f"move {self.move_number}: {_with_points(self.played, self.points)}",
                f"  a hard player: {_with_points(best, self.best.points)}")


def _with_points(said: str, points: int) -> str:
    """The log's words, and the points when they do not already say them."""
    return said if says_points(said, points) else f"{said} ({points:+d})"


def says_points(said: str, points: int) -> bool:
    """Whether the log's words end with these points already ("= 37", "+9", "= 480 (+360)")."""
    return said.rstrip(".").endswith((f"= {points}", f"{points:+d}", f"({points:+d})"))


def suggest(match: Match, level: str = HINT_LEVEL, seat: int | None = None) -> Hint:
    """The move a ``level`` computer player would make for ``seat`` (default: the seat to move), tried on a copy."""
    race = match.spec.race
    if race is not None and race.racing(match.state):
        raise NoHint(NOT_IN_A_RACE)
    if challenge_open(match):
        raise NoHint(DURING_A_CHALLENGE)
    seat = match.to_move if seat is None else seat
    if seat is None:
        raise NoHint("the game is over" if match.is_over else "no single seat is to move now")
    return _advice(match, match.state, seat, level)


def _advice(match: Match, state: Any, seat: int, level: str) -> Hint:
    rules = match.rules
    bot = match.spec.make_bot(level, match.vocabulary(level), match.seed * 31 + seat + len(state.history))
    view = rules.player_view(state, seat)
    move = bot.choose(view)
    after, events = rules.apply(state, move)
    return Hint(seat, move, str(move), _gain(match, state, after, seat), [e.text for e in events if e.text], view,
                tuple(word for e in events for word in e.words))


def _gain(match: Match, before: Any, after: Any, seat: int) -> int:
    """What a move adds to the seat's score: at once, and what its turn has pending (``Game.pending_points``)."""
    totals, pending = match.rules.totals, match.spec.pending_points
    gain = totals(after)[seat] - totals(before)[seat]
    return gain + (pending(after, seat) - pending(before, seat) if pending else 0)


def missed_chances(match: Match, seat: int, most: int = 3) -> list[Missed] | None:
    """The ``most`` moves of ``seat`` that fell furthest short of what a *hard* player would have scored at once,
    biggest first, found by replaying the game's history (a finished game's moves are all public).

    None for a game that scores at the end of a round (``Game.scores_moves``, ``Game.pending_points``): it cannot be
    judged a move at a time."""
    if not match.spec.scores_moves and match.spec.pending_points is None:
        return None
    rules = match.rules
    state = rules.new_game(match.seats, match.options, match.seed)
    moves: list[Missed] = []
    for number, notation in enumerate(match.history, 1):
        move = rules.parse_move(notation)
        mover = rules.to_move(state)
        after, events = rules.apply(state, move)
        if isinstance(move, Challenge) and move.challenger != seat:
            lost = _gain(match, state, after, seat)
            scored = [i for i, m in enumerate(moves) if m.points > 0]
            if lost < 0 and scored:  # another's challenge struck the seat's play: it scored less than it seemed to
                last = moves[scored[-1]]
                moves[scored[-1]] = last._replace(played=f"{last.played}; challenged off", points=last.points + lost)
        elif mover != seat and state.current == seat and moves:
            # Another's move in the seat's own turn is part of what that turn scored (a find of its revealed rack)
            change = _gain(match, state, after, seat)
            if change:
                said = "; ".join(e.text for e in events if e.text)
                moves[-1] = moves[-1]._replace(played=f"{moves[-1].played}; {said}", points=moves[-1].points + change)
        elif mover == seat:
            played = "; ".join(e.text for e in events if e.text) or notation
            moves.append(Missed(number, played, _gain(match, state, after, seat), _advice(match, state, seat, "hard")))
        state = after
    missed = sorted((m for m in moves if m.best.points > m.points), key=lambda m: (m.points - m.best.points, m.move_number))
    chances: dict[str, Missed] = {}
    for chance in missed:  # the same move missed turn after turn (the cards kept, the word there) is one chance
        chances.setdefault(chance.lines()[1], chance)
    return list(chances.values())[:most]
