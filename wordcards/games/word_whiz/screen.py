"""The Word Whiz table: the crossword with a cursor, tiles typed onto it, and the race, on the shared turn flow.

Letters typed go onto the square under the cursor and the cursor moves on
(across or down; Tab turns it). Typing the letter a square already holds steps
over it. The preview shows the words the tiles make, or why they cannot go
there, before Enter places them. In a race the computer players place tiles on
their own clocks (``tick``) while the person types; Enter refuses tiles whose
words a racer's placement has changed since they were typed, and says so.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from wordcards.core.errors import RefusedMove
from wordcards.core.grid import ACROSS, GridWord
from wordcards.core.placing import Place, latest_tiles
from wordcards.core.common import counted
from wordcards.games.word_whiz.moves import Pass, Swap
from wordcards.games.word_whiz.rules import challenge_targets, check_place
from wordcards.games.word_whiz.state import WhizView
from wordcards.games.word_whiz.tiles import word_points
from wordcards.tui.grid import Square
from wordcards.tui.crossword import CrosswordTable
from wordcards.tui.crossword_entry import Rack, TypingGrid
from wordcards.tui.widgets import HandView, error


class TableScreen(CrosswordTable[WhizView]):
    BINDINGS = [
        Binding("tab,shift+tab", "turn", "Across/down", key_display="Tab"),  # not priority: in order with letters
        Binding("enter", "lay", "Place"),  # while typing tiles; else the shared Enter, named for what it does then
        Binding("enter", "proceed", "Continue"),
        Binding("f4,dollar_sign", "swap", "Swap", key_display="F4"),
        Binding("f5,percent_sign", "pass", "Pass", key_display="F5"),
    ]

    beaten = ""
    """In a race: who just took a square the person had typed on, and which (what Enter says, with nothing typed)."""

    def table_widget(self):
        return TypingGrid(id="grid")

    # ------------------------------------------------------------ hooks of the shared flow

    def time_up(self) -> None:
        self.grid.clear()
        self.message = error("Time is up: the turn passes")

    def reset_modes(self) -> None:
        view = self.view()
        if view.phase == "start" and not view.grid:
            self.grid.put((0, 0), ACROSS)

    # ------------------------------------------------------------ typing tiles

    def placing(self) -> bool:
        return self.human_to_move() and self.view().phase in ("start", "play")

    def check_typed(self):
        """The words the typed tiles make; a RefusedMove says why they cannot go there."""
        move = self.grid.move_of()
        return move, check_place(self.view(), move, self.view().hand)[1]

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("turn", "swap"):
            return self.placing()
        if action == "pass":
            return self.placing() and self.view().phase == "play"
        if action == "lay":
            return self.placing()
        return super().check_action(action, parameters)

    def action_lay(self) -> None:
        if not self.grid.pending:
            self.say(self.beaten or "Type letters onto the crossword first (F4 swaps your tiles, F5 passes)")
            return
        self.beaten = ""
        try:
            move, words = self.check_typed()
        except RefusedMove:
            self.app.bell()  # the preview line already says why
            return
        if not self.changed_since_typed(move, words):
            self.send(move)

    def changed_since_typed(self, move: Place, words: list[GridWord]) -> bool:
        """Whether another's placement changed the words the typed tiles make since the person typed them (a race):
        then it says so, and the next Enter places them as they are now."""
        view = self.view()
        try:
            before = check_place(replace(view, grid=self.grid.typed_on), move, view.hand)[1]
        except RefusedMove:
            before = []
        if [w.text for w in before] == [w.text for w in words]:
            return False
        self.grid.typed_on = view.grid
        now = ", ".join(w.text.upper() for w in words)
        self.say(error(f"The crossword changed since you typed: your tiles now make {now}. Enter places them"))
        return True

    def action_turn(self) -> None:
        self.grid.turn()

    def action_swap(self) -> None:
        view = self.view()
        refused = self.referee.refusal(Swap(view.seat))
        if refused:
            self.say(error(refused))
            return
        wild = " (a wild tile among them)" if any(view.cards[t].kind == "blank" for t in view.hand) else ""
        self.confirm(f"Swap all {len(view.hand)} of your tiles{wild} for new ones? Your turn ends.",
                     lambda: self.send(Swap(view.seat)))

    def action_pass(self) -> None:
        view = self.view()
        question = "Say you are stuck? You place no more tiles until someone else does." if view.options.race \
            else "Pass your turn without placing a tile?"
        self.confirm(question, lambda: self.send(Pass(view.seat)))

    # ------------------------------------------------------------ the race

    def others_moved(self) -> None:
        """A racer may take a square the person has typed on: that tile goes back to the hand."""
        view = self.view()
        taken = self.grid.give_back(view.grid)
        if taken:
            self.beaten = (f"{self.names[view.grid[taken[0]].seat]} got to {self.grid.name_of(taken[0])} first: your "
                           "tile there is back in your hand")
            self.message = Text(self.beaten, "bold yellow")
        if view.phase != "play":
            self.moved()

    # ------------------------------------------------------------ drawing

    def render_all(self) -> None:
        view = self.view()
        mine = self.placing() and self.hand_on_show()
        grid = self.grid
        latest = set(latest_tiles(view.grid)[1])
        squares = {cell: Square(p.letter, view.sets[p.seat], view.cards[p.tile].kind == "blank", latest=cell in latest)
                   for cell, p in view.grid.items()}
        grid.show(squares, Rack(view.grid, view.cards, view.hand, view.seat, view.sets[view.seat]) if mine else None)
        super().render_all()
        hand = self.query_one(HandView)
        free = set(grid.free_tiles()) if mine else set(view.hand)
        hand.picked = frozenset(i for i, t in enumerate(view.hand) if t not in free)
        hand.prompt = "" if not mine else ("wild: which letter?" if grid.wild_next else "")
        self.query_one("#preview", Static).update(self.preview() if mine else self.public_preview(view))

    def preview(self) -> Text:
        view, grid = self.view(), self.grid
        arrow = "→ across" if grid.direction == ACROSS else "↓ down"
        if not grid.pending and view.phase == "start":
            return Text(view.opening if view.round == 1 else "Type a 5-letter word from your 12 tiles", "dim")
        if not grid.pending:
            text = Text(f"Cursor {grid.name_of(grid.at)} {arrow}", "dim")
            there = view.grid.get(grid.at)
            if there is not None:
                wild = " (wild)" if view.cards[there.tile].kind == "blank" else ""
                text.append(f" · {there.letter.upper()}{wild}, {self.names[there.seat]}'s {view.sets[there.seat]} tile")
            return text
        try:
            _, words = self.check_typed()
        except RefusedMove as exc:
            return error(str(exc))
        unlisted = self.unlisted(word.text for word in words)
        if unlisted:
            return unlisted
        wilds = {cell for cell, _, is_wild in grid.pending if is_wild}
        wilds |= {cell for cell, p in view.grid.items() if view.cards[p.tile].kind == "blank"}
        text = Text()
        for word in words:
            points = word_points(len(word.text))
            # a wild tile's letter in lower case, as Scrabble players write a blank
            text.append("".join(ch if cell in wilds else ch.upper() for cell, ch in zip(word.cells, word.text)), "bold")
            text.append(f" {points}  " if points else "  ", "green" if points else "dim")
        n = len(grid.pending)
        text.append(f"· Enter places {counted(n, 'tile')}", "green")
        return text

    def public_preview(self, view: WhizView) -> Text:
        if view.phase == "start" and view.round == 1 and not view.grid:
            return Text(view.opening, "dim")
        words = ", ".join(target.text for target in challenge_targets(view)) if view.placed else ""
        if words:
            return Text(f"{self.names[view.current]} placed {words}: c challenges, Enter lets it stand", "dim")
        return Text("")

