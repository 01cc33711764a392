"""How Scrabble Fluxx's cards and board read: card labels, the rules in force, the Goal, premium squares, F7's page."""

from __future__ import annotations

from rich.text import Text

from wordcards.core.grid import Cell
from wordcards.games.scrabble_fluxx.deck import CENTRE, SIZE, basic_text, fluxx, premiums
from wordcards.games.scrabble_fluxx.state import FluxxView
from wordcards.tui.screens import literal

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


def keeper_name(card_id: str) -> str:
    """A Keeper as the side panel names it: its name without "The" (Spelling Bee), never a cryptic short form."""
    return fluxx()[card_id].name.removeprefix("The ")


def goal_text(view: FluxxView) -> str:
    if view.goal is None:
        return "no Goal yet"
    goal = fluxx()[view.goal]
    if goal.need == "keepers":
        return f"{goal.name}: {' + '.join(keeper_name(k) for k in goal.keepers)}"
    return f"{goal.name}: {goal.text.removeprefix('Met ').removeprefix('when ').removesuffix('.')}"


def rules_line(view: FluxxView) -> Text:
    """The Goal, then the rules in force: the top of the side panel, read before the scores (F7: every card whole)."""
    text = Text("Goal ", "bold")
    text.append(goal_text(view), "magenta")
    text.append("\nRules ", "bold")
    text.append(rules_text(view), "yellow")
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
