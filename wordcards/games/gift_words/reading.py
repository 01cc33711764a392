"""What a typed word can mean on the table: each play that spells it with the player's cards, and its score.

Typing ``pink`` with a black K in hand and PIN on the table reads as "extend
PIN into PINK"; typing ``wing`` reads as a new blue word. The table screen
shows the readings as you type and plays the one chosen (Tab for another).
No word list here: whether the word is in it is for challenges.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordcards.core.common import ScoreLine
from wordcards.games.gift_words.deck import BLACK
from wordcards.games.gift_words.moves import Centre, Change, Extend, Layout, MakeWord, Move, SilentE, card_of
from wordcards.games.gift_words.scoring import silent_e_line
from wordcards.games.gift_words.solver import Found, colour_groups, fit, play_lines
from wordcards.games.gift_words.state import GiftView


@dataclass(frozen=True)
class Reading:
    move: Move
    what: str
    """``extend PIN → PINK``, ``make WING (blue)``."""
    lines: tuple[ScoreLine, ...]
    layout: Layout = ()
    """The cards it puts on the table (none for a Silent E)."""

    @property
    def cards(self) -> set[str]:
        return {card_of(t) for t in self.layout}


def readings(view: GiftView, typed: str) -> list[Reading]:
    """Every play allowed now that spells ``typed``: extensions first (they come before a new word)."""
    text = typed.strip().upper()
    if len(text) < 2 or not text.isalpha():
        return []
    acted, younger = set(view.acted), view.options.younger
    out: list[Reading] = []
    if "extend" not in acted and (younger or "word" not in acted):
        out += _extensions(view, text)
    if younger and "change" not in acted:
        out += _changes(view, text)
    if younger and "silent" not in acted and view.silent_left:
        out += [Reading(SilentE(w.id), f"Silent E: {w.text} → {text}", (silent_e_line(view.seat, view.round, w.text),))
                for w in view.words if text == w.text + "E" and not w.text.endswith("E")]
    if "word" not in acted and "barred" not in acted:
        seen = set()
        for group in colour_groups(view.cards, view.hand, any_colour=younger):
            layout = fit(text, view.cards, group)
            colours = {view.cards[c].colour for c in group} - {BLACK}
            if layout and len(layout) >= 3 and layout not in seen:
                seen.add(layout)
                colour = "" if younger else f" ({next(iter(colours)) if len(colours) == 1 else 'black'})"
                found = Found(text, layout)
                out.append(Reading(MakeWord(layout), f"make {text}{colour}", tuple(play_lines(view, found)), layout))
    return out


def _extensions(view: GiftView, text: str) -> list[Reading]:
    out = []
    for word in view.words:
        if len(text) <= len(word.text):
            continue
        for group in colour_groups(view.cards, view.hand, word.colour, view.options.younger):
            layout = fit(text, view.cards, group, list(zip(word.cards, word.letters)))
            if layout and len(layout) > len(word.cards):
                lines = play_lines(view, Found(text, layout, word.id))
                out.append(Reading(Extend(word.id, layout), f"extend {word.text} → {text}", tuple(lines), layout))
                break
    return out


def _changes(view: GiftView, text: str) -> list[Reading]:
    out = []
    for word in view.words:
        differ = [i for i, (a, b) in enumerate(zip(word.text, text)) if a != b]
        if len(text) != len(word.text) or len(differ) != 1 or len(word.letters) != len(word.text):
            continue
        at = differ[0]
        card = next((c for c in view.hand if view.cards[c].letters == text[at]), None)
        if card is not None:
            layout = tuple(card if i == at else c for i, c in enumerate(word.cards))
            found = Found(text, layout, word.id)
            out.append(Reading(Change(word.id, layout), f"change {word.text} → {text}", tuple(play_lines(view, found)),
                               layout))
    return out


def centre_reading(view: GiftView, typed: str) -> Centre | None:
    """Two-player rules: two typed words spelt, without sharing a card, from the turned-up cards."""
    words = typed.upper().split()
    if len(words) != 2:
        return None
    layouts = []
    left = list(view.centre)
    for text in words:
        layout = next((lay for group in colour_groups(view.cards, left)
                       if (lay := fit(text, view.cards, group)) and len(lay) >= 3), None)
        if layout is None:
            return None
        layouts.append(layout)
        left = [c for c in left if c not in {card_of(t) for t in layout}]
    return Centre(tuple(layouts))
