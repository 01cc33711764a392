"""The setup screen: seats (person or computer), the game's options, word list and checking mode."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.geometry import Size
from textual.lazy import Lazy
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Static

from wordcards.core.lexicon import ABOUT_THE_LISTS, NAMES as LIST_NAMES
from wordcards.core.computer import LEVELS
from wordcards.core.errors import WordcardsError
from wordcards.core.common import Seat, computer_name
from wordcards.core.options import Option, public
from wordcards.core.game import Game
from wordcards.tui.app import SetupResult
from wordcards.tui.screens import WatchesSize
from wordcards.tui.widgets import KeyBar, SteadyInput

KINDS = [("Person", "human"), *((f"Computer {level}", level) for level in LEVELS), ("(empty seat)", "")]


class CycleField(Static, can_focus=True):
    """A choice among a few values, changed with ←/→ or Space: lighter than a Select drop-down."""

    BINDINGS = [Binding("right,space", "step(1)", "Next", show=False), Binding("left", "step(-1)", "Previous", show=False)]
    DEFAULT_CSS = """
    CycleField { width: 22; height: 1; margin-right: 1; background: $boost; }
    CycleField:focus { background: $accent; color: $text; }
    """

    def __init__(self, choices: list[tuple[str, str]], value: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.choices = choices
        self.index = [v for _, v in choices].index(value)

    @property
    def value(self) -> str:
        return self.choices[self.index][1]

    @value.setter
    def value(self, value: str) -> None:
        self.index = [v for _, v in self.choices].index(value)
        self.update(self.render_choice())

    def render_choice(self) -> str:
        return f"◀ {self.choices[self.index][0]} ▶"

    def on_mount(self) -> None:
        self.update(self.render_choice())

    class Changed(Message):
        def __init__(self, field: CycleField) -> None:
            super().__init__()
            self.field = field

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.choices)
        self.update(self.render_choice())
        self.post_message(self.Changed(self))

    def on_click(self) -> None:
        self.action_step(1)


class Tick(Checkbox):
    """A checkbox that shows X only when ticked: Textual's always shows X and tells on from off by colour alone."""

    @property  # Textual reads a class attribute; ours depends on the value
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802
        return "X" if self.value else " "

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return Widget.get_content_height(self, container, viewport, width)  # a long label wraps (Textual's: 1 line)


SETUP_KEYS = """\
| Tab / Shift+Tab | the next / previous field |
| ← / → or a click | change a seat (person, a computer level, empty) or an option with choices |
| Space | tick or untick a box |
| Ctrl+S or Start game | start the game |
| F1 | this help: the keys, then the rules |
| Ctrl+Q | quit without starting |
"""


class SetupScreen(WatchesSize[None]):
    # Esc does not quit: a newcomer presses it to leave a field, and would lose the form (Ctrl+Q quits).
    BINDINGS = [Binding("ctrl+s", "start", "Start game", priority=True),
                Binding("f1", "help", "Help", key_display="F1", priority=True)]
    AUTO_FOCUS = "#kind-0"
    """The first seat is focused, and shows it, from the first frame (not the form's invisible scroll area)."""

    def __init__(self, spec: Game, dictionary: str = "default", strict: bool = False,
                 options: dict | None = None) -> None:
        super().__init__()
        self.spec = spec
        self.given = options or {}
        """Options from the command line (``play word-whiz --race``): the form starts with them."""
        self.dictionary = dictionary
        self.strict = strict
        self.defaults: dict[str, str] = {}
        """Each number option's default as its field shows it (a cooperative game's goal: the remembered one); a
        field that still shows it gives the game the option's default."""

    def compose(self) -> ComposeResult:
        # Grids rather than a container per row: the form is the first frame of `wordcards play`.
        low, high = self.spec.players
        yield Static(f"New game of {self.spec.title} — {low} to {high} players. "
                     "Tab: next field · ←/→: change a seat · Ctrl+S: start", id="setup-title")
        with VerticalScroll(id="setup-form") as form:
            form.can_focus = False
            with Grid(id="seat-grid"):
                for seat in range(high):
                    kind = "human" if seat == 0 else "medium" if seat == 1 else ""  # a newcomer's fair opponent
                    yield Label(f"Seat {seat + 1}")
                    yield CycleField(KINDS, kind, id=f"kind-{seat}", classes="seat-kind")
                    yield SteadyInput(f"Player {seat + 1}" if seat == 0 else "", placeholder="name", id=f"name-{seat}",
                                compact=True, max_length=16)
            yield Static("", id="level-note")
            # The options follow a frame after the seats (Textual's Lazy): the first frame comes sooner.
            yield Lazy(Vertical(Grid(*self._option_inputs(), id="option-grid"), *self._option_boxes(), id="options"))
        yield KeyBar()

    def _option_inputs(self) -> list:
        widgets: list = []
        values = self.starting_values()
        for option in public(self.spec.options):
            if isinstance(option.default, bool):
                continue
            label = Label(option.name.replace("_", " ").capitalize(), id=f"label-{option.name}")
            if option.choices:
                field: Static | Input = CycleField([(str(c), str(c)) for c in option.choices],
                                                   str(self.starting(option)), id=f"opt-{option.name}")
                field.tooltip = option.help
            else:
                default = str(self.shown_default(option, values))
                if option.name not in self.given:
                    self.defaults[option.name] = default
                field = SteadyInput(str(self.given.get(option.name, default)), id=f"opt-{option.name}", compact=True,
                                    restrict=r"\d*", tooltip=option.help)
            label.display = field.display = self.applies(option, values, 2)  # the form proposes two seats
            widgets += [label, field]
        widgets += [Label("Word list"),
                    SteadyInput(self.dictionary, id="dictionary", compact=True,
                                tooltip=f"{', '.join(LIST_NAMES)}, or a file path"),
                    Label("Seed"), SteadyInput("", placeholder="random", id="seed", restrict=r"[0-9]*", max_length=18,
                                               compact=True)]
        return widgets

    def _option_boxes(self) -> list:
        values = self.starting_values()
        boxes = []
        for option in public(self.spec.options):
            if isinstance(option.default, bool):
                boxes.append(Tick(option.help, self.starting(option), id=f"opt-{option.name}", compact=True))
                boxes[-1].display = self.applies(option, values, 2)
        return boxes + [Tick("Strict: refuse words not in the list (no challenges)", self.strict, id="strict",
                                 compact=True),
                        Static("", id="setup-error"),
                        Button("Start game", id="start", variant="primary", compact=True)]

    def starting(self, option: Option) -> Any:
        return self.given.get(option.name, option.default)

    def starting_values(self) -> dict[str, Any]:
        return {option.name: self.starting(option) for option in self.spec.options}

    def shown_default(self, option: Option, values: dict[str, Any]) -> Any:
        """What the game makes of the option left at its default, with these other options (a goal of 0 in the
        cooperative game: the remembered goal)."""
        return self.spec.prepare_options({**values, option.name: option.default}).get(option.name, option.default)

    @staticmethod
    def applies(option: Option, values: dict[str, Any], players: int) -> bool:
        return option.applies is None or option.applies(values, players)

    def form_options(self) -> tuple[dict[str, Any], int]:
        """The options as the form has them now (a number not yet typed: its default), and the seats taken."""
        values: dict[str, Any] = {}
        for option in self.spec.options:
            found = self.query(f"#opt-{option.name}")
            value = found.first().value if found else self.starting(option)  # type: ignore[attr-defined]
            if isinstance(option.default, int) and not isinstance(option.default, bool) and isinstance(value, str):
                value = int(value) if value.isdigit() else option.default
            values[option.name] = value
        players = sum(1 for field in self.query(".seat-kind").results(CycleField) if field.value)
        return values, players

    def fit_options(self) -> None:
        """Show only the options that mean something with the seats and options chosen, each number at the default
        the game would use (a field the player has typed in keeps what they typed)."""
        values, players = self.form_options()
        for option in public(self.spec.options):
            shown = self.applies(option, values, players)
            for widget in self.query(f"#opt-{option.name}, #label-{option.name}"):
                widget.display = shown
            if option.name in self.defaults:
                field = self.query_one(f"#opt-{option.name}", Input)
                default = str(self.shown_default(option, values))
                if field.value == self.defaults[option.name]:
                    field.value = default
                self.defaults[option.name] = default

    def action_help(self) -> None:
        from wordcards.tui.screens import PageScreen

        self.app.push_screen(PageScreen("# Keys\n\n| key | what it does |\n|---|---|\n" + SETUP_KEYS + "\n\n"
                                        + self.spec.rules_text + "\n\n" + ABOUT_THE_LISTS))

    def on_cycle_field_changed(self, event: CycleField.Changed) -> None:
        self.describe(event.field)
        self.fit_options()

    def on_checkbox_changed(self) -> None:
        self.fit_options()

    def on_descendant_focus(self, event) -> None:
        self.describe(event.widget)

    def describe(self, field: Widget) -> None:
        """What the field with the focus means, in a line under the seats: the computer level it shows, the option
        it sets (a tooltip says so too, but only to a mouse), or the word lists there are."""
        level = LEVELS.get(field.value) if isinstance(field, CycleField) and field.has_class("seat-kind") else None
        option = next((o for o in self.spec.options if field.id == f"opt-{o.name}" and not isinstance(o.default, bool)),
                      None)  # (a box's own words say what it does)
        if level is not None:
            note = f"{level.name}: {level.description}"
        elif option is not None:
            note = option.help[:1].upper() + option.help[1:]
        elif field.id == "dictionary":
            note = f"Word lists: {', '.join(LIST_NAMES)}, or a file (F1 tells them apart)"
        else:
            note = ""
        self.query_one("#level-note", Static).update(note)

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            result = self.read_form()
        except (ValueError, WordcardsError) as exc:
            self.query_one("#setup-error", Static).update(Text(f"! {exc}", "bold red"))
            return
        self.wordcards.start(result)

    def read_form(self) -> SetupResult:
        seats: list[Seat] = []
        high = self.spec.players[1]
        for seat in range(high):
            kind = self.query_one(f"#kind-{seat}", CycleField).value
            if not kind:
                continue
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            if kind == "human":
                seats.append(Seat(name or f"Player {seat + 1}"))
            else:
                seats.append(Seat(name or computer_name(seat, str(kind)), str(kind)))
        self.spec.check_players(len(seats))
        if len({s.name for s in seats}) != len(seats):
            raise ValueError("two seats have the same name")
        options = {}
        values, players = self.form_options()
        for option in public(self.spec.options):
            widget = self.query_one(f"#opt-{option.name}")
            assert isinstance(widget, (CycleField, Input, Checkbox))  # the three kinds compose() makes
            value = widget.value
            if not self.applies(option, values, players) or value == self.defaults.get(option.name):
                options[option.name] = option.default  # hidden, or left as the game would have it
            else:
                options[option.name] = option.convert(str(value)) if not isinstance(value, bool) else value
        seed_text = self.query_one("#seed", Input).value.strip()
        dictionary = self.query_one("#dictionary", Input).value.strip() or "default"
        from wordcards.core import lexicon

        lexicon.precheck(dictionary)
        return SetupResult(seats, options, int(seed_text) if seed_text else None, dictionary,
                           self.query_one("#strict", Checkbox).value)
