"""Talk in the club (``wordcards.club.talk``): its limits, /ignore, the operator's mute, and rooms that keep a
spectator's lines from the players while a game is played; then over SSH, the lobby's talk, a spectator's line
that never reaches a player, and a ban that keeps a name and its key out."""

from wordcards.club.talk import BURST, BURST_SECONDS, KEPT, LOBBY, LONGEST, Line, Reply, Talk, clean, table_rooms
from wordcards.host.talk_screen import NOTICE_LONGEST, notice


class Ear:
    def __init__(self) -> None:
        self.lines = []

    def heard(self, line) -> None:
        self.lines.append(line)


def room(talk: Talk, *people: str, where=lambda: LOBBY) -> list[Ear]:
    ears = [Ear() for _ in people]
    for ear, name in zip(ears, people):
        talk.join(ear, name, where)
    return ears


def test_a_line_is_one_line_its_controls_written_out_offensive_words_masked_and_cut_short():
    assert clean("hello\n  there") == "hello there"
    assert clean("look \x1b[2J here") == "look \\x1b[2J here"  # an escape never reaches another terminal
    assert clean("you are a twat") == "you are a t***"
    assert len(clean("a" * 1000)) == LONGEST


def test_a_line_cut_short_is_said_and_its_person_told_so():
    talk = Talk()
    ann, bob = room(talk, "ann", "bob")
    reply = talk.say(ann, "a" * (LONGEST + 1))
    assert reply.taken and f"{LONGEST} characters at most" in reply.note
    assert bob.lines[0].text == "a" * LONGEST
    assert talk.say(ann, "a" * LONGEST) == Reply(True), "a line that fits says nothing more"


def test_three_lines_in_three_seconds_then_not_so_fast():
    clock = [0.0]
    talk = Talk(now=lambda: clock[0])
    ann, bob = room(talk, "ann", "bob")
    for n in range(BURST):
        assert talk.say(ann, f"line {n}") == Reply(True)
    refused = talk.say(ann, "one more")
    assert not refused.taken and "Not so fast" in refused.note, "a refused line stays in the box, to send again"
    clock[0] = 3.5
    assert talk.say(ann, "later") == Reply(True)
    assert [line.text for line in bob.lines] == ["line 0", "line 1", "line 2", "later"]


def test_a_room_keeps_its_last_lines_only():
    clock = [0.0]
    talk = Talk(now=lambda: clock[0])
    ann, = room(talk, "ann")
    for n in range(KEPT + 20):
        clock[0] += 2.0
        talk.say(ann, f"line {n}")
    history = talk.history(ann)
    assert len(history) == KEPT and history[-1].text == f"line {KEPT + 19}"


def test_ignore_hides_a_person_and_mute_silences_one():
    talk = Talk()
    ann, bob = room(talk, "ann", "bob")
    assert "no longer see" in talk.say(bob, "/ignore ann").note
    assert talk.say(bob, "/ignor ann") == Reply(False, "Talk commands: /ignore NAME, /unignore NAME."), \
        "a mistyped command stays in the box, to put right"
    assert talk.say(bob, "/ignore Bob") == Reply(False, "You cannot ignore yourself.")
    assert talk.say(bob, "/ignore ann/ignore zzz") == Reply(False, "Nobody called ann/ignore zzz is here or has "
                                                                   "talked here."), "a line run into a refused one"
    talk.say(ann, "hi bob")
    assert bob.lines == [] and talk.history(bob) == []
    talk.say(bob, "/unignore ann")
    assert [line.text for line in talk.history(bob)] == ["hi bob"]
    talk.muted.add("ann")
    assert "muted" in talk.say(ann, "let me talk").note
    assert len(bob.lines) == 0



def test_a_mute_and_an_ignore_hold_for_every_name_drawn_alike():
    talk = Talk()
    eve, bob = room(talk, "EVE", "bob")
    talk.muted.add("eve")  # as the operator's "mute eve" keeps it (its look)
    assert "muted" in talk.say(eve, "I am back as EVE").note
    talk.muted.clear()
    talk.say(bob, "/ignore eve")
    talk.say(eve, "hello")
    assert bob.lines == []

def test_while_a_game_is_played_spectators_talk_apart_and_after_it_everyone_reads_both():
    playing = [True]
    talk = Talk()
    ann, = room(talk, "ann", where=lambda: table_rooms(3, playing[0], watching=False))
    cy, = room(talk, "cy", where=lambda: table_rooms(3, playing[0], watching=True))
    talk.say(cy, "she should play QI")
    talk.say(ann, "good luck")
    assert [line.text for line in ann.lines] == ["good luck"] and [line.text for line in cy.lines] == [
        "she should play QI"]
    playing[0] = False
    assert [line.text for line in talk.history(ann)] == ["she should play QI", "good luck"]
    talk.say(cy, "well played")
    assert ann.lines[-1].text == "well played"


# ------------------------------------------------------------ over SSH

import asyncio  # noqa: E402

import asyncssh  # noqa: E402

from tests.test_club import club_open, open_table, seated_pair  # noqa: E402


async def test_the_lobby_talks_and_a_spectators_line_never_reaches_a_player_during_the_game(tmp_path):
    async with club_open(tmp_path) as door:
        ann = await door.join("ann")
        await ann.see("No table is open yet")
        bob = await door.join("bob")
        await bob.see("In the lobby: ann, bob")
        await ann.press("t")
        await ann.see("Talk in the lobby")
        await ann.press("hello bob", "\r")
        await ann.see("ann: hello bob")
        await bob.see("ann: hello bob")  # a corner notice: bob's talk box is closed
        await ann.press("\x1b")
        await open_table(ann, "fez", "easy", people=1)
        await ann.see("ann's hand")
        await bob.see(lambda text: "FEZ" in text and "playing" in text)
        await bob.press("w")
        await bob.see("you are watching")
        await bob.press("'")  # a spectator's key: a screen of their own, and the talk box on it
        await bob.see("spectators apart")
        await bob.press("she should play QI", "\r")
        await bob.see("bob (watching): she should play QI")
        await ann.press("'")
        await ann.see("Talk at table 1")
        await ann.press("good luck to me", "\r")
        await ann.see("ann: good luck to me")
        await asyncio.sleep(0.5)  # the two rooms are apart both ways while the game is played
        assert "she should play" not in ann.terminal.everything(), "a spectator's line reached a player"
        assert "good luck to me" not in bob.terminal.everything()


async def test_the_operator_mutes_kicks_and_bans_and_a_ban_keeps_the_name_and_its_key_out(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with club_open(tmp_path) as door:
        eve = await door.join("eve", code=None, key=key)  # her key claims the name
        await eve.see("In the lobby")
        assert "muted" in await door.club.operator("mute eve")
        await eve.press("t")
        await eve.see("Talk in the lobby")
        await eve.press("spam", "\r")
        await eve.see("You are muted")
        assert "1 terminal closed" in await door.club.operator("kick eve")
        await asyncio.wait_for(eve.terminal.closed.wait(), 10)
        told = "".join(eve.terminal.received)
        assert told.rindex("\x1b[?1049l") < told.rindex("the club's operator sent you away"), \
            "her terminal is given back (the main screen) and then told why"
        eve = await door.join("eve", code=None, key=key)  # a kick is not a ban: she comes back
        await eve.see("In the lobby")
        assert "banned (1 terminal closed)" in await door.club.operator("ban eve")
        await asyncio.wait_for(eve.terminal.closed.wait(), 10)
        for again in [await door.join("eve", code=None, key=key), await door.join("Eve2", code=None, key=key)]:
            await asyncio.wait_for(again.terminal.closed.wait(), 10)  # her name, and her key under another name
            assert "you are banned from this club" in again.terminal.everything()
        assert "may come in again" in await door.club.operator("unban eve")
        eve = await door.join("eve", code=None, key=key)
        await eve.see("In the lobby")
        assert "operator commands" in await door.club.operator("shout eve")
        assert await door.club.operator("kick nobody") == "nobody is not in the club", "a typo is not a success"


async def test_over_ssh_a_fourth_line_in_three_seconds_is_refused_and_ignore_hides_a_person(tmp_path):
    async with club_open(tmp_path) as door:
        ann, bob = await door.join("ann"), await door.join("bob")
        await bob.see("In the lobby: ann, bob")
        for person, who in ((ann, "ann"), (bob, "bob")):
            await person.press("t")
            await person.see("Talk in the lobby")
        await ann.press("before", "\r")
        await bob.see("ann: before")
        await bob.press("/ignore ann", "\r")
        await bob.see("You no longer see what ann says")
        await bob.see(lambda text: "ann: before" not in text)  # what she said before goes too
        await asyncio.sleep(BURST_SECONDS)  # "before" no longer counts against her
        for n in range(4):
            await ann.press(f"line {n}", "\r")
        await ann.see("Not so fast: 3 lines in 3 seconds at most.")
        await ann.see("ann: line 2")
        assert "ann: line 3" not in ann.terminal.text() and "line 3" in ann.terminal.text(), \
            "the refused line stays in her box, to send again"
        await bob.press("hi ann", "\r")
        await ann.see("bob: hi ann")  # ann still hears bob
        await asyncio.sleep(0.5)
        assert "line 0" not in bob.terminal.everything(), "an ignored person's line reached the one ignoring them"


def test_a_long_lines_notice_shows_its_start_and_where_to_read_the_rest():
    assert notice(Line("lobby", "ann", "hello all", 0.0)) == "ann: hello all"
    long = notice(Line("table 1", "ann", "word " * 60, 0.0))
    assert len(long) <= NOTICE_LONGEST and long.startswith("ann: word word") and long.endswith("(' reads the rest)")


async def test_the_talk_key_stays_in_the_key_bar_while_a_word_is_typed(tmp_path):
    async with club_open(tmp_path) as door:
        ann, bob = await seated_pair(door, "quiddler")
        for player in (ann, bob):
            await player.press("d")  # whoever's turn it is draws from the stock
        drew: list = []
        for _ in range(100):
            if drew := [p for p in (ann, bob) if "your turn · type words" in p.terminal.text()]:
                break
            await asyncio.sleep(0.1)
        assert drew, "neither ann nor bob drew"
        mover = drew[0]
        await mover.press("a")  # the entry has the focus, and the ' key still opens the talk box from it
        await mover.see(lambda text: any(line.strip() == "a" for line in text.splitlines())
                        and "' Talk" in text.splitlines()[-1])  # the letter typed, and the talk key still named
        await mover.press("'")
        await mover.see("Talk at table 1")


async def test_a_talk_notice_shows_over_the_score_board_not_over_the_hand(tmp_path):
    async with club_open(tmp_path) as door:
        ann, bob = await seated_pair(door)
        hand = next(line for line in bob.terminal.text().splitlines() if "bob's hand" in line)
        await ann.press("'")
        await ann.see("Talk at table 1")
        await ann.press("good luck", "\r")
        await bob.see("ann: good luck")
        lines = bob.terminal.text().splitlines()
        assert any("ann: good luck" in line for line in lines[:8]), "at the top of the screen"
        assert hand in lines, "the hand shows whole under it"
