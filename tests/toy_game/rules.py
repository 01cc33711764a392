"""Word Chain, a toy game that proves the game contract: it lives under tests/ and touches nothing in wordcards/.

Each player holds seven letter cards. On your turn, spell a word of three or
more of your cards that starts with the last letter of the word before it (the
first word may start with anything), or pass and draw a card (up to ten). Others may challenge the word;
``end`` then refills your hand. A word scores a point a letter, a word struck
by a challenge scores nothing. The game ends after ``words`` words, or when
every player has passed in a row with the stock empty.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, field
from typing import Any, Mapping

from wordcards.core.cards import Card, shuffled
from wordcards.core.errors import IllegalMove, InvalidMove
from wordcards.core.moves import Challenge, EndTurn
from wordcards.core.common import (Challengeable, Event, move_parser, quoted, ScoreLine, Seat, table_view_fields,
                                   TableState, TableView)
from wordcards.core.rulekit import (apply_move, assert_all_cards, check_challenger, Handlers, is_over, phase_guard,
                                    score_sheet, to_move, totals)
from wordcards.core.options import GameOptions, option

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND, MOST = 7, 10
CARDS = {f"{ch}{n}": Card(f"{ch}{n}", "", ch.upper()) for ch in string.ascii_lowercase for n in (1, 2, 3)}

__all__ = ["OPTIONS", "new_game", "apply", "parse_move", "player_view", "to_move", "is_over", "totals", "score_sheet",
           "check_invariants", "words_formed", "challenge_targets"]


@dataclass(frozen=True)
class Say:
    """Spell ``cards`` (card ids, in order) as a word."""

    cards: tuple[str, ...]
    KEYWORD = "say"

    def __str__(self) -> str:
        return "say " + " ".join(self.cards)

    @classmethod
    def parse(cls, args: list[str]) -> "Say":
        if not args:
            raise InvalidMove("'say' takes the cards of the word, e.g. say c1 a2 t1")
        return cls(tuple(args))


@dataclass(frozen=True)
class Pass:
    """No word this turn."""

    KEYWORD = "pass"

    def __str__(self) -> str:
        return "pass"

    @classmethod
    def parse(cls, args: list[str]) -> "Pass":
        if args:
            raise InvalidMove("'pass' takes nothing after it")
        return cls()


parse_move = move_parser(Say, Pass, Challenge, EndTurn)


@dataclass(frozen=True)
class ChainOptions(GameOptions):
    words: int = option(8, "how many words the game lasts", bounds=(1, 40))


OPTIONS = ChainOptions.declared()


@dataclass
class Said:
    seat: int
    text: str
    cards: tuple[str, ...]
    struck: bool = False

    def copy(self) -> "Said":
        return Said(self.seat, self.text, self.cards, self.struck)


@dataclass
class ChainState(TableState):
    chain: list[Said] = field(default_factory=list)
    passes: int = 0


@dataclass(frozen=True)
class ChainView(TableView):
    options: ChainOptions
    chain: tuple[tuple[int, str, bool], ...]
    """Each word said: who, its letters, whether a challenge struck it."""


def new_game(seats: list[Seat], options: Mapping | None = None, seed: int = 0) -> ChainState:
    rng = random.Random(seed)
    stock = shuffled(rng, sorted(CARDS))
    hands = [[stock.pop() for _ in range(HAND)] for _ in seats]
    return ChainState(list(seats), ChainOptions.read(options or {}, len(seats)), seed, rng, CARDS, hands=hands, stock=stock, phase="play")


def apply(state: ChainState, move: Any) -> tuple[ChainState, list[Event]]:
    return apply_move(state, move, parse=parse_move, handlers=HANDLERS, game="Word Chain")


def _waiting(s: ChainState) -> str:
    return {"play": "a word or a pass", "challenge": "challenges, or end"}.get(s.phase, "nothing: the game is over")


_need_phase = phase_guard(_waiting)


def needed_letter(s: ChainState | ChainView) -> str | None:
    """The letter the next word must start with (None: any)."""
    said = [w for w in s.chain if not _struck(w)]
    return _text(said[-1])[-1] if said else None


def _struck(word: Said | tuple) -> bool:
    return word.struck if isinstance(word, Said) else word[2]


def _text(word: Said | tuple) -> str:
    return word.text if isinstance(word, Said) else word[1]


def _say(s: ChainState, move: Say) -> list[Event]:
    _need_phase(s, "play")
    hand = s.hands[s.current]
    if len(set(move.cards)) != len(move.cards) or not set(move.cards) <= set(hand):
        raise IllegalMove("spell the word with cards from your hand, each card once")
    if len(move.cards) < 3:
        raise IllegalMove("a word needs three or more letters")
    text = "".join(s.cards[c].letters for c in move.cards)
    first = needed_letter(s)
    if first and text[0] != first:
        raise IllegalMove(f"{quoted(text)} must start with {first}")
    for card in move.cards:
        hand.remove(card)
    s.discard.extend(move.cards)
    s.chain.append(Said(s.current, text, move.cards))
    s.lines.append(ScoreLine(s.current, 1, text, f"{len(text)} letters", len(text)))
    s.passes, s.phase = 0, "challenge"
    return [Event(f"{s.seats[s.current].name} said {text}")]


def _pass(s: ChainState, move: Pass) -> list[Event]:
    _need_phase(s, "play")
    s.passes += 1
    if s.stock and len(s.hands[s.current]) < MOST:
        s.hands[s.current].append(s.stock.pop())
    return [Event(f"{s.seats[s.current].name} passed and drew a card")] + _next_turn(s)


def _challenge(s: ChainState, move: Challenge) -> list[Event]:
    check_challenger(s, move.challenger)
    if move.word not in {t.word_id for t in challenge_targets(s)}:
        raise IllegalMove(f"word {move.word} cannot be challenged now")
    s.challenged.append(move.word)
    word = s.chain[move.word]
    if move.valid:
        return [Event(f"{word.text} is in the word list, so it stands")]
    word.struck = True
    s.lines = [line for line in s.lines if not (line.label == word.text and line.seat == word.seat)]
    return [Event(f"{word.text} is not a word: it scores nothing")]


def _end(s: ChainState, move: EndTurn) -> list[Event]:
    _need_phase(s, "challenge")
    hand = s.hands[s.current]
    while len(hand) < HAND and s.stock:
        hand.append(s.stock.pop())
    return _next_turn(s)


def _next_turn(s: ChainState) -> list[Event]:
    said = sum(not w.struck for w in s.chain)
    stuck = s.passes >= s.players and (not s.stock or all(len(h) >= MOST for h in s.hands))
    if said >= s.options.words or stuck:
        s.phase = "game-over"
        return [Event("The chain is finished")]
    s.current = (s.current + 1) % s.players
    s.turn_start = len(s.history)
    s.challenged = []
    s.phase = "play"
    return []


HANDLERS: Handlers = {Say: _say, Pass: _pass, Challenge: _challenge, EndTurn: _end}


def player_view(s: ChainState, seat: int) -> ChainView:
    return ChainView(**table_view_fields(s, seat, s.lines), options=s.options,
                     chain=tuple((w.seat, w.text, w.struck) for w in s.chain))


def check_invariants(s: ChainState) -> None:
    assert_all_cards([c for h in s.hands for c in h] + s.stock + s.discard, CARDS)
    assert all(len(h) <= MOST for h in s.hands)


def words_formed(s: ChainState, move: Any) -> list[str]:
    if isinstance(move, Say) and all(c in s.cards for c in move.cards):
        return ["".join(s.cards[c].letters for c in move.cards)]
    return []


def challenge_targets(v: ChainState | ChainView) -> list[Challengeable]:
    if v.phase != "challenge" or not v.chain:
        return []
    number = len(v.chain) - 1
    last = v.chain[number]
    if number in v.challenged or _struck(last):
        return []
    owner = last.seat if isinstance(last, Said) else last[0]
    return [Challengeable(number, _text(last), v.seats[owner].name)]
