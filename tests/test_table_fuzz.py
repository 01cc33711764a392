"""A long storm of keys, mouse clicks and terminal resizes on every game's table, the command palette's key and the
F-keys among them: no sequence of them may stop a game, and the game's cards must still add up afterwards.

Each game gets 500 actions (5,000 with WORDCARDS_FULL_PLAYOUTS=1).
"""

from __future__ import annotations

import random

import pytest
from textual import events
from textual.keys import key_to_character

from tests.playouts import count
from tests.scenes import settle
from wordcards.core.common import Seat
from wordcards.core.registry import names
from wordcards.tui.app import make_app

ACTIONS = count(full=5000, quick=500)

KEYS = [*"abcdefghijklmnopqrstuvwxyz0123456789", "enter", "escape", "tab", "shift+tab", "space", "backspace",
        "left", "right", "up", "down", "home", "end", "pageup", "pagedown", "delete", "question_mark",
        "equals_sign", "asterisk", "slash", "full_stop", "comma", "minus",
        *(f"f{n}" for n in range(1, 13)), "ctrl+p", "ctrl+c", "ctrl+s", "ctrl+z"]
SIZES = [(80, 24), (100, 30), (120, 40), (79, 24), (80, 23), (60, 20), (40, 12), (132, 50), (81, 25)]


async def storm(game: str, seed: int, actions: int) -> int:
    """``actions`` random keys, clicks and resizes on a hot-seat table (two people and a computer player); the
    number of games played through. A crash fails at once, naming the action that caused it."""
    rng = random.Random(f"{game}-{seed}")
    seats = [Seat("Ann"), Seat("Ben"), Seat("Hal", "hard")]
    done, games = 0, 0
    while done < actions:
        app = make_app(game, seats=seats, seed=seed + games, save=False, computer_delay=0)
        games += 1
        trail: list[str] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            while done < actions and app.is_running:
                roll = rng.random()
                if roll < 0.04:
                    size = rng.choice(SIZES)
                    trail.append(f"resize {size}")
                    await pilot.resize_terminal(*size)
                elif roll < 0.12:
                    width, height = app.size
                    offset = (rng.randrange(max(1, width)), rng.randrange(max(1, height)))
                    trail.append(f"click {offset}")
                    await pilot.click(offset=offset)
                elif roll < 0.4:  # keys bunched together, as a paste or a slow SSH link delivers them
                    burst = [rng.choice(KEYS) for _ in range(rng.randint(2, 8))]
                    trail.append("+".join(burst))
                    for key in burst:
                        app.post_message(events.Key(key, key_to_character(key)))
                    await pilot.pause()
                    done += len(burst) - 1
                else:
                    key = rng.choice(KEYS)
                    trail.append(key)
                    await pilot.press(key)
                done += 1
                if len(trail) % 50 == 0:
                    await settle(pilot)
                assert app.return_code in (None, 0), f"{game} stopped after: {' '.join(trail[-30:])}"
            if app.is_running:
                await settle(pilot)
                app.match.rules.check_invariants(app.match.state)
        assert app.return_code in (None, 0), f"{game} stopped after: {' '.join(trail[-30:])}"
    return games


@pytest.mark.parametrize("game", names())
async def test_a_long_storm_of_keys_clicks_and_resizes_stops_no_game(game):
    assert await storm(game, 11, ACTIONS) >= 1
