"""Word Whiz rules: placing tiles (wild tiles, joining the crossword), scoring by length, the finish bonus,
swapping, rounds and set rotation, the race, and saving."""

import pytest

from tests.conftest import seats
from wordcards.core.errors import IllegalMove
from wordcards.core.grid import all_words
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.common import Seat, sheet_totals
from wordcards.games.word_whiz import rules, tiles
from wordcards.games.word_whiz.moves import parse_move
from wordcards.games.word_whiz.scoring import round_lines, word_table


def tile(colour: str, letter: str, n: int = 0) -> str:
    """The n-th tile of ``colour`` with ``letter`` ('?' for a wild tile)."""
    found = [t for t in tiles.tiles_of(colour)
             if (tiles.tiles()[t].letters or "?") == letter.upper()]
    return found[n]


def row_of(word: str, colour: str, seat: int, row: int = 0, col: int = 0, down: bool = False, used=None):
    """Grid rows for ``word`` in ``colour`` tiles: (row, col, tile, letter, seat)."""
    used = used if used is not None else {}
    out = []
    for i, letter in enumerate(word):
        n = used.get((colour, letter), 0)
        used[colour, letter] = n + 1
        out.append((row + i * down, col + i * (not down), tile(colour, letter, n), letter, seat))
    return out


def game(grid, hands, bags=None, current=0, options=None, players=2):
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    return rules.new_game(seats(*names), options or {}, seed=1,
                          deal={"grid": grid, "hands": hands, "bags": bags or [[] for _ in names], "current": current})


def hand(colour: str, letters: str, skip: str = "") -> list[str]:
    """Tiles of ``colour`` spelling ``letters`` (``?`` wild), not reusing the letters of ``skip``."""
    used = {}
    for letter in skip:
        used[letter] = used.get(letter, 0) + 1
    out = []
    for letter in letters:
        n = used.get(letter, 0)
        used[letter] = n + 1
        out.append(tile(colour, letter, n))
    return out


# ---------------------------------------------------------------- the tile sets


def test_four_sets_of_27_with_two_wilds_each():
    assert len(tiles.tiles()) == 108
    for colour in tiles.COLOURS:
        ids = tiles.tiles_of(colour)
        assert len(ids) == 27
        assert sum(tiles.tiles()[t].kind == "blank" for t in ids) == 2
        letters = tiles.set_letters(colour)
        assert len(letters) == 25 and sum(c in "AEIOU" for c in letters) == 9


def test_the_sets_are_balanced_as_written_down():
    """Each set's own four letters are equally useful: the share of common words holding each letter, summed."""
    from wordcards.core import lexicon

    words = [w for w in lexicon.load("common").words if 4 <= len(w) <= 8]
    share = {c: sum(c in w for w in words) / len(words) for c in "abcdefghijklmnopqrstuvwxyz"}
    sums = [sum(share[c.lower()] for c in tiles.data()["sets"][colour]) for colour in tiles.COLOURS]
    assert max(sums) - min(sums) < 0.01, sums
    assert all(len(set(extra) & set("JXZK")) == 1 for extra in tiles.data()["sets"].values())


def test_sets_rotate_left_and_unused_sets_rotate_in():
    assert [tiles.colour_for(0, r) for r in range(1, 5)] == ["red", "yellow", "green", "blue"]
    assert [tiles.colour_for(1, r) for r in range(1, 5)] == ["blue", "red", "yellow", "green"]
    for players in (2, 3, 4):
        for seat in range(players):
            assert {tiles.colour_for(seat, r) for r in range(1, 5)} == set(tiles.COLOURS)


# ---------------------------------------------------------------- placing tiles


def test_a_wild_tile_reads_as_the_same_letter_across_and_down():
    # C A T .      A wild tile as S at 0,3 makes CATS across and SAE down: one letter, both ways.
    # O . . A
    # W . . E
    used = {}
    grid = row_of("cat", "yellow", 1, used=used) + row_of("ow", "yellow", 1, row=1, col=0, down=True, used=used)
    grid += row_of("ae", "yellow", 1, row=1, col=3, down=True, used=used)
    s = game(grid, [hand("blue", "?RE"), []])
    s2, events = rules.apply(s, "place 0 0,3 down ?sae")
    assert s2.grid[0, 3].letter == "s" and tiles.tiles()[s2.grid[0, 3].tile].kind == "blank"
    words = {w.text: w.direction for w in all_words(rules.letters_of(s2.grid))}
    assert words["cats"] == "across" and words["sae"] == "down"
    assert "CATS" in events[0].text and "SAE" in events[0].text


def test_a_wild_that_would_have_to_be_two_letters_is_refused():
    # WINDS across with a wild as S at 0,4; playing down through it as T (for TO) cannot work.
    grid = row_of("wind", "blue", 1) + [(0, 4, tile("blue", "?"), "s", 1)]
    s = game(grid, [hand("red", "O"), []])
    with pytest.raises(IllegalMove, match="wild tile standing for S"):
        rules.apply(s, "place 0 0,4 down to")
    s2, _ = rules.apply(s, "place 0 0,4 down so")  # the same letter both ways is fine
    assert {w.text for w in all_words(rules.letters_of(s2.grid))} == {"winds", "so"}


def test_a_placement_that_does_not_touch_the_crossword_is_refused():
    s = game(row_of("house", "red", 1), [hand("blue", "CAT"), []])
    with pytest.raises(IllegalMove, match="join the crossword"):
        rules.apply(s, "place 0 3,0 across cat")
    s2, _ = rules.apply(s, "place 0 -3,4 down cat")  # CATE down, ending on HOUSE's E: joined
    assert [w.text for w in rules.crossword_words(s2)] == ["cate", "house"]  # top to bottom


def test_tiles_must_be_in_one_line_without_gaps():
    s = game(row_of("house", "red", 1), [hand("blue", "CATS"), []])
    view = rules.player_view(s, 0)
    from wordcards.core.grid import line_problem

    assert line_problem([(1, 0), (2, 1)], view.grid.__contains__) == "the tiles must go in one row or one column"
    assert line_problem([(1, 0), (3, 0)], view.grid.__contains__) == "there is a gap at 2,0"
    with pytest.raises(IllegalMove, match="already holds O"):
        rules.apply(s, "place 0 0,0 across hat")
    with pytest.raises(IllegalMove, match="no T tile"):
        rules.apply(s, "place 0 1,4 down stt")


def test_the_starting_word_is_five_letters_across_from_twelve_tiles():
    s = rules.new_game(seats("Ann", "Bob"), {}, seed=3)
    assert s.phase == "start" and len(s.hands[s.starter]) == 12
    assert all(len(h) == 0 for i, h in enumerate(s.hands) if i != s.starter)
    assert "starts" in s.opening
    s2, _ = rules.apply(s, f"swap {s.starter}")
    assert len(s2.hands[s.starter]) == 12 and s2.phase == "start"


# ---------------------------------------------------------------- scoring


def test_a_seven_letter_word_with_one_tile_of_a_second_player_pays_both_8():
    grid = row_of("playin", "red", 0)  # Ann's six tiles; Bob adds the G of PLAYING
    s = game(grid, [[], hand("blue", "G")], current=1)
    s2, _ = rules.apply(s, "place 1 0,6 across g")
    rows = word_table(s2.grid, set())
    assert [(r.text, r.seats, r.points) for r in rows] == [("PLAYING", (0, 1), 8)]
    lines = round_lines(s2.grid, set(), None, [0, 0], ["Ann", "Bob"], 1)
    assert sheet_totals(lines, 2) == [8, 8]
    assert str(lines[0]) == "PLAYING (7 letters: Ann, Bob)"


def test_the_length_table():
    assert [tiles.word_points(n) for n in range(2, 11)] == [0, 0, 2, 3, 5, 8, 13, 13, 13]


# ---------------------------------------------------------------- the finish bonus


def finished_round(struck_word: str | None):
    """Bob goes out with his last tile, the S of HOUSES; Ann has 3 tiles left, Cy 5."""
    grid = row_of("house", "red", 0) + row_of("ee", "green", 2, row=1, col=0, down=True)
    s = game(grid, [hand("red", "ADL", skip="HOUSE"), hand("blue", "S"), hand("green", "ADT", skip="E")],
             bags=[[], [], hand("green", "RS")], current=1, players=3)
    s, events = rules.apply(s, "place 1 0,5 across s")
    assert s.phase == "challenge" and s.finisher == 1
    if struck_word:
        number = next(i for i, w in enumerate(rules.crossword_words(s)) if w.text == struck_word)
        s, _ = rules.apply(s, f"challenge 0 {number} invalid")
    s, _ = rules.apply(s, "end")
    return s


def test_the_finisher_keeps_the_bonus_when_their_words_stand():
    s = finished_round(None)
    bonus = [line for line in s.lines if line.label == "first-finish bonus"]
    assert [(line.seat, line.points) for line in bonus] == [(1, 5)]
    assert rules.totals(s) == [5, 5 + 5, 0]  # HOUSES (6) pays Ann and Bob 5; HEE is 3 letters


def test_a_struck_word_of_the_finisher_moves_the_bonus_to_the_fewest_tiles_left():
    s = finished_round("houses")
    bonus = [line for line in s.lines if line.label == "first-finish bonus"]
    assert [(line.seat, line.points) for line in bonus] == [(0, 5)]  # Ann: 3 tiles left; Cy: 3 + 2 in the bag
    assert "HOUSES was struck" in bonus[0].detail
    assert rules.totals(s) == [5, 0, 0]  # HOUSES scores nothing


def test_a_struck_word_without_the_finisher_leaves_the_bonus():
    s = finished_round("hee")
    assert [(line.seat, line.points) for line in s.lines if line.label == "first-finish bonus"] == [(1, 5)]


# ---------------------------------------------------------------- challenges


def pinned_match(state):
    from wordcards.core.registry import find_game

    return Match(find_game("word-whiz"), list(state.seats), dict(state.options.__dict__), 1, state)


def test_a_computer_player_that_went_out_judges_the_rounds_words_too():
    """Against a computer player, nonsense stood at the round's end when the computer went out: only the person
    was asked. Hal (hard) strikes the words he does not know that Ann had a hand in, UNTIEREALIGN too, though
    UNTIE is his."""
    used: dict = {}
    grid = (row_of("untie", "red", 1) + row_of("realign", "blue", 0, col=5, used=used)
            + row_of("tirnd", "blue", 0, row=1, col=6, down=True, used=used))
    s = rules.new_game([Seat("Ann"), Seat("Hal", "hard")], {}, seed=1,
                       deal={"grid": grid, "hands": [hand("blue", "O"), hand("red", "S", skip="UNTIE")], "current": 1})
    match = pinned_match(s)
    referee = Referee(match)
    referee.computer_step()  # Hal goes out: US down from the U
    assert match.state.phase == "challenge" and match.state.finisher == 1
    referee.computer_step()  # Hal looks at the round's words before Ann does
    assert sorted(match.state.struck) == sorted(w.key for w in rules.crossword_words(match.state)
                                                 if w.text in ("untierealign", "etirnd"))


def before_nonsense():
    return game(row_of("house", "red", 1), [hand("blue", "TIRNDAB"), hand("red", "AN", skip="HOUSE")],
                bags=[hand("blue", "LLO"), hand("red", "TT")])


def placed_nonsense():
    """Ann (taking turns) places TIRND down from the E of HOUSE; her bag has tiles to refill from."""
    return rules.apply(before_nonsense(), "place 0 0,4 down etirnd")


def test_a_placement_may_be_challenged_before_its_player_refills():
    s, _ = placed_nonsense()
    assert s.phase == "challenge" and s.current == 0 and len(s.hands[0]) == 2  # not refilled yet
    [target] = rules.challenge_targets(s)
    assert target.text == "ETIRND" and target.owner == "Ann & Bob"  # only the words the placement made
    with pytest.raises(Exception, match="only another player can challenge Ann's words"):
        rules.apply(s, f"challenge 0 {target.word_id} invalid")
    house = next(i for i, w in enumerate(rules.crossword_words(s)) if w.text == "house")
    with pytest.raises(IllegalMove, match="HOUSE is not a word of Ann's placement"):
        rules.apply(s, f"challenge 1 {house} invalid")
    stood, events = rules.apply(s, f"challenge 1 {target.word_id} valid")
    assert "stands" in events[0].text and rules.challenge_targets(stood) == []
    stood, _ = rules.apply(stood, "end")  # the window closes: Ann refills, and Bob's turn comes
    assert stood.phase == "play" and stood.current == 1 and len(stood.hands[0]) == 5


def test_a_struck_placement_goes_back_to_its_players_hand_and_the_turn_passes():
    before = before_nonsense()
    s, _ = placed_nonsense()
    [target] = rules.challenge_targets(s)
    s, events = rules.apply(s, f"challenge 1 {target.word_id} invalid")
    assert "Ann's tiles go back to their hand, and the turn passes" in events[0].text
    assert s.grid == before.grid and sorted(s.hands[0]) == sorted(before.hands[0]) and s.bags == before.bags
    assert s.phase == "play" and s.current == 1 and s.quiet == 1  # as if Ann had passed


def test_a_computer_player_may_challenge_a_placement_and_a_person_may_challenge_the_computers():
    s, _ = placed_nonsense()
    s.seats = [Seat("Ann"), Seat("Hal", "hard")]
    match = pinned_match(s)
    referee = Referee(match)
    referee.computer_step()  # Hal strikes ETIRND; Ann's turn is over
    assert "etirnd" not in {w.text for w in rules.crossword_words(match.state)} and match.state.current == 1
    referee.computer_step()  # Hal places
    assert match.state.phase == "challenge" and match.state.placed
    assert referee.next().stage == "window" and referee.next().challengers == (0,)  # Ann may challenge it
    referee.release()
    referee.computer_step()  # nobody did: Hal refills, and it is Ann's turn
    assert match.state.phase == "play" and match.state.current == 0


# ---------------------------------------------------------------- turns, swaps, rounds


def test_swapping_takes_all_seven_tiles_for_seven_new_ones():
    s = game(row_of("house", "red", 1), [hand("blue", "ABCDEIO"), []], bags=[hand("blue", "LNRSTGUX"), []])
    s2, events = rules.apply(s, "swap 0")
    assert len(s2.hands[0]) == 7 and sorted(s2.hands[0] + s2.bags[0]) == sorted(s.hands[0] + s.bags[0])
    assert not set(s2.hands[0]) & set(s.hands[0])  # all seven are new: the old ones go back after the draw
    assert s2.current == 1 and "swapped all 7" in events[0].text
    short = game(row_of("house", "red", 1), [hand("blue", "ABC"), []], bags=[hand("blue", "LN"), []])
    with pytest.raises(IllegalMove, match="only all 7"):
        rules.apply(short, "swap 0")


def test_a_swap_is_refused_while_the_bag_holds_fewer_than_seven_tiles():
    """A swap with two tiles in the bag once gave back five of the seven it was to change, and said nothing."""
    s = game(row_of("house", "red", 1), [hand("blue", "ABCDEIO"), []], bags=[hand("blue", "LN"), []])
    with pytest.raises(IllegalMove, match="a swap takes 7 new tiles, and your bag has only 2"):
        rules.apply(s, "swap 0")


def test_out_of_turn_moves_are_refused_unless_racing():
    s = game(row_of("house", "red", 1), [hand("blue", "AT"), hand("red", "S", skip="HOUSE")])
    with pytest.raises(IllegalMove, match="Ann's turn"):
        rules.apply(s, "place 1 0,5 across s")
    race = rules.new_game([Seat("Ann"), Seat("Hal", "hard")], {"race": True}, seed=1,
                          deal={"grid": row_of("house", "red", 1), "hands": [hand("blue", "AT"),
                                                                             hand("red", "S", skip="HOUSE")]})
    s2, _ = rules.apply(race, "place 1 0,5 across s")
    assert s2.phase == "challenge" and s2.finisher == 1  # Hal's last tile ends the round at once


def test_a_race_at_one_keyboard_is_for_one_person_and_a_hosted_one_for_several():
    from wordcards.core.match import Match

    with pytest.raises(ValueError, match="one keyboard is for one person"):
        Match.new("word-whiz", seats("Ann", "Bob"), {"race": True}, seed=1, save=False)
    with pytest.raises(Exception, match="needs a person"):
        rules.new_game([Seat("Hal", "hard"), Seat("Ivy", "easy")], {"race": True}, seed=1)
    match = Match.new("word-whiz", seats("Ann", "Bob"), {"race": True}, seed=1, save=False, hosted=True)
    s = match.state
    while s.phase == "start":  # the starter lays the starting word
        s = rules.apply(s, match.bot(s.current).choose(rules.player_view(s, s.current)))[0]
    assert s.phase == "play"
    for seat in (1, 0):  # both may place at once: neither waits for a turn
        rules.check_invariants(s)
        assert rules.apply(s, f"pass {seat}")[0].stuck[seat]


def test_nobody_placing_for_two_laps_ends_the_round_with_nobody_out():
    s = game(row_of("house", "red", 1), [hand("blue", "X"), hand("red", "J", skip="HOUSE")])
    for _ in range(3):
        s, _ = rules.apply(s, f"pass {s.current}")
    s, events = rules.apply(s, f"pass {s.current}")
    assert s.phase == "challenge" and s.finisher is None
    assert any("nobody out" in e.text for e in events)


def test_a_whole_round_then_the_next_rotates_sets_and_the_low_scorer_starts():
    match = Match.new("word-whiz", [Seat("Hal", "hard"), Seat("Ivy", "hard")], {}, seed=7, save=False)
    referee = Referee(match)
    while match.state.phase != "round-over":
        referee.computer_step()
    round_points = sheet_totals(match.state.lines, 2)
    referee.computer_step()  # next
    state = match.state
    assert state.round == 2 and state.sets == ["yellow", "red"] and state.phase == "start"
    low = min(round_points)
    assert round_points[state.starter] == low


@pytest.mark.parametrize("length,rounds", [("one-round", 1), ("full", 4)])
def test_game_length_options(length, rounds):
    match = Match.new("word-whiz", [Seat("Hal", "hard"), Seat("Ivy", "easy")], {"length": length}, seed=3,
                      save=False)
    referee = Referee(match)
    while not match.is_over:
        referee.computer_step()
    assert match.state.round == rounds


def test_playing_to_50_stops_at_the_round_someone_reaches_50():
    match = Match.new("word-whiz", [Seat("Hal", "hard"), Seat("Ivy", "hard")], {"length": "to-50"}, seed=2,
                      save=False)
    referee = Referee(match)
    while not match.is_over:
        referee.computer_step()
    by_round = [sheet_totals([x for x in match.state.lines if x.round <= r], 2) for r in range(1, match.state.round + 1)]
    assert max(by_round[-1]) >= 50 and all(max(t) < 50 for t in by_round[:-1])


def test_a_saved_game_resumes_exactly(tmp_path):
    match = Match.new("word-whiz", [Seat("Ann"), Seat("Hal", "hard")], {}, seed=11)
    for _ in range(6):
        seat = match.to_move
        if match.seats[seat].is_human:
            match.play(match.bot(seat).choose(match.view(seat)))
        else:
            referee = Referee(match)
            referee.computer_step()
    again = Match.load(match.save_path)
    assert again.state.grid == match.state.grid and again.state.hands == match.state.hands
    assert again.state.bags == match.state.bags and again.state.history == match.state.history


def test_move_notation_round_trips():
    for text in ["place 0 -2,3 down t?op", "swap 1", "pass 0", "challenge 1 4 invalid", "end", "next"]:
        assert str(parse_move(text)) == text
    with pytest.raises(Exception, match="followed by the letter"):
        parse_move("place 0 0,0 across ab?")


def test_every_level_races_at_a_pace_a_newcomer_sees_and_the_stronger_are_quicker():
    """The playtests: a newcomer places every 9-13 s, and against beginner (then 84 s a placement) the computer
    never placed a tile. At the default pace each level places within the first minute, beginner slowest."""
    from wordcards.core.computer import LEVELS

    paces = [LEVELS[level].race_pace for level in LEVELS]
    assert paces == sorted(paces, reverse=True), "each level is quicker than the one below it"
    for level in LEVELS:
        match = Match.new("word-whiz", [Seat("Ann"), Seat("Hal", level)], {"race": True, "length": "one-round"},
                          seed=3, save=False)
        clock = [0.0]
        referee = Referee(match, now=lambda: clock[0])
        while not referee.racing():  # the starting word, by whoever starts
            seat = match.state.current
            referee.play(match.bot(seat, "hard").choose(referee.view(seat)))
        placed_at = None
        while placed_at is None and clock[0] < 120:
            clock[0] += 0.25
            for seat in referee.tick()[1]:
                task = referee.racer_task(seat)
                referee.conclude(task, referee.think(task))
                placed_at = clock[0]
        seconds = match.state.options.race_seconds * LEVELS[level].race_pace
        assert placed_at is not None and placed_at <= 1.3 * seconds + 0.25 < 60, (level, placed_at)
