"""Gift Words rules: ``new_game``, ``apply``, ``player_view``, the score sheet. Every variation is an option.

Pure: no Textual, no Rich, no word list. A challenge move carries the word
list's verdict, so a saved game replays the same whatever list is loaded later.

A turn (basic and advanced): ``draw`` or ``take SEAT``; then at most one
``extend`` and one ``word``, in that order; then ``discard`` (or ``done`` with
three cards or fewer). Each extension or new word waits for challenges until
``end``; in the advanced game ``end`` is followed by replacement draws
(phase ``replace``). The younger players' rules deal each turn's cards and
allow a ``word``, a ``change``, an ``extend`` and a ``silent`` E once each.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from wordcards.core.cards import shuffled
from wordcards.core.errors import IllegalMove
from wordcards.core.moves import Challenge, Draw, EndTurn, NextRound
from wordcards.core.common import Challengeable, counted, Event, ScoreLine, Seat, sheet_totals, table_view_fields
from wordcards.core.rulekit import (apply_move, assert_all_cards, card_name, check_challenger, check_deal, check_seat,
                                    guessed_table, Handlers, is_over, next_id, phase_guard, score_sheet, to_move, totals)
from wordcards.core.rulekit import seat_name as _name
from wordcards.games.gift_words import deck as gift_deck
from wordcards.games.gift_words.moves import (
    Centre,
    Change,
    Discard,
    Done,
    Extend,
    Layout,
    MakeWord,
    Move,
    Order,
    SilentE,
    TakePile,
    TurnUp,
    card_of,
    parse_move,
)
from wordcards.games.gift_words.scoring import extension_lines, new_word_lines, silent_e_line
from wordcards.games.gift_words.state import (
    ADVANCED_WORDS_TO_GO_OUT,
    CENTRE_KEPT,
    COOP_STOCKPILE,
    HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    OUT_BONUS,
    TURNS_EACH_BEFORE_STALL,
    YOUNGER_DEAL,
    GiftOptions,
    GiftState,
    GiftView,
    Pending,
    TableWord,
)

__all__ = ["OPTIONS", "GiftOptions", "GiftState", "GiftView", "new_game", "apply", "player_view", "parse_move",
           "score_sheet", "totals", "to_move", "is_over", "check_invariants", "words_formed", "challenge_targets"]

BLACK, SILENT = gift_deck.BLACK, gift_deck.SILENT

# ---------------------------------------------------------------- setting up


def new_game(seats: list[Seat], options: Mapping | None = None, seed: int = 0,
             deal: Mapping[str, Any] | None = None) -> GiftState:
    """A new game. ``deal`` pins the first round for tests: ``hands``, ``stock`` (top last), and ``dealer``."""
    opts = GiftOptions.read(options or {}, len(seats))
    state = GiftState(list(seats), opts, seed, random.Random(seed), gift_deck.deck(opts.younger))
    if deal is None:
        _start_round(state)
        return state
    state.dealer = int(deal.get("dealer", 0))
    _reset_round(state)
    state.hands = [list(h) for h in deal["hands"]]
    state.stock = list(deal.get("stock", []))
    check_deal(all_cards(state), state.cards)
    _begin_round_turns(state)
    return state


def _reset_round(s: GiftState) -> None:
    n = s.players
    s.hands, s.piles, s.discard = [[] for _ in range(n)], [[] for _ in range(n)], []
    s.stockpiles, s.centre, s.vowels, s.silent = [], [], [], []
    s.words_made, s.out, s.turns, s.barred, s.latest = [0] * n, None, 0, [], None


def _start_round(s: GiftState) -> None:
    """Shuffle every card not kept on the table, deal, and begin (or ask who begins, or find centre words)."""
    _reset_round(s)
    kept = {c for w in s.words for c in w.cards + w.covered}
    pack = shuffled(s.rng, sorted(c for c in s.cards if c not in kept))
    opts, first = s.options, (s.dealer + 1) % s.players
    if opts.younger:
        s.silent = sorted(c for c in pack if s.cards[c].colour == SILENT)
        s.vowels = [c for c in pack if s.cards[c].colour != SILENT and gift_deck.is_vowel(s.cards[c])]
        s.stock = [c for c in pack if s.cards[c].colour != SILENT and not gift_deck.is_vowel(s.cards[c])]
    else:
        s.stock = pack
    if opts.two_player and s.round == 1:
        s.current, s.phase = first, "centre"
        _new_turn_marks(s)
        return
    if opts.two_player:
        scores = totals(s)
        if scores[0] != scores[1]:
            s.current, s.phase = scores.index(min(scores)), "order"
            _new_turn_marks(s)
            return
        first = 1 - s.starter  # a tie: who began the last round goes second
    _deal(s, first)


def _deal(s: GiftState, first: int) -> None:
    s.current = first
    if not s.options.younger:
        for _ in range(HAND):
            for offset in range(s.players):
                s.hands[(first + offset) % s.players].append(s.stock.pop())
    if s.options.coop:
        s.stockpiles = [[s.stock.pop() for _ in range(COOP_STOCKPILE)] for _ in s.seats]
        s.piles[(first + 1) % s.players].append(s.stock.pop())  # the face-up card that starts the discards
    _begin_round_turns(s)


def _begin_round_turns(s: GiftState) -> None:
    s.starter = s.current
    _begin_turn(s)


def _new_turn_marks(s: GiftState) -> None:
    s.acted, s.owed, s.took, s.pending, s.challenged = [], 0, None, None, []
    s.turn_start = len(s.history)


def _begin_turn(s: GiftState) -> None:
    _new_turn_marks(s)
    if s.current in s.barred:
        s.barred.remove(s.current)
        s.acted.append("barred")
    if s.options.younger:
        _deal_younger(s)
        s.phase = "play"
    else:
        s.phase = "draw"


def _deal_younger(s: GiftState) -> None:
    """Two vowels and four consonants, reshuffling that kind's discards when its pile runs out."""
    hand = s.hands[s.current]
    for pile, count, vowel in ((s.vowels, YOUNGER_DEAL[0], True), (s.stock, YOUNGER_DEAL[1], False)):
        for _ in range(count):
            if not pile:
                back = [c for c in s.discard if gift_deck.is_vowel(s.cards[c]) == vowel]
                s.discard = [c for c in s.discard if c not in back]
                pile.extend(shuffled(s.rng, back))
            if pile:
                hand.append(pile.pop())


# ---------------------------------------------------------------- applying moves


def apply(state: GiftState, move: Move | str) -> tuple[GiftState, list[Event]]:
    """Check ``move`` and return the new state and what happened; ``state`` itself is never changed."""
    return apply_move(state, move, parse=parse_move, handlers=_HANDLERS, game="Gift Words")


def phase_help(s: GiftState | GiftView) -> str:
    name = s.seats[s.current].name
    return {
        "centre": f"{name} turns up cards until two centre words can be made",
        "order": f"{name} is behind and chooses to go first or second",
        "draw": f"{name} must first draw from the deck or take the top of a discard pile",
        "replace": f"{name} draws {counted(s.owed, 'replacement card')}",
        "play": f"{name} may extend a word, make a word, then discard",
        "challenge": f"{name}'s word may be challenged before the turn goes on",
        "round-over": "the round is over; deal the next one",
        "game-over": "the game is over",
    }[s.phase]


_need_phase = phase_guard(phase_help)


def _show(s: GiftState | GiftView, card: str) -> str:
    c = s.cards[card]
    return f"{c.letters.capitalize()} ({c.colour})"


# ---------------------------------------------------------------- drawing


def _deck_name(s: GiftState) -> str:
    return "bonus deck" if s.options.coop else "deck"


def _draw(s: GiftState, move: Draw) -> list[Event]:
    _need_phase(s, "draw", "replace")
    hand = s.hands[s.current]
    if s.phase == "draw" and s.options.coop:
        own = s.stockpiles[s.current]
        if not own:
            raise IllegalMove("draw: your stockpile is empty — take a discard instead")
        hand.append(own.pop())
        s.phase = "play"
        return [Event(f"{_name(s)} drew from their stockpile ({len(own)} left)")]
    if not s.stock:
        raise IllegalMove(f"draw: the {_deck_name(s)} is empty — take the top of a discard pile")
    hand.append(s.stock.pop())
    events = [Event(f"{_name(s)} drew {'a replacement ' if s.phase == 'replace' else ''}from the {_deck_name(s)}")]
    if not s.stock and not s.options.coop:
        events.append(Event("That was the last card of the deck: the round ends after this turn"))
    _drawn(s)
    return events


def _take(s: GiftState, move: TakePile) -> list[Event]:
    _need_phase(s, "draw", "replace")
    check_seat(s, move.seat)
    pile = s.piles[move.seat]
    if not pile:
        raise IllegalMove(f"{_name(s, move.seat)}'s discard pile is empty")
    card = pile.pop()
    s.hands[s.current].append(card)
    if s.phase == "draw" and s.options.coop:
        s.took = (move.seat, card)
    whose = "their own" if move.seat == s.current else f"{_name(s, move.seat)}'s"
    _drawn(s)
    return [Event(f"{_name(s)} took {_show(s, card)} from {whose} discard pile")]


def _drawn(s: GiftState) -> None:
    """After the turn's draw, play; after a replacement, the next one (while any card can be drawn)."""
    if s.phase == "draw":
        s.phase = "play"
    else:
        s.owed -= 1
        if s.owed == 0 or not _can_replace(s):
            s.owed, s.phase = 0, "play"


def _can_replace(s: GiftState) -> bool:
    return bool(s.stock) or any(s.piles)


# ---------------------------------------------------------------- words


def token_letters(s: GiftState | GiftView, token: str) -> str:
    """The letters a card gives in a word: its own, or Q alone for ``QUk1/Q``."""
    card = s.cards.get(card_of(token))
    if card is None:
        raise IllegalMove(f"{card_of(token)} is not a Gift Words card")
    if token.endswith("/Q"):
        if card.letters != "QU":
            raise IllegalMove(f"{token}: only the Qu card can be used as a Q alone")
        return "Q"
    if "/" in token:
        raise IllegalMove(f"{token}: the only way to use a card differently is QU…/Q")
    return card.letters


def spell(s: GiftState | GiftView, layout: Layout) -> str:
    return "".join(token_letters(s, t) for t in layout)


def colour_of(s: GiftState | GiftView, cards) -> str | None:
    """The colour cards share (black cards match any), ``black`` if all are black, None if they clash."""
    colours = {s.cards[c].colour for c in cards} - {BLACK, SILENT}
    if len(colours) > 1:
        return None
    return colours.pop() if colours else BLACK


def _from_hand(s: GiftState, move, cards: list[str]) -> None:
    hand = s.hands[s.current]
    for card in cards:
        if card not in hand:
            raise IllegalMove(f"{card_name(s, card)} is not in your hand")
    if len(set(cards)) != len(cards):
        raise IllegalMove("a card is used twice")


def _word(s: GiftState, number: int) -> TableWord:
    for word in s.words:
        if word.id == number:
            return word
    raise IllegalMove(f"there is no word {number} on the table")


def _once(s: GiftState, move, act: str, what: str) -> None:
    if act in s.acted:
        raise IllegalMove(f"you may {what} only once a turn")


def _open(s: GiftState, kind: str, word: TableWord, before: TableWord | None, added: tuple[str, ...],
          lines: list[ScoreLine]) -> None:
    """A play is on the table: score it, and give the others their chance to challenge."""
    s.pending = Pending(kind, word.id, before, added, len(s.lines))
    earlier = s.latest[2] if s.latest and s.latest[0] == s.turns else ()
    s.latest = (s.turns, s.current, tuple(dict.fromkeys(earlier + (word.id,))))
    s.lines.extend(lines)
    s.acted.append(kind)
    s.phase = "challenge"


def _scored(lines: list[ScoreLine], s: GiftState) -> str:
    return "; ".join(f"{_name(s, line.seat)} +{line.points}" for line in lines) or "nobody scores"


def _extended_letters(s: GiftState, word: TableWord, layout: Layout) -> list[str]:
    """The letters of ``word`` extended to ``layout``: old cards keep the letters they gave (a Qu stays a Q)."""
    return [word.letters[word.cards.index(card_of(t))] if card_of(t) in word.cards else token_letters(s, t)
            for t in layout]


def _extend(s: GiftState, move: Extend) -> list[Event]:
    _need_phase(s, "play")
    _once(s, move, "extend", "extend a word")
    if "word" in s.acted and not s.options.younger:
        raise IllegalMove("extend a word before making a new one, not after")
    word = _word(s, move.word)
    cards = [card_of(t) for t in move.layout]
    old = set(word.cards)
    if [c for c in cards if c in old] != word.cards:
        if not old <= set(cards):
            raise IllegalMove(f"every card of {word.text} must stay in the word")
        raise IllegalMove(f"the cards of {word.text} must stay in their order "
                          "(add letters anywhere, but CARE cannot become CAPER)")
    added = tuple(c for c in cards if c not in old)
    if not added:
        raise IllegalMove("add at least one card")
    _from_hand(s, move, list(added))
    letters = _extended_letters(s, word, move.layout)
    colour = word.colour
    if not s.options.younger:
        shared = colour_of(s, cards)
        if shared is None:
            wrong = next(c for c in added if s.cards[c].colour not in (word.colour, BLACK))
            raise IllegalMove(f"{_show(s, wrong)} does not match {word.text}'s colour ({word.colour}); "
                              "added cards must be that colour or black")
        colour = shared
    before = word.copy()
    word.cards, word.letters, word.colour = cards, letters, colour
    for card in added:
        s.hands[s.current].remove(card)
    lines = extension_lines(s.cards, s.options, s.current, s.round, before, word, added)
    _open(s, "extend", word, before, added, lines)
    return [Event(f"{_name(s)} turned {before.text} into {word.text}: {_scored(lines, s)}", words=(word.text,))]


def _change(s: GiftState, move: Change) -> list[Event]:
    _need_phase(s, "play")
    if not s.options.younger:
        raise IllegalMove("changing a letter is a rule for younger players only")
    _once(s, move, "change", "change a word")
    word = _word(s, move.word)
    cards = [card_of(t) for t in move.layout]
    differ = [i for i, (a, b) in enumerate(zip(word.cards, cards)) if a != b]
    if len(cards) != len(word.cards) or len(differ) != 1:
        raise IllegalMove(f"lay one card over one letter of {word.text}; the rest stay as they are")
    at = differ[0]
    _from_hand(s, move, [cards[at]])
    before = word.copy()
    word.covered.append(word.cards[at])
    word.cards[at], word.letters[at] = cards[at], token_letters(s, move.layout[at])
    s.hands[s.current].remove(cards[at])
    lines = extension_lines(s.cards, s.options, s.current, s.round, before, word, (cards[at],), verb="changed")
    _open(s, "change", word, before, (cards[at],), lines)
    return [Event(f"{_name(s)} changed {before.text} into {word.text}: {_scored(lines, s)}", words=(word.text,))]


def _silent(s: GiftState, move: SilentE) -> list[Event]:
    _need_phase(s, "play")
    if not s.options.younger:
        raise IllegalMove("Silent E cards are for the younger players' rules")
    _once(s, move, "silent", "play a Silent E")
    if not s.silent:
        raise IllegalMove("all four Silent E cards are played")
    word = _word(s, move.word)
    if word.text.endswith("E"):
        raise IllegalMove(f"{word.text} already ends in E; a Silent E must change the word's sound")
    before = word.copy()
    card = s.silent.pop()
    word.cards.append(card)
    word.letters.append("E")
    line = silent_e_line(s.current, s.round, before.text)
    _open(s, "silent", word, before, (card,), [line])
    return [Event(f"{_name(s)} added a Silent E: {before.text} → {word.text}, +{line.points}", words=(word.text,))]


def _make(s: GiftState, move: MakeWord) -> list[Event]:
    _need_phase(s, "play")
    if "barred" in s.acted:
        raise IllegalMove("you challenged a good word last turn, so you may not make a new word this turn")
    _once(s, move, "word", "make one new word")
    cards = [card_of(t) for t in move.layout]
    if len(cards) < 3:
        raise IllegalMove("a new word needs at least three cards")
    _from_hand(s, move, cards)
    colour = BLACK if s.options.younger else colour_of(s, cards)
    if colour is None:
        raise IllegalMove(f"{spell(s, move.layout)}: a word's cards must all be one colour (black cards match any)")
    word = TableWord(s.next_word_id, s.current, cards, [token_letters(s, t) for t in move.layout], colour)
    s.next_word_id += 1
    s.words.append(word)
    s.words_made[s.current] += 1
    for card in cards:
        s.hands[s.current].remove(card)
    lines = new_word_lines(s.cards, s.options, s.current, s.round, word)
    _open(s, "word", word, None, tuple(cards), lines)
    shown = "" if s.options.younger else f" ({colour})"
    return [Event(f"{_name(s)} made {word.text}{shown}: +{sum(line.points for line in lines)}", words=(word.text,))]


def _owed_for(s: GiftState, pending: Pending) -> int:
    """Replacement draws a play earns: advanced, each added card and each new-word card over three;
    cooperative, every card played."""
    if pending.kind not in ("extend", "word") or not (s.options.advanced or s.options.coop):
        return 0
    if pending.kind == "extend" or s.options.coop:
        return len(pending.added)
    return max(0, len(pending.added) - 3)


def _end_challenges(s: GiftState, move: EndTurn) -> list[Event]:
    _need_phase(s, "challenge")
    owed = _owed_for(s, _pending(s))
    s.pending, s.challenged = None, []
    s.phase = "play"
    if owed and _can_replace(s):
        s.owed, s.phase = owed, "replace"
        return [Event(f"{_name(s)} draws {counted(owed, 'replacement card')}")]
    return []


def _pending(s: GiftState) -> Pending:
    """The play open to challenge; in the challenge phase there is always one."""
    if s.pending is None:
        raise IllegalMove("no play is open to challenge")
    return s.pending


def _challenge(s: GiftState, move: Challenge) -> list[Event]:
    _need_phase(s, "challenge")
    check_challenger(s, move.challenger)
    pending = _pending(s)
    if move.word != pending.word:
        raise IllegalMove(f"word {move.word} was not just played")
    if move.word in s.challenged:
        raise IllegalMove("it has already been looked up")
    s.challenged.append(move.word)
    word = _word(s, move.word)
    who = _name(s, move.challenger)
    if move.valid:
        if pending.kind == "word":
            s.barred.append(move.challenger)
            return [Event(f"{who} challenged {word.text}: it is a word, so {who} may not make a new word "
                          "on their next turn")]
        return [Event(f"{who} looked up {word.text}: it is a word")]
    del s.lines[pending.lines_from:]
    hand = s.hands[s.current]
    if pending.kind == "word":
        s.words.remove(word)
        s.words_made[s.current] -= 1
        hand.extend(word.cards)
        s.acted.append("struck")  # "word" stays: no other word this turn
        tail = f"{_name(s)} takes the cards back and discards without making another word"
    else:
        s.words[s.words.index(word)] = (pending.before or word).copy()  # every play but a new word has a before
        if pending.kind == "silent":
            s.silent.extend(pending.added)
        else:
            hand.extend(pending.added)
        tail = f"{_name(s)} takes the card{'s' if len(pending.added) > 1 else ''} back"
        if pending.kind == "extend" and not s.options.younger:
            tail += " and may not extend another word this turn (a new word is still allowed)"
    s.pending, s.phase = None, "play"
    return [Event(f"{who} challenged {word.text}: not a word! {tail}")]


# ---------------------------------------------------------------- ending a turn


def _check_took(s: GiftState, move, card: str | None) -> bool:
    """Cooperative: a turn that took a discard must make or extend a word, or put that card back.

    Returns True when ``card`` goes back to the pile it came from.
    """
    if s.took is None or {"word", "extend"} & set(s.acted):
        return False
    _, taken = s.took
    if card == taken:
        return True
    raise IllegalMove(f"you took {_show(s, taken)} from a discard pile, so you must make or extend a word "
                      "this turn — or discard that card, which goes back where it came from")


def _discard(s: GiftState, move: Discard) -> list[Event]:
    _need_phase(s, "play")
    hand = s.hands[s.current]
    if move.card not in hand:
        raise IllegalMove(f"{card_name(s, move.card)} is not in your hand")
    if s.options.younger:
        raise IllegalMove("in the younger players' rules every unused card is discarded at the end (done)")
    if len(hand) == 1 and s.options.advanced and s.words_made[s.current] < ADVANCED_WORDS_TO_GO_OUT:
        raise IllegalMove(f"in the advanced game you go out only after making four words "
                          f"(you have made {s.words_made[s.current]}); keep your last card (done)")
    back = _check_took(s, move, move.card)
    hand.remove(move.card)
    pile = s.took[0] if back and s.took else s.current
    s.piles[pile].append(move.card)
    where = f"put {_show(s, move.card)} back on {_name(s, pile)}'s pile" if back else f"discarded {_show(s, move.card)}"
    return [Event(f"{_name(s)} {where}")] + _finish_turn(s)


def _done(s: GiftState, move: Done) -> list[Event]:
    _need_phase(s, "play")
    hand = s.hands[s.current]
    if s.options.younger:
        s.discard.extend(hand)
        hand.clear()
        return [Event(f"{_name(s)} ends the turn")] + _finish_turn(s)
    if len(hand) > 3:
        raise IllegalMove(f"you hold {len(hand)} cards: discard one (with three or fewer you may keep them all)")
    _check_took(s, move, None)
    return [Event(f"{_name(s)} ends the turn without discarding")] + _finish_turn(s)


def _finish_turn(s: GiftState) -> list[Event]:
    s.turns += 1
    opts, hand = s.options, s.hands[s.current]
    stalled = s.turns >= TURNS_EACH_BEFORE_STALL * s.players
    if opts.coop:
        if not any(s.stockpiles) or stalled:
            return _end_round(s)
        partner = 1 - s.current
        s.current = partner if s.stockpiles[partner] else s.current
        _begin_turn(s)
        return []
    if opts.younger:
        made = sum(s.words_made)
        if made >= opts.words_per_round(s.players) or stalled:
            return [Event(f"{made} words made: the round is over")] + _end_round(s)
    elif not hand and (not opts.advanced or s.words_made[s.current] >= ADVANCED_WORDS_TO_GO_OUT):
        s.out = s.current
        s.lines.append(ScoreLine(s.current, s.round, "went out first", f"+{OUT_BONUS}", OUT_BONUS))
        return [Event(f"{_name(s)} goes out! +{OUT_BONUS}")] + _end_round(s)
    elif not s.stock or stalled:  # the deck only shrinks in a round: empty now, its last card went this turn
        return _end_round(s)
    s.current = (s.current + 1) % s.players
    _begin_turn(s)
    return []


def _end_round(s: GiftState) -> list[Event]:
    last = s.round >= s.options.total_rounds(s.players)
    s.phase = "game-over" if last else "round-over"
    if s.options.coop:
        team, goal = sum(totals(s)), s.options.target
        verdict = "the team reaches the goal!" if team >= goal else "short of the goal"
        return [Event(f"The stockpiles are drawn: team score {team}, goal {goal}: {verdict}")]
    scores = sheet_totals([line for line in s.lines if line.round == s.round], s.players)
    events = [Event(f"Round {s.round} is over: " + ", ".join(f"{seat.name} {scores[i]:+d}"
                                                             for i, seat in enumerate(s.seats)))]
    if s.options.two_player and not last:
        events.append(Event(f"{', '.join(w.text for w in _centre_kept(s))} stay in the centre for the next round"))
    return events


def _centre_kept(s: GiftState) -> list[TableWord]:
    """Two-player rules: the three shortest words of the round (the earliest on a tie) stay in the centre."""
    return sorted(s.words, key=lambda w: (len(w.letters), w.id))[:CENTRE_KEPT]


def _next_round(s: GiftState, move: NextRound) -> list[Event]:
    _need_phase(s, "round-over")
    s.round += 1
    s.dealer = (s.dealer + 1) % s.players
    s.words = _centre_kept(s) if s.options.two_player else []
    for word in s.words:
        word.owner = None
    _start_round(s)
    return [Event(f"Round {s.round}: {_name(s, s.dealer)} deals")]


# ---------------------------------------------------------------- two-player rules: the centre and the order


def _turn_up(s: GiftState, move: TurnUp) -> list[Event]:
    _need_phase(s, "centre")
    s.centre.append(s.stock.pop())
    return [Event(f"{_name(s)} turned up {_show(s, s.centre[-1])}")]


def _centre(s: GiftState, move: Centre) -> list[Event]:
    _need_phase(s, "centre")
    used = [card_of(t) for layout in move.words for t in layout]
    if any(c not in s.centre for c in used) or len(set(used)) != len(used):
        raise IllegalMove("use turned-up cards, each once")
    for layout in move.words:
        cards = [card_of(t) for t in layout]
        if len(cards) < 3:
            raise IllegalMove(f"{spell(s, layout)}: a centre word needs at least three cards")
        colour = colour_of(s, cards)
        if colour is None:
            raise IllegalMove(f"{spell(s, layout)}: a word's cards must all be one colour (black cards match any)")
        s.words.append(TableWord(s.next_word_id, None, cards, [token_letters(s, t) for t in layout], colour))
        s.next_word_id += 1
    s.stock.extend(c for c in s.centre if c not in used)
    s.stock, s.centre = shuffled(s.rng, s.stock), []
    texts = " and ".join(w.text for w in s.words[-2:])
    _deal(s, s.current)
    return [Event(f"{texts} start the centre; the other turned-up cards are shuffled back and 12 cards dealt each")]


def _order(s: GiftState, move: Order) -> list[Event]:
    _need_phase(s, "order")
    chooser = s.current
    _deal(s, chooser if move.first else 1 - chooser)
    return [Event(f"{_name(s, chooser)} is behind and goes {'first' if move.first else 'second'}")]


_HANDLERS: Handlers = {Draw: _draw, TakePile: _take, Extend: _extend, Change: _change, MakeWord: _make, SilentE: _silent,
             Discard: _discard, Done: _done, EndTurn: _end_challenges, Challenge: _challenge,
             NextRound: _next_round, TurnUp: _turn_up, Centre: _centre, Order: _order}


# ---------------------------------------------------------------- reading the state


def player_view(s: GiftState, seat: int) -> GiftView:
    return GiftView(
        **table_view_fields(s, seat, s.lines), options=s.options, words=tuple(w.copy() for w in s.words),
        pile_tops=tuple(p[-1] if p else None for p in s.piles), pile_counts=tuple(len(p) for p in s.piles),
        acted=tuple(s.acted), owed=s.owed, took=s.took, pending_word=s.pending_word, barred=tuple(s.barred),
        words_made=tuple(s.words_made), out=s.out, centre=tuple(s.centre),
        stockpile_counts=tuple(len(p) for p in s.stockpiles), vowel_count=len(s.vowels), silent_left=len(s.silent),
        latest=s.latest)


def resample(v: GiftView, rng: random.Random) -> GiftState:
    """A state this view allows, the cards its seat has not seen dealt at random (``core.lookahead``).

    Not in the younger players' game, whose piles are sorted by kind, nor while a play awaits its challenges (the
    word it changed is not in the view): ValueError.
    """
    if v.options.younger or v.pending_word is not None:
        raise ValueError("only the basic, advanced and cooperative games between plays can be resampled")
    public = [t for t in v.pile_tops if t] + list(v.centre) + [c for w in v.words for c in w.cards + w.covered]
    table = guessed_table(v, public, rng, under=max(0, v.discard_count - 1))
    pool = table["stock"]
    piles = [[pool.pop() for _ in range(count - 1)] + [top] if top else [] for top, count in zip(v.pile_tops,
                                                                                                 v.pile_counts)]
    stockpiles = [[pool.pop() for _ in range(count)] for count in v.stockpile_counts]
    return GiftState(**table, options=v.options, piles=piles, stockpiles=stockpiles, words=[w.copy() for w in v.words],
                     next_word_id=next_id(v.words), lines=list(v.sheet),
                     acted=list(v.acted), owed=v.owed, took=v.took, barred=list(v.barred),
                     words_made=list(v.words_made), out=v.out, latest=v.latest, centre=list(v.centre),
                     turns=v.latest[0] if v.latest else 0)


def all_cards(s: GiftState) -> list[str]:
    places = [*s.hands, *s.piles, *s.stockpiles, s.stock, s.discard, s.centre, s.vowels, s.silent]
    return [c for p in places for c in p] + [c for w in s.words for c in w.cards + w.covered]


def check_invariants(s: GiftState) -> None:
    """Raise AssertionError if a card is lost or duplicated, a hand is too big, a word breaks a rule, or the
    sheet is off."""
    assert_all_cards(all_cards(s), s.cards)
    if not s.options.younger and s.phase == "draw":
        assert all(len(h) <= HAND for h in s.hands), "a hand holds more than twelve cards"
    for word in s.words:
        assert len(word.cards) >= 3, f"{word.text} has fewer than three cards"
        if not s.options.younger:
            assert colour_of(s, word.cards) in (word.colour, BLACK), f"{word.text} mixes colours"
    assert sum(totals(s)) == sum(line.points for line in s.lines)


# ---------------------------------------------------------------- for the referee (core.match)


def words_formed(s: GiftState, move: Move) -> list[str]:
    """The words a move would put on the table, for strict mode."""
    try:
        if isinstance(move, MakeWord):
            return [spell(s, move.layout)]
        if isinstance(move, Extend):  # and Change
            return ["".join(_extended_letters(s, _word(s, move.word), move.layout))]
        if isinstance(move, SilentE):
            return [_word(s, move.word).text + "E"]
        if isinstance(move, Centre):
            return [spell(s, layout) for layout in move.words]
    except IllegalMove:
        return []  # the rules will refuse the move with a better message
    return []


def challenge_targets(v: GiftState | GiftView) -> list[Challengeable]:
    if v.phase != "challenge" or v.pending_word is None or v.pending_word in v.challenged:
        return []
    word = next(w for w in v.words if w.id == v.pending_word)
    return [Challengeable(word.id, word.text, v.seats[v.current].name)]
