"""How the Quiddler table reads: cards with their points, who went out, the rounds and last turns."""

from __future__ import annotations

from wordcards.core.moves import Draw, Take
from wordcards.games.quiddler.deck import points
from wordcards.games.quiddler.moves import Discard
from wordcards.games.quiddler.screen import TableScreen, latest_words
from wordcards.games.quiddler.state import QuiddlerView
from wordcards.tui.adapter import Entry, TableUI, names
from wordcards.tui.widgets import Face

KEYS = """\
| d / t | draw from the draw pile / take the top discard |
| letters, space | type your words, e.g. `quit ax`: the cards that spell them, what is left over and the score show as you type |
| Tab / Shift+Tab | another way to spell the words with your cards (Q+U instead of QU) |
| 1-9, 0 | discard that card (0 is the tenth), laying the typed words down with it |
| ← / → then Enter | pick the card to discard (any card, the eleventh too) and discard it |
| Enter | with words typed and one card left over: lay them down and discard it (go out) |
| Esc | clear the words and the picked card |
| Enter (after words are laid) | no challenges: the turn passes on |
| c (on the round's summary) | challenge any other player's word of the round, until the next deal |
"""


class QuiddlerUI(TableUI[QuiddlerView]):
    screen = TableScreen
    keys = KEYS
    challenge_stakes = ("In the list: the challenger loses the word's points. Not in the list: the word scores nothing, and "
                        "its player loses its points.")
    table_title = "Words on the table"
    # No example word: one the hand cannot spell misleads (it said "e.g. quit ax" to every hand).
    entry = Entry("type words from your hand, a space between them", r"[A-Za-z ]*", 60)
    cursor_phases = ("play",)
    phase_hints = {
        "draw": "d draw · t take discard",
        "play": "type words · digit: discard",
        "challenge": "c challenge · Enter: pass on",
    }
    empty_stock_hint = "t take discard (the draw pile is empty)"

    def face(self, view: QuiddlerView, card_id: str) -> Face:
        card = view.cards[card_id]
        return Face(card.letters, card.colour, value=points(card))

    def say_move(self, view: QuiddlerView, move: object) -> str | None:
        if isinstance(move, Draw):
            return "draw from the draw pile"
        if isinstance(move, Take) and view.discard_top:
            return f"take {view.cards[view.discard_top].letters} from the discard pile"
        if not isinstance(move, Discard):
            return super().say_move(view, move)
        discard = f"discard {view.cards[move.card].letters}"
        if not move.words:
            return discard
        words = ", ".join("".join(view.cards[c].letters for c in word) for word in move.words)
        return f"lay down {words} and {discard}"

    def headline(self, view: QuiddlerView, winners: str, best: int, ending: str) -> str:
        went_out = f"{names(view)[view.out]} went out. " if view.out is not None else "Nobody went out. "
        if view.phase == "game-over":
            return went_out + super().headline(view, winners, best, ending)
        return went_out + f"Round {view.round} of {view.options.rounds} is over."

    def last_player(self, view: QuiddlerView) -> int | None:
        return latest_words(view)[0]

    def round_text(self, view: QuiddlerView) -> str:
        # The hand shows how many cards this round deals; the status line has no room to say it again.
        return f"Round {view.round}/{view.options.rounds}" + (" · last turns" if view.last_turns is not None else "")


UI = QuiddlerUI()
