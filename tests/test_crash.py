"""The crash handler tells the truth: what of the game is saved, a non-zero exit code, and one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordcards import cli, crash
from wordcards.core.match import Match
from wordcards.core.common import Seat
from wordcards.tui.app import make_app


def test_what_the_crash_line_says_is_saved_is_true(tmp_path):
    app = make_app("fez", seats=None)
    assert app.saved_note() == "No game had begun, so nothing was lost."
    app.match = Match.new("fez", [Seat("Ann"), Seat("Hal", "hard")], seed=1, save=False)
    assert app.saved_note() == "This game was not being saved."
    app.match = Match.new("fez", [Seat("Ann"), Seat("Hal", "hard")], seed=1)
    assert app.saved_note() == "Every move up to the last one is saved: `wordcards resume` goes on."
    app.match.save_path = tmp_path / "no-such-folder" / "file" / "x.json"
    (tmp_path / "no-such-folder").write_text("a file where a folder should be")
    app.match.play("draw")
    assert app.saved_note().startswith("The last move could not be saved (could not save to ")
    assert app.saved_note().endswith("the save holds the game as it was dealt.")


def test_an_unforeseen_error_is_one_line_that_does_not_claim_a_save_and_exits_70(monkeypatch, capsys, wordcards_home):
    def broken(*args, **kwargs):
        raise KeyError("an injected bug")

    monkeypatch.setattr(cli, "check_setup", broken)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["sim", "fez", "--games", "1"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 70 and len(err.splitlines()) == 1
    assert err.startswith("wordcards: stopped on an internal error (KeyError). Details for a bug report: ")
    assert "saved" not in err and "wordcards stopped" not in err
    assert "an injected bug" in next((wordcards_home / "crashes").iterdir()).read_text()


def test_a_crash_inside_the_app_exits_non_zero(monkeypatch):
    class Crashed:
        return_code = 1
        match = None

        def run(self) -> None:
            pass

    monkeypatch.setattr(cli, "need_terminal", lambda: None)
    monkeypatch.setattr("wordcards.tui.app.make_app", lambda game, **kwargs: Crashed())
    with pytest.raises(SystemExit) as exit_:
        cli.run_app("fez")
    assert exit_.value.code == 70


async def test_the_app_stops_on_a_crash_with_return_code_1(monkeypatch):
    """Textual's own code for a crash: ``run_app`` turns it into exit code 70."""
    from wordcards.games.fez.screen import TableScreen

    def broken(self):
        raise KeyError("an injected bug")

    monkeypatch.setattr(TableScreen, "action_sheet", broken)
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=3, save=False, computer_delay=0)
    with pytest.raises(KeyError):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f2")
            await pilot.pause()
    assert app.return_code == 1


def test_the_crashes_folder_keeps_only_the_newest_few_dozen():
    newest = Path([crash.write(KeyError(n)) for n in range(150)][-1])
    assert len(list(newest.parent.iterdir())) == crash.KEEP
    assert "KeyError: 149" in newest.read_text()
