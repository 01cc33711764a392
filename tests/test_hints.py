"""Hints: `wordcards hint` and the suggestion behind it give a legal move, from the seat's own view."""

from __future__ import annotations

import copy

import pytest
from click.testing import CliRunner

from wordcards.cli import cli
from wordcards.core.hints import challenge_open, suggest
from wordcards.core.match import Match
from wordcards.core.common import Seat
from wordcards.core.referee import Referee
from wordcards.core.registry import names


def midgame(game: str, moves: int) -> Match:
    """A game after ``moves`` computer moves and on to seat 0's turn, or all but the last of a shorter game (the test
    plug-in's word chain ends within 12), with seat 0 then handed to a person (and saved)."""
    match = Match.new(game, [Seat("Ann", "hard"), Seat("Hal", "hard")], {}, seed=5)
    referee = Referee(match)
    for played in range(moves):
        referee.computer_step()
        if match.is_over:
            return midgame(game, played)
    while match.to_move != 0 or challenge_open(match):
        referee.computer_step()
        if match.is_over:
            return midgame(game, moves - 1)
    match.seats[0] = Seat("Ann")
    match.save()
    return match


@pytest.mark.parametrize("game", names())
@pytest.mark.parametrize("moves", [3, 12])
def test_wordcards_hint_prints_a_legal_move_and_what_it_does(game, moves):
    match = midgame(game, moves)
    result = CliRunner().invoke(cli, ["hint", str(match.save_path)])
    assert result.exit_code == 0, result.output
    notation, said, explanation = result.output.splitlines()[:3]
    assert explanation.startswith("If played: ")
    assert said and said != notation and said[0].isupper()  # the move in a player's words, not the notation again
    match.play(notation)  # the referee accepts it: a legal move for the seat to move


@pytest.mark.parametrize("level", ["beginner", "hard"])
def test_a_suggestion_leaves_the_game_as_it_was(level):
    match = midgame("fez", 12)
    before = copy.deepcopy(vars(match.state))
    hint = suggest(match, level)
    after = vars(match.state)
    assert hint.seat == match.to_move and after.pop("rng").getstate() == before.pop("rng").getstate()
    assert after == before
    assert str(hint.move) == hint.notation


def test_no_hint_when_the_game_is_over_or_there_is_no_save(tmp_path):
    result = CliRunner().invoke(cli, ["hint"])
    assert result.exit_code == 2 and "no unfinished game" in result.output
    result = CliRunner().invoke(cli, ["hint", "--level", "genius"])
    assert result.exit_code == 2 and "unknown computer level" in result.output
    match = Match.new("word-chain", [Seat("Ann", "hard"), Seat("Hal", "hard")], {}, seed=5)
    referee = Referee(match)
    while not match.is_over:
        referee.computer_step()
    result = CliRunner().invoke(cli, ["hint", str(match.save_path)])
    assert result.exit_code == 2 and "no hint: the game is over" in result.output


def test_wordcards_hint_asks_a_medium_player_as_f8_does():
    match = midgame("fez", 12)
    asked = CliRunner().invoke(cli, ["hint", str(match.save_path)])
    assert asked.exit_code == 0 and asked.output.splitlines()[0] == suggest(match, "medium").notation
    assert "[default: medium]" in " ".join(CliRunner().invoke(cli, ["hint", "--help"]).output.split())


def test_wordcards_hint_gives_no_move_for_a_computer_player():
    match = midgame("fez", 12)
    match.seats[0] = Seat("Ann", "hard")
    match.save()
    result = CliRunner().invoke(cli, ["hint", str(match.save_path)])
    assert result.exit_code == 2 and "no hint: Ann, a computer player, is to move" in result.output


def test_no_hint_while_a_play_is_open_to_challenge():
    from wordcards.core.hints import NoHint

    match = Match.new("fez", [Seat("Ann"), Seat("Hal", "hard")], seed=5)
    referee = Referee(match)
    while referee.next().stage != "window":  # on to Hal's play, open to Ann's challenge
        if referee.next().stage == "person":
            referee.play(match.bot(0).choose(match.view(0)))
        else:
            referee.computer_step()
    assert match.to_move == 1 and challenge_open(match)
    match.save()
    with pytest.raises(NoHint, match="open to challenge"):
        suggest(match)
    result = CliRunner().invoke(cli, ["hint", str(match.save_path)])
    assert result.exit_code == 2 and "no move to hint while a play is open to challenge" in result.output


async def test_f8_shows_a_hint_for_the_person_to_move_and_each_starts_at_medium():
    from tests.scenes import SIZE, settle
    from tests.tui_helpers import wait_for
    from wordcards.tui.app import make_app
    from wordcards.tui.hint import HintScreen

    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=4, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Hal went first: no challenge of his play
        await wait_for(pilot, lambda: app.lexicon_ready and app.match.to_move == 0 and app.screen.human_to_move())
        await pilot.press("f8")
        await wait_for(pilot, lambda: isinstance(app.screen, HintScreen))

        def hint_text() -> str:
            return str(app.screen.query_one("#hint-text").render())

        await wait_for(pilot, lambda: "If played: " in hint_text())  # worked out in a thread
        assert hint_text().startswith("Hint from a medium player\n")  # words a keen adult knows, first
        await pilot.press("right")
        await wait_for(pilot, lambda: hint_text().startswith("Hint from a hard player") and "If played" in hint_text())
        assert hint_text().splitlines()[1] == "Take IR♦ from the discard pile"  # a player's words, not "take"
        await pilot.press("right")
        await wait_for(pilot, lambda: "If played" in hint_text() and "expert" in hint_text())
        assert hint_text().startswith("Hint from an expert player")  # not "a expert"
        await pilot.press("escape")  # left at expert
        await wait_for(pilot, lambda: not isinstance(app.screen, HintScreen))
        assert app.match.to_move == 0 and len(app.match.history) > 0  # asking played nothing
        await pilot.press("f8")
        await wait_for(pilot, lambda: isinstance(app.screen, HintScreen) and "If played: " in hint_text())
        assert hint_text().startswith("Hint from a medium player\n")  # each hint starts at medium again


def finished_by_computers(game: str, seats: list[Seat], people: list[Seat]) -> Match:
    """A game its computer seats played to the end, then seated as ``people`` (whom its game-over screen looks back
    for)."""
    from wordcards.core import lexicon

    lexicon.load("default")
    match = Match.new(game, seats, seed=7, save=False)
    referee = Referee(match)
    while not match.is_over:
        referee.computer_step()
    match.seats[:] = people
    return match


async def missed_lines(match: Match) -> list[str]:
    """The lines of the game-over screen's missed chances, once worked out (in a thread)."""
    from tests.scenes import SIZE, settle
    from wordcards.tui.app import make_app
    from wordcards.tui.scores import GameOverScreen

    app = make_app(match.spec.name, match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        missed = app.screen.query_one("#missed")
        for _ in range(100):
            lines = [strip.text.rstrip() for strip in missed.render_lines(missed.content_region.reset_offset)]
            if not any("Looking back" in line for line in lines):
                break
            await pilot.pause(0.05)
        return [line for line in lines if line]


async def test_the_game_over_screen_shows_each_persons_biggest_missed_chances():
    # Ann played as an easy player would: a hard one finds more
    lines = await missed_lines(finished_by_computers("fez", [Seat("Ann", "easy"), Seat("Hal", "hard")],
                                                     [Seat("Ann"), Seat("Hal", "hard")]))
    assert lines[0] == "Ann's biggest missed chances" and "Hal" not in "".join(lines)
    assert len([line for line in lines if line.startswith("  move ")]) == 3
    assert len([line for line in lines if line.startswith("    a hard player: ")]) == 3
    assert all(line.startswith("  ") for line in lines[1:])  # a line too long for the screen keeps its indent
    meanings = [line for line in lines[1:] if line.startswith("      ")]  # what its words mean
    assert meanings and ": " in meanings[0]


async def test_a_game_scored_by_the_round_says_once_why_it_shows_no_missed_chances():
    text = " ".join(line.strip() for line in await missed_lines(
        finished_by_computers("quiddler", [Seat("Ann", "easy"), Seat("Bea", "easy")], [Seat("Ann"), Seat("Bea")])))
    assert "not shown: this game scores at the end of a round" in text
    assert "biggest missed chances" not in text, "no heading over nothing, once for each person"


def test_scrabble_fluxx_placements_are_judged_by_what_their_words_will_score():
    from wordcards.core.hints import missed_chances
    from wordcards.games.scrabble_fluxx.moves import Place

    match = Match.new("scrabble-fluxx", [Seat("Ann", "beginner"), Seat("Hal", "hard")], seed=3, save=False)
    referee = Referee(match)
    while not match.is_over:
        referee.computer_step()
    missed = missed_chances(match, 0)
    assert missed and len(missed) == 3
    for chance in missed:
        assert isinstance(chance.best.move, Place) and chance.best.points > max(chance.points, 0)
        assert "laid" in chance.played  # the placement, in the log's words
    assert [m.best.points - m.points for m in missed] == sorted((m.best.points - m.points for m in missed),
                                                                 reverse=True)


def test_games_that_score_at_a_rounds_end_are_not_judged_a_move_at_a_time():
    from wordcards.core.hints import missed_chances

    match = Match.new("quiddler", [Seat("Ann", "easy"), Seat("Hal", "hard")], seed=2, save=False)
    referee = Referee(match)
    while not match.is_over:
        referee.computer_step()
    assert missed_chances(match, 0) is None


def test_a_play_challenged_off_scored_nothing_and_the_missed_chances_say_so():
    """Ann's word is struck by Hal's challenge: the look back counts it at 0, not at what it seemed to score."""
    from wordcards.core import lexicon
    from wordcards.core.hints import missed_chances

    match = Match.new("fez", [Seat("Ann"), Seat("Hal", "hard")], seed=5, save=False)
    referee = Referee(match)
    while match.to_move != 0 or referee.next().stage != "person":
        referee.release() if referee.next().stage == "window" else referee.computer_step()
    referee.play("draw")
    view = match.view(0)
    letters = [c for c in view.hand if view.cards[c].kind == "letter"]
    words = lexicon.load("default")
    a, b = next((a, b) for a in letters for b in letters
                if a != b and (view.cards[a].letters[0] + view.cards[b].letters[0]).lower() not in words)
    referee.play(f"word {a}={view.cards[a].letters[0]} {b}={view.cards[b].letters[0]}")
    referee.play(f"discard {next(c for c in match.view(0).hand)}")
    referee.computer_step()  # Hal challenges the non-word, and it comes off
    assert any(m.startswith("challenge 1") for m in match.history) and not [w for w in match.view(0).words if w.owner == 0]
    missed = missed_chances(match, 0)
    struck = [m for m in missed if "challenged off" in m.played]
    assert len(struck) == 1 and struck[0].points == 0 and struck[0].lines()[0].endswith("challenged off (+0)")


def test_a_scrabble_fluxx_hint_after_a_word_was_challenged_off():
    """Once CAPNE was struck, the hint (and F8, and the game-over look back) raised KeyError."""
    from tests.test_scrabble_fluxx_rules import CARD, game, play
    from wordcards.core.registry import find_game
    from wordcards.games.scrabble_fluxx import rules

    s = game(board=[("cat", 7, 6, False)], racks=("XQ", "A"), turns=3, in_play=[CARD["Play 2"]])
    s, _ = play(s, "place 0 5,8 down xqt", "challenge 1 0 invalid")
    assert rules.standing_lines(s) == []
    hint = suggest(Match(find_game("scrabble-fluxx"), list(s.seats), {}, 1, s), "hard", 0)
    assert hint.notation == "end" and hint.points == 0


def hint_headline(game: str, seed: int, notation: str) -> str:
    """The hint screen's headline for ``notation`` played by the seat to move in a fresh game."""
    from wordcards.core.hints import Hint

    match = Match.new(game, [Seat("Ann"), Seat("Bob")], seed=seed, save=False)
    seat = match.to_move
    move = match.rules.parse_move(notation)
    after, events = match.rules.apply(match.state, move)
    points = match.rules.totals(after)[seat] - match.rules.totals(match.state)[seat]
    pending = match.spec.pending_points
    points += pending(after, seat) if pending else 0
    hint = Hint(seat, move, notation, points, [e.text for e in events if e.text], match.view(seat))
    return hint.headline(match.spec.table_ui().say_move(hint.view, move))


def test_hints_say_the_move_as_a_player_would():
    """Squares as the board names them (letter, then number), cards by their letters and colours, no seat numbers
    or ids."""
    assert hint_headline("scrabble-fluxx", 5, "place 1 7,7 down gawp") == "GAWP down from H8 for 20"
    assert hint_headline("word-whiz", 5, "place 0 0,0 across yoghs") == "YOGHS across from N26"
    fez = hint_headline("fez", 5, "draw")
    assert fez == "Draw from the stock"


def test_the_look_back_gives_a_score_change_once_and_a_chance_missed_turn_after_turn_once():
    from wordcards.core.hints import Hint, Missed, missed_chances

    laid_off = ("Ann laid off ★ on DIVERTS, making DIVERTS ★; "
                "Ann's DIVERTS now scores (10 +50 length ×2 star) = 120 (+60)")
    best = Hint(0, None, "x", 60, [laid_off], None)
    assert Missed(4, laid_off, 60, best).lines() == (f"move 4: {laid_off}", f"  a hard player: {laid_off}")
    assert best.headline(None).endswith("= 120 (+60)")  # F8's hint: not "(+60) for 60"

    match = Match.new("gift-words", [Seat("Ann", "beginner"), Seat("Hal", "easy")], seed=3, save=False)
    referee = Referee(match)
    while not match.is_over:
        referee.computer_step()
    missed = missed_chances(match, 0, most=10)  # Ann kept the cards for YORKED, and VANG, turn after turn
    assert missed and len({chance.lines()[1] for chance in missed}) == len(missed)
