"""How the Word Whiz table reads: each seat's tile set and what it has left, the bag, the round word by word."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from wordcards.core.grid import open_square_name
from wordcards.core.placing import Place, latest_tiles
from wordcards.games.word_whiz.moves import Pass, Swap
from wordcards.games.word_whiz.scoring import bonus_seats, word_table
from wordcards.games.word_whiz.screen import TableScreen
from wordcards.games.word_whiz.state import WhizView
from wordcards.tui.adapter import TableUI, names
from wordcards.tui.crossword_entry import TYPING_KEYS
from wordcards.tui.widgets import Face, Pile

KEYS = TYPING_KEYS + """\
| Enter | place the tiles (the preview shows the words they make) |
| F4 or $ | swap all your tiles (7; 12 before the starting word) for as many new ones from your bag |
| F5 or % | pass (in a race: say you are stuck) |
| c, then Enter (after another's placement, taking turns) | challenge its words / let it stand |
| c, then Enter (round end) | challenge any word / score the round |
"""


class WordWhizUI(TableUI[WhizView]):
    screen = TableScreen
    keys = KEYS
    challenge_stakes = ("Not in the list: just placed, its tiles go back and the turn passes; at the round's end, "
                        "it scores nothing for anyone, and the going-out bonus may move. In the list: the word "
                        "stands, and the challenger pays nothing.")
    entry = None  # letters go straight onto the crossword
    numbered_hand = False
    table_title = "Crossword"
    hand_phases = ("start", "play")
    phase_hints = {
        "start": "type a 5-letter word across · Enter",
        "play": "type letters · Tab ↔ · Enter places",
        "challenge": "c challenge · Enter: score the round",
    }

    def face(self, view: WhizView, card_id: str) -> Face:
        card = view.cards[card_id]
        return Face(card.letters or "□", card.colour)

    def piles(self, view: WhizView, own: bool) -> tuple[Pile, ...]:
        return (Pile("Your bag" if own else f"{names(view)[view.seat]}'s bag", view.bag_counts[view.seat],
                     unit="tile"),)

    def phase_text(self, view: WhizView) -> str | None:
        if view.phase == "challenge" and view.placed:
            return "the others may challenge your placement"
        return super().phase_text(view)

    def seat_note(self, view: WhizView, seat: int) -> tuple[str, str]:
        left = view.hand_sizes[seat] + view.bag_counts[seat]
        stuck = " stuck" if view.options.race and view.stuck[seat] and view.phase == "play" else ""
        now = sum(row.points for row in word_table(view.grid, set(view.struck)) if seat in row.seats)
        return f"{view.sets[seat]} {left} left{stuck}\nwords now +{now}", view.sets[seat]

    def say_move(self, view: WhizView, move: object) -> str | None:
        if isinstance(move, Place):
            return move.said(open_square_name)
        if isinstance(move, Pass):
            return "say you are stuck" if view.options.race else "pass"
        if isinstance(move, Swap):
            return f"swap all {len(view.hand)} of your tiles for new ones"
        return super().say_move(view, move)

    def last_player(self, view: WhizView) -> int | None:
        return latest_tiles(view.grid)[0]

    def round_text(self, view: WhizView) -> str:
        rounds = "" if view.options.length == "to-50" else f"/{view.options.rounds}"
        return f"Round {view.round}{rounds}" + (" · race" if view.options.race else "")

    def headline(self, view: WhizView, winners: str, best: int, ending: str) -> str:
        out = f"{names(view)[view.finisher]} went out. " if view.finisher is not None else "Nobody went out. "
        if view.phase == "game-over":
            return out + super().headline(view, winners, best, ending)
        return out + f"Round {view.round} is scored."

    def summary_extra(self, view: WhizView) -> Table:
        return words_table(view, names(view))


def words_table(view: WhizView, names: list[str]) -> Table:
    """The round word by word: each word, its length, who played into it and what it paid each of them."""
    rows = word_table(view.grid, set(view.struck))
    table = Table(title=f"Round {view.round}, word by word", expand=True, show_edge=False, pad_edge=False)
    table.add_column("Word", no_wrap=True)
    table.add_column("Letters", justify="right")
    table.add_column("Players", ratio=1)
    table.add_column("Points each", justify="right")
    for row in rows:
        players = ", ".join(names[s] for s in row.seats)
        if row.struck:
            points = Text("not a word", "bold red")
        else:
            points = Text(f"+{row.points}" if row.points else "—", "bold" if row.points else "dim")
        table.add_row(row.text, str(len(row.text)), Text(players), points)
    unplayed = [size + bag for size, bag in zip(view.hand_sizes, view.bag_counts)]
    seats, why = bonus_seats(rows, view.finisher, unplayed)
    bonus = " and ".join(names[s] for s in seats) or "nobody"
    table.add_row(Text("first-finish bonus", "italic"), "", Text(f"{bonus} ({why})"), Text("+5" if seats else "—", "bold"))
    return table


UI = WordWhizUI()
