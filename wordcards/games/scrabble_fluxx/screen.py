"""The Scrabble Fluxx table: the board with its premium squares, the rack and the Fluxx hand, the rules in force,
the Goal and everyone's Keepers, on the shared turn flow.

On a Fluxx turn ←/→ (or a digit) pick a card, whose whole text shows below;
Tab aims an Action; Enter plays it. On a Scrabble turn letters are typed onto
the board (``tui.crossword_entry``) and Enter lays them; F6 reveals the rack. When
someone reveals, each other person types a play of the revealed tiles onto
the board the same way (Enter checks it with the word list) or presses F5.
Discarding down to a limit, and swapping tiles in the first round, open a
pick dialog.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from wordcards.core.errors import RefusedMove
from wordcards.core.match import Match
from wordcards.core.placing import latest_tiles
from wordcards.core.common import counted
from wordcards.games.scrabble_fluxx.deck import AREA, CENTRE, fluxx, tile_value
from wordcards.games.scrabble_fluxx.fluxx import excess, excess_text, targets
from wordcards.games.scrabble_fluxx.moves import Drop, Find, NoFind, Pass, Place, PlayCard, Reveal, Swap
from wordcards.games.scrabble_fluxx.render import KIND_STYLE, card_label, cards_page, premium_square, rules_line
from wordcards.games.scrabble_fluxx.scoring import rack_value
from wordcards.games.scrabble_fluxx.rules import EXCHANGE_MIN, preview_lines, score_text, standing_lines
from wordcards.games.scrabble_fluxx.state import FluxxView
from wordcards.tui.adapter import TableUI
from wordcards.tui.grid import Square
from wordcards.tui.screens import PageScreen, PickScreen
from wordcards.tui.crossword import CrosswordTable
from wordcards.tui.crossword_entry import Rack, TypingGrid
from wordcards.tui.widgets import HandView, ScoreBoard, Steady, error, tab_note
from wordcards.tui.wordrows import flow_entries


class TableScreen(CrosswordTable[FluxxView]):
    BINDINGS = [
        Binding("tab,shift+tab", "tab", "Aim/turn", key_display="Tab"),  # not priority: in order with letters
        Binding("enter", "lay", "Play"),  # a card or tiles on the mover's turn; else the shared Enter
        Binding("enter", "proceed", "Continue"),
        Binding("f4,dollar_sign", "swap", "Swap", key_display="F4"),
        Binding("f5,percent_sign", "pass", "Pass", key_display="F5"),
        Binding("f6,circumflex_accent", "reveal", "Reveal", key_display="F6"),
        Binding("f7,ampersand", "cards", "Cards", key_display="F7"),
        *[Binding(str(n), f"pick({n - 1})", "Pick card", show=False) for n in range(1, 10)],
    ]

    PILES_BESIDE = True

    def __init__(self, match: Match, ui: TableUI[FluxxView]) -> None:
        super().__init__(match, ui)
        self.aim = 0
        """How far Tab has gone through the targets of the Action picked."""
        self.asked: tuple | None = None
        """The discard the pick dialog was last opened for, so it opens once."""
        self.reveals_told: int | None = None
        """How many revealed racks' outcomes this screen has shown as a notice (None: none looked at yet)."""

    def table_widget(self):
        return TypingGrid(CENTRE, empty_style=premium_square, area=AREA, id="grid")

    def on_mount(self) -> None:
        # Textual runs GameTable's on_mount too (after this one); the Fluxx hand goes under the rack.
        self.query_one("#bottom").mount(Steady(id="fluxx-hand"), after=self.query_one(HandView))
        self.query_one("#side").mount(Steady(id="rules"), before=self.query_one(ScoreBoard))  # the Goal on top
        self.add_class("fluxx")  # wordcards.tcss: the whole board at 80×24, the rules in force beside it
    # ------------------------------------------------------------ the shared flow's hooks

    def tile_source(self, view: FluxxView) -> tuple[str, ...]:
        return view.revealed if view.phase == "reveal" else view.hand

    def placing(self) -> bool:
        return self.human_to_move() and not self.view().owed and self.view().phase in ("place", "reveal")

    def human_turn(self) -> None:
        view = self.view()
        if view.owed and (view.owed, view.phase, view.turn_start) != self.asked:
            self.asked = (view.owed, view.phase, view.turn_start)
            self.ask_drop(view)
        elif view.phase == "place" and not view.board:
            self.grid.put(CENTRE)

    # ------------------------------------------------------------ the pick dialogs

    def ask_drop(self, view: FluxxView) -> None:
        over = excess(view, view.seat)
        items = []
        if "cards" in over:
            items += [(c, f"card: {fluxx()[c].name} ({fluxx()[c].kind_name})") for c in view.fluxx_hand]
        if "keepers" in over:
            items += [(k, f"Keeper: {fluxx()[k].name}") for k in view.keepers[view.seat]]
        if "tiles" in over:
            items += [(t, f"tile: {view.cards[t].letters or 'blank'} ({tile_value(view.cards[t])})") for t in view.hand]
        need = excess_text(over)

        def check(ids: list[str]) -> str | None:
            return f"pick exactly {need}" if self.referee.refusal(Drop(view.seat, tuple(ids))) else None

        def drop(ids: list[str] | None) -> None:
            self.send(Drop(view.seat, tuple(ids or ())))

        self.app.push_screen(PickScreen(f"{self.names[view.seat]}: you are over the limit. Discard {need}.", items,
                                        check, can_cancel=False), drop)

    def action_swap(self) -> None:
        view = self.view()
        items = [(t, f"{view.cards[t].letters or 'blank'} ({tile_value(view.cards[t])})") for t in view.hand]

        def check(ids: list[str]) -> str | None:
            return None if ids else "mark at least one tile"

        def swap(ids: list[str] | None) -> None:
            if ids:  # None: Esc, nothing swapped
                self.send(Swap(view.seat, tuple(ids)))

        self.app.push_screen(PickScreen("Swap which tiles? Your turn ends.", items, check), swap)

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        view = self.view()
        mine = self.human_to_move() and not view.owed
        if action == "tab":
            return mine and view.phase in ("fluxx", "place", "reveal")
        if action == "cursor":
            return mine and super().check_action(action, parameters)
        if action == "pick":
            return mine and view.phase == "fluxx" and parameters[0] < len(view.fluxx_hand)
        if action == "swap":
            return self.placing() and view.phase == "place" and view.target is None and view.stock_count >= EXCHANGE_MIN
        if action == "pass":
            return self.placing() and (view.phase == "reveal" or view.target is None)
        if action == "reveal":
            return self.placing() and view.phase == "place" and view.target is not None
        if action == "lay":
            return mine and view.phase in ("fluxx", "place", "reveal")
        return super().check_action(action, parameters)

    def action_cursor(self, step: int) -> None:
        self.aim = 0  # the aim was for the card before
        super().action_cursor(step)

    def action_pick(self, index: int) -> None:
        self.cursor.pick(index)
        self.aim = 0
        self.render_all()

    def action_tab(self) -> None:
        if self.view().phase == "fluxx":
            self.aim += 1
            self.render_all()
        else:
            self.grid.turn()

    def card_move(self) -> PlayCard | None:
        card = self.cursor_card()
        if card is None:
            return None
        legal = targets(self.view(), card)
        return PlayCard(card, legal[self.aim % len(legal)] if legal else None)

    def action_lay(self) -> None:
        view = self.view()
        if view.phase == "fluxx":
            card = self.card_move()
            if card is None:
                self.say("Pick a card first: ←/→ or its number")
                return
            self.send(card)
            return
        if not self.grid.pending:
            self.say("Type letters onto the board first" + (" (F5: you find no play)" if view.phase == "reveal" else
                                                           " (F6 reveals your rack)" if view.target else ""))
            return
        try:
            move = self.typed_move()
            preview_lines(view, move, self.tile_source(view))
        except RefusedMove:
            self.app.bell()  # the preview already says why
            return
        if view.phase == "reveal":
            if not self.wordcards.lexicon_ready:
                self.say(error("the word list is still loading; try again in a moment"))
                return
        self.send(move)

    def typed_move(self) -> Place:
        """The typed tiles as a move: a find after a reveal, else a placement. a RefusedMove says why it cannot be."""
        return self.grid.move_of(Find if self.view().phase == "reveal" else Place)

    def action_pass(self) -> None:
        view = self.view()
        finder = self.mover
        if view.phase == "reveal":
            if finder is not None:
                self.confirm("You find no play of the revealed tiles?", lambda: self.send(NoFind(finder)))
        else:
            self.confirm("Pass your turn without laying a tile?", lambda: self.send(Pass(view.seat)))

    def action_reveal(self) -> None:
        view = self.view()
        value = rack_value(view.cards, view.hand)
        self.confirm(f"Reveal your rack ({counted(len(view.hand), 'tile')}, worth {value})? If anyone finds a play of "
                     f"it, you lose {value}; if nobody does, you gain {value}.", lambda: self.send(Reveal()))

    def action_cards(self) -> None:
        self.app.push_screen(PageScreen(cards_page(self.view(), self.names)))

    # ------------------------------------------------------------ drawing

    def render_all(self) -> None:
        view = self.view()
        self.query_one("#rules", Static).update(rules_line(view))
        grid = self.grid
        turn = set(latest_tiles(view.board)[1])  # the latest play stands out, as its player's name does
        squares = {cell: Square(p.letter, "yellow" if cell in turn else "tile", view.cards[p.tile].kind == "blank",
                                latest=cell in turn)
                   for cell, p in view.board.items()}
        typing = self.placing()
        mover = self.mover if self.mover is not None else view.seat
        grid.show(squares, Rack(view.board, view.cards, self.tile_source(view), mover, "green") if typing else None)
        super().render_all()
        if typing:
            free = grid.free_tiles()
            self.query_one(HandView).picked = frozenset(i for i, t in enumerate(view.hand) if t not in free)
        preview = self.preview(view)
        self.query_one("#fluxx-hand", Static).update(self.fluxx_hand_line(view, self.fluxx_hand_rows(preview)))
        self.query_one("#preview", Static).update(preview)
        self.tell_reveals(view)

    def tell_reveals(self, view: FluxxView) -> None:
        """A revealed rack's outcome, as the score sheet has it, in a notice over the table: its line in the log
        scrolls away as the next turn begins."""
        outcomes = [line for line in view.sheet if line.label == "revealed rack"]
        if self.reveals_told is not None:  # a resumed game's old reveals are not news
            for line in outcomes[self.reveals_told:]:
                self.notify(f"{self.names[line.seat]}'s {line}: {line.points:+d}", timeout=15, markup=False)
        self.reveals_told = len(outcomes)

    def fluxx_hand_rows(self, preview: Text) -> int:
        """The Fluxx hand's lines: two, or one when the preview (a card's whole text) needs the room."""
        width = self.query_one("#preview").size.width or 78
        room = (self.query_one("#bottom").content_region.height or 6) - (self.query_one(HandView).size.height or 1)
        return 2 if room - len(preview.wrap(self.app.console, width)) >= 2 else 1

    def fluxx_hand_line(self, view: FluxxView, rows: int) -> Text:
        """The Fluxx hand in at most ``rows`` lines: a long hand shows the cards around the one picked, and how many
        more."""
        if not self.hand_on_show():
            return Text("")
        entries = []
        for n, card in enumerate(view.fluxx_hand):
            label = card_label(card)
            if n == self.cursor.at and view.phase == "fluxx":
                label.stylize("reverse")
            entries.append(Text.assemble((f"{n + 1}" if n < 9 else "", "dim"), label))
        width = self.query_one("#fluxx-hand").size.width or 78
        at, start, end = self.cursor.at or 0, 0, len(entries)

        def lines() -> list[Text]:
            hidden = start + len(entries) - end
            more = (Text(f"+{hidden} more (←/→)", "dim"),) if hidden else ()
            return flow_entries(Text("Cards", "bold"), tuple(entries[start:end]) + more, width, "none")[0]

        shown = lines()
        while len(shown) > rows:  # drop a card from the end away from the one picked
            start, end = (start + 1, end) if at >= end - 1 else (start, end - 1)
            shown = lines()
        return Text("\n").join(shown)

    def preview(self, view: FluxxView) -> Text:
        if view.phase == "reveal":
            shown = " ".join(f"{view.cards[t].letters or '□'}" for t in view.revealed)
            head = Text(f"{self.names[view.current]} revealed {shown}. ", "bold")
            if not self.placing():
                return head
            if not self.grid.pending:
                return head + Text("Type a play of those tiles on the board and press Enter, or F5: none found")
            return head + self.placement_preview(view)
        if view.phase == "fluxx" and self.human_to_move() and not view.owed:
            card = self.cursor_card()
            if card is None:
                rule = counted(view.rules.play, "card") if view.rules.play else "all your cards"
                return Text(f"Play {rule}; {view.played} played. ←/→ or 1-9 picks one.",
                            "dim")
            c = fluxx()[card]
            text = Text(f"{c.name} ({c.kind_name}): ", KIND_STYLE[c.kind])
            text.append(c.text)
            legal = targets(view, card)
            if legal:
                aim = legal[self.aim % len(legal)]
                what = (self.names[int(aim)] if aim.isdigit() else
                        f"{fluxx()[aim].name}" + next((f" ({self.names[s]}'s)" for s, ks in enumerate(view.keepers)
                                                       if aim in ks), ""))
                text.append(f"  → {what}{tab_note(self.aim, len(legal))}", "bold")
            return text
        if view.phase == "challenge" and view.pending:
            return Text(f"If it stands, {self.names[view.current]} scores " + score_text(standing_lines(view)), "dim")
        grid = self.grid
        if self.placing() and grid.pending:
            return self.placement_preview(view)
        if self.placing():
            return Text(view.opening if view.round == 1 and not view.board else
                        f"Cursor {grid.name_of(grid.at)} {'→ across' if grid.direction == 'across' else '↓ down'}",
                        "dim")
        return Text(view.opening if view.round == 1 and not view.board else "", "dim")

    def placement_preview(self, view: FluxxView) -> Text:
        try:
            move = self.typed_move()
            lines = preview_lines(view, move, self.tile_source(view))
        except RefusedMove as exc:
            return error(str(exc))
        unlisted = self.unlisted(self.match.rules.words_formed(self.match.state, move))
        if unlisted:
            return unlisted
        text = Text(score_text(lines) + "  ", "bold")
        if view.phase == "reveal":
            return text + Text("· Enter checks this play", "green")
        n = len(self.grid.pending)
        return text + Text(f"· Enter lays {counted(n, 'tile')}", "green")
