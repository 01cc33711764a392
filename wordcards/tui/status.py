"""The status line over the table: the turn clock, the round, whose turn (or who decides a challenge) and a hint."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from wordcards.tui.table import GameTable


def status_line(table: GameTable, width: int) -> Text:
    """The line for ``width`` cells, in whole words: the round gives way first, then the hint a piece at a time from
    its end (the footer has the keys), then the strict mark."""
    view = table.view()
    main, lead, hint = status_parts(table)
    pieces = hint.split(" · ") if hint else []
    clock = table.referee.clock_left()
    left = clock if clock is not None else table.loop.wait_left()
    tries = [(True, len(pieces), True), *((False, n, True) for n in range(len(pieces), -1, -1)), (False, 0, False)]
    for with_round, shown, strict in tries:
        text = Text(no_wrap=True, overflow="ellipsis")  # the ellipsis only if even the shortest line is too long
        countdown(text, left)
        if with_round:
            text.append(f"{table.ui.round_text(view)} · ", "dim")
        text.append(main, "bold")
        if shown:
            text.append(lead + " · ".join(pieces[:shown]))
        if strict and table.match.strict:
            text.append("  [strict]", "dim")
        if text.cell_len <= width or width <= 0:
            break
    return text


def status_parts(table: GameTable) -> tuple[str, str, str]:
    """What the table waits for (shown bold), what comes between it and the hint, and the hint."""
    view = table.view()
    names = table.names
    mover = names[view.current]
    hint = table.phase_hint() or ""
    step = table.referee.next()
    deciders = step.challengers
    spec = table.match.spec
    racing = spec.race.racing(table.match.state) if spec.race else ()
    # Where everyone may challenge every word (Word Whiz's round end), the words are nobody's play in particular.
    target = "any word of the round" if spec.challenge_own_words(table.match.state) else f"{mover}'s play"
    if step.stage in ("summary", "over"):  # whoever moved last, the table now waits on nobody's turn
        return ("Game over" if step.stage == "over" else "Round over: the next deal waits for everyone to read the "
                "scores"), "", ""
    if deciders and (view.phase == "challenge" or step.stage == "window"):
        who = " or ".join(names[s] for s in deciders)  # they decide, not the player whose turn it is
        if table.seating.waits_on_others(deciders):
            return f"waiting for {who}", " ", f"to challenge {target} or let it stand"
        return f"{who}: challenge {target}?", " ", "c challenge · Enter: no, go on"
    if racing and (len(racing) > 1 or view.current not in racing):
        alone = f"{names[racing[0]]} places" if table.viewer not in racing else "you place"
        said = "Race: everyone places at once" if len(racing) > 1 else f"Race: {alone}"
        return said, " · ", hint if table.viewer in racing else ""
    if table.viewer == view.current and hint:
        return f"{mover}, your turn", " · ", hint
    referee = table.referee
    if view.current in referee.absent and view.current not in referee.stand_ins:  # a hosted player's link dropped
        return f"{mover}'s turn", " · ", f"{mover} is away: the game waits for them to come back"
    return f"{mover}'s turn", "", ""


def countdown(text: Text, left: float | None) -> None:
    """The turn clock's seconds left, first on the line (shown reversed for the last ten)."""
    if left is not None:
        shown = int(left + 0.99)
        text.append(f"⏳ {shown:2d}s", "bold reverse" if shown <= 10 else "bold")
        text.append(" · ", "dim")
