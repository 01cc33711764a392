"""Every registered game keeps the contract of ``core.game`` (docs/adding-a-game.md), the toy Word Chain too.

From seeded computer games (a hard and an easy player), for every game:
``apply`` never changes the state it is given; replaying the history from the
seed gives the same state; every move's notation reads back to itself; no view
shows what its seat may not see; the game ends; and the events' points add up
to the score sheet.
"""

from __future__ import annotations

import copy

import pytest

from tests.playouts import others_and_stock, views_leak_nothing
from tests.scenes import SIZE, settle
from tests.tui_helpers import wait_for
from wordcards.core import sim
from wordcards.core.game import Game
from wordcards.core.common import Seat, leaders, sheet_totals
from wordcards.core.registry import find_game, names
from wordcards.tui.adapter import TableUI
from wordcards.tui.app import make_app
from wordcards.tui.table import GameTable

SEEDS = (1, 2)


def fingerprint(state) -> tuple:
    """A deep copy of everything in the state, the generator's position included (two Randoms never compare equal)."""
    return copy.deepcopy({k: v for k, v in vars(state).items() if k != "rng"}), state.rng.getstate()


def played(game: str, seed: int) -> tuple[Game, list, object]:
    """The states of one seeded computer game, in order, and its last match."""
    spec = find_game(game)
    states: list = []
    result: dict = {}

    def keep(match) -> None:
        states.append(match.state)
        result["match"] = match

    sim.play_one(game, spec.players[0], seed, ["hard", "easy"], check=keep)  # ends, and events add up to the sheet
    return spec, states, result["match"]


def test_the_toy_game_is_registered_like_any_other():
    assert "word-chain" in names() and set(names()) >= {"fez", "quiddler", "gift-words", "word-whiz", "scrabble-fluxx"}
    assert find_game("Word-Chain").title == "Word Chain"


@pytest.mark.parametrize("game", names())
@pytest.mark.parametrize("seed", SEEDS)
def test_apply_leaves_its_input_alone_and_the_history_replays(game, seed):
    spec, states, match = played(game, seed)
    rules = spec.rules
    first = rules.new_game(match.seats, match.options, match.seed)
    replayed = first
    for state in [first, *states[:-1]]:
        before = fingerprint(state)
        move = match.state.history[len(state.history)]
        rules.apply(state, move)
        assert fingerprint(state) == before, f"apply changed its input: {move}"
    for move in match.state.history:
        replayed, _ = rules.apply(replayed, move)
    assert fingerprint(replayed) == fingerprint(match.state)


@pytest.mark.parametrize("game", names())
def test_every_move_reads_back_as_written(game):
    spec, _, match = played(game, SEEDS[0])
    assert match.state.history, "the game played no move"
    for text in match.state.history:
        assert str(spec.rules.parse_move(text)) == text


@pytest.mark.parametrize("game", names())
def test_views_leak_nothing_and_the_sheet_adds_up(game):
    spec, states, match = played(game, SEEDS[1])
    for state in states[:: max(1, len(states) // 25)]:
        if state.phase not in ("round-over", "game-over"):
            views_leak_nothing(spec.rules, state, others_and_stock)
        assert spec.rules.totals(state) == [sum(line.points for line in spec.rules.score_sheet(state) if line.seat == seat)
                                            for seat in range(state.players)]
    assert spec.rules.is_over(match.state) and spec.rules.to_move(match.state) is None


@pytest.mark.parametrize("game", names())
def test_the_ui_adapter_reads_every_view_of_a_game(game):
    """The adapter is a pure reading of one seat's view: it draws every view of a played game, each card as its
    letters, piles no bigger than the game's cards, the score board's notes the same from every seat (they are
    public), and its headline at the end names the winners (no Textual app runs)."""
    spec, states, match = played(game, SEEDS[0])
    ui = spec.table_ui()
    assert isinstance(ui, TableUI) and issubclass(ui.screen, GameTable)
    assert all(row.startswith("| ") and row.count(" | ") >= 1 for row in ui.keys.splitlines())
    for state in states[:: max(1, len(states) // 15)]:
        notes = set()
        for seat in range(state.players):
            view = spec.rules.player_view(state, seat)
            assert ui.round_text(view)
            assert all(pile.name and 0 <= pile.count <= len(view.cards) for pile in ui.piles(view, True))
            assert [ui.face(view, card).label.upper() for card in view.hand] == \
                [view.cards[card].label.upper() for card in view.hand]
            notes.add(tuple(ui.seat_note(view, other) for other in range(state.players)))
        assert len(notes) == 1, f"a seat's note differs by who looks: {notes}"
    final = match.view(0)
    totals = sheet_totals(list(final.sheet), len(match.seats))
    winners = " and ".join(match.seats[i].name for i in leaders(totals))
    assert final.phase == "game-over" and winners in ui.headline(final, winners, max(totals), "")


def test_sim_plays_the_toy_game():
    from click.testing import CliRunner

    from wordcards.cli import cli

    result = CliRunner().invoke(cli, ["sim", "word-chain", "--games", "3", "--level", "hard,easy"])
    assert result.exit_code == 0, result.output
    assert "Word Chain: 3 games" in result.output and "failures 0" in result.output
    assert "word-chain" in CliRunner().invoke(cli, ["games"]).output


async def test_a_person_plays_the_toy_game_on_the_shared_table():
    app = make_app("word-chain", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=3, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        referee = app.screen.referee
        assert referee.may_act(0)
        view = referee.match.view(0)
        word = referee.match.bot(0).choose(view)  # what the hard player would say, typed by hand
        typed = "".join(view.cards[card].letters for card in word.cards) if hasattr(word, "cards") else ""
        if typed:
            await pilot.press(*typed.lower(), "enter")
        else:
            await pilot.press("f5")
        await wait_for(pilot, lambda: referee.match.state.current == 1 or referee.match.is_over)
        await settle(pilot)  # Hal has moved: Ann may challenge Hal's word, or it is her turn again
        log = [event.text for event in referee.match.log if event.text]
        assert log[0] == (f"Ann said {typed}" if typed else "Ann passed and drew a card")
        assert referee.next().stage in ("window", "person", "over") and log[1].startswith("Hal ")


def test_a_seeded_game_replays_whatever_the_string_hash_seed():
    """Set order follows Python's per-process string hashing: a bot that let it break ties gave another game."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    script = ("from wordcards.core import sim\nfrom wordcards.core.registry import find_game, names\n"
              "for game in names():\n"
              "    for seed in (1, 2):\n"
              "        print(game, sim.play_one(game, min(4, find_game(game).players[1]), seed, ['hard', 'easy']).scores)\n")
    path = os.pathsep.join([str(root), str(root / "tests" / "plugins")])
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=root,
                           env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": path}).stdout
            for seed in ("1", "2")]
    assert runs[0] == runs[1] and "word-chain" in runs[0]
