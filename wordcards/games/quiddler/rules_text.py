"""The rules of Quiddler as this program applies them (``wordcards rules quiddler`` and the help screen)."""

TEXT = """\
# Quiddler

2 to 8 players. Spell your whole hand into words to go out; the highest score
after the last round wins.

## The deck

59 cards: one card of each pair of the published 118-card deck. Letters and
points (count in the 59-card deck):

| card | points | count | card | points | count | card | points | count |
|---|---|---|---|---|---|---|---|---|
| A | 2 | 5 | E | 2 | 6 | I | 2 | 4 |
| O | 2 | 4 | U | 4 | 3 | L | 3 | 2 |
| S | 3 | 2 | T | 3 | 3 | Y | 4 | 2 |
| D | 5 | 2 | M | 5 | 1 | N | 5 | 3 |
| R | 5 | 3 | F | 6 | 1 | G | 6 | 2 |
| P | 6 | 1 | H | 7 | 1 | ER | 7 | 1 |
| IN | 7 | 1 | B | 8 | 1 | C | 8 | 1 |
| K | 8 | 1 | QU | 9 | 1 | TH | 9 | 1 |
| W | 10 | 1 | CL | 10 | 1 | V | 11 | 1 |
| X | 12 | 1 | J | 13 | 1 | Z | 14 | 1 |
| Q | 15 | 1 | | | | | | |

The **long game** (`--long-game`) uses all 118 cards (twice each count) and
8 rounds. A double-letter card (QU, IN, ER, TH, CL) always gives both its
letters, in that order.

## Rounds and the deal

Round 1 deals 3 cards each, round 2 four, and so on: 4 rounds of 3 to 6
cards, or 8 rounds of 3 to 10 in the long game. The deal passes to the left
each round, and the player to the dealer's left starts. The rest of the deck
is the draw pile; its top card is turned up to start the discard pile.

## A turn

Draw the top card of the draw pile or take the top discard, then discard one
card. You may discard the card you just took. When the draw pile runs out,
the discards under the top card are shuffled into a new draw pile.

**Going out.** On your turn, after drawing, if every card but one forms
words, you may lay the words down and discard the last card: you go out.
Every word uses at least two cards. You may only lay words down when you go
out, or on a last turn.

**Last turns.** Once someone goes out, every other player has exactly one
more turn: draw or take, lay down whatever words they can (not necessarily
all their cards), and discard. You cannot add to another player's words.

*Our ruling:* if nobody has gone out after 15 turns each, everyone has one
last turn, starting with the next player, as if someone had gone out. (This
keeps a hopeless round from going on for ever; in practice it is rare.)

## Scoring a round

Each player adds the points of the cards in their words and subtracts the
points of the cards left in their hand, but a hand never scores below zero
(the sheet shows a "floor at zero" line that makes up the difference).

Two bonuses of +10 each:

- **most words**: the player who laid down the most words;
- **longest word**: the player with the longest word, counted in letters, not
  cards (TH·IN·K is five letters on three cards).

When two or more players tie for a bonus, nobody gets it. Both can go to the
same player. With **two players** only one bonus is used: the longest word by
default, or the most words with `--two-player-bonus words`.

## Challenges

When a turn lays words down, any other player may challenge them before the
turn passes on (the challenge dialog, key `c`). A word nobody challenged then
stays open to challenge until the cards are gathered for the next deal: press
`c` on the round's summary (on the last round, on the game-over screen) to
challenge any other player's word of the round. The loaded word list decides:

- the word is in the list: the **challenger** loses the word's points;
- the word is not in the list: the word scores nothing and does not count for
  the bonuses, and its **player** loses the word's points. The cards cannot be
  rearranged into other words.

*Our ruling:* a struck word's cards are neither scored nor counted as left
over; the penalty line on the sheet is the word's whole cost. Challenge
penalties are not part of the hand, so the floor at zero does not cover them.
A word struck on the summary is taken out of the round's scoring at once: its
player's words, the floor and both bonuses are worked out again.

With `--strict` there are no challenges: a word that is not in the list is
refused when you try to lay it down.

## Allowable words

The word list (default: SCOWL, about 250,000 words) has no proper nouns,
abbreviations, hyphenated words or words with apostrophes. Computer players
only lay words from their list, and they leave alone the few vowel-less
entries (LN, NTH, TSK) that a table would frown at.

## Computer players

- **hard** knows the whole list and finds the best arrangement of its hand;
  it takes the discard when that lets it go out or clearly improves its
  words, goes out as soon as it can, sheds the costly cards no word uses, and
  on a last turn aims at the two bonuses. It challenges exactly the words
  that are not in its list.
- **easy** knows only common words, always draws, discards at random among
  the cards its words do not use, and challenges an unfamiliar word now and
  then (sometimes wrongly).
"""
