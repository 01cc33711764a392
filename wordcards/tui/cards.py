"""How a card looks: its letters, its colour, and a mark so colour is never the only signal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rich.text import Text

COLOUR_STYLE = {"red": "bold red", "black": "bold", "green": "bold green", "blue": "bold blue", "yellow": "bold yellow"}
COLOUR_MARK = {"red": "♦", "black": "♠", "green": "♣", "blue": "●", "yellow": "▲"}


def card_text(label: str, colour: str, *, key: str | None = None, selected: bool = False,
              dim: bool = False, value: int | None = None) -> Text:
    """``[TH♦]`` in the card's colour; ``1[TH♦]`` with the key that picks it.

    A card with a point value shows it after the letters, dimmed: ``[QU9]``.
    """
    style = COLOUR_STYLE.get(colour, "bold")
    if selected:
        style += " reverse"
    if dim:
        style += " dim"
    text = Text()
    if key is not None:
        text.append(key, "bold yellow" if selected else "dim")
    if value is None:
        text.append(f"[{label}{COLOUR_MARK.get(colour, '')}]", style)
        return text
    text.append(f"[{label}{COLOUR_MARK.get(colour, '')}", style)
    text.append(str(value), style.replace("bold", "dim") if "bold" in style else style + " dim")
    text.append("]", style)
    return text


def lacking(word: str, letters: Iterable[str], wilds: int = 0) -> str:
    """The letters a hand is short of for ``word``, in the word's order, from all its cards' letters and its cards that
    stand for any: ``no S``, ``no S or E and only one T``; "" when they are all there (its cards may still not spell
    it: their pairs, their order). Short, as it ends a preview line of 80 columns."""
    have = Counter("".join(letters).upper())
    short = Counter(letter for letter in word.upper() if letter.isalpha()) - have
    if sum(short.values()) <= wilds:
        return ""
    order = [letter for letter in dict.fromkeys(word.upper()) if short[letter]]
    missing = [letter for letter in order if not have[letter]]
    numbers = {1: "one", 2: "two", 3: "three"}
    parts = [f"no {', '.join(missing[:-1])} or {missing[-1]}" if len(missing) > 1 else f"no {missing[0]}"] \
        if missing else []
    parts += [f"only {numbers.get(have[letter], str(have[letter]))} {letter}{'s' if have[letter] > 1 else ''}"
              for letter in order if have[letter]]
    return " and ".join(parts)
