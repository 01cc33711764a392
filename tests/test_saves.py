import json
import os
import subprocess
import sys
import textwrap

import pytest

from wordcards.core import saves
from wordcards.core.errors import SaveError
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.common import Seat


def computer_game(moves: int, game: str = "fez", options: dict | None = None) -> Match:
    match = Match.new(game, [Seat("Ann"), Seat("Hal", "hard")], {"rounds": 2} if options is None else options, seed=11)
    for _ in range(moves):
        seat = match.to_move
        match.play(match.bot(seat).choose(match.view(seat)))
    return match


def test_every_move_is_saved_and_resume_replays_to_the_same_state():
    match = computer_game(12)
    data = json.loads(match.save_path.read_text())
    assert data["format"] == "wordcards-save" and data["version"] == saves.VERSION
    assert data["moves"] == match.state.history and len(data["moves"]) == 12
    again = Match.load(match.save_path)
    assert again.state.hands == match.state.hands and again.state.stock == match.state.stock
    assert again.state.history == match.state.history
    assert saves.latest() == match.save_path
    assert [e.text for e in again.log] == [e.text for e in match.log]  # the game log comes back too


def test_a_quiddler_game_resumes_mid_round():
    match = computer_game(9, "quiddler", {"two_player_bonus": "words"})
    again = Match.load(match.save_path)
    assert again.state.hands == match.state.hands and again.state.lines == match.state.lines
    assert again.state.options.two_player_bonus == "words" and again.spec.name == "quiddler"


def test_a_killed_game_loses_nothing(tmp_path):
    """Saving is atomic: the file on disk always holds the game up to the last move."""
    match = computer_game(7)
    on_disk = Match.load(match.save_path)
    assert on_disk.state.history == match.state.history
    assert not list(match.save_path.parent.glob(".*"))  # no temp files left behind


def test_temp_files_of_a_killed_write_go_when_the_save_is_claimed_and_writes_do_not_look(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    saves.write(path, {"moves": []})
    orphan = tmp_path / (saves.temp_prefix(path) + "killed")
    orphan.write_text("{")  # by a copy of wordcards killed as it wrote this save
    claim = saves.hold(path)
    try:
        assert not orphan.exists() and saves.lock_path(path).exists()
        looked: list[str] = []
        monkeypatch.setattr(type(path), "glob", lambda self, pattern: looked.append(pattern) or iter(()))
        saves.write(path, {"moves": ["draw"]})
        assert looked == [], "a write listed the whole saves folder"
        assert json.loads(path.read_text())["moves"] == ["draw"]
    finally:
        if claim is not None:
            claim.close()


@pytest.mark.parametrize("content,message", [
    ("{not json", "corrupt"),
    ('{"format": "something-else"}', "not a wordcards save"),
    ('{"format": "wordcards-save", "version": 99, "game": "fez"}', "newer"),
    ('{"format": "wordcards-save", "version": 1, "game": "fez", "seed": 1, "seats": [], "options": {}}', "corrupt"),
])
def test_bad_save_files_get_a_clear_message_and_are_left_alone(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError, match=message):
        Match.load(path)
    assert path.read_text() == content


def test_a_save_whose_moves_do_not_replay_is_refused(tmp_path):
    match = computer_game(3)
    data = json.loads(match.save_path.read_text())
    data["moves"].append("discard 9z99")
    match.save_path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not replay"):
        Match.load(match.save_path)


def test_finished_games_are_not_offered_for_resume():
    match = Match.new("fez", [Seat("A", "hard"), Seat("B", "hard")], seed=3)
    referee = Referee(match)
    while not match.is_over:
        referee.computer_step()
    assert json.loads(match.save_path.read_text())["finished"] is True
    assert saves.latest() is None


def test_a_game_open_in_one_copy_is_refused_by_another_and_passed_over_by_a_bare_resume():
    """Two copies on one save overwrote each other's moves: the second now says which process has it, since when."""
    older = computer_game(2)
    match = computer_game(3)
    match.claim()
    with pytest.raises(SaveError, match=rf"open in another copy of wordcards \(process {os.getpid()}, since "):
        Match.load(match.save_path).claim()
    skipped: list[str] = []
    assert saves.latest(skipped) == older.save_path and "open in another copy" in skipped[0]
    assert saves.latest(skip_open=False) == match.save_path  # `wordcards hint` only reads it
    older.claim()
    result = subprocess.run([sys.executable, "-m", "wordcards", "resume"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "that is not open elsewhere" in result.stderr.splitlines()[-1]
    assert f"(process {os.getpid()}, since " in result.stderr
    older.release()
    match.release()
    Match.load(match.save_path).claim()


def test_a_copy_that_was_killed_holds_its_game_no_longer():
    """The lock is the operating system's: it goes with the process, however that ends (kill -9 here)."""
    match = computer_game(2)
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        from wordcards.core import saves
        held = saves.hold(Path({str(match.save_path)!r}))
        print("held", flush=True)
        time.sleep(60)
        """)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        assert f"process {holder.pid}" in (saves.holder(match.save_path) or "")
    finally:
        holder.kill()
        holder.wait()
    assert saves.holder(match.save_path) is None
    Match.load(match.save_path).claim()


def test_a_save_reached_through_a_link_is_written_through_it(tmp_path):
    match = computer_game(2)
    link = tmp_path / "link.json"
    link.symlink_to(match.save_path)
    again = Match.load(link)
    again.play(again.bot(again.to_move).choose(again.view(again.to_move)))
    assert link.is_symlink() and len(Match.load(match.save_path).history) == 3


@pytest.mark.parametrize("target", ["/dev/null", "a file of the player's"])
def test_a_lock_file_that_is_a_link_is_replaced_and_never_followed(tmp_path, target):
    """A link in the lock file's place crashed `resume` (/dev/null cannot be truncated), or emptied what it named."""
    match = computer_game(2)
    victim = tmp_path / "notes.txt"
    victim.write_text("keep me")
    saves.lock_path(match.save_path).symlink_to(target if target == "/dev/null" else victim)
    again = Match.load(match.save_path)
    again.claim()
    assert victim.read_text() == "keep me"
    assert saves.lock_path(match.save_path).is_file() and not saves.lock_path(match.save_path).is_symlink()
    again.release()


def test_a_held_lock_whose_words_are_not_utf8_still_names_its_holder_in_one_line():
    match = computer_game(2)
    match.claim()
    saves.lock_path(match.save_path).write_bytes(b"process \xff\xfe\x1b[2J 42")
    with pytest.raises(SaveError, match=r"open in another copy of wordcards \(process \S+ 42\)") as refused:
        Match.load(match.save_path).claim()
    assert "\x1b" not in str(refused.value)
    match.release()


def test_a_lock_file_goes_when_its_game_closes_and_a_killed_copys_when_next_met():
    match = computer_game(2)
    lock = saves.lock_path(match.save_path)
    match.claim()
    assert lock.exists()
    match.release()
    assert not lock.exists(), "the game closed: its lock file goes"
    for _ in range(3):  # three copies killed while they played it
        killed = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
            from pathlib import Path
            from wordcards.core import saves
            held = saves.hold(Path({str(match.save_path)!r}))
            print("held", flush=True)
            input()
            """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert killed.stdout.readline().strip() == "held"
        killed.kill()
        killed.wait()
        assert lock.exists()
    other = computer_game(1)
    other.claim()
    assert saves.latest() == match.save_path
    assert not lock.exists(), "the killed copy's lock file was cleared when the saves were next looked through"
    assert saves.lock_path(other.save_path).exists(), "a lock that is held stays"
    other.release()
    assert not [p.name for p in match.save_path.parent.iterdir() if p.name.endswith(".lock")]


def test_resume_list_names_the_unfinished_games_newest_first_and_resume_takes_a_name_as_listed(tmp_path, monkeypatch):
    from pathlib import Path

    from click.testing import CliRunner

    from wordcards.cli import cli, saved_match

    older = computer_game(2)
    newer = computer_game(3, "quiddler", {})
    done = Match.new("fez", [Seat("A", "hard"), Seat("B", "hard")], seed=3)
    referee = Referee(done)
    while not done.is_over:
        referee.computer_step()
    result = CliRunner().invoke(cli, ["resume", "--list"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1].split() == [newer.save_path.name, *lines[1].split()[1:4], "Quiddler:", "Ann,", "Hal", "·", "3",
                                "moves"]
    assert lines[2].startswith(f"  {older.save_path.name}") and lines[2].endswith("FEZ: Ann, Hal · 2 moves")
    assert done.save_path.name not in result.output and len(lines) == 4  # a finished game is not listed
    monkeypatch.chdir(tmp_path)  # not the saves folder: the name alone is enough
    assert saved_match(Path(older.save_path.name)).save_path == older.save_path
