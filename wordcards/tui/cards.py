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


def and_list(items: list[str], last: str = "and") -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def lacking(word: str, letters: Iterable[str], wilds: int = 0) -> str:
    """The letters a hand is short of for ``word``, in the word's order, from all its cards' letters and its cards that
    stand for any: ``no S``, ``no S or E and only one T``, ``only one A and two Ms``; "" when they are all there (its
    cards may still not spell it: their pairs, their order). Short, as it ends a preview line of 80 columns."""
    have = Counter("".join(letters).upper())
    short = Counter(letter for letter in word.upper() if letter.isalpha()) - have
    if sum(short.values()) <= wilds:
        return ""
    order = [letter for letter in dict.fromkeys(word.upper()) if short[letter]]
    numbers = {1: "one", 2: "two", 3: "three"}
    missing = [letter for letter in order if not have[letter]]
    fewer = [f"{numbers.get(have[letter], str(have[letter]))} {letter}{'s' if have[letter] > 1 else ''}"
             for letter in order if have[letter]]
    parts = ([f"no {and_list(missing, 'or')}"] if missing else []) + ([f"only {and_list(fewer)}"] if fewer else [])
    return " and ".join(parts)
