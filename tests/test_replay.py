"""``wordcards replay``: a finished game move by move (the core replay, the app under Pilot, the command's refusals)
and its GCG export for a two-player Scrabble Fluxx game."""

import dataclasses
import json
import re

import pytest

from tests.test_fez_tui import screen_text
from wordcards.cli import main
from wordcards.core.common import Seat
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.grid import square_name
from wordcards.core.registry import names
from wordcards.core.replay import ReplayError, of_match, replay
from wordcards.games.scrabble_fluxx import deck
from wordcards.games.scrabble_fluxx.gcg import gcg
from wordcards.tui.replay import ReplayApp
from wordcards.tui.widgets import RecentLog

SIZE = (80, 24)
SHORT = {"gift-words": {"rounds": 1}, "word-whiz": {"length": "one-round"}}
"""Options that make a game short, so that a test steps through all of it."""
SEEDS = {"gift-words": 3, "scrabble-fluxx": 9}
"""Seeds of short games (Scrabble Fluxx's has a revealed rack nobody finds a play of); 2 for the others."""


def finished(game: str, seed: int | None = None, players: int = 2) -> Match:
    """A computer-only game played to its end and saved (in the test's own saves folder)."""
    seats = [Seat(name, "easy") for name in ("Ann", "Bob", "Cy")[:players]]
    match = Match.new(game, seats, SHORT.get(game, {}), seed=SEEDS.get(game, 2) if seed is None else seed)
    referee = Referee(match)
    while not match.is_over:
        referee.computer_step()
    return match


def same_state(a, b) -> bool:
    """Two states of a game are the same: every field, and where the shuffles' random numbers have got to."""
    return dataclasses.replace(a, rng=None) == dataclasses.replace(b, rng=None) and a.rng.getstate() == b.rng.getstate()


def older_save(match: Match) -> None:
    """Rewrite the match's save as the first saves were written: only the keys every version has held."""
    data = json.loads(match.save_path.read_text())
    match.save_path.write_text(json.dumps({key: data[key] for key in ("format", "version", "game", "seed", "seats",
                                                                      "options", "moves")}))


def run(capsys, *args: str) -> tuple[int, str, str]:
    """Run the command; its exit code, standard output and standard error."""
    with pytest.raises(SystemExit) as exit:
        main(["replay", *map(str, args)])
        raise SystemExit(0)
    out, err = capsys.readouterr()
    return exit.value.code, out, err


# ---------------------------------------------------------------- the core replay


@pytest.mark.parametrize("game", names())
def test_a_replay_deals_again_and_ends_where_the_saved_game_ended(game):
    match = finished(game)
    loaded = Match.load(match.save_path)
    game_replay = of_match(loaded)
    assert game_replay.moves == len(match.history) and game_replay.is_over
    assert same_state(game_replay.final.state, match.state)
    assert game_replay.final.totals == tuple(match.rules.totals(match.state))
    assert [e.text for e in game_replay.log(game_replay.moves)] == [e.text for e in match.log]
    running = [0] * len(match.seats)
    for ply in game_replay.plies[1:]:  # each move's points, as its events say them, add up to the scores after it
        running = [total + ply.points(seat) for seat, total in enumerate(running)]
        assert tuple(running) == ply.totals


def test_a_move_list_and_a_setup_replay_as_the_club_record_keeps_them():
    match = finished("quiddler")
    seats = [Seat(s.name, s.computer) for s in match.seats]
    kept = replay("quiddler", seats, match.options, match.seed, list(match.history))
    assert same_state(kept.final.state, match.state)
    first = kept.plies[0].state
    assert kept.plies[0].seat is None and kept.plies[1].seat == (first.dealer + 1) % 2  # the dealer's left starts
    with pytest.raises(ReplayError, match=r"move 3 \('discard 9z99'\) does not replay"):
        replay("quiddler", seats, match.options, match.seed, [*match.history[:2], "discard 9z99"])


# ---------------------------------------------------------------- the app


@pytest.mark.parametrize("game", names())
async def test_every_game_replays_move_by_move_and_home_and_end_jump(game):
    match = finished(game)
    game_replay = of_match(Match.load(match.save_path))
    moves = game_replay.moves
    app = ReplayApp(game_replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        status, log = screen.query_one("#status"), screen.query_one(RecentLog)
        assert screen.at == 0 and f"the deal (move 0 of {moves})" in str(status.content)
        seats_hands = [f"{seat.name}'s hand" for seat in match.seats]
        assert all(hand in screen_text(app) for hand in seats_hands)  # every hand shows
        for n in range(1, moves + 1):
            await pilot.press("right")
            assert screen.at == n and f"move {n} of {moves}" in str(status.content)
            said = [e.text for e in game_replay.plies[n].events if e.text]
            if said:  # the move's own log line is the newest on show
                assert log.entries[-1].plain == said[-1]
        assert "game over" in str(status.content)
        await pilot.press("right")  # past the end: it stays there
        assert screen.at == moves
        last = next(e.text for ply in reversed(game_replay.plies) for e in reversed(ply.events) if e.text)
        assert last[:60] in screen_text(app).replace("\n", "")
        await pilot.press("home")
        text = screen_text(app)
        assert screen.at == 0 and "the deal" in text and all(hand in text for hand in seats_hands)
        await pilot.press("pagedown")
        assert screen.at == min(10, moves)
        await pilot.press("end")
        assert screen.at == moves and f"move {moves} of {moves}" in screen_text(app)


def unspaced(text: str) -> str:
    """``text`` without its spaces and line breaks, and a page's borders: what wraps, wraps anywhere."""
    return re.sub(r"[\s│]+", "", text)


async def test_the_replay_shows_every_hand_whole_and_the_scores_after_each_move():
    match = finished("scrabble-fluxx")
    game_replay = of_match(Match.load(match.save_path))
    app = ReplayApp(game_replay)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end", "left", "left")
        ply = game_replay.plies[-3]
        text = screen_text(app)
        assert f"move {ply.number} of {game_replay.moves}" in text
        for seat, total in zip(match.seats, ply.totals):  # the scores after the move, on the score board
            assert re.search(rf"{seat.name} +⚙ +{total}\b", text)
        names = [seat.name for seat in match.seats]
        await pilot.press("h")  # every hand whole: both racks and both Fluxx hands, which only their owners saw
        page = unspaced(screen_text(app))
        for seat, name in enumerate(names):
            view = match.rules.player_view(ply.state, seat)
            tiles = "".join(f"[{view.cards[t].letters or '□'}{deck.tile_value(view.cards[t])}]" for t in view.hand)
            cards = "".join(f"[{deck.fluxx()[c].kind[0].upper()}:{deck.fluxx()[c].name}]" for c in view.fluxx_hand)
            assert unspaced(f"{name}'s hand {tiles} Cards {cards}") in page


# ---------------------------------------------------------------- the command


def test_a_save_written_before_replays_replays(capsys):
    match = finished("scrabble-fluxx")
    code, now, _ = run(capsys, match.save_path, "--gcg", "-")
    older_save(match)
    assert "finished" not in json.loads(match.save_path.read_text())
    code_then, then, err = run(capsys, match.save_path, "--gcg", "-")
    assert (code, code_then, err) == (0, 0, "") and then == now and then.startswith("#character-encoding UTF-8")


async def test_an_older_save_opens_in_the_app():
    match = finished("fez")
    older_save(match)
    app = ReplayApp(of_match(Match.load(match.save_path)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        assert "game over" in screen_text(app)


def test_an_unfinished_game_is_refused_in_one_line(capsys):
    match = Match.new("fez", [Seat("Ann"), Seat("Hal", "hard")], seed=2)
    match.play(match.bot(match.to_move).choose(match.view(match.to_move)))
    code, out, err = run(capsys, match.save_path)
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "is not finished: `wordcards resume` plays it on" in err and "Traceback" not in err


@pytest.mark.parametrize("content,message", [
    (None, "no save file at"),
    ("{oops", "is corrupt (not JSON"),
    ('{"format": "wordcards-save", "version": 1, "game": "fez", "seed": 1, "seats": [{"name": "A"}, {"name": "B"}], '
     '"options": {}, "moves": ["draw", "discard 9z99"]}', "does not replay"),
])
def test_a_missing_or_corrupt_save_is_refused_in_one_line(capsys, tmp_path, content, message):
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    code, out, err = run(capsys, path)
    assert code == 1 and out == "" and err.count("\n") == 1 and message in err and err.startswith("wordcards: ")


# ---------------------------------------------------------------- GCG

MOVE = re.compile(r">(\S+): (.*) ([+-]\d+) (-?\d+)$")


def gcg_moves(text: str) -> list[tuple[str, str, int, int]]:
    """Each move line: its nickname, what it says, its points and its running total."""
    found = [MOVE.fullmatch(line) for line in text.splitlines() if line.startswith(">")]
    assert all(found), "every move line reads as GCG writes one"
    return [(m[1], m[2], int(m[3]), int(m[4])) for m in found if m]


@pytest.mark.parametrize("seed", [9, 13])  # a revealed rack nobody finds a play of; one somebody does
def test_gcg_of_a_two_player_scrabble_fluxx_game(capsys, tmp_path, seed):
    match = finished("scrabble-fluxx", seed)
    out = tmp_path / "game.gcg"
    assert run(capsys, match.save_path, "--gcg", out)[0] == 0
    text = out.read_text(encoding="utf-8")
    first, second = match.seats[match.rules.new_game(match.seats, match.options, match.seed).current], None
    second = next(seat for seat in match.seats if seat != first)
    assert text.splitlines()[:3] == ["#character-encoding UTF-8", f"#player1 {first.name} {first.name}",
                                     f"#player2 {second.name} {second.name}"]
    lines = gcg_moves(text)
    said: dict[str, int] = {}
    for nick, _, points, total in lines:  # the running totals add up, line by line
        said[nick] = said.get(nick, 0) + points
        assert total == said[nick]
    assert [said[seat.name] for seat in match.seats] == match.rules.totals(match.state)
    placed = [line for line in lines if re.fullmatch(r"[A-Z?]+ (\d+[A-O]|[A-O]\d+) [A-Za-z.]+", line[1])]
    assert len(placed) == sum(move.startswith("place ") for move in match.history)  # a line for each placement
    passes = sum(move.startswith("pass ") for move in match.history)
    lost = sum("loses this turn" in e.text for e in match.log)
    assert sum(said.endswith(" -") for _, said, _, _ in lines) == passes + lost  # and for each pass, or turn lost
    assert (deck.SIZE, square_name(deck.CENTRE)) == (15, "H8")  # GCG's board: 15×15, rows 1-15 and columns A-O
    square, word = placed[0][1].split()[1:]
    across = square[0].isdigit()
    row, col = (int(square[:-1]) - 1, ord(square[-1]) - 65) if across else (int(square[1:]) - 1, ord(square[0]) - 65)
    covered = [(row, col + n) if across else (row + n, col) for n in range(len(word))]
    assert (7, 7) in covered, "the first word covers the centre square, H8"
    cards = [e.text for e in match.log if re.search(r"played the (New Rule|Goal|Action)|put the Keeper", e.text)]
    notes = [line.removeprefix("#note ") for line in text.splitlines() if line.startswith("#note ")]
    assert cards and all(card in notes for card in cards)  # every Fluxx card played is a note
    revealed = [line.points for line in match.state.lines if line.label == "revealed rack"]
    stand_ins = [points for _, said, points, _ in lines if said.endswith(("(challenge)", "(time)"))]
    assert revealed and stand_ins == revealed  # a revealed rack's outcome: a challenge bonus or a time penalty


def test_gcg_says_a_struck_turn_and_a_lost_turn_as_gcg_does():
    match = Match.new("scrabble-fluxx", [Seat("Ann", "easy"), Seat("Bob", "easy")], seed=5, save=False)
    seat, state = match.to_move, match.state
    letters = "".join(state.cards[t].letters.lower() or "?e" for t in state.hands[seat][:3])
    match.play(f"place {seat} 7,6 across {letters}")
    match.play(f"challenge {1 - seat} 0 invalid")  # not a word: the tiles come back, and it scores nothing
    match.play("end")
    match.play(match.bot(1 - seat).choose(match.view(1 - seat)))
    match.play(f"challenge {seat} 0 valid")  # a good word: the challenger loses their next turn
    referee = Referee(match)
    while not match.is_over:
        referee.computer_step()
    nick, other = match.seats[seat].name, match.seats[1 - seat].name
    (who, phony, points, total), withdrawn, word, lost = gcg_moves(gcg(of_match(match)))[:4]
    rack, square, laid = phony.split()
    assert (who, square, laid, total) == (nick, "8G", letters.upper(), points) and points > 0
    assert withdrawn == (nick, f"{rack} --", -points, 0)
    assert word[0] == other and lost == (nick, f"{rack} -", 0, 0)  # the lost turn is a pass


@pytest.mark.parametrize("game,players,message", [
    ("fez", 2, "GCG is for two-player Scrabble Fluxx games, and this is a FEZ game"),
    ("scrabble-fluxx", 3, "and this is a 3-player Scrabble Fluxx game"),
])
def test_gcg_refuses_other_games_and_player_counts(capsys, game, players, message):
    match = finished(game, players=players)
    code, out, err = run(capsys, match.save_path, "--gcg", "-")
    assert code == 1 and out == "" and err.count("\n") == 1 and message in err


async def test_a_finished_game_of_the_club_replays_from_the_lobby_and_ctrl_q_goes_back(tmp_path):
    import asyncio

    from tests.test_club import club_open, open_table
    from tests.test_host_evening import finish

    async with club_open(tmp_path) as door:
        ann = await door.join("ann")
        await open_table(ann)
        bob = await door.join("bob")
        await bob.see(lambda text: "FEZ" in text and "ann, free" in text)
        await bob.press("\r")
        await bob.see("bob's hand")
        game = door.club.tables[1]
        finish(game)
        await ann.see("Game over")
        match = game.table.match
        await asyncio.to_thread(game.record.pool.submit(lambda: None).result)  # the game's end is in the record
        await bob.press("q")
        await bob.see("In the lobby")
        await bob.press("g")
        await bob.see("Finished games")
        await bob.see("FEZ: ")
        await bob.press("\r")
        await bob.see(f"move 0 of {len(match.history)}")
        await bob.press("\x1b[F")  # End
        await bob.see(f"move {len(match.history)} of {len(match.history)}")
        await bob.see("ann's hand")  # every hand, once the game is over
        await bob.press("\x11")
        await bob.see("In the lobby")
