"""Scrabble Fluxx rules: Scrabble scoring (premiums once, cross-words, blanks, the bonuses), each kind of New Rule
changing the next Scrabble turn, rivals and limits, revealing, challenges, Goals, and the deck's data."""

import pytest

from tests.conftest import seats
from wordcards.core.errors import IllegalMove, NotNow
from wordcards.core.match import Match
from wordcards.core.registry import find_game
from wordcards.games.scrabble_fluxx import deck, rules
from wordcards.games.scrabble_fluxx.state import InForce

CARD = {c.name: c.id for c in deck.fluxx().values()}


class Bag:
    """Hands out distinct tile ids by letter (``?`` for a blank)."""

    def __init__(self):
        self.free = list(deck.tiles())

    def take(self, letter: str) -> str:
        want = letter.upper()
        tile = next(t for t in self.free if (deck.tiles()[t].letters or "?") == want)
        self.free.remove(tile)
        return tile

    def rack(self, letters: str) -> list[str]:
        return [self.take(ch) for ch in letters]

    def word(self, text: str, row: int, col: int, down: bool = False, seat: int = 0) -> list:
        return [(row + i * down, col + i * (not down), self.take(ch), ch.lower(), seat) for i, ch in enumerate(text)]


def game(board=(), racks=("", ""), bag=None, turns=0, players=2, **deal):
    b = Bag()
    rows = [cell for text, r, c, down in board for cell in b.word(text, r, c, down)]
    racks = [b.rack(r) for r in racks]
    filler = [b.take(ch) for ch in (bag if bag is not None else "OOOO")]  # so nobody goes out with the bag empty
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    return rules.new_game(seats(*names), {}, seed=1, deal={"board": rows, "racks": racks, "bag": filler,
                                                            "turns": turns, **deal})


def play(s, *moves):
    events = []
    for move in moves:
        s, more = rules.apply(s, move)
        events += more
    return s, events


def sheet(s):
    return [(line.seat, str(line), line.points) for line in s.lines]


# ---------------------------------------------------------------- Scrabble scoring


def test_first_word_covers_the_centre_and_scores_its_premiums():
    s = game(racks=("QUITERS", "AEIOUSS"))
    with pytest.raises(IllegalMove, match="centre"):
        rules.apply(s, "place 0 0,0 across quit")
    s, _ = play(s, "place 0 7,4 across quit", "end")
    assert sheet(s) == [(0, "QUIT (Q10 U1 I1 T1) ×2", 26)]
    assert len(s.hands[0]) == 7  # drew back up


def test_premium_squares_count_only_when_first_covered_and_cross_words_score():
    s = game(board=[("quit", 7, 4, False)], racks=("E", "AS"), current=1)
    s, _ = play(s, "place 1 6,8 down as", "end")  # A on a DL at 6,8; S makes QUITS across
    assert sheet(s) == [(1, "AS (A1×2 S1)", 3), (1, "QUITS (Q10 U1 I1 T1 S1)", 14)]


def test_blank_scores_nothing_and_shows_its_letter_small():
    s = game(board=[("quit", 7, 4, False)], racks=("?", "A"))
    s, _ = play(s, "place 0 7,4 across quit?s", "end")
    assert sheet(s) == [(0, "QUITS (Q10 U1 I1 T1 s0)", 13)]


def test_seven_tiles_in_one_word_earn_fifty():
    s = game(racks=("RETAINS", "A"))
    s, _ = play(s, "place 0 7,1 across retains", "end")
    assert sheet(s) == [(0, "RETAINS (R1 E1 T1×2 A1 I1 N1 S1) ×2", 16),
                        (0, "seven-tile bonus (7 tiles in RETAINS)", 50)]


def test_first_round_is_plain_scrabble_then_fluxx_turns_begin():
    s = game(racks=("CAT", "DOG"), bag="EEEEEEEEEEEEIIIIIIII", deck=[CARD["Draw 2"], CARD["Jackpot"]])
    assert s.phase == "place" and s.target is None
    s, _ = play(s, "place 0 7,6 across cat", "end")
    assert len(s.hands[0]) == 7 and s.current == 1 and s.round == 1
    s, _ = play(s, "swap 1 " + " ".join(s.hands[1]))
    assert s.round == 2 and s.phase == "fluxx" and s.fluxx_hands[0] == [CARD["Jackpot"]]


# ---------------------------------------------------------------- the Play rule on the Scrabble turn


def test_play_n_is_exact_and_one_word_earns_the_single_word_bonus():
    s = game(board=[("cat", 7, 6, False)], racks=("SHEDS", "A"), turns=2, in_play=[CARD["Play 2"]],
             bag="Z")
    assert s.phase == "place" and s.target == 2 and len(s.hands[0]) == 6  # drew 1 under the Basic Draw 1
    with pytest.raises(IllegalMove, match="exactly 2"):
        rules.apply(s, "place 0 8,5 across shed")
    s, _ = play(s, "place 0 7,6 across cats", "place 0 6,6 down hc", "end")
    assert ("single-word bonus" not in str(sheet(s)))  # two placements: no bonus
    s2 = game(board=[("cat", 7, 6, False)], racks=("SHEDS", "A"), turns=2, in_play=[CARD["Play 2"]], bag="Z")
    s2, _ = play(s2, "place 0 7,5 across scats", "end")
    assert sheet(s2)[-1] == (0, "single-word bonus (2 tiles, one word)", 10)


def test_a_turn_laid_in_several_placements_scores_as_one_play():
    # CAT then CATS in two placements used to score CAT 5 and CATS 6; one play scores only the word on the board.
    split = game(board=[("at", 7, 7, False)], racks=("CSE", "A"), turns=2, in_play=[CARD["Play 2"]], bag="Z")
    split, events = play(split, "place 0 7,6 across cat", "place 0 7,6 across cats")
    assert [w for w, _ in split.words] == ["cats"]  # only the word on the board can be challenged
    split, _ = play(split, "end")
    at_once = game(board=[("at", 7, 7, False)], racks=("CSE", "A"), turns=2, in_play=[CARD["Play 2"]], bag="Z")
    at_once, _ = play(at_once, "place 0 7,6 across cats", "end")
    assert sheet(split) == sheet(at_once) == [(0, "CATS (C3 A1 T1 S1)", 6),
                                              (0, "single-word bonus (2 tiles, one word)", 10)]
    assert "the turn so far makes CAT 5" in " ".join(e.text for e in events)


def test_a_turn_of_two_separate_words_scores_each_once_with_its_premiums():
    s = game(board=[("cat", 7, 6, False)], racks=("OSE", "A"), turns=2, in_play=[CARD["Play 2"]], bag="Z")
    s, _ = play(s, "place 0 6,6 down oc", "place 0 7,6 across cats", "end")  # O on a DL above C; then S
    assert sheet(s) == [(0, "OC (O1×2 C3)", 5), (0, "CATS (C3 A1 T1 S1)", 6)]


@pytest.mark.parametrize("rule, drawn, target", [
    ("Draw 3", 3, 1), ("Draw 5", 5, 1), ("Play 3", 1, 3), ("Play All", 1, 8), ("Play 4", 1, 4),
])
def test_draw_and_play_rules_change_the_next_scrabble_turn(rule, drawn, target):
    s = game(board=[("cat", 7, 6, False)], racks=("ABCDEFG", "A"), turns=2, bag="EEEEE",
             fluxx_hands=[[CARD[rule]], []])
    assert s.phase == "fluxx"
    s, _ = play(s, f"play {CARD[rule]}")
    assert s.phase == "place" and len(s.hands[0]) == 7 + drawn and s.target == target


def test_fewer_tiles_than_play_n_means_play_all_and_still_earns_the_bonus():
    s = game(board=[("cat", 7, 6, False)], racks=("S", "A"), turns=2, in_play=[CARD["Play 4"]], bag="")
    assert s.target == 1
    s, _ = play(s, "place 0 7,6 across cats", "end")
    assert (0, "single-word bonus (1 tile, one word)", 10) in sheet(s)


@pytest.mark.parametrize("rule, line", [
    (None, ("QUITS (Q10 U1 I1 T1 S1×3)", 16)),  # the S on the triple letter at 5,9
    ("Plain Board", ("QUITS (Q10 U1 I1 T1 S1)", 14)),
    ("Premiums Twice", ("QUITS (Q10×3 U1 I1 T1 S1×3)", 36)),  # the old Q's triple letter at 1,9 counts again
    ("Short Words", ("QUITS (Q10 U1 I1 T1 S1×3)", 16)),
])
def test_premium_rules_change_the_next_scrabble_turn(rule, line):
    in_play = [CARD[rule]] if rule else []
    s = game(board=[("quit", 1, 9, True)], racks=("S", "A"), turns=2, in_play=in_play)
    s, _ = play(s, "place 0 5,9 down s", "end")
    assert [(entry[1], entry[2]) for entry in sheet(s) if entry[1].startswith("QUITS")] == [line]


def test_word_length_blank_and_bonus_rules_score_as_their_cards_say():
    long, short = InForce(length="long"), InForce(length="short")
    s = game(racks=("RETAIN?", "A"))
    s, _ = play(s, "place 0 7,1 across retain?s", "end")
    base = sheet(s)[0][2]
    from wordcards.games.scrabble_fluxx.scoring import bonus_lines, placement_lines
    cells = [c for c in s.board]
    assert sum(x.points for x in placement_lines(s.board, s.cards, cells, long, 0, 1)) == base * 2
    assert sum(x.points for x in placement_lines(s.board, s.cards, cells, short, 0, 1)) == base
    checked = placement_lines(s.board, s.cards, cells, InForce(blanks="letter"), 0, 1)[0]
    assert checked.points == base + 2 and "s1" in checked.detail  # the blank S now scores 1 (×2 word)
    doubled = bonus_lines(s.board, set(cells), True, InForce(bonus=2), 0, 2)
    assert [x.points for x in doubled] == [100, 20]


# ---------------------------------------------------------------- New Rules, limits and Actions


def test_a_new_rule_replaces_its_rival_and_a_higher_draw_draws_the_difference():
    s = game(board=[("cat", 7, 6, False)], racks=("A", "A"), turns=2, in_play=[CARD["Draw 2"], CARD["Play 2"]],
             deck=[CARD["Jackpot"], CARD["The Ink"], CARD["The Lamp"], CARD["Draw 4"], CARD["Recycle"]])
    assert s.drawn == 2 and CARD["Draw 4"] in s.fluxx_hands[0]
    s, events = play(s, f"play {CARD['Draw 4']}")
    assert s.in_play == [CARD["Play 2"], CARD["Draw 4"]] and s.discard == [CARD["Draw 2"]]
    assert s.drawn == 4 and len(s.fluxx_hands[0]) == 1 + 2  # Recycle, plus the two more drawn
    assert "replacing Draw 2" in events[0].text


def test_a_hand_limit_binds_the_others_at_once_and_the_mover_at_the_end_of_the_turn():
    s = game(board=[("cat", 7, 6, False)], racks=("ABDEF", "ADEGILN"), turns=2,
             fluxx_hands=[[CARD["Hand Limit 3"], CARD["Play 3"], CARD["Jackpot"], CARD["The Ink"], CARD["The Lamp"]],
                          [CARD["Draw 2"], CARD["Draw 3"], CARD["Recycle"], CARD["The Poem"], CARD["ABC"]]],
             in_play=[CARD["Play 2"]])
    s, events = play(s, f"play {CARD['Hand Limit 3']}")
    assert s.owed == [1] and rules.to_move(s) == 1
    assert "Bob is over the limit and must discard 2 cards, 4 tiles at once" in [e.text for e in events]
    with pytest.raises(NotNow, match="Bob must discard"):
        rules.apply(s, f"play {CARD['Play 3']}")
    with pytest.raises(IllegalMove, match="exactly 2 cards, 4 tiles"):
        rules.apply(s, f"drop 1 {CARD['Draw 2']}")
    s, _ = play(s, f"drop 1 {CARD['Draw 2']} {CARD['ABC']} " + " ".join(s.hands[1][:4]))
    assert len(s.fluxx_hands[1]) == 3 and len(s.hands[1]) == 3 and rules.to_move(s) == 0
    s, _ = play(s, f"play {CARD['The Ink']}")  # Ann's second play ends her Fluxx turn: she holds 3 cards, fine
    assert s.phase == "place"


def test_keeper_limit_binds_others_at_once_and_the_mover_after_the_fluxx_turn():
    s = game(board=[("cat", 7, 6, False)], racks=("A", "A"), turns=2,
             keepers=[[CARD["The Ink"], CARD["The Lamp"]], [CARD["The Poem"], CARD["The Quill"], CARD["The Pencil"]]],
             fluxx_hands=[[CARD["Keeper Limit 2"], CARD["The Coffee"]], []], in_play=[CARD["Play 2"]])
    s, _ = play(s, f"play {CARD['Keeper Limit 2']}")
    assert s.owed == [1]
    s, _ = play(s, f"drop 1 {CARD['The Poem']}", f"play {CARD['The Coffee']}")
    assert s.phase == "fluxx-end" and s.owed == [0]
    s, events = play(s, f"drop 0 {CARD['The Ink']}")
    assert s.phase == "place" and s.keepers[0] == [CARD["The Lamp"], CARD["The Coffee"]]
    assert "Ann discarded 1 keeper" in [e.text for e in events]  # not "1 keepers"


def test_hand_limit_discards_the_movers_tiles_at_the_end_of_the_scrabble_turn():
    s = game(board=[("cat", 7, 6, False)], racks=("SABCDEF", "A"), turns=2, in_play=[CARD["Hand Limit 5"]],
             bag="EE")
    assert len(s.hands[0]) == 8
    s, _ = play(s, "place 0 7,6 across cats", "end")
    assert s.phase == "turn-end" and s.owed == [0]
    s, _ = play(s, "drop 0 " + " ".join(s.hands[0][:2]))
    assert len(s.hands[0]) == 5 and s.current == 1


def test_actions_steal_a_keeper_trash_a_rule_and_swap_racks():
    s = game(board=[("cat", 7, 6, False)], racks=("A", "ZZ"[:1]), turns=2, in_play=[CARD["Play 3"], CARD["Draw 2"]],
             keepers=[[], [CARD["The Ink"]]],
             fluxx_hands=[[CARD["Steal a Keeper"], CARD["Trash a Rule"], CARD["Swap Racks"]], []])
    with pytest.raises(IllegalMove, match="must be aimed"):
        rules.apply(s, f"play {CARD['Steal a Keeper']}")
    s, _ = play(s, f"play {CARD['Steal a Keeper']} {CARD['The Ink']}", f"play {CARD['Trash a Rule']} {CARD['Draw 2']}")
    assert s.keepers == [[CARD["The Ink"]], []] and s.in_play == [CARD["Play 3"]]
    ann, bob = list(s.hands[0]), list(s.hands[1])
    s, _ = play(s, f"play {CARD['Swap Racks']} 1")
    assert s.hands[1] == ann and s.hands[0][:len(bob)] == bob


# ---------------------------------------------------------------- Goals


def test_a_goal_met_by_another_player_ends_the_game_during_this_turn():
    s = game(board=[("cat", 7, 6, False)], racks=("A", "A"), turns=2,
             keepers=[[], [CARD["The Dictionary"], CARD["The Thesaurus"]]],
             fluxx_hands=[[CARD["Look It Up"]], []], lines=None)
    s, events = play(s, f"play {CARD['Look It Up']}")
    assert rules.is_over(s) and s.current == 0
    assert s.ending.startswith("Bob has The Dictionary and The Thesaurus")


def test_a_board_goal_is_met_once_the_words_stand():
    s = game(board=[("za", 7, 7, False)], racks=("QI", "A"), turns=2, in_play=[CARD["Play 2"]],
             goal=CARD["Big Spenders"])
    s, _ = play(s, "place 0 5,8 down qia")
    assert not rules.is_over(s) and s.phase == "challenge"
    s, _ = play(s, "end")
    assert rules.is_over(s) and "Q and Z" in s.ending


# ---------------------------------------------------------------- revealing and challenges


def revealing(**extra):
    return game(board=[("ax", 7, 7, False)], racks=("QZ", "A", "B"), players=3, turns=3, bag="EE",
                in_play=[CARD["Play 3"], CARD["Draw 2"]][:1], **extra)


def test_reveal_penalty_when_someone_finds_a_play():
    s = revealing()
    assert s.target == 3 and len(s.hands[0]) == 3  # Q Z and one E drawn
    s, _ = play(s, "reveal")
    assert s.phase == "reveal" and rules.to_move(s) == 1
    with pytest.raises(IllegalMove, match="no B tile"):
        rules.apply(s, "find 1 6,7 down ba")  # only the revealed tiles may be used
    s, events = play(s, "find 1 6,7 down za")
    assert sheet(s) == [(0, "revealed rack (Q10 Z10 E1: Bob found ZA down from H7)", -21)]  # the board's names
    assert "Bob found a play of Ann's tiles: ZA down from H7. Ann loses 21" in events[0].text
    assert len(s.hands[0]) == 3 and s.current == 1  # turned in and redrew; nothing laid, so no challenges


def test_reveal_reward_when_nobody_finds_a_play():
    s = revealing()
    s, _ = play(s, "reveal", "nofind 1")
    assert rules.to_move(s) == 2 and not s.lines
    s, _ = play(s, "nofind 2")
    assert sheet(s) == [(0, "revealed rack (Q10 Z10 E1: nobody found a play)", 21)]


def test_the_game_over_look_back_counts_a_revealed_racks_outcome_as_the_sheet_does():
    """The look back listed a reveal as (+0) while the score sheet said what the others' search made of it."""
    from wordcards.core.common import Seat
    from wordcards.core.hints import missed_chances
    from wordcards.core.referee import Referee

    match = Match.new("scrabble-fluxx", [Seat("Ann", "beginner"), Seat("Hal", "hard")], seed=16, save=False)
    referee = Referee(match)
    while not [line for line in match.state.lines if line.label == "revealed rack"]:
        referee.computer_step()
    [outcome] = [line for line in match.state.lines if line.label == "revealed rack"]
    [reveal] = [m for m in missed_chances(match, outcome.seat, most=1000) or [] if "reveals" in m.played]
    assert reveal.points == outcome.points < 0 and "Hal found a play of Ann's tiles" in reveal.played


def test_the_referee_checks_a_found_play_against_the_word_list():
    s = game(board=[("ax", 7, 7, False)], racks=("QZ", "A"), turns=2, in_play=[CARD["Play 3"]])
    s, _ = play(s, "reveal")
    match = Match(find_game("scrabble-fluxx"), list(s.seats), {}, 1, s)
    with pytest.raises(IllegalMove, match="ZX is not in the word list"):
        match.play("find 1 6,8 down zx")


def test_a_struck_word_comes_off_and_a_failed_challenge_costs_a_turn():
    s = game(board=[("cat", 7, 6, False)], racks=("XQ", "A", "B"), players=3, turns=3, in_play=[CARD["Play 2"]])
    s, _ = play(s, "place 0 5,8 down xqt")
    s, _ = play(s, "challenge 1 0 invalid", "end")
    assert (5, 8) not in s.board and not s.lines and len(s.hands[0]) == 3  # X and Q back, plus the tile drawn
    t = game(board=[("cat", 7, 6, False)], racks=("AE", "A", "B"), players=3, turns=3, in_play=[CARD["Play 2"]])
    t, _ = play(t, "place 0 5,8 down eat")
    t, events = play(t, "challenge 2 0 valid", "end")
    assert t.skip == [False, False, True] and t.lines
    t, _ = play(t, *["reveal", "nofind 2", "nofind 0"] if t.target else [])
    assert t.current == 0  # Cy's turn was lost


# ---------------------------------------------------------------- the deck


def test_the_deck_has_every_card_type_and_sound_data():
    cards = deck.fluxx()
    kinds = {c.kind for c in cards.values()}
    assert kinds == {"rule", "keeper", "goal", "action"} and 60 <= len(cards) <= 100
    slots = {c.slot for c in cards.values() if c.kind == "rule"}
    assert {"draw", "play", "hand", "keepers"} <= slots and len(slots) >= 6  # and rules that bend the tiles
    assert all(c.text and c.name for c in cards.values())
    keepers = {c.id for c in cards.values() if c.kind == "keeper"}
    assert all(set(c.keepers) <= keepers and len(c.keepers) == 2 for c in cards.values() if c.need == "keepers")
    assert all(c.name.startswith("The ") for c in cards.values() if c.kind == "keeper")  # the panel drops "The"
    assert len(deck.tiles()) == 100 and sum(1 for t in deck.tiles().values() if t.kind == "blank") == 2
    assert len(deck.premiums()) == 61


def test_every_card_is_in_the_rules_text():
    text = find_game("scrabble-fluxx").rules_text
    assert all(c.text in text for c in deck.fluxx().values())


@pytest.mark.parametrize("in_play", [(), ("R16", "R17", "R19", "R20"), ("R15", "R18"), ("R06",)])
def test_the_computer_players_quick_score_is_the_rules_score_of_every_placement(in_play):
    """``scoring.QuickScorer`` (what the computer players weigh thousands of placements by) must agree with the
    rules' own preview, premiums, blanks, word-length rules and both bonuses included, under each scoring rule."""
    import dataclasses

    from wordcards.core import lexicon, sim
    from wordcards.core.placing import place_of
    from wordcards.games.scrabble_fluxx.bot import FluxxBot
    from wordcards.games.scrabble_fluxx.scoring import QuickScorer

    bot = FluxxBot("hard", lexicon.load("default"), 1)
    compared = []

    def compare(match) -> None:
        s = match.state
        if s.phase != "place" or s.placements or len(compared) > 4000:
            return
        view = dataclasses.replace(rules.player_view(s, s.current), in_play=in_play)
        target = view.rules.play or len(view.hand) if view.round > 1 else None
        view = dataclasses.replace(view, target=target)
        scorer = QuickScorer(view.board, view.cards, view.rules)
        for play in bot.plays(view, view.hand, target):
            due = target is not None and len(play.tiles) == target
            quick = scorer.points(play.tiles, play.direction, due)
            compared.append((quick, rules.preview_score(view, place_of(view.seat, view.board, play), view.hand)))

    for seed in (4, 6):  # seeds whose placements include a bonus of 50 or more under each rule
        sim.play_one("scrabble-fluxx", 2, seed, ["hard"], check=compare)
    assert len(compared) > 500
    assert all(quick == slow for quick, slow in compared)
    assert any(quick >= 50 for quick, _ in compared)
