"""The Scrabble Fluxx table: the board with its premium squares, the rack and the Fluxx hand, the rules in force,
the Goal and everyone's Keepers, on the shared turn flow.

On a Fluxx turn ←/→ (or a digit) pick a card, whose whole text shows below;
Tab aims an Action; Enter plays it. On a Scrabble turn letters are typed onto
the board (``tui.typing``) and Enter lays them; F6 reveals the rack. When
someone reveals, each other person types a play of the revealed tiles onto
the board the same way (Enter checks it with the word list) or presses F5.
Discarding down to a limit, and swapping tiles in the first round, open a
pick dialog.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from wordcards.core.errors import IllegalMove, InvalidMove
from wordcards.core.grid import Cell
from wordcards.games.scrabble_fluxx.deck import AREA, CENTRE, SIZE, basic_text, fluxx, premiums, tile_value
from wordcards.games.scrabble_fluxx.fluxx import excess, targets
from wordcards.games.scrabble_fluxx.moves import Drop, Find, NoFind, Pass, Place, PlayCard, Reveal, Swap
from wordcards.games.scrabble_fluxx.rules import EXCHANGE_MIN, preview_lines
from wordcards.games.scrabble_fluxx.state import FluxxView
from wordcards.tui.grid import Square
from wordcards.tui.screens import PageScreen, PickScreen, literal
from wordcards.tui.table import GameTable, error
from wordcards.tui.typing import TYPING_KEYS, Rack, TypingGrid
from wordcards.tui.widgets import Face, HandView, Pile, tab_note

KEYS = """\
| ← → or 1-9 | (Fluxx turn) pick a card of your Fluxx hand; its text shows below |
| Tab | (Fluxx turn) aim the Action at another target |
| Enter | play the card / lay the tiles typed / check the play you found |
""" + TYPING_KEYS + """\
| F4 | (first round) swap tiles |
| F5 | (first round) pass · (someone revealed) you find no play |
| F6 | reveal your rack: you cannot lay all the tiles the Play rule asks for |
| F7 | the text of every card in play: the rules in force, the Goal, every Keeper |
| c, then Enter | challenge the words just laid / go on |
"""

KIND_STYLE = {"rule": "bold yellow", "keeper": "bold green", "goal": "bold magenta", "action": "bold red"}
KIND_MARK = {"rule": "R", "keeper": "K", "goal": "G", "action": "A"}
PREMIUM_STYLE = {"TW": ("TW ", "white on red"), "DW": ("DW ", "black on magenta"),
                 "TL": ("TL ", "white on blue"), "DL": ("DL ", "black on cyan")}


def premium_square(cell: Cell) -> tuple[str, str]:
    if cell == CENTRE:
        return " ★ ", "black on magenta"
    if not (0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE):
        return "   ", ""
    premium = premiums().get(cell)
    return PREMIUM_STYLE[premium] if premium else (" · ", "dim")


def rules_text(view: FluxxView) -> str:
    """The rules in force, short: ``Draw 2 · Play All · Hand ≤5 · Plain Board``."""
    r = view.rules
    parts = [f"Draw {r.draw}", "Play All" if r.play == 0 else f"Play {r.play}"]
    parts += [f"Hand ≤{r.hand}"] if r.hand is not None else []
    parts += [f"Keepers ≤{r.keepers}"] if r.keepers is not None else []
    parts += [fluxx()[c].name for c in view.in_play if fluxx()[c].slot not in ("draw", "play", "hand", "keepers")]
    return " · ".join(parts)


def goal_text(view: FluxxView) -> str:
    if view.goal is None:
        return "no Goal yet"
    goal = fluxx()[view.goal]
    if goal.need == "keepers":
        return f"{goal.name}: {' + '.join(fluxx()[k].short for k in goal.keepers)}"
    return f"{goal.name}: {goal.text.removeprefix('Met ').removeprefix('when ').removesuffix('.')}"


def rules_line(view: FluxxView) -> Text:
    text = Text("Rules in force: ", "bold")
    text.append(rules_text(view), "yellow")
    text.append("\nGoal: ", "bold")
    text.append(goal_text(view), "magenta")
    return text


def card_label(card_id: str) -> Text:
    card = fluxx()[card_id]
    return Text(f"[{KIND_MARK[card.kind]}:{card.name}]", KIND_STYLE[card.kind])


def cards_page(view: FluxxView, names: list[str]) -> str:
    """Every card in play with its text, for F7."""
    out = ["# Cards in play", "", f"**Basic Rules**: {basic_text()}", ""]
    for c in view.in_play:
        out += [f"**{fluxx()[c].name}** (New Rule): {fluxx()[c].text}", ""]
    if view.goal:
        out += [f"**{fluxx()[view.goal].name}** (Goal): {fluxx()[view.goal].text}", ""]
    for seat, ks in enumerate(view.keepers):
        kept = "; ".join(f"{fluxx()[k].name} ({fluxx()[k].text})" for k in ks) or "none"
        out += [f"**{literal(names[seat])}'s Keepers**: {kept}", ""]
    if view.fluxx_hand:
        out += ["## Your Fluxx hand", ""]
        out += [f"- **{fluxx()[c].name}** ({fluxx()[c].kind_name}): {fluxx()[c].text}" for c in view.fluxx_hand]
    return "\n".join(out)


class TableScreen(GameTable[FluxxView]):
    KEYS = KEYS
    WORD_ENTRY = False
    TABLE_TITLE = "Board"
    HAND_PHASES = ("fluxx", "fluxx-end", "place", "turn-end")
    CURSOR_PHASES = ("fluxx",)
    PHASE_TEXT = {
        "fluxx": "←/→ pick a card · Enter plays it",
        "place": "type a word on the board · Enter lays it · F6 reveal",
        "challenge": "c challenge · Enter go on",
    }
    BINDINGS = [
        Binding("tab,shift+tab", "tab", "Aim/turn", key_display="Tab", priority=True),
        Binding("enter", "proceed", "Play"),
        Binding("f4", "swap", "Swap", key_display="F4"),
        Binding("f5", "pass", "Pass", key_display="F5"),
        Binding("f6", "reveal", "Reveal", key_display="F6"),
        Binding("f7", "cards", "Cards", key_display="F7"),
        *[Binding(str(n), f"pick({n - 1})", "Pick card", show=False) for n in range(1, 10)],
    ]

    def __init__(self, match) -> None:
        super().__init__(match)
        self.aim = 0
        """How far Tab has gone through the targets of the Action picked."""
        self.asked: tuple | None = None
        """The discard the pick dialog was last opened for, so it opens once."""

    def table_widget(self):
        return TypingGrid(CENTRE, empty_style=premium_square, area=AREA, id="grid")

    @property
    def grid(self) -> TypingGrid:
        return self.query_one(TypingGrid)

    def on_mount(self) -> None:
        # Textual runs GameTable's on_mount too (after this one); the Fluxx hand goes under the rack.
        self.query_one("#bottom").mount(Static(id="fluxx-hand"), after=self.query_one(HandView))
        self.add_class("fluxx")  # wordcards.tcss: two lines for a card's text, the Goal on the frame
    # ------------------------------------------------------------ the shared flow's hooks

    def tile_source(self, view: FluxxView) -> tuple[str, ...]:
        return view.revealed if view.phase == "reveal" else view.hand

    def placing(self) -> bool:
        return self.human_to_move() and not self.view().owed and self.view().phase in ("place", "reveal")

    def moved(self) -> None:
        self.grid.clear()

    def face(self, card_id: str) -> Face:
        card = self.view().cards[card_id]
        return Face(card.letters or "□", "tile", value=tile_value(card))

    def piles(self, view: FluxxView) -> tuple[Pile, ...]:
        top = Face(fluxx()[view.discard_top].name, "") if view.discard_top else None
        return (Pile("Bag", view.stock_count, unit="tiles"), Pile("Fluxx deck", view.deck_count),
                Pile("Discards", view.discard_count, top))

    def seat_note(self, view: FluxxView, seat: int) -> tuple[str, str]:
        kept = " ".join(fluxx()[k].short for k in view.keepers[seat])
        note = f"{view.fluxx_sizes[seat]}c {view.hand_sizes[seat]}t {kept}"
        if view.skip[seat]:
            note = "skips next · " + note
        return (note[:15] + "…" if len(note) > 16 else note), ""

    def round_text(self, view: FluxxView) -> str:
        return f"Round {view.round}" + (" · plain Scrabble" if view.round == 1 else "")

    def phase_text(self, view: FluxxView) -> str | None:
        if view.phase == "place" and view.target is not None:
            return f"lay {view.target - view.placed} more tile(s) · Enter · F6 reveal"
        if view.phase == "place":
            return "type a word · Enter lays it · F4 swap · F5 pass"
        return super().phase_text(view)

    def summary_headline(self, view: FluxxView, over: bool, winners: str, best: int) -> str:
        return f"{view.ending[0].upper()}{view.ending[1:]}. " + super().summary_headline(view, over, winners, best)

    def summary_extra(self, view: FluxxView) -> Text:
        return rules_line(view)

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
        need = ", ".join(f"{n} {kind}" for kind, n in over.items())

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
        if action == "proceed" and mine and view.phase in ("fluxx", "place", "reveal"):
            return True
        return super().check_action(action, parameters)

    def action_cursor(self, step: int) -> None:
        self.aim = 0  # the aim was for the card before
        super().action_cursor(step)

    def action_pick(self, index: int) -> None:
        self.cursor, self.aim = index, 0
        self.render_all()

    def cursor_cards(self, view: FluxxView) -> tuple[str, ...]:
        return view.fluxx_hand

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

    def action_proceed(self) -> None:
        view = self.view()
        if not (self.human_to_move() and not view.owed and view.phase in ("fluxx", "place", "reveal")):
            super().action_proceed()
            return
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
        except (IllegalMove, InvalidMove):
            self.app.bell()  # the preview already says why
            return
        if view.phase == "reveal":
            if not self.host.lexicon_ready:
                self.say(error("the word list is still loading; try again in a moment"))
                return
        self.send(move)

    def typed_move(self) -> Place:
        """The typed tiles as a move: a find after a reveal, else a placement. IllegalMove says why it cannot be."""
        return self.grid.move_of(Find if self.view().phase == "reveal" else Place)

    def action_pass(self) -> None:
        self.grid.clear()
        view = self.view()
        if view.phase == "reveal":
            if self.mover is not None:
                self.send(NoFind(self.mover))
        else:
            self.send(Pass(view.seat))

    def action_reveal(self) -> None:
        self.grid.clear()
        self.send(Reveal())

    def action_back(self) -> None:
        self.grid.clear()
        super().action_back()

    def action_cards(self) -> None:
        self.app.push_screen(PageScreen(cards_page(self.view(), self.names)))

    # ------------------------------------------------------------ drawing

    def render_all(self) -> None:
        view = self.view()
        frame = self.query_one("#table")
        frame.border_title = Text.assemble(("Rules ", "bold"), (rules_text(view), "bold yellow"))
        frame.border_subtitle = Text.assemble(("Goal ", "bold"), (goal_text(view), "bold magenta"))
        grid = self.grid
        turn = {cell for p in view.placements for cell in p} if view.phase in ("challenge", "reveal") else set()
        squares = {cell: Square(p.letter, "yellow" if cell in turn else "tile", view.cards[p.tile].kind == "blank")
                   for cell, p in view.board.items()}
        typing = self.placing()
        mover = self.mover if self.mover is not None else view.seat
        grid.show(squares, Rack(view.board, view.cards, self.tile_source(view), mover, "green") if typing else None)
        super().render_all()
        if typing:
            free = grid.free_tiles()
            self.query_one(HandView).picked = frozenset(i for i, t in enumerate(view.hand) if t not in free)
        self.query_one("#fluxx-hand", Static).update(self.fluxx_hand_line(view))
        self.query_one("#preview", Static).update(self.preview(view))

    def fluxx_hand_line(self, view: FluxxView) -> Text:
        if not self.hand_on_show():
            return Text("")
        text = Text("Cards ", "bold")
        for n, card in enumerate(view.fluxx_hand):
            label = card_label(card)
            if n == self.cursor and view.phase == "fluxx":
                label.stylize("reverse")
            text.append(f"{n + 1}" if n < 9 else " ", "dim")
            text.append_text(label)
            text.append(" ")
        if not view.fluxx_hand:
            text.append("none", "dim")
        return text

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
                return Text(f"Play {view.rules.play or 'all'} card(s); {view.played} played. ←/→ or 1-9 picks one.",
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
            return Text("If it stands: " + ", ".join(f"{line.label} {line.points}" for line in view.pending), "dim")
        grid = self.grid
        if self.placing() and grid.pending:
            return self.placement_preview(view)
        if self.placing():
            return Text(view.opening if view.round == 1 and not view.board else
                        f"Cursor {grid.at[0]},{grid.at[1]} {'→ across' if grid.direction == 'across' else '↓ down'}",
                        "dim")
        return Text(view.opening if view.round == 1 and not view.board else "", "dim")

    def placement_preview(self, view: FluxxView) -> Text:
        try:
            move = self.typed_move()
            lines = preview_lines(view, move, self.tile_source(view))
        except (IllegalMove, InvalidMove) as exc:
            return error(str(exc))
        text = Text()
        for line in lines:
            text.append(f"{line.label} ", "bold")
            text.append(f"{line.points}  ", "green")
        if view.phase == "reveal":
            return text + Text("· Enter checks this play", "green")
        n = len(self.grid.pending)
        return text + Text(f"· Enter lays {n} tile{'s' if n > 1 else ''}", "green")
