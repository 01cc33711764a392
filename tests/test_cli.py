import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from wordcards.cli import cli


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_games_lists_every_game():
    result = run("games")
    assert result.exit_code == 0
    for name in ("fez", "quiddler", "gift-words", "word-whiz", "scrabble-fluxx"):
        assert name in result.output


def test_check_exit_codes():
    assert run("check", "fez", "placing").exit_code == 0
    result = run("check", "fez", "qzxv")
    assert result.exit_code == 1 and "QZXV: not in the list" in result.output


def test_rules_include_the_rulings_and_the_examples():
    result = run("rules", "fez")
    assert result.exit_code == 0
    for text in ("(15 ×2 flush ×4 flush-star) = 120", "(12 +50 length ×2 flush) = 124", "--nasty-timer", "blocked"):
        assert text in result.output


@pytest.mark.parametrize("args,message", [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "fez", "--rounds", "x"], "whole number"),
    (["play", "fez", "--rounds", "25"], "--rounds must be 1 to 20, not 25"),
    (["play", "word-whiz", "--turn-clock", "601"], "--turn-clock must be 0 to 600, not 601"),
    (["play", "fez", "--wild"], "no option '--wild'"),
    (["host", "fez", "--people", "3"], "no option '--people' (its options: --rounds"),  # the host's is --seats
    (["host", "fez", "--people", "3"], "`wordcards host --help` lists the command's own"),
    (["play", "fez", "--computer", "genius"], "unknown computer level"),
    (["play", "fez", "--player", "A", "--player", "B", "--player", "C", "--player", "D", "--player", "E",
      "--player", "F", "--player", "G"], "2 to 6 players"),
    (["play", "fez", "--dictionary", "/no/such/list"], "no such file"),
    (["play", "fez", "--dictionary", "/dev/null"], "not a regular file"),
    (["rules", "nope"], "unknown game"),
    (["play", "quiddler", "--two-player-bonus", "both"], "must be one of longest, words"),
    (["play", "quiddler", *["--computer", "hard"] * 9], "2 to 8 players"),
    (["play", "scrabble-fluxx", *["--computer", "hard"] * 5], "2 to 4 players"),
    (["resume", "/no/such/save.json"], "no save file"),
])
def test_bad_input_is_one_line_and_exit_code_2(args, message):
    proc = subprocess.run([sys.executable, "-m", "wordcards", *args], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "Traceback" not in proc.stderr


def test_corrupt_save_on_resume_is_one_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{{{")
    proc = subprocess.run([sys.executable, "-m", "wordcards", "resume", str(path)], capture_output=True, text=True)
    assert proc.returncode == 2 and "corrupt" in proc.stderr and path.read_text() == "{{{"


def test_sim_reports_json():
    result = run("sim", "fez", "--players", "3", "--games", "2", "--seed", "5", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 2 and report["invariant_failures"] == 0
    assert report["invariant_checks"] > 0 and report["move_ms_p95"] > 0
    assert len(report["mean_scores"]) == 3


def test_quiddler_rules_and_sim():
    result = run("rules", "quiddler")
    assert result.exit_code == 0
    for text in ("59 cards", "long game", "letters, not", "nobody gets it", "challenger"):
        assert text in result.output
    result = run("sim", "quiddler", "--players", "8", "--games", "2", "--seed", "5", "--json")
    report = json.loads(result.output)
    assert report["games"] == 2 and report["invariant_failures"] == 0 and len(report["mean_scores"]) == 8


@pytest.mark.parametrize("game", ["fez", "quiddler", "gift-words", "word-whiz", "scrabble-fluxx"])
def test_rules_piped_are_rendered_text_that_fits_80_columns(game):
    output = run("rules", game).output
    assert "**" not in output and "|---" not in output and "```" not in output
    assert max(len(line) for line in output.splitlines()) <= 80
