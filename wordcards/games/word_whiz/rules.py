"""Word Whiz rules: ``new_game``, ``apply``, ``player_view``, the score sheet.

Pure: no Textual, no Rich, no word list. A challenge move carries the word
list's verdict, as in every game here.

A round: the starting player pulls 12 tiles and places a 5-letter word
(``place``, or ``swap`` to pull 12 others). Then each player holds 7 face-up
tiles. Taking turns (the rulebook's variation for younger players, which is how
one keyboard is shared), a player places tiles in one row or column, joined to
the crossword; the others may challenge its words (phase ``challenge`` with
``placed`` set) before ``end`` refills the player's hand from their own bag.
Or they swap all seven, or pass. In a race any seat may place at any time, and
refills at once. The round ends when a player has used every tile (bag and
hand), or when nobody can go on. Then every word may be challenged; ``end``
scores the round.
"""

from __future__ import annotations

import random
from typing import Mapping

from wordcards.core.cards import shuffled
from wordcards.core.errors import IllegalMove, NotYourTurn, RefusedMove, SetupError
from wordcards.core.grid import ACROSS, GridWord, all_words, connected, line_problem, neighbours, open_square_name
from wordcards.core.moves import Challenge, EndTurn, NextRound
from wordcards.core.placing import Place, Placed, frozen_grid, letters_of, new_words, tiles_taken
from wordcards.core.common import Challengeable, counted, Event, Seat, sheet_totals, table_view_fields
from wordcards.core.rulekit import (apply_move, assert_all_cards, check_challenger, check_deal, check_seat, Handlers,
                                    is_over, phase_guard, score_sheet, to_move, totals)
from wordcards.core.rulekit import seat_name as _name
from wordcards.games.word_whiz import tiles as tileset
from wordcards.games.word_whiz.moves import Move, Pass, Swap, parse_move
from wordcards.games.word_whiz.scoring import round_lines
from wordcards.games.word_whiz.state import (
    GOAL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    QUIET_LAPS,
    WhizOptions,
    WhizState,
    WhizView,
)

__all__ = ["OPTIONS", "WhizOptions", "WhizState", "WhizView", "new_game", "apply", "player_view", "parse_move",
           "score_sheet", "totals", "to_move", "is_over", "check_invariants", "check_place", "letters_of",
           "words_formed", "challenge_targets", "MIN_PLAYERS", "MAX_PLAYERS"]

# ---------------------------------------------------------------- setting up


def new_game(seats: list[Seat], options: Mapping | None = None, seed: int = 0,
             deal: Mapping | None = None) -> WhizState:
    """A new game. ``deal`` pins a position for tests: ``grid`` as (row, col, tile, letter, seat) rows,
    ``hands``, ``bags`` (top last), and optionally ``current``; play starts at once."""
    opts = WhizOptions.read(options or {}, len(seats))
    if opts.race and not any(s.is_human for s in seats):
        raise SetupError("race mode needs a person to race the computer players")
    state = WhizState(list(seats), opts, seed, random.Random(seed), tileset.tiles())
    if deal is not None:
        _pin(state, deal)
        return state
    _choose_first_starter(state)
    _deal(state)
    return state


def _pin(s: WhizState, deal: Mapping) -> None:
    s.sets = [tileset.colour_for(seat, 1) for seat in range(s.players)]
    s.grid = {(r, c): Placed(tile, letter, seat) for r, c, tile, letter, seat in deal.get("grid", [])}
    s.hands = [list(h) for h in deal["hands"]]
    s.bags = [list(b) for b in deal.get("bags", [[] for _ in s.seats])]
    check_deal([p.tile for p in s.grid.values()] + all_held(s), s.cards)
    s.stuck = [False] * s.players
    s.current = deal.get("current", 0)
    s.phase = "play"


def _choose_first_starter(s: WhizState) -> None:
    """Before round 1 each player pulls a tile; the earliest letter starts (a wild beats every letter; ties pull again)."""
    sets = [tileset.colour_for(seat, 1) for seat in range(s.players)]
    contenders = list(range(s.players))
    said = []
    while len(contenders) > 1:
        pulls = {seat: s.cards[s.rng.choice(tileset.tiles_of(sets[seat]))].letters for seat in contenders}  # "": wild
        said.append(", ".join(f"{_name(s, seat)} pulled {letter or 'a wild'}" for seat, letter in pulls.items()))
        contenders = [seat for seat in contenders if pulls[seat] == min(pulls.values())]
    s.starter = contenders[0]
    s.opening = "; then ".join(said) + f": {_name(s, s.starter)} starts"


def _deal(s: WhizState) -> None:
    """Fill every bag with this round's set; the starting player pulls 12 tiles."""
    s.sets = [tileset.colour_for(seat, s.round) for seat in range(s.players)]
    s.bags = [shuffled(s.rng, tileset.tiles_of(colour)) for colour in s.sets]
    s.box = [t for colour in tileset.COLOURS if colour not in s.sets for t in tileset.tiles_of(colour)]
    s.hands = [[] for _ in s.seats]
    s.grid, s.finisher, s.quiet, s.struck = {}, None, 0, []
    s.stuck = [False] * s.players
    _pull(s, s.starter, tileset.START_PULL)
    s.current = s.starter
    s.phase = "start"
    s.turn_start = len(s.history)


def _pull(s: WhizState, seat: int, upto: int) -> None:
    hand, bag = s.hands[seat], s.bags[seat]
    while len(hand) < upto and bag:
        hand.append(bag.pop())


# ---------------------------------------------------------------- applying moves


def apply(state: WhizState, move: Move | str) -> tuple[WhizState, list[Event]]:
    """Check ``move`` and return the new state and what happened; ``state`` itself is never changed."""
    return apply_move(state, move, parse=parse_move, handlers=_HANDLERS, game="Word Whiz")


def phase_help(s: WhizState | WhizView) -> str:
    name = s.seats[s.current].name
    return {
        "start": f"{name} places the 5-letter starting word",
        "play": "anyone places tiles (a race)" if s.options.race else f"it is {name}'s turn to place tiles",
        "challenge": (f"{name}'s placement may be challenged before they refill" if s.placed else
                      "the round is over; words may be challenged before it is scored"),
        "round-over": "the round is scored; deal the next one",
        "game-over": "the game is over",
    }[s.phase]


_need_phase = phase_guard(phase_help)


def _need_seat(s: WhizState, move: Place | Swap) -> None:
    check_seat(s, move.seat)
    if s.phase == "play" and s.options.race:
        return
    if move.seat != s.current:
        raise NotYourTurn(f"it is {_name(s)}'s turn, not {_name(s, move.seat)}'s")


def check_place(v: WhizState | WhizView, move: Place, hand: list[str] | tuple[str, ...]) -> tuple[list, list[GridWord]]:
    """The tiles ``move`` takes from ``hand`` (cell, tile, letter) and the words it makes; IllegalMove says why not.

    Shared by the rules and the screen's preview, so the message a player sees
    while typing is the one a move would get.
    """
    new = tiles_taken(v.grid, v.cards, move, hand, open_square_name)
    cells = [cell for cell, _, _ in new]
    problem = line_problem(cells, v.grid.__contains__, open_square_name)
    if problem:
        raise IllegalMove(problem)
    if v.phase == "start":
        if len(new) != tileset.START_WORD or move.direction != ACROSS:  # the grid is empty: every square is new
            raise IllegalMove(f"the starting word is one 5-letter word placed across, not {move.spelling.upper()}")
    elif not any(n in v.grid for cell in cells for n in neighbours(cell)):
        raise IllegalMove("the tiles must join the crossword (touch a tile already on it)")
    return new, new_words(v.grid, new)


def _place(s: WhizState, move: Place) -> list[Event]:
    _need_phase(s, "start", "play")
    _need_seat(s, move)
    new, words = check_place(s, move, s.hands[move.seat])
    hand = s.hands[move.seat]
    for cell, tile, letter in new:
        hand.remove(tile)
        s.grid[cell] = Placed(tile, letter, move.seat)
    # Words pay at the round's end, to everyone with a tile in them: what they would pay now, not a score yet.
    made = ", ".join(w.text.upper() + (f" {tileset.word_points(len(w.text))}" if len(w.text) >= 4 else "")
                     for w in words)
    events = [Event(f"{_name(s, move.seat)} placed {counted(len(new), 'tile')}: {made}",
                    words=tuple(w.text.upper() for w in words))]
    if s.phase == "start":
        for seat in range(s.players):
            _pull(s, seat, tileset.HAND)
        s.phase = "play"
        s.current = _first_human(s) if s.options.race else (s.starter + 1) % s.players
        s.turn_start = len(s.history)
        # Whose turn it is the status line says: a log line saying so would outlive the turn.
        return events + ([Event("The race is on!")] if s.options.race else [])
    if not hand and not s.bags[move.seat]:
        s.finisher = move.seat
        return events + [Event(f"{_name(s, move.seat)} is out! +{tileset.FINISH_BONUS} unless a word of theirs "
                               "falls to a challenge"), *_round_end(s)]
    if s.options.race:
        return events + _stands(s, move.seat)
    s.phase, s.placed, s.challenged = "challenge", [cell for cell, _, _ in new], []  # before the refill
    return events


def _stands(s: WhizState, seat: int) -> list[Event]:
    """A placement stands: its player refills, and play goes on."""
    _pull(s, seat, tileset.HAND)
    s.phase, s.placed = "play", []
    s.quiet = 0
    s.stuck = [False] * s.players
    return _next_turn(s)


def _swap(s: WhizState, move: Swap) -> list[Event]:
    _need_phase(s, "start", "play")
    _need_seat(s, move)
    hand, bag = s.hands[move.seat], s.bags[move.seat]
    size = tileset.START_PULL if s.phase == "start" else tileset.HAND
    if len(hand) != size:
        raise IllegalMove(f"swap: you may swap only all {size} tiles at once (you hold {len(hand)})")
    if len(bag) < size:
        raise IllegalMove(f"swap: a swap takes {size} new tiles, and your bag has only {len(bag)}")
    old = hand[:]
    hand.clear()
    _pull(s, move.seat, size)  # the new tiles first, so that none of the old ones comes straight back
    s.bags[move.seat] = shuffled(s.rng, bag + old)
    event = Event(f"{_name(s, move.seat)} swapped all {size} tiles")
    if s.phase == "start":
        return [event]
    s.stuck[move.seat] = False
    s.quiet += 1
    return [event, *_next_turn(s)]


def _pass(s: WhizState, move: Pass) -> list[Event]:
    _need_phase(s, "play")
    _need_seat(s, move)
    if s.options.race:
        s.stuck[move.seat] = True
        events = [Event(f"{_name(s, move.seat)} is stuck")]
        if all(s.stuck):
            return events + [Event("Everyone is stuck: the round ends with nobody out"), *_round_end(s)]
        return events
    s.quiet += 1
    return [Event(f"{_name(s, move.seat)} passed"), *_next_turn(s)]


def _next_turn(s: WhizState) -> list[Event]:
    if s.options.race:
        return []
    if s.quiet >= QUIET_LAPS * s.players:
        return [Event(f"Nobody has placed a tile for {QUIET_LAPS} laps of the table: the round ends with nobody out"),
                *_round_end(s)]
    s.current = (s.current + 1) % s.players
    s.turn_start = len(s.history)
    return []


def _first_human(s: WhizState) -> int:
    return next((i for i, seat in enumerate(s.seats) if seat.is_human), s.starter)


def _round_end(s: WhizState) -> list[Event]:
    """Play stops; every word on the crossword may now be challenged (the finisher, or the starter, holds the floor)."""
    s.phase = "challenge"
    s.challenged = []
    s.current = s.finisher if s.finisher is not None else s.starter
    if s.options.race:
        s.current = _first_human(s)
    s.turn_start = len(s.history)
    return [Event("Any challenges? Every word on the crossword may be challenged before scoring")]


def _challenge(s: WhizState, move: Challenge) -> list[Event]:
    _need_phase(s, "challenge")
    check_challenger(s, move.challenger, own=not s.placed)
    words = crossword_words(s)
    if not 0 <= move.word < len(words):
        raise IllegalMove(f"there is no word {move.word} on the crossword")
    word = words[move.word]
    if move.word in s.challenged:
        raise IllegalMove(f"{word.text.upper()} has already been challenged")
    if s.placed and not set(word.cells) & set(s.placed):
        raise IllegalMove(f"{word.text.upper()} is not a word of {_name(s)}'s placement: the round's end is the time "
                          "for it")
    s.challenged.append(move.word)
    who = _name(s, move.challenger)
    if move.valid:
        return [Event(f"{who} challenged {word.text.upper()}: it is a word, and stands")]
    if s.placed:
        return [Event(f"{who} challenged {word.text.upper()}: not a word! {_name(s)}'s tiles go back to their hand, "
                      "and the turn passes"), *_take_back(s)]
    s.struck.append(word.key)
    return [Event(f"{who} challenged {word.text.upper()}: not a word! It scores nothing")]


def _take_back(s: WhizState) -> list[Event]:
    """A challenge struck a placement: its tiles leave the crossword for its player's hand, and their turn is over
    as if they had passed."""
    hand = s.hands[s.current]
    for cell in s.placed:
        hand.append(s.grid.pop(cell).tile)
    s.phase, s.placed = "play", []
    s.quiet += 1
    return _next_turn(s)


def _end(s: WhizState, move: EndTurn) -> list[Event]:
    _need_phase(s, "challenge")
    if s.placed:
        return _stands(s, s.current)
    unplayed = [len(h) + len(b) for h, b in zip(s.hands, s.bags)]
    names = [seat.name for seat in s.seats]
    closing = round_lines(s.grid, set(s.struck), s.finisher, unplayed, names, s.round)
    s.lines.extend(closing)
    totals_now = totals(s)
    over = (s.round >= s.options.rounds or (s.options.length == "to-50" and max(totals_now) >= GOAL))
    s.phase = "game-over" if over else "round-over"
    points = sheet_totals(closing, s.players)
    scores = ", ".join(f"{seat.name} {points[i]:+d}" for i, seat in enumerate(s.seats))
    return [Event(f"Round {s.round} is scored: {scores}")]


def _next_round(s: WhizState, move: NextRound) -> list[Event]:
    _need_phase(s, "round-over")
    points = sheet_totals([line for line in s.lines if line.round == s.round], s.players)
    low = min(points)
    order = [(s.starter + k) % s.players for k in range(1, s.players + 1)]
    s.starter = next(seat for seat in order if points[seat] == low)
    s.round += 1
    _deal(s)
    sets = ", ".join(f"{seat.name} {s.sets[i]}" for i, seat in enumerate(s.seats))
    return [Event(f"Round {s.round}: the sets pass to the left ({sets}); {_name(s)} scored least and starts")]


_HANDLERS: Handlers = {Place: _place, Swap: _swap, Pass: _pass, Challenge: _challenge, EndTurn: _end, NextRound: _next_round}


# ---------------------------------------------------------------- reading the state


def player_view(s: WhizState, seat: int) -> WhizView:
    return WhizView(**table_view_fields(s, seat, s.lines), options=s.options, grid=frozen_grid(s.grid),
                    sets=tuple(s.sets), bag_counts=tuple(len(b) for b in s.bags), opening=s.opening,
                    finisher=s.finisher, stuck=tuple(s.stuck), struck=tuple(s.struck), placed=tuple(s.placed))


def all_held(s: WhizState) -> list[str]:
    return [t for h in s.hands for t in h] + [t for b in s.bags for t in b] + list(s.box)


def check_invariants(s: WhizState) -> None:
    """Raise AssertionError if a tile is lost or duplicated, a hand is the wrong size, the crossword is
    broken, or the sheet does not add up."""
    assert_all_cards([p.tile for p in s.grid.values()] + all_held(s), s.cards)
    for seat, colour in enumerate(s.sets):
        mine = s.hands[seat] + s.bags[seat] + [p.tile for p in s.grid.values() if p.seat == seat]
        assert all(s.cards[t].colour == colour for t in mine), f"{_name(s, seat)} holds a tile of another set"
    if s.phase == "play":
        for seat, hand in enumerate(s.hands):
            assert len(hand) == min(tileset.HAND, len(hand) + len(s.bags[seat])), f"{_name(s, seat)}'s hand is short"
    assert connected(s.grid), "the crossword is in pieces"
    assert all(len(w.text) >= 2 for w in all_words(letters_of(s.grid))), "a one-letter word"
    for p in s.grid.values():
        card = s.cards[p.tile]
        assert card.kind == "blank" or card.letters.lower() == p.letter, f"{p.tile} reads {p.letter}"
    assert sum(totals(s)) == sum(line.points for line in s.lines)


# ---------------------------------------------------------------- for the referee (core.match)


def words_formed(s: WhizState, move: Move) -> list[str]:
    """The words a move would make, for strict mode."""
    if isinstance(move, Place) and s.phase in ("start", "play") and 0 <= move.seat < s.players:
        try:
            return [w.text for w in check_place(s, move, s.hands[move.seat])[1]]
        except RefusedMove:
            return []
    return []


def crossword_words(v: WhizState | WhizView) -> list[GridWord]:
    """Every word on the crossword, in reading order; a word's number is its place in this list."""
    return all_words(letters_of(v.grid))


def challenge_targets(v: WhizState | WhizView) -> list[Challengeable]:
    """Taking turns, the words of a placement before its player refills; at the round's end, every word."""
    if v.phase != "challenge":
        return []
    placed = set(v.placed)
    out = []
    for number, word in enumerate(crossword_words(v)):
        if number not in v.challenged and (not placed or placed & set(word.cells)):
            owners = sorted({v.grid[c].seat for c in word.cells})
            out.append(Challengeable(number, word.text.upper(), " & ".join(v.seats[o].name for o in owners)))
    return out
