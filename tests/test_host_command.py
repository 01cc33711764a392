"""`wordcards host`'s command line, up to the moment it would listen: what it refuses, in one line, and what a
resumed game's table keeps."""

from __future__ import annotations

import os

import pytest

from tests.host_helpers import Quiet
from wordcards.cli import main
from wordcards.core import saves
from wordcards.core.match import Match
from wordcards.host.game import HostedGame


class Listening:
    """What ``wordcards host`` hands the server: the hosted game and its join code (nothing listens)."""

    def __init__(self, monkeypatch, seat: tuple[str, ...] = ()) -> None:
        self.seat = seat
        self.hosted: list[tuple[HostedGame, str]] = []
        monkeypatch.setattr("wordcards.host.run.host", self.host)

    async def host(self, game: HostedGame, code: str, bind, port, authorized_keys, web=None) -> None:
        self.hosted.append((game, code))
        for name in self.seat:  # people join, and the game is dealt (and saved)
            game.company.join(name, Quiet())
        if game.table.loop is not None:
            game.table.loop.stop()
        if game.table.match is not None:
            game.table.match.release()


def host(capsys, *args: str) -> tuple[int | None, str]:
    """Run `wordcards host ARGS`: its exit code (None: it went on to host) and what it wrote to stderr."""
    try:
        main(["host", *args])
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 1, capsys.readouterr().err
    return None, capsys.readouterr().err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordcards: ") and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("option", ["--wait", "--takeover"])
@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-nan"])
def test_seconds_that_are_not_a_number_are_refused(option, value, monkeypatch, capsys):
    """`--wait nan` passed the range check (nan compares false with everything), and every challenge window then
    closed at once."""
    listening = Listening(monkeypatch)
    code, err = host(capsys, "fez", option, value)
    assert code == 2 and option in one_line(err) and not listening.hosted


@pytest.mark.parametrize("make, message", [
    (lambda p: os.mkfifo(p), "not a regular file"),
    (lambda p: p.symlink_to("/dev/zero"), "not a regular file"),
    (lambda p: p.write_text("this is not a key\n"), "not an authorized_keys file"),
    (lambda p: p.write_bytes(b"ssh-ed25519 \xff\xfe\n"), "not text"),
])
def test_an_authorized_keys_file_that_is_not_one_is_refused_by_name(make, message, monkeypatch, capsys, tmp_path):
    """A FIFO hung the host, and /dev/zero filled its memory, neither stopping on Ctrl+C; a garbage file's error
    did not say which file."""
    listening = Listening(monkeypatch)
    keys = tmp_path / "keys"
    make(keys)
    code, err = host(capsys, "fez", "--authorized-keys", str(keys))
    line = one_line(err)
    assert code == 2 and message in line and str(keys) in line and not listening.hosted


def test_a_resumed_game_refuses_options_that_would_change_it(monkeypatch, capsys):
    listening = Listening(monkeypatch, seat=("ann", "bob"))
    assert host(capsys, "fez", "--seed", "4")[0] is None
    save = str(listening.hosted[0][0].table.match.save_path)
    for given, named in ((["--rounds", "3", "--seats", "5"], "--seats, --rounds"), (["--strict"], "--strict"),
                         (["--computer", "easy"], "--computer"), (["quiddler"], "quiddler")):
        code, err = host(capsys, "--resume", save, *given)
        assert code == 2 and f"a resumed game keeps its own options: leave out {named}" in one_line(err)
    assert len(listening.hosted) == 1
    assert host(capsys, "--resume", save, "--dictionary", "common")[0] is None, "another word list may stand in"
    assert listening.hosted[1][0].table.match.dictionary == "common"


def test_a_resumed_table_keeps_its_waits_and_its_join_code_unless_given_anew(monkeypatch, capsys):
    listening = Listening(monkeypatch, seat=("ann", "bob"))
    assert host(capsys, "fez", "--wait", "30", "--takeover", "60", "--code", "sesame-42", "--seed", "4")[0] is None
    save = listening.hosted[0][0].table.match.save_path
    assert saves.read(save)["table"] == {"wait": 30.0, "takeover": 60.0, "code": "sesame-42"}
    assert host(capsys, "--resume", str(save))[0] is None
    again, code = listening.hosted[1]
    assert (again.table.wait, again.table.takeover, code) == (30.0, 60.0, "sesame-42")
    assert host(capsys, "--resume", str(save), "--wait", "45", "--code", "another-one")[0] is None
    again, code = listening.hosted[2]
    assert (again.table.wait, again.table.takeover, code) == (45.0, 60.0, "another-one")
    assert Match.load(save).table == {"wait": 45.0, "takeover": 60.0, "code": "another-one"}, "the new ones are kept"


def test_a_table_setting_a_save_spoils_is_left_at_its_default(monkeypatch, capsys):
    import json

    listening = Listening(monkeypatch, seat=("ann", "bob"))
    assert host(capsys, "fez", "--wait", "30", "--code", "sesame-42", "--seed", "4")[0] is None
    save = listening.hosted[0][0].table.match.save_path
    data = json.loads(save.read_text())
    save.write_text(json.dumps({**data, "table": {"wait": "nan", "takeover": [1], "code": 5}}))
    assert host(capsys, "--resume", str(save))[0] is None
    again, code = listening.hosted[1]
    assert again.table.wait is None and again.table.takeover is None and code != "sesame-42" and len(code) >= 6
