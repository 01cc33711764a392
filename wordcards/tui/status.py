"""The status line over the table: the turn clock, the round, whose turn (or who decides a challenge) and a hint."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from wordcards.tui.table import GameTable


def status_line(table: GameTable, width: int) -> Text:
    """The line for ``width`` cells: the round gives way first, then the hint's end (the footer has the keys)."""
    text = status_text(table, with_round=True)
    if text.cell_len > width > 0:
        text = status_text(table, with_round=False)
    return text


def status_text(table: GameTable, with_round: bool) -> Text:
    view = table.view()
    names = table.names
    mover = names[view.current]
    text = Text(no_wrap=True, overflow="ellipsis")
    clock = table.referee.clock_left()
    countdown(text, clock if clock is not None else table.loop.wait_left())
    if with_round:
        text.append(f"{table.ui.round_text(view)} · ", "dim")
    hint = table.phase_hint()
    step = table.referee.next()
    deciders = step.challengers
    spec = table.match.spec
    racing = spec.race.racing(table.match.state) if spec.race else ()
    # Where everyone may challenge every word (Word Whiz's round end), the words are nobody's play in particular.
    target = "any word of the round" if spec.challenge_own_words else f"{mover}'s play"
    if step.stage in ("summary", "over"):  # whoever moved last, the table now waits on nobody's turn
        text.append("Game over" if step.stage == "over" else "Round over: the next deal waits for everyone to read "
                    "the scores", "bold")
        return text
    if deciders and (view.phase == "challenge" or step.stage == "window"):
        who = " or ".join(names[s] for s in deciders)  # they decide, not the player whose turn it is
        if table.seating.waits_on_others(deciders):
            text.append(f"waiting for {who}", "bold")
            text.append(f" to challenge {target} or let it stand")
            return text
        text.append(f"{who}: challenge {target}?", "bold")
        text.append(" c challenge · Enter: no, go on")
    elif racing and (len(racing) > 1 or view.current not in racing):
        alone = f"{names[racing[0]]} places" if table.viewer not in racing else "you place"
        text.append("Race: everyone places at once" if len(racing) > 1 else f"Race: {alone}", "bold")
        if table.viewer in racing and hint:
            text.append(f" · {hint}")
    elif table.viewer == view.current and hint:
        text.append(f"{mover}, your turn", "bold")
        text.append(f" · {hint}")
    else:
        text.append(f"{mover}'s turn", "bold")
    if table.match.strict:
        text.append("  [strict]", "dim")
    return text


def countdown(text: Text, left: float | None) -> None:
    """The turn clock's seconds left, first on the line (shown reversed for the last ten)."""
    if left is not None:
        shown = int(left + 0.99)
        text.append(f"⏳ {shown:2d}s", "bold reverse" if shown <= 10 else "bold")
        text.append(" · ", "dim")
