"""Bad input from a file or the command line: one clear line on stderr, exit code 2, no traceback, nothing lost.

A corpus of bad save files and bad word lists, each checked for its message, its exit code and an untouched
file; and a battery of options that conflict.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordcards.cli import main
from wordcards.core import saves
from wordcards.core.match import Match
from wordcards.core.common import Seat


def wordcards(capsys, *args: str) -> tuple[int, str]:
    """Run the command in-process; its exit code and what it wrote to stderr."""
    with pytest.raises(SystemExit) as exit_:
        main(list(args))
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return exit_.value.code, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordcards: "), err
    return lines[0]


def good_save() -> dict:
    match = Match.new("fez", [Seat("Ann"), Seat("Hal", "hard")], {}, seed=4)
    match.play("draw")
    return json.loads(match.save_path.read_text())


# ---------------------------------------------------------------- save files

def changed(data: dict, **fields) -> str:
    return json.dumps({**data, **fields})


BAD_SAVES = {
    "not JSON": (lambda d: "{not json", "not JSON"),
    "nested 100,000 deep": (lambda d: "[" * 100_000 + "]" * 100_000, "not JSON a save could hold"),
    "a seed of 4,301 digits": (lambda d: changed(d).replace(f'"seed": {d["seed"]}', '"seed": ' + "7" * 4301),
                               "not JSON a save could hold"),
    "a seed out of range": (lambda d: changed(d, seed=2**70), "seed is out of range"),
    "dictionary 5": (lambda d: changed(d, dictionary=5), "bad 'dictionary'"),
    "dictionary null": (lambda d: changed(d, dictionary=None), "bad 'dictionary'"),
    "version as text": (lambda d: changed(d, version="1"), "its version is '1', not a number"),
    "version from the future": (lambda d: changed(d, version=99), "newer than this wordcards understands"),
    "an unknown game": (lambda d: changed(d, game="chess"), "unknown game 'chess'"),
    "escape codes in a name": (lambda d: changed(d, seats=[{"name": "\x1b]0;pwned\x07A", "computer": None},
                                                       d["seats"][1]]), "control or invisible characters"),
    "a name far too long": (lambda d: changed(d, seats=[{"name": "A" * 500, "computer": None}, d["seats"][1]]),
                            "at most 16 characters"),
    "an unknown computer level": (lambda d: changed(d, seats=[d["seats"][0], {"name": "Hal", "computer": "genius"}]),
                                  "unknown computer level 'genius'"),
    "a seat that is not a seat": (lambda d: changed(d, seats=[d["seats"][0], 7]), "a seat is a name"),
    "one seat": (lambda d: changed(d, seats=d["seats"][:1]), "is for 2 to 6 players"),
    "an unknown option": (lambda d: changed(d, options={"wild": True}), "no option 'wild'"),
    "an option of the wrong kind": (lambda d: changed(d, options={"rounds": "3"}), "--rounds cannot be '3'"),
    "a move that is not text": (lambda d: changed(d, moves=[1, 2]), "a move is not text"),
    "a move that does not replay": (lambda d: changed(d, moves=["draw", "draw"]), "move 2 ('draw') does not replay"),
    "a missing word list": (lambda d: changed(d, dictionary="/no/such/list.txt"), "resume it with --dictionary"),
    "not a save": (lambda d: json.dumps({"hello": 1}), "not a wordcards save file"),
    "not UTF-8": (lambda d: "\udcff", "not UTF-8"),
}


@pytest.mark.parametrize("case", list(BAD_SAVES))
def test_a_bad_save_is_refused_in_one_line_and_left_as_it_is(case, capsys, tmp_path):
    make, message = BAD_SAVES[case]
    path = tmp_path / "bad.json"
    text = make(good_save())
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    before = path.read_bytes()
    code, err = wordcards(capsys, "resume", str(path))
    assert code == 2 and message in one_line(err)
    assert path.read_bytes() == before


def test_a_missing_word_list_can_be_replaced_on_resume(capsys, tmp_path):
    path = tmp_path / "save.json"
    path.write_text(changed(good_save(), dictionary="/no/such/list.txt"))
    match = Match.load(path, dictionary="common")
    assert match.dictionary == "common" and match.state.history == ["draw"]


@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "/dev/urandom", "directory", "huge"])
def test_resume_refuses_what_is_not_a_regular_file_at_once(special, tmp_path):
    if special == "fifo":
        path = tmp_path / "pipe.json"
        os.mkfifo(path)
    elif special == "directory":
        path = tmp_path / "folder.json"
        path.mkdir()
    elif special == "huge":
        path = tmp_path / "huge.json"
        with path.open("wb") as f:
            f.truncate(saves.MAX_BYTES + 1)
    else:
        path = Path(special)
    result = subprocess.run([sys.executable, "-m", "wordcards", "resume", str(path)], capture_output=True, text=True,
                            timeout=30, env={**os.environ, "WORDCARDS_HOME": str(tmp_path / "home")})
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "not a regular file" in result.stderr or "too large" in result.stderr


def test_bare_resume_names_each_file_it_skips_and_why(capsys, wordcards_home):
    good_save()  # an unfinished game, saved first
    folder = saves.saves_dir()
    (folder / "broken.json").write_text("{oops")
    (folder / "dangling.json").symlink_to(folder / "gone.json")
    os.mkfifo(folder / "pipe.json")
    code, err = wordcards(capsys, "resume")
    lines = err.strip().splitlines()
    assert any("skipped" in line and "broken.json" in line and "not JSON" in line for line in lines)
    assert any("skipped" in line and "dangling.json" in line for line in lines)
    assert any("skipped" in line and "pipe.json" in line and "not a regular file" in line for line in lines)
    # then the good game is found, and only the missing terminal stops it here
    assert code == 2 and "is not one" in lines[-1]


def test_a_killed_write_leaves_no_temp_file_behind(wordcards_home):
    match = Match.new("fez", [Seat("Ann"), Seat("Hal", "hard")], {}, seed=4)
    orphan = match.save_path.parent / f".{match.save_path.name}.k1ll3d"
    orphan.write_text("half a save")  # by a copy of wordcards killed as it wrote this save
    match.claim()  # this copy takes the save up, as a resume does
    match.release()
    assert not orphan.exists()
    old = match.save_path.parent / ".quiddler-20200101-000000.json.abc"
    old.write_text("older")
    os.utime(old, (0, 0))
    Match.new("fez", [Seat("Ann"), Seat("Hal", "hard")], {}, seed=5)
    assert not old.exists()


# ---------------------------------------------------------------- word lists

def word_list(tmp_path, content: bytes) -> str:
    path = tmp_path / "list.txt"
    path.write_bytes(content)
    return str(path)


@pytest.mark.parametrize("make, message", [
    (lambda p: str(p / "missing.txt"), "no such file"),
    (lambda p: str(p), "not a regular file"),
    (lambda p: word_list(p, b""), "the file is empty"),
    (lambda p: word_list(p, b"\x00\x01\x02binary"), "binary"),
    (lambda p: word_list(p, b"123\n--\n"), "holds no words"),
    (lambda p: word_list(p, b"a" * 100_000 + b"\n"), "holds no words"),
    (lambda p: "~nosuchuser/w.txt", "no such user's home folder"),
    (lambda p: "/dev/zero", "not a regular file"),
])
def test_a_bad_word_list_is_refused_in_one_line(make, message, capsys, tmp_path):
    name = make(tmp_path)
    before = Path(name).read_bytes() if Path(name).is_file() else None
    code, err = wordcards(capsys, "check", "cat", "--dictionary", name)
    assert code == 2 and message in one_line(err)
    if before is not None:
        assert Path(name).read_bytes() == before


def test_a_word_list_with_a_byte_order_mark_keeps_its_first_word_and_skips_absurd_lines(capsys, tmp_path):
    name = word_list(tmp_path, "\ufeffzebra\nquokka\n".encode() + b"q" * 100_000 + b"\n")
    code, err = wordcards(capsys, "check", "zebra", "quokka", "--dictionary", name)
    assert code == 0 and "1 word longer than 45 letters left out" in one_line(err)


def test_a_latin_1_word_list_loads(capsys, tmp_path):
    name = word_list(tmp_path, "caf\xe9\ncat\n".encode("latin-1"))
    code, _ = wordcards(capsys, "check", "cat", "--dictionary", name)
    assert code == 0


# ---------------------------------------------------------------- the definitions file

def test_a_definitions_file_that_is_a_fifo_is_not_waited_on(tmp_path, monkeypatch):
    """`define` hung on a FIFO (and read /dev/zero until memory ran out): such a file counts as missing."""
    import threading

    from wordcards.core import definitions

    fifo = tmp_path / definitions.FILE
    os.mkfifo(fifo)
    monkeypatch.setattr(definitions, "dictionaries_dir", lambda: tmp_path)
    definitions.entries.cache_clear()
    found: list = []
    looking = threading.Thread(target=lambda: found.append(definitions.define("cat")), daemon=True)
    looking.start()
    looking.join(10)
    try:
        assert not looking.is_alive(), "it waited for someone to write to the FIFO"
        assert found == [None]
    finally:
        if looking.is_alive():  # let the stuck reader go: a writer comes and goes
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        looking.join(10)
        definitions.entries.cache_clear()


def test_a_definitions_file_over_the_limit_is_not_read(tmp_path, monkeypatch):
    from wordcards.core import definitions

    (tmp_path / definitions.FILE).write_text("cat\tn. a small feline\n" * 100)
    monkeypatch.setattr(definitions, "dictionaries_dir", lambda: tmp_path)
    definitions.entries.cache_clear()
    assert definitions.define("cat") is not None
    definitions.entries.cache_clear()
    monkeypatch.setattr(definitions, "MAX_BYTES", 1000)
    try:
        assert definitions.define("cat") is None
    finally:
        definitions.entries.cache_clear()


# ---------------------------------------------------------------- options and seats that conflict

@pytest.mark.parametrize("args, message", [
    (["gift-words", "--player", "A", "--computer", "hard", "--scoring", "mathematical"], "only in the younger"),
    (["gift-words", "--player", "A", "--computer", "hard", "--goal", "120"], "only in the cooperative game"),
    (["gift-words", "--player", "A", "--computer", "hard", "--computer", "easy", "--two-player"],
     "only to two players"),
    (["gift-words", "--variant", "younger", "--rounds", "2"], "only in the basic and advanced games"),
    (["word-whiz", "--player", "A", "--computer", "hard", "--race-seconds", "5"], "only with --race"),
    (["word-whiz", "--player", "A", "--computer", "hard", "--race", "--turn-clock", "30"], "not in a race"),
    (["quiddler", "--player", "A", "--computer", "hard", "--computer", "easy", "--two-player-bonus", "words"],
     "only to a game of two players"),
    (["fez", "--player", "Ann", "--player", "Ann"], "two seats have the same name"),
    (["fez", "--player", "[/bold]\x1b[2J"], "control or invisible characters"),
    (["fez", "--player", "\u202eevil"], "control or invisible characters"),
    (["fez", "--player", "   "], "at least one letter"),
    (["fez", "--player", "A" * 17], "at most 16 characters"),
    (["fez", "--player", "名前名前名前名前名"], "at most 16 characters"),
    (["fez", "--rounds", "²"], "whole number"),
    (["fez", "--rounds", "9" * 5000], "whole number"),
    (["fez", "--seed", "9" * 30], "a seed must fit in 64 bits"),
    (["fez", "--dictionary", "~nosuchuser/w.txt"], "no such user's home folder"),
])
def test_conflicting_options_end_in_one_line_and_exit_2(args, message, capsys):
    code, err = wordcards(capsys, "play", *args)
    assert code == 2 and message in one_line(err)


def test_play_needs_a_terminal_at_both_ends(tmp_path):
    for stdin, stdout in ((subprocess.DEVNULL, subprocess.PIPE), (None, subprocess.PIPE)):
        result = subprocess.run([sys.executable, "-m", "wordcards", "play", "fez", "--player", "A", "--computer", "hard"],
                                stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=30,
                                env={**os.environ, "WORDCARDS_HOME": str(tmp_path)})
        assert result.returncode == 2 and result.stdout == "" and "is not one" in result.stderr


def test_a_save_with_an_option_outside_its_variation_still_loads(tmp_path):
    # The setup form once let a three-player Quiddler game keep a two-player bonus; it never counted.
    match = Match.new("quiddler", [Seat("Ann"), Seat("Hal", "hard"), Seat("Ivy", "easy")], {}, seed=3)
    data = json.loads(match.save_path.read_text())
    path = tmp_path / "old.json"
    path.write_text(changed(data, options={"two_player_bonus": "words"}))
    assert Match.load(path).state.history == []
    with pytest.raises(ValueError, match="only to a game of two players"):
        Match.new("quiddler", match.seats, {"two_player_bonus": "words"}, seed=3)


# ---------------------------------------------------------------- the second audit

ESC_TITLE = "\x1b]2;pwned\x07"


def test_escape_codes_from_paths_and_arguments_are_shown_never_obeyed(capsys, tmp_path):
    code, err = wordcards(capsys, "resume", str(tmp_path / f"{ESC_TITLE}.json"))
    assert code == 2 and "\x1b" not in err and "\\x1b]2;pwned\\x07" in err
    code, err = wordcards(capsys, "check", "--dictionary", str(tmp_path / f"{ESC_TITLE}.txt"), "cat")
    assert code == 2 and "\x1b" not in err
    with pytest.raises(SystemExit):
        main(["check", f"ca{ESC_TITLE}t"])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "not in the list" in out


def test_a_word_list_path_with_escape_codes_is_named_as_text_in_the_challenge_verdict(tmp_path):
    from wordcards.core import lexicon

    words = tmp_path / f"list{ESC_TITLE}.txt"
    words.write_text("cat\ndog\n")
    assert "\x1b" not in lexicon.load(str(words)).name and "\\x1b" in lexicon.load(str(words)).name


def test_bare_resume_names_a_few_skipped_files_then_counts_the_rest(capsys, wordcards_home):
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    for n in range(40):
        (folder / f"broken-{n:02}.json").write_text("{oops")
    (folder / f"odd{ESC_TITLE}.json").write_text("{oops")
    code, err = wordcards(capsys, "resume")
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 7 and "\x1b" not in err
    assert lines[5] == "wordcards: skipped 36 more files that are not games to resume"


def test_a_move_that_does_not_replay_is_quoted_cut_short(capsys, tmp_path):
    path = tmp_path / "long.json"
    path.write_text(changed(good_save(), moves=["draw", "word " + "x" * 100_000]))
    code, err = wordcards(capsys, "resume", str(path))
    assert code == 2 and len(one_line(err)) < 500 and "(100005 characters)" in err


def test_a_save_with_a_byte_order_mark_loads(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(good_save()).encode())
    assert Match.load(path).state.history == ["draw"]


def test_a_saves_folder_that_cannot_be_used_is_one_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("WORDCARDS_HOME", str(tmp_path / ("x" * 300)))
    monkeypatch.setattr("wordcards.cli.need_terminal", lambda: None)
    code, err = wordcards(capsys, "play", "fez", "--player", "Ann", "--computer", "easy")
    assert code == 2 and "games cannot be saved in" in one_line(err) and "WORDCARDS_HOME" in err


@pytest.mark.parametrize("command", ["resume", "hint"])
def test_a_bare_resume_or_hint_with_a_home_that_cannot_be_used_is_one_line(command, monkeypatch, capsys, tmp_path):
    """They stopped on an internal error (exit 70) where `play` and `host` gave one line."""
    monkeypatch.setenv("WORDCARDS_HOME", str(tmp_path / ("x" * 300)))
    code, err = wordcards(capsys, command)
    assert code == 2 and "games cannot be saved in" in one_line(err) and "WORDCARDS_HOME" in err


def test_word_whiz_with_a_list_that_has_no_five_letter_word_is_refused_at_setup(capsys, tmp_path):
    words = tmp_path / "short.txt"
    words.write_text("cat\ndog\nbird\nat\n")
    for command in (["play", "word-whiz", "--player", "Ann", "--computer", "easy"], ["sim", "word-whiz"]):
        code, err = wordcards(capsys, *command, "--dictionary", str(words))
        assert code == 2 and "has no 5-letter word" in one_line(err)


def test_a_terminal_with_no_type_gets_16_colours_not_24_bit():
    from wordcards.cli import choose_colours

    for term in ({"TERM": "dumb"}, {}, {"TERM": "unknown"}):
        choose_colours(term)
        assert term["TEXTUAL_COLOR_SYSTEM"] == "standard"
    xterm = {"TERM": "xterm-256color"}
    choose_colours(xterm)
    assert "TEXTUAL_COLOR_SYSTEM" not in xterm


def test_sim_output_stays_plain_when_piped():
    result = subprocess.run([sys.executable, "-m", "wordcards", "sim", "fez", "--games", "2"], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0 and result.stderr == "" and "\x1b" not in result.stdout


def test_sim_shows_its_progress_on_a_terminal():
    """`sim --games 100000` once printed nothing for hours: on a terminal, stderr carries a progress bar."""
    import pty

    main_end, terminal = pty.openpty()
    result = subprocess.run([sys.executable, "-m", "wordcards", "sim", "fez", "--games", "2"], stdout=subprocess.PIPE,
                            stderr=terminal, text=True, timeout=120, env={**os.environ, "TERM": "xterm"})
    os.close(terminal)
    shown = b""
    try:
        while chunk := os.read(main_end, 4096):
            shown += chunk
    except OSError:  # the terminal's other end is closed: everything is read
        pass
    assert result.returncode == 0 and "FEZ games" in shown.decode(errors="replace") and "━" in shown.decode(errors="replace")
    assert "FEZ: 2 games" in result.stdout


def test_a_name_with_a_space_at_an_end_is_quoted_as_it_came():
    from wordcards.core.common import name_problem

    assert name_problem(" ann") == "' ann': a name may not start or end with a space"  # as `ssh ' ann'@host` sends it
