"""No text is cut at 80×24: each game is played through many states (a person's moves chosen by the computer
player, typed as a person types them) and every widget on screen is checked for what it shows against what it
holds; the setup forms too.

A widget's text is cut when a word of its content does not show whole: cropped at the widget's edge, wrapped past
its last line, or the widget itself pushed past its container's edge (a footer's last keys, a side panel's last
players). Only in what a player scrolls with keys (the table's words, the setup form, summaries and pages) may a
widget lie beyond its container's bottom.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from textual.screen import Screen
from textual.visual import Visual, visualize
from textual.widget import Widget

from tests.scenes import SIZE, settle
from wordcards.core.common import Seat
from wordcards.core.placing import Place
from wordcards.tui.app import make_app
from wordcards.tui.grid import GridView
from wordcards.tui.scores import SummaryScreen
from wordcards.tui.screens import PassScreen, PickScreen
from wordcards.tui.setup import CycleField, Tick
from wordcards.tui.table import GameTable
from wordcards.tui.widgets import KeyBar, SharedLines

SCROLLED = {"table", "setup-form", "summary-box", "sheet-box", "help-box", "log-box"}
"""Containers a player scrolls with keys: what lies below their bottom is not cut."""
LEFT_OUT = {"log"}
"""The log under the hand: its newest entry may end cut, after as much of it as fits."""


def words(lines: list[str]) -> Counter:
    return Counter(token for line in lines for token in line.split() if re.search(r"\w", token))


def content_lines(widget: Widget) -> tuple[list[str], list[str]] | None:
    """All the lines of the widget's content, and the lines that show; None for widgets that draw themselves
    line by line (inputs, lists, the crossword), whose content is not a text."""
    width, height = widget.content_region.size
    if isinstance(widget, SharedLines):  # the score board says less of each seat where all would not fit: that much
        fitted = height if widget.FITS_HEIGHT else 0
        # and the key bar leaves out whole keys that do not fit (F1 lists them all): it picks them for its width
        drawn_width = width if widget.FITS_HEIGHT or isinstance(widget, KeyBar) else 10_000
        whole_width = width if widget.FITS_HEIGHT else 10_000
        whole = Visual.to_strips(widget, visualize(widget, widget.draw(drawn_width, fitted)), whole_width, None,
                                 widget.visual_style)
        return [s.text for s in whole], [s.text for s in widget.lines(width, fitted)[:height]]
    if type(widget).render_line is not Widget.render_line:
        return None
    visual = visualize(widget, widget.render())
    whole = Visual.to_strips(widget, visual, 10_000, None, widget.visual_style)
    shown = Visual.to_strips(widget, visual, width, None, widget.visual_style)[:height]
    return [s.text for s in whole], [s.text for s in shown]


def cut_text(screen: Screen, names: list[str]) -> list[str]:
    """Each widget on ``screen`` whose text does not show whole, and what is lost; and any player's name that shows
    shortened (a name may wrap at its spaces)."""
    problems = []
    name_words = {word for name in names for word in re.findall(r"\w{5,}", name)}
    for widget in screen.walk_children(with_self=False):
        lineage = [widget, *widget.ancestors]
        if (not all(w.display for w in lineage if isinstance(w, Widget)) or widget.region.area == 0
                or any(isinstance(w, GridView) or w.id in LEFT_OUT for w in lineage)):
            continue
        name = f"{type(widget).__name__}#{widget.id}"
        parent = widget.parent
        if isinstance(parent, Widget):
            outer, inner = parent.content_region, widget.region
            below = inner.bottom > outer.bottom and parent.id not in SCROLLED
            if inner.right > outer.right or inner.x < outer.x or below:
                problems.append(f"{name} lies past its container's edge")
                continue
        if widget.content_region.area == 0:
            continue
        lines = content_lines(widget)
        if lines is not None:
            lost = words(lines[0]) - words(lines[1])
            if lost:
                problems.append(f"{name} loses {' '.join(lost)}: {' / '.join(lines[1])!r}")
            problems += [f"{name} shortens {word}: {' / '.join(lines[1])!r}" for word in name_words
                         if shortened(word, lines[1])]
    return problems


def shortened(word: str, lines: list[str]) -> bool:
    """Whether ``lines`` show the start of ``word`` (a word of a player's name) without its end."""
    return any(word.startswith(found) and found != word
               for line in lines for found in re.findall(rf"\b{re.escape(word[:4])}\w*", line))


TYPED_KEYS = {" ": "space", "?": "asterisk"}


async def show_typing(pilot, table: GameTable, move, look) -> None:
    """Type ``move`` as a person would before Enter (its words or its tiles), or read each card of a Scrabble Fluxx
    hand before playing one, and ``look()`` at what the preview says."""
    match = table.match
    if isinstance(move, Place):
        table.grid.put(move.start, move.direction)  # type: ignore[attr-defined]
        await pilot.press(*[TYPED_KEYS.get(ch, ch) for ch in move.spelling])
    elif type(move).__name__ == "PlayCard":
        for number in range(1, min(9, len(match.view(0).fluxx_hand)) + 1):
            await pilot.press(str(number), "tab")
            await pilot.pause()
            look()
    else:
        typed = " ".join(match.rules.words_formed(match.state, move)).lower()
        if not typed or not table.entry.display:
            return
        await pilot.press(*[TYPED_KEYS.get(ch, ch) for ch in typed])
    await pilot.pause()
    look()
    table.action_back()


async def walk(game: str, seats: list[Seat], options: dict, seed: int, steps: int) -> dict[str, int]:
    """Play ``steps`` steps of a seeded game at 80×24, the first seat's moves chosen by the computer; each problem
    ``cut_text`` finds, with the first step it was seen at."""
    app = make_app(game, seats=seats, options=options, seed=seed, save=False, computer_delay=0)
    found: dict[str, int] = {}

    def look(step: int) -> None:
        for problem in cut_text(app.screen, [seat.name for seat in seats]):
            found.setdefault(problem, step)

    async with app.run_test(size=SIZE) as pilot:
        for step in range(steps):
            await settle(pilot)
            look(step)
            screen = app.screen
            if isinstance(screen, (PassScreen, SummaryScreen)):
                if app.match.is_over:
                    break
                await pilot.press("enter")
                continue
            if isinstance(screen, PickScreen):  # too many cards: drop what the computer player would
                screen.dismiss(list(app.match.bot(0).choose(app.match.view(0)).ids))
                continue
            assert isinstance(screen, GameTable), type(screen)
            next_step = screen.referee.next()
            if next_step.stage == "window" and 0 in next_step.challengers:
                await pilot.press("enter")  # no challenge
            elif next_step.stage == "person" and 0 in next_step.seats:
                move = app.match.bot(0).choose(app.match.view(0))
                await show_typing(pilot, screen, move, lambda: look(step))
                screen.send(move)
    return found


def computers(*levels: str) -> list[Seat]:
    names = ["Ivy", "Hal", "Rex", "Bob", "Cat", "Dan", "Eve"]
    return [Seat(f"{name} ({level})", level) for name, level in zip(names, levels)]


LONG_NAME = "Maximilian Smith"
"""As long as a name may be (16 columns)."""

GAMES = {
    "fez": ("fez", [Seat(LONG_NAME), *computers("medium", "easy", "beginner")], {"rounds": 2}, 3, 20),
    "quiddler-8": ("quiddler", [Seat("Ann"), *computers("medium", "easy", "beginner", "hard", "easy", "medium",
                                                         "beginner")], {}, 2, 12),
    "gift-words-6": ("gift-words", [Seat(LONG_NAME), *computers("medium", "easy", "beginner", "hard", "easy")],
                     {"variant": "advanced"}, 3, 12),
    "word-whiz": ("word-whiz", [Seat(LONG_NAME), *computers("medium", "easy", "beginner")], {}, 3, 12),
    "scrabble-fluxx": ("scrabble-fluxx", [Seat("Ann"), *computers("medium", "easy", "beginner")], {}, 1, 24),
}


@pytest.mark.parametrize("name", GAMES)
async def test_no_text_is_cut_at_80_columns(name):
    found = await walk(*GAMES[name])
    assert not found, "\n".join(f"step {step}: {problem}" for problem, step in found.items())


@pytest.mark.parametrize("game", ["fez", "quiddler", "gift-words", "word-whiz", "scrabble-fluxx"])
async def test_the_setup_form_cuts_no_text_at_80_columns(game):
    """Every choice of a seat (each level described under the seats) and of every option in turn, and a third seat
    taken, with the options that apply shown."""
    app = make_app(game, save=False, computer_delay=0)
    found: dict[str, str] = {}
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for field in [f for f in app.screen.query(CycleField) if f.id in ("kind-0", "kind-2") or "opt-" in str(f.id)]:
            field.focus()
            for _ in field.choices:
                await pilot.press("right")
                await pilot.pause()
                for problem in cut_text(app.screen, []):
                    found.setdefault(problem, f"{field.id} = {field.value}")
        for box in list(app.screen.query(Tick)):
            box.value = True
            await pilot.pause()
            for problem in cut_text(app.screen, []):
                found.setdefault(problem, f"{box.id} ticked")
    assert not found, "\n".join(f"{where}: {problem}" for problem, where in found.items())
