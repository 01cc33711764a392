"""The Fluxx half of a turn: drawing and playing cards, Actions, the limits, and Goals.

Pure functions on the state, called by ``rules``. A New Rule replaces the rule
in play with the same slot (Draw 3 replaces Draw 2; Plain Board replaces
Premiums Twice). Limits bind everyone else at once, and the player whose turn
it is at the end of their Fluxx turn (tiles: at the end of the Scrabble turn).
"""

from __future__ import annotations

from wordcards.core.cards import shuffled
from wordcards.core.errors import IllegalMove
from wordcards.core.grid import all_words
from wordcards.core.placing import letters_of
from wordcards.core.common import Event, counted, sheet_totals
from wordcards.core.rulekit import seat_name as _name
from wordcards.games.scrabble_fluxx.deck import fluxx
from wordcards.games.scrabble_fluxx.moves import PlayCard
from wordcards.games.scrabble_fluxx.state import FluxxState, FluxxView

CARD_DRAW = {"draw": 3}
TILE_DRAW = {"extra-tiles": 2}


def card_name(card_id: str) -> str:
    return fluxx()[card_id].name


def draw_cards(s: FluxxState, seat: int, n: int) -> list[Event]:
    """Draw ``n`` Fluxx cards; an empty draw pile is made again from the discards (as in Fluxx)."""
    events = []
    for _ in range(n):
        if not s.deck and s.discard:
            s.deck = shuffled(s.rng, s.discard)
            s.discard = []
            events.append(Event("The Fluxx draw pile ran out: the discards are shuffled into a new one"))
        if not s.deck:
            break
        s.fluxx_hands[seat].append(s.deck.pop())
    return events


def draw_tiles(s: FluxxState, seat: int, n: int) -> int:
    """Draw up to ``n`` tiles from the bag; returns how many there were."""
    got = min(n, len(s.stock))
    for _ in range(got):
        s.hands[seat].append(s.stock.pop())
    return got


def return_tiles(s: FluxxState, tiles: list[str]) -> None:
    """Put tiles back in the bag, which is shuffled."""
    s.stock = shuffled(s.rng, s.stock + tiles)


# ------------------------------------------------------------ targets and limits


def targets(v: FluxxState | FluxxView, card_id: str) -> list[str]:
    """What an Action may be aimed at now (seat numbers and card ids, as in ``play A06 K02``); [] if nothing."""
    card = fluxx()[card_id]
    me = v.current
    if card.target == "rule":
        return list(v.in_play)
    if card.target == "keeper":
        return [k for seat, ks in enumerate(v.keepers) for k in ks if card.effect != "steal-keeper" or seat != me]
    if card.target == "seat":
        return [str(seat) for seat in range(len(v.seats)) if seat != me]
    return []


def excess_text(over: dict[str, int]) -> str:
    """``1 card, 2 tiles``: what an ``excess`` asks for."""
    return ", ".join(counted(n, kind.removesuffix("s")) for kind, n in over.items())


def excess(s: FluxxState | FluxxView, seat: int, phase: str | None = None) -> dict[str, int]:
    """How many Fluxx cards, Keepers and tiles ``seat`` must discard now (or in ``phase``).

    The player whose turn it is discards cards and Keepers at the end of the
    Fluxx turn (``fluxx-end``) and tiles at the end of the Scrabble turn
    (``turn-end``); everyone else at once.
    """
    rules = s.rules
    cards = len(s.fluxx_hands[seat]) if isinstance(s, FluxxState) else s.fluxx_sizes[seat]
    tiles = len(s.hands[seat]) if isinstance(s, FluxxState) else s.hand_sizes[seat]
    over = {
        "cards": cards - rules.hand if rules.hand is not None else 0,
        "keepers": len(s.keepers[seat]) - rules.keepers if rules.keepers is not None else 0,
        "tiles": tiles - rules.hand if rules.hand is not None else 0,
    }
    if seat == s.current:
        kinds = {"fluxx-end": ("cards", "keepers"), "turn-end": ("tiles",)}.get(phase or s.phase, ())
    else:
        kinds = tuple(over)
    return {kind: over[kind] for kind in kinds if over[kind] > 0}


def enforce_limits(s: FluxxState) -> list[Event]:
    """Everyone but the player whose turn it is must discard down to the limits at once."""
    events = []
    for k in range(1, s.players):
        seat = (s.current + k) % s.players
        over = excess(s, seat)
        if over and seat not in s.owed:
            s.owed.append(seat)
            events.append(Event(f"{_name(s, seat)} is over the limit and must discard {excess_text(over)} at once"))
    return events


# ------------------------------------------------------------ playing a card


def play_card(s: FluxxState, move: PlayCard) -> list[Event]:
    hand = s.fluxx_hands[s.current]
    if move.card not in hand:
        raise IllegalMove(f"{move.card} is not in your Fluxx hand")
    card = fluxx()[move.card]
    legal = targets(s, move.card) if card.kind == "action" else []
    if legal and move.target not in legal:
        raise IllegalMove(f"{card.name} must be aimed at one of {', '.join(legal)}")
    if not legal and move.target is not None:
        raise IllegalMove(f"{card.name} takes no target now")
    hand.remove(move.card)
    s.played += 1
    who = _name(s)
    if card.kind == "rule":
        rivals = [r for r in s.in_play if fluxx()[r].slot == card.slot]
        for r in rivals:
            s.in_play.remove(r)
            s.discard.append(r)
        s.in_play.append(card.id)
        replaced = f", replacing {', '.join(card_name(r) for r in rivals)}" if rivals else ""
        events = [Event(f"{who} played the New Rule {card.name}{replaced}")]
        if card.slot == "draw" and s.phase == "fluxx" and s.rules.draw > s.drawn:
            more = s.rules.draw - s.drawn
            s.drawn = s.rules.draw
            events += [Event(f"{who} draws {counted(more, 'more card')} under the new Draw rule"),
                       *draw_cards(s, s.current, more)]
    elif card.kind == "keeper":
        s.keepers[s.current].append(card.id)
        events = [Event(f"{who} put the Keeper {card.name} in front of them")]
    elif card.kind == "goal":
        old = s.goal
        if old is not None:
            s.discard.append(old)
        s.goal = card.id
        events = [Event(f"{who} played the Goal {card.name}" + (f", replacing {card_name(old)}" if old else ""))]
    else:
        events = [Event(f"{who} played the Action {card.name}"), *_act(s, card, move.target)]
        s.discard.append(card.id)
    return events + enforce_limits(s)


def _act(s: FluxxState, card, target: str | None) -> list[Event]:
    me, who = s.current, _name(s)
    effect = card.effect
    if effect in CARD_DRAW:
        return draw_cards(s, me, CARD_DRAW[effect])
    if effect in TILE_DRAW:
        got = draw_tiles(s, me, TILE_DRAW[effect])
        return [Event(f"{who} draws {counted(got, 'tile')}")]
    if effect == "fresh-rack":
        rack = s.hands[me]
        return_tiles(s, rack)
        n = len(rack)
        rack.clear()
        draw_tiles(s, me, n)
        return [Event(f"{who} put back {counted(n, 'tile')} and drew {n} fresh {'one' if n == 1 else 'ones'}")]
    if effect == "recycle":
        s.deck = shuffled(s.rng, s.deck + s.discard)
        s.discard = []
        return [Event("The Fluxx discards are shuffled into the draw pile")]
    if effect == "reset-rules":
        s.discard += s.in_play
        s.in_play = []
        return [Event("Every New Rule is discarded: the Basic Rules alone are in force")]
    if target is None:
        return [Event(f"{card.name} has nothing to act on")]
    if effect == "trash-rule":
        s.in_play.remove(target)
        s.discard.append(target)
        return [Event(f"{card_name(target)} is discarded")]
    if effect in ("steal-keeper", "trash-keeper"):
        owner = next(seat for seat, ks in enumerate(s.keepers) if target in ks)
        s.keepers[owner].remove(target)
        if effect == "trash-keeper":
            s.discard.append(target)
            return [Event(f"{_name(s, owner)}'s {card_name(target)} is discarded")]
        s.keepers[me].append(target)
        return [Event(f"{who} took {card_name(target)} from {_name(s, owner)}")]
    other = int(target)
    if effect == "swap-racks":
        s.hands[me], s.hands[other] = s.hands[other], s.hands[me]
        return [Event(f"{who} and {_name(s, other)} traded tiles")]
    s.fluxx_hands[me], s.fluxx_hands[other] = s.fluxx_hands[other], s.fluxx_hands[me]  # trade-hands
    return [Event(f"{who} and {_name(s, other)} traded Fluxx hands")]


# ------------------------------------------------------------ goals


def goal_met(s: FluxxState) -> str | None:
    """Who meets the Goal in play and how, or None."""
    if s.goal is None:
        return None
    goal = fluxx()[s.goal]
    names = [seat.name for seat in s.seats]
    if goal.need == "keepers":
        for seat, ks in enumerate(s.keepers):
            if set(goal.keepers) <= set(ks):
                return f"{names[seat]} has {' and '.join(card_name(k) for k in goal.keepers)}"
    elif goal.need == "keeper-count":
        for seat, ks in enumerate(s.keepers):
            if len(ks) >= goal.number:
                return f"{names[seat]} has {counted(len(ks), 'Keeper')}"
    elif goal.need == "letters":
        on_board = {p.letter for p in s.board.values()}
        if set(goal.letters) <= on_board:
            return f"the board holds {' and '.join(ch.upper() for ch in goal.letters)}"
    elif goal.need == "length":
        long = [w.text for w in all_words(letters_of(s.board)) if len(w.text) >= goal.number]
        if long:
            return f"the board holds {long[0].upper()}"
    elif goal.need == "tiles":
        if len(s.board) >= goal.number:
            return f"the board holds {len(s.board)} tiles"
    elif goal.need == "score":
        totals = sheet_totals(s.lines, s.players)
        best = max(range(s.players), key=lambda seat: totals[seat])
        if totals[best] >= goal.number:
            return f"{names[best]} has {totals[best]} points"
    return None
