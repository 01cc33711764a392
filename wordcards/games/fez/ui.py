"""How the FEZ table reads: the hints, the card just taken, the caller in the headline, the rounds."""

from __future__ import annotations

from wordcards.games.fez import render
from wordcards.core.moves import Discard, Draw, Take
from wordcards.games.fez.cards import face_value
from wordcards.games.fez.moves import LayOff, MakeWord, Piece, Swap, word_text
from wordcards.games.fez.screen import TableScreen
from wordcards.games.fez.state import FezView
from wordcards.tui.adapter import TableUI, names
from wordcards.tui.cards import COLOUR_MARK
from wordcards.tui.widgets import Face

KEYS = """\
| d / t | draw from the stock / take the top discard |
| f | swap cards, forfeiting the turn: pick them with 1-6, then Enter |
| letters | type a word; the best way to make it with your cards is shown |
| ↑ / ↓ | choose a word on the table to lay off on (or a new word); Esc: back to a new word |
| Tab / Shift+Tab | next / previous way to make the word with your cards |
| Enter | play the word; on an empty line, go on to discard |
| 1-6 | pick the card to discard (or to swap) |
| Enter (after a discard) | for each player who may challenge: no challenge; once all have, the hand is refilled |
"""


class FezUI(TableUI[FezView]):
    screen = TableScreen
    keys = KEYS
    challenge_stakes = ("Not in the list: the turn's plays go back to the player's hand and the turn ends. In the list: the "
                        "word stands, and the challenger pays nothing.")
    phase_hints = {
        "draw": "draw: d stock · t discard · f swap cards",
        "play": "type a word · ↑↓ lay off · empty Enter: discard",
        "challenge": "c challenge · Enter: refill, end turn",
    }
    empty_stock_hint = "draw: t discard (the stock is empty) · f swap cards"

    def face(self, view: FezView, card_id: str) -> Face:
        card = view.cards[card_id]
        value = face_value(card) if card.kind == "letter" else None
        return Face(card.label, card.colour, "↑" if card_id == view.taken else "", value)

    def say_move(self, view: FezView, move: object) -> str | None:
        def card(card_id: str) -> str:
            return view.cards[card_id].label + COLOUR_MARK[view.cards[card_id].colour]

        def pieces(pieces: tuple[Piece, ...]) -> str:
            return " ".join(render.shown_letters(view.cards[p.card], p.letters) + COLOUR_MARK[view.cards[p.card].colour]
                            for p in pieces)

        if isinstance(move, Draw):
            return "draw from the stock"
        if isinstance(move, Take) and view.discard_top:
            return f"take {card(view.discard_top)} from the discard pile"
        if isinstance(move, Swap):
            return f"forfeit the turn: swap {len(move.cards)} cards, {' '.join(map(card, move.cards))}"
        if isinstance(move, Discard):
            return f"discard {card(move.card)}"
        if isinstance(move, MakeWord):
            return f"{pieces(move.pieces)}: {word_text(move.pieces)}"
        if isinstance(move, LayOff):
            old = next((w.text for w in view.words if w.id == move.word), f"#{move.word}")
            return f"lay off on {old}: {pieces(move.pieces)}, {word_text(move.pieces)}"
        return super().say_move(view, move)

    def last_player(self, view: FezView) -> int | None:
        return render.last_play(view)[0]

    def phase_text(self, view: FezView) -> str | None:
        if view.phase == "play" and view.options.no_layoffs:
            return "type a word · empty Enter: discard"
        return super().phase_text(view)

    def round_text(self, view: FezView) -> str:
        return f"Round {view.round}/{view.options.rounds}"

    def headline(self, view: FezView, winners: str, best: int, ending: str) -> str:
        caller = f"{names(view)[view.fez_caller]} called FEZ! " if view.fez_caller is not None else "The round was blocked. "
        if view.phase == "game-over":
            return caller + super().headline(view, winners, best, ending)
        return caller + f"Round {view.round} of {view.options.rounds} is over."


UI = FezUI()
