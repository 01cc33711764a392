"""Quiddler rules: ``new_game``, ``apply``, ``player_view``, the score sheet.

Pure: no Textual, no Rich, no word list. Whether a word is in the list is the
referee's business (``wordcards.core.match``); a challenge move carries the
verdict, so a saved game replays the same whatever list is loaded later.

A turn: ``draw`` or ``take``, then ``discard``. Before anyone has gone out, a
discard with words goes out: every other card must be in the words. Then each
other player has one last turn, whose discard may lay down any words. A turn
that laid words waits for challenges (``challenge``) until ``end``. After the
last turn the round is scored, and any word of the round that nobody has
challenged yet may still be challenged, as the rulebook allows "before the
cards are gathered for the next round" (on the last round, before the game is
left); ``next`` deals the next round.
"""

from __future__ import annotations

import copy
import random
from typing import Mapping

from wordcards.core.cards import shuffled
from wordcards.core.errors import IllegalMove, NotYourTurn
from wordcards.core.moves import Challenge, Draw, EndTurn, NextRound, Take
from wordcards.core.common import Challengeable, Event, ScoreLine, Seat, sheet_totals, table_view_fields
from wordcards.core.rulekit import (apply_move, assert_all_cards, can_draw, card_name, check_challenger, check_deal, check_seat,
                                    guessed_table, Handlers, is_over, next_id, phase_guard, score_sheet, to_move, totals)
from wordcards.core.rulekit import seat_name as _name
from wordcards.games.quiddler import deck as quiddler_deck
from wordcards.games.quiddler.moves import Discard, Move, parse_move
from wordcards.games.quiddler.scoring import round_lines, word_points
from wordcards.games.quiddler.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    TURNS_EACH_BEFORE_STALL,
    LaidWord,
    QuiddlerOptions,
    QuiddlerState,
    QuiddlerView,
)

__all__ = ["OPTIONS", "QuiddlerOptions", "QuiddlerState", "QuiddlerView", "new_game", "apply", "player_view",
           "parse_move", "score_sheet", "totals", "to_move", "is_over", "check_invariants", "words_formed",
           "challenge_targets", "MIN_PLAYERS", "MAX_PLAYERS"]

# ---------------------------------------------------------------- setting up


def new_game(seats: list[Seat], options: Mapping | None = None, seed: int = 0,
             deal: Mapping[str, list] | None = None) -> QuiddlerState:
    """A new game. ``deal`` pins the first round's cards for tests: ``hands``, ``stock`` (top last), ``discard``."""
    opts = QuiddlerOptions.read(options or {}, len(seats))
    state = QuiddlerState(list(seats), opts, seed, random.Random(seed), quiddler_deck.deck(opts.long_game))
    if deal is not None:
        state.hands = [list(h) for h in deal["hands"]]
        state.stock = list(deal.get("stock", []))
        state.discard = list(deal.get("discard", []))
        check_deal(all_cards(state), state.cards)
        state.current = (state.dealer + 1) % state.players
        _begin_turn(state)
    else:
        _deal(state)
    return state


def _deal(s: QuiddlerState) -> None:
    pack = shuffled(s.rng, sorted(s.cards))
    size = s.options.hand_size(s.round)
    s.hands = [[] for _ in s.seats]
    for _ in range(size):
        for offset in range(1, s.players + 1):
            s.hands[(s.dealer + offset) % s.players].append(pack.pop())
    s.discard = [pack.pop()]
    s.stock = pack
    s.words, s.out, s.last_turns, s.turns, s.challenged = [], None, None, 0, []
    s.current = (s.dealer + 1) % s.players
    _begin_turn(s)


# ---------------------------------------------------------------- applying moves


def apply(state: QuiddlerState, move: Move | str) -> tuple[QuiddlerState, list[Event]]:
    """Check ``move`` and return the new state and what happened; ``state`` itself is never changed."""
    return apply_move(state, move, parse=parse_move, handlers=_HANDLERS, game="Quiddler")


def phase_help(s: QuiddlerState | QuiddlerView) -> str:
    name = s.seats[s.current].name
    return {
        "draw": f"{name} must first draw from the draw pile or take the top discard",
        "play": f"{name} discards one card (going out or on a last turn, laying words down with it)",
        "challenge": f"{name}'s words may be challenged before the turn passes",
        "round-over": "the round is over; its words may be challenged until the next deal",
        "game-over": "the game is over",
    }[s.phase]


_need_phase = phase_guard(phase_help)


def _draw(s: QuiddlerState, move: Draw) -> list[Event]:
    _need_phase(s, "draw")
    events = []
    if not can_draw(len(s.stock), len(s.discard)):
        raise IllegalMove("draw: the draw pile is empty — take the top discard instead")
    if not s.stock:
        s.stock, s.discard = shuffled(s.rng, s.discard[:-1]), s.discard[-1:]
        events.append(Event("The discards are shuffled to make a new draw pile"))
    s.hands[s.current].append(s.stock.pop())
    s.phase = "play"
    return events + [Event(f"{_name(s)} drew from the draw pile")]


def _take(s: QuiddlerState, move: Take) -> list[Event]:
    _need_phase(s, "draw")
    if not s.discard:
        raise IllegalMove("take: the discard pile is empty")
    card = s.discard.pop()
    s.hands[s.current].append(card)
    s.phase = "play"
    return [Event(f"{_name(s)} took {s.cards[card].letters} from the discard pile")]


def check_words(s: QuiddlerState, move: Discard, hand: list[str]) -> None:
    """Raise IllegalMove unless the discard and the words are cards of ``hand``, each used once, and allowed now."""
    used = [move.card, *(c for w in move.words for c in w)]
    for card in used:
        if card not in hand:
            raise IllegalMove(f"{card_name(s, card)} is not in your hand")
    if len(set(used)) != len(used):
        raise IllegalMove("a card is used twice")
    if problem := one_card_word(s, move.words):
        raise IllegalMove(problem)
    if not move.words:
        return
    if s.out is None and s.last_turns is None:
        left = [c for c in hand if c not in used]
        if left:
            shown = " ".join(s.cards[c].letters for c in left)
            laid = " ".join(spell(s, w) for w in move.words)
            raise IllegalMove(f"{laid}: to go out, every card but the discard must be in words, and {shown} "
                              f"{'is' if len(left) == 1 else 'are'} left over (no words: just discard)")


def one_card_word(s: QuiddlerState | QuiddlerView, words) -> str | None:
    """Why ``words`` may not be laid down, if one of them is a single card (every word needs two), else None."""
    short = next((word for word in words if len(word) < 2), None)
    return None if short is None else f"{spell(s, short)} is one card; every word needs at least two cards"


def spell(s: QuiddlerState | QuiddlerView, word) -> str:
    return "".join(s.cards[c].letters for c in word)


def _discard(s: QuiddlerState, move: Discard) -> list[Event]:
    _need_phase(s, "play")
    hand = s.hands[s.current]
    check_words(s, move, hand)
    events: list[Event] = []
    index = len(s.history) - 1
    for word in move.words:
        s.words.append(LaidWord(s.next_word_id, s.current, word, spell(s, word), index))
        s.next_word_id += 1
        for card in word:
            hand.remove(card)
    hand.remove(move.card)
    s.discard.append(move.card)
    played = tuple(spell(s, w) for w in move.words)
    laid = " ".join(played)
    discarded = f"discarded {s.cards[move.card].letters}"
    if s.last_turns is not None:
        s.last_turns -= 1
        left = " ".join(s.cards[c].letters for c in hand)
        what = f"laid down {laid}" if laid else "laid down no words"
        events.append(Event(f"{_name(s)}'s last turn: {what}, {discarded}" + (f"; left over {left}" if left else ""),
                            words=played))
    elif move.words:
        s.out = s.current
        s.last_turns = s.players - 1
        events.append(Event(f"{_name(s)} goes out with {laid} and {discarded}! Everyone else has one last turn",
                            words=played))
    else:
        events.append(Event(f"{_name(s)} {discarded}"))
    if move.words:
        s.phase = "challenge"
        return events
    return events + _finish_turn(s)


def turn_words(s: QuiddlerState | QuiddlerView) -> list[LaidWord]:
    """The words laid this turn: the ones that may be challenged."""
    return [w for w in s.words if w.move >= s.turn_start]


LATE = ("round-over", "game-over")
"""The phases in which the round's words may still be challenged: the round is scored, the cards not yet gathered."""


def _challenge(s: QuiddlerState, move: Challenge) -> list[Event]:
    _need_phase(s, "challenge", *LATE)
    late = s.phase in LATE
    word = next((w for w in (s.words if late else turn_words(s)) if w.id == move.word), None)
    if word is None:
        raise IllegalMove(f"word {move.word} was not laid {'this round' if late else 'this turn'}")
    if late:
        check_seat(s, move.challenger)
        if move.challenger == word.owner:
            raise NotYourTurn(f"only another player can challenge {_name(s, word.owner)}'s words")
    else:
        check_challenger(s, move.challenger)
    if word.id in s.challenged:
        raise IllegalMove(f"{word.text} has already been challenged")
    s.challenged.append(word.id)
    value = word_points(s.cards, word.cards)
    who = _name(s, move.challenger)
    if move.valid:
        s.lines.append(ScoreLine(move.challenger, s.round, f"challenged {word.text}, a word", f"(−{value})", -value))
        return [Event(f"{who} challenged {word.text}: it is a word, so {who} loses its {value} points")]
    closing = _closing_lines(s) if late else []
    for line in closing:  # the round is scored again without the word: its points, most words, longest word
        s.lines.remove(line)
    word.struck = True
    s.lines.append(ScoreLine(word.owner, s.round, f"{word.text} challenged, not a word", f"(−{value})", -value))
    events = [Event(f"{who} challenged {word.text}: not a word! It scores nothing and "
                    f"{_name(s, word.owner)} loses its {value} points")]
    return events + (_score_round(s, again=True) if late else [])


def _end_turn(s: QuiddlerState, move: EndTurn) -> list[Event]:
    _need_phase(s, "challenge")
    return _finish_turn(s)


def _next_round(s: QuiddlerState, move: NextRound) -> list[Event]:
    _need_phase(s, "round-over")
    s.round += 1
    s.dealer = (s.dealer + 1) % s.players
    _deal(s)
    return [Event(f"Round {s.round}: {_name(s, s.dealer)} deals {s.options.hand_size(s.round)} cards each")]


_HANDLERS: Handlers = {Draw: _draw, Take: _take, Discard: _discard, Challenge: _challenge, EndTurn: _end_turn,
             NextRound: _next_round}


# ---------------------------------------------------------------- turn flow


def _finish_turn(s: QuiddlerState) -> list[Event]:
    s.turns += 1
    if s.last_turns == 0:
        return _end_round(s)
    events = []
    if s.last_turns is None and s.turns >= TURNS_EACH_BEFORE_STALL * s.players:
        s.last_turns = s.players
        events.append(Event(f"Nobody has gone out after {TURNS_EACH_BEFORE_STALL} turns each: "
                            "everyone has one last turn"))
    s.current = (s.current + 1) % s.players
    _begin_turn(s)
    return events


def _begin_turn(s: QuiddlerState) -> None:
    s.phase = "draw"
    s.turn_start = len(s.history)


def _end_round(s: QuiddlerState) -> list[Event]:
    s.phase = "round-over" if s.round < s.options.rounds else "game-over"
    return _score_round(s)


def _closing_lines(s: QuiddlerState) -> list[ScoreLine]:
    """The round's score lines from its words and the cards left over, as they stand (challenges aside)."""
    return round_lines(s.cards, s.hands, s.words, s.options, s.round)


def _score_round(s: QuiddlerState, again: bool = False) -> list[Event]:
    closing = _closing_lines(s)
    s.lines.extend(closing)
    round_points = sheet_totals([line for line in s.lines if line.round == s.round], s.players)
    scores = ", ".join(f"{seat.name} {round_points[i]:+d}" for i, seat in enumerate(s.seats))
    bonuses = [f"{_name(s, line.seat)}: {line.label} +{line.points}"
               for line in closing if line.label.startswith(("most", "longest"))]
    said = f"Round {s.round} is scored again: {scores}" if again else f"Round {s.round} is over: {scores}"
    return [Event(said), *(Event(b) for b in bonuses)]


# ---------------------------------------------------------------- reading the state


def player_view(s: QuiddlerState, seat: int) -> QuiddlerView:
    return QuiddlerView(**table_view_fields(s, seat, s.lines), options=s.options,
                        words=tuple(copy.copy(w) for w in s.words), out=s.out, last_turns=s.last_turns)


def resample(v: QuiddlerView, rng: random.Random) -> QuiddlerState:
    """A state this view allows, the cards its seat has not seen dealt at random (``core.lookahead``)."""
    laid = [c for w in v.words for c in w.cards]
    table = guessed_table(v, laid, rng, under=max(0, v.discard_count - 1))
    return QuiddlerState(**table, options=v.options, words=[copy.copy(w) for w in v.words],
                         next_word_id=next_id(v.words), out=v.out,
                         last_turns=v.last_turns, lines=list(v.sheet))


def all_cards(s: QuiddlerState) -> list[str]:
    return [c for h in s.hands for c in h] + s.stock + s.discard + [c for w in s.words for c in w.cards]


def check_invariants(s: QuiddlerState) -> None:
    """Raise AssertionError if a card is lost or duplicated, a hand has the wrong size, or the sheet is off."""
    assert_all_cards(all_cards(s), s.cards)
    if s.phase in ("draw", "play"):
        size = s.options.hand_size(s.round) + (s.phase == "play")
        hand = len(s.hands[s.current])
        assert hand == size, f"{_name(s)} holds {hand} cards, not {size}"
    if s.phase == "draw" and s.last_turns is None:
        assert all(len(h) == s.options.hand_size(s.round) for h in s.hands), "a hand has the wrong size"
    assert all(len(w.cards) >= 2 for w in s.words), "a word of fewer than two cards"
    assert sum(totals(s)) == sum(line.points for line in s.lines)


# ---------------------------------------------------------------- for the referee (core.match)


def words_formed(s: QuiddlerState, move: Move) -> list[str]:
    """The words a move would lay down, for strict mode."""
    if isinstance(move, Discard):
        return [spell(s, w) for w in move.words if all(c in s.cards for c in w)]
    return []


def challenge_targets(v: QuiddlerState | QuiddlerView) -> list[Challengeable]:
    """This turn's words; once the round is scored, every word of the round (until the next deal)."""
    if v.phase not in ("challenge", *LATE):
        return []
    words = v.words if v.phase in LATE else turn_words(v)
    return [Challengeable(w.id, w.text, v.seats[w.owner].name) for w in words if w.id not in v.challenged]
