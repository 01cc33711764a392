"""The computer levels: their vocabularies from SCOWL's sizes, their words, and where a person picks them."""

from __future__ import annotations

import pytest

from tests.scenes import SIZE, settle
from wordcards.core import lexicon
from wordcards.core.computer import LEVELS, ComputerPlayer, levels_text
from wordcards.core.registry import find_game
from wordcards.core.sim import play_one
from wordcards.tui.app import make_app


class Shared(ComputerPlayer):
    """Only what every game's computer player shares (its own moves are each game's)."""

    def choose(self, view):
        raise AssertionError("not asked for a move")

    def challenges(self, view):
        return []


def test_the_scowl_list_carries_each_words_scowl_size():
    assert "the" in lexicon.words_up_to(10) and "cat" in lexicon.words_up_to(20)
    assert "mizunas" not in lexicon.words_up_to(50) and "mizunas" in lexicon.words_up_to(80)
    assert lexicon.words_up_to(80) == lexicon.load("scowl").words
    assert lexicon.words_up_to(20) < lexicon.words_up_to(35) < lexicon.words_up_to(50) == lexicon.load("common").words


def test_a_vocabulary_is_the_words_up_to_a_size_and_the_common_list_is_size_50():
    assert lexicon.vocabulary("default", 50).words == lexicon.load("clean").words  # common, less the obscene
    assert lexicon.vocabulary("default", 80) is lexicon.load("default")
    everyday = lexicon.vocabulary("default", 20).words
    assert "cat" in everyday and "ecstasize" not in everyday and len(everyday) < 12_000


def test_a_word_only_the_game_list_has_is_hard_and_expert_vocabulary():
    only_the_game_list = lexicon.load("default").words - lexicon.load("scowl").words
    assert {"aa", "oe", "aioli"} <= only_the_game_list
    below_hard = max(level.vocabulary for level in LEVELS.values() if level.vocabulary < lexicon.WHOLE_LIST)
    assert not only_the_game_list & lexicon.vocabulary("default", below_hard).words
    for level in ("hard", "expert"):
        assert only_the_game_list <= lexicon.vocabulary("default", LEVELS[level].vocabulary).words


def test_a_players_own_list_is_cut_by_the_scowl_lists_sizes(tmp_path):
    own = tmp_path / "own.txt"
    own.write_text("cat\nzax\nqwertyx\n")
    assert lexicon.vocabulary(str(own), 50).words == {"cat"}
    assert lexicon.vocabulary(str(own), 80).words == {"cat", "zax", "qwertyx"}  # hard knows the whole loaded list


def test_slurs_are_in_no_built_in_list_and_obscenities_only_in_the_full_ones():
    offensive = lexicon.offensive()
    slurs = {"lez", "wetback", "wetbacks", "niggers", "kike", "dyke", "dykes", "dyked"}  # plurals and forms too
    assert slurs <= offensive and {"pansy", "pansies", "sex"} <= offensive
    assert {"japes", "spices", "spiced"} <= lexicon.load("common").words - offensive  # jape and spice, no slur
    for name in lexicon.NAMES:
        assert not slurs & lexicon.load(name).words
    assert {"pansy", "sex"} <= lexicon.load("default").words  # everyday senses and obscenities stay for people
    assert lexicon.load("clean").words == lexicon.load("common").words - offensive
    for size in (20, 50, 60):
        assert not offensive & lexicon.vocabulary("default", size).words


def test_the_younger_players_gift_words_uses_the_clean_list_unless_another_is_asked_for(tmp_path):
    from wordcards.core.match import Match
    from wordcards.core.common import Seat

    seats = [Seat("Ann"), Seat("Bo")]
    assert Match.new("gift-words", seats, {"variant": "younger"}, seed=1, save=False).dictionary == "clean"
    assert Match.new("gift-words", seats, {"variant": "basic"}, seed=1, save=False).dictionary == "default"
    assert Match.new("gift-words", seats, {"variant": "younger"}, seed=1, dictionary="common",
                     save=False).dictionary == "common"


def test_levels_go_from_weak_to_strong_and_old_saves_levels_stay():
    levels = list(LEVELS.values())
    assert [level.name for level in levels] == ["beginner", "easy", "medium", "hard", "expert"]
    assert [level.plans for level in levels] == [False] * 4 + [True]
    assert [level.vocabulary for level in levels] == sorted(level.vocabulary for level in levels)
    assert LEVELS["easy"].vocabulary == 50 and not LEVELS["easy"].searches  # what "easy" meant before
    assert LEVELS["hard"].vocabulary == lexicon.WHOLE_LIST and LEVELS["hard"].findability == 1
    assert all(level.name in levels_text() for level in levels)


def test_each_level_doubts_more_readily_than_the_one_below_and_a_slip_more_than_a_rare_word():
    levels = list(LEVELS.values())
    assert [level.doubt for level in levels] == sorted(level.doubt for level in levels)
    assert [level.doubt_odd for level in levels] == sorted(level.doubt_odd for level in levels)
    assert all(level.doubt < level.doubt_odd for level in levels[:3])
    assert LEVELS["hard"].doubt == LEVELS["expert"].doubt == 1  # they know every word: what they lack is not one
    everyday = lexicon.vocabulary("default", LEVELS["beginner"].vocabulary)
    assert everyday.looks_wrong("penyny")  # NYN is in no everyday word, and PENNY is one slip away
    assert everyday.looks_wrong("kahawai")  # KAH and a final AI: strange to a newcomer…
    assert not lexicon.vocabulary("default", LEVELS["medium"].vocabulary).looks_wrong("kahawai")  # …less so here
    assert not everyday.looks_wrong("grillery") and not everyday.looks_wrong("qi")
    beginner = Shared("beginner", everyday, seed=3)
    assert beginner.suspicion("penyny") == LEVELS["beginner"].doubt_odd
    assert beginner.suspicion("grillery") == LEVELS["beginner"].doubt


def test_a_sure_level_draws_no_chance_when_it_doubts():
    """Hard challenges every word it lacks without a roll of its dice: a seeded game's other rolls stay the same."""
    from wordcards.core.common import Challengeable

    hard = Shared("hard", lexicon.load("default"), seed=5)
    before = hard.rng.getstate()
    assert [c.word for c in hard.doubt(0, [Challengeable(1, "PENYNY", "Ann"), Challengeable(2, "PENNY", "Ann")])] == [1]
    assert hard.rng.getstate() == before


def test_below_hard_a_long_word_is_noticed_less_often():
    player = Shared("medium", lexicon.load("common"), seed=1)
    short = sum(len(player.spotted(["cat"])) for _ in range(400))
    long = sum(len(player.spotted(["catamarans"])) for _ in range(400))
    assert short == 400 and 0 < long < 200
    assert Shared("hard", lexicon.load("common")).spotted({"b", "a"}) == ["a", "b"]


def test_a_modest_quiddler_player_misses_long_words_and_hard_never_does():
    from wordcards.games.quiddler.bot import QuiddlerBot
    from wordcards.games.quiddler.solver import Arranger

    words = lexicon.load("common")
    hand = ["S", "T", "R", "A", "N", "D"]  # STRAND, six cards in one word

    def longest(level: str, seed: int) -> int:
        return Arranger(words, hand, QuiddlerBot(level, words, seed).spotted).best(hand).longest

    assert {longest("hard", seed) for seed in range(30)} == {6}
    assert min(longest("beginner", seed) for seed in range(30)) < 6


def test_a_modest_level_weighs_a_handful_of_plays_and_a_searching_one_all():
    plays = list(range(30))
    assert len(Shared("beginner", lexicon.load("common")).weighed(plays)) == LEVELS["beginner"].looks
    assert len(Shared("easy", lexicon.load("common")).weighed(plays)) == LEVELS["easy"].looks
    assert Shared("medium", lexicon.load("common")).weighed(plays) == plays


@pytest.mark.parametrize("levels", [["beginner", "medium"], ["easy", "hard"]])
def test_each_fez_level_lays_only_words_of_its_vocabulary(levels):
    known = [lexicon.vocabulary("default", LEVELS[level].vocabulary).words for level in levels]
    checked = 0

    def check(match) -> None:
        nonlocal checked
        for word in match.state.words:
            if word.pieces:
                last = max(word.pieces, key=lambda p: p.move).by  # whoever made the word what it is now
                assert word.text.lower() in known[last], f"{levels[last]} played {word.text}"
                checked += 1

    for seed in range(3):
        play_one("fez", 2, seed, levels, check=check)
    assert checked > 50


async def test_the_setup_screen_offers_every_level_and_describes_it():
    app = make_app("fez", save=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("tab", "tab")  # seat 2's kind: a computer at the start
        await settle(pilot)
        note = str(app.screen.query_one("#level-note").render())
        assert note == f"medium: {LEVELS['medium'].description}"  # a newcomer's fair opponent, not hard
        await pilot.press("right")
        await settle(pilot)
        assert str(app.screen.query_one("#level-note").render()).startswith("hard: ")


@pytest.mark.parametrize("game", ["fez", "quiddler", "gift-words", "word-whiz", "scrabble-fluxx"])
def test_every_level_decides_from_its_own_seats_view_alone(game):
    from wordcards.core.match import Match
    from wordcards.core.common import Seat

    most = find_game(game).players[1]
    for levels in {tuple(list(LEVELS)[:most]), tuple(list(LEVELS)[-most:])}:  # every level, in tables that fit
        decides_from_its_view(Match.new(game, [Seat(level, level) for level in levels], seed=3, save=False))


def decides_from_its_view(match) -> None:
    from wordcards.core.match import Match
    from wordcards.core.common import TableView
    from wordcards.core.referee import Referee

    levels = match.state.seats
    asked: list[tuple[int, object]] = []
    real_bot = match.bot

    def spying_bot(seat: int, level: str | None = None, instead: str | None = None):
        bot = real_bot(seat, level, instead)
        assert not any(isinstance(value, (Match, type(match.state))) for value in vars(bot).values())
        return Spy(bot, seat)

    class Spy:
        def __init__(self, bot, seat: int) -> None:
            self.bot, self.seat, self.level = bot, seat, bot.level

        def check(self, view) -> None:
            assert isinstance(view, TableView) and view.seat == self.seat
            assert view == match.view(self.seat)  # exactly what the rules show that seat now, nothing more
            asked.append((self.seat, view))

        def choose(self, view):
            self.check(view)
            return self.bot.choose(view)

        def challenges(self, view):
            self.check(view)
            return self.bot.challenges(view)

    match.bot = spying_bot  # type: ignore[method-assign]
    referee = Referee(match)
    for _ in range(60):
        if match.is_over:
            break
        referee.computer_step()
    assert {seat for seat, _ in asked} == set(range(len(levels)))
