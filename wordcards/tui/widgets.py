"""Widgets every card game's table uses: a hand, the piles, the score board.

Each holds typed reactives and renders itself from them, so a screen only
assigns new values; Textual repaints what changed, which matters over SSH.
"""

from __future__ import annotations

import re
import textwrap
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Hashable, Iterator, Sequence, TypeVar

from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.selection import Selection
from textual.strip import Strip
from textual.widget import Widget
from textual.screen import Screen
from textual.visual import Visual, VisualType, visualize
from textual.widgets import Input, Static

from wordcards.core.common import counted
from wordcards.tui.cards import card_text


def error(text: str) -> Text:
    """A refusal or a problem, as the table's message line shows it."""
    return Text(f"! {text}", "bold red")


@dataclass(frozen=True)
class Face:
    """How one card shows: its label, its colour, and a note after it (↑ for the card just taken)."""

    label: str
    colour: str
    note: str = ""
    value: int | None = None
    """Points printed on the card, for games whose cards show them (Quiddler)."""


@dataclass(frozen=True)
class Pile:
    name: str
    count: int
    top: Face | None = None
    unit: str = "card"
    value: str | None = None
    """What shows instead of a count (not a pile: the cooperative team's score)."""


@dataclass(frozen=True)
class ScoreRow:
    name: str
    total: int
    cards: int
    computer: bool
    current: bool
    note: str = ""
    """The line under the name; empty for the number of cards held."""
    colour: str = ""
    """The seat's colour (Word Whiz's tile set), shown as a square before the note."""
    last: bool = False
    """This seat made the latest play to the table: its name is reversed, like the play."""
    away: str = ""
    """Why a hosted game's player is not at the table ("away", "away: ⚙ medium"); empty when they are."""


def relayout_if_taller_or_shorter(widget: Widget) -> None:
    """Lay the screen out again only if the widget's new content needs another height; otherwise repaint it alone.

    A reactive with ``layout=True`` lays out the whole screen on every change. That costs every widget on it,
    and a hosted game (``wordcards.host``) has a screen per player to redraw after each move.
    """
    widget.refresh()  # also forgets the height worked out for the old content (Textual caches it by width)
    height = widget.styles.height
    if height is not None and not height.is_auto:
        return
    width = widget.content_region.width
    needed = widget.get_content_height(widget.content_region.size, widget.app.size, width) if width else -1
    if needed != widget.content_region.height:
        widget.refresh(layout=True)


PAGE_KEYS = ("question_mark", "equals_sign", "number_sign", "exclamation_mark", "apostrophe")
"""The second keys of F1, F2, F3 and F8 (a browser may keep the F-keys), and a hosted table's talk key: no word has
them, so the word entry hands them to the table."""
CARD_KEYS = "1234567890-[]"
"""The keys that pick a card by its place in the hand: the digits, then for an 11th card the key after 0 on a
keyboard (``=``, the next, shows the score sheet), and for a 12th and 13th (a Gift Words hand after drawing) the two
keys below those."""
KEY_NAMES = {"-": "minus", "[": "left_square_bracket", "]": "right_square_bracket"}


def card_key(index: int) -> str | None:
    """The key for the card at ``index`` (from 0), or None past the thirteenth (←/→ pick any card)."""
    return CARD_KEYS[index] if index < len(CARD_KEYS) else None


def card_keys(count: int) -> str:
    """The keys for ``count`` cards, as a prompt says them: ``1``, ``1-5``, ``1-0, -``, ``1-0, -, [``."""
    count = min(count, len(CARD_KEYS))
    if count <= 10:
        return "1" if count <= 1 else f"1-{CARD_KEYS[count - 1]}"
    return ", ".join(["1-0", *CARD_KEYS[10:count]])


def card_bindings(action: str, description: str) -> list[Binding]:
    """Hidden priority bindings for ``CARD_KEYS``: the key for the n-th card (from 1) runs ``action(n)``."""
    return [Binding(KEY_NAMES.get(key, key), f"{action}({n})", f"{description} {n}", show=False, priority=True)
            for n, key in enumerate(CARD_KEYS, 1)]


def hand_text(owner: str, faces: Sequence[Face], numbered: bool = False, picked: frozenset[int] = frozenset()) -> Text:
    """``Ann's hand [TH♦9] [E♠2]``: each card (with the key that picks it, if ``numbered``), the picked reversed."""
    text = Text()
    text.append(f"{owner}'s hand ", "bold")
    for n, face in enumerate(faces):
        text.append_text(card_text(face.label, face.colour, key=card_key(n) if numbered else None,
                                   selected=n in picked, value=face.value))
        text.append(face.note + " ", "dim")
    return text


def pile_text(pile: Pile) -> Text:
    text = Text(pile.name, "bold")
    if pile.value is not None:
        text.append(f" {pile.value}")
    elif pile.top is not None:
        text.append(" ")
        text.append_text(card_text(pile.top.label, pile.top.colour, value=pile.top.value))
        text.append(f" ({pile.count})", "dim")
    else:
        text.append(f" {counted(pile.count, pile.unit)}" if pile.count else " empty", "" if pile.count else "dim")
    return text


NARROWEST = 20
"""The width a shared drawing is made at before its widget has one (a score board's on an 80x24 screen)."""


class SharedLines(Widget):
    """A drawing made once for every screen that shows the same thing, and once for its height too (Textual's line
    API); a change repaints only the lines it changed. Every screen at a hosted table shows the same score board,
    piles and log: drawn as Statics, each screen would draw them, measure them by drawing again, and repaint every
    line of each on every move, where a move changes a line or two.

    ``drawn()`` names what is drawn: widgets with equal names show the same lines, on whatever screen. A subclass's
    reactives are declared with ``repaint=False`` and watched by ``changed``; those that hold Rich Texts with
    ``always_update`` too, since Textual keeps a new value only if it is ``!=`` the old, and a Text's equality leaves
    out its own style (FEZ's lay-off target, its number reversed rather than dim, was never drawn).
    """

    DEFAULT_CSS = "SharedLines { height: auto; }"
    FITS_HEIGHT = False
    """Whether the drawing depends on the height the widget is given (the score board says less to fit)."""

    def __init__(self, drawing: Any = "", key: Hashable = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.drawing = drawing
        self.key = key
        self.shown: tuple[Strip, ...] = ()
        """The lines last drawn: a change repaints the ones that differ."""
        self.drawn_now: Hashable = None
        """``drawn()`` until the next change: Textual asks for the lines one at a time, and a key made anew for each
        (the log's Texts, the word rows') cost more than the lines it finds."""

    def show(self, drawing: Any, key: Hashable) -> None:
        self.drawing, self.key = drawing, key
        self.changed()

    def changed(self) -> None:
        """What is drawn may have changed: repaint the lines that differ, or lay the screen out again if it needs
        another height. Inside ``changes_held``, once at its end."""
        self.drawn_now = None
        if HELD is not None:
            HELD[self] = None
            return
        width, height = self.content_size
        old = self.shown
        new = self.lines(width, height if self.FITS_HEIGHT else 0) if width and old else ()
        if not new or (len(new) != len(old) and not self.FITS_HEIGHT):  # not drawn yet, or another height
            relayout_if_taller_or_shorter(self)
            self.lines_changed()
            return
        changed = [y for y in range(height) if (old[y] if y < len(old) else None) != (new[y] if y < len(new) else None)]
        if changed:
            self.refresh(*(Region(0, y, width, 1) for y in changed))
            self.lines_changed()

    def lines_changed(self) -> None:
        """Hook: what is drawn changed, or is to be drawn the first time."""

    def draw(self, width: int, height: int) -> Any:
        """The Rich renderable (or Textual visual) to draw at this size."""
        return self.drawing

    def drawn(self) -> Hashable:
        """What is drawn: equal for widgets that draw the same (a widget without a key shares with none)."""
        return self.key if self.key is not None else id(self)

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        lines = self.shown = self.lines(width or NARROWEST, self.content_size.height if self.FITS_HEIGHT else 0)
        return lines[y] if y < len(lines) else Strip.blank(width, self.visual_style.rich_style)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width or NARROWEST))

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """The text a mouse selection takes, from the lines on show (Textual's own asks ``render()``). The selection
        is not highlighted: the lines are shared with every screen that draws the same."""
        return selection.extract("\n".join(strip.text.rstrip() for strip in self.shown)), "\n"

    def lines(self, width: int, height: int = 0) -> tuple[Strip, ...]:
        if self.drawn_now is None:
            self.drawn_now = self.drawn()
        key = (type(self), self.drawn_now, width, height, self.visual_style)
        lines = SHARED_LINES.get(key)
        if lines is None:
            if len(SHARED_LINES) >= SHARED_MOST:  # the oldest goes, not all: other tables' screens still draw theirs
                del SHARED_LINES[next(iter(SHARED_LINES))]
            visual = visualize(self, self.draw(width, height))
            lines = SHARED_LINES[key] = tuple(Visual.to_strips(self, visual, width, None, self.visual_style,
                                                               apply_selection=False))
        return lines


HELD: dict[SharedLines, None] | None = None
"""The widgets changed inside ``changes_held``, in order."""


@contextmanager
def changes_held() -> Iterator[None]:
    """Shared lines changed inside are drawn once, at the end: a screen that sets a hand's owner, cards and prompt in
    turn would draw it three times, twice for nothing."""
    global HELD
    if HELD is not None:
        yield
        return
    HELD = {}
    try:
        yield
    finally:
        held, HELD = HELD, None
        for widget in held:
            widget.changed()


def text_key(text: Text | None) -> Hashable:
    """What names a Rich ``Text`` in a drawing's key (a Text is not hashable); its wrapping too, which the log's and
    the word rows' ``Text.wrap`` follow."""
    if text is None:
        return None
    return text.plain, tuple(text.spans), text.style, text.justify, text.overflow, text.no_wrap, text.tab_size


SHARED_LINES: dict[tuple, tuple[Strip, ...]] = {}
"""Drawings made, by widget class, key, width, height and style, the oldest first."""
SHARED_MOST = 1024
"""Drawings kept: a move makes a few at each table (its board, piles, log, hands), which its other screens draw
before the club's other tables push them out."""


class ScoreBoard(SharedLines):
    """Running totals and hand sizes; ▶ marks the player to move, ⚙ a computer seat. It takes the height its
    panel leaves, and says less of each seat when all of it would not fit (``board_text``)."""

    DEFAULT_CSS = "ScoreBoard { width: 1fr; height: 1fr; }"
    FITS_HEIGHT = True

    rows: reactive[tuple[ScoreRow, ...]] = reactive((), repaint=False)

    watch_rows = SharedLines.changed

    def drawn(self) -> Hashable:
        return self.rows

    def draw(self, width: int, height: int) -> Text:
        return board_text(self.rows, width, height)


class HandView(SharedLines):
    """One player's hand, each card with the key that picks it (``numbered``). Hidden, it says so and shows nothing."""

    DEFAULT_CSS = "HandView { height: auto; }"

    owner: reactive[str] = reactive("", repaint=False)
    faces: reactive[tuple[Face, ...]] = reactive((), repaint=False)
    picked: reactive[frozenset[int]] = reactive(frozenset(), repaint=False)
    """Positions (from 0) shown reversed: the cards a choice uses, or the cards picked to swap."""
    hidden: reactive[bool] = reactive(True, repaint=False)
    prompt: reactive[str] = reactive("", repaint=False)
    numbered: reactive[bool] = reactive(True, repaint=False)
    """Whether the cards show their keys (not where keys pick nothing: the crossword games type letters)."""
    hidden_note: reactive[str] = reactive("(hands are hidden while others look at the table)", repaint=False)

    watch_owner = watch_faces = watch_picked = watch_hidden = watch_prompt = watch_numbered = watch_hidden_note = (
        SharedLines.changed)

    def drawn(self) -> Hashable:
        if self.hidden:
            return self.hidden_note
        return self.owner, self.faces, self.numbered, self.picked, self.prompt

    def draw(self, width: int, height: int) -> Text:
        if self.hidden:
            return Text(self.hidden_note, "dim")
        text = hand_text(self.owner, self.faces, self.numbered, self.picked)
        if self.prompt:
            text.append(f" ← {self.prompt}", "bold")
        return text


class PilesView(SharedLines):
    """The shared piles, each with its name, its count and its top card if face up; a pile is never split between
    two lines."""

    DEFAULT_CSS = "PilesView { height: auto; }"

    piles: reactive[tuple[Pile, ...]] = reactive((), repaint=False)

    def __init__(self, stacked: bool = False) -> None:
        super().__init__()
        self.stacked = stacked
        """One pile a line (a narrow column beside the table), not all on one line."""

    watch_piles = SharedLines.changed

    def drawn(self) -> Hashable:
        return self.piles, self.stacked

    def draw(self, width: int, height: int) -> Text:
        """The piles, as many a line as fit in ``width``."""
        lines: list[Text] = []
        for pile in map(pile_text, self.piles):
            if lines and not self.stacked and lines[-1].cell_len + 3 + pile.cell_len <= width:
                lines[-1].append("   ")
                lines[-1].append_text(pile)
            else:
                lines.append(pile)
        return Text("\n").join(lines)


class RecentLog(SharedLines):
    """The table's message, then the log's newest entries, as many as fit, newest last. It is filled from the newest
    back, so an older entry that wraps never pushes a newer one out of sight; an entry too long for the room left
    shows its start, cut at its end."""

    FITS_HEIGHT = True
    message: reactive[Text | None] = reactive(None, repaint=False, always_update=True)
    entries: reactive[tuple[Text, ...]] = reactive((), repaint=False, always_update=True)

    watch_message = watch_entries = SharedLines.changed

    def drawn(self) -> Hashable:
        return text_key(self.message), tuple(map(text_key, self.entries))

    def draw(self, width: int, height: int) -> Text:
        lines = newest_lines([self.message] if self.message else [], width, height, self.app.console)
        lines += newest_lines(list(self.entries), width, height - len(lines), self.app.console)
        return Text("\n").join(lines)


def board_text(rows: tuple[ScoreRow, ...], width: int, height: int = 0) -> Text:
    """The board in ``width`` columns. Taller than ``height`` (0: any height), each seat's note is one paragraph,
    then loses its first line (the cards held), then goes: a line a seat (F7 shows Scrabble Fluxx's Keepers)."""
    for notes in ("lines", "paragraph", "rest", "none"):
        text = board_lines(rows, width, notes)
        if not height or text.plain.count("\n") < height:
            break
    return text


def board_lines(rows: tuple[ScoreRow, ...], width: int, notes: str) -> Text:
    out = Text()
    out.append("Scores\n", "bold underline")
    digits = max((len(str(row.total)) for row in rows), default=1)
    # The name takes what the totals leave: "Hal (beginner)" whole beside two-digit totals on an 80x24 screen.
    name_width = max(8, width - 4 - digits)
    for row in rows:
        out.append("▶" if row.current else " ", "bold")
        name_style = ("bold" if row.current else "") + (" reverse" if row.last else "")
        if len(row.name) > name_width:  # a long name keeps a line of its own, the total under its end, never cut
            out.append(row.name, name_style)
            out.append(f"\n {'':<{name_width}}")
        else:
            out.append(f"{row.name:<{name_width}}", name_style)
        out.append(" ⚙" if row.computer else "  ")
        out.append(f" {row.total:>{digits}}\n", "bold")
        if row.away:
            out.append(f"  {row.away}\n", "bold italic")
        if notes == "none":
            continue
        lines = (row.note or counted(row.cards, "card")).split("\n")
        if notes == "paragraph":
            lines = [" · ".join(lines)]
        elif notes == "rest":
            lines = [line for line in lines[1:] if line]
        for n, line in enumerate(lines):  # wrapped here, so that a long line (Keepers' names) keeps its indent
            square = n == 0 and bool(row.colour)  # the seat's colour, before its first line
            lead = "    " if n or square else "  "
            for part in textwrap.wrap(line, max(8, width), initial_indent=lead, subsequent_indent="    "):
                if square:
                    out.append("  ■ ", row.colour)
                    part, square = part[4:], False
                out.append(f"{part}\n", "dim")
    out.rstrip()
    return out


class CardCursor:
    """The card picker: which of the cards it walks ←/→ (or a digit) has picked, for hands that outgrow the digits."""

    def __init__(self) -> None:
        self.at: int | None = None

    def step(self, size: int, step: int) -> None:
        """Move on ``step`` places among ``size`` cards; the first step from nothing picks an end."""
        if size:
            self.at = (step - 1 if step > 0 else size - 1) if self.at is None else (self.at + step) % size

    def pick(self, index: int) -> None:
        self.at = index

    def card(self, cards: Sequence[str]) -> str | None:
        return cards[self.at] if self.at is not None and self.at < len(cards) else None

    def clear(self) -> None:
        self.at = None


class Steady(Static):
    """A Static that repaints only when what it shows changes.

    ``Static.update`` repaints (and lays out the screen) even for the same text;
    a table redrawn on every key would send its unchanged lines again over SSH.
    """

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if type(content) is type(self.content) and content == self.content:
            return
        super().update(content, layout=False)
        if layout:
            relayout_if_taller_or_shorter(self)


def newest_lines(entries: list[Text], width: int, rows: int, console: Console) -> list[Text]:
    """The lines of the newest ``entries`` (oldest first) that fit in ``rows`` lines ``width`` wide, whole entries
    from the newest back; the newest alone, if even it does not fit, shows as much of its start as does."""
    lines: list[Text] = []
    if width <= 1:
        return lines
    for entry in reversed(entries):
        wrapped = list(entry.wrap(console, width))
        if len(lines) + len(wrapped) <= rows:
            lines[:0] = wrapped
            continue
        if not lines and rows > 0:
            lines = wrapped[:rows]
            lines[-1].truncate(width - 1)
            lines[-1].append("…")
        break
    return lines


@dataclass(frozen=True)
class KeyShown:
    key: str
    label: str
    """How the key is named (``F1``, ``^q``)."""
    description: str
    action: str
    enabled: bool


F_KEY = re.compile(r"f\d+")


class KeyBar(SharedLines, can_focus=False):
    """The screen's keys on one line, as Textual's compact ``Footer`` shows them, drawn as one widget.

    ``Footer`` mounts a widget for every key and mounts them all anew whenever the screen's bindings change; at a
    table they change with every turn, and in a club with many tables that re-mounting took half of each move's
    time. This bar keeps the keys as data and repaints its line only when they change, drawn once for every screen
    that shows the same keys (drawn anew on each, it was a fifth of a move's time in a club). A click on a key
    presses it, as on ``Footer``. Keys that do not fit its width give way whole, the keys every table has first (F1
    lists them all)."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    KeyBar > .key-bar--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyBar > .key-bar--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeyBar > .key-bar--hover {
        background: $block-hover-background;
    }
    """
    COMPONENT_CLASSES = {"key-bar--key", "key-bar--description", "key-bar--hover"}
    GIVE_WAY = ("log", "sheet", "hint", "games", "ratings", "help")
    """The keys left out, in turn, until the rest fit: their screen's help names them all (the lobby's replays and
    ratings go before its help)."""
    ALLOW_SELECT = False

    keys: reactive[tuple[KeyShown, ...]] = reactive((), repaint=False)
    hover: reactive[int | None] = reactive(None, repaint=False)

    watch_keys = watch_hover = SharedLines.changed

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def bindings_changed(self, screen: Screen) -> None:
        focused = screen.focused
        bindings = [(binding, enabled) for _node, binding, enabled, _tooltip in screen.active_bindings.values()]
        # The app's keys that the word entry takes from Textual's bindings, and hands on itself (the talk key); a
        # key asked with no character, since an Input claims only the keys that type one (the talk box's takes ')
        bindings += [(binding, True) for key in PAGE_KEYS
                     if focused is not None and focused.check_consume_key(key, None)
                     for binding in screen_bindings(self.app, key)]
        by_action: dict[str, list[tuple[Binding, bool]]] = {}
        for binding, enabled in bindings:
            if binding.show:
                by_action.setdefault(binding.action, []).append((binding, enabled))
        function_keys = getattr(self.app, "function_keys", True)
        shown = []
        for action, found in by_action.items():
            binding, enabled = found[0]  # an action's first key, as Footer shows it
            if not function_keys and F_KEY.fullmatch(binding.key):
                other = next(((b, e) for b, e in found if not F_KEY.fullmatch(b.key)), None)
                if other:
                    binding, enabled = replace(other[0], key_display=None), other[1]  # named for itself
            shown.append(KeyShown(binding.key, self.app.get_key_display(binding), binding.description, action,
                                  enabled))
        self.keys = tuple(shown)

    @staticmethod
    def width(key: KeyShown) -> int:
        """Columns a key takes: ``F1 Help``, or its name alone."""
        return cell_len(key.label) + (cell_len(key.description) + 1 if key.description else 0)

    def fitting(self, width: int) -> list[KeyShown]:
        keys = list(self.keys)
        for action in self.GIVE_WAY:
            if sum(self.width(k) + 1 for k in keys) <= width + 1:  # no space after the last
                break
            keys = [k for k in keys if k.action != action]
        return keys

    def spans(self, width: int | None = None) -> list[tuple[int, int, KeyShown]]:
        """Where each shown key is on the line: its first column, the column after it, the key."""
        spans, column = [], 0
        for key in self.fitting(self.size.width if width is None else width):
            spans.append((column, column + self.width(key), key))
            column += self.width(key) + 1
        return spans

    def styles_shown(self) -> tuple[Style, Style, Style]:
        """The keys', their descriptions' and the hovered key's styles (the theme's, through the CSS)."""
        return (self.get_component_rich_style("key-bar--key"), self.get_component_rich_style("key-bar--description"),
                self.get_component_rich_style("key-bar--hover"))

    def drawn(self) -> Hashable:
        return self.keys, self.hover, self.styles_shown()

    def draw(self, width: int, height: int) -> Text:
        key_style, description_style, hover_style = self.styles_shown()
        line = Text(no_wrap=True, overflow="crop")
        for index, (start, _end, key) in enumerate(self.spans(width)):
            part = Text.assemble((key.label, key_style), (f" {key.description}" if key.description else "",
                                                          description_style))
            if index == self.hover:  # the hover's background only: the key keeps its colour
                part.stylize(Style(bgcolor=hover_style.bgcolor))
            if not key.enabled:
                part.stylize("dim")
            line.append_text(part)
            line.append(" ")
        return line

    def key_at(self, x: int) -> tuple[int, KeyShown] | None:
        return next(((index, key) for index, (start, end, key) in enumerate(self.spans()) if start <= x < end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        found = self.key_at(event.x)
        self.hover = found[0] if found else None

    def on_leave(self) -> None:
        self.hover = None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        found = self.key_at(event.x)
        if found is None:
            return
        if found[1].enabled:
            self.app.simulate_key(found[1].key)
        else:
            self.app.bell()


class SteadyInput(Input):
    """A text field whose cursor does not blink: an idle screen sends nothing over SSH, and every frame is the same."""

    cursor_blink = reactive(False, init=False)


T = TypeVar("T")


def tab_note(index: int, count: int) -> str:
    """``  (Tab: 2/3)`` when Tab has other choices to offer."""
    return f"  (Tab: {index % count + 1}/{count})" if count > 1 else ""


def screen_bindings(screen: Screen | App[Any], key: str) -> list[Binding]:
    """The bindings ``screen`` declares for ``key`` (its own class's, else the nearest base's, as Textual merges
    them), in order, whatever the focused widget does with the key. A key may have several, each on in its own
    phase (Enter: "Place" while typing tiles, "Continue" otherwise), so the footer names what it does now."""
    for cls in type(screen).__mro__:
        found = [b for b in Binding.make_bindings(cls.__dict__.get("BINDINGS", ())) if b.key == key]
        if found:
            return found
    return []


async def run_screen_key(widget: Widget, key: str) -> bool:
    """Run the screen's binding for ``key`` now (the first that is on), from the focused ``widget``'s own key
    handler; False if none is on. Why: a key left to a binding is handled out of turn. A priority binding runs
    before the keys ahead of it that wait in the widget's queue; any other bubbles up, one queue at a time, while
    keys behind it reach the widget first. Keys bunched by a paste, tmux or a slow SSH link would change order."""
    for binding in screen_bindings(widget.screen, key):
        if await widget.app.run_action(binding.action, widget.screen):
            return True
    for binding in screen_bindings(widget.app, key):  # the app's own (a hosted table's talk key)
        if await widget.app.run_action(binding.action, widget.app):
            return True
    return False


class WordEntry(SteadyInput):
    """The word entry: the words typed, and which of the ways to play them Tab has reached (``pick``).

    Enter posts ``Entered`` for the screen to turn into a move. The entry takes
    letters and spaces; the table's keys for cards and choices (``CARD_KEYS``, arrows,
    Tab) it passes to the screen's bindings itself, in the order they came
    (``run_screen_key``), and when their actions are off it uses them as an
    Input does.
    """

    TABLE_KEYS = frozenset({"tab", "shift+tab", "left", "right", "up", "down", *"0123456789", *KEY_NAMES.values(),
                            *PAGE_KEYS})
    HIDDEN_KEYS = TABLE_KEYS - {"tab", "shift+tab"}
    """Table keys the footer does not show, so the entry may claim them from priority bindings; the table binds Tab
    without priority (the footer shows what the focused widget leaves to the screen)."""

    @dataclass
    class Entered(Message):
        """Enter was pressed on the words typed ("" for an empty line)."""

        text: str

    tab = 0
    """How far Tab has gone through the ways to play the words typed (taken modulo their number)."""
    offered = 0
    """How many ways to play the words typed the table last offered (``pick``): Tab is named only when there are
    others."""

    EDIT_KEYS = {"backspace": "delete_left", "delete": "delete_right", "home": "home", "end": "end",
                 "enter": "submit"}
    """Keys the Input binds that the entry acts on as they come: Textual runs an Input's bindings after the letters
    that arrived with them (Textual issue 6605), so a Backspace bunched with letters in one SSH packet deleted the
    wrong letter, and Enter sent words typed after it."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return key in self.HIDDEN_KEYS or super().check_consume_key(key, character)

    async def on_key(self, event: events.Key) -> None:
        if event.key in self.TABLE_KEYS and await run_screen_key(self, event.key):
            event.stop()
            event.prevent_default()  # the Input's own handling (a digit typed, the cursor moved) is not wanted
        elif event.key in self.EDIT_KEYS:
            event.stop()
            event.prevent_default()
            await self.run_action(self.EDIT_KEYS[event.key])

    def watch_value(self) -> None:
        self.tab = 0  # new words: back to the first way to play them (at once: a Tab typed next counts)
        self.offered = 0

    @on(SteadyInput.Submitted)
    def _entered(self, event: SteadyInput.Submitted) -> None:
        event.stop()
        self.post_message(self.Entered(self.value))

    def pick(self, choices: Sequence[T]) -> T | None:
        """The choice Tab has reached (None when there are none)."""
        self.offered = len(choices)
        return choices[self.tab % len(choices)] if choices else None

    def tab_note(self, choices: Sequence[object]) -> str:
        return tab_note(self.tab, len(choices))

    def clear_words(self) -> None:
        self.value, self.tab, self.offered = "", 0, 0
