"""How the Scrabble Fluxx table reads: tiles with their values, the bag and Fluxx piles, Keepers, the rules in force."""

from __future__ import annotations

from rich.text import Text

from wordcards.core.grid import square_name
from wordcards.core.placing import Place, latest_tiles
from wordcards.core.common import counted
from wordcards.games.scrabble_fluxx.deck import fluxx, tile_value
from wordcards.games.scrabble_fluxx.moves import PlayCard
from wordcards.games.scrabble_fluxx.render import card_label, keeper_name, rules_line
from wordcards.games.scrabble_fluxx.screen import TableScreen
from wordcards.games.scrabble_fluxx.state import FluxxView
from wordcards.tui.adapter import TableUI
from wordcards.tui.crossword_entry import TYPING_KEYS
from wordcards.tui.widgets import Face, Pile

KEYS = """\
| ← → or 1-9 | (Fluxx turn) pick a card of your Fluxx hand; its text shows below |
| Tab | (Fluxx turn) aim the Action at another target |
| Enter | play the card / lay the tiles typed / check the play you found |
""" + TYPING_KEYS + """\
| F4 or $ | (first round) swap tiles |
| F5 or % | (first round) pass · (someone revealed) you find no play |
| F6 or ^ | reveal your rack: you cannot lay all the tiles the Play rule asks for |
| F7 or & | the text of every card in play: the rules in force, the Goal, every Keeper |
| c, then Enter | challenge the words just laid / go on |
"""


class ScrabbleFluxxUI(TableUI[FluxxView]):
    screen = TableScreen
    keys = KEYS
    challenge_stakes = ("Not in the list: the turn's tiles come off the board and it scores nothing. In the list: the "
                        "challenger loses their next turn.")
    entry = None  # letters go onto the board
    numbered_hand = False  # the digits pick Fluxx cards, numbered on their own line
    table_title = "Board"
    hand_phases = ("fluxx", "fluxx-end", "place", "turn-end")
    cursor_phases = ("fluxx",)
    phase_hints = {
        "fluxx": "←/→ pick a card · Enter plays it",
        "place": "type a word on the board · Enter lays it · F6 reveal",
        "challenge": "c challenge · Enter go on",
    }

    def face(self, view: FluxxView, card_id: str) -> Face:
        card = view.cards[card_id]
        return Face(card.letters or "□", "tile", value=tile_value(card))

    def piles(self, view: FluxxView, own: bool) -> tuple[Pile, ...]:
        top = Face(fluxx()[view.discard_top].name, "") if view.discard_top else None
        return (Pile("Bag", view.stock_count, unit="tile"), Pile("Fluxx deck", view.deck_count),
                Pile("Discards", view.discard_count, top))

    def seat_note(self, view: FluxxView, seat: int) -> tuple[str, str]:
        note = f"{counted(view.fluxx_sizes[seat], 'card')} · {counted(view.hand_sizes[seat], 'tile')}"
        if view.skip[seat]:
            note = "skips next turn · " + note
        if view.keepers[seat]:  # whole names, wrapped on the lines under the seat: the Goal names them so
            note += "\nkeeps " + ", ".join(keeper_name(k) for k in view.keepers[seat])
        return note, ""

    def say_move(self, view: FluxxView, move: object) -> str | None:
        if isinstance(move, PlayCard):
            return f"play {fluxx()[move.card].name}"
        return move.said(square_name) if isinstance(move, Place) else super().say_move(view, move)

    def last_player(self, view: FluxxView) -> int | None:
        return latest_tiles(view.board)[0]

    def cursor_cards(self, view: FluxxView) -> tuple[str, ...]:
        return view.fluxx_hand

    def round_text(self, view: FluxxView) -> str:
        return f"Round {view.round}" + (" · plain Scrabble" if view.round == 1 else "")

    def phase_text(self, view: FluxxView) -> str | None:
        if view.phase == "place" and view.target is not None:
            return f"lay {counted(view.target - view.placed, 'more tile')} · Enter · F6 reveal"
        if view.phase == "place":
            return "type a word · Enter lays it · F4 swap · F5 pass"
        return super().phase_text(view)

    def headline(self, view: FluxxView, winners: str, best: int, ending: str) -> str:
        return f"{view.ending[0].upper()}{view.ending[1:]}. " + super().headline(view, winners, best, ending)

    def summary_extra(self, view: FluxxView) -> Text:
        return rules_line(view)

    def other_cards(self, view: FluxxView) -> Text:
        return Text("Cards ", "bold") + Text(" ").join(card_label(card) for card in view.fluxx_hand)


UI = ScrabbleFluxxUI()
