"""Scrabble Fluxx rules: ``new_game``, ``apply``, ``player_view``, the score sheet.

Pure: no Textual, no Rich, no word list (a challenge carries the list's
verdict, and the referee checks the words of a ``find``).

The first round (one lap of the table) is plain Scrabble: lay one word, or
swap tiles, or pass, then draw back up to seven. Every later turn is a Fluxx
turn (draw and play cards under the rules in force) and then a Scrabble turn:
draw Draw-N tiles, lay exactly Play-N tiles in one word or several, or lay
what you can and reveal the rest; the others look for a play of the revealed
tiles; challenges; scoring; discarding tiles down to the Hand Limit. A Goal
met ends the game at once, and the highest score wins.
"""

from __future__ import annotations

import random
from typing import Mapping

from wordcards.core.cards import shuffled
from wordcards.core.errors import IllegalMove, NotNow, NotYourTurn, RefusedMove
from wordcards.core.grid import Cell, all_words, connected, line_problem, neighbours, square_name, words_through
from wordcards.core.moves import Challenge, EndTurn
from wordcards.core.placing import Place, Placed, frozen_grid, letters_of, new_words, tiles_taken
from wordcards.core.common import Challengeable, counted, Event, ScoreLine, Seat, table_view_fields
from wordcards.core.rulekit import (apply_move, assert_all_cards, check_challenger, check_deal, guessed_table, Handlers,
                                    is_over, phase_guard, score_sheet, totals)
from wordcards.core.rulekit import seat_name as _name
from wordcards.games.scrabble_fluxx import deck
from wordcards.games.scrabble_fluxx.fluxx import (
    draw_cards,
    draw_tiles,
    excess,
    excess_text,
    goal_met,
    play_card,
    return_tiles,
    targets,
)
from wordcards.games.scrabble_fluxx.moves import Drop, Find, Move, NoFind, Pass, PlayCard, Reveal, Swap, parse_move
from wordcards.games.scrabble_fluxx.scoring import bonus_lines, placement_lines, rack_value
from wordcards.games.scrabble_fluxx.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    QUIET_LAPS,
    FluxxOptions,
    FluxxState,
    FluxxView,
)

__all__ = ["OPTIONS", "FluxxState", "FluxxView", "new_game", "apply", "player_view", "parse_move", "score_sheet",
           "totals", "to_move", "is_over", "check_invariants", "check_place", "challenge_targets", "targets",
           "excess", "words_formed", "words_required", "resample"]

STARTING_CARDS = 3
EXCHANGE_MIN = 7
"""As in Scrabble, tiles may be swapped only while the bag holds at least this many."""

# ---------------------------------------------------------------- setting up


def new_game(seats: list[Seat], options: Mapping | None = None, seed: int = 0,
             deal: Mapping | None = None) -> FluxxState:
    """A new game. ``deal`` pins a position for tests: ``board`` as (row, col, tile, letter, seat) rows,
    ``racks``, ``bag`` (top last), ``fluxx_hands``, ``deck`` (top last), ``keepers``, ``in_play``, ``goal``,
    ``discard``, ``current`` and ``turns`` (a number of turns already taken: 0 is the first, plain-Scrabble
    round; with ``turns`` at least the number of players the turn starts with its Fluxx half)."""
    s = FluxxState(list(seats), FluxxOptions.read(options or {}, len(seats)), seed, random.Random(seed), deck.tiles())
    s.skip = [False] * s.players
    s.keepers = [[] for _ in seats]
    if deal is not None:
        _pin(s, deal)
    else:
        s.stock = shuffled(s.rng, list(s.cards))
        s.deck = shuffled(s.rng, list(deck.fluxx()))
        _choose_first(s)
        s.hands = [[] for _ in seats]
        s.fluxx_hands = [[] for _ in seats]
        for seat in range(s.players):
            draw_tiles(s, seat, deck.RACK)
            draw_cards(s, seat, STARTING_CARDS)
    _begin_turn(s)
    return s


def _pin(s: FluxxState, deal: Mapping) -> None:
    s.board = {(r, c): Placed(tile, letter, seat) for r, c, tile, letter, seat in deal.get("board", [])}
    s.hands = [list(h) for h in deal["racks"]]
    s.stock = list(deal.get("bag", []))
    s.fluxx_hands = [list(h) for h in deal.get("fluxx_hands", [[] for _ in s.seats])]
    s.deck = list(deal.get("deck", []))
    s.discard = list(deal.get("discard", []))
    s.keepers = [list(k) for k in deal.get("keepers", s.keepers)]
    s.in_play = list(deal.get("in_play", []))
    s.goal = deal.get("goal")
    s.current = deal.get("current", 0)
    s.turns = deal.get("turns", 0)
    s.round = s.turns // s.players + 1
    check_deal([p.tile for p in s.board.values()] + _tiles_held(s), s.cards)
    check_deal(_cards_held(s), deck.fluxx())


def _choose_first(s: FluxxState) -> None:
    """As in Scrabble, everyone draws a tile: the letter nearest A starts (a blank beats all; ties draw again)."""
    contenders, said = list(range(s.players)), []
    while len(contenders) > 1:
        pulls = {seat: s.cards[s.rng.choice(s.stock)].letters for seat in contenders}  # "": a blank
        said.append(", ".join(f"{_name(s, seat)} drew {letter or 'a blank'}" for seat, letter in pulls.items()))
        contenders = [seat for seat in contenders if pulls[seat] == min(pulls.values())]
    s.current = contenders[0]
    s.opening = "; then ".join(said) + f": {_name(s)} goes first"


# ---------------------------------------------------------------- the turn


def _begin_turn(s: FluxxState) -> list[Event]:
    s.turn_start = len(s.history)
    s.drawn = s.played = 0
    s.target, s.placements, s.words, s.pending, s.struck = None, [], [], [], False
    s.revealed, s.finders, s.challenged = [], [], []
    if s.round == 1:
        return _start_scrabble(s)
    s.phase = "fluxx"
    s.drawn = s.rules.draw
    events = draw_cards(s, s.current, s.drawn)
    return events + _fluxx_progress(s)


def _fluxx_progress(s: FluxxState) -> list[Event]:
    """The Fluxx turn ends once the Play rule is met or the hand is empty; then the mover heeds the limits."""
    if s.phase != "fluxx" or s.owed:
        return []
    hand = s.fluxx_hands[s.current]
    if hand and (s.rules.play == 0 or s.played < s.rules.play):
        return []
    if excess(s, s.current, "fluxx-end"):
        s.phase = "fluxx-end"
        s.owed.append(s.current)
        return [Event(f"{_name(s)} must discard down to the limits")]
    return _start_scrabble(s)


def _start_scrabble(s: FluxxState) -> list[Event]:
    s.phase = "place"
    if s.round == 1:
        return []
    rack = s.hands[s.current]
    got = draw_tiles(s, s.current, s.rules.draw)
    need = s.rules.play or len(rack)
    s.target = min(need, len(rack))
    rule = "Play All" if s.rules.play == 0 else f"Play {s.rules.play}"
    events = [Event(f"{_name(s)} draws {counted(got, 'tile')} and must lay exactly {s.target} ({rule})")]
    if s.target == 0:
        return events + [Event(f"{_name(s)} has no tiles to lay")] + _finish_turn(s)
    return events


def _next_turn(s: FluxxState) -> list[Event]:
    events = []
    while True:
        s.current = (s.current + 1) % s.players
        s.turns += 1
        s.round = s.turns // s.players + 1
        if not s.skip[s.current]:
            break
        s.skip[s.current] = False
        s.quiet += 1
        events.append(Event(f"{_name(s)} loses this turn (their challenge of a good word failed)"))
    return events + _begin_turn(s)


# ---------------------------------------------------------------- applying moves


def apply(state: FluxxState, move: Move | str) -> tuple[FluxxState, list[Event]]:
    """Check ``move`` and return the new state and what happened; ``state`` itself is never changed."""
    return apply_move(state, move, parse=parse_move, handlers=_HANDLERS, game="Scrabble Fluxx")


def phase_help(s: FluxxState | FluxxView) -> str:
    if s.phase != "game-over" and s.owed:
        return f"{s.seats[s.owed[0]].name} must discard down to the limits"
    name = s.seats[s.current].name
    return {
        "fluxx": f"{name} plays Fluxx cards",
        "fluxx-end": f"{name} discards down to the limits",
        "place": f"{name} lays tiles",
        "reveal": f"{s.seats[s.finders[0]].name if s.finders else 'someone'} looks for a play of {name}'s tiles",
        "challenge": f"{name}'s words may be challenged",
        "turn-end": f"{name} discards tiles down to the Hand Limit",
        "game-over": "the game is over",
    }[s.phase]


_in_phase = phase_guard(phase_help)


def _need(s: FluxxState, move, *phases: str, seat: int | None = None) -> None:
    if s.owed and not isinstance(move, Drop):
        raise NotNow(f"not now: {phase_help(s)}")
    _in_phase(s, *phases)
    if seat is not None and seat != s.current:
        raise NotYourTurn(f"it is {_name(s)}'s turn, not seat {seat}'s")


def _play(s: FluxxState, move: PlayCard) -> list[Event]:
    _need(s, move, "fluxx")
    events = play_card(s, move)
    return events + (_end_game(s) if goal_met(s) else _fluxx_progress(s))


def check_place(v: FluxxState | FluxxView, move: Place, hand) -> tuple[list, list]:
    """The tiles ``move`` lays from ``hand`` (cell, tile, letter) and the words it makes; IllegalMove says why not.

    Shared by the rules, the screen's preview and the reveal's *find a play*.
    """
    new = tiles_taken(v.board, v.cards, move, hand, square_name)
    cells = [cell for cell, _, _ in new]
    if any(not (0 <= c[0] < deck.SIZE and 0 <= c[1] < deck.SIZE) for c in cells):
        raise IllegalMove("the tiles run off the board (columns A to O, rows 1 to 15)")
    problem = line_problem(cells, v.board.__contains__, square_name)
    if problem:
        raise IllegalMove(problem)
    if not v.board and deck.CENTRE not in cells:
        raise IllegalMove(f"the first word must cover the centre square, {square_name(deck.CENTRE)}")
    if v.board and not any(n in v.board for cell in cells for n in neighbours(cell)):
        raise IllegalMove("the tiles must join the words on the board")
    if v.phase == "place" and v.target is not None:
        left = v.target - sum(len(p) for p in v.placements)
        if len(new) > left:
            raise IllegalMove(f"{len(new)} tiles is too many: you must lay exactly {v.target} this turn, "
                              f"and {left} {'is' if left == 1 else 'are'} left to lay")
    return new, new_words(v.board, new)


def turn_cells(v: FluxxState | FluxxView) -> set:
    """The squares this turn's placements have covered so far."""
    return {cell for p in v.placements for cell in p}


def turn_bonuses(v: FluxxState | FluxxView, board: Mapping[Cell, Placed], turn: set[Cell]) -> list[ScoreLine]:
    """The bonuses of a turn that has laid the tiles ``turn``: the seven-tile bonus whenever a word holds seven
    of them, the single-word bonus only once every tile the Play rule asks for is laid (and no rack revealed)."""
    due = v.target is not None and len(turn) == v.target and not v.revealed
    return bonus_lines(board, turn, due, v.rules, v.current, v.round)


def preview_lines(v: FluxxState | FluxxView, move: Place, hand) -> list[ScoreLine]:
    """What the turn would score with this placement, if it stands: its words, and its bonuses.

    For the screen's preview and the computer players; IllegalMove if it cannot be laid.
    """
    new, _ = check_place(v, move, hand)
    board = dict(v.board)
    board.update((cell, Placed(tile, letter, v.current)) for cell, tile, letter in new)
    turn = turn_cells(v) | {cell for cell, _, _ in new}
    return placement_lines(board, v.cards, turn, v.rules, v.current, v.round) + turn_bonuses(v, board, turn)


def pending_points(s: FluxxState, seat: int) -> int:
    """What ``seat``'s turn has laid that its words will score if they stand (``Game.pending_points``)."""
    return sum(line.points for line in standing_lines(s)) if s.current == seat else 0


def standing_lines(v: FluxxState | FluxxView) -> list[ScoreLine]:
    """What the turn scores if it stands: its words and its bonuses (what ending the turn now adds to the sheet);
    nothing once a challenge has struck its words (their tiles are back on the rack)."""
    return [] if v.struck else list(v.pending) + turn_bonuses(v, v.board, turn_cells(v))


def score_text(lines: list[ScoreLine]) -> str:
    """``CROONER 14, seven-tile bonus 50 = 64``: each line, then the whole when there are several."""
    text = ", ".join(f"{line.label} {line.points}" for line in lines)
    return text + (f" = {sum(line.points for line in lines)}" if len(lines) > 1 else "")


def preview_score(v: FluxxState | FluxxView, move: Place, hand) -> int:
    return sum(line.points for line in preview_lines(v, move, hand))


def _place(s: FluxxState, move: Place) -> list[Event]:
    _need(s, move, "place", seat=move.seat)
    new, _ = check_place(s, move, s.hands[s.current])
    rack = s.hands[s.current]
    for cell, tile, letter in new:
        rack.remove(tile)
        s.board[cell] = Placed(tile, letter, s.current)
    cells = [cell for cell, _, _ in new]
    s.placements.append(cells)
    # One turn is scored as Scrabble scores one play: the words the turn's tiles make on the board as it is
    # now, each once. A word a later placement lengthened is no longer there, so it no longer scores.
    turn = turn_cells(s)
    s.words = [(w.text, w.cells) for w in words_through(letters_of(s.board), turn)]
    s.pending = placement_lines(s.board, s.cards, turn, s.rules, s.current, s.round)
    so_far = " so far" if s.target is not None and sum(map(len, s.placements)) < s.target else ""
    events = [Event(f"{_name(s)} laid {counted(len(new), 'tile')}; the turn{so_far} makes {score_text(standing_lines(s))}",
                    words=tuple(text.upper() for text, _ in s.words))]
    laid = sum(len(p) for p in s.placements)
    if s.target is None or laid == s.target:
        return events + _to_challenge(s)
    left = s.target - laid
    return events + [Event(f"{counted(left, 'more tile')} to lay: another word, or reveal the rack")]


def _swap(s: FluxxState, move: Swap) -> list[Event]:
    _need(s, move, "place", seat=move.seat)
    if s.round > 1:
        raise IllegalMove("tiles may be swapped only in the first round; later, reveal the rack instead")
    rack = s.hands[s.current]
    if not move.ids or any(move.ids.count(t) > rack.count(t) for t in move.ids):
        raise IllegalMove("name tiles from your rack")
    if len(s.stock) < EXCHANGE_MIN:
        raise IllegalMove(f"the bag has fewer than {EXCHANGE_MIN} tiles, so tiles cannot be swapped")
    for t in move.ids:
        rack.remove(t)
    draw_tiles(s, s.current, len(move.ids))
    return_tiles(s, list(move.ids))
    return [Event(f"{_name(s)} swapped {counted(len(move.ids), 'tile')}"), *_finish_turn(s)]


def _pass(s: FluxxState, move: Pass) -> list[Event]:
    _need(s, move, "place", seat=move.seat)
    if s.round > 1:
        raise IllegalMove("after the first round you lay tiles or reveal your rack")
    return [Event(f"{_name(s)} passed"), *_finish_turn(s)]


def _reveal(s: FluxxState, move: Reveal) -> list[Event]:
    _need(s, move, "place")
    if s.target is None:
        raise IllegalMove("reveal: the first round is plain Scrabble; swap tiles or pass instead")
    rack = s.hands[s.current]
    s.revealed = list(rack)
    s.finders = [(s.current + k) % s.players for k in range(1, s.players)]
    s.phase = "reveal"
    shown = " ".join(s.cards[t].label for t in rack)
    return [Event(f"{_name(s)} cannot lay the {counted(s.target - sum(map(len, s.placements)), 'tile')} still due and reveals "
                  f"{shown} (worth {rack_value(s.cards, rack)}). Can anyone find a play?")]


def _find(s: FluxxState, move: Find) -> list[Event]:
    _need(s, move, "reveal")
    if move.seat != s.finders[0]:
        raise NotYourTurn(f"it is {_name(s, s.finders[0])}'s turn to look for a play")
    _, words = check_place(s, move, s.revealed)
    value = rack_value(s.cards, s.revealed)
    main = next((w for w in words if w.direction == move.direction), words[0])
    others = [w.text.upper() for w in words if w is not main]
    found = (f"{main.text.upper()} {main.direction} from {square_name(main.cells[0])}"
             + (f" (and {', '.join(others)})" if others else ""))
    how = f"({_shown(s, s.revealed)}: {_name(s, move.seat)} found {found})"
    s.lines.append(ScoreLine(s.current, s.round, "revealed rack", how, -value))
    return [Event(f"{_name(s, move.seat)} found a play of {_name(s)}'s tiles: {found}. {_name(s)} loses {value}",
                  words=tuple(w.text.upper() for w in words)), *_after_reveal(s)]


def _nofind(s: FluxxState, move: NoFind) -> list[Event]:
    _need(s, move, "reveal")
    if move.seat != s.finders[0]:
        raise NotYourTurn(f"it is {_name(s, s.finders[0])}'s turn to look for a play")
    s.finders.pop(0)
    events = [Event(f"{_name(s, move.seat)} finds no play")]
    if s.finders:
        return events
    value = rack_value(s.cards, s.revealed)
    how = f"({_shown(s, s.revealed)}: nobody found a play)"
    s.lines.append(ScoreLine(s.current, s.round, "revealed rack", how, value))
    return events + [Event(f"Nobody found a play: {_name(s)} gains {value}"), *_after_reveal(s)]


def _shown(s: FluxxState, tiles: list[str]) -> str:
    """Tiles with their values, for the score sheet: ``Q10 Z10 □0``."""
    return " ".join(f"{s.cards[t].label}{deck.tile_value(s.cards[t])}" for t in tiles)


def _after_reveal(s: FluxxState) -> list[Event]:
    """The revealed tiles go back to the bag and as many are drawn; no more tiles are laid this turn."""
    s.finders = []
    rack = s.hands[s.current]
    n = len(rack)
    return_tiles(s, rack[:])
    rack.clear()
    draw_tiles(s, s.current, n)
    events = [Event(f"{_name(s)} turns in {counted(n, 'tile')} and draws {n}")]
    return events + (_to_challenge(s) if s.placements else _finish_turn(s))


def _to_challenge(s: FluxxState) -> list[Event]:
    s.phase = "challenge"
    s.challenged = []
    return []


def _challenge(s: FluxxState, move: Challenge) -> list[Event]:
    _need(s, move, "challenge")
    check_challenger(s, move.challenger)
    if s.struck or not 0 <= move.word < len(s.words) or move.word in s.challenged:
        raise IllegalMove("there is no such word to challenge")
    s.challenged.append(move.word)
    word, who = s.words[move.word][0].upper(), _name(s, move.challenger)
    if move.valid:
        s.skip[move.challenger] = True
        return [Event(f"{who} challenged {word}: it is a word, and {who} loses their next turn")]
    rack = s.hands[s.current]
    for cells in s.placements:
        for cell in cells:
            rack.append(s.board.pop(cell).tile)
    s.pending, s.struck = [], True
    return [Event(f"{who} challenged {word}: not a word! {_name(s)} takes back the tiles and scores nothing")]


def _end(s: FluxxState, move: EndTurn) -> list[Event]:
    _need(s, move, "challenge")
    return _finish_turn(s)


def _finish_turn(s: FluxxState) -> list[Event]:
    laid = 0 if s.struck else sum(len(p) for p in s.placements)
    if laid:
        s.lines += standing_lines(s)
    s.pending = []
    s.quiet = 0 if laid else s.quiet + 1
    if s.round == 1:
        draw_tiles(s, s.current, deck.RACK - len(s.hands[s.current]))
    if goal_met(s):
        return _end_game(s)
    if laid and not s.hands[s.current] and not s.stock:
        return _scrabble_end(s, s.current)
    if s.quiet >= QUIET_LAPS * s.players:
        return _scrabble_end(s, None)
    if excess(s, s.current, "turn-end"):
        s.phase = "turn-end"
        s.owed.append(s.current)
        return []
    return _next_turn(s)


def _drop(s: FluxxState, move: Drop) -> list[Event]:
    if not s.owed or s.phase == "game-over":
        raise IllegalMove("nobody has to discard now")
    seat = s.owed[0]
    if move.seat != seat:
        raise NotYourTurn(f"{_name(s, seat)} must discard first")
    over = excess(s, seat)
    places = {"cards": s.fluxx_hands[seat], "keepers": s.keepers[seat], "tiles": s.hands[seat]}
    chosen = {kind: [i for i in move.ids if i in places[kind]] for kind in over}
    stray = set(move.ids) - {i for ids in chosen.values() for i in ids}
    if stray or len(set(move.ids)) != len(move.ids) or any(len(chosen[k]) != n for k, n in over.items()):
        raise IllegalMove(f"{_name(s, seat)} must discard exactly {excess_text(over)} of their own")
    for kind, ids in chosen.items():
        for i in ids:
            places[kind].remove(i)
        if kind == "tiles":
            return_tiles(s, ids)
        else:
            s.discard += ids
    s.owed.pop(0)
    events = [Event(f"{_name(s, seat)} discarded " + ", ".join(counted(len(ids), kind[:-1]) for kind, ids in chosen.items()))]
    if goal_met(s):
        return events + _end_game(s)
    if s.owed:
        return events
    if s.phase == "fluxx-end":
        return events + _start_scrabble(s)
    if s.phase == "turn-end":
        return events + _next_turn(s)
    return events + _fluxx_progress(s)


# ---------------------------------------------------------------- the end


def _end_game(s: FluxxState) -> list[Event]:
    how = goal_met(s)
    goal = deck.fluxx()[s.goal].name if s.goal else "?"  # only a Goal in play is met
    s.phase, s.owed, s.finders = "game-over", [], []
    s.ending = f"{how}: the Goal {goal} is met"
    return [Event(f"{s.ending}. The game is over")]


def _scrabble_end(s: FluxxState, out: int | None) -> list[Event]:
    """No Goal was met, but the tiles ran out (or nobody could lay any): Scrabble's end, with its rack penalties."""
    left = {seat: rack_value(s.cards, s.hands[seat]) for seat in range(s.players)}
    for seat in range(s.players):
        if seat != out and left[seat]:
            s.lines.append(ScoreLine(seat, s.round, "tiles left", f"({_shown(s, s.hands[seat])})", -left[seat]))
    others: int = sum(left.values())
    if out is not None and others:
        s.lines.append(ScoreLine(out, s.round, "went out", "(the others' tiles left)", others))
    s.phase, s.owed = "game-over", []
    s.ending = (f"{_name(s, out)} laid their last tile with the bag empty" if out is not None else
                f"nobody laid a tile for {QUIET_LAPS} laps of the table")
    return [Event(f"{s.ending}: the game ends as Scrabble does")]


_HANDLERS: Handlers = {PlayCard: _play, Place: _place, Swap: _swap, Pass: _pass, Reveal: _reveal, Find: _find, NoFind: _nofind,
             Drop: _drop, Challenge: _challenge, EndTurn: _end}


# ---------------------------------------------------------------- reading the state


def to_move(s: FluxxState) -> int | None:
    """The seat the game waits for: whoever must discard, then whoever looks for a play, then the mover."""
    if s.phase == "game-over":
        return None
    if s.owed:
        return s.owed[0]
    if s.phase == "reveal":
        return s.finders[0]
    return s.current


def player_view(s: FluxxState, seat: int) -> FluxxView:
    return FluxxView(**table_view_fields(s, seat, s.lines), options=s.options, board=frozen_grid(s.board),
                     fluxx_hand=tuple(s.fluxx_hands[seat]), fluxx_sizes=tuple(len(h) for h in s.fluxx_hands),
                     keepers=tuple(tuple(k) for k in s.keepers), in_play=tuple(s.in_play), goal=s.goal,
                     deck_count=len(s.deck), drawn=s.drawn, played=s.played, target=s.target,
                     placements=tuple(tuple(p) for p in s.placements), words=tuple(s.words),
                     pending=tuple(s.pending), struck=s.struck, revealed=tuple(s.revealed),
                     finders=tuple(s.finders), owed=tuple(s.owed), skip=tuple(s.skip), ending=s.ending,
                     opening=s.opening)


def resample(v: FluxxView, rng: random.Random) -> FluxxState:
    """A state this view allows (``core.lookahead``): the tiles its seat has not seen dealt to the other racks and
    the bag, and the Fluxx cards it has not seen to the other hands, under the discard pile's top and the deck.

    What it cannot know is guessed plainly: the turn counter keeps the round, and no lap has been quiet.
    """
    revealed = v.revealed if v.current != v.seat else ()
    table = guessed_table(v, [p.tile for p in v.board.values()] + list(revealed), rng)
    if revealed:  # a revealed rack is the mover's whole rack
        table["stock"] += table["hands"][v.current]
        table["hands"][v.current] = list(revealed)
    public = {*v.fluxx_hand, *v.in_play, v.goal, v.discard_top, *(k for ks in v.keepers for k in ks)}
    pool = [card for card in deck.fluxx() if card not in public]
    rng.shuffle(pool)
    fluxx_hands = [list(v.fluxx_hand) if seat == v.seat else [pool.pop() for _ in range(size)]
                   for seat, size in enumerate(v.fluxx_sizes)]
    table["discard"] = [pool.pop() for _ in range(max(0, v.discard_count - 1))] + ([v.discard_top] if v.discard_top
                                                                                     else [])
    return FluxxState(**table, options=v.options, board=dict(v.board), deck=pool, fluxx_hands=fluxx_hands,
                      keepers=[list(k) for k in v.keepers], in_play=list(v.in_play), goal=v.goal,
                      turns=(v.round - 1) * len(v.seats), drawn=v.drawn, played=v.played, target=v.target,
                      placements=[list(p) for p in v.placements], words=list(v.words), pending=list(v.pending),
                      struck=v.struck, revealed=list(v.revealed), finders=list(v.finders), owed=list(v.owed),
                      skip=list(v.skip), ending=v.ending, opening=v.opening, lines=list(v.sheet))


def _tiles_held(s: FluxxState) -> list[str]:
    return [t for h in s.hands for t in h] + list(s.stock)


def _cards_held(s: FluxxState) -> list[str]:
    out = list(s.deck) + list(s.discard) + list(s.in_play) + ([s.goal] if s.goal else [])
    return out + [c for h in s.fluxx_hands for c in h] + [k for ks in s.keepers for k in ks]


def check_invariants(s: FluxxState) -> None:
    """Raise AssertionError if a tile or card is lost or duplicated, the board is broken, a limit is
    ignored, or the sheet does not add up."""
    assert_all_cards([p.tile for p in s.board.values()] + _tiles_held(s), s.cards)
    assert_all_cards(_cards_held(s), deck.fluxx())
    cards = deck.fluxx()
    assert all(cards[k].kind == "keeper" for ks in s.keepers for k in ks), "a Keeper that is not one"
    assert all(cards[r].kind == "rule" for r in s.in_play), "a New Rule that is not one"
    slots = [cards[r].slot for r in s.in_play]
    assert len(slots) == len(set(slots)), "two rules of one slot in play"
    assert s.goal is None or cards[s.goal].kind == "goal"
    assert connected(s.board), "the board is in pieces"
    assert not s.board or deck.CENTRE in s.board, "the centre square is empty"
    assert all(0 <= r < deck.SIZE and 0 <= c < deck.SIZE for r, c in s.board), "a tile off the board"
    assert all(len(w.text) >= 2 for w in all_words(letters_of(s.board))), "a one-letter word"
    for p in s.board.values():
        card = s.cards[p.tile]
        assert card.kind == "blank" or card.letters.lower() == p.letter, f"{p.tile} reads {p.letter}"
    if s.phase != "game-over":
        for seat in range(s.players):
            assert seat in s.owed or not excess(s, seat), f"{_name(s, seat)} is over a limit"
    assert sum(totals(s)) == sum(line.points for line in s.lines)


# ---------------------------------------------------------------- for the referee (core.match)


def words_formed(s: FluxxState, move: Move) -> list[str]:
    """The words a ``place`` would make, for strict mode."""
    if isinstance(move, Place) and not isinstance(move, Find) and s.phase == "place":
        try:
            return [w.text for w in check_place(s, move, s.hands[s.current])[1]]
        except RefusedMove:
            return []
    return []


def words_required(s: FluxxState, move: Move) -> list[str]:
    """The words a ``find`` makes: in any mode, the referee checks them against the word list."""
    if isinstance(move, Find) and s.phase == "reveal":
        try:
            return [w.text for w in check_place(s, move, s.revealed)[1]]
        except RefusedMove:
            return []
    return []


def challenge_targets(v: FluxxState | FluxxView) -> list[Challengeable]:
    if v.phase != "challenge" or v.struck:
        return []
    return [Challengeable(n, text.upper(), v.seats[v.current].name) for n, (text, _) in enumerate(v.words)
            if n not in v.challenged]
