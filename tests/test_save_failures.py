"""When saving fails mid-game (a full disk): the game goes on, every screen says what the save lacks until a save
works again, and the last words as the game closes say only what is true."""

from __future__ import annotations

import errno
import gc
import os

from tests.host_helpers import hosting
from tests.scenes import SIZE, settle
from wordcards import cli
from wordcards.core import saves
from wordcards.core.common import Seat
from wordcards.core.match import Match
from wordcards.host.run import how_to_go_on, saved_words
from wordcards.tui.app import make_app

FULL = os.strerror(errno.ENOSPC)


def full_disk(path, data) -> None:
    raise OSError(errno.ENOSPC, FULL)


def notice(app) -> str:
    """The line under the status line while saves fail ("" while it is hidden)."""
    shown = app.screen.query_one("#unsaved")
    return str(shown.content) if shown.display else ""


async def test_the_notice_stays_on_screen_until_a_save_works(monkeypatch):
    app = make_app("fez", seats=[Seat("Hal", "hard"), Seat("Ann")], seed=12, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.match.history == () and app.match.to_move == 1 and notice(app) == ""
        monkeypatch.setattr(saves, "write", full_disk)
        await pilot.press("d")
        await pilot.pause()
        assert notice(app).startswith(f"! The last move could not be saved (could not save to {app.match.save_path}")
        assert notice(app).endswith(f"{FULL}); the save holds the game as it was dealt.")
        await pilot.press("enter", "1")  # Ann discards; then Hal plays his turn
        await settle(pilot)
        lost = len(app.match.history)
        assert lost >= 3 and f"The last {lost} moves could not be saved" in notice(app), "it stays, and counts"
        assert app.match.view(1).phase == "challenge"  # Hal played a word
        monkeypatch.undo()
        await pilot.press("enter")  # Ann lets it stand: a move, and its save works
        await settle(pilot)
        assert notice(app) == "" and len(saves.read(app.match.save_path)["moves"]) == len(app.match.history) > lost


def quit_from(match: Match, monkeypatch, capsys) -> str:
    """What `play` prints as the app closes on ``match`` (the app itself is not run)."""
    from types import SimpleNamespace

    import wordcards.tui.app

    app = SimpleNamespace(run=lambda: None, return_code=0, match=match)
    monkeypatch.setattr(cli, "need_terminal", lambda: None)
    monkeypatch.setattr(cli.gc, "disable", lambda: None)  # the real app turns it back on after its first frame
    monkeypatch.setattr(wordcards.tui.app, "make_app", lambda game, **kwargs: app)
    cli.run_app("fez")
    return capsys.readouterr().out


def two_moves_unsaved(monkeypatch) -> Match:
    match = Match.new("fez", [Seat("Ann"), Seat("Hal", "hard")], seed=4)
    match.play("draw")
    monkeypatch.setattr(saves, "write", full_disk)
    for _ in range(2):
        match.play(match.bot(match.to_move).choose(match.view(match.to_move)))
    return match


def test_quitting_says_which_moves_the_save_lacks_not_that_every_move_is_saved(monkeypatch, capsys):
    """Ctrl+Q said "FEZ is saved after every move" when two moves had been lost."""
    match = two_moves_unsaved(monkeypatch)
    out = quit_from(match, monkeypatch, capsys)
    assert "is saved after every move" not in out
    assert f"FEZ: The last 2 moves could not be saved (could not save to {match.save_path}: {FULL}); the save " \
           f"holds the game up to move 1.\n  To go on from there: wordcards resume {match.save_path}" in out
    assert not saves.lock_path(match.save_path).exists(), "the game closed: its lock file went with it"
    gc.enable()


def test_quitting_tries_the_save_once_more_and_says_so_when_it_works(monkeypatch, capsys):
    match = two_moves_unsaved(monkeypatch)
    monkeypatch.undo()
    out = quit_from(match, monkeypatch, capsys)
    assert "FEZ is saved after every move" in out and "could not" not in out
    assert Match.load(match.save_path).history == match.history
    gc.enable()


async def test_a_hosted_game_shows_every_player_what_the_save_lacks_and_so_do_the_hosts_last_lines(monkeypatch):
    lines: list[str] = []
    async with hosting("fez", seed=4, lines=lines) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        await ann.see("ann's hand")
        match = host.game.table.match
        monkeypatch.setattr(saves, "write", full_disk)
        mover = (ann, bob)[match.to_move]
        await mover.press("d")
        for player in (ann, bob):
            await player.see("The last move could not be saved")
        assert any(line.startswith("The last move could not be saved") for line in lines), "the host hears it too"
        said = saved_words(match)
        assert "every move is saved" not in said and said.startswith(". The last move could not be saved")
        last = how_to_go_on(match, "--port 2222")
        assert last[0].startswith("stopped. The last move could not be saved")
        assert last[1] == f"stopped; resume with: wordcards host --resume {match.save_path} --port 2222"
        monkeypatch.undo()
        match.save()
        assert saved_words(match) == "; every move is saved, and it can go on later"
        assert how_to_go_on(match, "--port 2222") == [last[1]]
