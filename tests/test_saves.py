import json

import pytest

from wordcards.core import saves
from wordcards.core.errors import SaveError
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.protocol import Seat


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
