"""Scrabble Fluxx as wordcards plays it, with every ruling marked, and the whole deck (``wordcards rules scrabble-fluxx``)."""

from __future__ import annotations

from wordcards.games.scrabble_fluxx.deck import KINDS, basic_text, fluxx

RULES = """\
# Scrabble Fluxx

Scrabble on the standard board (15×15, the standard premium squares, the 100
standard tiles, the first word over the centre ★), under Fluxx rules that
keep changing. 2 to 4 players, people or computers.

**Setup.** Everyone gets 7 tiles and 3 Fluxx cards; the Basic Rules (Draw 1,
Play 1) are in force. *Ruling:* as in Scrabble, everyone draws a tile and the
letter nearest A goes first (a blank beats every letter; ties draw again).

**The first round** (one turn each) is plain Scrabble: lay one word, or swap
tiles (F4, while the bag holds 7 or more), or pass; then draw back up to 7.

**Every later turn** is a Fluxx turn, then a Scrabble turn.

*Fluxx turn.* Draw the Draw-N number of Fluxx cards, then play the Play-N
number (Play All: every card in your hand). A New Rule replaces the rule in
play of the same kind (Draw 3 replaces Draw 2; Plain Board replaces Premiums
Twice). If a Draw rule goes up during your turn you draw the difference at
once. A Keeper goes in front of you; a Goal replaces the Goal in play; an
Action happens and is discarded. When the draw pile runs out, the discards
are shuffled into a new one.

*Limits* (Hand Limit, Keeper Limit) bind everyone else at once: whoever is
over discards down before play goes on, even in the middle of your turn. You
discard cards and Keepers at the end of your Fluxx turn. *Ruling:* the Hand
Limit counts Fluxx cards and tiles separately, each up to the limit; your
tiles are discarded (back into the bag) at the end of your Scrabble turn, as
the rulebook says, and everyone else's at once.

*Scrabble turn.*
1. Draw the Draw-N number of tiles.
2. Lay exactly the Play-N number of tiles. With fewer tiles than that, lay them
   all (Play All). You may lay them in several words, one after another (each
   must join the board); only one word holding all of them earns the
   single-word bonus. *Ruling:* whether one word was possible is not checked;
   several words simply forfeit the bonus.
3. If you cannot lay them all, lay what you can and reveal your rack (F6).
   Each other player in turn may find a legal play of any of the revealed
   tiles on the board as it stands: a person types it on the board and the
   word list checks it; a computer searches. If someone finds one, you lose
   the value of the revealed tiles; if nobody does, you gain it. *Ruling:* the
   rulebook says "the number of tiles" in one place and "their value" in
   another; the value (the tiles' points added up) counts. Then the revealed
   tiles go back into the bag and you draw as many; you lay no more this turn.
4. Challenges, as in Scrabble: a word that is not in the word list comes off
   the board with every tile of the turn, and the turn scores nothing; a
   challenge of a good word costs the challenger their next turn.
5. Scoring, as in Scrabble: premium squares count only when a tile is first
   laid on them; a blank scores nothing. +50 for 7 or more tiles of the turn
   in one word (even without meeting Play-N). +10 when one word holds every
   tile of the turn and you met Play-N (from the second round on).
6. Discard tiles down to the Hand Limit, if one is in force.

**The end.** The game ends the moment a Goal is met, whoever meets it, even
during someone else's turn (a Goal played onto a table that meets it, a stolen
Keeper, a word that puts the letters on the board once its challenges are
over). The highest score wins. *Ruling:* board Goals are judged once the
turn's words have stood their challenges. *Ruling:* so that every game ends,
it also ends as Scrabble does: when someone lays their last tile with the bag
empty (the others lose their tiles' value, which the player who went out
gains), or after two laps of the table in which no tile stayed on the board
(everyone loses their tiles' value).

**Not included.** The rulebook suggests more than 4 players with extra racks;
wordcards seats 2 to 4.
"""


def deck_text() -> str:
    out = ["## The deck", "", f"**Basic Rules** (always in play): {basic_text()}", ""]
    for kind, title in KINDS.items():
        cards = [c for c in fluxx().values() if c.kind == kind]
        out += [f"### {title}s ({len(cards)})", ""]
        out += [f"- **{c.name}** ({c.id}): {c.text}" for c in cards]
        out.append("")
    return "\n".join(out)


TEXT = RULES + "\n" + deck_text()
