"""Seeded app scenes, shared by the SVG snapshot tests and ``scripts/screenshots.py``; nothing here ships."""

from __future__ import annotations

import asyncio
import time

from wordcards.core import lexicon
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.common import Seat
from wordcards.tui.app import WordcardsApp, make_app

SIZE = (80, 24)


async def settle(pilot, limit: float = 60.0) -> None:
    """Wait until the app is settled: the word list loaded (or failed), no worker running, nothing left to do.

    A condition, not a sleep, so that a loaded machine only makes it slower. Three
    quiet checks in a row are asked for, because a worker that ends may start another.
    """
    app = pilot.app
    deadline = time.monotonic() + limit
    quiet = 0
    while quiet < 3 and time.monotonic() < deadline:
        await pilot.pause()
        loaded = app.lexicon_ready or app.lexicon_error is not None
        busy = any(w.is_running or w.state.name == "PENDING" for w in app.workers) or computers_thinking(app)
        quiet = quiet + 1 if loaded and not busy else 0
        if quiet < 3:
            await asyncio.sleep(0.02)
    await pilot.pause()


async def tab_to(pilot, field_id: str) -> None:
    """Tab through a form until the field ``field_id`` has the focus (at most 30 presses)."""
    for _ in range(30):
        if pilot.app.focused is not None and pilot.app.focused.id == field_id:
            return
        await pilot.press("tab")
        await settle(pilot)


def computers_thinking(app) -> bool:
    """A table's turn loop has a computer player deciding (``core.turns``: a thread, not a Textual worker)."""
    from wordcards.tui.table import GameTable

    return any(isinstance(screen, GameTable) and not screen.loop.idle() for screen in app.screen_stack)


def setup_app() -> WordcardsApp:
    return make_app("fez", save=False, computer_delay=0)


def table_app() -> WordcardsApp:
    """Ann against the hard computer player; the computer opens and Ann is asked about challenges."""
    return make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=7, save=False, computer_delay=0)


def game_over_app() -> WordcardsApp:
    lexicon.load("default")
    match = Match.new("fez", [Seat("Ann", "hard"), Seat("Hal", "hard"), Seat("Ivy", "easy")], seed=21, save=False)
    referee = Referee(match)
    while not match.is_over:
        referee.computer_step()
    return make_app("fez", match=match, save=False, computer_delay=0)


async def prepare_table(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")  # no challenge: the computer refills
    await settle(pilot)
    await pilot.press("d")
    await pilot.pause()


def quiddler_app() -> WordcardsApp:
    """Ann against the hard computer player, which goes out on its first turn with MOI."""
    return make_app("quiddler", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=3, save=False, computer_delay=0)


async def prepare_quiddler_table(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")  # no challenge to MOI
    await settle(pilot)
    await pilot.press("d", *"pod")  # Ann's last turn: POD, with QU left to discard
    await pilot.pause()


async def prepare_quiddler_summary(pilot) -> None:
    await prepare_quiddler_table(pilot)
    await pilot.press("enter")
    await settle(pilot)


def gift_words_app() -> WordcardsApp:
    """Ann against the hard computer player, which opens with GADID; Ann draws and types MIX."""
    return make_app("gift-words", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=5, save=False, computer_delay=0)


async def prepare_gift_words_table(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")  # no challenge to GADID
    await settle(pilot)
    await pilot.press("d", *"mix")
    await pilot.pause()


def gift_words_two_player_app() -> WordcardsApp:
    """The two-player rules: Hal turned up the centre words CEL and CUB, then extended CEL; Ann extends CUB."""
    return make_app("gift-words", seats=[Seat("Ann"), Seat("Hal", "hard")], options={"two_player": True}, seed=2,
                    save=False, computer_delay=0)


async def prepare_gift_words_two_player(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")  # no challenge to CELTS
    await settle(pilot)
    await pilot.press("enter")  # nor to DINKUM, made in the same turn
    await settle(pilot)
    await pilot.press("d", *"cubes")
    await pilot.pause()


def word_whiz_match(players: int, seed: int, until) -> Match:
    """Ann and hard computer players, every move (Ann's too) made by the computer until ``until(state)``."""
    seats = [Seat("Ann")] + [Seat(name, "hard") for name in ("Hal", "Ivy", "Rex")[:players - 1]]
    match = Match.new("word-whiz", seats, {}, seed=seed, save=False)
    while not until(match.state):
        match.play(match.bot(match.to_move).choose(match.view(match.to_move)))
    return match


def word_whiz_app() -> WordcardsApp:
    """Ann against the hard computer player, early in round 1; Ann types tiles down from the start word."""
    match = word_whiz_match(2, 4, lambda s: s.phase == "play" and s.current == 0 and len(s.grid) > 8)
    return make_app("word-whiz", match=match, save=False, computer_delay=0)


async def prepare_word_whiz_table(pilot) -> None:
    await settle(pilot)
    await pilot.press("tab", "right", "down", "down", "r", "e")  # under INTRON: typing on its O would be refused
    await pilot.pause()


def word_whiz_large_app() -> WordcardsApp:
    """Four players late in a round: a crossword larger than the screen, scrolled to its lower right."""
    match = word_whiz_match(4, 8, lambda s: s.phase == "play" and s.current == 0 and len(s.grid) > 70)
    return make_app("word-whiz", match=match, save=False, computer_delay=0)


async def prepare_word_whiz_large(pilot) -> None:
    await settle(pilot)
    await pilot.press(*["right"] * 14, *["down"] * 9)
    await pilot.pause()


def word_whiz_summary_app() -> WordcardsApp:
    """The end of round 1 between Ann and Hal: the word-by-word table."""
    match = word_whiz_match(2, 4, lambda s: s.phase == "challenge" and not s.placed)  # not a placement's window
    return make_app("word-whiz", match=match, save=False, computer_delay=0)


async def prepare_word_whiz_summary(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


def scrabble_fluxx_match(seed: int, until) -> Match:
    """Ann and Hal (hard), both moved by the hard computer player until ``until(state)``."""
    seats = [Seat("Ann"), Seat("Hal (hard)", "hard")]
    match = Match.new("scrabble-fluxx", seats, {}, seed=seed, save=False)
    while not until(match.state) and not match.is_over:
        match.play(match.bot(match.to_move).choose(match.view(match.to_move)))
    return match


def scrabble_fluxx_app() -> WordcardsApp:
    """Ann's Fluxx turn in round 6: five rules in force (the side panel's worst case), a Goal, Keepers on both
    sides, and a card picked to read."""
    from wordcards.games.scrabble_fluxx.render import rules_text
    from wordcards.games.scrabble_fluxx.rules import player_view

    def ready(s) -> bool:
        return (s.current == 0 and s.phase == "fluxx" and not s.owed and s.goal is not None
                and len(s.fluxx_hands[0]) >= 3 and len(rules_text(player_view(s, 0)).split(" · ")) >= 5)

    match = scrabble_fluxx_match(8, ready)
    return make_app("scrabble-fluxx", match=match, save=False, computer_delay=0)


async def prepare_scrabble_fluxx_cards(pilot) -> None:
    await settle(pilot)
    await pilot.press("2")
    await pilot.pause()


def scrabble_fluxx_board_app() -> WordcardsApp:
    """Ann's Scrabble turn later on: she types the hard player's choice of word onto the board."""
    match = scrabble_fluxx_match(5, lambda s: s.round >= 5 and s.current == 0 and s.phase == "place" and not s.owed
                                 and not s.placements)
    return make_app("scrabble-fluxx", match=match, save=False, computer_delay=0)


async def prepare_scrabble_fluxx_board(pilot) -> None:
    await settle(pilot)
    table = pilot.app.screen
    match = table.match
    move = match.bot(0).lay(match.view(0))
    table.grid.put(move.start, move.direction)
    await pilot.press(*[{"?": "asterisk"}.get(ch, ch) for ch in move.spelling])
    await pilot.pause()


def scrabble_fluxx_over_app() -> WordcardsApp:
    """The end: a Goal met, and every score line."""
    match = scrabble_fluxx_match(5, lambda s: False)
    return make_app("scrabble-fluxx", match=match, save=False, computer_delay=0)


SCENES = {
    "fez-setup": (setup_app, settle),
    "fez-table": (table_app, prepare_table),
    "fez-game-over": (game_over_app, settle),
    "quiddler-table": (quiddler_app, prepare_quiddler_table),
    "quiddler-summary": (quiddler_app, prepare_quiddler_summary),
    "gift-words-table": (gift_words_app, prepare_gift_words_table),
    "gift-words-two-player": (gift_words_two_player_app, prepare_gift_words_two_player),
    "word-whiz-table": (word_whiz_app, prepare_word_whiz_table),
    "word-whiz-large": (word_whiz_large_app, prepare_word_whiz_large),
    "word-whiz-summary": (word_whiz_summary_app, prepare_word_whiz_summary),
    "scrabble-fluxx-cards": (scrabble_fluxx_app, prepare_scrabble_fluxx_cards),
    "scrabble-fluxx-board": (scrabble_fluxx_board_app, prepare_scrabble_fluxx_board),
    "scrabble-fluxx-game-over": (scrabble_fluxx_over_app, settle),
}
