"""FEZ rules: state, ``new_game``, ``apply``, ``player_view``, the score sheet.

Pure: no Textual, no Rich, no word list. Whether a word is in the list is the
referee's business (``wordcards.core.match``); a challenge move carries the
verdict, so a saved game replays the same whatever list is loaded later.

A turn: ``draw`` or ``take`` (or ``swap`` to forfeit), then any number of
``word`` and ``lay`` moves, then ``discard`` (or ``done`` with an empty hand,
or ``timeup``), then a chance to ``challenge``, then ``end``, which refills the
hand to five. A player whose hand is still empty after refilling calls FEZ and
the round ends.
"""

from __future__ import annotations

import copy
import random
from typing import Mapping

from wordcards.core.cards import shuffled
from wordcards.core.errors import IllegalMove, InvalidMove
from wordcards.core.common import Challengeable, Event, quoted, ScoreLine, Seat, sheet_totals, table_view_fields
from wordcards.core.rulekit import (apply_move, assert_all_cards, can_draw, card_name, check_challenger, check_deal,
                                    guessed_table, Handlers, is_over, next_id, phase_guard, to_move)
from wordcards.core.rulekit import seat_name as _name
from wordcards.games.fez import cards as fez_cards
from wordcards.games.fez.moves import (
    Challenge,
    Discard,
    Done,
    Draw,
    EndTurn,
    LayOff,
    MakeWord,
    Move,
    NextRound,
    Piece,
    Swap,
    Take,
    TimeUp,
    parse_move,
    word_text,
)
from wordcards.games.fez.scoring import layoff_record, round_end_lines, score_word, table_lines, word_label
from wordcards.games.fez.state import (
    IDLE_ROUNDS_TO_BLOCK,
    IDLE_TURNOVERS_TO_BLOCK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    TURN_SECONDS,
    FezOptions,
    FezState,
    FezView,
)
from wordcards.games.fez.played import Placed, TableWord

__all__ = ["OPTIONS", "TURN_SECONDS", "FezOptions", "FezState", "FezView", "new_game", "apply", "player_view",
           "parse_move", "score_sheet", "totals", "to_move", "is_over", "check_invariants", "words_formed",
           "challenge_targets", "MIN_PLAYERS", "MAX_PLAYERS"]

# ---------------------------------------------------------------- setting up


def new_game(seats: list[Seat], options: Mapping | None = None, seed: int = 0,
             deal: Mapping[str, list] | None = None) -> FezState:
    """A new game. ``deal`` pins the cards for tests: ``hands``, ``stock`` (top last), ``discard``."""
    opts = FezOptions.read(options or {}, len(seats))
    state = FezState(list(seats), opts, seed, random.Random(seed), fez_cards.deck(opts.packs))
    if deal is not None:
        state.hands = [list(h) for h in deal["hands"]]
        state.stock = list(deal.get("stock", []))
        state.discard = list(deal.get("discard", []))
        _check_deal(state)
        state.current = (state.dealer + 1) % state.players
        _begin_turn(state)
    else:
        _deal(state)
    return state


def _deal(state: FezState) -> None:
    pack = shuffled(state.rng, sorted(state.cards))
    state.hands = [[] for _ in state.seats]
    for _ in range(fez_cards.HAND_SIZE):
        for offset in range(1, state.players + 1):
            state.hands[(state.dealer + offset) % state.players].append(pack.pop())
    state.discard = [pack.pop()]
    state.stock = pack
    state.words, state.layoffs = [], []
    state.idle_turns, state.idle_turnovers, state.fez_caller = 0, 0, None
    state.current = (state.dealer + 1) % state.players
    _begin_turn(state)


def _check_deal(state: FezState) -> None:
    check_deal(all_cards(state), state.cards)


# ---------------------------------------------------------------- applying moves


def apply(state: FezState, move: Move | str) -> tuple[FezState, list[Event]]:
    """Check ``move`` and return the new state and what happened; ``state`` itself is never changed."""
    return apply_move(state, move, parse=parse_move, handlers=_HANDLERS, scores=totals, game="FEZ")


def phase_help(s: FezState | FezView) -> str:
    name = s.seats[s.current].name
    return {
        "draw": f"{name} must first draw from the stock or take the discard (or swap cards)",
        "play": f"{name} may play words and lay-offs, then discards",
        "challenge": f"{name}'s words may be challenged before {name} refills",
        "round-over": "the round is over; deal the next one",
        "game-over": "the game is over",
    }[s.phase]


_need_phase = phase_guard(phase_help)


def _draw(s: FezState, move: Draw) -> list[Event]:
    _need_phase(s, "draw")
    if not can_draw(len(s.stock), len(s.discard)):
        raise IllegalMove("draw: the stock is empty — take the last discard instead")
    if not s.stock:
        _turn_over(s)
    s.hands[s.current].append(s.stock.pop())
    s.phase = "play"
    return [Event(f"{_name(s)} drew from the stock")]


def _take(s: FezState, move: Take) -> list[Event]:
    _need_phase(s, "draw")
    if not s.discard:
        raise IllegalMove("take: the discard pile is empty")
    card = s.discard.pop()
    s.hands[s.current].append(card)
    s.taken = card
    s.phase = "play"
    return [Event(f"{_name(s)} took {s.cards[card].label} from the discard pile")]


def _swap(s: FezState, move: Swap) -> list[Event]:
    _need_phase(s, "draw")
    hand = s.hands[s.current]
    _cards_in_hand(s, move, move.cards)
    for card in move.cards:
        hand.remove(card)
    s.discard[0:0] = list(move.cards)
    for _ in move.cards:
        if not _draw_from_stock(s, hand):
            break
    shown = " ".join(s.cards[c].label for c in move.cards) or "no cards"
    events = [Event(f"{_name(s)} forfeited the turn and swapped {shown}")]
    return events + _finish_turn(s)


def _cards_in_hand(s: FezState, move, card_ids) -> None:
    hand = s.hands[s.current]
    if len(set(card_ids)) != len(card_ids):
        raise IllegalMove("a card is used twice")
    for card in card_ids:
        if card not in hand:
            raise IllegalMove(f"{card_name(s, card)} is not in {_name(s)}'s hand")


def _check_piece(s: FezState, move, piece: Piece) -> None:
    card = s.cards.get(piece.card)
    if card is None:
        raise InvalidMove(f"there is no card {quoted(piece.card)}")
    if card.kind == "star":
        if piece.letters:
            raise IllegalMove("a star card shows no letters")
    elif card.kind == "blank":
        if len(piece.letters) != 1:
            raise IllegalMove("a blank stands for exactly one letter")
    elif piece.letters not in fez_cards.options(card):
        raise IllegalMove(f"card {card.letters} cannot show {piece.letters or 'a star'}")


def _make_word(s: FezState, move: MakeWord) -> list[Event]:
    _need_phase(s, "play")
    _cards_in_hand(s, move, [p.card for p in move.pieces])
    for piece in move.pieces:
        _check_piece(s, move, piece)
    text = word_text(move.pieces)
    if len(text) < 2:
        raise IllegalMove("words must have 2 or more letters")
    index = len(s.history) - 1
    word = TableWord(s.next_word_id, s.current, index, [Placed(p.card, p.letters, s.current, index) for p in move.pieces])
    s.next_word_id += 1
    s.words.append(word)
    for piece in move.pieces:
        s.hands[s.current].remove(piece.card)
    points = score_word(s.cards, word, s.options.nasty_flush)
    return [Event(f"{_name(s)} played {word_label(s.cards, word)} {points.detail}", words=(word.text,))]


def _lay_off(s: FezState, move: LayOff) -> list[Event]:
    _need_phase(s, "play")
    if s.options.no_layoffs:
        raise IllegalMove("this game is played with No Layoffs")
    word = next((w for w in s.words if w.id == move.word), None)
    if word is None:
        raise IllegalMove(f"there is no word {move.word} on the table")
    old = {p.card: p for p in word.pieces}
    kept = [p for p in move.pieces if p.card in old]
    if [(p.card, p.letters) for p in kept] != [(p.card, p.letters) for p in word.pieces]:
        raise IllegalMove(f"the letters of {word.text} must stay in their order — only add cards around and between them")
    added = [p for p in move.pieces if p.card not in old]
    if not added:
        raise IllegalMove(f"add at least one card to {word.text}")
    _cards_in_hand(s, move, [p.card for p in added])
    for piece in added:
        _check_piece(s, move, piece)
        if s.cards[piece.card].kind == "star" and word.owner != s.current:
            raise IllegalMove(f"a star may only go on your own words, and {word.text} is {_name(s, word.owner)}'s")
    index = len(s.history) - 1
    placed = {p.card: Placed(p.card, p.letters, s.current, index) for p in added}
    record = layoff_record(s.cards, word, list(placed.values()), s.current, index)
    before, was = word.text, score_word(s.cards, word, s.options.nasty_flush).points
    word.pieces = [old.get(p.card) or placed[p.card] for p in move.pieces]
    for card in placed:
        s.hands[s.current].remove(card)
    text = f"{_name(s)} laid off {record.letters or '★'} on {before}, making {word_label(s.cards, word)}"
    if record.letters:
        s.layoffs.append(record)
        text += f" ({record.face} ×2 flush) = {record.points}" if record.flush_kept else f" ({record.face}) = {record.points}"
    now = score_word(s.cards, word, s.options.nasty_flush)
    if now.points != was:  # a star doubles the owner's word; under the Nasty rules a lay-off may spoil its flush
        text += f"; {_name(s, word.owner)}'s {word.text} now scores {now.detail} ({now.points - was:+d})"
    return [Event(text, words=(word.text,) if record.letters else ())]


def _discard(s: FezState, move: Discard) -> list[Event]:
    _need_phase(s, "play")
    hand = s.hands[s.current]
    if move.card not in hand:
        raise IllegalMove(f"{card_name(s, move.card)} is not in {_name(s)}'s hand")
    if move.card == s.taken and len(hand) > 1:
        raise IllegalMove(f"you took {s.cards[move.card].label} from the discard pile this turn, so discard another card")
    hand.remove(move.card)
    s.discard.append(move.card)
    s.discarded = True
    s.phase = "challenge"
    return [Event(f"{_name(s)} discarded {s.cards[move.card].label}")]


def _done(s: FezState, move: Done) -> list[Event]:
    _need_phase(s, "play")
    if s.hands[s.current]:
        raise IllegalMove(f"{_name(s)} still holds cards, so must discard one")
    s.phase = "challenge"
    return []


def _time_up(s: FezState, move: TimeUp) -> list[Event]:
    _need_phase(s, "play")
    if not s.options.nasty_timer:
        raise IllegalMove("this game has no turn timer")
    events = [Event(f"{_name(s)}'s {TURN_SECONDS} seconds are up")]
    events += _random_discard(s)
    s.phase = "challenge"
    return events


def _random_discard(s: FezState) -> list[Event]:
    hand = s.hands[s.current]
    if not hand:
        return []
    choices = [c for c in hand if c != s.taken] or hand
    card = s.rng.choice(sorted(choices))
    hand.remove(card)
    s.discard.append(card)
    s.discarded = True
    return [Event(f"{s.cards[card].label} was discarded at random")]


def turn_words(s: FezState | FezView) -> list[TableWord]:
    """Words made or extended this turn: the ones that may be challenged."""
    return [w for w in s.words if any(p.move >= s.turn_start for p in w.pieces)]


def _challenge(s: FezState, move: Challenge) -> list[Event]:
    _need_phase(s, "play", "challenge")
    check_challenger(s, move.challenger)
    word = next((w for w in turn_words(s) if w.id == move.word), None)
    if word is None:
        raise IllegalMove(f"word {move.word} was not played this turn")
    if move.word in s.challenged:
        raise IllegalMove(f"{word.text} has already been challenged")
    who = _name(s, move.challenger)
    if move.valid:
        s.challenged.append(move.word)
        return [Event(f"{who} challenged {word.text}: it is in the word list, so it stands")]
    events = [Event(f"{who} challenged {word.text}: not in the word list! {_name(s)}'s plays go back to the hand")]
    hand = s.hands[s.current]
    for w in list(s.words):
        returned = [p for p in w.pieces if p.move >= s.turn_start]
        hand.extend(p.card for p in returned)
        w.pieces = [p for p in w.pieces if p.move < s.turn_start]
        if not w.pieces:
            s.words.remove(w)
    s.layoffs = [lay for lay in s.layoffs if lay.move < s.turn_start]
    if not s.discarded:
        events += _random_discard(s)
    return events + _finish_turn(s)


def _end_turn(s: FezState, move: EndTurn) -> list[Event]:
    _need_phase(s, "challenge")
    return _finish_turn(s)


def _next_round(s: FezState, move: NextRound) -> list[Event]:
    _need_phase(s, "round-over")
    s.round += 1
    s.dealer = (s.dealer + 1) % s.players
    _deal(s)
    return [Event(f"Round {s.round}: {_name(s, s.dealer)} deals")]


_HANDLERS: Handlers = {
    Draw: _draw, Take: _take, Swap: _swap, MakeWord: _make_word, LayOff: _lay_off, Discard: _discard,
    Done: _done, TimeUp: _time_up, Challenge: _challenge, EndTurn: _end_turn, NextRound: _next_round,
}


# ---------------------------------------------------------------- turn flow


def _turn_over(s: FezState) -> None:
    """The cards under the top discard are turned over, face down, to make a new stock."""
    under, s.discard = s.discard[:-1], s.discard[-1:]
    s.stock = list(reversed(under))
    s.idle_turnovers += 1


def _draw_from_stock(s: FezState, hand: list[str]) -> bool:
    if not s.stock and len(s.discard) >= 2:
        _turn_over(s)
    if not s.stock:
        return False
    hand.append(s.stock.pop())
    return True


def _finish_turn(s: FezState) -> list[Event]:
    hand = s.hands[s.current]
    while len(hand) < fez_cards.HAND_SIZE and _draw_from_stock(s, hand):
        pass
    played = any(p.move >= s.turn_start for w in s.words for p in w.pieces)
    s.idle_turns = 0 if played else s.idle_turns + 1
    if played:
        s.idle_turnovers = 0
    if not hand:
        s.fez_caller = s.current
        return [Event(f"{_name(s)} calls FEZ!")] + _end_round(s)
    if blocked(s):
        return [Event("The round is blocked: nobody can play a card")] + _end_round(s)
    s.current = (s.current + 1) % s.players
    _begin_turn(s)
    return []


def blocked(s: FezState) -> bool:
    """Play cannot usefully go on: the rulebook plays until the stock and discard pile are used up, but cards
    that nobody can play go round for ever. So the round ends when the stock has run out and been turned
    over twice with no card played in between, or, with too few cards left to make a new stock, after
    three rounds of turns with no card played. Players who only ever take the discard never run the stock
    out, so there is also a cap: as many turns with no card played as there are cards in the game."""
    if s.idle_turnovers >= IDLE_TURNOVERS_TO_BLOCK or s.idle_turns >= len(s.cards):
        return True
    return not s.stock and len(s.discard) < 2 and s.idle_turns >= IDLE_ROUNDS_TO_BLOCK * s.players


def _begin_turn(s: FezState) -> None:
    s.phase = "draw"
    s.taken = None
    s.discarded = False
    s.challenged = []
    s.turn_start = len(s.history)
    if not s.stock and not s.discard:
        s.phase = "play"


def _end_round(s: FezState) -> list[Event]:
    running = totals(s)
    names = [seat.name for seat in s.seats]
    closing = table_lines(s.cards, s.words, s.layoffs, s.options.nasty_flush, s.round)
    closing += round_end_lines(s.cards, s.hands, s.words, s.layoffs, running, s.options, s.round, names)
    s.lines.extend(closing)
    s.words, s.layoffs = [], []
    s.hands = [[] for _ in s.seats]
    s.stock, s.discard = [], []
    s.phase = "round-over" if s.round < s.options.rounds else "game-over"
    ends = [line for line in closing if line.label.startswith(("unplayed", "all-flush", "from "))]
    return [Event(f"{names[line.seat]}: {line.label} {line.detail}") for line in ends]


# ---------------------------------------------------------------- reading the state


def live_lines(s: FezState | FezView) -> list[ScoreLine]:
    return table_lines(s.cards, s.words, s.layoffs, s.options.nasty_flush, s.round)


def score_sheet(s: FezState) -> list[ScoreLine]:
    """Every score line of the game so far, finished rounds first."""
    return s.lines + live_lines(s)


def totals(s: FezState) -> list[int]:
    return sheet_totals(score_sheet(s), s.players)


def player_view(s: FezState, seat: int) -> FezView:
    return FezView(**table_view_fields(s, seat, score_sheet(s)), options=s.options,
                   words=tuple(copy.deepcopy(s.words)), layoffs=tuple(s.layoffs), taken=s.taken,
                   discarded=s.discarded, fez_caller=s.fez_caller, history=tuple(s.history))


def resample(v: FezView, rng: random.Random) -> FezState:
    """A state this view allows, the cards its seat has not seen dealt at random (``core.lookahead``)."""
    table = guessed_table(v, [p.card for w in v.words for p in w.pieces], rng, under=max(0, v.discard_count - 1))
    table["history"] = list(v.history)
    live = len(live_lines(v))
    return FezState(**table, options=v.options, words=copy.deepcopy(list(v.words)), layoffs=list(v.layoffs),
                    next_word_id=next_id(v.words), taken=v.taken, discarded=v.discarded,
                    fez_caller=v.fez_caller, lines=list(v.sheet[:len(v.sheet) - live]))


def all_cards(s: FezState) -> list[str]:
    """Every card wherever it lies, for the no-card-lost-or-duplicated check."""
    return [c for h in s.hands for c in h] + s.stock + s.discard + [p.card for w in s.words for p in w.pieces]


def check_invariants(s: FezState) -> None:
    """Raise AssertionError if a card is lost or duplicated, or a hand or phase is impossible."""
    if s.phase not in ("round-over", "game-over"):
        assert_all_cards(all_cards(s), s.cards)
        limit = fez_cards.HAND_SIZE + (1 if s.phase == "play" else 0)
        assert all(len(h) <= limit for h in s.hands), f"a hand holds more than {limit} cards"
        assert all(len(w.text) >= 2 for w in s.words), "a word of fewer than 2 letters"
    assert sum(totals(s)) == sum(line.points for line in score_sheet(s))


# ---------------------------------------------------------------- for the referee (core.match)


def words_formed(s: FezState, move: Move) -> list[str]:
    """The words a move would put on the table, for strict mode."""
    if isinstance(move, (MakeWord, LayOff)):
        return [word_text(move.pieces)]
    return []


def challenge_targets(v: FezState | FezView) -> list[Challengeable]:
    """The words of this turn not yet challenged, once the player has discarded (before the refill): the player's
    own, even a lay-off on another's word."""
    if v.phase != "challenge":
        return []
    return [Challengeable(w.id, w.text, v.seats[v.current].name) for w in turn_words(v) if w.id not in v.challenged]
