"""How the Gift Words table reads: a discard pile a player, the younger game's piles, the team's goal."""

from __future__ import annotations

from wordcards.core.moves import Discard, Draw
from wordcards.games.gift_words.deck import points
from wordcards.games.gift_words.moves import Change, Extend, MakeWord, SilentE, TakePile, card_of
from wordcards.games.gift_words.goal import team_score
from wordcards.games.gift_words.screen import TableScreen, word_done
from wordcards.games.gift_words.state import GiftView
from wordcards.tui.adapter import Entry, TableUI, names
from wordcards.tui.widgets import Face, Pile

KEYS = """\
| d | draw from the deck (also for replacement cards) |
| 1-6 (drawing) | take the top card of that player's discard pile (numbered on the piles line) |
| letters | type a word: the preview says whether it extends a word on the table or makes a new one, and its score |
| Tab | another reading of the typed word (another word to extend, another colour) |
| Enter | play the typed word; with nothing typed, end the turn without discarding (three cards or fewer) |
| 1-9, 0, -, [, ] (after drawing) | discard that card (the 10th is 0, the 11th to 13th -, [ and ]), ending the turn |
| ← / → then Enter | pick any card and discard it |
| Enter (two-player rules, first round) | turn up another card for the centre words; type both words and Enter to place them |
| f / s | two-player rules, when behind: go first / second this round |
| Esc | clear the typed word |
| Enter (after a play) | no challenge: the turn goes on |
"""


class GiftWordsUI(TableUI[GiftView]):
    screen = TableScreen
    keys = KEYS
    challenge_stakes = ("Not in the list: the cards go back to the player. In the list: the challenger may not make a new "
                        "word on their next turn.")
    table_title = "Words on the table"
    entry = Entry("type a word, e.g. pink", r"[A-Za-z ]*", 30)  # the centre takes two words
    hand_phases = ("centre", "order", "draw", "replace", "play")  # no hands yet in the first two
    cursor_phases = ("play",)
    phase_hints = {
        "draw": "d deck · digit: take that pile's top",
        "replace": "replacement: d deck · digit: a pile",
        "play": "type a word · digit: discard",
        "challenge": "c challenge · Enter: go on",
        "centre": "Enter: turn up a card · type two words",
        "order": "f go first · s go second",
    }

    def say_move(self, view: GiftView, move: object) -> str | None:
        def spelt(layout: tuple[str, ...]) -> str:
            return "".join("Q" if token.endswith("/Q") else view.cards[card_of(token)].letters for token in layout)

        def old(number: int) -> str:
            return next((w.text for w in view.words if w.id == number), f"word {number}")

        if isinstance(move, Draw):
            return "draw from the deck"
        if isinstance(move, Discard):
            return f"discard {view.cards[move.card].letters}"
        if isinstance(move, TakePile):
            top = view.pile_tops[move.seat]
            whose = "your" if move.seat == view.seat else f"{names(view)[move.seat]}'s"
            return f"take {view.cards[top].letters if top else 'the top card'} from {whose} discard pile"
        if isinstance(move, MakeWord):
            return f"make {spelt(move.layout)}"
        if isinstance(move, Change):
            return f"change {old(move.word)} to {spelt(move.layout)}"
        if isinstance(move, Extend):
            return f"turn {old(move.word)} into {spelt(move.layout)}"
        if isinstance(move, SilentE):
            return f"put a Silent E on {old(move.word)}"
        return super().say_move(view, move)

    def face(self, view: GiftView, card_id: str) -> Face:
        card = view.cards[card_id]
        return Face(card.letters.capitalize(), card.colour, value=points(card))  # the Qu card reads Qu

    def piles(self, view: GiftView, own: bool) -> tuple[Pile, ...]:
        if view.options.younger:
            return Pile("Vowels", view.vowel_count), Pile("Consonants", view.stock_count), \
                Pile("Silent E", view.silent_left)
        deck = Pile("Bonus deck" if view.options.coop else "Deck", view.stock_count)
        # the team's score and goal always in sight, not only in the status line (which drops it on a long line)
        team = (Pile("Team", 0, value=f"{team_score(view.sheet)} of {view.options.target}"),) if view.options.coop else ()
        return *team, deck, *(Pile(f"{i + 1} {name.split(' (')[0]}'s discards", view.pile_counts[i],
                            self.face(view, top) if top else None)
                       for i, (name, top) in enumerate(zip(names(view), view.pile_tops)))

    def last_player(self, view: GiftView) -> int | None:
        return view.latest[1] if view.latest else None

    def phase_text(self, view: GiftView) -> str | None:
        if view.options.younger and view.phase == "play":
            return "type a word · Enter: end the turn"
        if view.phase == "play" and word_done(view):
            return "digit: discard"  # the turn's word is made: no other to type
        return super().phase_text(view)

    def round_text(self, view: GiftView) -> str:
        opts = view.options
        if opts.coop:
            team = team_score(view.sheet)
            stock = "/".join(str(n) for n in view.stockpile_counts)
            return f"Team {team} of {opts.target} · stockpiles {stock}"
        words = f" · {sum(view.words_made)}/{opts.words_per_round(len(view.seats))} words" if opts.younger else ""
        return f"Round {view.round}/{opts.total_rounds(len(view.seats))}{words}"

    def headline(self, view: GiftView, winners: str, best: int, ending: str) -> str:
        if view.options.coop:
            team = team_score(view.sheet)
            won = team >= view.options.target
            headline = f"Team score {team}, goal {view.options.target}: " + ("you win!" if won else "not this time.")
            return " ".join(filter(None, [headline, ending]))
        went_out = f"{names(view)[view.out]} went out. " if view.out is not None else ""
        return went_out + super().headline(view, winners, best, ending)


UI = GiftWordsUI()
